package heap

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"unsafe"
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
// game near n = 4·10^6 it needs about 3000 splits (for some 30 values) on
// average, so the method is still quadratic, with a small constant. The
// published linear-time computations skip it, assuming every value of the
// dense parity below c is present, which has held wherever it was checked
// but is not proven. Here it runs 64 splits at a time with AVX-512 where
// the CPU has it.

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

// splitRules are the moves the sparse-space engine handles: remove k
// tokens for k in split and leave the rest as two nonempty heaps (of
// different sizes when unequal); remove s ≥ 1 tokens for s in single and
// leave one nonempty heap; remove a whole heap of e tokens for e in whole.
type splitRules struct {
	split   []int
	unequal bool
	single  []int
	whole   []int
}

// grundyRules are the moves of Grundy's game.
var grundyRules = splitRules{split: []int{0}, unequal: true}

// sparseRules returns the moves of g for the sparse-space engine, or false
// if it does not apply: games without splitting moves (their values are
// small and soon periodic) and moves that leave three heaps.
func (g *Game) sparseRules() (splitRules, bool) {
	switch g.kind {
	case Grundys:
		return grundyRules, true
	case TakeBreak:
		var r splitRules
		for k, d := range g.digits {
			if d&8 != 0 {
				return r, false
			}
			if d&1 != 0 && k > 0 {
				r.whole = append(r.whole, k)
			}
			if d&2 != 0 && k > 0 {
				r.single = append(r.single, k)
			}
			if d&4 != 0 {
				r.split = append(r.split, k)
			}
		}
		return r, len(r.split) > 0
	}
	return splitRules{}, false
}

// GrundySparse returns G(0), …, G(n−1) for Grundy's game by the
// sparse-space method, with the mask it chose and the sparse heaps. It
// stops with ctx's error soon after ctx is cancelled.
func GrundySparse(ctx context.Context, n int, progress func(done, total int)) ([]uint64, SparseInfo, error) {
	return grundySparse(ctx, n, progress, defaultLoops)
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

// grundySparse is GrundySparse with the given loops.
func grundySparse(ctx context.Context, n int, progress func(done, total int), loops sparseLoops) ([]uint64, SparseInfo, error) {
	g := Grundy()
	// Always enough direct values to choose the mask well.
	v, err := g.Values(ctx, sparseDirect, nil)
	if err != nil {
		return nil, SparseInfo{}, err
	}
	st := newSparseState(v, grundyRules, n)
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	st.stop = &stop
	st.extend(n, progress, loops)
	if err := ctx.Err(); err != nil {
		return nil, SparseInfo{}, err
	}
	info := *st.info
	for len(info.Rare) > 0 && info.Rare[len(info.Rare)-1] >= n {
		info.Rare = info.Rare[:len(info.Rare)-1]
	}
	return st.v[:n], info, nil
}

// sparseState is a sequence being extended: the values, the class of each
// heap, and the values of the sparse heaps (parallel to info.Rare).
type sparseState struct {
	rules splitRules
	v     []uint64
	cls   []uint8
	rv    []uint64
	info  *SparseInfo
	// work counts the splits and sparse heaps visited; the loops stop
	// once it passes budget (0: no bound).
	work, budget float64
	// stop, when set, is raised when the computation is cancelled; the
	// loops stop as they do when the budget is spent.
	stop *atomic.Bool
}

// newSparseState starts the method from the values in v (at least a few
// thousand, computed directly), choosing the mask from them; capacity is
// the length expected.
func newSparseState(v []uint64, rules splitRules, capacity int) *sparseState {
	info := chooseMask(v)
	capacity = max(capacity, len(v))
	st := &sparseState{
		rules: rules,
		v:     append(make([]uint64, 0, capacity), v...),
		cls:   make([]uint8, 0, capacity),
		info:  &info,
	}
	for h, x := range v {
		k := uint8(info.class(h, x))
		st.cls = append(st.cls, k)
		if k == 0 && h > 0 {
			info.Rare = append(info.Rare, h)
			st.rv = append(st.rv, x)
		}
	}
	return st
}

// lastSparse is the share of sparse heaps under info among the last
// maskWindow values of v.
func lastSparse(info SparseInfo, v []uint64) float64 {
	from := max(0, len(v)-maskWindow)
	count := 0
	for h := from; h < len(v); h++ {
		if info.class(h, v[h]) == 0 {
			count++
		}
	}
	return float64(count) / float64(len(v)-from)
}

// fraction is the share of sparse heaps among the last values under the
// current mask.
func (st *sparseState) fraction() float64 { return lastSparse(*st.info, st.v) }

// rechoose returns the state rebuilt with a new mask if the current one
// makes more than twice as many sparse heaps among the last values as the
// best mask for them.
func (st *sparseState) rechoose() *sparseState {
	if 2*lastSparse(chooseMask(st.v), st.v) >= st.fraction() {
		return st
	}
	next := newSparseState(st.v, st.rules, cap(st.v))
	next.work, next.budget, next.stop = st.work, st.budget, st.stop
	return next
}

// sparseWorkWeight converts the splits and sparse heaps the fast loops
// visit into the option evaluations of Options.WorkBudget: they cost about
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
	if loops.bounds[0] > 0 {
		fastLoop(st, n, progress, loops.bounds[0], loops.scan, pipe, loops.head)
	}
	if loops.bounds[1] > 0 {
		fastLoop(st, n, progress, loops.bounds[1], loops.wscan, pipe, loops.head)
	}
	if loops.bounds[2] > 0 {
		fastLoop(st, n, progress, loops.bounds[2], loops.xscan, pipe, loops.head)
	}
	if loops.handBack > 0 && len(st.v) < n && !st.exhausted() && !st.bothDense() && slices.Max(st.v) < uint64(loops.handBack) {
		return
	}
	st.general(n, progress)
	if progress != nil {
		progress(len(st.v), n)
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
	h := len(st.v)
	st.v = append(st.v, val)
	k := uint8(st.info.class(h, val))
	st.cls = append(st.cls, k)
	if k == 0 {
		st.info.Rare = append(st.info.Rare, h)
		st.rv = append(st.rv, val)
	}
}

// general extends the sequence to n values for values of any size and any
// number of split sizes, keeping sets of values in maps beyond 4096.
func (st *sparseState) general(n int, progress func(done, total int)) {
	info, rules := st.info, &st.rules
	var known, need valueSet
	for h := len(st.v); h < n && !st.exhausted(); h++ {
		v := st.v
		// 1. Options leaving at most one heap, and splits with a sparse
		// heap; dense[p] records that p is the dense parity of a split
		// size.
		known.reset()
		for _, e := range rules.whole {
			if e == h {
				known.add(0)
			}
		}
		for _, s := range rules.single {
			if h-s >= 1 {
				known.add(v[h-s])
			}
		}
		var dense [2]bool
		for _, k := range rules.split {
			m := h - k
			if m < 2 {
				continue
			}
			dense[info.denseParity(m)] = true
			for i, r := range info.Rare {
				o := m - r
				if o < 1 {
					break
				}
				if o != r || !rules.unequal {
					known.add(st.rv[i] ^ v[o])
				}
			}
			st.work += float64(len(info.Rare))
		}
		// 2. c: the least value missing from those whose parity is dense
		// for no split size; when both parities are dense somewhere, no
		// bound: every split is looked at.
		c := uint64(0)
		for known.has(c) || dense[parity(c, info.Mask)] {
			if dense[0] && dense[1] {
				c = ^uint64(0)
				break
			}
			c++
		}
		// 3. The values below c still unaccounted for, looked for among
		// the splits of the sizes where their parity is dense.
		need.reset()
		remaining := 0
		if c != ^uint64(0) {
			for x := uint64(0); x < c; x++ {
				if !known.has(x) {
					need.add(x)
					remaining++
				}
			}
		}
		for _, k := range rules.split {
			m := h - k
			if m < 2 || (c != ^uint64(0) && remaining == 0) {
				continue
			}
			p := info.denseParity(m)
			a := 1
			for ; a <= m-a && (c == ^uint64(0) || remaining > 0); a++ {
				if a == m-a && rules.unequal {
					break
				}
				x := v[a] ^ v[m-a]
				switch {
				case c == ^uint64(0):
					known.add(x)
				case x < c && parity(x, info.Mask) == p && need.has(x):
					need.del(x)
					remaining--
				}
			}
			st.work += float64(a)
		}
		val := c
		if c == ^uint64(0) {
			val = 0
			for known.has(val) {
				val++
			}
		} else if remaining > 0 {
			for x := uint64(0); x < c; x++ {
				if need.has(x) {
					val = x
					break
				}
			}
		}
		st.push(val)
		if progress != nil && h&(1<<16-1) == 0 {
			progress(h, n)
		}
	}
}

// fastMax bounds the values of the fast loops.
const fastMax = 1 << 11

// fastRows is the number of heaps whose splits with the same sparse heap
// fastLoop lays out together.
const fastRows = 1 << fastRowsLog

// fastRowsLog is log2(fastRows).
const fastRowsLog = 5

// fastWords is the number of 64-bit words of a set of values below fastMax.
const fastWords = fastMax / 64

// fastLoop extends the sequence towards n values by the method of general
// while every value is below limit, a power of two that fits T and at most
// fastMax (so the xor of two values stays below it too), unless the mask
// is twisted and split sizes differ in parity (then every value has a
// dense parity for some split size). It runs on bytes below 256, then on
// 16 bits below 2048. It is laid out for speed:
//
//   - The splits of a heap h after removing k tokens are those of m = h − k,
//     so their flags are laid out per m (an m-block of fastRows
//     consecutive m), once for every split size. For a sparse heap r well
//     inside the known values, the partners m − r of an m-block are
//     consecutive, so markSparse flags the values of the splits with r for
//     the whole block from one stretch of the sequence. It flags the head
//     splits a = headFrom … headFrom+head−1 too, sparse or not: the splits
//     a scan would meet first, and where most of its hits are (a hit ends
//     a block of the scan with a mispredicted branch).
//   - With pipeline (and a second core), the next m-block is laid out on
//     the other core while this one computes a block of heaps, from the
//     values before that block; the few sparse heaps too close for that
//     are taken heap by heap, and the share of the others each core takes
//     adapts so that neither waits long. The cores wait for each other
//     spinning, then sleeping; if the loop keeps sleeping, the other core
//     is busy elsewhere, and it goes on alone.
//   - The sets of values of a heap are bitmaps: the least value missing of
//     a parity is a word scan.
//   - The scan over the splits reads the values forwards and a reversed
//     copy forwards too, so G(a) and G(h − k − a) both stream; it runs 64
//     splits at a time with AVX-512 where the CPU has it. It skips the
//     head splits of m when they are flagged.
//
// scan, if not nil, replaces the Go code of the scan (it must take values
// below limit);
// head is the number of head splits flagged (at most len(headSizes)).
func fastLoop[T uint8 | uint16](st *sparseState, n int, progress func(done, total int), limit int, scan splitScanner[T], pipe pipelining, head int) {
	pipeline, quota := pipe.on, pipe.quota
	if limit > fastMax || limit&(limit-1) != 0 {
		panic(fmt.Sprintf("heap: fastLoop: bound %d is not a power of two up to %d", limit, fastMax))
	}
	info, rules := st.info, &st.rules
	ks := rules.split // ascending
	if st.bothDense() {
		return // the general loop looks at every split
	}
	for _, x := range st.v {
		if x >= uint64(limit) {
			return
		}
	}
	if len(st.v) >= n || st.exhausted() {
		return
	}
	// fwd[o] = rev[n−1−o] = G(o); rv parallels info.Rare.
	fwd := make([]T, n)
	rev := make([]T, n)
	rv := make([]T, len(st.rv), n)
	for o, x := range st.v {
		fwd[o], rev[n-1-o] = T(x), T(x)
	}
	for i, x := range st.rv {
		rv[i] = T(x)
	}
	// parMask[p] has the bits of the values of parity p under the mask.
	var parMask [2][fastWords]uint64
	for x := range fastMax {
		parMask[parity(uint64(x), info.Mask)][x/64] |= 1 << (x % 64)
	}
	words := limit / 64
	var need [fastMax]uint8    // values the scan still looks for
	var bitmap [setBytes]uint8 // need as bits, for the scanner
	top := 1                   // every value so far is below 64*top
	for _, x := range st.v {
		top = max(top, int(x/64)+1)
	}
	// The splits with sparse heaps depend only on the heap split, m =
	// h − k: the flags are laid out per block of fastRows consecutive m
	// (m-block j starts at base + fastRows·j, so that m-block b holds the
	// largest m of heap block b), once, and a heap takes the union of
	// those of its split sizes. A heap block reaches back over `back`
	// m-blocks before its own; with a second core, one more m-block is
	// being laid out (from the values before the heap block being
	// computed) while the others are read. The m-blocks before the first
	// heap block stay empty (first = his = 0: every sparse heap is taken
	// heap by heap).
	const allRare = 1 << 30 // more than any number of sparse heaps
	kmin, kmax := ks[0], ks[len(ks)-1]
	back := (kmax - kmin + fastRows - 1) / fastRows
	ring := back + 2
	bufs := make([]sparseFlags, ring)
	for i := range bufs {
		bufs[i].bits = make([]uint64, fastRows*fastWords)
	}
	start := len(st.v)
	base := start - kmin
	slot := func(j int) *sparseFlags { return &bufs[((j%ring)+ring)%ring] }
	job := func(j, known, quota int) sparseJob[T] {
		return sparseJob[T]{out: slot(j), m0: base + fastRows*j, known: known, top: top, quota: quota, rare: info.Rare, rv: rv, head: min(head, len(headSizes))}
	}
	tabs := make([]uint8, fastRows*tableStride) // markSparse's byte tables
	// With a second core, quota balances the two: it shrinks while this
	// one waits for the other and grows while it does not.
	if quota <= 0 {
		quota = allRare
	}
	// The second core takes job b (for m-block b) once posted passes b
	// and reports it by setting laid to b+1; a posted value of -1 tells
	// it to stop.
	var slots [2]sparseJob[T]
	var posted, laid counter
	var stopPipeline func()
	slept := 0 // blocks for which this core slept waiting for the other
	if pipeline {
		posted.init()
		laid.init()
		var wg sync.WaitGroup
		wg.Go(func() {
			tabs := make([]uint8, fastRows*tableStride)
			for b := int64(0); ; b++ {
				if x, _ := posted.await(b); x < 0 {
					return
				}
				slots[b%2].lay(tabs, limit, fwd)
				laid.set(b + 1)
			}
		})
		stopped := false
		stopPipeline = func() {
			if !stopped {
				posted.set(-1)
				wg.Wait()
				stopped = true
			}
		}
		defer stopPipeline()
		slots[0] = job(0, start, quota)
		posted.set(1)
	}
	var seenBuf [fastWords]uint64
	for b, h0 := 0, start; h0 < n; b, h0 = b+1, h0+fastRows {
		// The splits of m-block b with sparse heaps well inside the known
		// values, a sparse heap at a time.
		if pipeline {
			if laid.n.Load() > int64(b) {
				quota = min(quota+quota/16+1, allRare)
			} else {
				quota -= quota / 16
				if _, s := laid.await(int64(b)); s {
					slept++
				}
			}
			if slept > 16 && slept > b/16 || b+1 == pipe.serialAfter {
				// The other core is busy elsewhere: go on alone.
				stopPipeline()
				pipeline, quota = false, allRare
			} else if h0+fastRows < n {
				slots[(b+1)%2] = job(b+1, h0, quota)
				posted.set(int64(b + 2))
			}
		} else {
			jb := job(b, h0, quota)
			jb.lay(tabs, limit, fwd)
		}
		if fl := slot(b); fl.cut < fl.his {
			markSparse(tabs, fl.bits, true, limit, fwd, base+fastRows*b, fl.span, info.Rare[fl.cut:fl.his], rv[fl.cut:fl.his], nil, nil)
		}
		for h := h0; h < min(h0+fastRows, n); h++ {
			m := h - ks[0] // the largest heap split; all have the parity of m under a twist
			sp := 1        // the sparse parity of m
			if info.Twist {
				sp ^= m & 1
			}
			seen := seenBuf[:words]
			clear(seen)
			mark := func(x T) { seen[x/64&T(words-1)] |= 1 << (x % 64) }
			// 1. Options leaving at most one heap, and splits: the flags of
			// m = h − k, and the other sparse heaps.
			for _, e := range rules.whole {
				if e == h {
					mark(0)
				}
			}
			for _, s := range rules.single {
				if h-s >= 1 {
					mark(fwd[h-s])
				}
			}
			if m >= 2 {
				for _, k := range ks {
					m := h - k
					off := m - base
					fl := slot(off >> fastRowsLog)
					row := fl.bits[(off&(fastRows-1))*fastWords:][:words]
					for w, x := range row {
						seen[w] |= x
					}
					for j, r := range info.Rare[:fl.first] {
						if r >= m {
							break
						}
						mark(fwd[m-r] ^ rv[j])
					}
					for j := fl.his; j < len(info.Rare); j++ {
						r := info.Rare[j]
						if r >= m {
							break
						}
						mark(fwd[m-r] ^ rv[j])
					}
				}
				st.work += sparseWorkWeight * float64(len(ks)*len(info.Rare))
			}
			// c: the least value missing, of the sparse parity if there
			// are splits.
			c := limit
			for w, x := range seen {
				free := ^x
				if m >= 2 {
					free &= parMask[sp][w]
				}
				if free != 0 {
					c = w*64 + bits.TrailingZeros64(free)
					break
				}
			}
			if c >= limit && m < 2 {
				return // every value below limit is an option: a wider loop takes over
			}
			// With c = limit every value of the sparse parity below limit
			// is an option (the sparse heaps are so many that their splits
			// meet them all): the mex is the least value of the dense
			// parity the scan does not meet, if it is below limit.
			// 2. Values of the dense parity below c not yet seen, from the
			// splits without a sparse heap. An equal split m = r + r was
			// flagged (value 0) but is no move in Grundy's game.
			var missing [fastWords]uint64
			remaining := 0
			every := false // the scan skips no head splits
			if m >= 2 {
				for w := 0; w*64 < c; w++ {
					z := ^seen[w]
					if c < (w+1)*64 {
						z &= 1<<(c%64) - 1
					}
					missing[w] = z
					remaining += bits.OnesCount64(z)
				}
				for _, k := range ks {
					if m := h - k; rules.unequal && m >= 2 && m%2 == 0 && st.cls[m/2] == 0 && c > 0 && missing[0]&1 == 0 {
						// Whether a head split has value 0 too is unknown.
						missing[0] |= 1
						remaining++
						every = true
					}
				}
			}
			if remaining > 0 {
				if scan != nil {
					for w := range words {
						binary.LittleEndian.PutUint64(bitmap[8*w:], missing[w])
					}
				} else {
					forBits(missing[:], func(x int) { need[x] = 1 })
				}
			}
			for _, k := range ks {
				m := h - k
				half := (m - 1) / 2 // splits a = 1 … half have a < m − a
				if !rules.unequal && m >= 2 {
					half = m / 2
				}
				if remaining == 0 || half <= 0 {
					continue
				}
				// The splits a = headFrom … to−1 are among the flags.
				to := 1
				if off := m - base; off >= 0 && !every {
					to = slot(off >> fastRowsLog).headTo
				}
				for from := 1; remaining > 0 && from <= half; {
					end := half + 1
					if from < to {
						end = min(end, headFrom)
					}
					a := fwd[from:end]
					b := rev[n-1-m+from:][:len(a)] // b[i] = G(m − from − i)
					var i int
					if scan != nil {
						i, remaining = scan(a, b, &bitmap, remaining)
					} else {
						i, remaining = scanSplits(a, b, &need, remaining)
					}
					st.work += sparseWorkWeight * float64(i)
					if from = end; from < to {
						from = to
					}
				}
			}
			val := uint64(c)
			if remaining == 0 && c == limit {
				return // every value below limit is an option: a wider loop takes over
			}
			if remaining > 0 {
				if scan != nil {
					for w := range words {
						missing[w] = binary.LittleEndian.Uint64(bitmap[8*w:])
					}
				}
				found := false
				forBits(missing[:], func(x int) {
					if scan == nil && need[x] == 0 {
						return
					}
					need[x] = 0
					if !found {
						val, found = uint64(x), true
					}
				})
			}
			st.push(val)
			fwd[h], rev[n-1-h] = T(val), T(val)
			if st.cls[h] == 0 {
				rv = append(rv, T(val))
			}
			top = max(top, int(val/64)+1)
			if progress != nil && h&(1<<16-1) == 0 {
				progress(h, n)
			}
			if st.exhausted() {
				return
			}
		}
	}
}

// counter is a number one goroutine sets and another awaits: the waiter
// spins for a while (a block of heaps takes microseconds) and then sleeps
// until the setter rings.
type counter struct {
	n        atomic.Int64
	sleeping atomic.Bool
	bell     chan struct{}
}

func (c *counter) init() { c.bell = make(chan struct{}, 1) }

// set sets the number to v and wakes the waiter if it sleeps.
func (c *counter) set(v int64) {
	c.n.Store(v)
	if c.sleeping.Load() {
		select {
		case c.bell <- struct{}{}:
		default:
		}
	}
}

// spinRounds is how many times await looks before it sleeps.
const spinRounds = 1 << 20

// await returns the number once it is above v or negative, and whether
// it had to sleep.
func (c *counter) await(v int64) (int64, bool) {
	for range spinRounds {
		if x := c.n.Load(); x > v || x < 0 {
			return x, false
		}
	}
	for {
		// Either set sees sleeping and rings, or this sees its number.
		c.sleeping.Store(true)
		if x := c.n.Load(); x > v || x < 0 {
			c.sleeping.Store(false)
			return x, true
		}
		<-c.bell
		c.sleeping.Store(false)
	}
}

// forBits calls f(x) for every bit x set in words, in increasing order.
func forBits(words []uint64, f func(x int)) {
	for w, z := range words {
		for z != 0 {
			f(w*64 + bits.TrailingZeros64(z))
			z &= z - 1
		}
	}
}

// sparseFlags are the flags of an m-block: for each of fastRows
// consecutive heap sizes m from m0, a bitmap of fastWords words of the
// values G(m − r) ⊕ G(r) of its splits with the sparse heaps r in
// rare[first:cut], all below span. The loop adds rare[cut:his] when it
// reaches the block, and the other sparse heaps heap by heap.
type sparseFlags struct {
	bits            []uint64
	first, cut, his int
	span            int
	// headTo, if above headFrom, is the end of the splits a = headFrom,
	// headFrom+1, … of every m flagged too, whether a is sparse or not:
	// the splits a scan would otherwise meet first.
	headTo int
}

// sparseJob asks for the flags of the m-block from m0 from the first
// known values (below 64·top), with rare and rv as they are then, for at
// most quota sparse heaps, into out.
type sparseJob[T uint8 | uint16] struct {
	out                         *sparseFlags
	m0, known, top, quota, head int
	rare                        []int
	rv                          []T
}

// lay computes the flags j asks for.
func (j *sparseJob[T]) lay(tabs []uint8, limit int, fwd []T) {
	o := j.out
	o.first, o.his = sparseRange(j.rare, j.m0, j.known)
	o.span = min(limit, 128*j.top)
	o.cut = o.first + min(o.his-o.first, j.quota)
	// The head splits, if their partners are all known and larger.
	o.headTo = 0
	if to := headFrom + j.head; j.head > 0 && j.m0+fastRows-j.known <= headFrom && 2*to < j.m0 {
		o.headTo = to
	}
	heads := headSizes[:max(o.headTo-headFrom, 0)]
	markSparse(tabs, o.bits, false, limit, fwd, j.m0, o.span, j.rare[o.first:o.cut], j.rv[o.first:o.cut], heads, fwd[headFrom:][:len(heads)])
}

// headSplits is the number of head splits an m-block flags.
const headSplits = 512

// headFrom is the first split a of the head splits an m-block flags (the
// splits below it have partners too recent for a second core).
const headFrom = 1 + 64

// headSizes are the heap sizes headFrom, headFrom+1, …: the head splits.
var headSizes = func() []int {
	s := make([]int, 4096)
	for i := range s {
		s[i] = headFrom + i
	}
	return s
}()

// tableStride is the distance between the byte tables of two heaps of a
// block: a line more than the largest table, so that the tables of a
// block do not all fall in the same cache sets (a loop with a smaller
// bound touches only the start of each).
const tableStride = fastMax + 64

// markRows flags, for each sparse heap rare[j], G(top − rare[j] + l) ⊕
// rv[j] in the table of heap l of the block, for every l; the tables are
// tableStride bytes apart from base.
func markRows[T uint8 | uint16](base unsafe.Pointer, fwd []T, top int, rare []int, rv []T) {
	rv = rv[:len(rare)]
	for j, r := range rare {
		src := (*[fastRows]T)(fwd[top-r : top-r+fastRows])
		x := rv[j]
		for l := 0; l < fastRows; l += 8 {
			row := unsafe.Add(base, l*tableStride)
			*(*uint8)(unsafe.Add(row, int(src[l]^x))) = 1
			*(*uint8)(unsafe.Add(row, tableStride+int(src[l+1]^x))) = 1
			*(*uint8)(unsafe.Add(row, 2*tableStride+int(src[l+2]^x))) = 1
			*(*uint8)(unsafe.Add(row, 3*tableStride+int(src[l+3]^x))) = 1
			*(*uint8)(unsafe.Add(row, 4*tableStride+int(src[l+4]^x))) = 1
			*(*uint8)(unsafe.Add(row, 5*tableStride+int(src[l+5]^x))) = 1
			*(*uint8)(unsafe.Add(row, 6*tableStride+int(src[l+6]^x))) = 1
			*(*uint8)(unsafe.Add(row, 7*tableStride+int(src[l+7]^x))) = 1
		}
	}
}

// sparseRange returns the sparse heaps whose splits markSparse can lay
// out for the heap sizes m0 … m0+fastRows−1 with the first known values,
// rare[first:his]: those whose partners all lie among the known values
// and are not empty.
func sparseRange(rare []int, m0, known int) (first, his int) {
	// The partner m − r is below known for every m ≤ m0+fastRows−1 when r
	// is at least m0 + fastRows − known, and at least 1 when r < m0.
	first, _ = slices.BinarySearch(rare, m0+fastRows-known)
	his, _ = slices.BinarySearch(rare, min(known, m0))
	return first, max(his, first)
}

// markSparse flags, for each heap size m of m0 … m0+fastRows−1, the
// values of its splits G(m − r) ⊕ G(r) with the sparse heaps in rare
// (with values rv, see sparseRange) and the head splits heads (values
// hv), all below span. It flags bytes in tabs (tables tableStride apart,
// zero before and after) and packs them into the bitmaps out, fastWords
// words per heap, replacing them or, if merge, adding to them.
//
// Values below limit, a power of two, xor below it, so every flag lies in
// its heap's table.
func markSparse[T uint8 | uint16](tabs []uint8, out []uint64, merge bool, limit int, fwd []T, m0, span int, rare []int, rv []T, heads []int, hv []T) {
	_ = tabs[fastRows*tableStride-1]
	_ = out[fastRows*fastWords-1]
	markRows(unsafe.Pointer(&tabs[0]), fwd, m0, rare, rv)
	markRows(unsafe.Pointer(&tabs[0]), fwd, m0, heads, hv)
	packRows(tabs, out, span/64, merge)
	if !merge {
		for i := range fastRows {
			clear(out[i*fastWords+span/64 : i*fastWords+limit/64])
		}
	}
}

// packRowsGo packs the first 64·words flags (bytes 0 or 1) of each of the
// fastRows tables of tabs (tableStride bytes apart) into fastWords words
// per table of out, replacing them or, if merge, adding to them, and
// zeroes the flags.
func packRowsGo(tabs []uint8, out []uint64, words int, merge bool) {
	for i := range fastRows {
		row := tabs[i*tableStride : i*tableStride+64*words]
		dst := out[i*fastWords : i*fastWords+words]
		for w := range dst {
			var x uint64
			for b := 7; b >= 0; b-- {
				// Eight flags (bytes 0 or 1) to eight bits.
				x = x<<8 | binary.LittleEndian.Uint64(row[w*64+8*b:])*0x0102040810204080>>56
			}
			if merge {
				x |= dst[w]
			}
			dst[w] = x
		}
		clear(row)
	}
}

// scanSplits clears need[a[i] ^ b[i]] for i = 0, 1, … until remaining
// values are found or the splits run out; it returns the splits read and
// the values still missing.
func scanSplits[T uint8 | uint16](a, b []T, need *[fastMax]uint8, remaining int) (int, int) {
	b = b[:len(a)]
	const m = fastMax - 1
	i := 0
	// Four splits at a time while none is wanted.
	for ; i+4 <= len(a); i += 4 {
		x0, x1 := int(a[i]^b[i])&m, int(a[i+1]^b[i+1])&m
		x2, x3 := int(a[i+2]^b[i+2])&m, int(a[i+3]^b[i+3])&m
		if need[x0]|need[x1]|need[x2]|need[x3] == 0 {
			continue
		}
		for _, x := range [4]int{x0, x1, x2, x3} {
			if need[x] != 0 {
				need[x] = 0
				remaining--
			}
		}
		if remaining == 0 {
			return i + 4, 0
		}
	}
	for ; remaining > 0 && i < len(a); i++ {
		if x := int(a[i]^b[i]) & m; need[x] != 0 {
			need[x] = 0
			remaining--
		}
	}
	return i, remaining
}

// splitScanner is scanSplits with the set of values wanted as a bitmap
// (bit x & 7 of byte x >> 3 for x); it clears the bits of the values it
// finds. Each scanner has a bound on the values it can take (256 for
// bytes, 512 or fastMax for 16 bits), and reads only the bits below it.
type splitScanner[T uint8 | uint16] func(a, b []T, bitmap *[setBytes]uint8, remaining int) (int, int)

// setBytes is the size of the bitmaps of splitScanner.
const setBytes = fastMax / 8

// scanGeneric is the split scanner in Go, for any bound.
func scanGeneric[T uint8 | uint16](a, b []T, bitmap *[setBytes]uint8, remaining int) (int, int) {
	var need [fastMax]uint8
	for x := range fastMax {
		need[x] = bitmap[x>>3] >> (x & 7) & 1
	}
	i, rem := scanSplits(a, b, &need, remaining)
	for x := range fastMax {
		if need[x] == 0 {
			bitmap[x>>3] &^= 1 << (x & 7)
		}
	}
	return i, rem
}

// valueSet is a set of small values: a fixed bitmap for values below 4096
// and a map beyond.
type valueSet struct {
	low  [64]uint64
	high map[uint64]bool
}

func (s *valueSet) reset() {
	s.low = [64]uint64{}
	clear(s.high)
}

func (s *valueSet) add(x uint64) {
	if x < 4096 {
		s.low[x>>6] |= 1 << (x & 63)
		return
	}
	if s.high == nil {
		s.high = map[uint64]bool{}
	}
	s.high[x] = true
}

func (s *valueSet) del(x uint64) {
	if x < 4096 {
		s.low[x>>6] &^= 1 << (x & 63)
		return
	}
	delete(s.high, x)
}

func (s *valueSet) has(x uint64) bool {
	if x < 4096 {
		return s.low[x>>6]>>(x&63)&1 != 0
	}
	return s.high[x]
}

// class is the class of heap h with value x: 0 sparse, 1 common.
func (s *SparseInfo) class(h int, x uint64) uint64 {
	c := parity(x, s.Mask)
	if s.Twist {
		c ^= uint64(h & 1)
	}
	return c
}

// denseParity is the parity of the splits of a heap of m tokens into two
// common heaps.
func (s *SparseInfo) denseParity(m int) uint64 {
	if s.Twist {
		return uint64(m & 1)
	}
	return 0
}

func parity(x, mask uint64) uint64 { return uint64(bits.OnesCount64(x&mask) & 1) }

// SparseClasses returns the classes of sparse space for the values v of
// any heap game: the mask and twist under which the fewest of the last
// values (up to 2048, and at least the second half) are sparse, and the
// sparse heaps of all of v. Heap h is sparse (class 0) when G(h) has an
// even number of the mask's bits set, the other way round for odd h when
// twisted; the mask has every bit above the values' set (Winning Ways'
// convention), so larger values keep their class. Values's sparse space
// picks its mask the same way, from the values it has when it starts.
// Heap 0 is not listed: a split leaves no empty heap.
func SparseClasses(v []uint64) SparseInfo {
	info := chooseMask(v)
	for h, x := range v {
		if h > 0 && info.class(h, x) == 0 {
			info.Rare = append(info.Rare, h)
		}
	}
	return info
}

// maskWindow is the number of last values chooseMask looks at.
const maskWindow = 2048

// chooseMask picks the mask and twist that make the fewest sparse heaps
// among the last maskWindow values (the second half if fewer). A mask is
// an infinite bit string: its bits above those of the values seen so far
// are all 1 (Winning Ways' convention), so that larger values keep their
// class.
func chooseMask(v []uint64) SparseInfo {
	var top uint64
	for _, x := range v {
		top |= x
	}
	width := min(bits.Len64(top), 12)
	high := ^uint64(0) << width
	from := len(v) / 2
	if len(v)-from > maskWindow {
		from = len(v) - maskWindow
	}
	best, bestCount := SparseInfo{Mask: ^uint64(0)}, len(v)+1
	for low := uint64(0); low < 1<<width; low++ {
		m := low | high
		for _, tw := range []bool{false, true} {
			count := 0
			for h := from; h < len(v); h++ {
				c := parity(v[h], m)
				if tw {
					c ^= uint64(h & 1)
				}
				if c == 0 {
					count++
				}
			}
			if count < bestCount {
				best, bestCount = SparseInfo{Mask: m, Twist: tw}, count
			}
		}
	}
	return best
}

// String describes the classes, e.g. "mask 0x3a, twisted by heap parity".
func (s SparseInfo) String() string {
	t := ""
	if s.Twist {
		t = ", twisted by heap parity"
	}
	return fmt.Sprintf("mask %#x%s, %d sparse heaps", s.Mask, t, len(s.Rare))
}
