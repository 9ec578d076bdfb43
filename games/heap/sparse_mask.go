package heap

// The choice of the sparse-space mask and the classes it makes.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
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
// any heap game: the mask and twist under which the fewest heaps of v are
// sparse, and those heaps. Heap h is sparse (class 0) when G(h) has an
// even number of the mask's bits set, the other way round for odd h when
// twisted; the mask has every bit above the values' set (Winning Ways'
// convention), so larger values keep their class. Heap 0 is not counted:
// a split leaves no empty heap. (Values's sparse space picks its mask
// the same way from the values it has when it starts.)
func SparseClasses(v []uint64) *SparseHeaps {
	var c census
	if len(v) > 1 {
		c.Add(v)
	}
	info := c.Classes()
	for h, x := range v {
		if h > 0 && info.class(h, x) == 0 {
			info.Rare = append(info.Rare, h)
		}
	}
	return &SparseHeaps{SparseInfo: info, values: v}
}

// SparseHeaps are the classes of sparse space SparseClasses chooses for
// a sequence, with the sequence. Its JSON is that of grundy octal --rare
// --json: {"mask": "0x…", "twist", "rare": [{"heap", "value"}]}.
type SparseHeaps struct {
	SparseInfo
	values []uint64
}

// MarshalJSON writes s as its type's comment says.
func (s *SparseHeaps) MarshalJSON() ([]byte, error) {
	type heap struct {
		Heap  int    `json:"heap"`
		Value uint64 `json:"value"`
	}
	rare := make([]heap, len(s.Rare))
	for i, h := range s.Rare {
		rare[i] = heap{h, s.values[h]}
	}
	return json.Marshal(struct {
		Mask  string `json:"mask"`
		Twist bool   `json:"twist"`
		Rare  []heap `json:"rare"`
	}{fmt.Sprintf("%#x", s.Mask), s.Twist, rare})
}

// WriteTo writes s as grundy octal --rare prints it: the mask and the
// number of sparse heaps, then each sparse heap and its value a line. It
// returns the bytes written and the first error.
func (s *SparseHeaps) WriteTo(w io.Writer) (int64, error) {
	var b bytes.Buffer
	twist := ""
	if s.Twist {
		twist = ", twisted by heap parity"
	}
	fmt.Fprintf(&b, "mask %#x%s: %d sparse heaps\n", s.Mask, twist, len(s.Rare))
	for _, h := range s.Rare {
		fmt.Fprintf(&b, "%d %d\n", h, s.values[h])
	}
	return b.WriteTo(w)
}

// maskWindow is the number of last values lastSparse looks at.
const maskWindow = 2048

// chooseMask picks the mask and twist that make the fewest sparse heaps
// among all of v (as SparseClasses does). A mask is an infinite bit
// string: its bits above those of the values seen so far are all 1
// (Winning Ways' convention), so that larger values keep their class.
// Counting the whole sequence, not only its last values, matters once a
// few values pass a power of two: Grundy's game has values of 256 and
// more from heap 7250049 on, and the best mask for the last 2048 values
// then drops bit 8 and makes thousands of heaps sparse, whose scans read
// far back: the run slows many times over (docs/performance.md).
func chooseMask(v []uint64) SparseInfo {
	var c census
	c.Add(v)
	return c.Classes()
}

// chooseMaskSeq is chooseMask on the values of s.
func chooseMaskSeq(s *Sequence) SparseInfo {
	var c census
	s.chunks(c.Add)
	return c.Classes()
}

// String describes the classes, e.g. "mask 0x3a, twisted by heap parity".
func (s SparseInfo) String() string {
	t := ""
	if s.Twist {
		t = ", twisted by heap parity"
	}
	return fmt.Sprintf("mask %#x%s, %d sparse heaps", s.Mask, t, len(s.Rare))
}

// A census summarizes a sequence read piece by piece, as from a values
// file, at every power of two: the largest value and where it first
// stands, and the sparse heaps under the classes SparseClasses chooses.
// Add the values once to find the classes (Classes), then again to count
// (Count).
type census struct {
	n   int
	top uint64
	// seen[p][k] counts the heaps h ≥ 1 with h mod 2 = p and G(h) = k,
	// for G(h) below 4096; a larger value counts at its 12 low bits plus
	// 4096 times the parity of the rest, all a mask of 12 bits and ones
	// above tells of it.
	seen *[2][1 << 13]int
	info SparseInfo
	// Counting.
	h    int
	stop []Milestone
	cur  Milestone
}

// A Milestone summarizes G(0), …, G(Heaps−1).
type Milestone struct {
	Heaps int    `json:"heaps"`
	Max   uint64 `json:"max"`
	// MaxAt is the first heap whose value is Max.
	MaxAt int `json:"max_at"`
	// Sparse counts the sparse heaps (heap 0 is not counted) and
	// LastSparse is the largest, or −1 if there is none.
	Sparse     int `json:"sparse"`
	LastSparse int `json:"last_sparse"`
}

// Add takes the next values of the sequence, for the choice of classes.
func (c *census) Add(v []uint64) {
	if c.seen == nil {
		c.seen = new([2][1 << 13]int)
	}
	for i, x := range v {
		c.top |= x
		if h := c.n + i; h > 0 {
			if x >= 1<<12 {
				x = x&(1<<12-1) | uint64(bits.OnesCount64(x>>12)&1)<<12
			}
			c.seen[h&1][x]++
		}
	}
	c.n += len(v)
}

// Classes returns the mask and twist under which the fewest heaps added
// are sparse (without the list of them), and readies c to count.
func (c *census) Classes() SparseInfo {
	type group struct {
		x, p uint64
		n    int
	}
	var groups []group
	if c.seen != nil {
		for p := range 2 {
			for x, n := range c.seen[p] {
				if n > 0 {
					groups = append(groups, group{uint64(x), uint64(p), n})
				}
			}
		}
	}
	width := min(bits.Len64(c.top), 12)
	high := ^uint64(0) << width
	best, bestCount := SparseInfo{Mask: ^uint64(0)}, -1
	for low := uint64(0); low < 1<<width; low++ {
		m := low | high
		for _, tw := range []bool{false, true} {
			count := 0
			for _, g := range groups {
				cl := parity(g.x, m)
				if tw {
					cl ^= g.p
				}
				if cl == 0 {
					count += g.n
				}
			}
			if bestCount < 0 || count < bestCount {
				best, bestCount = SparseInfo{Mask: m, Twist: tw}, count
			}
		}
	}
	c.info = best
	c.h, c.stop, c.cur = 0, nil, Milestone{LastSparse: -1}
	return c.info
}

// Count takes the next values of the sequence again, after Classes.
func (c *census) Count(v []uint64) {
	for _, x := range v {
		if c.h > 0 && c.h&(c.h-1) == 0 {
			c.cur.Heaps = c.h
			c.stop = append(c.stop, c.cur)
		}
		if x > c.cur.Max || c.h == 0 {
			c.cur.Max, c.cur.MaxAt = x, c.h
		}
		if c.h > 0 && c.info.class(c.h, x) == 0 {
			c.cur.Sparse++
			c.cur.LastSparse = c.h
		}
		c.h++
	}
}

// Milestones returns the summaries at every power of two up to the
// values counted, and at their end if that is no power of two.
func (c *census) Milestones() []Milestone {
	out := c.stop
	if c.h > 0 {
		c.cur.Heaps = c.h
		if c.h&(c.h-1) != 0 || len(out) == 0 || out[len(out)-1].Heaps != c.h {
			out = append(out, c.cur)
		}
	}
	return out
}
