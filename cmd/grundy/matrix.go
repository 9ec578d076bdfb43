package main

import (
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
		{Name: "det", Summary: "the determinant of a square matrix; " + format, Run: matrixVerb("det")},
		{Name: "permanent", Run: matrixVerb("permanent")},
		{Name: "rank", Run: matrixVerb("rank")},
		{Name: "inverse", Run: matrixVerb("inverse")},
		{Name: "solve-linear", Run: matrixVerb("solve-linear")},
	}
}

// nimVerbFlags are the flags of the nim verbs that take any.
func nimVerbFlags() map[string][]cli.Flag {
	b := []cli.Flag{cli.BudgetFlag("multiply-adds", nimmat.DefaultLimit, "the multiply-adds, estimated first")}
	return map[string][]cli.Flag{"det": b, "permanent": b, "rank": b, "inverse": b, "solve-linear": b,
		"table": {{Name: "png", Arg: "FILE", Kind: cli.File, Help: "a heat map of the table written to FILE (- for stdout)"}}}
}

// matrixVerb reads the matrix named by the only operand, or stdin, and
// prints nimfield.Matrix.Calc(op) within --budget (multiply-adds) and a
// progress bar over the pivots.
func matrixVerb(op string) func(*cli.Env, []string) error {
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
		res, err := m.Calc(e.Ctx, op, &budget.Options{Limit: e.Flags.Limit("budget"), Progress: e.Progress("pivots")})
		if err != nil {
			return cli.TooLarge(err, "--budget")
		}
		return e.EmitTo(res)
	}
}
