package heap

// The choice of the sparse-space mask and the classes it makes.

import (
	"fmt"
	"math/bits"
)

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
