package graph

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/nimbers/grundy/games"
)

// TestHackenbushNotation checks ReadHackenbushTree on trees drawn by
// hand, and that the notation of a random coloured
// tree, read by the ruleset hackenbush-tree and valued by a plain search
// of its options (a generic Engine), has the value the ordinal sums of
// PartizanHackenbush give the tree.
func TestHackenbushNotation(t *testing.T) {
	// Two edges on the ground; a path B, R, G; a B edge under a fork.
	for in, want := range map[string]string{"3\n0 0\nBR\n": "B R", "4\n0 1 2\nBRG\n": "BRG", "4\n0 1 1\nBRG\n": "B(R G)"} {
		if got, err := ReadHackenbushTree(strings.NewReader(in), "t"); err != nil || got != want {
			t.Errorf("%q: %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := ReadHackenbushTree(strings.NewReader("3\n0 0\nBX\n"), "t"); err == nil || !strings.HasPrefix(err.Error(), "t: ") {
		t.Errorf("colour X: %v, want an error naming t", err)
	}
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
		s, err := tree.hackenbushNotation(colors)
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
