package partizan

import (
	"errors"
	"strings"
	"testing"

	"github.com/nimbers/grundy/internal/testsize"
)

// TestCGSuiteNotation reads the strings CGSuite's own test suite gives
// its parser (lib/core/src/test/scala/org/cgsuite/lang/CgscriptTest.scala
// and CanonicalShortGameTestCase.scala in github.com/aaron-siegel/cgsuite)
// and checks that each prints as CGSuite prints it.
func TestCGSuiteNotation(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"0", "0"},
		{"5", "5"},
		{"-1/2", "-1/2"},
		{"25/16", "25/16"},
		{"*8", "*8"},
		{"^", "^"},
		{"v*", "v*"},
		{"6+^*", "6^*"},
		{"^*6", "^*6"},
		{"73/16+v9*8", "73/16v9*8"},
		{"{0|*||*|||*||||*}", "^[4]"},
		// CGSuite names the powers of ↑ inside a game too, and writes at most
		// four bars in a row: its value of Toads and Frogs ttttt..fffff
		// (GameStripTest.scala) reads and prints back as it is.
		{"{0||0|v*}", "{0|^<2>}"},
		{"+-{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}|||v<2>|-1/2||-1*}|||0}}",
			"+-{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}|||v<2>|-1/2||-1*}|||0}}"},
		{"*3+*5", "*6"},
		{"^^^^^^+vvv*+^19*3+v14", "^8*2"},
		{"2 + (1+*)", "3*"},
		{"2 - (1+*)", "1*"},
		{"{0|^*5}", "^^*4"},
		{"{3|||2||1|0,*||||-1/2}", "{3|||2||1|0,*||||-1/2}"},
		{"+-1", "+-1"},
		{"+-(1/2)", "+-1/2"},
		{"+-{1,1+*}", "+-{1,1*}"},
		{"3+-1", "{4|2}"},
		{"+-1+-2+-3+-4", "+-{10|8||6|4|||4|2||0|-2}"},
		{"{0||0|-1}", "Tiny(1)"},
		{"{0||0|-1/4}", "Tiny(1/4)"},
		{"{0|||0||-1|-2}", "Tiny({2|1})"},
		{"{1|0||0}", "Miny(1)"},
		{"{0|v*}", "^<2>"},
		{"{0,*|v}", "^<2>*"},
		{"{^|*}", "^[2]"},
		{"{0,^*|0}", "^[2]*"},
		{"3 - 2 +- 6 - 7 +- 8 + 4", "{12|0||-4|-16}"},
		{"5*{3||2|1}", "{12|||11||10,{11|10}|9Tiny({2|1})}"},
		// Heating results from the same suite, as games to read and print.
		{"+-2", "+-2"},
		{"+-{2,{4|0}}", "+-{2,{4|0}}"},
		{"{2||0|-4}", "{2||0|-4}"},
		{"{2,{4|0}|-2}", "{2,{4|0}|-2}"},
		{"{2||0,+-2|-4}", "{2||0,+-2|-4}"},
		// The notation the issue names, read as CGSuite reads it.
		{"^3", "^3"},
		{"v9", "v9"},
		{"^19*3", "^19*3"},
		{"vvvvv", "v5"},
		{"^<2>", "^<2>"},
		{"^[2]", "^[2]"},
		{"v[2]", "v[2]"},
		{"v<2>*", "v<2>*"},
		{"v[3]", "v[3]"},
		{"{0|^^}", "^3*"},
		{"+-(1,1*)", "+-{1,1*}"},
		{"2.Tiny", "Tiny(2)"},
		{"{3|2}.Tiny", "Tiny({3|2})"},
		{"{3|2}.Miny", "Miny({3|2})"},
		{"Tiny({2|1})", "Tiny({2|1})"},
		{"4 * ^", "^4"},
		{"4 * {1|0}", "2"},
		{"3 * +-1", "+-1"},
		{"{{5|4}|{3|2}}", "{5|4||3|2}"},
		{"{4|2}", "{4|2}"},
		{"3*2", "3*2"},
		{"1 *", "1*"},
		{"^ * + ^", "^^*"},
		{"^65536 + ^65536 + v65536 + v65535", "^"}, // sums past 2^16·↑ built from the pattern
		{"1000000000+*", "1000000000*"},
	} {
		g, err := parseGame(c.in)
		if err != nil {
			t.Errorf("parseGame(%q): %v", c.in, err)
			continue
		}
		if got := g.String(); got != c.want {
			t.Errorf("parseGame(%q) prints %q, CGSuite prints %q", c.in, got, c.want)
		}
		if back, err := parseGame(g.String()); err != nil || !back.Equal(g) {
			t.Errorf("%q prints %q, which reads back as %v, %v", c.in, g, back, err)
		}
	}
	// Ambiguous slashes and a floating slash are syntax errors in CGSuite
	// too, as is anything this notation does not define.
	for _, in := range []string{"{3|2|1}", "1|0", "^ 3", "* 3", "3 2", "^<0>", "^<2", "v[x]", "2.Pow(2)", "+-",
		"*(3+5)", "1/2 * {1|0}", "^ * ^", "^*{1|0}", "{1|0} * 2"} {
		if _, err := parseGame(in); !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), "offset") {
			t.Errorf("parseGame(%q): %v, want a syntax error with its offset", in, err)
		}
	}
}

// TestUpStarForms checks the games upStarGame builds from the pattern
// k·↑ + *m = {0 | (k−1)·↑ + *(m⊕1)}, ↑* = {0,* | 0} (with a number x added
// to every option): each is canonical, equals x + k·↑ + *m by play (the
// difference is a second-player win, searched move by move), and is read
// back by upStar.
func TestUpStarForms(t *testing.T) {
	half := newDyadic(-3, 1)
	top := 2 // the search grows fast with k: 2 minutes to 4
	if testsize.Long {
		top = 3
	}
	for _, x := range []Dyadic{{}, half, {num: 2}} {
		for k := -top; k <= top; k++ {
			for m := range 4 {
				g := upStarGame(x, k, m)
				if c, err := New(g.Left(), g.Right()); err != nil || !c.Equal(g) {
					t.Fatalf("%v + %d·↑ + *%d = %v is not canonical: %v", x, k, m, g, c)
				}
				diff := []*raw{rawOf(g), rawOf(Number(x.Neg())), rawOf(Nimber(m))}
				for range max(k, -k) {
					if k > 0 {
						diff = append(diff, rawOf(down))
					} else {
						diff = append(diff, rawOf(upGame))
					}
				}
				if o := outcomeBySearch(diff); o != Equal {
					t.Fatalf("%v − (%v + %d·↑ + *%d) is %v by play, want 0", g, x, k, m, o)
				}
				f, ok := upStar(g, map[key]upStarForm{})
				if !ok || f.x.Cmp(x) != 0 || f.k != k || f.m != m {
					t.Fatalf("%v + %d·↑ + *%d read as %+v (%v)", x, k, m, f, ok)
				}
			}
		}
	}
	// Games of the same shape that are not x + k·↑ + *m.
	for _, s := range []string{"{0|^<2>}", "{1|^}", "{0|^<2>*}", "{^|*}"} {
		if f, ok := upStar(mustParse(t, s), map[key]upStarForm{}); ok {
			t.Errorf("%s read as %+v", s, f)
		}
	}
}

// TestUpPowers checks ↑^n and ↑[n], built from their canonical forms,
// against their definitions (Siegel, Combinatorial Game Theory, II.7):
// ↑^n = {0 | ↓* − ↑² − … − ↑^(n−1)} and ↑[n] = ↑ + ↑² + … + ↑^n, made
// here by Add, for n ≤ 12; and ↑² = {0 | ↓*} written out.
func TestUpPowers(t *testing.T) {
	a := newAdder()
	if got, want := a.upPower(2), mustParse(t, "{0|v*}"); !got.Equal(want) {
		t.Errorf("↑² = %v, want %v", got, want)
	}
	sum := upGame // ↑[n−1], by sums
	for n := 2; n <= 12; n++ {
		pow, err := New([]*Game{Zero}, []*Game{mustAdd(sum.Neg(), starGame)})
		if err != nil {
			t.Fatal(err)
		}
		if got := a.upPower(n); !got.Equal(pow) {
			t.Fatalf("↑^%d = %v, want %v", n, got, pow)
		}
		sum = mustAdd(sum, pow)
		g, gs := a.upSums(n)
		if !g.Equal(sum) || !gs.Equal(mustAdd(sum, starGame)) {
			t.Fatalf("↑[%d] = %v and ↑[%d]* = %v, want %v and %v", n, g, n, gs, sum, mustAdd(sum, starGame))
		}
	}
}
