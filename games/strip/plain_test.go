package strip

import (
	"context"
	"testing"

	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/internal/gametest"
	"github.com/nimbers/grundy/outcome"
	"github.com/nimbers/grundy/partizan"
	"github.com/nimbers/grundy/sg"
)

// A mover gives the positions a player can move to from a position, both
// written as text: the rules written out plainly in a test, with no
// components, no symmetry and no table but a memo of the text.
type mover func(pos string, left bool) []string

// plainValue returns the canonical form of pos, built by partizan.New
// from the values of its options.
func plainValue(t testing.TB, pos string, m mover) *partizan.Game {
	memo := map[string]*partizan.Game{}
	var value func(p string) *partizan.Game
	value = func(p string) *partizan.Game {
		if g, ok := memo[p]; ok {
			return g
		}
		var sides [2][]*partizan.Game
		for s, left := range []bool{true, false} {
			for _, q := range m(p, left) {
				sides[s] = append(sides[s], value(q))
			}
		}
		g, err := partizan.New(sides[0], sides[1])
		if err != nil {
			t.Fatal(err)
		}
		memo[p] = g
		return g
	}
	return value(pos)
}

// plainOutcome returns the outcome class of pos by a search of who wins:
// the player to move with no move loses, or under misère play wins.
func plainOutcome(pos string, m mover, misere bool) outcome.Class {
	memo := map[string]bool{}
	var wins func(p string, left bool) bool
	wins = func(p string, left bool) bool {
		k := p
		if left {
			k += "<"
		}
		if w, ok := memo[k]; ok {
			return w
		}
		opts := m(p, left)
		w := misere && len(opts) == 0
		for _, q := range opts {
			if !wins(q, !left) {
				w = true
				break
			}
		}
		memo[k] = w
		return w
	}
	lf, rf := outcome.RightWins, outcome.LeftWins
	if wins(pos, true) {
		lf = outcome.LeftWins
	}
	if wins(pos, false) {
		rf = outcome.RightWins
	}
	return outcome.Of(lf, rf)
}

// plainGrundy returns the Grundy value of pos in the impartial variant:
// the mex of the values of every move of either player.
func plainGrundy(pos string, m mover) uint64 {
	memo := map[string]uint64{}
	var value func(p string) uint64
	value = func(p string) uint64 {
		if v, ok := memo[p]; ok {
			return v
		}
		var opts []uint64
		for _, left := range []bool{true, false} {
			for _, q := range m(p, left) {
				opts = append(opts, value(q))
			}
		}
		v := sg.Mex(opts)
		memo[p] = v
		return v
	}
	return value(pos)
}

// checkPlain checks a ruleset's engines on pos against the plain
// searches: the canonical form of the engine and of the generic engine,
// the outcome, and when variants is set the misère outcome and the
// Grundy value of the impartial variant.
func checkPlain(t *testing.T, r games.Ruleset, pos string, m mover, variants bool) {
	t.Helper()
	ctx := context.Background()
	p := gametest.Parse(t, r, pos)
	want := plainValue(t, pos, m)
	for _, generic := range []bool{false, true} {
		e := games.NewEngine(r, nil)
		e.Generic = generic
		if g, err := e.Canonical(ctx, p); err != nil || !g.Equal(want) {
			t.Fatalf("%s %q (generic %v): %v %v, the plain search gives %v", r.Name(), pos, generic, g, err, want)
		}
	}
	e := games.NewEngine(r, nil)
	if o, err := e.Outcome(ctx, p); err != nil || o != plainOutcome(pos, m, false) {
		t.Fatalf("%s %q: outcome %v %v, the plain search gives %v", r.Name(), pos, o, err, plainOutcome(pos, m, false))
	}
	if !variants {
		return
	}
	if o, err := e.MisereOutcome(ctx, p); err != nil || o != plainOutcome(pos, m, true) {
		t.Fatalf("%s %q: misère outcome %v %v, the plain search gives %v", r.Name(), pos, o, err, plainOutcome(pos, m, true))
	}
	v := games.ImpartialVariant(r)
	q := gametest.Parse(t, v, pos)
	if g, err := games.NewEngine(v, nil).Grundy(ctx, q); err != nil || g != plainGrundy(pos, m) {
		t.Fatalf("%s %q: the impartial variant's value *%d %v, the plain search gives *%d", r.Name(), pos, g, err, plainGrundy(pos, m))
	}
}

// checkSplit checks, by the plain search, that the value of p is the sum
// of its components' values, and returns the value.
func checkSplit(t *testing.T, r games.Ruleset, p games.Position, m mover) *partizan.Game {
	t.Helper()
	g := plainValue(t, p.String(), m)
	sp, ok := p.(games.Splitter)
	if !ok {
		t.Fatalf("%s %s is not a Splitter", r.Name(), p)
	}
	cs := sp.Components()
	if cs == nil {
		return g
	}
	sum := partizan.Zero
	for _, c := range cs {
		if sub, ok := c.(games.Splitter); ok && sub.Components() != nil {
			t.Fatalf("%s %s: the component %s splits", r.Name(), p, c)
		}
		var err error
		if sum, err = partizan.NewCalculator(nil).Sum(context.Background(), sum, plainValue(t, c.String(), m)); err != nil {
			t.Fatal(err)
		}
	}
	if !sum.Equal(g) {
		t.Fatalf("%s %s: %v, its components %v sum to %v", r.Name(), p, g, cs, sum)
	}
	return g
}

// value returns the canonical form of the position s of r.
func value(t *testing.T, r games.Ruleset, s string) *partizan.Game {
	t.Helper()
	g, err := games.NewEngine(r, nil).Canonical(context.Background(), gametest.Parse(t, r, s))
	if err != nil {
		t.Fatalf("%s %q: %v", r.Name(), s, err)
	}
	return g
}
