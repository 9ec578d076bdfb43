package nimpoly

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/nimber"
)

func TestDivMod(t *testing.T) {
	r := newRand(10)
	cases := [][2]int{{0, 1}, {1, 1}, {5, 3}, {3, 5}, {100, 7}, {100, 100}, {1500, 600}, {2000, 1000}, {3000, 520}}
	for _, c := range cases {
		a, b := randPoly(r, c[0]), randPoly(r, c[1])
		q, rem, err := DivMod(a, b)
		if err != nil {
			t.Fatal(err)
		}
		if rem.Degree() >= b.Degree() || !schoolbook(q, b).Add(rem).equal(a) {
			t.Fatalf("DivMod %v: a ≠ q·b + r or deg r ≥ deg b", c)
		}
		// Long division as an independent check of the Newton path.
		if len(a) >= len(b) {
			q2, r2 := divModLong(toElems(a.trim()), toElems(b.trim()))
			if !fromElems(q2).equal(q) || !fromElems(r2).equal(rem) {
				t.Fatalf("DivMod %v differs from long division", c)
			}
		}
	}
	if _, _, err := DivMod(Poly{1, 2}, Poly{0, 0}); !errors.Is(err, errZeroDivisor) {
		t.Errorf("division by zero: %v", err)
	}
}

func TestInverseSeries(t *testing.T) {
	r := newRand(11)
	for _, k := range []int{1, 2, 3, 17, 600, 1300} {
		f := toElems(randPoly(r, k/2+1))
		g := inverseSeries(f, k)
		prod := fromElems(mulElems(f, g))
		for i := range k {
			want := nimber.Nimber(0)
			if i == 0 {
				want = 1
			}
			if i < len(prod) && prod[i] != want || i >= len(prod) && want != 0 {
				t.Fatalf("k=%d: f·g ≠ 1 mod x^k at %d", k, i)
			}
		}
	}
}

func TestGCD(t *testing.T) {
	r := newRand(12)
	for range 30 {
		c := randPoly(r, 1+r.IntN(10)).monic()
		a := c.Mul(randPoly(r, r.IntN(30)))
		b := c.Mul(randPoly(r, r.IntN(30)))
		g := mustGCD(t, a, b)
		if len(a) > 0 && len(b) > 0 {
			if _, rem, _ := DivMod(g, c); len(rem) != 0 {
				t.Fatal("the common factor does not divide the gcd")
			}
		}
		for _, p := range []Poly{a, b} {
			if _, rem, _ := DivMod(p, g); len(g) > 0 && len(rem) != 0 {
				t.Fatal("gcd does not divide the input")
			}
		}
		g2, s, u := extGCD(a, b)
		if !g2.equal(g) || !s.Mul(a).Add(u.Mul(b)).equal(g) {
			t.Fatal("ExtGCD: s·a + t·b ≠ gcd")
		}
		if g.lead() != 1 && len(g) > 0 {
			t.Fatal("gcd not monic")
		}
	}
	if len(mustGCD(t, nil, nil)) != 0 {
		t.Error("gcd(0, 0)")
	}
	// Long inputs, whose remainders run through the row kernels, against
	// the extended algorithm's division.
	for _, deg := range []int{200, 1500} {
		c := randPoly(r, 40).monic()
		a, b := c.Mul(randPoly(r, deg)), c.Mul(randPoly(r, deg-7))
		g := mustGCD(t, a, b)
		if g2, _, _ := extGCD(a, b); !g2.equal(g) || g.Degree() < c.Degree() {
			t.Fatalf("degree %d: gcd of degree %d, ExtGCD degree %d", deg, g.Degree(), g2.Degree())
		}
	}
}

func mustGCD(t *testing.T, a, b Poly) Poly {
	t.Helper()
	g, err := GCD(t.Context(), a, b, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestGCDLimits: the estimate bounds the multiply-adds counted on random
// inputs, whose remainders lose one degree a step; past the limit GCD
// refuses at once; a cancelled context stops it.
func TestGCDLimits(t *testing.T) {
	r := newRand(14)
	for _, sizes := range [][2]int{{300, 200}, {200, 300}, {1000, 999}, {50, 1}} {
		a, b := randPoly(r, sizes[0]), randPoly(r, sizes[1])
		// Euclid's work counted by the definition: each quotient
		// coefficient costs one row of the divisor's length.
		x, y := a.trim(), b.trim()
		var counted float64
		for len(y) > 0 {
			_, rem, err := DivMod(x, y)
			if err != nil {
				t.Fatal(err)
			}
			counted += float64(max(0, len(x)-len(y)+1)) * float64(len(y)-1)
			x, y = y, rem
		}
		if est := gcdCost(len(a.trim()), len(b.trim())); est < counted {
			t.Errorf("degrees %v: estimate %g below the %g multiply-adds counted", sizes, est, counted)
		}
		if _, err := GCD(t.Context(), a, b, &budget.Options{Limit: 10}); !errors.Is(err, budget.ErrTooLarge) {
			t.Errorf("degrees %v within 10: %v", sizes, err)
		}
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := GCD(ctx, randPoly(r, 5000), randPoly(r, 4000), nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

func TestEvalDerivativeCompose(t *testing.T) {
	r := newRand(13)
	for range 30 {
		p, q := randPoly(r, r.IntN(20)), randPoly(r, r.IntN(6))
		x := nimber.Nimber(r.Uint64())
		// Eval against the sum of powers.
		var want nimber.Nimber
		for i, c := range p {
			want ^= c.Mul(x.Pow(uint64(i)))
		}
		if p.Eval(x) != want {
			t.Fatal("Eval")
		}
		if compose(p, q).Eval(x) != p.Eval(q.Eval(x)) {
			t.Fatal("Compose")
		}
		// Product rule.
		if !p.Mul(q).derivative().equal(p.derivative().Mul(q).Add(p.Mul(q.derivative()))) {
			t.Fatal("product rule")
		}
	}
}

func TestPowMod(t *testing.T) {
	r := newRand(14)
	for range 20 {
		p, m := randPoly(r, 1+r.IntN(10)), randPoly(r, 2+r.IntN(8))
		e := r.Uint64N(50)
		want := Poly{1}
		for range e {
			want = want.Mul(p)
		}
		_, want, _ = DivMod(want, m)
		got, err := powMod(p, e, m)
		if err != nil || !got.equal(want) {
			t.Fatalf("PowMod e=%d", e)
		}
	}
	if _, err := powMod(Poly{1}, 3, nil); !errors.Is(err, errZeroDivisor) {
		t.Error("PowMod mod zero")
	}
}

func TestRoots(t *testing.T) {
	r := newRand(15)
	for _, n := range []int{1, 2, 3, 10, 40} {
		want := make([]nimber.Nimber, n)
		p := Poly{nimber.Nimber(1 + r.Uint64N(1000))} // a non-zero constant
		for i := range want {
			want[i] = nimber.Nimber(r.Uint64())
			p = p.Mul(Poly{want[i], 1})
		}
		// An irreducible quadratic factor adds no root in GF(2^64).
		c := nimber.Nimber(1) << 63 // trace 1: x² + x + c has no root
		p = p.Mul(Poly{c, 1, 1})
		// A repeated root is listed once.
		p = p.Mul(Poly{want[0], 1})
		got, err := Roots(t.Context(), p)
		slices.Sort(want)
		if err != nil || !slices.Equal(got, want) {
			t.Fatalf("n=%d: roots %v, want %v", n, got, want)
		}
		for _, x := range got {
			if p.Eval(x) != 0 {
				t.Fatal("root does not vanish")
			}
		}
	}
	// Small field: brute force over all nimbers below 256 for polynomials
	// over GF(16) that split there.
	for range 20 {
		p := Poly{1}
		for range 1 + r.IntN(5) {
			p = p.Mul(Poly{nimber.Nimber(r.UintN(256)), 1})
		}
		var brute []nimber.Nimber
		for x := range nimber.Nimber(256) {
			if p.Eval(x) == 0 {
				brute = append(brute, x)
			}
		}
		got, _ := Roots(t.Context(), p)
		if !slices.Equal(got, brute) {
			t.Fatalf("roots %v, brute force %v", got, brute)
		}
	}
	if _, err := Roots(t.Context(), nil); !errors.Is(err, errZeroPoly) {
		t.Error("roots of zero")
	}
	if got, _ := Roots(t.Context(), Poly{5}); len(got) != 0 {
		t.Error("roots of a constant")
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := Roots(ctx, Poly{3, 1, 1}); !errors.Is(err, context.Canceled) {
		t.Errorf("roots, cancelled: %v", err)
	}
}

func TestEvalManyInterpolate(t *testing.T) {
	r := newRand(16)
	for _, n := range []int{0, 1, 5, 33, 100, 700} {
		xs := make([]nimber.Nimber, n)
		seen := map[nimber.Nimber]bool{}
		for i := range xs {
			for {
				xs[i] = nimber.Nimber(r.Uint64())
				if !seen[xs[i]] {
					seen[xs[i]] = true
					break
				}
			}
		}
		p := randPoly(r, n+3)
		vals := EvalMany(p, xs)
		for i, x := range xs {
			if vals[i] != p.Eval(x) {
				t.Fatalf("n=%d: EvalMany at %d", n, i)
			}
		}
		q := randPoly(r, n) // degree below n: interpolation recovers it
		ys := EvalMany(q, xs)
		got, err := Interpolate(xs, ys)
		if err != nil || !got.equal(q) {
			t.Fatalf("n=%d: Interpolate ∘ EvalMany ≠ identity (%v)", n, err)
		}
	}
	if _, err := Interpolate([]nimber.Nimber{1, 2, 1}, []nimber.Nimber{1, 2, 3}); err == nil {
		t.Error("repeated point accepted")
	}
}

// TestPolyJSON checks decimal strings, a coefficient past 2^53 written
// exactly, and [] for the zero polynomial, nil or not.
func TestPolyJSON(t *testing.T) {
	for _, c := range []struct {
		p    Poly
		want string
	}{
		{Poly{1, 0, 1<<64 - 1}, `["1","0","18446744073709551615"]`},
		{nil, `[]`},
		{Poly{}, `[]`},
	} {
		got, err := json.Marshal(map[string]Poly{"p": c.p})
		if want := `{"p":` + c.want + `}`; err != nil || string(got) != want {
			t.Errorf("%v: %s %v, want %s", c.p, got, err, want)
		}
	}
}
