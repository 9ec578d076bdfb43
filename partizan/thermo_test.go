package partizan

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

func TestThermographKnown(t *testing.T) {
	// Worked by hand from the definition, and from Siegel's tables.
	for _, c := range []struct{ game, mean, temp, ls, rs string }{
		{"3/4", "3/4", "-1/4", "3/4", "3/4"},
		{"-2", "-2", "-1", "-2", "-2"},
		{"*", "0", "0", "0", "0"},
		{"^", "0", "0", "0", "0"},
		{"+-3", "0", "3", "3", "-3"},
		{"{1|0}", "1/2", "1/2", "1", "0"},
		{"{2|0}", "1", "1", "2", "0"},
		{"{4|{2|0}}", "5/2", "3/2", "4", "2"},
		{"{0|{0|-1}}", "0", "0", "0", "0"},
		{"{3|2}+{1|0}", "3", "-1", "3", "3"}, // ±1/2 ± 1/2 = 0
		{"2*", "2", "0", "2", "2"},
		{"{5||4|3}", "17/4", "3/4", "5", "4"},
	} {
		g := mustParse(t, c.game)
		th := g.Thermograph()
		if th.Mean().RatString() != c.mean || th.Temperature().RatString() != c.temp {
			t.Errorf("%s: mean %s temperature %s, want %s %s (walls %v / %v)", c.game,
				th.Mean().RatString(), th.Temperature().RatString(), c.mean, c.temp, th.Left, th.Right)
		}
		if g.LeftStop().String() != c.ls || g.RightStop().String() != c.rs {
			t.Errorf("%s: stops %v %v, want %s %s", c.game, g.LeftStop(), g.RightStop(), c.ls, c.rs)
		}
	}
}

// TestThermographNumbers checks the walls of fractions, worked by hand
// from the definition as Siegel (Combinatorial Game Theory, II.5) and
// CGSuite draw them: an integer is a bare mast, and 1/2 = {0|1} has the
// walls −t and 1 + t, which meet at its temperature −1/2.
func TestThermographNumbers(t *testing.T) {
	for _, c := range []struct{ game, left, right string }{
		{"3", "-1:3", "-1:3"},
		{"1/2", "-1:1 -1/2:1/2", "-1:0 -1/2:1/2"},
		{"3/4", "-1:1 -1/2:1 -1/4:3/4", "-1:0 -1/4:3/4"},
		{"-1/2", "-1:0 -1/2:-1/2", "-1:-1 -1/2:-1/2"},
		{"{1/2|-1/2}", "-1:1 -1/2:1 1/2:0", "-1:-1 -1/2:-1 1/2:0"},
	} {
		th := mustParse(t, c.game).Thermograph()
		if th.Left.String() != c.left || th.Right.String() != c.right {
			t.Errorf("%s: walls %v / %v, want %s / %s", c.game, th.Left, th.Right, c.left, c.right)
		}
	}
}

func dyadicRat(d Dyadic) *big.Rat {
	return d.rat()
}

// TestThermographProperties checks thermographs of random games against
// facts proved independently of them: means add over sums (the mean value
// theorem), the stops of n·G lie within n·mean ± temperature, the walls at
// t = 0 are the stops, and −G mirrors G.
func TestThermographProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	zero := new(big.Rat)
	for range 150 {
		a, b := canonical(randomRaw(r, 1+r.IntN(3))), canonical(randomRaw(r, 1+r.IntN(3)))
		ta, tb := a.Thermograph(), b.Thermograph()
		s := add2(a, b)
		if m := new(big.Rat).Add(ta.Mean(), tb.Mean()); s.Thermograph().Mean().Cmp(m) != 0 {
			t.Fatalf("mean(%v + %v) = %s, means %s + %s", a, b, s.Thermograph().Mean().RatString(), ta.Mean().RatString(), tb.Mean().RatString())
		}
		if _, ok := a.AsNumber(); !ok {
			if ta.Left.at(zero).Cmp(dyadicRat(a.LeftStop())) != 0 || ta.Right.at(zero).Cmp(dyadicRat(a.RightStop())) != 0 {
				t.Fatalf("%v: walls at 0 are %s, %s; stops %v, %v", a, ta.Left.at(zero).RatString(), ta.Right.at(zero).RatString(), a.LeftStop(), a.RightStop())
			}
			if ta.Temperature().Sign() < 0 {
				t.Fatalf("%v is not a number but has temperature %s", a, ta.Temperature().RatString())
			}
		}
		if ta.Left.at(ta.Temperature()).Cmp(ta.Right.at(ta.Temperature())) != 0 {
			t.Fatalf("%v: walls do not meet at the temperature", a)
		}
		n := a.Neg().Thermograph()
		if new(big.Rat).Neg(n.Mean()).Cmp(ta.Mean()) != 0 || n.Temperature().Cmp(ta.Temperature()) != 0 {
			t.Fatalf("−(%v): mean %s temperature %s", a, n.Mean().RatString(), n.Temperature().RatString())
		}
		// 4·a: n·m − t ≤ RS(nG) ≤ LS(nG) ≤ n·m + t.
		four := Zero
		for range 4 {
			four = add2(four, a)
		}
		if _, ok := a.AsNumber(); !ok {
			nm := new(big.Rat).Mul(rat(4), ta.Mean())
			lo := new(big.Rat).Sub(nm, ta.Temperature())
			hi := new(big.Rat).Add(nm, ta.Temperature())
			if dyadicRat(four.RightStop()).Cmp(lo) < 0 || dyadicRat(four.LeftStop()).Cmp(hi) > 0 {
				t.Fatalf("4·%v has stops %v, %v; mean %s, temperature %s", a, four.LeftStop(), four.RightStop(), ta.Mean().RatString(), ta.Temperature().RatString())
			}
		}
	}
}
