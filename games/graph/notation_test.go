package graph

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/nimbers/grundy/games"
)

// TestHackenbushNotation checks that the notation of a random coloured
// tree, read by the ruleset hackenbush-tree and valued by a plain search
// of its options (a generic Engine), has the value the ordinal sums of
// PartizanHackenbush give the tree.
func TestHackenbushNotation(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 2))
	ctx := context.Background()
	for range 100 {
		n := 1 + rng.IntN(9)
		parents := make([]int, n-1)
		colors := make([]Color, n-1)
		for i := range parents {
			parents[i] = rng.IntN(i + 1)
			colors[i] = []Color{Blue, Red, Green}[rng.IntN(3)]
		}
		tree, err := newTree(parents)
		if err != nil {
			t.Fatal(err)
		}
		want, err := tree.partizanHackenbush(ctx, colors, nil)
		if err != nil {
			t.Fatal(err)
		}
		s, err := tree.HackenbushNotation(colors)
		if err != nil {
			t.Fatal(err)
		}
		p, err := hackenbushTreeRules{}.Parse(s)
		if err != nil {
			t.Fatalf("%v %c: %q: %v", parents, colors, s, err)
		}
		e := games.NewEngine(hackenbushTreeRules{}, nil)
		e.Generic = true
		got, err := e.Canonical(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		if !got.Equal(want) {
			t.Errorf("%v %c: %q is %s, want %s", parents, colors, s, got, want)
		}
	}
}
