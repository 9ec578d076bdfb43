package main

import (
	"context"
	"fmt"
	"io"
	"math"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/internal/cli"
	"github.com/nimbers/grundy/internal/scan"
	"github.com/nimbers/grundy/nimber"
	"github.com/nimbers/grundy/nimpoly"
	"github.com/nimbers/grundy/sps"
)

// maxRootsDegree bounds the degree for "poly roots", whose gcds are
// quadratic in the degree.
const maxRootsDegree = 1 << 14

const coefficientFormat = "coefficients decimal or 0x-hex, separated by spaces or newlines, constant term first"

// Ns abbreviates the coefficients and roots the poly and sps verbs read
// and print.
type Ns = []nimber.Nimber

func polyArea() cli.Command {
	return cli.Command{Name: "poly", More: []string{"files: " + coefficientFormat}, Verbs: []cli.Verb{
		{Name: "mul", Run: fileVerb(2, "coefficients", readPoly, func(_ *cli.Env, p []nimpoly.Poly, _ []string) (Ns, error) {
			return p[0].Mul(p[1]), nil
		})},
		{Name: "divmod", Run: polyDivMod},
		{Name: "gcd", Run: fileVerb(2, "coefficients", readPoly, func(e *cli.Env, p []nimpoly.Poly, _ []string) (Ns, error) {
			g, err := nimpoly.GCD(e.Ctx, p[0], p[1], &budget.Options{Limit: e.Flags.Limit("budget")})
			return g, cli.TooLarge(err, "--budget")
		})},
		{Name: "roots", Run: fileVerb(1, "roots", readPoly, polyRoots)},
	}, VerbFlags: map[string][]cli.Flag{"gcd": {cli.BudgetFlag("multiply-adds", nimpoly.DefaultLimit, "the multiply-adds")}}}
}

func spsArea() cli.Command {
	mem := cli.MemoryFlag(budget.DefaultMemory, "the memory, estimated before the work: about (2n+8)·2^n·8 bytes for 2^n coefficients; 4G admits 2^23")
	return cli.Command{Name: "sps", More: []string{"files: 2^n " + coefficientFormat}, Flags: []cli.Flag{mem}, Verbs: []cli.Verb{
		{Name: "exp", Run: spsVerb(1, unarySeries(sps.BinomialExp))},
		{Name: "log", Run: spsVerb(1, unarySeries(sps.BinomialLog))},
		{Name: "set-exp", Run: spsVerb(1, unarySeries(sps.Exp))},
		{Name: "set-log", Run: spsVerb(1, unarySeries(sps.Log))},
		{Name: "conv", Run: spsVerb(2, func(ctx context.Context, f []sps.Series, opt *budget.Options) (sps.Series, error) {
			return sps.SubsetConv(ctx, f[0], f[1], opt)
		})},
		{Name: "cliques", Run: spsCliques},
	}}
}

// readPoly reads a polynomial file.
func readPoly(_ *cli.Env, r io.Reader, path string) (nimpoly.Poly, error) {
	return nimpoly.Read(r, path)
}

// readEach reads each of exactly n files named by the operands with read.
func readEach[T any](args []string, n int, read func(r io.Reader, path string) (T, error)) ([]T, error) {
	if len(args) != n {
		return nil, cli.WantOperands(fmt.Sprintf("%d file operand%s", n, cli.Plural(n)), len(args))
	}
	out := make([]T, n)
	for i, path := range args {
		err := scan.ReadFile(path, math.MaxInt64, func(r io.Reader) (err error) {
			out[i], err = read(r, path)
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// fileVerb reads the n file operands with read and prints the nimbers f
// returns: one per line (0 for the zero polynomial of the key
// "coefficients"), or {key: ["…", …]}.
func fileVerb[T any](n int, key string, read func(*cli.Env, io.Reader, string) (T, error), f func(e *cli.Env, x []T, files []string) (Ns, error)) func(*cli.Env, []string) error {
	return func(e *cli.Env, args []string) error {
		x, err := readEach(args, n, func(r io.Reader, path string) (T, error) { return read(e, r, path) })
		if err != nil {
			return err
		}
		xs, err := f(e, x, args)
		if err != nil {
			return err
		}
		return emitNimbers(e, key, xs, func() {
			if len(xs) == 0 && key == "coefficients" {
				xs = Ns{0}
			}
			writeLines(e.Commit(), xs)
		})
	}
}

func polyDivMod(e *cli.Env, args []string) error {
	p, err := readEach(args, 2, nimpoly.Read)
	if err != nil {
		return err
	}
	q, r, err := nimpoly.DivMod(p[0], p[1])
	if err != nil { // b is zero
		return fmt.Errorf("division by the zero polynomial (%s)", args[1])
	}
	return e.Emit(map[string]nimpoly.Poly{"quotient": q, "remainder": r}, func() {
		q.WriteTo(e.Out)
		r.WriteTo(e.Out)
	})
}

func polyRoots(e *cli.Env, p []nimpoly.Poly, files []string) (Ns, error) {
	switch d := p[0].Degree(); {
	case d > maxRootsDegree:
		return nil, fmt.Errorf("%s: degree %d is above the %d that poly roots handles", files[0], d, maxRootsDegree)
	case d < 0:
		return nil, fmt.Errorf("%s is the zero polynomial: every nimber is a root", files[0])
	}
	return nimpoly.Roots(e.Ctx, p[0])
}

// spsVerb reads the series of the n file operands within --max-memory
// (stopping at once past it) and prints op's result, one coefficient per
// line; op's failure names the file of a verb of one operand.
func spsVerb(n int, op func(context.Context, []sps.Series, *budget.Options) (sps.Series, error)) func(*cli.Env, []string) error {
	read := func(e *cli.Env, r io.Reader, path string) (sps.Series, error) {
		s, err := sps.Read(r, path, &budget.Options{Limit: e.Flags.Limit("max-memory")})
		return s, cli.TooLarge(err, "--max-memory")
	}
	return fileVerb(n, "coefficients", read, func(e *cli.Env, f []sps.Series, files []string) (Ns, error) {
		g, err := op(e.Ctx, f, &budget.Options{Limit: e.Flags.Limit("max-memory")})
		if err = cli.TooLarge(err, "--max-memory"); err != nil && n == 1 {
			return nil, fmt.Errorf("%s: %w", files[0], err)
		}
		return g, err
	})
}

// unarySeries is op on the one series of a verb.
func unarySeries(op func(context.Context, sps.Series, *budget.Options) (sps.Series, error)) func(context.Context, []sps.Series, *budget.Options) (sps.Series, error) {
	return func(ctx context.Context, f []sps.Series, opt *budget.Options) (sps.Series, error) {
		return op(ctx, f[0], opt)
	}
}

func spsCliques(e *cli.Env, args []string) error {
	p, err := readEach(args, 1, func(r io.Reader, path string) (Ns, error) {
		return scan.New(path, r).All("clique value", 1<<24)
	})
	if err != nil {
		return err
	}
	if len(p[0]) == 0 {
		return fmt.Errorf("%s: no clique values", args[0])
	}
	sizes, err := sps.Cliques(e.Ctx, p[0], &budget.Options{Limit: e.Flags.Limit("max-memory")})
	if err != nil {
		return cli.TooLarge(err, "--max-memory")
	}
	return e.Emit(map[string][]sps.CliqueSum{"sizes": sizes}, func() {
		w := e.Commit()
		for _, s := range sizes {
			fmt.Fprintf(w, "%d %d %d\n", s.M, uint64(s.Sum), uint64(s.Fix))
		}
	})
}
