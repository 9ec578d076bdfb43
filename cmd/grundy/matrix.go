package main

import (
	"fmt"
	"os"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/internal/scan"
	"github.com/nimbers/grundy/nimfield"
	"github.com/nimbers/grundy/nimmat"
)

// matrixVerbs are the linear-algebra verbs of the nim area.
func matrixVerbs() []verb {
	const format = "FILE (or stdin): a line \"n\" or \"n m\", then the rows, one per line"
	return []verb{
		{"det", "[FILE]", "the determinant of a square matrix; " + format, `printf '2\n1 2\n3 4\n' | grundy nim det`, matrixVerb(nimDet)},
		{"permanent", "[FILE]", "the permanent of a square matrix (equal to the determinant over nimbers)", `printf '2\n1 2\n3 4\n' | grundy nim permanent`, matrixVerb(nimDet)},
		{"rank", "[FILE]", "the rank of a matrix", `printf '2 3\n1 2 3\n2 3 1\n' | grundy nim rank`, matrixVerb(nimRank)},
		{"inverse", "[FILE]", "the inverse of a square matrix, in the same format (an error if singular)", `printf '2\n1 2\n3 4\n' | grundy nim inverse`, matrixVerb(nimInverse)},
		{"solve-linear", "[FILE]", "solve A·x = b for the n×m augmented matrix [A | b]: prints a solution x on the first line, then a basis of the null space of A, one vector per line; an error if there is no solution", `printf '2 4\n1 1 0 5\n0 1 1 6\n' | grundy nim solve-linear`, matrixVerb(nimSolveLinear)},
	}
}

// nimVerbFlags are the flags of the nim verbs that take any.
func nimVerbFlags() map[string][]flag {
	b := []flag{budgetOf("multiply-adds", nimmat.DefaultLimit, "the multiply-adds, estimated first")}
	return map[string][]flag{"det": b, "permanent": b, "rank": b, "inverse": b, "solve-linear": b,
		"table": {{name: "png", arg: "FILE", kind: fileFlag, help: "a heat map of the table written to FILE (- for stdout)"}}}
}

// matrixVerb reads the matrix named by the only operand, or stdin, and
// runs f on it within --budget (multiply-adds) and a progress bar over
// the pivots.
func matrixVerb(f func(*env, *nimfield.Matrix, *budget.Options) error) func(*env, []string) error {
	return func(e *env, args []string) error {
		r, name := e.stdin, "stdin"
		switch len(args) {
		case 0:
		case 1:
			file, err := os.Open(args[0])
			if err != nil {
				return scan.PathError(err)
			}
			defer file.Close()
			r, name = file, args[0]
		default:
			return errOperands("at most 1 operand (a matrix file)", len(args))
		}
		m, err := nimfield.ReadMatrix(r, name)
		if err != nil {
			return err
		}
		return tooLarge(f(e, m, &budget.Options{Limit: e.flags.limit("budget"), Progress: e.progress("pivots")}), "--budget")
	}
}

func nimDet(e *env, m *nimfield.Matrix, opt *budget.Options) error {
	d, err := m.Det(e.ctx, opt)
	if err != nil {
		return err
	}
	return e.emitValue(d)
}

func nimRank(e *env, m *nimfield.Matrix, opt *budget.Options) error {
	r, err := m.Rank(e.ctx, opt)
	if err != nil {
		return err
	}
	return e.emit(struct {
		Rank int `json:"rank"`
	}{r}, func() { fmt.Fprintln(e.out, r) })
}

func nimInverse(e *env, m *nimfield.Matrix, opt *budget.Options) error {
	inv, err := m.Inverse(e.ctx, opt)
	if err != nil {
		return err
	}
	return e.emit(map[string]*nimfield.Matrix{"inverse": inv}, func() { inv.WriteTo(e.out) })
}

func nimSolveLinear(e *env, m *nimfield.Matrix, opt *budget.Options) error {
	s, err := m.SolveLinear(e.ctx, opt)
	if err != nil {
		return err
	}
	return e.emit(s, func() { s.WriteTo(e.out) })
}
