package strip

import (
	"context"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/partizan/loopy"
)

// unbounded lifts the limits, so that the benchmarks time the whole
// work.
var unbounded = &budget.Options{Limit: -1, Memory: -1}

// BenchmarkToadsAndFrogs builds and simplifies the value of
// ttttt..fffff (6767 positions), CGSuite's published example.
func BenchmarkToadsAndFrogs(b *testing.B) {
	for b.Loop() {
		g, err := Classic.Game(context.Background(), "ttttt..fffff", nil)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := loopy.Simplify(context.Background(), g, nil); err != nil {
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
		g, err := Backsliding.Game(context.Background(), start, nil)
		if err != nil {
			b.Fatal(err)
		}
		if _, _, err := loopy.Sides(context.Background(), g, unbounded); err != nil {
			b.Fatal(err)
		}
	}
}
