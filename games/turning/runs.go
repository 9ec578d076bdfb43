package turning

import (
	"context"
	"unsafe"

	"github.com/nimbers/grundy/budget"
)

// runValues computes G for runs of the given lengths (increasing, ≤ n):
// the move with head x and length l turns x−l+1, …, x, so its option has
// value P(x) ⊕ P(x−l+1), where P(i) = G(0) ⊕ … ⊕ G(i−1).
//
// G(x) is at most the number of lengths, so every value, and every P,
// lies below 2^b for b the bit length of that number. G(x) is the least m
// with P(x) ⊕ m outside Q(x) = {P(x+1−l)}, so the work is building the
// sets Q(x) as tables of flags (see scanRuns).
func runValues(ctx context.Context, ls []int, n int, opt *budget.Options) ([]uint64, error) {
	if len(ls) < 1<<16 {
		return runValuesIn[uint16](ctx, ls, n, opt)
	}
	return runValuesIn[uint32](ctx, ls, n, opt)
}

// runValuesIn is runValues with the prefixes held in T.
func runValuesIn[T uint16 | uint32](ctx context.Context, ls []int, n int, opt *budget.Options) ([]uint64, error) {
	p, _, err := scanRuns[T, uint8](ctx, ls, n, nil, opt)
	if err != nil {
		return nil, err
	}
	g := make([]uint64, n)
	for x := range g {
		g[x] = uint64(p[x] ^ p[x+1])
	}
	return g, nil
}

// runPrefix returns P(0), …, P(n) for runs of the given lengths, held in
// T, which must hold every value below 2^bitlen(len(ls)).
func runPrefix[T uint16 | uint32](ctx context.Context, ls []int, n int) ([]T, error) {
	p, _, err := scanRuns[T, uint8](ctx, ls, n, nil, nil)
	return p, err
}

// runPrefixCounts returns P(0), …, P(n) as runPrefix does, and the number
// of run moves by value: the run of length l with head x has value
// P(x+1) ⊕ P(x+1−l). For a few thousand lengths and values below
// maxTallyWidth it counts them as it goes (a runTally); otherwise it
// counts them afterwards, one pass over P per length (countRuns).
func runPrefixCounts[T uint16 | uint32](ctx context.Context, ls []int, n int) ([]T, []uint64, error) {
	if len(ls) <= maxTallyLengths {
		p, t, err := scanRuns[T, uint16](ctx, ls, n, newRunTally(len(ls)), nil)
		switch {
		case err != nil:
			return nil, nil, err
		case t != nil:
			return p, t.counts(), nil
		}
		return p, countRuns(p, ls), nil
	}
	p, err := runPrefix[T](ctx, ls, n)
	if err != nil {
		return nil, nil, err
	}
	return p, countRuns(p, ls), nil
}

// scanRuns computes P(0), …, P(n) for runs of the given lengths a block
// of heads at a time, as many as keep the tables within 32 KiB (a
// first-level cache). Row x of the table has an entry for every value
// below width, nonzero for those in Q(x). Lengths longer than the block
// reach only behind it, into known P, and are added for the whole block
// one length at a time, reading P sequentially (markFar); the few
// shorter lengths are added head by head.
//
// With S = uint8 the entries are flags. With S = uint16 they count how
// many lengths reach each value (there must be fewer than 2^16 lengths),
// and t, if not nil, is given each head's row once P(x+1) is known. It is
// returned, or nil if the values outgrew it. scanRuns checks ctx and
// reports progress every block of heads.
func scanRuns[T uint16 | uint32, S uint8 | uint16](ctx context.Context, ls []int, n int, t *runTally, opt *budget.Options) ([]T, *runTally, error) {
	p := make([]T, n+1)
	count := unsafe.Sizeof(S(0)) == 2
	if !count {
		t = nil // flags are no counts
	}
	width := 64
	block, near := 0, 0
	var seen []S
	resize := func() {
		block = max(16, min(256, 32<<10/(width*int(unsafe.Sizeof(S(0))))))
		// Rows are whole words, for runTally.add.
		words := make([]uint64, block*width/8*int(unsafe.Sizeof(S(0))))
		seen = unsafe.Slice((*S)(unsafe.Pointer(&words[0])), block*width)
		near = 0
		for near < len(ls) && ls[near] <= block {
			near++
		}
	}
	resize()
	if t != nil && !t.setWidth(width) {
		t = nil
	}
	for x0 := 0; x0 < n; {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		opt.Report(x0, n)
		bl := min(block, n-x0)
		clear(seen[:bl*width])
		markFar(seen, p, ls[near:], x0, bl, width, count)
		done := bl
		for k := 0; k < bl; k++ {
			x := x0 + k
			row := seen[k*width : (k+1)*width]
			for _, l := range ls[:near] {
				if l > x+1 {
					break
				}
				if count {
					row[p[x+1-l]]++
				} else {
					row[p[x+1-l]] = 1
				}
			}
			c := p[x]
			m := T(0)
			for int(m^c) < width && row[m^c] != 0 {
				m++
			}
			// Every entry of Q(x) is below width, so m is the mex even
			// if c ⊕ m is not; the tables grow for the heads after x.
			p[x+1] = c ^ m
			if int(c^m) >= width {
				for int(c^m) >= width {
					width *= 2
				}
				if t != nil && !t.setWidth(width) {
					t = nil
				}
			}
			if t != nil {
				t.add(int(c^m), unsafe.Slice((*uint16)(unsafe.Pointer(&row[0])), len(row)))
			}
			if len(row) != width {
				resize()
				done = k + 1
				break
			}
		}
		x0 += done
	}
	return p, t, nil
}

// markFar marks, for the heads x0 … x0+bl−1, the prefixes the lengths
// ls (all longer than the block) reach: row k of seen (width entries)
// gets P(x0+k+1−l) for every l, as a flag, or counted if count is set.
func markFar[T uint16 | uint32, S uint8 | uint16](seen []S, p []T, ls []int, x0, bl, width int, count bool) {
	_ = seen[bl*width-1]
	sz := int(unsafe.Sizeof(S(0)))
	stride := width * sz
	for _, l := range ls {
		// Head x0+k reaches back to x0+k+1−l, which must be ≥ 0.
		k0 := max(0, l-1-x0)
		if k0 >= bl {
			break
		}
		src := p[x0+1-l+k0 : x0+1-l+bl]
		// In range: (k0+i)*width + v < bl*width as every v < width. The
		// offset, not the pointer, steps on, so that no pointer is formed
		// past the end of seen.
		base := unsafe.Pointer(unsafe.SliceData(seen))
		off := k0 * stride
		i := 0
		if count {
			for ; i+4 <= len(src); i += 4 {
				v0, v1, v2, v3 := int(src[i])*sz, int(src[i+1])*sz, int(src[i+2])*sz, int(src[i+3])*sz
				row := unsafe.Add(base, off)
				*(*S)(unsafe.Add(row, v0))++
				*(*S)(unsafe.Add(row, stride+v1))++
				*(*S)(unsafe.Add(row, 2*stride+v2))++
				*(*S)(unsafe.Add(row, 3*stride+v3))++
				off += 4 * stride
			}
			for ; i < len(src); i++ {
				*(*S)(unsafe.Add(base, off+int(src[i])*sz))++
				off += stride
			}
			continue
		}
		for ; i+4 <= len(src); i += 4 {
			v0, v1, v2, v3 := int(src[i])*sz, int(src[i+1])*sz, int(src[i+2])*sz, int(src[i+3])*sz
			row := unsafe.Add(base, off)
			*(*S)(unsafe.Add(row, v0)) = 1
			*(*S)(unsafe.Add(row, stride+v1)) = 1
			*(*S)(unsafe.Add(row, 2*stride+v2)) = 1
			*(*S)(unsafe.Add(row, 3*stride+v3)) = 1
			off += 4 * stride
		}
		for ; i < len(src); i++ {
			*(*S)(unsafe.Add(base, off+int(src[i])*sz)) = 1
			off += stride
		}
	}
}

// Bounds of runTally: its rows take width² · 2 bytes (8 MiB at the
// largest width), and each head adds up to the number of lengths to a
// 16-bit lane, so a row is flushed at least every 2^16/maxTallyLengths
// heads that share it.
const (
	maxTallyWidth   = 1 << 11
	maxTallyLengths = 1 << 12
)

// runTally counts run moves by value while scanRuns finds the prefixes. A
// head x adds its row of counts (how many lengths reach each P(x+1−l) =
// v) to row c = P(x+1) of a width × width table, whose entry (c, v) counts
// moves of value c ⊕ v. The table holds 16-bit lanes, four to a word, so
// a row is added with a quarter as many word additions; a lane cannot
// carry into the next as long as the row has taken at most 2^16 − 1
// counts in all, and before it could take more it is flushed into the
// 64-bit counts by value.
type runTally struct {
	step  int      // the most counts one head adds: the number of lengths
	width int      // rows and lanes per row
	rows  []uint64 // row c at c·width/4
	pend  []int    // counts added to each row since its last flush
	cnt   []uint64 // moves by value, flushed
}

func newRunTally(lengths int) *runTally { return &runTally{step: max(1, lengths)} }

// setWidth flushes every row and makes room for values below width; it
// reports false if width is beyond maxTallyWidth.
func (t *runTally) setWidth(width int) bool {
	for c := range t.pend {
		t.flush(c)
	}
	if width > maxTallyWidth {
		return false
	}
	t.width = width
	t.rows = make([]uint64, width*width/4)
	t.pend = make([]int, width)
	if len(t.cnt) < width {
		t.cnt = append(t.cnt, make([]uint64, width-len(t.cnt))...)
	}
	return true
}

// add adds a head's row of counts (at most width of them, whole words) to
// row c.
func (t *runTally) add(c int, counts []uint16) {
	src := unsafe.Slice((*uint64)(unsafe.Pointer(&counts[0])), len(counts)/4)
	dst := t.rows[c*t.width/4:]
	dst = dst[:len(src)]
	for i, x := range src {
		dst[i] += x
	}
	t.pend[c] += t.step
	if t.pend[c] > 1<<16-1-t.step {
		t.flush(c)
	}
}

// flush moves row c into the counts by value and zeroes it.
func (t *runTally) flush(c int) {
	if t.pend[c] == 0 {
		return
	}
	row := t.rows[c*t.width/4 : (c+1)*t.width/4]
	cnt := t.cnt[:t.width]
	for i, x := range row {
		if x == 0 {
			continue
		}
		v := c ^ 4*i
		// v ⊕ j for j < 4 flips only the two low bits of 4i ⊕ c.
		cnt[v] += x & 0xffff
		cnt[v^1] += x >> 16 & 0xffff
		cnt[v^2] += x >> 32 & 0xffff
		cnt[v^3] += x >> 48
		row[i] = 0
	}
	t.pend[c] = 0
}

// counts flushes every row and returns the moves by value.
func (t *runTally) counts() []uint64 {
	for c := range t.pend {
		t.flush(c)
	}
	return t.cnt
}
