package nimmat

// Operations the tests use as references and to build cases.

import (
	"context"
	"fmt"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/nimber"
)

// identity returns the n×n identity matrix.
func identity(n int) *Matrix {
	m := New(n, n)
	for i := range n {
		m.data[i*n+i] = 1
	}
	return m
}

// fromRows returns the matrix with the given rows, copied. It returns an
// error when the rows differ in length.
func fromRows(rows [][]nimber.Nimber) (*Matrix, error) {
	if len(rows) == 0 {
		return New(0, 0), nil
	}
	m := New(len(rows), len(rows[0]))
	for i, r := range rows {
		if len(r) != m.cols {
			return nil, fmt.Errorf("row %d has %d entries, row 1 has %d", i+1, len(r), m.cols)
		}
		copy(m.Row(i), r)
	}
	return m, nil
}

// transpose returns the transpose of m.
func (m *Matrix) transpose() *Matrix {
	t := New(m.cols, m.rows)
	for i := range m.rows {
		for j := range m.cols {
			t.data[j*m.rows+i] = m.data[i*m.cols+j]
		}
	}
	return t
}

// mulVec returns the product m·x of m and the column vector x. It panics
// if len(x) ≠ m.Cols().
func (m *Matrix) mulVec(x []nimber.Nimber) []nimber.Nimber {
	if len(x) != m.cols {
		panic(fmt.Sprintf("nimmat: product of a %d×%d matrix and a vector of %d", m.rows, m.cols, len(x)))
	}
	y := make([]nimber.Nimber, m.rows)
	for i := range m.rows {
		y[i] = nimber.DotProduct(m.Row(i), x)
	}
	return y
}

// rref returns the reduced row echelon form of m and its pivot columns: in
// each non-zero row the first non-zero entry is 1, in a column that is zero
// elsewhere. It works within opt as Det does.
func (m *Matrix) rref(ctx context.Context, opt *budget.Options) (*Matrix, []int, error) {
	if err := begin(ctx, m.shape("the reduced row echelon form of"), m.rows, m.cols, m.cols, true, opt); err != nil {
		return nil, nil, err
	}
	w := toWork(m, 0)
	pivots, err := w.reduce(ctx, m.cols, true, opt)
	if err != nil {
		return nil, nil, err
	}
	return w.matrix(0, m.cols), pivots, nil
}

// nullSpaceOf returns a basis of the vectors x with m·x = 0, within opt as
// Det works.
func (m *Matrix) nullSpaceOf(ctx context.Context, opt *budget.Options) ([][]nimber.Nimber, error) {
	if err := begin(ctx, m.shape("the null space of"), m.rows, m.cols, m.cols, true, opt); err != nil {
		return nil, err
	}
	w := toWork(m, 0)
	pivots, err := w.reduce(ctx, m.cols, true, opt)
	if err != nil {
		return nil, err
	}
	return w.nullSpace(pivots, m.cols), nil
}

// set sets the entry in row i, column j (from 0).
func (m *Matrix) set(i, j int, v nimber.Nimber) { m.data[m.index(i, j)] = v }

// equal reports whether m and o have the same shape and entries.
func (m *Matrix) equal(o *Matrix) bool {
	if m.rows != o.rows || m.cols != o.cols {
		return false
	}
	for i, v := range m.data {
		if o.data[i] != v {
			return false
		}
	}
	return true
}
