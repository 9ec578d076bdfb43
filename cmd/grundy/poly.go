package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/nimbers/grundy/budget"
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

func polyArea() area {
	return area{
		name:    "poly",
		summary: "polynomials with nimber coefficients",
		more:    []string{"files: " + coefficientFormat},
		verbs: []verb{
			{"mul", "FILE_A FILE_B", "the product of two polynomials, one coefficient per line (0 for the zero polynomial)", `printf '1 1 1\n' > p.txt; printf '2 1\n' > q.txt; grundy poly mul p.txt q.txt`, polyVerb(2, "coefficients", func(_ *env, p [][]nimber.Nimber, _ []string) ([]nimber.Nimber, error) {
				return nimpoly.Poly(p[0]).Mul(p[1]), nil
			})},
			{"divmod", "FILE_A FILE_B", "the quotient on the first line and the remainder on the second, coefficients separated by spaces", `printf '1 1 1\n' > p.txt; printf '2 1\n' > q.txt; grundy poly divmod p.txt q.txt`, polyDivMod},
			{"gcd", "FILE_A FILE_B", "the monic greatest common divisor, one coefficient per line", `printf '1 0 1\n' > p.txt; printf '1 1\n' > q.txt; grundy poly gcd p.txt q.txt`, polyVerb(2, "coefficients", func(e *env, p [][]nimber.Nimber, _ []string) ([]nimber.Nimber, error) {
				g, err := nimpoly.GCD(e.ctx, p[0], p[1], &budget.Options{Limit: e.flags.limit("budget")})
				return g, tooLarge(err, "--budget")
			})},
			{"roots", "FILE", "the distinct roots in GF(2^64), one per line, in increasing order", `printf '1 1 1\n' | grundy poly roots /dev/stdin`, polyVerb(1, "roots", polyRoots)},
		},
		verbFlags: map[string][]flag{"gcd": {budgetOf("multiply-adds", nimpoly.DefaultLimit, "the multiply-adds")}},
	}
}

func spsArea() area {
	return area{
		name:    "sps",
		summary: "set power series and binomial convolution",
		more:    []string{"files: 2^n " + coefficientFormat},
		flags:   []flag{memoryOf(budget.DefaultMemory, "the memory, estimated before the work: about (2n+8)·2^n·8 bytes for 2^n coefficients; 4G admits 2^23")},
		verbs: []verb{
			{"exp", "FILE", "the exponential under binomial convolution: g_0 = 1, g_(m+1) = ⊕_{i⊆m} g_i⊗f_(m+1−i); f_0 must be 0", `printf '0 1 2 3 4 5 6 7\n' | grundy sps exp /dev/stdin`, spsVerb(1, unarySeries(sps.BinomialExp))},
			{"log", "FILE", "the inverse of sps exp; g_0 must be 1", `printf '1 1 2 3 4 5 6 7\n' | grundy sps log /dev/stdin`, spsVerb(1, unarySeries(sps.BinomialLog))},
			{"set-exp", "FILE", "the exponential of a set power series: the sum over the set partitions of each set S of the products over the blocks; f(∅) must be 0", `printf '0 1 2 3 4 5 6 7\n' | grundy sps set-exp /dev/stdin`, spsVerb(1, unarySeries(sps.Exp))},
			{"set-log", "FILE", "the inverse of sps set-exp; g(∅) must be 1", `printf '1 1 2 3 4 5 6 7\n' | grundy sps set-log /dev/stdin`, spsVerb(1, unarySeries(sps.Log))},
			{"conv", "FILE_A FILE_B", "the subset convolution h(S) = ⊕_{T⊆S} f(T)⊗g(S∖T)", `printf '0 1 2 3\n' > f.txt; printf '1 1 2 3\n' > g.txt; grundy sps conv f.txt g.txt`, spsVerb(2, func(ctx context.Context, f []sps.Series, opt *budget.Options) (sps.Series, error) {
				return sps.SubsetConv(ctx, f[0], f[1], opt)
			})},
			{"cliques", "FILE", "given f_1..f_n, the values of cliques of each size: for every m ≤ n the line \"m sum w\", sum the nim-sum over all graphs on m labelled vertices made of cliques of ⊗ f_size, and w the value f_m must take for that sum to be 0", `printf '1 2 3 4 5\n' | grundy sps cliques /dev/stdin`, spsCliques},
		},
	}
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
		return nil, errOperands(fmt.Sprintf("%d file operand%s", n, plural(n)), len(args))
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

func polyDivMod(e *env, args []string) error {
	p, err := readFiles(args, 2, "coefficient")
	if err != nil {
		return err
	}
	q, r, err := nimpoly.DivMod(p[0], p[1])
	if errors.Is(err, nimpoly.ErrZeroDivisor) {
		return fmt.Errorf("division by the zero polynomial (%s)", args[1])
	}
	return e.emit(map[string]nimpoly.Poly{"quotient": q, "remainder": r}, func() {
		for _, v := range []nimpoly.Poly{q, r} {
			if len(v) == 0 {
				v = nimpoly.Poly{0}
			}
			e.out.Write(appendRow(nil, v))
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
func polyVerb(n int, key string, f func(e *env, p [][]nimber.Nimber, files []string) ([]nimber.Nimber, error)) func(*env, []string) error {
	return func(e *env, args []string) error {
		p, err := readFiles(args, n, "coefficient")
		if err != nil {
			return err
		}
		xs, err := f(e, p, args)
		if err != nil {
			return err
		}
		return e.emitNimbers(key, xs, func() {
			if len(xs) == 0 && key == "coefficients" {
				xs = []nimber.Nimber{0}
			}
			writeLines(e.commit(), xs)
		})
	}
}

func polyRoots(e *env, p [][]nimber.Nimber, files []string) ([]nimber.Nimber, error) {
	if d := nimpoly.Poly(p[0]).Degree(); d > maxRootsDegree {
		return nil, fmt.Errorf("%s: degree %d is above the %d that poly roots handles", files[0], d, maxRootsDegree)
	}
	roots, err := nimpoly.Roots(e.ctx, p[0])
	if errors.Is(err, nimpoly.ErrZeroPoly) {
		return nil, fmt.Errorf("%s is the zero polynomial: every nimber is a root", files[0])
	}
	return roots, err
}

// spsVerb reads the series of the n file operands within --max-memory
// (stopping at once past it) and prints op's result, one coefficient per
// line; op's failure names the file of a verb of one operand.
func spsVerb(n int, op func(context.Context, []sps.Series, *budget.Options) (sps.Series, error)) func(*env, []string) error {
	return func(e *env, args []string) error {
		opt := &budget.Options{Limit: e.flags.limit("max-memory")}
		f, err := readEach(args, n, func(path string, r io.Reader) (sps.Series, error) { return sps.Read(r, path, opt) })
		if err != nil {
			return tooLarge(err, "--max-memory")
		}
		g, err := op(e.ctx, f, opt)
		if err = tooLarge(err, "--max-memory"); err != nil && n == 1 {
			return fmt.Errorf("%s: %w", args[0], err)
		} else if err != nil {
			return err
		}
		return e.emitNimbers("coefficients", g, func() { writeLines(e.commit(), g) })
	}
}

// unarySeries is op on the one series of a verb.
func unarySeries(op func(context.Context, sps.Series, *budget.Options) (sps.Series, error)) func(context.Context, []sps.Series, *budget.Options) (sps.Series, error) {
	return func(ctx context.Context, f []sps.Series, opt *budget.Options) (sps.Series, error) {
		return op(ctx, f[0], opt)
	}
}

func spsCliques(e *env, args []string) error {
	opt := &budget.Options{Limit: e.flags.limit("max-memory")}
	p, err := readFiles(args, 1, "clique value")
	if err != nil {
		return err
	}
	if len(p[0]) == 0 {
		return fmt.Errorf("%s: no clique values", args[0])
	}
	sizes, err := sps.Cliques(e.ctx, p[0], opt)
	if err != nil {
		return tooLarge(err, "--max-memory")
	}
	return e.emit(map[string][]sps.CliqueSum{"sizes": sizes}, func() {
		w := e.commit()
		for _, s := range sizes {
			fmt.Fprintf(w, "%d %d %d\n", s.M, uint64(s.Sum), uint64(s.Fix))
		}
	})
}
