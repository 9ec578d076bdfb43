package partizan

import (
	"context"
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

// thermographOf returns the thermograph of g.
func thermographOf(g *Game) *Thermograph { return RationalOf(g).thermograph() }

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
		th := thermographOf(g)
		if th.Mean.RatString() != c.mean || th.Temperature.RatString() != c.temp {
			t.Errorf("%s: mean %s temperature %s, want %s %s (walls %v / %v)", c.game,
				th.Mean.RatString(), th.Temperature.RatString(), c.mean, c.temp, th.LeftWall, th.RightWall)
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
		th := thermographOf(mustParse(t, c.game))
		text := th.String()
		if want := "left wall " + c.left + "\nright wall " + c.right; !strings.HasSuffix(text, want) {
			t.Errorf("%s: %s, want walls %s / %s", c.game, text, c.left, c.right)
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
		ta, tb := thermographOf(a), thermographOf(b)
		wa := thermograph(a, map[key]*thermo{})
		s := add2(a, b)
		if m := new(big.Rat).Add(ta.Mean, tb.Mean); thermographOf(s).Mean.Cmp(m) != 0 {
			t.Fatalf("mean(%v + %v) = %s, means %s + %s", a, b, thermographOf(s).Mean.RatString(), ta.Mean.RatString(), tb.Mean.RatString())
		}
		if _, ok := a.AsNumber(); !ok {
			if wa.left.at(zero).Cmp(dyadicRat(a.LeftStop())) != 0 || wa.right.at(zero).Cmp(dyadicRat(a.RightStop())) != 0 {
				t.Fatalf("%v: walls at 0 are %s, %s; stops %v, %v", a, wa.left.at(zero).RatString(), wa.right.at(zero).RatString(), a.LeftStop(), a.RightStop())
			}
			if ta.Temperature.Sign() < 0 {
				t.Fatalf("%v is not a number but has temperature %s", a, ta.Temperature.RatString())
			}
		}
		if wa.left.at(ta.Temperature).Cmp(wa.right.at(ta.Temperature)) != 0 {
			t.Fatalf("%v: walls do not meet at the temperature", a)
		}
		n := thermographOf(a.Neg())
		if new(big.Rat).Neg(n.Mean).Cmp(ta.Mean) != 0 || n.Temperature.Cmp(ta.Temperature) != 0 {
			t.Fatalf("−(%v): mean %s temperature %s", a, n.Mean.RatString(), n.Temperature.RatString())
		}
		// 4·a: n·m − t ≤ RS(nG) ≤ LS(nG) ≤ n·m + t.
		four := Zero
		for range 4 {
			four = add2(four, a)
		}
		if _, ok := a.AsNumber(); !ok {
			nm := new(big.Rat).Mul(rat(4), ta.Mean)
			lo := new(big.Rat).Sub(nm, ta.Temperature)
			hi := new(big.Rat).Add(nm, ta.Temperature)
			if dyadicRat(four.RightStop()).Cmp(lo) < 0 || dyadicRat(four.LeftStop()).Cmp(hi) > 0 {
				t.Fatalf("4·%v has stops %v, %v; mean %s, temperature %s", a, four.LeftStop(), four.RightStop(), ta.Mean.RatString(), ta.Temperature.RatString())
			}
		}
	}
}

// TestThermographRational checks the thermograph of 1/3 + {1|0}, worked
// by hand: {1|0} has mean and temperature 1/2, stops 1 and 0, and walls
// 1 − t and t (at t = −1, 2 and −1) meeting at t = 1/2; adding 1/3 moves
// all but the temperature right by 1/3.
func TestThermographRational(t *testing.T) {
	x, err := NewCalculator(nil).ParseRational(context.Background(), "1/3 + {1|0}")
	if err != nil {
		t.Fatal(err)
	}
	th, err := NewCalculator(nil).Thermograph(context.Background(), x)
	if err != nil {
		t.Fatal(err)
	}
	want := "mean 5/6\ntemperature 1/2\nleft stop 4/3\nright stop 1/3\nleft wall -1:7/3 1/2:5/6\nright wall -1:-2/3 1/2:5/6"
	if got := th.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	b, err := json.Marshal(th)
	if err != nil {
		t.Fatal(err)
	}
	wantJSON := `{"mean":"5/6","temperature":"1/2","left_stop":"4/3","right_stop":"1/3",` +
		`"left_wall":[{"t":"-1","x":"7/3"},{"t":"1/2","x":"5/6"}],"right_wall":[{"t":"-1","x":"-2/3"},{"t":"1/2","x":"5/6"}]}`
	if string(b) != wantJSON {
		t.Errorf("JSON %s, want %s", b, wantJSON)
	}
}
