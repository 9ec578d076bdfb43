package nimmat

import "github.com/nimbers/grundy/nimber"

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
		nimber.ToElemSlice(w.a[i*w.stride:], m.Row(i))
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
		nimber.FromElemSlice(m.Row(i), w.row(i)[from:to])
	}
	return m
}

// aligned returns the start of a row operation that must cover column c:
// c rounded down to a multiple of eight. The entries skipped over in the
// pivot row are zero, so the wider operation changes nothing more.
func aligned(c int) int { return c &^ 7 }

// det returns the determinant by forward elimination; it destroys w.
func (w *work) det() nimber.Elem {
	n := w.rows
	d := nimber.ToElem(1)
	for k := range n {
		p := k
		for p < n && w.row(p)[k] == 0 {
			p++
		}
		if p == n {
			return 0
		}
		w.order[k], w.order[p] = w.order[p], w.order[k] // no sign in characteristic 2
		pivot := w.row(k)
		d = d.Mul(pivot[k])
		inv := pivot[k].Inv()
		from := aligned(k)
		for i := k + 1; i < n; i++ {
			r := w.row(i)
			if f := r[k]; f != 0 {
				nimber.ElemMulAddConstSlice(r[from:], f.Mul(inv), pivot[from:])
			}
		}
	}
	return d
}

// reduce brings the first `limit` columns of w to row echelon form (with
// jordan, to reduced row echelon form, every pivot 1 and alone in its
// column), applying the same row operations to the columns after them. It
// returns the pivot columns.
func (w *work) reduce(limit int, jordan bool) []int {
	var pivots []int
	r := 0
	for c := 0; c < limit && r < w.rows; c++ {
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
			nimber.ElemMulConstSlice(pivot[from:], inv, pivot[from:])
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
				nimber.ElemMulAddConstSlice(row[from:], f.Mul(inv), pivot[from:])
			}
		}
		pivots = append(pivots, c)
		r++
	}
	return pivots
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
