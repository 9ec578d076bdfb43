package nimpoly

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/internal/nimkern"
	"github.com/nimbers/grundy/nimber"
)

// Errors for polynomials that do not allow an operation.
var (
	errZeroDivisor = errors.New("division by the zero polynomial")
	errZeroPoly    = errors.New("the zero polynomial has every nimber as a root")
)

// newtonMin is the size (of both the divisor and the quotient) from which
// DivMod inverts the divisor by Newton iteration instead of long division.
const newtonMin = 512

// DivMod returns the quotient and remainder of a by b: a = q·b + r with
// deg r < deg b. It fails when b is zero.
func DivMod(a, b Poly) (q, r Poly, err error) {
	a, b = a.trim(), b.trim()
	if len(b) == 0 {
		return nil, nil, errZeroDivisor
	}
	if len(a) < len(b) {
		return nil, slices.Clone(a), nil
	}
	ea, eb := toElems(a), toElems(b)
	var eq, er []nimber.Elem
	if len(b) >= newtonMin && len(a)-len(b)+1 >= newtonMin {
		eq, er = divModNewton(ea, eb)
	} else {
		eq, er = divModLong(ea, eb)
	}
	return fromElems(eq), fromElems(er), nil
}

// divModLong is long division; a is consumed.
func divModLong(a, b []nimber.Elem) (q, r []nimber.Elem) {
	db := len(b) - 1
	q = make([]nimber.Elem, len(a)-db)
	inv := b[db].Inv()
	for i := len(a) - 1; i >= db; i-- {
		c := a[i].Mul(inv)
		q[i-db] = c
		if c != 0 {
			nimkern.ElemMulAddConstSlice(a[i-db:i], c, b[:db])
		}
		a[i] = 0
	}
	return q, a[:db]
}

// divModNewton finds the quotient from the reversed polynomials:
// rev(q) = rev(a)·rev(b)⁻¹ mod x^k with k = deg a − deg b + 1.
func divModNewton(a, b []nimber.Elem) (q, r []nimber.Elem) {
	k := len(a) - len(b) + 1
	ra, rb := reversed(a), reversed(b)
	inv := inverseSeries(rb, k)
	rq := mulElems(ra[:k], inv)[:k]
	q = reversed(rq)
	qb := mulElems(q, b)
	r = make([]nimber.Elem, len(b)-1)
	nimkern.AddSlice(r, a[:len(r)], qb[:len(r)])
	return q, r
}

func reversed(a []nimber.Elem) []nimber.Elem {
	r := slices.Clone(a)
	slices.Reverse(r)
	return r
}

// inverseSeries returns g with f·g ≡ 1 mod x^k (f[0] ≠ 0) by Newton's
// iteration g ← g·(2 − f·g), which in characteristic 2 is g ← f·g².
func inverseSeries(f []nimber.Elem, k int) []nimber.Elem {
	g := []nimber.Elem{f[0].Inv()}
	for l := 1; l < k; {
		l = min(2*l, k)
		g2 := make([]nimber.Elem, 2*len(g)-1)
		for i, c := range g {
			g2[2*i] = c.Mul(c)
		}
		prod := mulElems(f[:min(l, len(f))], g2[:min(l, len(g2))])
		g = make([]nimber.Elem, l)
		copy(g, prod)
	}
	return g
}

// DefaultLimit is the multiply-adds GCD performs unless its Options say
// otherwise: 2^35, a few seconds.
const DefaultLimit = 1 << 35

// gcdCost bounds the multiply-adds of Euclid's algorithm on polynomials
// of m ≥ n coefficients: the first remainder costs (m−n+1)·n, and the
// later ones, whose quotients' lengths add up to at most 2n, at most n
// each per quotient coefficient.
func gcdCost(m, n int) float64 {
	if m < n {
		m, n = n, m
	}
	return float64(m-n+1)*float64(n) + 2*float64(n)*float64(n)
}

// GCD returns the monic greatest common divisor of a and b (zero if both
// are zero).
//
// Euclid's algorithm runs in the polynomial basis, each remainder taken in
// place by row operations, so that the quadratic number of products needs
// no memory beyond the two inputs. GCD estimates the multiply-adds first
// and fails with a *budget.TooLargeError, before any work, when they pass
// opt's limit (DefaultLimit by default); it stops with ctx's error soon
// after ctx is cancelled.
func GCD(ctx context.Context, a, b Poly, opt *budget.Options) (Poly, error) {
	a, b = a.trim(), b.trim()
	if cost, max := gcdCost(len(a), len(b)), opt.Max(DefaultLimit); cost > max {
		return nil, &budget.TooLargeError{What: fmt.Sprintf("the gcd of polynomials of degrees %d and %d", a.Degree(), b.Degree()),
			Unit: "multiply-adds", Estimate: cost, Limit: max}
	}
	return gcd(ctx, a, b)
}

// gcd is GCD without the estimate, for Roots, whose inputs are bounded.
func gcd(ctx context.Context, a, b Poly) (Poly, error) {
	x, y := toElems(a.trim()), toElems(b.trim())
	for len(y) > 0 {
		var err error
		if x, err = remElems(ctx, x, y); err != nil {
			return nil, err
		}
		x, y = y, x
	}
	return fromElems(x).monic(), nil
}

// remElems reduces a modulo b (b nonzero with a nonzero leading
// coefficient) in place and returns the remainder, trimmed. It checks
// ctx every 1024 quotient coefficients.
func remElems(ctx context.Context, a, b []nimber.Elem) ([]nimber.Elem, error) {
	db := len(b) - 1
	inv := b[db].Inv()
	for i := len(a) - 1; i >= db; i-- {
		if i&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		if c := a[i].Mul(inv); c != 0 {
			nimkern.ElemMulAddConstSlice(a[i-db:i], c, b[:db])
		}
	}
	n := min(len(a), db)
	for n > 0 && a[n-1] == 0 {
		n--
	}
	return a[:n], nil
}

// Roots returns the distinct roots of p in GF(2^64), in increasing order.
// It fails for the zero polynomial, which every nimber is a root of, and ctx's error soon
// after ctx is done: it checks it at every squaring and remainder.
//
// The product of the distinct linear factors is g = gcd(p, x^(2^64) − x);
// g then splits by gcd(g, Tr(c·x)) for random c, where the trace
// polynomial Tr(y) = y + y² + y⁴ + … + y^(2^63) (mod g) is 0 at the roots
// r with Tr(c·r) = 0 and 1 at the others.
func Roots(ctx context.Context, p Poly) ([]nimber.Nimber, error) {
	p = p.trim()
	if len(p) == 0 {
		return nil, errZeroPoly
	}
	f := p.monic()
	if len(f) <= 1 {
		return nil, nil
	}
	// x^(2^64) mod f by 64 squarings.
	_, x, _ := DivMod(Poly{0, 1}, f)
	y := x
	for range 64 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		_, y, _ = DivMod(y.square(), f)
	}
	g, err := gcd(ctx, f, y.Add(x))
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(0x726f6f7473, uint64(len(p))))
	var roots []nimber.Nimber
	if err := splitRoots(ctx, g, rng, &roots); err != nil {
		return nil, err
	}
	slices.Sort(roots)
	return roots, nil
}

// splitRoots appends the roots of the monic g, a product of distinct linear
// factors.
func splitRoots(ctx context.Context, g Poly, rng *rand.Rand, roots *[]nimber.Nimber) error {
	switch len(g) {
	case 0, 1:
		return nil
	case 2:
		*roots = append(*roots, g[0]) // x + g0 vanishes at g0
		return nil
	}
	for {
		c := nimber.Nimber(rng.Uint64())
		_, y, _ := DivMod(Poly{0, c}, g)
		tr := y
		for range 63 {
			if err := ctx.Err(); err != nil {
				return err
			}
			_, y, _ = DivMod(y.square(), g)
			tr = tr.Add(y)
		}
		h, err := gcd(ctx, g, tr)
		if err != nil {
			return err
		}
		if d := h.Degree(); d > 0 && d < g.Degree() {
			q, _, _ := DivMod(g, h)
			if err := splitRoots(ctx, h, rng, roots); err != nil {
				return err
			}
			return splitRoots(ctx, q.monic(), rng, roots)
		}
	}
}

// evalDirect is the size below which evaluation uses Horner's rule and
// interpolation works at the leaves of the subproduct tree.
const evalDirect = 32

// subproductTree holds the products Π (x − x_i) over ranges of points,
// as a binary tree stored by level: level 0 has one polynomial per point.
type subproductTree struct {
	levels [][]Poly
}

func buildTree(xs []nimber.Nimber) *subproductTree {
	level := make([]Poly, len(xs))
	for i, x := range xs {
		level[i] = Poly{x, 1}
	}
	t := &subproductTree{levels: [][]Poly{level}}
	for len(level) > 1 {
		next := make([]Poly, (len(level)+1)/2)
		for i := range next {
			if 2*i+1 < len(level) {
				next[i] = level[2*i].Mul(level[2*i+1])
			} else {
				next[i] = level[2*i]
			}
		}
		t.levels = append(t.levels, next)
		level = next
	}
	return t
}

// EvalMany returns p at every point of xs: by Horner's rule for few
// points, otherwise by remainders down a subproduct tree.
func EvalMany(p Poly, xs []nimber.Nimber) []nimber.Nimber {
	out := make([]nimber.Nimber, len(xs))
	if len(xs) <= evalDirect || p.Degree() < evalDirect {
		for i, x := range xs {
			out[i] = p.Eval(x)
		}
		return out
	}
	t := buildTree(xs)
	top := len(t.levels) - 1
	_, r, _ := DivMod(p, t.levels[top][0])
	t.evalDown(r, top, 0, xs, out)
	return out
}

// evalDown evaluates r (already reduced modulo node i of level l) at the
// points under that node.
func (t *subproductTree) evalDown(r Poly, l, i int, xs []nimber.Nimber, out []nimber.Nimber) {
	lo, hi := i<<l, min((i+1)<<l, len(xs))
	if hi-lo <= evalDirect || l == 0 {
		for j := lo; j < hi; j++ {
			out[j] = r.Eval(xs[j])
		}
		return
	}
	for c := 2 * i; c <= 2*i+1 && c < len(t.levels[l-1]); c++ {
		_, rc, _ := DivMod(r, t.levels[l-1][c])
		t.evalDown(rc, l-1, c, xs, out)
	}
}

// Interpolate returns the polynomial of degree below len(xs) with
// p(xs[i]) = ys[i]. The points must be distinct. It panics if
// len(xs) ≠ len(ys).
func Interpolate(xs, ys []nimber.Nimber) (Poly, error) {
	if len(xs) != len(ys) {
		panic("nimpoly: Interpolate with different numbers of points and values")
	}
	if len(xs) == 0 {
		return nil, nil
	}
	seen := make(map[nimber.Nimber]int, len(xs))
	for i, x := range xs {
		if j, ok := seen[x]; ok {
			return nil, fmt.Errorf("points %d and %d are both %d", j+1, i+1, uint64(x))
		}
		seen[x] = i
	}
	// Lagrange: p = Σ y_i / M'(x_i) · M/(x − x_i) with M = Π (x − x_i),
	// combined up the subproduct tree.
	t := buildTree(xs)
	top := len(t.levels) - 1
	d := EvalMany(t.levels[top][0].derivative(), xs)
	level := make([]Poly, len(xs))
	for i := range xs {
		level[i] = Poly{ys[i].Mul(d[i].Inv())}.trim()
	}
	for l := 0; l < top; l++ {
		next := make([]Poly, len(t.levels[l+1]))
		for i := range next {
			if 2*i+1 < len(level) {
				next[i] = level[2*i].Mul(t.levels[l][2*i+1]).Add(level[2*i+1].Mul(t.levels[l][2*i]))
			} else {
				next[i] = level[2*i]
			}
		}
		level = next
	}
	return level[0].trim(), nil
}
