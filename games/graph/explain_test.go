package graph

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestExplainAgainstSearch checks Explain on random pictures against the
// exhaustive search: the value, exactly the cuts to value 0 with the
// edges they leave standing, and a reply that is a cut, winning when one
// wins.
func TestExplainAgainstSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 300 {
		n, edges := randomGraph(rng, 6, 11)
		g, err := NewGraph(n, edges)
		if err != nil {
			t.Fatal(err)
		}
		e, err := g.Explain(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		h := newHackenbushSearch(n, edges)
		s := h.start()
		v := h.value(s)
		if e.Value != v || !e.Exact || e.Winning != (v != 0) {
			t.Fatalf("%v: value %d winning %v, search %d", edges, e.Value, e.Winning, v)
		}
		standing := func(mask uint32) [][2]int {
			var out [][2]int
			for i, e := range edges {
				if mask>>i&1 == 1 {
					out = append(out, e)
				}
			}
			return out
		}
		var want, got []string
		for _, i := range h.movesTo(0) {
			want = append(want, fmt.Sprintf("cut edge %d–%d %v", edges[i][0], edges[i][1], standing(h.ground(s&^(1<<i)))))
		}
		for _, m := range e.Moves {
			got = append(got, fmt.Sprintf("%s %v", m.Text, m.Position))
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%v: moves %q, search %q", edges, got, want)
		}
		if (e.Reply == nil) != (s == 0) {
			t.Fatalf("%v: reply %v with %d edges standing", edges, e.Reply, len(standing(s)))
		}
		if e.Reply == nil {
			continue
		}
		legal := false
		for i := range edges {
			after := h.ground(s &^ (1 << i))
			if s>>i&1 == 1 && slices.Equal(standing(after), e.Reply.Position) && (v == 0 || h.value(after) == 0) {
				legal = true
			}
		}
		if !legal {
			t.Fatalf("%v: reply %v is not a cut, or does not win", edges, e.Reply)
		}
	}
}

// TestExplainPieces checks the pieces Explain names: a stalk of 2, a
// triangle on the ground (1: its vertices fuse into three loops), a loop
// on the ground and a floating edge, which is not standing: 2 ⊕ 1 ⊕ 1.
func TestExplainPieces(t *testing.T) {
	g, _ := NewGraph(9, [][2]int{{0, 1}, {1, 2}, {0, 3}, {3, 4}, {4, 0}, {0, 0}, {7, 8}})
	e, err := g.Explain(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if e.Value != 2 || !strings.Contains(e.Why, "worth 2 (2 edges), 1 (3 edges), 1 (1 edge), and their nim-sum is 2") {
		t.Errorf("value %d, why %q", e.Value, e.Why)
	}
}
