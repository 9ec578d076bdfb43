package grid

import (
	"fmt"
	"strings"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
)

// BenchmarkAmazons2x7 finds the canonical form of Amazons on 2 × 7 with
// an amazon of each colour in the first column, x......|o......, one of
// the positions of CGSuite's Benchmark.scala.
func BenchmarkAmazons2x7(b *testing.B) {
	p, _ := AmazonsRules.Parse("x......|o......")
	for b.Loop() {
		e := games.NewEngine(AmazonsRules, &budget.Options{Limit: -1, Memory: -1})
		if _, err := e.Canonical(b.Context(), p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkVariantsOutcome finds who wins Konane and Anti-Clobber by the
// engine's outcome search: Konane on 4 × n alternating stones with two
// adjacent ones in the second row taken off (an opening), Anti-Clobber on
// the row x.o.x.o… of n squares and on 2 × n empty squares with a black
// stone in the top left corner and a white one in the bottom right.
// (Rows of Konane are no test: one stone can jump at a time.)
func BenchmarkVariantsOutcome(b *testing.B) {
	for _, c := range []struct {
		name  string
		r     games.Ruleset
		sizes []int
		board func(n int) string
	}{
		{"konane-4x", KonaneRules, []int{4, 5, 6}, func(n int) string {
			row := func(i int) string { return strings.Repeat("xo", n)[i%2 : i%2+n] }
			mid := []byte(row(1))
			mid[n/2-1], mid[n/2] = '.', '.'
			return row(0) + "|" + string(mid) + "|" + row(2) + "|" + row(3)
		}},
		{"anti-clobber-1x", AntiClobberRules, []int{16, 32, 64}, func(n int) string {
			return strings.Repeat("x.o.", n)[:n]
		}},
		{"anti-clobber-2x", AntiClobberRules, []int{8, 10, 12}, func(n int) string {
			return "x" + strings.Repeat(".", n-1) + "|" + strings.Repeat(".", n-1) + "o"
		}},
	} {
		for _, n := range c.sizes {
			p, err := c.r.Parse(c.board(n))
			if err != nil {
				b.Fatal(err)
			}
			b.Run(fmt.Sprintf("%s%d", c.name, n), func(b *testing.B) {
				for b.Loop() {
					e := games.NewEngine(c.r, &budget.Options{Limit: -1, Memory: -1})
					if _, err := e.Outcome(b.Context(), p); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
