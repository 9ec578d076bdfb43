package nimfield

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/nimbers/grundy/nimber"
	"github.com/nimbers/grundy/ordinal"
)

func mustParse(t testing.TB, s string) Ordinal {
	t.Helper()
	a, err := Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return a
}

func mustMul(t testing.TB, a, b Ordinal) Ordinal {
	t.Helper()
	c, err := a.Mul(b)
	if err != nil {
		t.Fatalf("%v ⊗ %v: %v", a, b, err)
	}
	return c
}

// TestCGSuiteProducts checks the transfinite rows of CGSuite's GameTest
// (lib/core/src/test/scala/org/cgsuite/lang/GameTest.scala), written as
// CGSuite writes them.
func TestCGSuiteProducts(t *testing.T) {
	for _, c := range []struct{ a, b, want string }{
		{"ω", "7", "ω×7"},
		{"ω", "ω", "ω^2"},
		{"ω", "ω^2", "2"},
		{"ω^3", "ω^3", "ω^6"},
		{"ω^3", "ω^6", "ω"},
		{"ω^3", "ω^8", "2"},
		{"ω^8", "ω^8", "ω^5×2"},
		{"ω^ω", "ω^(ω×4)", "4"},
		{"ω^(ω×49)", "ω^(ω×100)", "4"},
		{"ω^(ω^2×4)", "ω^(ω^2×3)", "ω+1"},
		{"ω^(ω^2×31)", "ω^(ω^2×24)", "ω+1"},
		{"ω^(ω^2×32)", "ω^(ω^2×24)", "ω^(ω^2+1)+ω^ω^2"},
	} {
		got := mustMul(t, mustParse(t, c.a), mustParse(t, c.b))
		if want := mustParse(t, c.want); !got.Equal(want) {
			t.Errorf("%s ⊗ %s = %v, CGSuite %s", c.a, c.b, got, c.want)
		}
	}
	for _, c := range []struct {
		a    string
		n    uint64
		want string
	}{
		{"ω", 3, "2"},
		{"ω^3", 9, "2"},
		{"ω^27", 81, "2"},
		{"ω^(ω^41)", 191, "ω^ω^6+ω^ω"},
		{"ω^(ω^42)", 193, "ω+65536"},
		{"ω^ω^3", 66, "ω^(ω×4)+ω^(ω×2)+ω^ω×4+1"}, // CGT p. 449
		{"ω^ω^13", 47, "ω^ω^7+1"},                // Lenstra's example
	} {
		got, err := mustParse(t, c.a).Pow(c.n)
		if err != nil {
			t.Fatal(err)
		}
		if want := mustParse(t, c.want); !got.Equal(want) {
			t.Errorf("%s^%d = %v, CGSuite %s", c.a, c.n, got, c.want)
		}
	}
	sum := mustParse(t, "ω^ω*4 + ω^3*9 + 11").Add(mustParse(t, "ω^ω*6 + ω^3*5 + ω"))
	if want := mustParse(t, "ω^ω×2+ω^3×12+ω+11"); !sum.Equal(want) {
		t.Errorf("nim-sum %v, CGSuite %v", sum, want)
	}
}

// TestONAG checks ω³ = 2 and the cube roots of 2 (Conway, On Numbers and
// Games, ch. 6): the field GF(4)(ω) has degree 6, and ω, ω⊗2, ω⊗3 are
// the three cube roots of 2 there.
func TestONAG(t *testing.T) {
	w3, err := omega.Pow(3)
	if err != nil || !w3.Equal(Nat(2)) {
		t.Fatalf("ω³ = %v, %v; want 2", w3, err)
	}
	for c := uint64(1); c < 4; c++ {
		x := monomial(ordinal.New(1), c)
		if y, _ := x.Pow(3); !y.Equal(Nat(2)) {
			t.Errorf("(ω·%d)³ = %v, want 2", c, y)
		}
	}
	if d, err := omega.fieldDeg(); err != nil || d != 6 {
		t.Errorf("degree of ω = %d, %v; want 6", d, err)
	}
}

// randOrdinal returns a nim-sum of up to terms random monomials whose
// exponents involve the first primes with small digits, and coefficients
// below 2^bits.
func randOrdinal(r *rand.Rand, terms, bits int) Ordinal {
	return randIn(r, []uint64{9, 25, 7, 11}, terms, bits) // digits below p² for 3 and 5, below p for 7, 11
}

// randIn is randOrdinal with the exponent coefficients of ω^k below
// limits[k].
func randIn(r *rand.Rand, limits []uint64, terms, bits int) Ordinal {
	var a Ordinal
	for range 1 + r.IntN(terms) {
		var cs []uint64
		for _, l := range limits {
			if r.IntN(2) == 0 {
				cs = append(cs, r.Uint64N(l))
			} else {
				cs = append(cs, 0)
			}
		}
		c := r.Uint64() >> (64 - bits)
		if c == 0 {
			c = 1
		}
		a = a.Add(monomial(ordinal.New(cs...), c))
	}
	return a
}

func TestFieldLaws(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 55))
	n := 300
	if testing.Short() {
		n = 50
	}
	one := Nat(1)
	for i := range n {
		bits := 4
		if i%3 == 0 {
			bits = 64
		}
		a, b, c := randOrdinal(r, 3, bits), randOrdinal(r, 3, bits), randOrdinal(r, 3, bits)
		ab, ba := mustMul(t, a, b), mustMul(t, b, a)
		if !ab.Equal(ba) {
			t.Fatalf("%v ⊗ %v: %v ≠ %v", a, b, ab, ba)
		}
		if x, y := mustMul(t, ab, c), mustMul(t, a, mustMul(t, b, c)); !x.Equal(y) {
			t.Fatalf("(%v ⊗ %v) ⊗ %v = %v, but a ⊗ (b ⊗ c) = %v", a, b, c, x, y)
		}
		if x, y := mustMul(t, a, b.Add(c)), ab.Add(mustMul(t, a, c)); !x.Equal(y) {
			t.Fatalf("%v ⊗ (%v ⊕ %v) = %v, not %v", a, b, c, x, y)
		}
		if !mustMul(t, a, one).Equal(a) {
			t.Fatalf("%v ⊗ 1 ≠ %v", a, a)
		}
	}
}

// TestTowerAgreesWithMonomials multiplies in the dense finite field of
// the tower (products of polynomials reduced by x^r = β) and compares with
// the monomial products of Mul.
func TestTowerAgreesWithMonomials(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 77))
	for range 100 {
		a, b := randOrdinal(r, 4, 4), randOrdinal(r, 4, 4)
		tw, vs, err := field(a, b)
		if err != nil {
			t.Fatal(err)
		}
		got := tw.toOrdinal(tw.mul(vs[0], vs[1]))
		if want := mustMul(t, a, b); !got.Equal(want) {
			t.Fatalf("%v ⊗ %v: tower %v, monomials %v", a, b, got, want)
		}
		if back := tw.toOrdinal(vs[0]); !back.Equal(a) {
			t.Fatalf("round trip of %v gives %v", a, back)
		}
		sq := tw.toOrdinal(tw.square(vs[0]))
		if want := mustMul(t, a, a); !sq.Equal(want) {
			t.Fatalf("(%v)²: tower %v, monomials %v", a, sq, want)
		}
	}
}

func TestInvSqrt(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 99))
	n := 60
	if testing.Short() {
		n = 15
	}
	for range n {
		// Fields of degree at most 9·5·7·4 = 1260.
		a := randIn(r, []uint64{9, 5, 7}, 3, 4)
		ai, err := a.Inv()
		if err != nil {
			t.Fatal(err)
		}
		if p := mustMul(t, a, ai); !p.Equal(Nat(1)) {
			t.Fatalf("%v ⊗ %v = %v, want 1", a, ai, p)
		}
		s, err := a.Sqrt()
		if err != nil {
			t.Fatal(err)
		}
		if p := mustMul(t, s, s); !p.Equal(a) {
			t.Fatalf("(%v)² = %v, want %v", s, p, a)
		}
	}
	if _, err := (Ordinal{}).Inv(); !errors.Is(err, nimber.ErrDivisionByZero) {
		t.Errorf("Inv(0): %v", err)
	}
	// κ_7 = ω^(ω^2) generates a field of degree 7·6 = 42 (κ_7^7 = ω + 1).
	k7 := kappa(7)
	inv, err := k7.Inv()
	if err != nil {
		t.Fatal(err)
	}
	if p := mustMul(t, k7, inv); !p.Equal(Nat(1)) {
		t.Errorf("κ_7 ⊗ κ_7⁻¹ = %v", p)
	}
}

// TestFinite compares products of finite ordinals, and of ω-multiples,
// with package nimber.
func TestFinite(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 111))
	for range 2000 {
		x, y := r.Uint64(), r.Uint64()
		want := uint64(nimber.Nimber(x).Mul(nimber.Nimber(y)))
		if got, ok := mustMul(t, Nat(x), Nat(y)).IsFinite(); !ok || got != want {
			t.Fatalf("%d ⊗ %d = %d, nimber says %d", x, y, got, want)
		}
		// (ω·x) ⊗ (ω^2·y) = ω³·(x⊗y) = 2⊗x⊗y.
		p := mustMul(t, monomial(ordinal.New(1), x), monomial(ordinal.New(2), y))
		if got, ok := p.IsFinite(); !ok || got != uint64(nimber.Nimber(want).Mul(2)) {
			t.Fatalf("ω·%d ⊗ ω²·%d = %v", x, y, p)
		}
	}
}

// TestAlphaIsKappaPower checks κ_p^p = α_p for every prime of the table,
// through the products of the public API: p−1 products of κ_p by itself.
func TestAlphaIsKappaPower(t *testing.T) {
	for _, v := range table {
		k := kappa(v.P)
		x := k
		for range v.P - 1 {
			x = mustMul(t, x, k)
		}
		if !x.Equal(v.alpha()) {
			t.Errorf("κ_%d^%d = %v, want α = %v", v.P, v.P, x, v.alpha())
		}
	}
}

func TestRange(t *testing.T) {
	big := kappa(oddPrime(len(table)))
	if _, err := big.Pow(uint64(oddPrime(len(table)))); !errors.Is(err, ErrRange) {
		t.Errorf("κ_p^p beyond the table: %v", err)
	}
	// A product that needs no α is fine beyond the table.
	if p, err := big.Mul(Nat(2)); err != nil || !p.Equal(monomial(ordinal.Term(len(table), 1), 2)) {
		t.Errorf("κ ⊗ 2 = %v, %v", p, err)
	}
}
