package nimfield

import (
	"fmt"
	"slices"

	"github.com/nimbers/grundy/nimmat"
)

// maxMatrix bounds the rows and columns of a matrix of ordinals: each
// step of the elimination builds the finite field of its entries.
const maxMatrix = 64

// det returns the determinant of the square matrix m of ordinals, by
// Gaussian elimination in the nim field (of characteristic 2, so it is
// also the permanent).
func det(m [][]Ordinal) (Ordinal, error) {
	n := len(m)
	for _, row := range m {
		if len(row) != n {
			return Ordinal{}, fmt.Errorf("nimfield: a %d-row matrix with a row of %d entries is not square", n, len(row))
		}
	}
	det := Nat(1)
	pivots, err := reduce(clone(m), n, func(p Ordinal) error {
		var err error
		det, err = det.Mul(p)
		return err
	})
	if err != nil || len(pivots) < n {
		return Ordinal{}, err
	}
	return det, nil
}

// rank returns the rank of the matrix m of ordinals.
func rank(m [][]Ordinal) (int, error) {
	cols := 0
	if len(m) > 0 {
		cols = len(m[0])
	}
	pivots, err := reduce(clone(m), cols, nil)
	return len(pivots), err
}

// clone returns a copy of m.
func clone(m [][]Ordinal) [][]Ordinal {
	a := make([][]Ordinal, len(m))
	for i, row := range m {
		a[i] = slices.Clone(row)
	}
	return a
}

// inverse returns the inverse of the square matrix m of ordinals, by
// Gauss–Jordan elimination of [m | I]. It fails with an error wrapping
// nimmat.ErrNotSquare or nimmat.ErrSingular.
func inverse(m [][]Ordinal) ([][]Ordinal, error) {
	n := len(m)
	a := make([][]Ordinal, n)
	for i, row := range m {
		if len(row) != n {
			return nil, fmt.Errorf("nimfield: a %d-row matrix with a row of %d entries: %w", n, len(row), nimmat.ErrNotSquare)
		}
		a[i] = make([]Ordinal, 2*n)
		copy(a[i], row)
		a[i][n+i] = Nat(1)
	}
	pivots, err := reduce(a, n, nil)
	if err != nil {
		return nil, err
	}
	if len(pivots) < n {
		return nil, fmt.Errorf("nimfield: %w", nimmat.ErrSingular)
	}
	for i := range a {
		a[i] = a[i][n:]
	}
	return a, nil
}

// solveLinear solves A·x = b for the augmented matrix [A | b] of
// ordinals: it returns a solution x (the free unknowns 0) and a basis of
// the null space of A. It fails with an error wrapping
// nimmat.ErrInconsistent when there is no solution.
func solveLinear(ab [][]Ordinal) (x []Ordinal, null [][]Ordinal, err error) {
	if len(ab) == 0 || len(ab[0]) < 2 {
		return nil, nil, fmt.Errorf("nimfield: a system needs a column of unknowns and the right-hand side")
	}
	cols := len(ab[0]) - 1
	a := make([][]Ordinal, len(ab))
	for i, row := range ab {
		if len(row) != cols+1 {
			return nil, nil, fmt.Errorf("nimfield: rows of %d and %d entries", cols+1, len(row))
		}
		a[i] = append([]Ordinal(nil), row...)
	}
	pivots, err := reduce(a, cols+1, nil)
	if err != nil {
		return nil, nil, err
	}
	if k := len(pivots); k > 0 && pivots[k-1] == cols {
		return nil, nil, fmt.Errorf("nimfield: %w", nimmat.ErrInconsistent)
	}
	x = make([]Ordinal, cols)
	isPivot := make([]bool, cols)
	for i, c := range pivots {
		x[c] = a[i][cols]
		isPivot[c] = true
	}
	for f := range cols {
		if isPivot[f] {
			continue
		}
		v := make([]Ordinal, cols)
		v[f] = Nat(1)
		for i, c := range pivots {
			v[c] = a[i][f] // −a[i][f]: the field has characteristic 2
		}
		null = append(null, v)
	}
	return x, null, nil
}

// reduce brings a, in place, to reduced row echelon form in its first
// cols columns (each pivot 1, alone in its column), calling pivot with
// each pivot before it is made 1, and returns the columns of the pivots,
// row by row.
func reduce(a [][]Ordinal, cols int, pivot func(Ordinal) error) ([]int, error) {
	if len(a) > maxMatrix || cols > 2*maxMatrix || len(a) > 0 && len(a[0]) > 2*maxMatrix+1 {
		return nil, fmt.Errorf("nimfield: matrices of ordinals have at most %d rows and columns", maxMatrix)
	}
	var pivots []int
	for c := 0; c < cols && len(pivots) < len(a); c++ {
		r := len(pivots)
		p := slices.IndexFunc(a[r:], func(row []Ordinal) bool { return !row[c].IsZero() })
		if p < 0 {
			continue
		}
		a[r], a[r+p] = a[r+p], a[r]
		if pivot != nil {
			if err := pivot(a[r][c]); err != nil {
				return nil, err
			}
		}
		inv, err := a[r][c].Inv()
		if err != nil {
			return nil, err
		}
		for j := range a[r] {
			if a[r][j], err = a[r][j].Mul(inv); err != nil {
				return nil, err
			}
		}
		for i := range a {
			if i == r || a[i][c].IsZero() {
				continue
			}
			f := a[i][c]
			for j := range a[i] {
				y, err := f.Mul(a[r][j])
				if err != nil {
					return nil, err
				}
				a[i][j] = a[i][j].Add(y)
			}
		}
		pivots = append(pivots, c)
	}
	return pivots, nil
}
