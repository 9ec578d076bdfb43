package turning

import (
	"slices"
	"strings"
	"testing"
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
		want, err := r.Search(12)
		if err == nil && !slices.Equal(g, want) {
			t.Fatalf("%q: Values %v, Search %v", s, g, want)
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
