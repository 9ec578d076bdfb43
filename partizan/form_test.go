package partizan

import (
	"context"
	"strings"
	"testing"

	"github.com/nimbers/grundy/nimber"
)

// TestCompoundsCGSuite checks the products and ordinal sums against
// CGSuite's CompoundGameTestCase.scala and GameTest.scala (in
// github.com/aaron-siegel/cgsuite), whose values are copied here; each
// answer is compared as a game with CGSuite's string read back.
func TestCompoundsCGSuite(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct{ g, h, conway, ordProduct, ordSum string }{
		{"1/2", "1/4", "1/8", "11/32", "9/16"},
		{"*5", "*6", "*8", "*30", "*11"},
		{"+-1", "^^", "+-^^", "+-1", "{1,+-1|-1,{1,+-1,+-{1,+-1}|-1,+-1}}"},
		{"{1|0}", "0", "0", "0", "{1|0}"},
		{"'{*|*}'", "3", "0", "0", "^[3]"},
		// GameTest.scala: "implement >=2-ary methods correctly".
		{"*4", "*4", "*6", "", ""},
		{"*19", "*23", "*86", "", ""},
		{"15", "^^*2", "^30*2", "", ""},
		{"{3|1}", "^^", "{^6|^^}", "", ""},
		{"^^", "^^", "{0||0,*|0,{0,*|0,*2}}", "", ""},
	} {
		k := NewCalculator(nil)
		g, err := k.ParseForm(ctx, c.g)
		if err != nil {
			t.Fatal(err)
		}
		h, err := k.ParseForm(ctx, c.h)
		if err != nil {
			t.Fatal(err)
		}
		check := func(what, want string, got *Game, err error) {
			t.Helper()
			if err != nil {
				t.Errorf("%s %s %s: %v", c.g, what, c.h, err)
				return
			}
			if w := mustParse(t, want); !got.Equal(w) || got.String() != want {
				t.Errorf("%s %s %s = %v, CGSuite %s", c.g, what, c.h, got, want)
			}
		}
		v, err := k.ConwayProduct(ctx, g, h)
		check("ConwayProduct", c.conway, v, err)
		if c.ordProduct != "" {
			v, err = k.OrdinalProduct(ctx, g, h)
			check("OrdinalProduct", c.ordProduct, v, err)
		}
		if c.ordSum != "" {
			v, err = k.OrdinalSumForm(ctx, g, h)
			check(":", c.ordSum, v, err)
		}
	}
}

// TestConwayProductDefinition checks the Conway product against its
// definition where other rules give the answer: nimbers multiply as in
// the nim field (package nimber) and numbers as numbers, computed here
// by the options' formula on forms written out, without the shortcuts.
func TestConwayProductDefinition(t *testing.T) {
	ctx := context.Background()
	k := NewCalculator(nil)
	// written returns a form with the canonical options of g, itself not
	// marked canonical, so the product recurses through the formula.
	var written func(g *Game) *Form
	written = func(g *Game) *Form {
		var l, r []*Form
		for _, o := range g.Left() {
			l = append(l, written(o))
		}
		for _, o := range g.Right() {
			r = append(r, written(o))
		}
		return newForm(l, r)
	}
	for a := range 9 {
		for b := range 9 {
			v, err := k.ConwayProduct(ctx, written(Nimber(a)), written(Nimber(b)))
			want := int(nimber.Nimber(a).Mul(nimber.Nimber(b)))
			if n, ok := v.AsNimber(); err != nil || !ok || n != want {
				t.Fatalf("*%d · *%d = %v (%v), want *%d", a, b, v, err, want)
			}
		}
	}
	for _, c := range [][3]string{{"1/2", "1/2", "1/4"}, {"3/4", "-3/2", "-9/8"}, {"2", "5/4", "5/2"}, {"-1", "7/8", "-7/8"}} {
		v, err := k.ConwayProduct(ctx, written(mustParse(t, c[0])), written(mustParse(t, c[1])))
		if err != nil || !v.Equal(mustParse(t, c[2])) {
			t.Errorf("%s · %s = %v (%v), want %s", c[0], c[1], v, err, c[2])
		}
	}
}

// TestOrdinalProductNimbers checks that the ordinal product of *a and
// *b is *(a·b), the product of the ordinals, for a, b < 8.
func TestOrdinalProductNimbers(t *testing.T) {
	ctx := context.Background()
	k := NewCalculator(nil)
	for a := range 8 {
		for b := range 8 {
			v, err := k.OrdinalProduct(ctx, formOf(Nimber(a)), formOf(Nimber(b)))
			if err != nil {
				t.Fatal(err)
			}
			if n, ok := v.AsNimber(); !ok || n != a*b {
				t.Fatalf("*%d × *%d = %v (%v), want *%d", a, b, v, err, a*b)
			}
		}
	}
}

// TestSelectiveByPlay settles the two selective compounds by play on
// nim heaps, written out as move rules and valued by mex, without the
// package's compounds: in Winning Ways' selective compound (ch. 10) a
// move is in either heap or both and the compound stays selective, so
// G(a, b) = mex{G(a′, b), G(a, b′), G(a′, b′)}; in CGSuite's a move in
// one heap leaves the disjunctive sum, a ⊕ b, and a move in both the
// conjunctive compound C(a, b) = mex{C(a′, b′)}. *5 ∨ *6 is *11 by the
// first (a + b in general) and *8 by the second, as CGSuite prints.
func TestSelectiveByPlay(t *testing.T) {
	ctx := context.Background()
	const n = 8
	var ww, conj, cg [n][n]int
	mex := func(s map[int]bool) int {
		m := 0
		for s[m] {
			m++
		}
		return m
	}
	for a := range n {
		for b := range n {
			w, c, s := map[int]bool{}, map[int]bool{}, map[int]bool{}
			for x := range a {
				w[ww[x][b]] = true
				s[x^b] = true
				for y := range b {
					w[ww[x][y]] = true
					c[conj[x][y]] = true
					s[conj[x][y]] = true
				}
			}
			for y := range b {
				w[ww[a][y]] = true
				s[a^y] = true
			}
			ww[a][b], conj[a][b], cg[a][b] = mex(w), mex(c), mex(s)
		}
	}
	if ww[5][6] != 11 || cg[5][6] != 8 {
		t.Fatalf("by play: Winning Ways *5 ∨ *6 = *%d, CGSuite's *%d; want *11 and *8", ww[5][6], cg[5][6])
	}
	k := NewCalculator(nil)
	for a := range n {
		for b := range n {
			v, err := k.Selective(ctx, Nimber(a), Nimber(b))
			if m, ok := v.AsNimber(); err != nil || !ok || m != ww[a][b] || m != a+b {
				t.Fatalf("Selective(*%d, *%d) = %v (%v), by play *%d", a, b, v, err, ww[a][b])
			}
			v, err = k.SelectiveCGSuite(ctx, Nimber(a), Nimber(b))
			if m, ok := v.AsNimber(); err != nil || !ok || m != cg[a][b] {
				t.Fatalf("SelectiveCGSuite(*%d, *%d) = %v (%v), by play *%d", a, b, v, err, cg[a][b])
			}
		}
	}
	// CGSuite's CompoundGameTestCase.scala, selectiveSum and
	// conjunctiveSum of its short-game rows.
	for _, c := range [][4]string{
		{"1/2", "1/4", "3/4", "1/2"},
		{"*5", "*6", "*8", "*5"},
		{"+-1", "^^", "{1^^|-1}", "{0|-1}"},
		{"{1|0}", "0", "{1|0}", "0"},
	} {
		g, h := mustParse(t, c[0]), mustParse(t, c[1])
		v, err := k.SelectiveCGSuite(ctx, g, h)
		if err != nil || v.String() != c[2] {
			t.Errorf("%s SelectiveSum %s = %v (%v), CGSuite %s", c[0], c[1], v, err, c[2])
		}
		v, err = k.Conjunctive(ctx, g, h)
		if err != nil || v.String() != c[3] {
			t.Errorf("%s ConjunctiveSum %s = %v (%v), CGSuite %s", c[0], c[1], v, err, c[3])
		}
	}
}

// TestSensibleOptions checks sensible options on forms worked by hand:
// {0, *, -1 | 1} is {0 | 1} = 1/2 (* reverses through 0 to nothing, -1
// is dominated), so only 0 is sensible for Left; ↑ + * written out is
// {*, ↑ | 0, ↑}, canonical {0, * | 0}: Left's * and ↑ are sensible (↑ ≥
// 0), Right's ↑ is not; {{*|*}, 1 | -1, {*|*}} is ±1.
func TestSensibleOptions(t *testing.T) {
	ctx := context.Background()
	k := NewCalculator(nil)
	for _, c := range []struct{ form, left, right string }{
		{"'{0,*,-1|1}'", "0", "1"},
		{"'{*,^|0,^}'", "* ^", "0"},
		{"'{{*|*},1|-1,{*|*}}'", "1", "-1"},
	} {
		f, err := k.ParseForm(ctx, c.form)
		if err != nil {
			t.Fatal(err)
		}
		l, r, err := k.SensibleOptions(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		texts := func(fs []*Form) string {
			var s []string
			for _, x := range fs {
				s = append(s, x.text())
			}
			return strings.Join(s, " ")
		}
		if texts(l) != c.left || texts(r) != c.right {
			t.Errorf("%s: sensible %q | %q, want %q | %q", c.form, texts(l), texts(r), c.left, c.right)
		}
	}
}
