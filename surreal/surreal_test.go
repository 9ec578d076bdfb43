package surreal

import (
	"errors"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/nimbers/grundy/partizan"
)

// TestCGSuiteOrdinals checks the generalized ordinals of CGSuite's
// GameTest.scala (github.com/aaron-siegel/cgsuite), its strings copied
// here: how each prints, its absolute value, birthday, sign, whether it
// is an ordinal, and who wins it.
func TestCGSuiteOrdinals(t *testing.T) {
	for _, c := range []struct {
		in, out, abs, birthday string
		sign                   int
		ordinal                bool
		outcome                string
	}{
		{"omega", "ω", "ω", "ω", 1, true, "L"},
		{"-omega", "-ω", "ω", "ω", -1, false, "R"},
		{"omega+5", "ω+5", "ω+5", "ω+5", 1, true, "L"},
		{"omega-5", "ω-5", "ω-5", "ω+5", 1, false, "L"},
		{"-omega+5", "-ω+5", "ω-5", "ω+5", -1, false, "R"},
		{"omega*5", "ω×5", "ω×5", "ω×5", 1, true, "L"},
		{"omega^omega-5*omega^19+omega^2+1", "ω^ω-ω^19×5+ω^2+1", "ω^ω-ω^19×5+ω^2+1", "ω^ω+ω^19×5+ω^2+1", 1, false, "L"},
	} {
		x, err := Parse(c.in)
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		outcome := map[int]string{1: "L", -1: "R", 0: "P"}[x.sign()]
		if x.String() != c.out || x.abs().String() != c.abs || x.birthday().String() != c.birthday ||
			x.sign() != c.sign || x.isOrdinal() != c.ordinal || outcome != c.outcome {
			t.Errorf("%s: %v, abs %v, born %v, sign %d, ordinal %v, %s; CGSuite %+v",
				c.in, x, x.abs(), x.birthday(), x.sign(), x.isOrdinal(), outcome, c)
		}
		if back, err := Parse(x.String()); err != nil || !back.equal(x) {
			t.Errorf("%v reads back as %v, %v", x, back, err)
		}
	}
	// The exponents as CGSuite writes them (its nim products' strings).
	for _, s := range []string{"ω^(ω^2+1)+ω^ω^2", "ω^(ω×4)+ω^(ω×2)+ω^ω×4+1", "ω^ω^7+1", "ω^5×2"} {
		x, err := Parse(s)
		if err != nil || x.String() != s {
			t.Errorf("%s prints %v (%v)", s, x, err)
		}
	}
	for _, bad := range []string{"", "3^2", "w^(-1)", "w^(w-1)", "(w", "w+", "x", "1/2"} {
		if _, err := Parse(bad); !errors.Is(err, errSyntax) {
			t.Errorf("%q: %v, want errSyntax", bad, err)
		}
	}
}

// randomPoly returns a random ω-polynomial with exponents below ω^2.
func randomPoly(r *rand.Rand) Poly {
	x := Poly{}
	for range r.IntN(4) {
		e := Int(int64(r.IntN(3))).Add(omega().Mul(Int(int64(r.IntN(2)))))
		x = x.Add(power(e).Mul(Int(int64(r.IntN(7) - 3))))
	}
	return x
}

// TestFieldLaws checks the ordered ring laws on random ω-polynomials:
// sums and products commute and associate, products distribute over
// sums, x − x = 0, the order is total and kept by adding, and by
// multiplying by a positive number; and every result keeps its terms in
// order.
func TestFieldLaws(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 7))
	for range 3000 {
		x, y, z := randomPoly(r), randomPoly(r), randomPoly(r)
		for _, v := range []Poly{x.Add(y), x.Mul(y), x.Sub(y), x.Mul(y.Add(z))} {
			if !v.sortedTerms() {
				t.Fatalf("%v: terms out of order", v)
			}
		}
		switch {
		case !x.Add(y).equal(y.Add(x)), !x.Mul(y).equal(y.Mul(x)):
			t.Fatalf("%v, %v: not commutative", x, y)
		case !x.Add(y).Add(z).equal(x.Add(y.Add(z))), !x.Mul(y).Mul(z).equal(x.Mul(y.Mul(z))):
			t.Fatalf("%v, %v, %v: not associative", x, y, z)
		case !x.Mul(y.Add(z)).equal(x.Mul(y).Add(x.Mul(z))):
			t.Fatalf("%v, %v, %v: not distributive", x, y, z)
		case !x.Sub(x).isZero():
			t.Fatalf("%v − itself = %v", x, x.Sub(x))
		case x.Cmp(y) != -y.Cmp(x):
			t.Fatalf("%v, %v: order not antisymmetric", x, y)
		case x.Cmp(y) != x.Add(z).Cmp(y.Add(z)):
			t.Fatalf("%v, %v, %v: order not kept by adding", x, y, z)
		case z.sign() > 0 && x.Cmp(y) != x.Mul(z).Cmp(y.Mul(z)):
			t.Fatalf("%v, %v, %v: order not kept by a positive factor", x, y, z)
		}
		if back, err := Parse(x.String()); err != nil || !back.equal(x) {
			t.Fatalf("%v reads back as %v, %v", x, back, err)
		}
	}
}

// TestRatBirthday checks the birthdays of rationals: a dyadic's as
// package partizan counts it, ω for 1/3 and 6/23 (CGSuite's GameTest).
func TestRatBirthday(t *testing.T) {
	for _, s := range []string{"0", "5", "-3/16", "25/16", "-1823437481924", "3/4"} {
		r, _ := new(big.Rat).SetString(s)
		d, err := partizan.ParseDyadic(s)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := ratBirthday(r).String(), partizan.Number(d).Birthday().String(); got != want {
			t.Errorf("%s born on %s, want %s", s, got, want)
		}
	}
	for _, s := range []string{"1/3", "6/23", "-6/23"} {
		r, _ := new(big.Rat).SetString(s)
		if got := ratBirthday(r).String(); got != "ω" {
			t.Errorf("%s born on %s, want ω", s, got)
		}
	}
}

// TestDescribe checks the reports of numbers worked by hand: 1/3 is born
// on day ω and is not dyadic; −3/4 = −(1/2 + 1/4) is born on day 3; ω − 5
// is no ordinal (a negative coefficient), born on day ω + 5.
func TestDescribe(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"1/3", "number 1/3\nabs 1/3\nsign 1\nbirthday ω\noutcome Left\ndyadic false"},
		{" -3/4 ", "number -3/4\nabs 3/4\nsign -1\nbirthday 3\noutcome Right\ndyadic true"},
		{"0", "number 0\nabs 0\nsign 0\nbirthday 0\noutcome second\ndyadic true"},
		{"w-5", "number ω-5\nabs ω-5\nsign 1\nbirthday ω+5\noutcome Left\nordinal false"},
	} {
		n, err := Describe(c.in)
		if err != nil {
			t.Fatalf("%q: %v", c.in, err)
		}
		if got := n.String(); got != c.want {
			t.Errorf("%q:\n%s\nwant\n%s", c.in, got, c.want)
		}
	}
	if _, err := Describe("1.5"); !errors.Is(err, errSyntax) {
		t.Errorf("1.5: %v, want a syntax error", err)
	}
}
