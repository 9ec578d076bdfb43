package heap

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"
)

// denseCalc computes the values of a take-and-break game that splits
// heaps in two (and never in three) by the direct mex, with the splits
// read by a split scanner rather than one option at a time: the set of
// values wanted is every value up to the largest seen and one more (or
// below the next power of two past it), less the options leaving at most
// one heap, and the scan of each split size's splits clears the values it
// meets; the least value left is the mex. It is the direct computation for the codes sparse space does
// not help (no mask leaves few sparse heaps), where every split of every
// heap must be read anyway: 64 splits an instruction block instead of one
// option a loop turn.
//
// With two cores, the cores take alternate heaps (see run): a heap's
// options read the value just before it through at most two of them (a
// single heap left after taking one token, and the split 1 + (h − 1) when
// a split takes none), so a heap is computed while the one before it is,
// and waits for it only to add those options at the end, scanning its next
// heap meanwhile if it must wait. (Sharing the
// splits of one heap between the cores instead costs each of them the
// values met, which are most of the work.)
//
// It takes values below denseMax only (the values are 16 bits).
type denseCalc struct {
	rules splitRules
	// n is the room in fwd and rev, grown as heaps come up to final.
	n, final int
	fwd, rev []uint16 // fwd[o] = rev[n−1−o] = G(o)
	// top is a power of two above every value pushed, and high the
	// largest value pushed (read while the other core pushes).
	top, high atomic.Int64
	scan      denseScanner
	// pairFrom is the first heap run shares with a second core (0: none).
	pairFrom int
	// bound is the bound on values (denseMax; less in tests).
	bound int
	// headroom is how far past the largest value pushed scanHeap looks at
	// first (2; less in tests).
	headroom int
	// ahead says when the goroutines of run scan a heap ahead: never
	// (aheadNever), or while they would wait (aheadWaiting, the default),
	// or always (aheadAlways, for tests).
	ahead int
	// stop, when set, is raised when the computation is cancelled: run
	// then stops before its next heap.
	stop *atomic.Bool
}

// cancelled reports whether the computation has been cancelled.
func (d *denseCalc) cancelled() bool { return d.stop != nil && d.stop.Load() }

// The settings of denseCalc.ahead.
const (
	aheadNever = iota
	aheadWaiting
	aheadAlways
)

// densePairFrom is the first heap from which denseCalc takes alternate
// heaps on two cores: from here on a heap's scan takes microseconds, far
// more than handing a value from one core to the other.
const densePairFrom = 1 << 12

func newDenseCalc(rules splitRules, n int, scan denseScanner, pair bool) *denseCalc {
	size := min(n, denseRoom)
	d := &denseCalc{rules: rules, n: size, final: n, fwd: make([]uint16, size), rev: make([]uint16, size), scan: scan, bound: denseMax, headroom: 2, ahead: aheadWaiting}
	d.top.Store(1)
	if pair {
		d.pairFrom = densePairFrom
	}
	return d
}

// denseRoom is the room a denseCalc starts with: it doubles as heaps
// come, so that a run which soon goes over to sparse space does not hold
// 4 bytes a heap of its final length.
const denseRoom = 1 << 16

// reserve makes room for the values of the heaps below to (at most
// final), doubling the room. It must not run with run's goroutines.
func (d *denseCalc) reserve(to int) {
	if to <= d.n {
		return
	}
	size := min(d.final, max(to, 2*d.n))
	fwd, rev := make([]uint16, size), make([]uint16, size)
	copy(fwd, d.fwd)
	copy(rev[size-d.n:], d.rev)
	d.fwd, d.rev, d.n = fwd, rev, size
}

// push records G(h) for the next heap h; it reports false, and records
// nothing, if the value is not below the bound.
func (d *denseCalc) push(h int, x uint64) bool {
	if x >= uint64(d.bound) {
		return false
	}
	if h >= d.n {
		d.reserve(h + 1)
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
// heaps, a stretch of pairStretch heaps at a time; after a stretch in
// which they often slept waiting for each other (the machine's other work
// holds a core), one goroutine takes the next stretches alone.
func (d *denseCalc) run(from, to int, v []uint64) ([]uint64, bool) {
	d.reserve(to)
	h := from
	if d.pairFrom == 0 || to-h < 4 {
		return d.alone(h, to, v)
	}
	v, ok := d.alone(h, min(max(h, d.pairFrom), to), v)
	h = len(v)
	alone := 0 // stretches left to take alone
	for ok && h < to {
		end := min(h+pairStretch, to)
		if to-end < 4 {
			end = to
		}
		if alone > 0 || end-h < 4 {
			alone--
			v, ok = d.alone(h, end, v)
		} else {
			var slept int
			v, ok, slept = d.paired(h, end, v)
			if slept > (end-h)/pairSleeps {
				alone = aloneStretches
			}
		}
		h = len(v)
	}
	return v, ok
}

// pairStretch is how many heaps the two goroutines of run take before it
// looks at how often they slept; past one sleep in pairSleeps heaps, the
// next aloneStretches stretches are taken by one goroutine.
const (
	pairStretch    = 1 << 14
	pairSleeps     = 256
	aloneStretches = 8
)

// alone is run on one goroutine.
func (d *denseCalc) alone(h, to int, v []uint64) ([]uint64, bool) {
	set := new(denseSet)
	for ; h < to; h++ {
		if d.cancelled() {
			return v, false
		}
		p := denseHeap{set: set}
		d.scanHeap(&p, h, h, false)
		x, ok := d.finish(&p, nil)
		if !ok || !d.push(h, x) {
			return v, false
		}
		v = append(v, x)
	}
	return v, true
}

// paired is run on two goroutines, which take alternate heaps; it also
// returns how many times they slept waiting for each other.
func (d *denseCalc) paired(h, to int, v []uint64) ([]uint64, bool, int) {
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
	// done is 1 + the last heap pushed: when the run is cancelled, the
	// heap before the one that saw it may not be.
	var done atomic.Int64
	done.Store(int64(h))
	var sleeps [2]int
	base := h
	// Each goroutine scans a heap i, and if G(i−1) is not pushed by then,
	// scans its next heap i + 2 before it waits to finish heap i: a heap
	// that takes longer than the other core's does not keep it waiting.
	work := func(first int, slept *int) {
		heaps := [2]denseHeap{{set: new(denseSet)}, {set: new(denseSet)}}
		cur, next := &heaps[0], &heaps[1]
		scanned := false // cur is heap i, scanned
		await := func(c *counter, v int64) int64 {
			n, s := c.await(v)
			if s {
				*slept++
			}
			return n
		}
		for i := first; i < to; i += 2 {
			if d.cancelled() {
				stop.Store(int64(min(i, int(stop.Load()))))
				stopBoth()
				return
			}
			before := &pushed[(i-1)&1] // G(i−1) is pushed once this passes i−1
			if !scanned {
				d.scanHeap(cur, i, i-1, false)
			}
			scanned = false
			if i+2 < to && (d.ahead == aheadAlways || d.ahead == aheadWaiting && before.n.Load() == int64(i-1)) {
				// G(0) … G(i−2) are pushed.
				d.scanHeap(next, i+2, i-1, false)
				scanned = true
			}
			x, ok := d.finish(cur, func() bool {
				return await(before, int64(i-1)) >= 0
			})
			if await(before, int64(i-1)) < 0 {
				return
			}
			if !ok || !d.push(i, x) {
				stop.Store(int64(i))
				stopBoth()
				return
			}
			out[i-base] = x
			done.Store(int64(i + 1))
			pushed[i&1].set(int64(i + 1))
			cur, next = next, cur
		}
	}
	var wg sync.WaitGroup
	wg.Go(func() { work(base+1, &sleeps[1]) })
	work(base, &sleeps[0])
	wg.Wait()
	end := int(min(stop.Load(), done.Load()))
	return append(v, out[:end-base]...), end == to, sleeps[0] + sleeps[1]
}

// A denseHeap is a heap whose splits denseCalc has scanned, with the
// options that read values not pushed then kept for finish.
type denseHeap struct {
	h, known  int
	set       *denseSet
	limit     int // the power of two past the values pushed
	upTo      int // the values looked for are those below upTo
	remaining int // values below upTo not met
	late      [2 * maxLate]int
	nLate     int // options in late: [i, j] is G(i) ⊕ G(j) (i = 0: G(j))
}

// maxLate bounds the options of a heap h scanned with G(0), …, G(h−4)
// pushed that read a later value: three single heaps at most, and the
// splits a + (m − a) with m − a ≥ h − 3, fewer than four a split size,
// and three in all (m = h − k for the k tokens taken).
const maxLate = 3 + 3 + 2 + 1

// clear clears the value x from the set of p.
func (p *denseHeap) clear(x int) {
	in := p.set
	if in[x>>3]>>(x&7)&1 != 0 {
		in[x>>3] &^= 1 << (x & 7)
		p.remaining--
	}
}

// scanHeap scans the options of heap h into p (whose set it clears) from
// G(0), …, G(known−1), all pushed, with known ≥ h − 3, and keeps those
// that read later values for finish. It looks for the values below limit
// (the power of two past those pushed) if full, and otherwise first for
// those up to the largest pushed and one more (below headroom past it,
// rounded up to 64): the values between are rarely the mex but are met as
// often as any, and each first meeting of a value costs a branch (finish
// looks again for all of them if every value looked for is met).
func (d *denseCalc) scanHeap(p *denseHeap, h, known int, full bool) {
	// Every option that reads only values pushed is below limit (the xor
	// of two values below a power of two is below it), so the mex is at
	// most limit, unless an option reading a later value is limit or past
	// it.
	limit := int(d.top.Load())
	upTo := limit
	if !full {
		upTo = min(limit, max(64, (int(d.high.Load())+d.headroom+63)&^63))
	}
	*p = denseHeap{h: h, known: known, set: p.set, limit: limit, upTo: upTo, remaining: upTo}
	in := p.set
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
	later := func(i, j int) {
		p.late[p.nLate], p.late[p.nLate+1] = i, j
		p.nLate += 2
	}
	for _, k := range d.rules.whole {
		if k == h {
			p.clear(0)
		}
	}
	for _, k := range d.rules.single {
		if o := h - k; o >= 1 && o < known {
			p.clear(int(d.fwd[o]))
		} else if o >= 1 {
			later(0, o)
		}
	}
	for _, k := range d.rules.split {
		m := h - k
		half := m / 2 // splits a = 1 … half, a ≤ m − a
		// The splits with m − a ≥ known read a later value.
		first := 1
		for ; first <= half && m-first >= known; first++ {
			later(first, m-first)
		}
		if p.remaining == 0 || half < first {
			continue
		}
		p.remaining = d.scanSplits(m, first, half, p.set, limit, p.remaining)
	}
}

// finish returns G(p.h), and whether it is below the bound, once the
// options p kept are added (after wait has returned true: every value
// they read is pushed; if it returns false, so does finish).
func (d *denseCalc) finish(p *denseHeap, wait func() bool) (uint64, bool) {
	var beyond [maxLate]int // options kept at limit or past it
	nBeyond := 0
	if p.nLate > 0 {
		if !wait() {
			return 0, false
		}
		for i := 0; i < p.nLate; i += 2 {
			x := int(d.fwd[p.late[i+1]])
			if p.late[i] > 0 {
				x ^= int(d.fwd[p.late[i]])
			}
			if x < p.limit {
				p.clear(x)
			} else {
				beyond[nBeyond] = x
				nBeyond++
			}
		}
	}
	switch {
	case p.remaining == 0 && p.upTo < p.limit:
		// Every value below upTo is an option: look for all.
		d.scanHeap(p, p.h, p.known, true)
		return d.finish(p, wait)
	case p.remaining == 0:
		x := p.limit
		for slices.Contains(beyond[:nBeyond], x) {
			x++
		}
		return uint64(x), x < d.bound
	}
	in := p.set
	for w := 0; 8*w < p.upTo; w += 8 {
		if x := binary.LittleEndian.Uint64(in[w:]); x != 0 {
			return uint64(8*w + bits.TrailingZeros64(x)), true
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
// its sets of values. The scanners hold the whole set in registers below
// denseFastMax, and past it, one part of denseFastMax values at a time.
const (
	denseMax     = 1 << 16
	denseBytes   = denseMax / 8
	denseFastMax = 1 << 13
)

// denseSet is a set of values for denseCalc: bit x & 7 of byte x >> 3
// for x.
type denseSet [denseBytes]uint8

// denseScanner is a split scanner for denseCalc: it clears from set the
// values G(a) ⊕ G(b) it meets, a and b below limit (a power of two up to
// denseMax), until remaining values are found, and returns the splits
// read and the values left.
type denseScanner func(a, b []uint16, set *denseSet, limit, remaining int) (int, int)

// scanDenseGo is the dense scanner in Go.
func scanDenseGo(a, b []uint16, set *denseSet, limit, remaining int) (int, int) {
	b = b[:len(a)]
	for i := range a {
		x := a[i] ^ b[i]
		if set[x>>3]>>(x&7)&1 != 0 {
			set[x>>3] &^= 1 << (x & 7)
			if remaining--; remaining == 0 {
				return i + 1, 0
			}
		}
	}
	return len(a), remaining
}
