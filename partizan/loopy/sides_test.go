package loopy

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
)

// survives reports whether Left (or Right, for !left) avoids losing
// x + y moving first and moving second, an endless game not being a
// loss.
func survives(t *testing.T, x, y Game, left bool) [2]bool {
	t.Helper()
	s, err := Add(x, y)
	if err != nil {
		t.Fatal(err)
	}
	lf, rf, err := Play(s)
	if err != nil {
		t.Fatal(err)
	}
	loser := RightWins
	if !left {
		loser = LeftWins
	}
	return [2]bool{lf != loser, rf != loser}
}

// TestSidesByDefinition checks the sides of random games that are not
// stoppers against their definition: with any stopper y added, Left
// survives x + y exactly when she survives onside + y, and Right
// survives x + y exactly when he survives offside + y.
func TestSidesByDefinition(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	found, tried := 0, 0
	for found < 40 && tried < 1000 {
		x := randomGame(r, 1+r.IntN(5), 0.3)
		if x.IsStopper() {
			continue
		}
		tried++
		on, off, err := Sides(context.Background(), x)
		if errors.Is(err, ErrSides) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if !on.IsStopper() || !off.IsStopper() {
			t.Fatalf("%v: sides %v & %v are not stoppers", x, on, off)
		}
		found++
		for range 20 {
			y := randomStopper(r)
			if a, b := survives(t, x, y, true), survives(t, on, y, true); a != b {
				t.Fatalf("x = %v, onside %v, y = %v: Left survives x + y %v, onside + y %v", x, on, y, a, b)
			}
			if a, b := survives(t, x, y, false), survives(t, off, y, false); a != b {
				t.Fatalf("x = %v, offside %v, y = %v: Right survives x + y %v, offside + y %v", x, off, y, a, b)
			}
		}
	}
	if found < 20 {
		t.Errorf("sidling settled for only %d of %d games", found, tried)
	}
	t.Logf("sidling settled for %d of %d games", found, tried)
}

func TestSidesIdentities(t *testing.T) {
	for _, c := range []struct{ in, on, off string }{
		{"dud", "on", "off"},
		{"on+off", "on", "off"},
		{"over", "over", "over"},
	} {
		x, err := Parse(c.in)
		if err != nil {
			t.Fatal(err)
		}
		on, off, err := Sides(context.Background(), x)
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if on.String() != c.on || off.String() != c.off {
			t.Errorf("%s = %v & %v, want %s & %s", c.in, on, off, c.on, c.off)
		}
	}
	// The onside of {pass | pass, 0} is under = {pass | 0}, a cycle the
	// approximations {on|0}, {{on|0}|0}, … reach only in the limit.
	x, _ := Parse("{pass|pass,0}")
	if _, _, err := Sides(context.Background(), x); !errors.Is(err, ErrSides) {
		t.Errorf("{pass|pass,0}: %v, want ErrSides", err)
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
		x, err := Parse(c.in)
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		on, off, err := Sides(context.Background(), x)
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if got, _ := SidedText(on, off, 1000); got != c.want {
			t.Errorf("%s = %s, CGSuite gives %s", c.in, got, c.want)
		}
	}
}
