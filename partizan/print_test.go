package partizan

import (
	"math/rand/v2"
	"testing"

	"github.com/nimbers/grundy/internal/gametext"
)

// TestNestedText checks that gametext.Nested, which reads the options of
// a game off its text, finds what the printer wrote: the options of a
// game with no name, with the bars between its sides.
func TestNestedText(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	for range 500 {
		g := canonical(randomRaw(r, 1+r.IntN(4)))
		p := newPrinter()
		_, named := p.name(g)
		inner, bars, ok := gametext.Nested(g.String())
		if named {
			if ok {
				t.Fatalf("%v has a name, but Nested reads options %q", g, inner)
			}
			continue
		}
		want, wantBars := p.inner(g)
		if inner != want || bars != wantBars || ok != (wantBars < gametext.MaxBars) {
			t.Fatalf("%v: Nested reads %q, %d bars, %v; the printer wrote %q, %d bars", g, inner, bars, ok, want, wantBars)
		}
	}
}
