package nimfield

import "fmt"

// MaxMatrix bounds the rows and columns of the matrices Det and Rank
// take: each step of the elimination builds the finite field of its
// entries.
const MaxMatrix = 64

// Det returns the determinant of the square matrix m of ordinals, by
// Gaussian elimination in the nim field (of characteristic 2, so it is
// also the permanent).
func Det(m [][]Ordinal) (Ordinal, error) {
	n := len(m)
	for _, row := range m {
		if len(row) != n {
			return Ordinal{}, fmt.Errorf("nimfield: a %d-row matrix with a row of %d entries is not square", n, len(row))
		}
	}
	det := Nat(1)
	r, err := eliminate(m, func(p Ordinal) error {
		var err error
		det, err = det.Mul(p)
		return err
	})
	if err != nil || r < n {
		return Ordinal{}, err
	}
	return det, nil
}

// Rank returns the rank of the matrix m of ordinals.
func Rank(m [][]Ordinal) (int, error) { return eliminate(m, nil) }

// eliminate brings a copy of m to row echelon form, calling pivot with
// each pivot, and returns the rank.
func eliminate(m [][]Ordinal, pivot func(Ordinal) error) (int, error) {
	if len(m) > MaxMatrix || len(m) > 0 && len(m[0]) > MaxMatrix {
		return 0, fmt.Errorf("nimfield: matrices of ordinals have at most %d rows and columns", MaxMatrix)
	}
	a := make([][]Ordinal, len(m))
	for i, row := range m {
		a[i] = append([]Ordinal(nil), row...)
	}
	rank := 0
	cols := 0
	if len(a) > 0 {
		cols = len(a[0])
	}
	for c := 0; c < cols && rank < len(a); c++ {
		p := -1
		for i := rank; i < len(a); i++ {
			if !a[i][c].IsZero() {
				p = i
				break
			}
		}
		if p < 0 {
			continue
		}
		a[rank], a[p] = a[p], a[rank]
		if pivot != nil {
			if err := pivot(a[rank][c]); err != nil {
				return 0, err
			}
		}
		inv, err := a[rank][c].Inv()
		if err != nil {
			return 0, err
		}
		for i := rank + 1; i < len(a); i++ {
			if a[i][c].IsZero() {
				continue
			}
			f, err := a[i][c].Mul(inv)
			if err != nil {
				return 0, err
			}
			for j := c; j < cols; j++ {
				x, err := f.Mul(a[rank][j])
				if err != nil {
					return 0, err
				}
				a[i][j] = a[i][j].Add(x) // subtraction is addition
			}
		}
		rank++
	}
	return rank, nil
}
