package loopy

import (
	"context"
	"errors"
	"github.com/nimbers/grundy/outcome"
	"math/rand/v2"
	"testing"

	"github.com/nimbers/grundy/budget"
)

// survives reports whether Left (or Right, for !left) avoids losing
// x + y moving first and moving second, an endless game not being a
// loss.
func survives(t *testing.T, x, y Game, left bool) [2]bool {
	t.Helper()
	s, err := add(x, y)
	if err != nil {
		t.Fatal(err)
	}
	cls, err := Play(s)
	lf, rf := cls.LeftFirst(), cls.RightFirst()
	if err != nil {
		t.Fatal(err)
	}
	loser := outcome.RightWins
	if !left {
		loser = outcome.LeftWins
	}
	return [2]bool{lf != loser, rf != loser}
}

// checkSides finds the sides of random games of up to n positions that
// are not stoppers, until it has tried games of them, and checks each
// against the definition: with any stopper y added (samples random
// ones), Left survives x + y exactly when she survives onside + y, and
// Right survives x + y exactly when he survives offside + y. It calls
// more on each game whose sides are found, and returns the number of
// games refused.
func checkSides(t *testing.T, r *rand.Rand, games, n, samples int, more func(x, on, off Game)) (refused int) {
	t.Helper()
	for tried := 0; tried < games; {
		x := randomGame(r, 1+r.IntN(n), 0.05+0.35*r.Float64())
		if x.IsStopper() {
			continue
		}
		tried++
		on, off, err := Sides(context.Background(), x, nil)
		if errors.Is(err, errSides) {
			refused++
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if !on.IsStopper() || !off.IsStopper() {
			t.Fatalf("%v: sides %v & %v are not stoppers", x, on, off)
		}
		for range samples {
			y := randomStopper(r)
			if a, b := survives(t, x, y, true), survives(t, on, y, true); a != b {
				t.Fatalf("x = %v, onside %v, y = %v: Left survives x + y %v, onside + y %v", x, on, y, a, b)
			}
			if a, b := survives(t, x, y, false), survives(t, off, y, false); a != b {
				t.Fatalf("x = %v, offside %v, y = %v: Right survives x + y %v, offside + y %v", x, off, y, a, b)
			}
		}
		more(x, on, off)
	}
	return refused
}

// TestSidesByDefinition checks the sides of random games that are not
// stoppers against their definition (checkSides). Where sidling
// settles, an algorithm of its own, its sides must be the same.
func TestSidesByDefinition(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	const games = 150
	sidled := 0
	refused := checkSides(t, r, games, 6, 10, func(x, on, off Game) {
		if x.len() > 4 {
			return // sidling that does not settle takes long
		}
		son, err1 := sidle(newMeter(context.Background(), nil), x, On())
		soff, err2 := sidle(newMeter(context.Background(), nil), x, offGame())
		if err1 == nil && err2 == nil {
			sidled++
			if !sameForm(son, on) || !sameForm(soff, off) {
				t.Fatalf("%v: sides %v & %v, sidling gives %v & %v", x, on, off, son, soff)
			}
		}
	})
	if refused > games/10 || sidled < 30 {
		t.Errorf("sides refused for %d of %d games; %d of the others found by sidling too", refused, games, sidled)
	}
	t.Logf("sides refused for %d of %d games; %d of the others found by sidling too", refused, games, sidled)
}

// TestOnsideGeq checks the order of onsides against comparisons made
// otherwise: of stoppers, by leq; of a game x and a stopper y, y is
// at most the onside of x when Left survives x − y moving second, and
// at least it when it is at least the onside sidling finds.
func TestOnsideGeq(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	m := newMeter(context.Background(), &budget.Options{Limit: -1, Memory: -1})
	for range 250 {
		x, y := randomGame(r, 1+r.IntN(4), 0.3), randomStopper(r)
		if x.IsStopper() {
			ge, err := onsideGeq(m, x, y)
			if err != nil {
				t.Fatal(err)
			}
			if le, _ := leq(context.Background(), y, x, nil); ge != le {
				t.Fatalf("onside of %v ≥ %v: %v, leq %v", x, y, ge, le)
			}
			continue
		}
		ge, err := onsideGeq(m, x, y)
		if err != nil {
			t.Fatal(err)
		}
		d, _ := add(x, y.Neg())
		s, _ := survive(m, d.graph(), zeroGraph)
		if want := !s.lost[d.start*2+1]; ge != want {
			t.Fatalf("onside of %v ≥ %v: %v; Left survives the difference moving second: %v", x, y, ge, want)
		}
		on, err := sidle(m, x, On())
		if err != nil {
			continue
		}
		le, err := onsideGeq(m, y, x)
		if err != nil {
			t.Fatal(err)
		}
		if want, _ := leq(context.Background(), on, y, nil); le != want {
			t.Fatalf("%v ≥ onside of %v: %v; sidling gives the onside %v, leq %v", y, x, le, on, want)
		}
	}
}

func TestSidesIdentities(t *testing.T) {
	for _, c := range []struct{ in, on, off string }{
		{"dud", "on", "off"},
		{"on+off", "on", "off"},
		{"over", "over", "over"},
		{"{pass|pass,0}", "under", "off"},
		{"{pass,0|pass}", "on", "over"},
		// Finding the offside, fusing and bypassing once undid each other
		// until the search gave up.
		{"a:{pass|{0,{a,pass|pass}|0,pass,{a,pass|pass}}}", "on", "over"},
		{"a:{pass,{a|},{{a,pass|a}|{a,pass|a}}|pass,{a|}}", "on", "{over|0}"},
	} {
		x, err := Parse(context.Background(), c.in, nil)
		if err != nil {
			t.Fatal(err)
		}
		on, off, err := Sides(context.Background(), x, nil)
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if on.String() != c.on || off.String() != c.off {
			t.Errorf("%s = %v & %v, want %s & %s", c.in, on, off, c.on, c.off)
		}
	}
	// The onside of {pass | pass, 0} is under = {pass | 0}, a cycle the
	// approximations of sidling, {on|0}, {{on|0}|0}, …, reach only in
	// the limit.
	x, _ := Parse(context.Background(), "{pass|pass,0}", nil)
	if _, err := sidle(newMeter(context.Background(), nil), x, On()); !errors.Is(err, errSides) {
		t.Errorf("{pass|pass,0}: sidling gives %v, want errSides", err)
	}
}

// TestSidesCGSuite checks sided values CGSuite's own tests give
// (CgscriptTest.scala in github.com/aaron-siegel/cgsuite), in CGSuite 2's
// label notation.
func TestSidesCGSuite(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"a{1||a|0}", "2 & +-1"},
		{"x{0|x}", "over"},
		{"x{x|0}", "under"},
	} {
		x, err := Parse(context.Background(), c.in, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		on, off, err := Sides(context.Background(), x, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if got, _ := SidedText(on, off, 1000); got != c.want {
			t.Errorf("%s = %s, CGSuite gives %s", c.in, got, c.want)
		}
	}
}

// TestNotationRoundTrip checks that any game, stopper or not, reads back
// from its text as a game of the same value: the same onside and the
// same offside.
func TestNotationRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	m := newMeter(context.Background(), &budget.Options{Limit: -1, Memory: -1})
	for range 1000 {
		x := randomGame(r, 1+r.IntN(5), 0.1+0.3*r.Float64())
		back, err := Parse(context.Background(), x.String(), nil)
		if err != nil {
			t.Fatalf("%v does not read back: %v", x, err)
		}
		on, err := sameOnside(m, x, back)
		if err != nil {
			t.Fatal(err)
		}
		off, err := sameOnside(m, x.Neg(), back.Neg())
		if err != nil {
			t.Fatal(err)
		}
		if !on || !off {
			l, rr := x.Graph()
			t.Fatalf("%v (Left options %v, Right %v) reads back as another game", x, l, rr)
		}
	}
}

// TestCompareGames checks the comparison of games that are not
// stoppers, made on the pairs of their positions, against their sides:
// x ≤ y exactly when x's onside is at most y's and x's offside at most
// y's.
func TestCompareGames(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	ctx := context.Background()
	compared := 0
	for compared < 300 {
		x, y := randomGame(r, 1+r.IntN(4), 0.3), randomGame(r, 1+r.IntN(4), 0.3)
		if x.IsStopper() && y.IsStopper() {
			continue
		}
		xon, xoff, err1 := Sides(ctx, x, nil)
		yon, yoff, err2 := Sides(ctx, y, nil)
		if err1 != nil || err2 != nil {
			continue
		}
		compared++
		got, err := leq(ctx, x, y, nil)
		if err != nil {
			t.Fatal(err)
		}
		on, _ := leq(ctx, xon, yon, nil)
		off, _ := leq(ctx, xoff, yoff, nil)
		if got != (on && off) {
			t.Fatalf("%v ≤ %v: %v; their sides %v & %v, %v & %v compare %v, %v", x, y, got, xon, xoff, yon, yoff, on, off)
		}
	}
}
