package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/nimbers/grundy/nimber"
	"github.com/nimbers/grundy/nimmat"
)

// matrixVerbs are the linear-algebra verbs of the nim area.
func matrixVerbs() []verb {
	const format = "FILE (or stdin): a line \"n\" or \"n m\", then the rows, one per line"
	return []verb{
		{"det", "[FILE]", "the determinant of a square matrix; " + format, "grundy nim det testdata/m3.txt", nimDet},
		{"permanent", "[FILE]", "the permanent of a square matrix (equal to the determinant over nimbers)", "grundy nim permanent testdata/m3.txt", nimDet},
		{"rank", "[FILE]", "the rank of a matrix", "grundy nim rank testdata/m3.txt", nimRank},
		{"inverse", "[FILE]", "the inverse of a square matrix, in the same format (an error if singular)", "grundy nim inverse testdata/m3.txt", nimInverse},
		{"solve-linear", "[FILE]", "solve A·x = b for the n×m augmented matrix [A | b]: prints a solution x on the first line, then a basis of the null space of A, one vector per line; an error if there is no solution", "grundy nim solve-linear testdata/system.txt", nimSolveLinear},
	}
}

// readMatrix reads the matrix named by the only operand, or stdin.
func readMatrix(e *env, args []string) (*nimmat.Matrix, error) {
	switch len(args) {
	case 0:
		return nimmat.Read(e.stdin, "stdin")
	case 1:
		f, err := os.Open(args[0])
		if err != nil {
			return nil, fileError(err)
		}
		defer f.Close()
		return nimmat.Read(f, args[0])
	}
	return nil, errOperands("at most 1 operand (a matrix file)", len(args))
}

func readSquare(e *env, args []string) (*nimmat.Matrix, error) {
	m, err := readMatrix(e, args)
	if err != nil {
		return nil, err
	}
	if m.Rows() != m.Cols() {
		return nil, fmt.Errorf("the matrix is %d×%d, not square", m.Rows(), m.Cols())
	}
	return m, nil
}

func nimDet(e *env, args []string) error {
	m, err := readSquare(e, args)
	if err != nil {
		return err
	}
	d, err := m.Det()
	if err != nil {
		return err
	}
	return e.emitNimber(d)
}

func nimRank(e *env, args []string) error {
	m, err := readMatrix(e, args)
	if err != nil {
		return err
	}
	r := m.Rank()
	return e.emit(struct {
		Rank int `json:"rank"`
	}{r}, func() { fmt.Fprintln(e.out, r) })
}

func nimInverse(e *env, args []string) error {
	m, err := readSquare(e, args)
	if err != nil {
		return err
	}
	inv, err := m.Inverse()
	if errors.Is(err, nimmat.ErrSingular) {
		return fmt.Errorf("the matrix is singular: it has no inverse")
	}
	if err != nil {
		return err
	}
	if e.json {
		return e.emit(struct {
			Inverse [][]decimal `json:"inverse"`
		}{matrixRows(inv)}, nil)
	}
	return nimmat.Write(e.out, inv)
}

func nimSolveLinear(e *env, args []string) error {
	m, err := readMatrix(e, args)
	if err != nil {
		return err
	}
	if m.Cols() < 2 {
		return fmt.Errorf("the augmented matrix [A | b] needs at least 2 columns, got %d", m.Cols())
	}
	n, k := m.Rows(), m.Cols()-1
	a, b := nimmat.New(n, k), make([]nimber.Nimber, n)
	for i := range n {
		copy(a.Row(i), m.Row(i)[:k])
		b[i] = m.At(i, k)
	}
	x, null, err := a.Solve(b)
	if errors.Is(err, nimmat.ErrInconsistent) {
		return fmt.Errorf("no solution: the system is inconsistent")
	}
	if err != nil {
		return err
	}
	nullSpace := make([][]decimal, len(null))
	for i, v := range null {
		nullSpace[i] = decimals(v)
	}
	return e.emit(struct {
		Solution  []decimal   `json:"solution"`
		NullSpace [][]decimal `json:"null_space"`
	}{decimals(x), nullSpace}, func() {
		nimmat.WriteVector(e.out, x)
		for _, v := range null {
			nimmat.WriteVector(e.out, v)
		}
	})
}

// matrixRows returns the rows of m for JSON.
func matrixRows(m *nimmat.Matrix) [][]decimal {
	rows := make([][]decimal, m.Rows())
	for i := range rows {
		rows[i] = decimals(m.Row(i))
	}
	return rows
}
