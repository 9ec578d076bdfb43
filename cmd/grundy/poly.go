package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/internal/cli"
	"github.com/nimbers/grundy/internal/scan"
	"github.com/nimbers/grundy/nimber"
	"github.com/nimbers/grundy/nimpoly"
	"github.com/nimbers/grundy/sps"
)

// maxCoefficients bounds the values read from one polynomial or series file.
const maxCoefficients = 1 << 24

// maxRootsDegree bounds the degree for "poly roots", whose gcds are
// quadratic in the degree.
const maxRootsDegree = 1 << 14

const coefficientFormat = "coefficients decimal or 0x-hex, separated by spaces or newlines, constant term first"

func polyArea() cli.Command {
	return cli.Command{Name: "poly", More: []string{"files: " + coefficientFormat}, Verbs: []cli.Verb{
		{Name: "mul", Run: polyVerb(2, "coefficients", func(_ *cli.Env, p [][]nimber.Nimber, _ []string) ([]nimber.Nimber, error) {
			return nimpoly.Poly(p[0]).Mul(p[1]), nil
		})},
		{Name: "divmod", Run: polyDivMod},
		{Name: "gcd", Run: polyVerb(2, "coefficients", func(e *cli.Env, p [][]nimber.Nimber, _ []string) ([]nimber.Nimber, error) {
			g, err := nimpoly.GCD(e.Ctx, p[0], p[1], &budget.Options{Limit: e.Flags.Limit("budget")})
			return g, cli.TooLarge(err, "--budget")
		})},
		{Name: "roots", Run: polyVerb(1, "roots", polyRoots)},
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

// readFiles reads exactly n files of values named by the operands.
func readFiles(args []string, n int, what string) ([][]nimber.Nimber, error) {
	return readEach(args, n, func(path string, r io.Reader) ([]nimber.Nimber, error) {
		return scan.New(path, r).All(what, maxCoefficients)
	})
}

// readEach reads each of exactly n files named by the operands with read.
func readEach[T any](args []string, n int, read func(path string, r io.Reader) (T, error)) ([]T, error) {
	if len(args) != n {
		return nil, cli.WantOperands(fmt.Sprintf("%d file operand%s", n, cli.Plural(n)), len(args))
	}
	out := make([]T, n)
	for i, path := range args {
		err := scan.ReadFile(path, math.MaxInt64, func(r io.Reader) (err error) {
			out[i], err = read(path, r)
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

func polyDivMod(e *cli.Env, args []string) error {
	p, err := readFiles(args, 2, "coefficient")
	if err != nil {
		return err
	}
	q, r, err := nimpoly.DivMod(p[0], p[1])
	if errors.Is(err, nimpoly.ErrZeroDivisor) {
		return fmt.Errorf("division by the zero polynomial (%s)", args[1])
	}
	return e.Emit(map[string]nimpoly.Poly{"quotient": q, "remainder": r}, func() {
		for _, v := range []nimpoly.Poly{q, r} {
			if len(v) == 0 {
				v = nimpoly.Poly{0}
			}
			e.Out.Write(appendRow(nil, v))
		}
	})
}

// appendRow appends values on one line, separated by blanks.
func appendRow(b []byte, xs []nimber.Nimber) []byte {
	for i, x := range xs {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendUint(b, uint64(x), 10)
	}
	return append(b, '\n')
}

// polyVerb reads the polynomials of the n file operands and prints the
// coefficients or roots f returns: one per line (0 for the zero
// polynomial), or {key: ["…", …]}.
func polyVerb(n int, key string, f func(e *cli.Env, p [][]nimber.Nimber, files []string) ([]nimber.Nimber, error)) func(*cli.Env, []string) error {
	return func(e *cli.Env, args []string) error {
		p, err := readFiles(args, n, "coefficient")
		if err != nil {
			return err
		}
		xs, err := f(e, p, args)
		if err != nil {
			return err
		}
		return emitNimbers(e, key, xs, func() {
			if len(xs) == 0 && key == "coefficients" {
				xs = []nimber.Nimber{0}
			}
			writeLines(e.Commit(), xs)
		})
	}
}

func polyRoots(e *cli.Env, p [][]nimber.Nimber, files []string) ([]nimber.Nimber, error) {
	if d := nimpoly.Poly(p[0]).Degree(); d > maxRootsDegree {
		return nil, fmt.Errorf("%s: degree %d is above the %d that poly roots handles", files[0], d, maxRootsDegree)
	}
	roots, err := nimpoly.Roots(e.Ctx, p[0])
	if errors.Is(err, nimpoly.ErrZeroPoly) {
		return nil, fmt.Errorf("%s is the zero polynomial: every nimber is a root", files[0])
	}
	return roots, err
}

// spsVerb reads the series of the n file operands within --max-memory
// (stopping at once past it) and prints op's result, one coefficient per
// line; op's failure names the file of a verb of one operand.
func spsVerb(n int, op func(context.Context, []sps.Series, *budget.Options) (sps.Series, error)) func(*cli.Env, []string) error {
	return func(e *cli.Env, args []string) error {
		opt := &budget.Options{Limit: e.Flags.Limit("max-memory")}
		f, err := readEach(args, n, func(path string, r io.Reader) (sps.Series, error) { return sps.Read(r, path, opt) })
		if err != nil {
			return cli.TooLarge(err, "--max-memory")
		}
		g, err := op(e.Ctx, f, opt)
		if err = cli.TooLarge(err, "--max-memory"); err != nil && n == 1 {
			return fmt.Errorf("%s: %w", args[0], err)
		} else if err != nil {
			return err
		}
		return emitNimbers(e, "coefficients", g, func() { writeLines(e.Commit(), g) })
	}
}

// unarySeries is op on the one series of a verb.
func unarySeries(op func(context.Context, sps.Series, *budget.Options) (sps.Series, error)) func(context.Context, []sps.Series, *budget.Options) (sps.Series, error) {
	return func(ctx context.Context, f []sps.Series, opt *budget.Options) (sps.Series, error) {
		return op(ctx, f[0], opt)
	}
}

func spsCliques(e *cli.Env, args []string) error {
	opt := &budget.Options{Limit: e.Flags.Limit("max-memory")}
	p, err := readFiles(args, 1, "clique value")
	if err != nil {
		return err
	}
	if len(p[0]) == 0 {
		return fmt.Errorf("%s: no clique values", args[0])
	}
	sizes, err := sps.Cliques(e.Ctx, p[0], opt)
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
