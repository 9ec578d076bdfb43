package heap

import (
	"encoding/binary"
	"math/bits"
	"sync"
	"sync/atomic"
)

// denseCalc computes the values of a take-and-break game that splits
// heaps in two (and never in three) by the direct mex, with the splits
// read by a split scanner rather than one option at a time: the set of
// values wanted is every value below the next power of two past those
// seen, less the options leaving at most one heap, and the scan of each
// split size's splits clears the values it meets; the least value left is
// the mex. It is the direct computation for the codes sparse space does
// not help (no mask leaves few sparse heaps), where every split of every
// heap must be read anyway: 64 splits an instruction block instead of one
// option a loop turn.
//
// With two cores, the cores take alternate heaps (see run): a heap's
// options read the value just before it through at most two of them (a
// single heap left after taking one token, and the split 1 + (h − 1) when
// a split takes none), so a heap is computed while the one before it is,
// and waits for it only to add those options at the end. (Sharing the
// splits of one heap between the cores instead costs each of them the
// values met, which are most of the work.)
//
// It takes values below denseMax only (the values are 16 bits).
type denseCalc struct {
	rules    splitRules
	n        int
	fwd, rev []uint16 // fwd[o] = rev[n−1−o] = G(o)
	// top is a power of two above every value pushed, and high the
	// largest value pushed (read while the other core pushes).
	top, high atomic.Int64
	scan      denseScanner
	// pairFrom is the first heap run shares with a second core (0: none).
	pairFrom int
	// bound is the bound on values (denseMax; less in tests).
	bound int
	// headroom is how far past the largest value pushed value looks at
	// first (2; less in tests).
	headroom int
}

// densePairFrom is the first heap from which denseCalc takes alternate
// heaps on two cores: from here on a heap's scan takes microseconds, far
// more than handing a value from one core to the other.
const densePairFrom = 1 << 12

func newDenseCalc(rules splitRules, n int, scan denseScanner, pair bool) *denseCalc {
	d := &denseCalc{rules: rules, n: n, fwd: make([]uint16, n), rev: make([]uint16, n), scan: scan, bound: denseMax, headroom: 2}
	d.top.Store(1)
	if pair {
		d.pairFrom = densePairFrom
	}
	return d
}

// push records G(h) for the next heap h; it reports false, and records
// nothing, if the value is not below the bound.
func (d *denseCalc) push(h int, x uint64) bool {
	if x >= uint64(d.bound) {
		return false
	}
	d.fwd[h], d.rev[d.n-1-h] = uint16(x), uint16(x)
	if int64(x) > d.high.Load() {
		d.high.Store(int64(x))
	}
	top := d.top.Load()
	for uint64(top) <= x {
		top *= 2
	}
	d.top.Store(top)
	return true
}

// run appends G(from), …, G(to−1) to v (which holds G(0), …, G(from−1),
// all pushed) and pushes them. It stops early, and reports false, at a
// value that is not below the bound: the caller computes that one (and the
// rest) another way. From pairFrom on, two goroutines take alternate
// heaps.
func (d *denseCalc) run(from, to int, v []uint64) ([]uint64, bool) {
	h := from
	set := new(denseSet)
	for ; h < to && (d.pairFrom == 0 || h < d.pairFrom || to-h < 4); h++ {
		x, ok := d.value(h, h, nil, set)
		if !ok || !d.push(h, x) {
			return v, false
		}
		v = append(v, x)
	}
	if h == to {
		return v, true
	}
	// pushed[p] is set by the goroutine that takes the heaps of parity p,
	// to 1 + the last it pushed, and awaited by the other (a counter has
	// one waiter); −1 stops both. A heap is pushed once the one before it
	// is.
	var pushed [2]counter
	for p := range pushed {
		pushed[p].init()
		pushed[p].n.Store(int64(h))
	}
	stopBoth := func() {
		pushed[0].set(-1)
		pushed[1].set(-1)
	}
	out := make([]uint64, to-h)
	var stop atomic.Int64 // the first heap whose value is past the bound, if any
	stop.Store(int64(to))
	base := h
	work := func(first int, set *denseSet) {
		for i := first; i < to; i += 2 {
			before := &pushed[(i-1)&1] // G(i−1) is pushed once this passes i−1
			x, ok := d.value(i, i-1, func() bool {
				n, _ := before.await(int64(i - 1))
				return n >= 0
			}, set)
			if n, _ := before.await(int64(i - 1)); n < 0 {
				return
			}
			if !ok || !d.push(i, x) {
				stop.Store(int64(i))
				stopBoth()
				return
			}
			out[i-base] = x
			pushed[i&1].set(int64(i + 1))
		}
	}
	var wg sync.WaitGroup
	wg.Go(func() { work(base+1, new(denseSet)) })
	work(base, set)
	wg.Wait()
	end := int(stop.Load())
	return append(v, out[:end-base]...), end == to
}

// value returns G(h) and whether it is below the bound, from G(0), …,
// G(known−1), all pushed, with known = h or h − 1. With known = h − 1 the
// options that read G(h−1) are taken last, once wait has returned true
// (G(h−1) is pushed); if it returns false, so does value. set is scratch.
//
// The values looked for are first those up to the largest pushed and one
// more (below headroom past it, rounded up to 64), not every value below
// the power of two past it: the values between are rarely the mex but are
// met as often as any, and each first meeting of a value costs a branch.
// If every value looked for is met, value looks again for all of them.
func (d *denseCalc) value(h, known int, wait func() bool, set *denseSet) (uint64, bool) {
	// Every option that reads only values pushed is below limit (the xor
	// of two values below a power of two is below it), so the mex is at
	// most limit, unless an option reading G(h−1) is limit (G(h−1) ≤
	// limit, the mex of options below it).
	limit := int(d.top.Load())
	upTo := min(limit, max(64, (int(d.high.Load())+d.headroom+63)&^63))
	for {
		x, found, ok := d.mex(h, known, wait, set, limit, upTo)
		if !ok || found < upTo || upTo == limit {
			return x, ok
		}
		upTo = limit // every value below upTo is an option
	}
}

// mex is value looking for the values below upTo (a multiple of 64 or
// limit, at most limit): it returns the least value below limit that is
// not an option (limit or past it if there is none), whether that is
// below the bound, and the number of values below upTo met; if that is
// upTo, and upTo < limit, the mex is only known to be at least upTo.
func (d *denseCalc) mex(h, known int, wait func() bool, set *denseSet, limit, upTo int) (uint64, int, bool) {
	in := set.bits()
	if upTo >= 64 {
		for w := 0; w < limit/8; w += 8 {
			mask := ^uint64(0)
			if w >= upTo/8 {
				mask = 0
			}
			binary.LittleEndian.PutUint64(in[w:], mask)
		}
	} else {
		binary.LittleEndian.PutUint64(in[:], 1<<upTo-1)
	}
	if limit > denseFastMax {
		// Every residue mod denseFastMax has values below upTo.
		for w := range set[:denseFilterBytes] {
			set[w] = 0xff
		}
	}
	remaining := upTo
	clearValue := func(x int) {
		if in[x>>3]>>(x&7)&1 != 0 {
			in[x>>3] &^= 1 << (x & 7)
			remaining--
		}
	}
	var late [4]int // options read after wait: [i, j] is G(i) ⊕ G(j) (i = 0: G(j))
	nLate := 0
	for _, k := range d.rules.whole {
		if k == h {
			clearValue(0)
		}
	}
	for _, k := range d.rules.single {
		if o := h - k; o >= 1 && o < known {
			clearValue(int(d.fwd[o]))
		} else if o >= 1 {
			late[nLate], late[nLate+1] = 0, o
			nLate += 2
		}
	}
	for _, k := range d.rules.split {
		m := h - k
		half := m / 2 // splits a = 1 … half, a ≤ m − a
		// The splits a ≤ m − known read G(m − a) ≥ G(known): at most
		// one, a = 1 with m = h.
		first := 1
		for ; first <= half && m-first >= known; first++ {
			late[nLate], late[nLate+1] = first, m-first
			nLate += 2
		}
		if remaining == 0 || half < first {
			continue
		}
		remaining = d.scanSplits(m, first, half, set, limit, remaining)
	}
	var beyond [2]int // options from late at limit or past it
	nBeyond := 0
	if nLate > 0 {
		if !wait() {
			return 0, 0, false
		}
		for i := 0; i < nLate; i += 2 {
			x := int(d.fwd[late[i+1]])
			if late[i] > 0 {
				x ^= int(d.fwd[late[i]])
			}
			if x < limit {
				clearValue(x)
			} else {
				beyond[nBeyond] = x
				nBeyond++
			}
		}
	}
	switch {
	case remaining == 0 && upTo < limit:
		return 0, upTo, true
	case remaining == 0:
		x := limit
		for x == beyond[0] && nBeyond > 0 || x == beyond[1] && nBeyond > 1 {
			x++
		}
		return uint64(x), upTo, x < d.bound
	}
	for w := 0; 8*w < upTo; w += 8 {
		if x := binary.LittleEndian.Uint64(in[w:]); x != 0 {
			return uint64(8*w + bits.TrailingZeros64(x)), upTo - remaining, true
		}
	}
	panic("heap: denseCalc: values left but none found") // unreachable
}

// scanSplits clears from set the values G(a) ⊕ G(m − a), a = first …
// half, and returns the number left.
func (d *denseCalc) scanSplits(m, first, half int, set *denseSet, limit, remaining int) int {
	a := d.fwd[first : half+1]
	b := d.rev[d.n-1-m+first:][:len(a)] // b[i] = G(m − first − i)
	_, left := d.scan(a, b, set, limit, remaining)
	return left
}

// denseMax bounds the values of denseCalc, and denseBytes is the size of
// its sets of values. The scanners hold the whole set of values in
// registers below denseFastMax; past it, a filter of denseFilterBytes of
// the values' residues mod denseFastMax.
const (
	denseMax         = 1 << 16
	denseBytes       = denseMax / 8
	denseFastMax     = 1 << 13
	denseFilterBytes = denseFastMax / 8
)

// denseSet is a set of values for denseCalc: a filter of residues (for
// limits past denseFastMax: bit r is set if a value x ≡ r mod denseFastMax
// may be in the set), then the set (bit x & 7 of byte x >> 3 for x). The
// filter may hold residues of no value, but not miss any.
type denseSet [denseFilterBytes + denseBytes]uint8

// bits returns the set without the filter.
func (s *denseSet) bits() *[denseBytes]uint8 {
	return (*[denseBytes]uint8)(s[denseFilterBytes:])
}

// denseScanner is a split scanner for denseCalc: it clears from set the
// values G(a) ⊕ G(b) it meets, a and b below limit (a power of two up to
// denseMax), until remaining values are found, and returns the splits
// read and the values left.
type denseScanner func(a, b []uint16, set *denseSet, limit, remaining int) (int, int)

// scanDenseGo is the dense scanner in Go.
func scanDenseGo(a, b []uint16, set *denseSet, limit, remaining int) (int, int) {
	in := set.bits()
	b = b[:len(a)]
	for i := range a {
		x := a[i] ^ b[i]
		if in[x>>3]>>(x&7)&1 != 0 {
			in[x>>3] &^= 1 << (x & 7)
			if remaining--; remaining == 0 {
				return i + 1, 0
			}
		}
	}
	return len(a), remaining
}
