package partizan

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestGameBirthday checks the birthdays CGSuite's test suite asserts
// (CanonicalShortGameTestCase.scala in github.com/aaron-siegel/cgsuite).
func TestGameBirthday(t *testing.T) {
	for in, want := range map[string]int64{
		"0": 0, "5": 5, "-1/2": 2, "25/16": 6, "*8": 8, "^": 2, "v*": 2, "6+^*": 8, "^*6": 8,
		"73/16+v9*8": 27, "{0|*||*|||*||||*}": 5, "{0||0|v*}": 4,
	} {
		if got := mustParse(t, in).Birthday(); got.Int64() != want || !got.IsInt64() {
			t.Errorf("birthday of %s: %d, CGSuite says %d", in, got, want)
		}
	}
}

// TestHeat checks heating by 2 against CGSuite's test suite
// (CgscriptTest.scala, "process infix ops") and cooling against Siegel,
// Combinatorial Game Theory, II.5 ({2|-1} cooled by 1 is {1|0}; a game
// cooled past its temperature is its mean).
func TestHeat(t *testing.T) {
	k := NewCalculator(nil)
	two := Int(2)
	for in, want := range map[string]string{
		"*": "+-2", "*2": "+-{2,{4|0}}", "^": "{2||0|-4}", "^*": "{2,{4|0}|-2}", "^^": "{2||0,+-2|-4}",
		"3/4": "3/4",
	} {
		h, err := k.Heat(t.Context(), mustParse(t, in), Number(two))
		if err != nil || h.String() != want {
			t.Errorf("%s heated by 2: %v, %v; CGSuite says %s", in, h, err, want)
		}
	}
	one := Int(1)
	for _, c := range []struct {
		in   string
		t    Dyadic
		want string
	}{
		{"{2|-1}", one, "{1|0}"},
		{"{4|2}", one, "3*"},
		{"{4|2}", two, "3"},
		{"+-3", one, "+-2"},
		{"{5|{3|1}}", one, "{4|3*}"}, // {3|1} cooled by its temperature 1 is 2*
	} {
		c2, err := k.Cool(t.Context(), mustParse(t, c.in), c.t)
		if err != nil || c2.String() != c.want {
			t.Errorf("%s cooled by %v: %v, %v; want %s", c.in, c.t, c2, err, c.want)
		}
	}
}

// TestCoolThermograph checks cooling on random games against their
// thermographs: cooling by t keeps the mean and lowers the temperature by
// t while the game is hot (Siegel, Combinatorial Game Theory, II.5), and
// heating a cooled switch by the same t gives it back.
func TestCoolThermograph(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	k := NewCalculator(nil)
	half := newDyadic(1, 1)
	for range 300 {
		g := canonical(randomRaw(r, 1+r.IntN(3)))
		if g.isNum {
			continue
		}
		c, err := k.Cool(t.Context(), g, half)
		if err != nil {
			t.Fatal(err)
		}
		if thermographOf(c).Mean.Cmp(thermographOf(g).Mean) != 0 {
			t.Fatalf("%v cooled by 1/2 is %v: mean %v, was %v", g, c, thermographOf(c).Mean, thermographOf(g).Mean)
		}
		temp := thermographOf(g).Temperature
		if temp.Cmp(half.rat()) > 0 && !c.isNum {
			want := new(big.Rat).Sub(temp, half.rat())
			if thermographOf(c).Temperature.Cmp(want) != 0 {
				t.Fatalf("%v (temperature %v) cooled by 1/2 is %v at temperature %v", g, temp, c, thermographOf(c).Temperature)
			}
		}
	}
}

// TestIncentives checks incentives by play: G^L − G − ΔL and
// G − G^R − ΔR are second-player wins, searched move by move.
func TestIncentives(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	k := NewCalculator(nil)
	for range 200 {
		g := canonical(randomRaw(r, 1+r.IntN(2)))
		left, right, err := k.Incentives(t.Context(), g)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range g.Left() {
			found := false
			for _, d := range left {
				if outcomeBySearch([]*raw{rawOf(o), rawOf(g.Neg()), rawOf(d.Neg())}) == Equal {
					found = true
				}
			}
			if !found {
				t.Fatalf("%v: no Left incentive equals %v − G among %v", g, o, left)
			}
		}
		for _, o := range g.Right() {
			found := false
			for _, d := range right {
				if outcomeBySearch([]*raw{rawOf(g), rawOf(o.Neg()), rawOf(d.Neg())}) == Equal {
					found = true
				}
			}
			if !found {
				t.Fatalf("%v: no Right incentive equals G − %v among %v", g, o, right)
			}
		}
	}
}
