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
// at n ≈ 6·10^4 it needs about 3000 splits on average, so the method is
// still quadratic, with a small constant. The published linear-time
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
	g := Grundy()
	// Always enough direct values to choose the mask well.
	v, err := g.Values(sparseDirect, nil)
	if err != nil {
		return nil, SparseInfo{}, err
	}
	info := chooseMask(v)
	class := func(h int, x uint64) uint64 {
		c := uint64(bits.OnesCount64(x&info.Mask) & 1)
		if info.Twist {
			c ^= uint64(h & 1)
		}
		return c
	}
	for h := 1; h < len(v); h++ {
		if class(h, v[h]) == 0 {
			info.Rare = append(info.Rare, h)
		}
	}
	if cap(v) < n {
		w := make([]uint64, len(v), n)
		copy(w, v)
		v = w
	}
	// cls[h] is the class of heap h; rv holds the values of the sparse
	// heaps, parallel to info.Rare.
	cls := make([]uint8, len(v), max(n, len(v)))
	for h, x := range v {
		cls[h] = uint8(class(h, x))
	}
	rv := make([]uint64, len(info.Rare))
	for i, r := range info.Rare {
		rv[i] = v[r]
	}
	var seenSparse, seenDense valueSet
	for h := len(v); h < n; h++ {
		var twistBit uint64
		if info.Twist {
			twistBit = uint64(h & 1)
		}
		sparseParity := 1 ^ twistBit // parity of common ⊕ sparse splits
		// 1. Values of that parity: splits with exactly one sparse heap.
		seenSparse.reset()
		for i, r := range info.Rare {
			o := h - r
			if o < 1 {
				break // the sparse heaps are in increasing order
			}
			if o != r && cls[o] != 0 {
				seenSparse.add(rv[i] ^ v[o])
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
		v = append(v, val)
		k := uint8(class(h, val))
		cls = append(cls, k)
		if k == 0 {
			info.Rare = append(info.Rare, h)
			rv = append(rv, val)
		}
		if progress != nil && h&(1<<16-1) == 0 {
			progress(h, n)
		}
	}
	if progress != nil {
		progress(n, n)
	}
	for len(info.Rare) > 0 && info.Rare[len(info.Rare)-1] >= n {
		info.Rare = info.Rare[:len(info.Rare)-1]
	}
	return v[:n], info, nil
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
