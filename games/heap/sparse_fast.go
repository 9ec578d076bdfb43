package heap

// The fast loops of sparse space: values in bytes or 16 bits, the splits
// with a sparse heap flagged an m-block at a time, the others scanned.

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"slices"
	"sync"
	"unsafe"
)

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
//   - The scan over the splits reads the values forwards and the latest
//     of them in reverse, forwards too, so G(a) and G(h − k − a) both
//     stream; it runs 64 splits at a time with AVX-512 or AVX2 where the
//     CPU has them. Only a window of the latest values is kept in reverse: the few
//     scans that read further back copy what they read. The scan skips
//     the head splits of m when they are flagged.
//
// scan, if not nil, replaces the Go code of the scan (it must take values
// below limit);
// head is the number of head splits flagged (at most len(headSizes)).
func fastLoop[T uint8 | uint16](st *sparseState, n int, progress func(done, total int), limit int, scan splitScanner[T], pipe pipelining, head, window int) {
	pipeline, quota := pipe.on, pipe.quota
	if limit > fastMax || limit&(limit-1) != 0 {
		panic(fmt.Sprintf("heap: fastLoop: bound %d is not a power of two up to %d", limit, fastMax))
	}
	if st.bothDense() || st.s.Len() >= n || st.exhausted() || st.s.Max() >= uint64(limit) {
		return // the general loop looks at every split, or a wider loop takes over
	}
	f := newFastRun(st, n, limit, scan, window)
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
	job := func(j, known, quota int) sparseJob[T] {
		return sparseJob[T]{out: f.slot(j), m0: f.base + fastRows*j, known: known, top: f.top, quota: quota, rare: st.info.Rare, rv: f.rv, head: min(head, len(headSizes))}
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
	start := st.s.Len()
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
				slots[b%2].lay(tabs, limit, f.fwd)
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
			jb.lay(tabs, limit, f.fwd)
		}
		if fl := f.slot(b); fl.cut < fl.his {
			markSparse(tabs, fl.bits, true, limit, f.fwd, f.base+fastRows*b, fl.span, st.info.Rare[fl.cut:fl.his], f.rv[fl.cut:fl.his], nil, nil)
		}
		for h := h0; h < min(h0+fastRows, n); h++ {
			val, ok := f.value(h)
			if !ok {
				return // every value below limit is an option: a wider loop takes over
			}
			f.push(h, val)
			if h&(1<<16-1) == 0 {
				if progress != nil {
					progress(h, n)
				}
				st.saver.tick(st.s)
			}
			if st.exhausted() {
				return
			}
		}
	}
}

// fastRun is the state of one fast loop: the sequence as T forwards and
// reversed, the values of the sparse heaps, the ring of m-blocks of flags
// and the sets of one heap.
type fastRun[T uint8 | uint16] struct {
	st       *sparseState
	n, limit int
	words    int // of a set of values below limit
	scan     splitScanner[T]
	fwd, rv  []T // fwd[o] = G(o); rv parallels info.Rare
	// rev holds the latest values in reverse, G(o) at revBase − o, for
	// the scans that read G(m − a) as a grows: 2·window entries, of which
	// the window before the latest are always there (see pushRev).
	rev     []T
	revBase int
	window  int
	back    []T // a scan's values taken from fwd, past the window
	top     int // every value so far is below 64·top
	base    int // the first m of m-block 0
	bufs    []sparseFlags
	// parMask[p] has the bits of the values of parity p under the mask.
	parMask [2][fastWords]uint64
	seen    [fastWords]uint64 // the values of a heap's options found so far
	missing [fastWords]uint64 // those of the dense parity the scan looks for
	need    [fastMax]uint8    // missing as bytes, for the Go scanner
	bitmap  [setBytes]uint8   // missing as bits, for scan
}

// newFastRun lays out the known values of st for a fast loop towards n.
func newFastRun[T uint8 | uint16](st *sparseState, n, limit int, scan splitScanner[T], window int) *fastRun[T] {
	if window <= 0 {
		window = revWindow
	}
	f := &fastRun[T]{st: st, n: n, limit: limit, words: limit / 64, scan: scan, top: 1,
		rv: make([]T, len(st.rv), len(st.rv)+fastRows), rev: make([]T, 2*window), window: window, back: make([]T, backChunk)}
	s := st.s
	f.top = int(s.Max()/64) + 1
	if p, ok := any(&f.fwd).(*[]uint16); ok && !s.isWide {
		// A compact sequence is the forward copy: push writes both.
		s.lo = slices.Grow(s.lo, n-len(s.lo))
		*p = s.lo[:n]
	} else {
		f.fwd = make([]T, n)
		h := 0
		s.chunks(func(v []uint64) {
			for _, x := range v {
				f.fwd[h] = T(x)
				h++
			}
		})
	}
	// The latest value at the middle of rev, the window before it above.
	last := s.Len() - 1
	f.revBase = last + window
	for o := max(0, last-window+1); o <= last; o++ {
		f.rev[f.revBase-o] = f.fwd[o]
	}
	for i, x := range st.rv {
		f.rv[i] = T(x)
	}
	for x := range fastMax {
		f.parMask[parity(uint64(x), st.info.Mask)][x/64] |= 1 << (x % 64)
	}
	ks := st.rules.split // ascending
	kmin, kmax := ks[0], ks[len(ks)-1]
	back := (kmax - kmin + fastRows - 1) / fastRows
	f.bufs = make([]sparseFlags, back+2)
	for i := range f.bufs {
		f.bufs[i].bits = make([]uint64, fastRows*fastWords)
	}
	f.base = s.Len() - kmin
	return f
}

// slot returns the flags of m-block j, in a ring of them.
func (f *fastRun[T]) slot(j int) *sparseFlags {
	ring := len(f.bufs)
	return &f.bufs[((j%ring)+ring)%ring]
}

// push appends the value of heap h.
func (f *fastRun[T]) push(h int, val uint64) {
	f.st.push(val)
	f.fwd[h] = T(val)
	f.pushRev(h, T(val))
	if f.st.info.class(h, val) == 0 {
		f.rv = append(f.rv, T(val))
	}
	f.top = max(f.top, int(val/64)+1)
}

// revWindow is the number of latest values the fast loops keep in
// reverse for the scans: a scan rarely reads further back, and what it
// does read further back it takes from fwd, backChunk values at a time.
const (
	revWindow = 1 << 20
	backChunk = 1 << 12
)

// pushRev records G(h) = x in rev, first moving the latest window of
// values to the upper half if the lower half is full.
func (f *fastRun[T]) pushRev(h int, x T) {
	if f.revBase-h < 0 {
		copy(f.rev[f.window:], f.rev[:f.window])
		f.revBase += f.window
	}
	f.rev[f.revBase-h] = x
}

// reversed returns G(top), G(top − 1), …: up to k values, from rev while
// they are there, else copied from fwd into back.
func (f *fastRun[T]) reversed(top, k int) []T {
	if i := f.revBase - top; i < len(f.rev) {
		return f.rev[i:][:min(k, len(f.rev)-i)]
	}
	b := f.back[:min(k, len(f.back))]
	for i := range b {
		b[i] = f.fwd[top-i]
	}
	return b
}

// value returns the value of heap h, the values below it known, or false
// when every value below limit is an option of h.
func (f *fastRun[T]) value(h int) (uint64, bool) {
	ks := f.st.rules.split
	m := h - ks[0] // the largest heap split; all have the parity of m under a twist
	f.markFlagged(h, m)
	// c: the least value missing, of the sparse parity if there are
	// splits.
	sp := 1 // the sparse parity of m
	if f.st.info.Twist {
		sp ^= m & 1
	}
	c := f.limit
	for w, x := range f.seen[:f.words] {
		free := ^x
		if m >= 2 {
			free &= f.parMask[sp][w]
		}
		if free != 0 {
			c = w*64 + bits.TrailingZeros64(free)
			break
		}
	}
	if c >= f.limit && m < 2 {
		return 0, false
	}
	// With c = limit every value of the sparse parity below limit is an
	// option (the sparse heaps are so many that their splits meet them
	// all): the mex is the least value of the dense parity the scan does
	// not meet, if it is below limit.
	remaining, every := 0, false
	if m >= 2 {
		remaining, every = f.setMissing(h, m, c)
	}
	if remaining == 0 {
		return uint64(c), c < f.limit
	}
	return f.scanMissing(h, c, remaining, every)
}

// markFlagged sets seen to the values of the options of heap h that need
// no scan: those leaving at most one heap, and the splits of m = h − k
// with sparse heaps (the flags of their m-blocks, and the sparse heaps
// taken heap by heap).
func (f *fastRun[T]) markFlagged(h, m int) {
	st, fwd, rv := f.st, f.fwd, f.rv
	rules, rare := &st.rules, st.info.Rare
	seen := f.seen[:f.words]
	clear(seen)
	words := T(f.words - 1)
	mark := func(x T) { seen[x/64&words] |= 1 << (x % 64) }
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
	if m < 2 {
		return
	}
	for _, k := range rules.split {
		m := h - k
		off := m - f.base
		fl := f.slot(off >> fastRowsLog)
		row := fl.bits[(off&(fastRows-1))*fastWords:][:f.words]
		for w, x := range row {
			seen[w] |= x
		}
		for j, r := range rare[:fl.first] {
			if r >= m {
				break
			}
			mark(fwd[m-r] ^ rv[j])
		}
		for j := fl.his; j < len(rare); j++ {
			r := rare[j]
			if r >= m {
				break
			}
			mark(fwd[m-r] ^ rv[j])
		}
	}
	st.work += sparseWorkWeight * float64(len(rules.split)*len(rare))
}

// setMissing sets missing (and need or bitmap, for the scanner) to the
// values of the dense parity below c not seen, which only the splits
// without a sparse heap can give; it returns their number, and every when
// the scan must not skip the head splits. An equal split m = r + r was
// flagged (value 0) but is no move in Grundy's game.
func (f *fastRun[T]) setMissing(h, m, c int) (remaining int, every bool) {
	st := f.st
	clear(f.missing[:])
	for w := 0; w*64 < c; w++ {
		z := ^f.seen[w]
		if c < (w+1)*64 {
			z &= 1<<(c%64) - 1
		}
		f.missing[w] = z
		remaining += bits.OnesCount64(z)
	}
	for _, k := range st.rules.split {
		if m := h - k; st.rules.unequal && m >= 2 && m%2 == 0 && st.info.class(m/2, uint64(f.fwd[m/2])) == 0 && c > 0 && f.missing[0]&1 == 0 {
			// Whether a head split has value 0 too is unknown.
			f.missing[0] |= 1
			remaining++
			every = true
		}
	}
	if remaining == 0 {
		return 0, every
	}
	if f.scan != nil {
		for w := range f.words {
			binary.LittleEndian.PutUint64(f.bitmap[8*w:], f.missing[w])
		}
	} else {
		forBits(f.missing[:], func(x int) { f.need[x] = 1 })
	}
	return remaining, every
}

// scanMissing scans the splits of heap h without a sparse heap for the
// remaining missing values, and returns the least one not met; when the
// scan meets them all, the value is c, or there is none below limit.
func (f *fastRun[T]) scanMissing(h, c, remaining int, every bool) (uint64, bool) {
	st := f.st
	for _, k := range st.rules.split {
		m := h - k
		half := (m - 1) / 2 // splits a = 1 … half have a < m − a
		if !st.rules.unequal && m >= 2 {
			half = m / 2
		}
		if remaining == 0 || half <= 0 {
			continue
		}
		// The splits a = headFrom … to−1 are among the flags.
		to := 1
		if off := m - f.base; off >= 0 && !every {
			to = f.slot(off >> fastRowsLog).headTo
		}
		for from := 1; remaining > 0 && from <= half; {
			end := half + 1
			if from < to {
				end = min(end, headFrom)
			}
			for a := from; a < end && remaining > 0; {
				b := f.reversed(m-a, end-a) // b[i] = G(m − a − i)
				var i int
				if f.scan != nil {
					i, remaining = f.scan(f.fwd[a:a+len(b)], b, &f.bitmap, remaining)
				} else {
					i, remaining = scanSplits(f.fwd[a:a+len(b)], b, &f.need, remaining)
				}
				st.work += sparseWorkWeight * float64(i)
				a += len(b)
			}
			if from = end; from < to {
				from = to
			}
		}
	}
	if remaining == 0 {
		return uint64(c), c < f.limit
	}
	if f.scan != nil {
		for w := range f.words {
			f.missing[w] = binary.LittleEndian.Uint64(f.bitmap[8*w:])
		}
	}
	val, found := uint64(c), false
	forBits(f.missing[:], func(x int) {
		if f.scan == nil && f.need[x] == 0 {
			return
		}
		f.need[x] = 0
		if !found {
			val, found = uint64(x), true
		}
	})
	return val, true
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
