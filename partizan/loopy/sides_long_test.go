//go:build long

package loopy

import (
	"math/rand/v2"
	"testing"
)

// TestSidesLong checks the sides of 3000 random games of up to 8
// positions that are not stoppers against their definition, with 30
// random stoppers added to each (checkSides).
func TestSidesLong(t *testing.T) {
	const games = 3000
	refused := checkSides(t, rand.New(rand.NewPCG(101, 202)), games, 8, 30, func(x, on, off Game) {})
	if refused > games/100 {
		t.Errorf("sides refused for %d of %d games", refused, games)
	}
	t.Logf("sides refused for %d of %d games", refused, games)
}
