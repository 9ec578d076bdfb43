package partizan

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestRationalCGSuite checks the rows of CGSuite's tests on rationals
// (GameTest.scala, game.Rational; EvalTest.scala): the value as printed,
// its outcome, and the larger of two.
func TestRationalCGSuite(t *testing.T) {
	for _, c := range []struct{ in, out, outcome string }{
		{"0/7", "0", "P"}, {"19/1", "19", "L"}, {"-19/1", "-19", "R"},
		{"3/16", "3/16", "L"}, {"-3/16", "-3/16", "R"},
		{"6/23", "6/23", "L"}, {"-6/23", "-6/23", "R"},
		{"4/6", "2/3", "L"}, {"1/2 + 1/3", "5/6", "L"},
		{"2 + 3/4", "11/4", "L"}, {"2 - 3/4", "5/4", "L"},
	} {
		x, err := parseRational(c.in)
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if got := x.String(); got != c.out {
			t.Errorf("%s = %s, want %s", c.in, got, c.out)
		}
		o, err := newAdder().compareRational(x, RationalGame{})
		if err != nil {
			t.Fatal(err)
		}
		if got := map[Relation]string{Equal: "P", Greater: "L", Less: "R", Fuzzy: "N"}[o]; got != c.outcome {
			t.Errorf("%s: outcome %s, want %s", c.in, got, c.outcome)
		}
	}
	// (x).Max(y): the larger of the two.
	for _, c := range [][3]string{{"0", "1/7", "1/7"}, {"-3", "14/5", "14/5"}} {
		x, _ := parseRational(c[0])
		y, _ := parseRational(c[1])
		o, _ := newAdder().compareRational(x, y)
		max := x
		if o == Less {
			max = y
		}
		if max.String() != c[2] {
			t.Errorf("max(%s, %s) = %s, want %s", c[0], c[1], max, c[2])
		}
	}
}

// randomRat returns a/m + n for an odd m up to 99, or a dyadic.
func randomRat(r *rand.Rand) *big.Rat {
	m := int64(2*r.IntN(50) + 1)
	if r.IntN(4) == 0 {
		m = 1 << r.IntN(4)
	}
	return new(big.Rat).Add(big.NewRat(r.Int64N(4*m)-2*m, m), big.NewRat(int64(r.IntN(5)-2), 1<<r.IntN(3)))
}

// TestRationalNumbers checks that rationals add, negate and compare as
// big.Rat does, and that the sum of a/m and b/m' is dyadic exactly when
// big.Rat's is.
func TestRationalNumbers(t *testing.T) {
	r := rand.New(rand.NewPCG(55, 1))
	a := newAdder()
	for range 2000 {
		p, q := randomRat(r), randomRat(r)
		x, err := a.rational(p, nil)
		if err != nil {
			t.Fatal(err)
		}
		y, _ := a.rational(q, nil)
		s, err := a.addRational(x, y)
		if err != nil {
			t.Fatal(err)
		}
		want := new(big.Rat).Add(p, q)
		if got, ok := s.number(); !ok || got.Cmp(want) != 0 {
			t.Fatalf("%s + %s = %v, want %s", p.RatString(), q.RatString(), s, want.RatString())
		}
		if s.String() != want.RatString() {
			t.Fatalf("%s + %s prints %s, want %s", p.RatString(), q.RatString(), s, want.RatString())
		}
		_, short := s.Short()
		if dyadic := new(big.Int).And(want.Denom(), new(big.Int).Sub(want.Denom(), big.NewInt(1))).Sign() == 0; short != dyadic {
			t.Fatalf("%s: short %v, dyadic %v", want.RatString(), short, dyadic)
		}
		o, _ := a.compareRational(x, y)
		if want := [...]Relation{Less, Equal, Greater}[p.Cmp(q)+1]; o != want {
			t.Fatalf("%s vs %s: %v, want %v", p.RatString(), q.RatString(), o, want)
		}
		if n, _ := x.Neg().number(); n.Cmp(new(big.Rat).Neg(p)) != 0 {
			t.Fatalf("-(%s) = %s", p.RatString(), n.RatString())
		}
		// Associativity and commutativity with a third.
		z, _ := a.rational(randomRat(r), nil)
		l, _ := a.addRational(s, z)
		yz, _ := a.addRational(z, y)
		rr, _ := a.addRational(yz, x)
		if o, _ := a.compareRational(l, rr); o != Equal {
			t.Fatalf("(x+y)+z = %v, z+y+x = %v", l, rr)
		}
	}
}

// TestRationalAgainstDyadic compares q + H, for a rational q that is not
// dyadic and a random short H born by day 3, with H + d for the dyadic d
// nearest q in 2^−30: no stop of H lies between q and d (the stops have
// denominators at most 8, and q = a/m with m ≤ 99 is at least 1/(8m) from
// each), so the two relations to 0, and to another such game, agree.
func TestRationalAgainstDyadic(t *testing.T) {
	r := rand.New(rand.NewPCG(55, 2))
	a := newAdder()
	near := func(q *big.Rat) Dyadic {
		n := new(big.Int).Mul(q.Num(), big.NewInt(1<<30))
		n.Quo(n, q.Denom())
		d, _ := NewDyadicBig(n, 30)
		return d
	}
	for range 400 {
		q1, q2 := randomRat(r), randomRat(r)
		h1, h2 := canonical(randomRaw(r, 3)), canonical(randomRaw(r, 3))
		x, _ := a.rational(q1, h1)
		y, _ := a.rational(q2, h2)
		o, err := a.compareRational(x, RationalGame{})
		if err != nil {
			t.Fatal(err)
		}
		if want := compare(mustAdd(h1, number(near(q1))), Zero); o != want {
			t.Fatalf("%s + %v: %v to 0, want %v", q1.RatString(), h1, o, want)
		}
		// x − y against its dyadic twin.
		o, _ = a.compareRational(x, y)
		diff := new(big.Rat).Sub(q1, q2)
		want := compare(mustAdd(mustAdd(h1, h2.Neg()), number(near(diff))), Zero)
		if new(big.Int).And(diff.Denom(), new(big.Int).Sub(diff.Denom(), big.NewInt(1))).Sign() == 0 {
			d, _ := NewDyadicBig(diff.Num(), diff.Denom().BitLen()-1)
			want = compare(mustAdd(mustAdd(h1, h2.Neg()), number(d)), Zero)
		}
		if o != want {
			t.Fatalf("%v vs %v: %v, want %v", x, y, o, want)
		}
		// The text reads back as the same game.
		back, err := parseRational(x.String())
		if err != nil {
			t.Fatalf("%v: %v", x, err)
		}
		if o, _ := a.compareRational(back, x); o != Equal {
			t.Fatalf("%v reads back as %v", x, back)
		}
	}
}

func TestRationalText(t *testing.T) {
	k := NewCalculator(nil)
	ctx := context.Background()
	for _, c := range [][2]string{
		{"1/3 + *", "1/3*"}, {"1/3 + ^", "1/3^"}, {"4/3 + v[3] + *", "4/3v[3]*"},
		{"1/3 + {1|0}", "1/3+{1|0}"}, {"1/3 + +-1", "1/3+-1"}, {"2/5 + Tiny(2)", "2/5Tiny(2)"},
		{"-2/3 - ^", "-2/3v"}, {"1/3 + +-^^", "1/3+-^^"}, {"1/3 + 2/3", "1"}, {"1/3^ - 1/3", "^"}, {"5/6 + 1/2", "4/3"},
	} {
		x, err := k.ParseRational(ctx, c[0])
		if err != nil {
			t.Fatalf("%s: %v", c[0], err)
		}
		if x.String() != c[1] {
			t.Errorf("%s = %s, want %s", c[0], x, c[1])
		}
	}
	for _, s := range []string{"{1/3|1}", "1/3 * ^", "(1/3)", "+-1/3", "1/0", "1/3.Tiny", "-(1/3)"} {
		if _, err := parseRational(s); err == nil {
			t.Errorf("%s: read, want an error", s)
		}
	}
	if _, err := parseGame("1/3"); err == nil {
		t.Error("Parse read 1/3, a number that is no short game")
	}
}

// parseRational reads s as Calculator.ParseRational does, with no limit.
func parseRational(s string) (RationalGame, error) {
	return newAdder().parseRational(s)
}
