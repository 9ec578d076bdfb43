package partizan

import (
	"fmt"
	"slices"
	"testing"

	"github.com/nimbers/grundy/internal/testsize"
)

// powersByDefinition returns ↑^1 … ↑^n from the definition
// ↑^k = {0 | ↓* − ↑² − … − ↑^(k−1)} (Siegel, CGT II.7), by New and Add.
func powersByDefinition(t *testing.T, n int) []*Game {
	t.Helper()
	pows := []*Game{upGame}
	for k := 2; k <= n; k++ {
		r := mustAdd(down, starGame)
		for _, p := range pows[1:] {
			r = mustAdd(r, p.Neg())
		}
		g, err := New([]*Game{Zero}, []*Game{r})
		if err != nil {
			t.Fatal(err)
		}
		pows = append(pows, g)
	}
	return pows
}

// TestUptimalSums reads the expansion of every x + *m + a_1·↑ + … +
// a_4·↑⁴ with |a_i| ≤ 1 (2 in the long tests), x in {0, 1, −5/4} and
// m ≤ 4 (CGSuite's UptimalTest, over a smaller range), each made by Add
// from the powers built by their definition; and checks that
// uptimal.Game builds the same game back.
func TestUptimalSums(t *testing.T) {
	top := 1
	if testsize.Long {
		top = 2
	}
	pows := powersByDefinition(t, 4)
	xs := []Dyadic{{}, Int(1), newDyadic(-5, 2)}
	times := func(a int, g *Game) *Game {
		s := Zero
		for range max(a, -a) {
			s = mustAddAny(t, s, g)
		}
		if a < 0 {
			s = s.Neg()
		}
		return s
	}
	seen := 0
	for _, x := range xs {
		for m := 0; m <= 4; m++ {
			for a1 := -top; a1 <= top; a1++ {
				for a2 := -top; a2 <= top; a2++ {
					for a3 := -top; a3 <= top; a3++ {
						for a4 := -top; a4 <= top; a4++ {
							coef := []int{a1, a2, a3, a4}
							g := mustAddAny(t, Number(x), Nimber(m))
							for i, a := range coef {
								g = mustAddAny(t, g, times(a, pows[i]))
							}
							for len(coef) > 0 && coef[len(coef)-1] == 0 {
								coef = coef[:len(coef)-1]
							}
							want := uptimal{X: x, Star: m, Coef: coef}
							u, ok := g.uptimalOf()
							if !ok || u.X.Cmp(x) != 0 || u.Star != m || !slices.Equal(u.Coef, coef) {
								t.Fatalf("%v: expansion %v (%v), want %v", g, u, ok, want)
							}
							if back := want.game(); !back.Equal(g) {
								t.Fatalf("%v builds %v, want %v", want, back, g)
							}
							seen++
						}
					}
				}
			}
		}
	}
	t.Logf("%d uptimals read", seen)
}

func mustAddAny(t *testing.T, g, h *Game) *Game {
	t.Helper()
	s, err := addGames(g, h)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestUptimalCGSuite checks the expansions and the printing against the
// strings of CGSuite's test suite (CanonicalShortGameTestCase.scala and
// GameTest.scala in github.com/aaron-siegel/cgsuite), copied here.
func TestUptimalCGSuite(t *testing.T) {
	for _, c := range []struct{ in, out, expansion string }{
		{"0", "0", "0.0"},
		{"5", "5", "5.0"},
		{"-1/2", "-1/2", "-1/2.0"},
		{"25/16", "25/16", "25/16.0"},
		{"*8", "*8", "*8.0"},
		{"9/8+*", "9/8*", "9/8*.0"},
		{"^", "^", "0.1"},
		{"v*", "v*", "*.1-"},
		{"6+^*", "6^*", "6*.1"},
		{"^*6", "^*6", "*6.1"},
		{"73/16+v9*8", "73/16v9*8", "73/16*8.9-"},
		{"{0|*||*|||*||||*}", "^[4]", "0.1111"},
		{"{0||0|v*}", "{0|^<2>}", "*.12"},
		{"{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
			"{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}", "0.0202"},
		{"{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}",
			"{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}", "*4.0202"},
		// Games that are not uptimals.
		{"{0||0|vvv}", "{0||0|v3}", ""},
		{"{^^^|vv}", "{^3|vv}", ""},
		{"{1|^^||^}", "{1|^^||^}", ""},
		// Other strings of the suite with uptimals inside.
		{"{0|^<2>*}", "{0|^<2>*}", "0.12"},
		{"^[4]+*", "^[4]*", "*.1111"},
		{"{0|^[3]*||0,^[3]*|||0}", "{0|^[3]*||0,^[3]*|||0}", "0.0002-"}, // written by its options
		{"{^|*,^[2]||*,^[2]}", "{^|*,^[2]||*,^[2]}", ""},
		{"{^|*||*}", "^[3]", "0.111"},  // (7/16).Overheat(0,0)
		{"{0|v[2]*}", "^<3>", "0.001"}, // ^.Pow(3)
		// The Hackenbush value BRBGRRR, and its negative.
		{"{3/4|3/4,{3/4|3/4,3/4v*}}", "3/4v[3]*", "3/4*.1-1-1-"},
		{"-3/4^[3]*", "-3/4^[3]*", "-3/4*.111"},
		{"^<4>", "^<4>", "0.0001"},
		{"v<3>*2", "v<3>*2", "*2.001-"},
		{"1/2v[5]", "1/2v[5]", "1/2.1-1-1-1-1-"},
		{"^[12]", "^[12]", "0.111111111111"},
	} {
		g := mustParse(t, c.in)
		if got := g.String(); got != c.out {
			t.Errorf("%s prints %q, CGSuite prints %q", c.in, got, c.out)
		}
		u, ok := g.uptimalOf()
		if got := fmt.Sprint(u); ok != (c.expansion != "") || ok && got != c.expansion {
			t.Errorf("%s: expansion %q (%v), CGSuite %q", c.in, got, ok, c.expansion)
		}
		if ok && !u.game().Equal(g) {
			t.Errorf("%s: expansion %v builds %v", c.in, u, u.game())
		}
		if back := mustParse(t, c.out); !back.Equal(g) {
			t.Errorf("%s prints %s, which reads back as %v", c.in, c.out, back)
		}
	}
}
