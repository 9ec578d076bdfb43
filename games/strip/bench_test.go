package strip

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/partizan/loopy"
)

// unbounded lifts the limits, so that the benchmarks time the whole
// work.
var unbounded = &budget.Options{Limit: -1, Memory: -1}

// BenchmarkToadsAndFrogs builds and simplifies the value of
// ttttt..fffff (6767 positions), CGSuite's published example.
func BenchmarkToadsAndFrogs(b *testing.B) {
	for b.Loop() {
		g, err := classic.game(context.Background(), "ttttt..fffff", nil)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := simplestForm(context.Background(), g); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBackslidingSides builds ttt..fff in Backsliding Toads and
// Frogs (560 positions, not a stopper) and finds its sides.
func BenchmarkBackslidingSides(b *testing.B) {
	benchSides(b, "ttt..fff")
}

// BenchmarkBackslidingSidesLarge is BenchmarkBackslidingSides for
// tt.t..f.ff (4200 positions).
func BenchmarkBackslidingSidesLarge(b *testing.B) {
	benchSides(b, "tt.t..f.ff")
}

func benchSides(b *testing.B, start string) {
	for b.Loop() {
		g, err := backsliding.game(context.Background(), start, nil)
		if err != nil {
			b.Fatal(err)
		}
		if _, _, err := loopy.Sides(context.Background(), g, unbounded); err != nil {
			b.Fatal(err)
		}
	}
}

// benchOutcome times the engine's outcome search of pos, with no limit.
func benchOutcome(b *testing.B, r games.Ruleset, pos string) {
	p, err := r.Parse(pos)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := games.NewEngine(r, unbounded).Outcome(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	}
}

// randomDominoes returns a row of n of Left's and Right's dominoes, the
// same for each n.
func randomDominoes(n int) string {
	rng := rand.New(rand.NewPCG(uint64(n), 53))
	b := make([]byte, n)
	for i := range b {
		b[i] = "lr"[rng.IntN(2)]
	}
	return string(b)
}

// BenchmarkToppling times the outcome of a random row of n dominoes,
// which does not split, and the canonical form of the shorter ones.
func BenchmarkToppling(b *testing.B) {
	for _, n := range []int{32, 64} {
		b.Run(fmt.Sprintf("outcome-%d", n), func(b *testing.B) {
			benchOutcome(b, topplingDominoes, randomDominoes(n))
		})
	}
	for _, n := range []int{16, 32} {
		b.Run(fmt.Sprintf("canonical-%d", n), func(b *testing.B) {
			p, _ := topplingDominoes.Parse(randomDominoes(n))
			for b.Loop() {
				if _, err := games.NewEngine(topplingDominoes, unbounded).Canonical(context.Background(), p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkElephants times the outcome of (t.)^k(.f)^k, k elephants
// facing k rhinos in one piece, which does not split.
func BenchmarkElephants(b *testing.B) {
	for _, k := range []int{6, 8} {
		b.Run(fmt.Sprintf("outcome-%d", k), func(b *testing.B) {
			benchOutcome(b, elephantsAndRhinosRules, strings.Repeat("t.", k)+strings.Repeat(".f", k))
		})
	}
}

// BenchmarkSkiJumps times the outcome of a row of k of Left's skiers
// facing k of Right's, (l.)^k....(.r)^k, which does not split.
func BenchmarkSkiJumps(b *testing.B) {
	for _, k := range []int{4, 6} {
		b.Run(fmt.Sprintf("outcome-%d", k), func(b *testing.B) {
			benchOutcome(b, skiJumps, strings.Repeat("l.", k)+"...."+strings.Repeat(".r", k))
		})
	}
}
