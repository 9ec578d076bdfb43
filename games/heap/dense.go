package heap

import (
	"encoding/binary"
	"math/bits"
	"sync"
)

// denseCalc computes the next value of a take-and-break game that splits
// heaps in two (and never in three) by the direct mex, with the splits
// read by a split scanner rather than one option at a time: the set of
// values wanted is every value below the next power of two past those
// seen, less the options leaving at most one heap, and the scan of each
// split size's splits clears the values it meets; the least value left is
// the mex. It is the direct computation for the codes sparse space does
// not help (no mask leaves few sparse heaps), where every split of every
// heap must be read anyway: 64 splits an instruction block instead of one
// option a loop turn. With two cores, the splits of a large heap are
// shared between them. It takes values below fastMax only.
type denseCalc struct {
	rules    splitRules
	n        int
	fwd, rev []uint16 // fwd[o] = rev[n−1−o] = G(o)
	top      int      // every value so far is below top, a power of two
	scan     splitScanner[uint16]
	pair     bool // share large heaps with a second goroutine…
	share    int  // …from this many splits on
}

// denseShare is the least number of splits a heap has for denseCalc to
// share them between two cores.
const denseShare = 1 << 15

func newDenseCalc(rules splitRules, n int, scan splitScanner[uint16], pair bool) *denseCalc {
	return &denseCalc{rules: rules, n: n, fwd: make([]uint16, n), rev: make([]uint16, n), top: 1, scan: scan, pair: pair, share: denseShare}
}

// push records G(h) for the next heap h; it reports false, and records
// nothing, if the value is beyond fastMax.
func (d *denseCalc) push(h int, x uint64) bool {
	if x >= fastMax {
		return false
	}
	d.fwd[h], d.rev[d.n-1-h] = uint16(x), uint16(x)
	for uint64(d.top) <= x {
		d.top *= 2
	}
	return true
}

// next returns G(h) from G(0), …, G(h−1), all pushed, and whether it
// is below fastMax (else the caller must compute it another way).
func (d *denseCalc) next(h int) (uint64, bool) {
	// Every option is below top·2 at most (the xor of two values below
	// top is below top), so the mex is at most top.
	var set [setBytes]uint8
	limit := d.top
	for x := range limit {
		set[x>>3] |= 1 << (x & 7)
	}
	remaining := limit
	clearValue := func(x int) {
		if set[x>>3]>>(x&7)&1 != 0 {
			set[x>>3] &^= 1 << (x & 7)
			remaining--
		}
	}
	for _, k := range d.rules.whole {
		if k == h {
			clearValue(0)
		}
	}
	for _, k := range d.rules.single {
		if h-k >= 1 {
			clearValue(int(d.fwd[h-k]))
		}
	}
	for _, k := range d.rules.split {
		m := h - k
		half := m / 2 // splits a = 1 … half, a ≤ m − a
		if remaining == 0 || half < 1 {
			continue
		}
		remaining = d.scanSplits(m, half, &set, remaining)
	}
	if remaining == 0 {
		return uint64(limit), limit < fastMax
	}
	for w := 0; w < setBytes; w += 8 {
		if x := binary.LittleEndian.Uint64(set[w:]); x != 0 {
			return uint64(8*w + bits.TrailingZeros64(x)), true
		}
	}
	panic("heap: denseCalc: values left but none found") // unreachable
}

// scanSplits clears from set the values G(a) ⊕ G(m − a), a = 1 … half,
// and returns the number left.
func (d *denseCalc) scanSplits(m, half int, set *[setBytes]uint8, remaining int) int {
	a := d.fwd[1 : half+1]
	b := d.rev[d.n-m : d.n-m+half] // b[i] = G(m − 1 − i)
	if !d.pair || half < d.share {
		_, left := d.scan(a, b, set, remaining)
		return left
	}
	// Two halves, each with its own copy of the set: a value is left if
	// neither meets it.
	mid := half / 2
	other := *set
	var wg sync.WaitGroup
	wg.Go(func() { d.scan(a[mid:], b[mid:], &other, remaining) })
	d.scan(a[:mid], b[:mid], set, remaining)
	wg.Wait()
	left := 0
	for w := 0; w < setBytes; w += 8 {
		x := binary.LittleEndian.Uint64(set[w:]) & binary.LittleEndian.Uint64(other[w:])
		binary.LittleEndian.PutUint64(set[w:], x)
		left += bits.OnesCount64(x)
	}
	return left
}
