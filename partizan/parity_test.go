package partizan

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// TestToolboxCGSuite checks companions, stop counts, parity, temper and
// followers against CanonicalShortGameTestCase.scala (in
// github.com/aaron-siegel/cgsuite), its strings copied here; games are
// compared with CGSuite's strings read back.
func TestToolboxCGSuite(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		g, companion, stops    string
		even, odd, evenT, oddT bool
		followers              string // "" when the suite gives none
	}{
		{"0", "*", "1", true, false, true, false, "{0}"},
		{"5", "5", "1", false, true, true, false, "{0,1,2,3,4,5}"},
		{"-1/2", "-1/2", "1", false, false, true, false, "{-1,-1/2,0}"},
		{"25/16", "25/16", "1", false, false, true, false, "{0,1,3/2,25/16,13/8,7/4,2}"},
		{"*8", "*8", "4374", false, false, false, false, "{0,*,*2,*3,*4,*5,*6,*7,*8}"},
		{"9/8+*", "9/8*", "2", false, false, false, true, "{0,1,9/8,5/4,3/2,2,9/8*}"},
		{"^", "^*", "3", false, false, false, false, "{0,*,^}"},
		{"v*", "v", "4", false, false, false, false, "{0,*,v*}"},
		{"6+^*", "6^*", "4", false, false, false, false, "{0,1,2,3,4,5,6,6*,6^*}"},
		{"^*6", "^*6", "1459", false, false, false, false, "{0,*,*2,*3,*4,*5,*6,*7,^*6}"},
		{"73/16+v9*8", "73/16v9*8", "13131", false, false, false, false, ""},
		{"{0|*||*|||*||||*}", "^[4]*", "9", false, false, false, false, "{0,*,^,^[2],^[3],^[4]}"},
		{"{0||0|v*}", "{0|^<2>*}", "6", false, false, false, false, "{0,*,v*,^<2>,{0|^<2>}}"},
		{"{0||0|vvv}", "{0,*||*|v3*}", "7", false, false, false, false, "{0,*,v3,vv*,v,{0|v3},{0||0|v3}}"},
		{"{^^^|vv}", "{^3*|vv*}", "10", false, false, false, false, "{0,*,vv,v*,^,^^*,^3,{^3|vv}}"},
		{"{0||0|-3/2}", "{0,*||*|-3/2}", "3", false, false, false, false, "{-2,-3/2,-1,0,{0|-3/2},Tiny(3/2)}"},
		{"{0|||0||-1|-3}", "{0,*|||*||-1|-3}", "4", false, false, false, false, "{-3,-2,-1,0,{-1|-3},{0||-1|-3},Tiny({3|1})}"},
		{"{5||3|1|||0||||0}", "{5||3|1|||*||||0,*}", "5", false, false, false, false, ""},
		{"{1|^^||^}", "{1|^^*||^*}", "9", false, false, false, false, "{0,1,*,^,^*,^^,{1|^^},{1|^^||^}}"},
		{"{1|^^^||^}", "{1|^3*||^*}", "9", false, false, false, false, "{0,1,*,^,^^*,^3,{1|^3},{1|^3||^}}"},
		{"{3||2+*|1+*}", "{3||2*|1*}", "5", false, false, false, true, "{0,1,2,3,1*,2*,{3||2*|1*},{2*|1*}}"},
		{"{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", "{3/2*|1/2||{*|-3},{-1*,{-1/2|-1*}|-5/2}}", "11", false, false, false, false, ""},
	} {
		k := NewCalculator(nil)
		g := mustParse(t, c.g)
		comp, err := k.Companion(ctx, g)
		if err != nil || !comp.Equal(mustParse(t, c.companion)) || comp.String() != c.companion {
			t.Errorf("%s: companion %v (%v), CGSuite %s", c.g, comp, err, c.companion)
		}
		if got := g.StopCount().String(); got != c.stops {
			t.Errorf("%s: stop count %s, CGSuite %s", c.g, got, c.stops)
		}
		p, tp := g.parityOf(), g.temperOf()
		if p == even != c.even || p == odd != c.odd || tp == even != c.evenT || tp == odd != c.oddT {
			t.Errorf("%s: parity %v, temper %v; CGSuite even %v odd %v, even-tempered %v odd-tempered %v", c.g, p, tp, c.even, c.odd, c.evenT, c.oddT)
		}
		if c.followers == "" {
			continue
		}
		fs, err := g.Followers(100)
		if err != nil {
			t.Fatal(err)
		}
		var got, want []string
		for i, f := range fs {
			got = append(got, f.String())
			// CGSuite's order: numbers first, increasing, then the rest
			// by their text.
			if i == 0 {
				continue
			}
			a, an := fs[i-1].AsNumber()
			b, bn := f.AsNumber()
			if an && bn && a.Cmp(b) >= 0 || !an && bn || !an && !bn && fs[i-1].String() >= f.String() {
				t.Errorf("%s: follower %s listed before %s", c.g, fs[i-1], f)
			}
		}
		inner, depth, start := c.followers[1:len(c.followers)-1], 0, 0
		for i := 0; i <= len(inner); i++ {
			switch {
			case i == len(inner) || inner[i] == ',' && depth == 0:
				want = append(want, inner[start:i])
				start = i + 1
			case inner[i] == '{':
				depth++
			case inner[i] == '}':
				depth--
			}
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: followers %v, CGSuite %v", c.g, got, want)
		}
	}
}

// TestProperties checks the report of cgt properties on games worked by
// hand: * = {0|0} is a nimber, infinitesimal and all-small, odd (Siegel:
// * is odd), and odd-tempered since its options are the even-tempered 0;
// 1* = {1|1} is no number, even (1 is odd) and odd-tempered; ↑² = ^<2>
// has the uptimal expansion 0.01 (a1 = 0, a2 = 1) and is no number.
func TestProperties(t *testing.T) {
	star := mustParse(t, "*").Properties()
	want := "number false\nnimber true\ninfinitesimal true\nall-small true\nparity odd\ntemper odd-tempered\nuptimal *.0"
	if got := star.String(); got != want {
		t.Errorf("* has\n%s\nwant\n%s", got, want)
	}
	if p := mustParse(t, "1*").Properties(); p.Number || p.Nimber || p.Parity != "even" || p.Temper != "odd-tempered" {
		t.Errorf("1* has %+v", p)
	}
	if p := mustParse(t, "^<2>").Properties(); p.Number || !p.Infinitesimal || p.Uptimal != "0.01" {
		t.Errorf("^<2> has %+v", p)
	}
	if p := mustParse(t, "{1|0}").Properties(); p.Uptimal != "" || p.Temper != "odd-tempered" || strings.Contains(p.String(), "uptimal") {
		t.Errorf("{1|0} has %+v", p)
	}
}
