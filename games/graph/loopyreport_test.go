package graph

import (
	"errors"
	"strings"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/outcome"
)

// TestLoopyGameReport checks reports against outcomes found by hand: a
// graph of three vertices (0 loops and moves to 1; 1 moves to 0 and to
// the dead end 2), and subtraction of 1 or 2 without additions, whose
// losses are the multiples of 3; and that each bound refuses with the
// error that names it.
func TestLoopyGameReport(t *testing.T) {
	graph := "3 4\n0 1\n1 0\n1 2\n0 0\n"
	r, err := (&LoopyGame{In: strings.NewReader(graph), Name: "g"}).Report(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	want := []outcome.Class{outcome.D, outcome.N, outcome.P}
	if len(r.Vertices) != 3 || r.Start != nil {
		t.Fatalf("report %+v", r)
	}
	for v, o := range want {
		if r.Vertices[v].Outcome != o {
			t.Errorf("vertex %d: %v, want %v", v, r.Vertices[v].Outcome, o)
		}
	}
	if r.Vertices[1].Remoteness != 1 || r.Vertices[2].Remoteness != 0 {
		t.Errorf("remoteness %+v", r.Vertices)
	}

	r, err = (&LoopyGame{Take: "1,2", Add: "-", N: 9, Start: 7}).Report(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for h, v := range r.Vertices {
		if (v.Outcome == outcome.P) != (h%3 == 0) || v.Outcome == outcome.D {
			t.Errorf("heap %d: %v", h, v.Outcome)
		}
	}
	// From 7, the one move to a loss takes 1.
	if *r.Start != 7 || len(r.Moves) != 1 || r.Moves[0] != 6 {
		t.Errorf("from 7: start %v, moves %v", *r.Start, r.Moves)
	}

	for _, c := range []struct {
		g      LoopyGame
		output bool
	}{
		{LoopyGame{In: strings.NewReader(graph), Output: 10}, true},
		{LoopyGame{Take: "1", Add: "-", N: 100, Start: -1, Output: 10}, true},
		{LoopyGame{In: strings.NewReader(graph), Memory: 100}, false},
		{LoopyGame{In: strings.NewReader(graph), Limit: 1}, false},
		{LoopyGame{Take: "1", Add: "2", N: 1000, Start: 3, Limit: 10}, false},
	} {
		_, err := c.g.Report(t.Context())
		if !errors.Is(err, budget.ErrTooLarge) || errors.Is(err, ErrLoopyOutput) != c.output {
			t.Errorf("%+v: %v", c.g, err)
		}
	}
	// A start position is reported on whatever the bound on every
	// position's lines.
	if _, err := (&LoopyGame{In: strings.NewReader(graph + "1\n"), Output: 10}).Report(t.Context()); err != nil {
		t.Errorf("with a start: %v", err)
	}
}
