// Package sps is set power series over the nimbers: functions f(S) on the
// subsets S of an n-element set, stored as f[S] for the bit mask S, with
// the subset convolution
//
//	(f * g)(S) = ⊕_{T ⊆ S} f(T) ⊗ g(S ∖ T)
//
// and two exponentials.
//
// Exp and Log are the exponential of a set power series over set
// partitions: Exp(f)(S) = ⊕ over the partitions of S into blocks B of
// ⊗ f(B).
//
// BinomialExp and BinomialLog are the exponential of a sequence
// under binomial convolution: modulo 2, C(m, i) is 1 exactly when the bits
// of i are among those of m, so the binomial convolution of sequences is
// the subset convolution of their indices, and the exponential generating
// function exp(Σ f_i x^i/i!) has the coefficients
//
//	g_0 = 1, g_(m+1) = ⊕_{i ⊆ m} g_i ⊗ f_(m+1−i),
//
// the sum over the set partitions of m labelled elements of the products
// of f_(block size). It is a different operation from Exp: the first
// differs at index 2, where g_2 = f_2 ⊕ f_1² while Exp gives f(2).
//
// Everything rests on one fact of characteristic 2: a series g with
// g(∅) = 1 is its own inverse, g * g = 1, since T and S ∖ T pair up.
package sps

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"slices"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/internal/nimkern"
	"github.com/nimbers/grundy/internal/scan"
	"github.com/nimbers/grundy/nimber"
)

// maxBits bounds the number of elements n (series of 2^n coefficients).
const maxBits = 24

// memory returns the bytes an operation on series of n elements
// allocates at most: the ranked transforms of a subset convolution, 2(n+1)
// blocks of 2^n words, and a few more for its inputs and results.
func memory(n int) float64 { return float64(2*(n+1)+6) * float64(int(1)<<n) * 8 }

// begin checks, before an operation on series of n elements starts, that
// ctx is live and that the memory it needs is within opt's Limit, in
// bytes (budget.DefaultMemory by default).
func begin(ctx context.Context, n int, opt *budget.Options) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	limit := opt.Max(budget.DefaultMemory)
	if est := memory(n); est > limit {
		return &budget.TooLargeError{What: fmt.Sprintf("a series on %d elements", n), Unit: "bytes", Estimate: est, Limit: limit}
	}
	return nil
}

// Read reads a series as text: its 2^n coefficients, decimal or 0x-hex,
// separated by blanks or newlines; name labels error messages (a file
// name, or "stdin"). It stops reading, with an error wrapping the
// *budget.TooLargeError an operation would give, as soon as the series
// passes what opt admits (budget.DefaultMemory by default, and at most 2^24
// elements).
func Read(r io.Reader, name string, opt *budget.Options) (Series, error) {
	k := 0
	for k < maxBits && begin(context.Background(), k+1, opt) == nil {
		k++
	}
	v, err := scan.New(name, r).All("coefficient", 1<<k)
	if errors.Is(err, scan.ErrTooMany) && k < maxBits {
		return nil, fmt.Errorf("%s: more than %d coefficients: %w", name, 1<<k, begin(context.Background(), k+1, opt))
	}
	if err != nil {
		return nil, err
	}
	if n := len(v); n == 0 || n&(n-1) != 0 {
		return nil, fmt.Errorf("%s: %d coefficients: a series has 2^n", name, n)
	}
	return v, nil
}

// Series is a set power series on n elements: 2^n coefficients, indexed by
// subset bit mask.
type Series []nimber.Nimber

// Errors for series that do not allow an operation.
var (
	errLength   = errors.New("the length of a series must be a power of two")
	errConstant = errors.New("wrong constant term")
)

// bitsOf returns n with len(s) = 2^n, or an error.
func bitsOf(s Series) (int, error) {
	n := len(s)
	if n == 0 || n&(n-1) != 0 {
		return 0, fmt.Errorf("%w: got %d coefficients", errLength, n)
	}
	k := bits.TrailingZeros(uint(n))
	if k > maxBits {
		return 0, fmt.Errorf("a series on %d elements is larger than the %d allowed", k, maxBits)
	}
	return k, nil
}

// SubsetConv returns the subset convolution f * g. The series must have the
// same power-of-two length.
//
// Every operation of this package takes a context and options: opt's
// Limit bounds the bytes allocated (budget.DefaultMemory by default), a
// bound checked before the work starts, and the operation stops with
// ctx's error soon after ctx is cancelled.
func SubsetConv(ctx context.Context, f, g Series, opt *budget.Options) (Series, error) {
	n, err := bitsOf(f)
	if err != nil {
		return nil, err
	}
	if len(g) != len(f) {
		return nil, fmt.Errorf("series of %d and %d coefficients", len(f), len(g))
	}
	if err := begin(ctx, n, opt); err != nil {
		return nil, err
	}
	h, err := subsetConv(ctx, toElems(f), toElems(g), n)
	if err != nil {
		return nil, err
	}
	return fromElems(h), nil
}

// Exp returns the exponential over set partitions of f, which must have
// f(∅) = 0: Exp(f)(S) is the sum over the partitions of S of the products
// of f over the blocks.
//
// Sets containing element k split by the block B ∋ k: for S ⊆ {0..k−1},
// Exp(f)(S ∪ {k}) = ⊕_{T ⊆ S} f(T ∪ {k}) ⊗ Exp(f)(S ∖ T), one subset
// convolution of size 2^k for each k.
func Exp(ctx context.Context, f Series, opt *budget.Options) (Series, error) {
	n, err := bitsOf(f)
	if err != nil {
		return nil, err
	}
	if err := begin(ctx, n, opt); err != nil {
		return nil, err
	}
	if f[0] != 0 {
		return nil, fmt.Errorf("%w: the exponential needs f(∅) = 0, got %d", errConstant, uint64(f[0]))
	}
	ef := toElems(f)
	g := make([]nimber.Elem, len(f))
	g[0] = nimber.ToElem(1)
	for k := range n {
		lo := 1 << k
		c, err := subsetConv(ctx, ef[lo:2*lo], g[:lo], k)
		if err != nil {
			return nil, err
		}
		copy(g[lo:2*lo], c)
	}
	return fromElems(g), nil
}

// Log returns the f with Exp(f) = g, for g(∅) = 1. Since g restricted to
// {0..k−1} is its own inverse, f(· ∪ {k}) = g(· ∪ {k}) * g.
func Log(ctx context.Context, g Series, opt *budget.Options) (Series, error) {
	n, err := bitsOf(g)
	if err != nil {
		return nil, err
	}
	if err := begin(ctx, n, opt); err != nil {
		return nil, err
	}
	if g[0] != 1 {
		return nil, fmt.Errorf("%w: the logarithm needs g(∅) = 1, got %d", errConstant, uint64(g[0]))
	}
	eg := toElems(g)
	f := make([]nimber.Elem, len(g))
	for k := range n {
		lo := 1 << k
		c, err := subsetConv(ctx, eg[lo:2*lo], eg[:lo], k)
		if err != nil {
			return nil, err
		}
		copy(f[lo:2*lo], c)
	}
	return fromElems(f), nil
}

// BinomialLog returns the logarithm of the sequence g (g_0 = 1) under
// binomial convolution: with D the shift (Dg)_m = g_(m+1), the derivative
// of exponential generating functions, D log g = Dg * g⁻¹ = Dg * g.
func BinomialLog(ctx context.Context, g Series, opt *budget.Options) (Series, error) {
	n, err := bitsOf(g)
	if err != nil {
		return nil, err
	}
	if err := begin(ctx, n, opt); err != nil {
		return nil, err
	}
	if g[0] != 1 {
		return nil, fmt.Errorf("%w: the logarithm needs g_0 = 1, got %d", errConstant, uint64(g[0]))
	}
	eg := toElems(g)
	dg := make([]nimber.Elem, len(g))
	copy(dg, eg[1:])
	c, err := subsetConv(ctx, dg, eg, n)
	if err != nil {
		return nil, err
	}
	f := make([]nimber.Elem, len(g))
	copy(f[1:], c)
	return fromElems(f), nil
}

// BinomialExp returns the exponential of the sequence f (f_0 = 0) under
// binomial convolution: g_0 = 1 and g_(m+1) = ⊕_{i ⊆ m} g_i ⊗ f_(m+1−i).
//
// It doubles the known prefix B = g[:L] by Newton's step
// B ← B * (1 + f − log B), which collapses here: log B vanishes at the
// indices L+1 … 2L−1 (its shifted series has no term with the top bit), and
// at L it is ⊕_j B_j ⊗ B_(L−j), where every term pairs with its mirror except
// B_(L/2)². So g[L:2L] = B * (f[L:2L] with B_(L/2)² added at L), one subset
// convolution of size L per doubling.
func BinomialExp(ctx context.Context, f Series, opt *budget.Options) (Series, error) {
	n, err := bitsOf(f)
	if err != nil {
		return nil, err
	}
	if err := begin(ctx, n, opt); err != nil {
		return nil, err
	}
	if f[0] != 0 {
		return nil, fmt.Errorf("%w: the exponential needs f_0 = 0, got %d", errConstant, uint64(f[0]))
	}
	ef := toElems(f)
	g := make([]nimber.Elem, len(f))
	g[0] = nimber.ToElem(1)
	for k := range n {
		l := 1 << k
		t := slices.Clone(ef[l : 2*l])
		if l >= 2 {
			t[0] ^= g[l/2].Mul(g[l/2])
		}
		c, err := subsetConv(ctx, g[:l], t, k)
		if err != nil {
			return nil, err
		}
		copy(g[l:2*l], c)
	}
	return fromElems(g), nil
}

// A CliqueSum is the answer of Cliques for one number of vertices; its
// JSON is that of grundy sps cliques --json.
type CliqueSum struct {
	M   int           `json:"m"`          // the number of vertices
	Sum nimber.Nimber `json:"sum,string"` // the nim-sum over the graphs on M vertices
	Fix nimber.Nimber `json:"fix,string"` // the value f_M must take for Sum to be 0
}

// Cliques solves the clique-graph sum problem. f[s−1] (s ≥ 1) is the
// game value f_s of a clique of s labelled vertices, and a graph whose
// components are cliques is the product ⊗ of its components' values. For
// every m from 1 to len(f) it returns the nim-sum of the values of all
// such graphs on m labelled vertices (the coefficient of the binomial
// exponential), and the value f_m must be changed to for that sum to
// become 0, a loss for the first player: f_m enters the sum only through
// the one-block partition, so the fix is the sum ⊕ f_m.
//
// It allocates and stops as BinomialExp does.
func Cliques(ctx context.Context, f []nimber.Nimber, opt *budget.Options) ([]CliqueSum, error) {
	if len(f) < 1 || len(f) > 1<<maxBits-1 {
		return nil, fmt.Errorf("Cliques needs between 1 and %d values", 1<<maxBits-1)
	}
	size := 1
	for size <= len(f) {
		size *= 2
	}
	a := make(Series, size)
	copy(a[1:], f)
	g, err := BinomialExp(ctx, a, opt)
	if err != nil {
		return nil, err
	}
	out := make([]CliqueSum, len(f))
	for m := range out {
		out[m] = CliqueSum{m + 1, g[m+1], g[m+1] ^ f[m]}
	}
	return out, nil
}

func toElems(s Series) []nimber.Elem {
	e := make([]nimber.Elem, len(s))
	nimkern.ToElemSlice(e, s)
	return e
}

func fromElems(e []nimber.Elem) Series {
	s := make(Series, len(e))
	nimkern.FromElemSlice(s, e)
	return s
}
