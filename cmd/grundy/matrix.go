package main

import (
	"errors"
	"fmt"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/nimber"
	"github.com/nimbers/grundy/nimmat"
)

// matrixVerbs are the linear-algebra verbs of the nim area.
func matrixVerbs() []verb {
	const format = "FILE (or stdin): a line \"n\" or \"n m\", then the rows, one per line"
	return []verb{
		{"det", "[FILE]", "the determinant of a square matrix; " + format, `printf '2\n1 2\n3 4\n' | grundy nim det`, nimDet},
		{"permanent", "[FILE]", "the permanent of a square matrix (equal to the determinant over nimbers)", `printf '2\n1 2\n3 4\n' | grundy nim permanent`, nimDet},
		{"rank", "[FILE]", "the rank of a matrix", `printf '2 3\n1 2 3\n2 3 1\n' | grundy nim rank`, nimRank},
		{"inverse", "[FILE]", "the inverse of a square matrix, in the same format (an error if singular)", `printf '2\n1 2\n3 4\n' | grundy nim inverse`, nimInverse},
		{"solve-linear", "[FILE]", "solve A·x = b for the n×m augmented matrix [A | b]: prints a solution x on the first line, then a basis of the null space of A, one vector per line; an error if there is no solution", `printf '2 4\n1 1 0 5\n0 1 1 6\n' | grundy nim solve-linear`, nimSolveLinear},
	}
}

// nimVerbFlags are the flags of the nim verbs that take any.
func nimVerbFlags() map[string][]flag {
	b := []flag{budgetOf("multiply-adds", nimmat.DefaultLimit, "the multiply-adds, estimated first")}
	return map[string][]flag{"det": b, "permanent": b, "rank": b, "inverse": b, "solve-linear": b,
		"table": {{name: "png", arg: "FILE", kind: fileFlag, help: "a heat map of the table written to FILE (- for stdout)"}}}
}

// readMatrix reads the matrix named by the only operand, or stdin, and
// the limits of its elimination: --budget in multiply-adds, and a
// progress bar over the pivots.
func readMatrix(e *env, args []string) (*nimmat.Matrix, *budget.Options, error) {
	m, err := readInput(e, args, nimmat.Read)
	return m, &budget.Options{Limit: e.flags.limit("budget"), Progress: e.progress("pivots")}, err
}

func readSquare(e *env, args []string) (*nimmat.Matrix, *budget.Options, error) {
	m, opt, err := readMatrix(e, args)
	if err != nil {
		return nil, nil, err
	}
	if m.Rows() != m.Cols() {
		return nil, nil, fmt.Errorf("the matrix is %d×%d, not square", m.Rows(), m.Cols())
	}
	return m, opt, nil
}

func nimDet(e *env, args []string) error {
	m, opt, err := readSquare(e, args)
	if err != nil {
		return err
	}
	d, err := m.Det(e.ctx, opt)
	if err != nil {
		return tooLarge(err, "--budget")
	}
	return e.emitNimber(d)
}

func nimRank(e *env, args []string) error {
	m, opt, err := readMatrix(e, args)
	if err != nil {
		return err
	}
	r, err := m.Rank(e.ctx, opt)
	if err != nil {
		return tooLarge(err, "--budget")
	}
	return e.emit(struct {
		Rank int `json:"rank"`
	}{r}, func() { fmt.Fprintln(e.out, r) })
}

func nimInverse(e *env, args []string) error {
	m, opt, err := readSquare(e, args)
	if err != nil {
		return err
	}
	inv, err := m.Inverse(e.ctx, opt)
	if errors.Is(err, nimmat.ErrSingular) {
		return fmt.Errorf("the matrix is singular: it has no inverse")
	}
	if err != nil {
		return tooLarge(err, "--budget")
	}
	if !e.json {
		return nimmat.Write(e.out, inv)
	}
	return e.emit(map[string]*nimmat.Matrix{"inverse": inv}, nil)
}

func nimSolveLinear(e *env, args []string) error {
	m, opt, err := readMatrix(e, args)
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
	x, null, err := a.Solve(e.ctx, b, opt)
	if errors.Is(err, nimmat.ErrInconsistent) {
		return fmt.Errorf("no solution: the system is inconsistent")
	}
	if err != nil {
		return tooLarge(err, "--budget")
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
