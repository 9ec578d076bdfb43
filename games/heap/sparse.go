package heap

import (
	"fmt"
	"math/bits"
)

// Sparse space (Winning Ways, "Sparse Space Spells Speed").
//
// Fix a bit mask m and class each heap n by
//
//	class(n) = parity(G(n) & m) ⊕ (twist ? n & 1 : 0).
//
// For a split of n into heaps a and b = n − a, parity is linear, so
//
//	parity((G(a) ⊕ G(b)) & m) = class(a) ⊕ class(b) ⊕ (twist ? n & 1 : 0).
//
// For a good mask almost every heap has class 1 (common) and few have
// class 0 (sparse or rare). Option values whose parity is that of a
// common/sparse pair come only from splits with exactly one sparse heap,
// so they can be listed in time proportional to the number of sparse
// heaps; call c the least value of that parity they miss. Values of the
// other parity come from almost every split; a scan over the splits stops
// as soon as all of them below c have been seen, and then G(n) = c. If the
// scan ends with one missing, that smaller value is G(n) and n is sparse.
// The result is exact either way; the mask only decides the speed.
//
// The scan is what keeps this exact, and it is not short: for Grundy's game
// near n = 10^6 it needs about 3000 splits on average, so the method is
// still quadratic, with a small constant (and the sparse heaps, about 1300
// below 2^20, are visited for every n). The published linear-time
// computations skip it, assuming every value of the dense parity below c
// is present, which has held wherever it was checked but is not proven.

// SparseInfo describes the classes used by GrundySparse.
type SparseInfo struct {
	Mask  uint64
	Twist bool
	// Rare lists the sparse heaps (class 0) below the length computed.
	Rare []int
}

// sparseDirect is the number of values computed directly to choose the
// mask.
const sparseDirect = 4096

// GrundySparse returns G(0), …, G(n−1) for Grundy's game by the
// sparse-space method, with the mask it chose and the sparse heaps.
func GrundySparse(n int, progress func(done, total int)) ([]uint64, SparseInfo, error) {
	return grundySparse(n, progress, [2]int{1 << 8, 1 << 11})
}

// grundySparse is GrundySparse with the given bounds for the byte and
// 16-bit loops (0 skips a loop).
func grundySparse(n int, progress func(done, total int), bounds [2]int) ([]uint64, SparseInfo, error) {
	g := Grundy()
	// Always enough direct values to choose the mask well.
	v, err := g.Values(sparseDirect, nil)
	if err != nil {
		return nil, SparseInfo{}, err
	}
	info := chooseMask(v)
	for h := 1; h < len(v); h++ {
		if info.class(h, v[h]) == 0 {
			info.Rare = append(info.Rare, h)
		}
	}
	if cap(v) < n {
		w := make([]uint64, len(v), n)
		copy(w, v)
		v = w
	}
	st := &sparseState{v: v, info: &info, cls: make([]uint8, len(v), max(n, len(v)))}
	for h, x := range v {
		st.cls[h] = uint8(info.class(h, x))
	}
	for _, r := range info.Rare {
		st.rv = append(st.rv, v[r])
	}
	// The fast loops stop early if a value reaches their bound (none does
	// in any range computed so far); the general one goes on from there.
	if bounds[0] > 0 {
		fastLoop[uint8](st, n, progress, bounds[0])
	}
	if bounds[1] > 0 {
		fastLoop[uint16](st, n, progress, bounds[1])
	}
	st.general(n, progress)
	if progress != nil {
		progress(n, n)
	}
	for len(info.Rare) > 0 && info.Rare[len(info.Rare)-1] >= n {
		info.Rare = info.Rare[:len(info.Rare)-1]
	}
	return st.v[:n], info, nil
}

// sparseState is the sequence being extended: the values, the class of
// each heap, and the values of the sparse heaps (parallel to info.Rare).
type sparseState struct {
	v    []uint64
	cls  []uint8
	rv   []uint64
	info *SparseInfo
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

// general extends the sequence to n values for values of any size,
// keeping sets of values in maps beyond 1024.
func (st *sparseState) general(n int, progress func(done, total int)) {
	info := st.info
	var seenSparse, seenDense valueSet
	for h := len(st.v); h < n; h++ {
		v, cls := st.v, st.cls
		var twistBit uint64
		if info.Twist {
			twistBit = uint64(h & 1)
		}
		sparseParity := 1 ^ twistBit // parity of common ⊕ sparse splits
		// 1. Values of that parity: splits with exactly one sparse heap.
		seenSparse.reset()
		for i, r := range info.Rare {
			if o := h - r; o != r && cls[o] != 0 {
				seenSparse.add(st.rv[i] ^ v[o])
			}
		}
		c := uint64(0)
		for parity(c, info.Mask) != sparseParity || seenSparse.has(c) {
			c++
		}
		// 2. Values of the other parity below c: scan the splits until
		// all have been seen.
		need := 0
		for x := uint64(0); x < c; x++ {
			if parity(x, info.Mask) != sparseParity {
				need++
			}
		}
		seenDense.reset()
		for a := 1; need > 0 && a < h-a; a++ {
			x := v[a] ^ v[h-a]
			if x < c && parity(x, info.Mask) != sparseParity && !seenDense.has(x) {
				seenDense.add(x)
				need--
			}
		}
		val := c
		if need > 0 {
			for x := uint64(0); x < c; x++ {
				if parity(x, info.Mask) != sparseParity && !seenDense.has(x) {
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

// fastLoop extends the sequence towards n values by the method of
// general while every value is below limit, a power of two that fits T
// (so the xor of two values stays below it too); GrundySparse runs it on
// bytes below 256, then on 16 bits below 2048. It is laid out for
// speed: the scan over the splits reads the values forwards and a
// reversed copy forwards too, so G(a) and G(h − a) both stream, and sets
// of values are byte tables.
//
// The splits with one sparse heap r need no test that the partner
// o = h − r is common: a sparse partner makes a sparse/sparse split, whose
// value has the dense parity, and only values of the other parity are
// read from that set.
func fastLoop[T uint8 | uint16](st *sparseState, n int, progress func(done, total int), limit int) {
	mask := T(limit - 1)
	info := st.info
	for _, x := range st.v {
		if x >= uint64(limit) {
			return
		}
	}
	if len(st.v) >= n {
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
	par := make([]uint8, limit) // the parity of x under the mask
	for x := range par {
		par[x] = uint8(parity(uint64(x), info.Mask))
	}
	seen := make([]uint8, limit) // values of splits with one sparse heap
	need := make([]uint8, limit) // values the scan still looks for
	top := 1                     // every value so far is below 64*top
	for _, x := range st.v {
		top = max(top, int(x/64)+1)
	}
	for h := len(st.v); h < n; h++ {
		sp := uint8(1) // parity of common ⊕ sparse splits
		if info.Twist {
			sp ^= uint8(h & 1)
		}
		// Two values below 64*top xor below the next power of two, at
		// most twice that.
		span := min(limit, 128*top)
		// 1. Splits with one sparse heap.
		clear(seen[:span])
		for i, r := range info.Rare {
			seen[(fwd[h-r]^rv[i])&mask] = 1
		}
		c := 0
		for c < span && (par[c] != sp || seen[c] != 0) {
			c++
		}
		if c >= limit {
			return // a wider loop takes over
		}
		// 2. Values of the dense parity below c, from the other splits.
		clear(need[:span]) // stale marks of an earlier heap stay out of the scan
		remaining := 0
		for x := range c {
			if par[x] != sp {
				need[x] = 1
				remaining++
			}
		}
		half := (h + 1) / 2 // splits a = 1 … half−1 have a < h − a
		if remaining > 0 && half > 1 {
			a := fwd[1:half]
			b := rev[n-h : n-h+half-1] // b[i] = G(h − 1 − i)
			i := 0
			// Four splits at a time while none is wanted.
			for ; i+4 <= len(a); i += 4 {
				x0, x1 := (a[i]^b[i])&mask, (a[i+1]^b[i+1])&mask
				x2, x3 := (a[i+2]^b[i+2])&mask, (a[i+3]^b[i+3])&mask
				if need[x0]|need[x1]|need[x2]|need[x3] == 0 {
					continue
				}
				for _, x := range [4]T{x0, x1, x2, x3} {
					if need[x] != 0 {
						need[x] = 0
						remaining--
					}
				}
				if remaining == 0 {
					break
				}
			}
			for ; remaining > 0 && i < len(a); i++ {
				if x := (a[i] ^ b[i]) & mask; need[x] != 0 {
					need[x] = 0
					remaining--
				}
			}
		}
		val := uint64(c)
		if remaining > 0 {
			for x := range c {
				if need[x] != 0 {
					val = uint64(x)
					break
				}
			}
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
	}
}

// valueSet is a set of small values: a fixed bitmap for values below 1024
// and a map beyond (never needed in practice).
type valueSet struct {
	low  [16]uint64
	high map[uint64]bool
}

func (s *valueSet) reset() {
	s.low = [16]uint64{}
	clear(s.high)
}

func (s *valueSet) add(x uint64) {
	if x < 1024 {
		s.low[x>>6] |= 1 << (x & 63)
		return
	}
	if s.high == nil {
		s.high = map[uint64]bool{}
	}
	s.high[x] = true
}

func (s *valueSet) has(x uint64) bool {
	if x < 1024 {
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

func parity(x, mask uint64) uint64 { return uint64(bits.OnesCount64(x&mask) & 1) }

// chooseMask picks the mask and twist that make the fewest sparse heaps
// in the second half of the directly computed values. A mask is an
// infinite bit string: its bits above those of the values seen so far are
// all 1 (Winning Ways' convention), so that larger values keep their class.
func chooseMask(v []uint64) SparseInfo {
	var top uint64
	for _, x := range v {
		top |= x
	}
	width := bits.Len64(top)
	high := ^uint64(0) << width
	best, bestCount := SparseInfo{Mask: ^uint64(0)}, len(v)+1
	for low := uint64(0); low < 1<<width; low++ {
		m := low | high
		for _, tw := range []bool{false, true} {
			count := 0
			for h := len(v) / 2; h < len(v); h++ {
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
