package turning

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
)

func FuzzParse(f *testing.F) {
	for _, s := range []string{"turtles", "at-most:7", "exactly:3", "runs:1,2,5", "runs:squares", "ap", "runs:", "at-most:99"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := Parse(s)
		if err != nil {
			return
		}
		// A parsed rule computes small values without failing, and they
		// agree with the search.
		g, err := r.Values(t.Context(), 12, nil)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		want, err := r.search(12)
		if err == nil && !slices.Equal(g, want) {
			t.Fatalf("%q: Values %v, search %v", s, g, want)
		}
	})
}

func FuzzParseCoins(f *testing.F) {
	for _, s := range []string{"HT\nTH\n", "HHH\n\nTTT\n", "HX", "\n\n", "H\r\nT\r\n", "HT\nH"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCoins(s)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		n := 1
		for _, d := range c.Shape {
			n *= d
		}
		if n != len(c.Heads) || n == 0 {
			t.Fatalf("%q: shape %v with %d coins", s, c.Shape, len(c.Heads))
		}
		if len(c.Shape) == 2 && len(c.Heads) <= 64 {
			if _, err := TurningCorners().Value(t.Context(), c); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// fuzzRuleset checks a ruleset given by name and a position: a malformed
// one gives an input error on one line, a parsed one writes itself back
// with the same key, and a small one has the same Grundy value by its
// special engine and by a search of its options.
func fuzzRuleset(t *testing.T, name, pos string, small int) {
	r, err := games.Lookup(name)
	if err != nil {
		if !errors.Is(err, games.ErrInput) || strings.Contains(err.Error(), "\n") {
			t.Fatalf("%q: %v", name, err)
		}
		return
	}
	if again, err := games.Lookup(r.Name()); err != nil || again.Name() != r.Name() {
		t.Fatalf("%q: name %q looks up as %v", name, r.Name(), err)
	}
	p, err := r.Parse(pos)
	if err != nil {
		if !errors.Is(err, games.ErrInput) || strings.Contains(err.Error(), "\n") {
			t.Fatalf("%s %q: %v", name, pos, err)
		}
		return
	}
	q, err := r.Parse(p.String())
	if err != nil || q.String() != p.String() || string(q.AppendKey(nil)) != string(p.AppendKey(nil)) {
		t.Fatalf("%s %q: written %q, read back %v %v", name, pos, p.String(), q, err)
	}
	if len(pos) > small {
		return
	}
	v, err := games.NewEngine(r, nil).Grundy(t.Context(), p)
	if err != nil {
		if errors.Is(err, budget.ErrTooLarge) {
			return
		}
		t.Fatalf("%s %q: %v", name, pos, err)
	}
	e := games.NewEngine(r, nil)
	e.Generic = true
	if w, err := e.Grundy(t.Context(), p); err == nil && w != v {
		t.Fatalf("%s %q: %d, search %d", name, pos, v, w)
	}
}

func FuzzRowRuleset(f *testing.F) {
	for _, c := range [][2]string{
		{"ruler", "HTTHH"}, {"mock-turtles", "THHTH"}, {"runs:1,3", "HHHHHH"}, {"ap", "TTTTH"},
		{"motley", "HTH"}, {"exactly:3", "HHTHT"}, {"at-most:x", "H"}, {"ruler", "HTx"}, {"ruler", ""},
	} {
		f.Add(c[0], c[1])
	}
	f.Fuzz(func(t *testing.T, rule, pos string) {
		fuzzRuleset(t, "turning:"+rule, pos, 9)
	})
}

func FuzzTartanRuleset(f *testing.F) {
	for _, c := range [][2]string{
		{"twins*twins", "HTH|THH|HHT"}, {"ruler×turtles", "HT|TH"}, {"rugs", "HH|HH"},
		{"acrostic-twins", "TH|HT"}, {"ruler", "H"}, {"twins*twins", "HT|T"}, {"twins*twins", "||"},
	} {
		f.Add(c[0], c[1])
	}
	f.Fuzz(func(t *testing.T, param, pos string) {
		fuzzRuleset(t, "tartan:"+param, pos, 11)
	})
}
