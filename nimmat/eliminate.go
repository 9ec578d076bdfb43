package nimmat

import (
	"context"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/internal/nimkern"
	"github.com/nimbers/grundy/nimber"
)

// DefaultLimit is the multiply-adds an elimination performs unless its
// Options say otherwise: 2^32, a determinant of order 2300 or an inverse
// of order 1400, a second or two.
const DefaultLimit = 1 << 32

// eliminationCost returns the multiply-adds of eliminating the first
// limit columns of a rows × cols work matrix: pivot k updates the rows
// below it (every other row with jordan) from column k, rounded down to a
// multiple of eight, to the end of the padded row.
func eliminationCost(rows, cols, limit int, jordan bool) float64 {
	var cost float64
	for k := range min(rows, limit) {
		updated := rows - k - 1
		if jordan {
			updated = rows - 1
		}
		cost += float64(updated) * float64((cols+7)&^7-aligned(k))
	}
	return cost
}

// begin checks the cost of an elimination against opt's limit and that
// ctx is live, before any work or allocation.
func begin(ctx context.Context, what string, rows, cols, limit int, jordan bool, opt *budget.Options) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	cost := eliminationCost(rows, cols, limit, jordan)
	if max := opt.Max(DefaultLimit); cost > max {
		return &budget.TooLargeError{What: what, Unit: "multiply-adds", Estimate: cost, Limit: max}
	}
	return nil
}

// work is a matrix in the polynomial basis with rows padded to a multiple
// of eight entries and a row order, for elimination.
type work struct {
	rows, cols, stride int
	a                  []nimber.Elem
	order              []int // order[i] is the storage row shown as row i
}

func newWork(rows, cols int) *work {
	stride := (cols + 7) &^ 7
	w := &work{rows: rows, cols: cols, stride: stride, a: make([]nimber.Elem, rows*stride), order: make([]int, rows)}
	for i := range w.order {
		w.order[i] = i
	}
	return w
}

// toWork converts m, leaving extra zero columns on the right.
func toWork(m *Matrix, extra int) *work {
	w := newWork(m.rows, m.cols+extra)
	for i := range m.rows {
		nimkern.ToElemSlice(w.a[i*w.stride:], m.Row(i))
	}
	return w
}

// row returns row i (in the current order), padded.
func (w *work) row(i int) []nimber.Elem {
	s := w.order[i] * w.stride
	return w.a[s : s+w.stride : s+w.stride]
}

// matrix converts columns [from, to) back to a Matrix.
func (w *work) matrix(from, to int) *Matrix {
	m := New(w.rows, to-from)
	for i := range w.rows {
		nimkern.FromElemSlice(m.Row(i), w.row(i)[from:to])
	}
	return m
}

// aligned returns the start of a row operation that must cover column c:
// c rounded down to a multiple of eight. The entries skipped over in the
// pivot row are zero, so the wider operation changes nothing more.
func aligned(c int) int { return c &^ 7 }

// det returns the determinant by forward elimination; it destroys w. It
// checks ctx and reports progress to opt at each pivot.
func (w *work) det(ctx context.Context, opt *budget.Options) (nimber.Elem, error) {
	n := w.rows
	d := nimber.ToElem(1)
	for k := range n {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		opt.Report(k, n)
		p := k
		for p < n && w.row(p)[k] == 0 {
			p++
		}
		if p == n {
			return 0, nil
		}
		w.order[k], w.order[p] = w.order[p], w.order[k] // no sign in characteristic 2
		pivot := w.row(k)
		d = d.Mul(pivot[k])
		inv := pivot[k].Inv()
		from := aligned(k)
		for i := k + 1; i < n; i++ {
			r := w.row(i)
			if f := r[k]; f != 0 {
				nimkern.ElemMulAddConstSlice(r[from:], f.Mul(inv), pivot[from:])
			}
		}
	}
	return d, nil
}

// reduce brings the first `limit` columns of w to row echelon form (with
// jordan, to reduced row echelon form, every pivot 1 and alone in its
// column), applying the same row operations to the columns after them. It
// returns the pivot columns. It checks ctx and reports progress to opt at
// each column.
func (w *work) reduce(ctx context.Context, limit int, jordan bool, opt *budget.Options) ([]int, error) {
	var pivots []int
	r := 0
	for c := 0; c < limit && r < w.rows; c++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		opt.Report(c, limit)
		p := r
		for p < w.rows && w.row(p)[c] == 0 {
			p++
		}
		if p == w.rows {
			continue
		}
		w.order[r], w.order[p] = w.order[p], w.order[r]
		pivot := w.row(r)
		from := aligned(c)
		inv := pivot[c].Inv()
		if jordan {
			nimkern.ElemMulConstSlice(pivot[from:], inv, pivot[from:])
			inv = nimber.ToElem(1)
		}
		start := r + 1
		if jordan {
			start = 0
		}
		for i := start; i < w.rows; i++ {
			if i == r {
				continue
			}
			row := w.row(i)
			if f := row[c]; f != 0 {
				nimkern.ElemMulAddConstSlice(row[from:], f.Mul(inv), pivot[from:])
			}
		}
		pivots = append(pivots, c)
		r++
	}
	return pivots, nil
}

// nullSpace returns a basis of the null space of the first n columns of w,
// which must be in reduced row echelon form with the given pivots: one
// vector per free column f, with 1 at f and, for each pivot row, the
// entry of that row in column f at the pivot's position (−x = x here).
func (w *work) nullSpace(pivots []int, n int) [][]nimber.Nimber {
	isPivot := make([]bool, n)
	for _, c := range pivots {
		isPivot[c] = true
	}
	var basis [][]nimber.Nimber
	for f := range n {
		if isPivot[f] {
			continue
		}
		v := make([]nimber.Nimber, n)
		v[f] = 1
		for r, c := range pivots {
			v[c] = w.row(r)[f].Nimber()
		}
		basis = append(basis, v)
	}
	return basis
}
