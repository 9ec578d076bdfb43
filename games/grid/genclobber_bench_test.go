package grid

import (
	"fmt"
	"strings"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
)

// checkerboard returns a rows × cols board of alternating stones.
func checkerboard(rows, cols int) string {
	var out []string
	for r := range rows {
		out = append(out, strings.Repeat("xo", cols)[r%2:r%2+cols])
	}
	return strings.Join(out, "|")
}

// BenchmarkGenClobber finds canonical forms of the chess-move variants
// and of hexagonal Clobber (GenClobber with Coordinates.Hexagonal) on
// 3 × 3 checkerboards, and who wins hexagonal Clobber on 3 × n ones
// (3 × 4 canonical forms take 1 to 4 s, hexagonal 3 × 6 19 s to decide,
// 3 × 7 174 s, at load 16 on 2 cores).
func BenchmarkGenClobber(b *testing.B) {
	canonical := []string{"kings", "rooks", "queens", "hot-clobber", "gen-clobber:directions=Hexagonal"}
	for _, name := range canonical {
		r, err := games.Lookup(name)
		if err != nil {
			b.Fatal(err)
		}
		p, _ := r.Parse(checkerboard(3, 3))
		b.Run("canonical/"+name, func(b *testing.B) {
			for b.Loop() {
				e := games.NewEngine(r, &budget.Options{Limit: -1, Memory: -1})
				if _, err := e.Canonical(b.Context(), p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	r, _ := games.Lookup("kings")
	for _, n := range []int{4, 5} {
		p, _ := r.Parse(checkerboard(3, n))
		b.Run(fmt.Sprintf("outcome/kings-3x%d", n), func(b *testing.B) {
			for b.Loop() {
				e := games.NewEngine(r, &budget.Options{Limit: -1, Memory: -1})
				if _, err := e.Outcome(b.Context(), p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
