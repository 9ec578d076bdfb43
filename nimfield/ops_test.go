package nimfield

import (
	"errors"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/nimbers/grundy/nimber"
)

// powBig returns a^e by squaring with Mul and Square.
func powBig(t *testing.T, a Ordinal, e *big.Int) Ordinal {
	t.Helper()
	r := Nat(1)
	for i := e.BitLen() - 1; i >= 0; i-- {
		var err error
		if r, err = r.Square(); err != nil {
			t.Fatal(err)
		}
		if e.Bit(i) == 1 {
			r = mustMul(t, r, a)
		}
	}
	return r
}

// TestOrder checks orders by their definition (a^n = 1, a^(n/p) ≠ 1 for
// each prime p of n), against package nimber below 2^64, and ω's: ω³ = 2
// (ONAG) and 2 has order 3, so ω has order 9.
func TestOrder(t *testing.T) {
	if n, err := mustParse(t, "w").Order(); err != nil || n.Int64() != 9 {
		t.Fatalf("order of ω: %v, %v; want 9", n, err)
	}
	r := rand.New(rand.NewPCG(55, 4))
	for i := range 20 {
		a := randIn(r, []uint64{3, 5}, 2, 4)
		if i%4 == 0 {
			a = Nat(r.Uint64() | 1)
		}
		n, err := a.Order()
		if err != nil {
			t.Fatalf("%v: %v", a, err)
		}
		if x, ok := a.IsFinite(); ok && n.Uint64() != nimber.Nimber(x).Order() {
			t.Fatalf("order of %v: %v, package nimber %d", a, n, nimber.Nimber(x).Order())
		}
		if !powBig(t, a, n).Equal(Nat(1)) {
			t.Fatalf("%v^%v ≠ 1", a, n)
		}
		ps, err := primeFactors(n)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range ps {
			if powBig(t, a, new(big.Int).Quo(n, p)).Equal(Nat(1)) {
				t.Fatalf("%v^(%v/%v) = 1: the order is smaller", a, n, p)
			}
		}
	}
	if _, err := (Ordinal{}).Order(); !errors.Is(err, nimber.ErrDivisionByZero) {
		t.Errorf("order of 0: %v", err)
	}
}

// TestTrace checks traces by their definition, with Square, and against
// package nimber's trace from the least field below 2^64.
func TestTrace(t *testing.T) {
	r := rand.New(rand.NewPCG(55, 5))
	for i := range 60 {
		a := randIn(r, []uint64{3, 5}, 2, 4)
		if i%4 == 0 {
			a = Nat(r.Uint64() >> r.IntN(64))
		}
		tr, err := a.Trace()
		if err != nil {
			t.Fatal(err)
		}
		d, _ := a.fieldDeg()
		s, y := a, a
		for range d - 1 {
			y, _ = y.Square()
			s = s.Add(y)
		}
		if want, ok := s.IsFinite(); !ok || want != uint64(tr) {
			t.Fatalf("trace of %v from GF(2^%d): %d, by squares %v", a, d, tr, s)
		}
	}
}

// TestLog checks that Log undoes Pow, and refuses what is no power.
func TestLog(t *testing.T) {
	r := rand.New(rand.NewPCG(55, 6))
	for range 16 {
		g := randIn(r, []uint64{3, 5}, 2, 4)
		if g.IsZero() {
			continue
		}
		n, err := g.Order()
		if err != nil {
			t.Fatal(err)
		}
		e := new(big.Int).SetUint64(r.Uint64())
		e.Mod(e, n)
		a := powBig(t, g, e)
		l, err := a.Log(g)
		if err != nil {
			t.Fatalf("log of %v to %v: %v", a, g, err)
		}
		if l.Cmp(e) != 0 {
			t.Fatalf("log of %v = %v^%v: %v", a, g, e, l)
		}
	}
	// 2 has order 3; ω is no power of it.
	if _, err := mustParse(t, "w").Log(Nat(2)); !errors.Is(err, nimber.ErrNoLog) {
		t.Errorf("log of ω to 2: %v, want nimber.ErrNoLog", err)
	}
}

// SolveQuadratic's roots satisfy the equation, and agree with package
// nimber's where those lie below 2^64.
func TestSolveQuadratic(t *testing.T) {
	r := rand.New(rand.NewPCG(55, 7))
	for i := range 60 {
		b, c := randIn(r, []uint64{3, 5}, 2, 4), randIn(r, []uint64{3}, 2, 8)
		if i%3 == 0 {
			b, c = Nat(r.Uint64()>>32), Nat(r.Uint64()>>32)
		}
		if i%7 == 0 {
			b = Ordinal{}
		}
		roots, err := SolveQuadratic(b, c)
		if err != nil {
			t.Fatalf("%v, %v: %v", b, c, err)
		}
		if want := 2; b.IsZero() && len(roots) != 1 || !b.IsZero() && len(roots) != want {
			t.Fatalf("x² + %v·x + %v: %d roots", b, c, len(roots))
		}
		for _, x := range roots {
			sq, _ := x.Square()
			if v := sq.Add(mustMul(t, b, x)).Add(c); !v.IsZero() {
				t.Fatalf("x² + %v·x + %v at %v is %v", b, c, x, v)
			}
		}
		fb, ok1 := b.IsFinite()
		fc, ok2 := c.IsFinite()
		if ok1 && ok2 {
			want := nimber.SolveQuadratic(nimber.Nimber(fb), nimber.Nimber(fc))
			if len(want) > 0 {
				for k, w := range want {
					if x, ok := roots[k].IsFinite(); !ok || x != uint64(w) {
						t.Fatalf("x² + %d·x + %d: %v, package nimber %v", fb, fc, roots, want)
					}
				}
			}
		}
	}
}
