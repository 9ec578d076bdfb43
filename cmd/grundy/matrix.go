package main

import (
	"fmt"
	"os"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/internal/cli"
	"github.com/nimbers/grundy/internal/scan"
	"github.com/nimbers/grundy/nimfield"
	"github.com/nimbers/grundy/nimmat"
)

// matrixVerbs are the linear-algebra verbs of the nim area.
func matrixVerbs() []cli.Verb {
	const format = "FILE (or stdin): a line \"n\" or \"n m\", then the rows, one per line"
	return []cli.Verb{
		{Name: "det", Summary: "the determinant of a square matrix; " + format, Run: matrixVerb(nimDet)},
		{Name: "permanent", Run: matrixVerb(nimDet)},
		{Name: "rank", Run: matrixVerb(nimRank)},
		{Name: "inverse", Run: matrixVerb(nimInverse)},
		{Name: "solve-linear", Run: matrixVerb(nimSolveLinear)},
	}
}

// nimVerbFlags are the flags of the nim verbs that take any.
func nimVerbFlags() map[string][]cli.Flag {
	b := []cli.Flag{cli.BudgetFlag("multiply-adds", nimmat.DefaultLimit, "the multiply-adds, estimated first")}
	return map[string][]cli.Flag{"det": b, "permanent": b, "rank": b, "inverse": b, "solve-linear": b,
		"table": {{Name: "png", Arg: "FILE", Kind: cli.File, Help: "a heat map of the table written to FILE (- for stdout)"}}}
}

// matrixVerb reads the matrix named by the only operand, or stdin, and
// runs f on it within --budget (multiply-adds) and a progress bar over
// the pivots.
func matrixVerb(f func(*cli.Env, *nimfield.Matrix, *budget.Options) error) func(*cli.Env, []string) error {
	return func(e *cli.Env, args []string) error {
		r, name := e.Stdin, "stdin"
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
			return cli.WantOperands("at most 1 operand (a matrix file)", len(args))
		}
		m, err := nimfield.ReadMatrix(r, name)
		if err != nil {
			return err
		}
		return cli.TooLarge(f(e, m, &budget.Options{Limit: e.Flags.Limit("budget"), Progress: e.Progress("pivots")}), "--budget")
	}
}

func nimDet(e *cli.Env, m *nimfield.Matrix, opt *budget.Options) error {
	d, err := m.Det(e.Ctx, opt)
	if err != nil {
		return err
	}
	return emitValue(e, d)
}

func nimRank(e *cli.Env, m *nimfield.Matrix, opt *budget.Options) error {
	r, err := m.Rank(e.Ctx, opt)
	if err != nil {
		return err
	}
	return e.Emit(struct {
		Rank int `json:"rank"`
	}{r}, func() { fmt.Fprintln(e.Out, r) })
}

func nimInverse(e *cli.Env, m *nimfield.Matrix, opt *budget.Options) error {
	inv, err := m.Inverse(e.Ctx, opt)
	if err != nil {
		return err
	}
	return e.Emit(map[string]*nimfield.Matrix{"inverse": inv}, func() { inv.WriteTo(e.Out) })
}

func nimSolveLinear(e *cli.Env, m *nimfield.Matrix, opt *budget.Options) error {
	s, err := m.SolveLinear(e.Ctx, opt)
	if err != nil {
		return err
	}
	return e.Emit(s, func() { s.WriteTo(e.Out) })
}
