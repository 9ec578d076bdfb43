package strip

import (
	"context"
	"testing"

	"github.com/nimbers/grundy/partizan/loopy"
)

// BenchmarkToadsAndFrogs builds and simplifies the value of
// ttttt..fffff (6767 positions), CGSuite's published example.
func BenchmarkToadsAndFrogs(b *testing.B) {
	for b.Loop() {
		g, err := Classic.Game(context.Background(), "ttttt..fffff")
		if err != nil {
			b.Fatal(err)
		}
		if _, err := loopy.Simplify(context.Background(), g); err != nil {
			b.Fatal(err)
		}
	}
}
