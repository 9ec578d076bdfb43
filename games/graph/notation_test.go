package graph

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/nimbers/grundy/games"
)

// TestHackenbushNotation checks HackenbushTree on trees valued by hand
// (Winning Ways: a blue edge is 1, a red one −1, a green one *; Blue
// under Red is 1/2; a stalk of two greens is *2; Blue under Red and
// Green is 1:(−1*) = {0,1:−1 | 1:−1} = 1/2*), and that the notation
// of a random coloured
// tree, read by the ruleset hackenbush-tree and valued by a plain search
// of its options (a generic Engine), has the value the ordinal sums of
// PartizanHackenbush give the tree.
func TestHackenbushNotation(t *testing.T) {
	for in, want := range map[string]string{"2\n0\nB\n": "1", "3\n0 0\nBR\n": "0", "3\n0 1\nBR\n": "1/2", "3\n0 1\nGG\n": "*2", "4\n0 1 1\nBRG\n": "1/2*"} {
		if g, err := HackenbushTree(t.Context(), strings.NewReader(in), "t", nil); err != nil || g.String() != want {
			t.Errorf("%q: %v, %v; want %s", in, g, err, want)
		}
	}
	if _, err := HackenbushTree(t.Context(), strings.NewReader("3\n0 0\nBX\n"), "t", nil); err == nil || !strings.HasPrefix(err.Error(), "t: ") {
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
