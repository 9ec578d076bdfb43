// Package nimmat is linear algebra over the field of nimbers GF(2^64):
// dense matrices with products, determinants, rank, inverses and the
// solution of linear systems with the null space.
//
// In characteristic 2 the permanent equals the determinant, since every
// sign in the Leibniz formula is +1 = −1; so the permanent of a nimber
// matrix, #P-hard over the integers, costs one Gaussian elimination here.
//
// Elimination runs in the polynomial basis of package nimber (Elem), on
// rows padded to a multiple of eight, so that every row operation is a call
// of a batch kernel of package nimber (dst ^= c·row).
package nimmat

import (
	"context"
	"errors"
	"fmt"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/internal/nimkern"
	"github.com/nimbers/grundy/nimber"
)

// Matrix is a dense matrix of nimbers, stored row by row. The zero value is
// the empty 0×0 matrix. Methods that take two matrices panic when their
// shapes do not fit, as a programming error; functions that read matrices
// from users return errors instead.
type Matrix struct {
	rows, cols int
	data       []nimber.Nimber
}

// Errors returned for matrices that do not allow an operation.
var (
	ErrNotSquare    = errors.New("the matrix is not square")
	ErrSingular     = errors.New("the matrix is singular")
	ErrInconsistent = errors.New("the system has no solution")
)

// New returns a rows×cols zero matrix. It panics if a dimension is negative.
func New(rows, cols int) *Matrix {
	if rows < 0 || cols < 0 {
		panic("nimmat: negative dimension")
	}
	return &Matrix{rows: rows, cols: cols, data: make([]nimber.Nimber, rows*cols)}
}

// Rows returns the number of rows.
func (m *Matrix) Rows() int { return m.rows }

// Cols returns the number of columns.
func (m *Matrix) Cols() int { return m.cols }

// At returns the entry in row i, column j (from 0).
func (m *Matrix) At(i, j int) nimber.Nimber { return m.data[m.index(i, j)] }

func (m *Matrix) index(i, j int) int {
	if i < 0 || i >= m.rows || j < 0 || j >= m.cols {
		panic(fmt.Sprintf("nimmat: index (%d, %d) outside a %d×%d matrix", i, j, m.rows, m.cols))
	}
	return i*m.cols + j
}

// Row returns row i as a slice sharing the matrix's storage.
func (m *Matrix) Row(i int) []nimber.Nimber {
	if i < 0 || i >= m.rows {
		panic(fmt.Sprintf("nimmat: row %d outside a matrix of %d rows", i, m.rows))
	}
	return m.data[i*m.cols : (i+1)*m.cols : (i+1)*m.cols]
}

// Mul returns the product m·o. It panics if m.Cols() ≠ o.Rows().
func (m *Matrix) Mul(o *Matrix) *Matrix {
	if m.cols != o.rows {
		panic(fmt.Sprintf("nimmat: product of %d×%d and %d×%d matrices", m.rows, m.cols, o.rows, o.cols))
	}
	// Row i of the product is the sum of m[i][k] times row k of o.
	b := toWork(o, 0)
	out := newWork(m.rows, o.cols)
	for i := range m.rows {
		dst := out.row(i)
		for k, v := range m.Row(i) {
			if v != 0 {
				nimkern.ElemMulAddConstSlice(dst, nimber.ToElem(v), b.row(k))
			}
		}
	}
	return out.matrix(0, o.cols)
}

// Det returns the determinant of m, or ErrNotSquare. Like every
// elimination it costs about n³/3 multiply-adds for an n×n matrix: it
// fails with a *budget.TooLargeError, before any work, when that passes
// opt's limit (DefaultLimit by default), and with ctx's error within a
// pivot of ctx being cancelled; opt's Progress hears of each pivot.
func (m *Matrix) Det(ctx context.Context, opt *budget.Options) (nimber.Nimber, error) {
	if m.rows != m.cols {
		return 0, ErrNotSquare
	}
	if err := begin(ctx, m.shape("the determinant of"), m.rows, m.cols, m.cols, false, opt); err != nil {
		return 0, err
	}
	d, err := toWork(m, 0).det(ctx, opt)
	return d.Nimber(), err
}

// shape names an operation on m, e.g. "the inverse of a 9×9 matrix".
// nullEntryCost is what an entry of a null space counts against the
// budget of multiply-adds: building and writing it out costs far more
// than one multiply-add of the elimination.
const nullEntryCost = 64

func (m *Matrix) shape(op string) string {
	return fmt.Sprintf("%s a %d×%d matrix", op, m.rows, m.cols)
}

// Rank returns the rank of m, within opt as Det is.
func (m *Matrix) Rank(ctx context.Context, opt *budget.Options) (int, error) {
	if err := begin(ctx, m.shape("the rank of"), m.rows, m.cols, m.cols, false, opt); err != nil {
		return 0, err
	}
	pivots, err := toWork(m, 0).reduce(ctx, m.cols, false, opt)
	return len(pivots), err
}

// Inverse returns the inverse of m, or ErrNotSquare or ErrSingular. It
// eliminates [m | I], about n³ multiply-adds, within opt as Det does.
func (m *Matrix) Inverse(ctx context.Context, opt *budget.Options) (*Matrix, error) {
	if m.rows != m.cols {
		return nil, ErrNotSquare
	}
	n := m.rows
	if err := begin(ctx, m.shape("the inverse of"), n, 2*n, n, true, opt); err != nil {
		return nil, err
	}
	w := toWork(m, n) // [m | I]
	for i := range n {
		w.row(i)[n+i] = nimber.ToElem(1)
	}
	pivots, err := w.reduce(ctx, n, true, opt)
	if err != nil {
		return nil, err
	}
	if len(pivots) < n {
		return nil, ErrSingular
	}
	return w.matrix(n, 2*n), nil
}

// Solve returns a solution x of m·x = b, with the free variables 0, and a
// basis of the null space of m (every solution is x plus a combination of
// them). It returns ErrInconsistent when there is no solution, and works
// within opt as Det does. It panics if len(b) ≠ m.Rows().
func (m *Matrix) Solve(ctx context.Context, b []nimber.Nimber, opt *budget.Options) (x []nimber.Nimber, null [][]nimber.Nimber, err error) {
	if len(b) != m.rows {
		panic(fmt.Sprintf("nimmat: system of %d equations with %d right-hand sides", m.rows, len(b)))
	}
	if err := begin(ctx, m.shape("solving a system with"), m.rows, m.cols+1, m.cols, true, opt); err != nil {
		return nil, nil, err
	}
	// The null space has at least cols − rows vectors of cols entries;
	// writing one out counts as nullEntryCost multiply-adds.
	nullity := float64(m.cols - min(m.rows, m.cols))
	if cost, max := nullity*float64(m.cols)*nullEntryCost, opt.Max(DefaultLimit); cost > max {
		return nil, nil, &budget.TooLargeError{What: m.shape("the null space of"), Unit: "multiply-adds", Estimate: cost, Limit: max}
	}
	w := toWork(m, 1)
	for i, v := range b {
		w.row(i)[m.cols] = nimber.ToElem(v)
	}
	pivots, err := w.reduce(ctx, m.cols, true, opt)
	if err != nil {
		return nil, nil, err
	}
	// Rows past the rank have zeros in m's part; their right side must be 0.
	for r := len(pivots); r < m.rows; r++ {
		if w.row(r)[m.cols] != 0 {
			return nil, nil, ErrInconsistent
		}
	}
	x = make([]nimber.Nimber, m.cols)
	for r, c := range pivots {
		x[c] = w.row(r)[m.cols].Nimber()
	}
	return x, w.nullSpace(pivots, m.cols), nil
}
