package heap

import (
	"runtime"
	"sync/atomic"
)

// Sparse space (Winning Ways, "Sparse Space Spells Speed"; Gangolli and
// Plambeck for octal games).
//
// Fix a bit mask m and class each heap n by
//
//	class(n) = parity(G(n) & m) ⊕ (twist ? n & 1 : 0).
//
// For a split of a heap of size s into heaps a and b = s − a, parity is
// linear, so
//
//	parity((G(a) ⊕ G(b)) & m) = class(a) ⊕ class(b) ⊕ (twist ? s & 1 : 0).
//
// For a good mask almost every heap has class 1 (common) and few have
// class 0 (sparse or rare). Split values whose parity is that of a
// common/sparse pair ("sparse parity" for s) come only from splits with a
// sparse heap, so they can be listed in time proportional to the number
// of sparse heaps, together with the few options that leave one heap or
// none. Call c the least value of a parity that is sparse for every split
// size of the move set missing from that list. Values of the other parity
// come from almost every split; a scan over the splits stops as soon as
// all of them below c have been seen, and then G(n) = c. If the scan ends
// with one missing, that smaller value is G(n) and n is sparse. The result
// is exact either way; the mask only decides the speed.
//
// The scan is what keeps this exact, and it is not free: for Grundy's
// game it reads thousands of splits a heap (docs/performance.md), so the
// method is still quadratic, with a small constant. The
// published linear-time computations skip it, assuming every value of the
// dense parity below c is present, which has held wherever it was checked
// but is not proven. Here it runs 64 splits at a time with AVX-512 or
// AVX2 where the CPU has them.

// SparseInfo describes the classes used by the sparse-space method.
type SparseInfo struct {
	Mask  uint64
	Twist bool
	// Rare lists the sparse heaps (class 0) below the length computed.
	Rare []int
}

// sparseDirect is the number of values computed directly before the
// sparse-space method starts; the mask is chosen from them.
const sparseDirect = 4096

// splitRules are the rules (see rule) in the form the sparse-space engine
// reads: remove k tokens for k in split and leave the rest as two
// nonempty heaps (of different sizes when unequal, as in Grundy's game);
// remove s ≥ 1 tokens for s in single and leave one nonempty heap; remove
// a whole heap of e tokens for e in whole.
type splitRules struct {
	split   []int
	unequal bool
	single  []int
	whole   []int
}

// grundyRules are the moves of Grundy's game.
var grundyRules, _ = GrundysGame().sparseRules()

// sparseRules returns the moves of g for the sparse-space engine, or false
// if it does not apply: games without splitting moves (their values are
// small and soon periodic) and moves that leave three heaps.
func (g *Game) sparseRules() (splitRules, bool) {
	if g.kind == famAllBut || g.maxLeave() != 2 {
		return splitRules{}, false
	}
	var sr splitRules
	for _, r := range g.rules {
		switch {
		case r.leave == 0 && r.take > 0:
			sr.whole = append(sr.whole, r.take)
		case r.leave == 1 && r.take > 0:
			sr.single = append(sr.single, r.take)
		case r.leave == 2:
			sr.split = append(sr.split, r.take)
			if r.unequal {
				sr.unequal = true
			}
		}
	}
	return sr, true
}

// sparseLoops selects the loops of the engine: the bounds of the fast
// loops on bytes, on 16 bits and on wider 16 bits (0 skips a loop; at
// most 256, 512 and fastMax), and their scanners (nil: scanSplits, in Go,
// with a byte per value).
type sparseLoops struct {
	bounds [3]int
	scan   splitScanner[uint8]
	wscan  splitScanner[uint16]
	xscan  splitScanner[uint16]
	pipe   pipelining
	// head is the number of head splits an m-block flags (see headFrom).
	head int
	// window, if positive, replaces revWindow (for tests).
	window int
	// handBack, if positive, stops extend where the fast loops stop, if
	// they could have run and every value is below it, instead of going
	// on by the general loop (the caller goes on by denseCalc).
	handBack int
}

// pipelining configures the second core of the fast loops.
type pipelining struct {
	// on lays out the flags of the next block of heaps on a second core
	// (when there is one).
	on bool
	// For tests: quota, if positive, is the first share of the sparse
	// heaps markSparse takes (0: all); serialAfter, if positive, is the
	// number of blocks after which the loop goes on alone.
	quota, serialAfter int
}

var defaultLoops = sparseLoops{bounds: [3]int{1 << 8, 1 << 9, 1 << 11}, scan: bestByteScanner, wscan: bestWordScanner, xscan: bestWideScanner, pipe: pipelining{on: true}, head: headSplits}

// handBackLoops are the loops of Values: the default ones, handing back
// to denseCalc the values past fastMax that it holds in registers (see
// sparsePays).
var handBackLoops = func() sparseLoops {
	l := defaultLoops
	l.handBack = denseFastMax
	return l
}()

// sparseState is a sequence being extended: the values, the classes, and
// the values of the sparse heaps (parallel to info.Rare).
type sparseState struct {
	rules splitRules
	s     *Sequence
	rv    []uint64
	info  *SparseInfo
	// work counts the splits and sparse heaps visited; the loops stop
	// once it passes budget (0: no bound).
	work, budget float64
	// stop, when set, is raised when the computation is cancelled; the
	// loops stop as they do when the budget is spent.
	stop *atomic.Bool
	// saver, when set, is given the values now and then (Run).
	saver *saving
}

// newSparseState starts the method from the values in s (at least a few
// thousand, computed directly), choosing the mask from them; capacity is
// the length expected. It appends to s in place.
func newSparseState(s *Sequence, rules splitRules, capacity int) *sparseState {
	info := chooseMaskSeq(s)
	if s.isWide && cap(s.wide) < capacity {
		s.wide = append(make([]uint64, 0, capacity), s.wide...)
	}
	st := &sparseState{
		rules: rules,
		s:     s,
		info:  &info,
	}
	h := 0
	s.chunks(func(v []uint64) {
		for _, x := range v {
			if h > 0 && info.class(h, x) == 0 {
				info.Rare = append(info.Rare, h)
				st.rv = append(st.rv, x)
			}
			h++
		}
	})
	return st
}

// lastSparse is the share of sparse heaps under info among the last
// maskWindow values of s.
func lastSparse(info SparseInfo, s *Sequence) float64 {
	n := s.Len()
	from := max(0, n-maskWindow)
	count := 0
	for h := from; h < n; h++ {
		if info.class(h, s.At(h)) == 0 {
			count++
		}
	}
	return float64(count) / float64(n-from)
}

// fraction is the share of sparse heaps among the last values under the
// current mask.
func (st *sparseState) fraction() float64 { return lastSparse(*st.info, st.s) }

// rechoose returns the state rebuilt with a new mask if the current one
// makes more than twice as many sparse heaps among the last values as the
// best mask for them.
func (st *sparseState) rechoose() *sparseState {
	if 2*lastSparse(chooseMaskSeq(st.s), st.s) >= st.fraction() {
		return st
	}
	next := newSparseState(st.s, st.rules, 0)
	next.work, next.budget, next.stop, next.saver = st.work, st.budget, st.stop, st.saver
	return next
}

// sparseWorkWeight converts the splits and sparse heaps the fast loops
// visit into the option evaluations of the limit of Values: they cost about
// a quarter as much (the general loop counts them as they are).
const sparseWorkWeight = 0.25

// exhausted reports whether the work budget is spent or the computation
// cancelled.
func (st *sparseState) exhausted() bool {
	return st.budget > 0 && st.work > st.budget || st.stop != nil && st.stop.Load()
}

// extend computes values until there are n (or the budget is spent).
func (st *sparseState) extend(n int, progress func(done, total int), loops sparseLoops) {
	// The fast loops stop early if a value reaches their bound (or do not
	// start); the general one goes on from there.
	pipe := loops.pipe
	pipe.on = pipe.on && runtime.GOMAXPROCS(0) > 1
	if loops.bounds[0] > 0 && st.s.isWide {
		// A compact run skips the loop on bytes, whose copy of the values
		// would take a byte a heap more for no speed.
		fastLoop(st, n, progress, loops.bounds[0], loops.scan, pipe, loops.head, loops.window)
	}
	if loops.bounds[1] > 0 {
		fastLoop(st, n, progress, loops.bounds[1], loops.wscan, pipe, loops.head, loops.window)
	}
	if loops.bounds[2] > 0 {
		fastLoop(st, n, progress, loops.bounds[2], loops.xscan, pipe, loops.head, loops.window)
	}
	if loops.handBack > 0 && st.s.Len() < n && !st.exhausted() && !st.bothDense() && st.s.Max() < uint64(loops.handBack) {
		return
	}
	st.general(n, progress)
	if progress != nil {
		progress(st.s.Len(), n)
	}
}

// bothDense reports whether both parities are dense for some split size
// (the mask is twisted and the split sizes differ in parity): every value
// is then looked for among all splits.
func (st *sparseState) bothDense() bool {
	ks := st.rules.split
	for _, k := range ks {
		if st.info.Twist && (k-ks[0])%2 != 0 {
			return true
		}
	}
	return false
}

// push appends G(h) = val.
func (st *sparseState) push(val uint64) {
	h := st.s.Len()
	st.s.push(val)
	if st.info.class(h, val) == 0 {
		st.info.Rare = append(st.info.Rare, h)
		st.rv = append(st.rv, val)
	}
}
