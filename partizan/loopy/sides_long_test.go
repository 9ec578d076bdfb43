//go:build long

package loopy

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
)

// TestSidesLong checks the sides of 3000 random games of up to 8 positions
// that are not stoppers against their definition, with 30 random stoppers
// added to each.
func TestSidesLong(t *testing.T) {
	r := rand.New(rand.NewPCG(101, 202))
	found, tried, errs := 0, 0, 0
	for tried < 3000 {
		x := randomGame(r, 1+r.IntN(8), 0.05+0.35*r.Float64())
		if x.IsStopper() {
			continue
		}
		tried++
		on, off, err := Sides(context.Background(), x)
		if errors.Is(err, ErrSides) {
			errs++
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		found++
		for range 30 {
			y := randomStopper(r)
			if a, b := survives(t, x, y, true), survives(t, on, y, true); a != b {
				t.Fatalf("x = %v, onside %v, y = %v: Left survives x + y %v, onside + y %v", x, on, y, a, b)
			}
			if a, b := survives(t, x, y, false), survives(t, off, y, false); a != b {
				t.Fatalf("x = %v, offside %v, y = %v: Right survives x + y %v, offside + y %v", x, off, y, a, b)
			}
		}
	}
	if found < tried*99/100 {
		t.Errorf("sides found for %d of %d games (%d refused)", found, tried, errs)
	}
	t.Logf("sides found for %d of %d games (%d refused)", found, tried, errs)
}
