package graph

import (
	"errors"
	"testing"

	"github.com/nimbers/grundy/games"
)

// fuzzParse feeds the ruleset's Parse arbitrary text: it must not panic,
// must fail only with ErrInput, and a position read must write itself
// back and read back the same.
func fuzzParse(f *testing.F, name string, corpus ...string) {
	rules, err := games.Lookup(name)
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range corpus {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkParse(t, rules, in)
	})
}

// checkParse checks one text for fuzzParse.
func checkParse(t *testing.T, rules games.Ruleset, in string) {
	p, err := rules.Parse(in)
	if err != nil {
		if !errors.Is(err, games.ErrInput) {
			t.Fatalf("%s %q: %v is not an input error", rules.Name(), in, err)
		}
		return
	}
	s := p.String()
	q, err := rules.Parse(s)
	if err != nil {
		t.Fatalf("%s %q: written %q, which does not read: %v", rules.Name(), in, s, err)
	}
	if q.String() != s || string(q.AppendKey(nil)) != string(p.AppendKey(nil)) {
		t.Fatalf("%s %q: written %q, read back as %q", rules.Name(), in, s, q)
	}
}

// FuzzHackenbushParse fuzzes the edges of Green Hackenbush.
func FuzzHackenbushParse(f *testing.F) {
	fuzzParse(f, "hackenbush", "0-1 1-2 2-0 2-3", "", "0-0", "1-2,3-4", "0-1x", "7-", "-3", "0-65536")
}

// FuzzHackenbushStringParse fuzzes the strings of Blue-Red-Green
// Hackenbush.
func FuzzHackenbushStringParse(f *testing.F) {
	fuzzParse(f, "hackenbush-string", "BBR RG", "", "lrg", "B(R)", "BXR", " , ")
}

// FuzzHackenbushTreeParse fuzzes the tree notation of Blue-Red-Green
// Hackenbush.
func FuzzHackenbushTreeParse(f *testing.F) {
	fuzzParse(f, "hackenbush-tree", "BB(R G) G", "B(R(G B) R)", "B()", "(B)", "B(R", "B)", "B(R)G", "B((R))")
}

// FuzzCoinTreeParse fuzzes the coin trees.
func FuzzCoinTreeParse(f *testing.F) {
	fuzzParse(f, "cointree", "HT(H T) T", "h(t,h)", "H(", "HX")
}

// FuzzLeafDeletionParse fuzzes the trees of leaf deletion.
func FuzzLeafDeletionParse(f *testing.F) {
	fuzzParse(f, "leaf-deletion", "oo(o oo)", "", "o(o(o o) o)", "o(x)")
}
