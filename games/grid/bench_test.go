package grid

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
)

// BenchmarkDomineering values empty rectangles from scratch.
func BenchmarkDomineering(b *testing.B) {
	for _, size := range [][2]int{{4, 4}, {3, 7}, {5, 5}} {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			board, _ := Rect(size[0], size[1])
			for b.Loop() {
				d := &Domineering{}
				if _, err := d.Value(b.Context(), board); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkCutcake values a 100 × 100 cake.
func BenchmarkCutcake(b *testing.B) {
	for b.Loop() {
		if _, err := Cutcake(100, 100); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFoxAndGeese builds and simplifies the value of the geese on
// row 4 against the fox in the corner (7258 positions), as CGSuite's
// FoxAndGeese(...).GameValue does.
func BenchmarkFoxAndGeese(b *testing.B) {
	geese := []Square{{4, 2}, {4, 4}, {4, 6}, {4, 8}}
	for _, c := range []struct {
		name string
		r    FoxAndGeese
	}{{"classic", ClassicFoxAndGeese}, {"ceylonese", CeyloneseFoxAndGeese}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				g, err := c.r.Game(context.Background(), geese, Square{1, 1}, nil)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := simplestForm(context.Background(), g); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkDomineeringSubsets values every sub-board of the empty 4×4
// board (each of the 2^16 sets of empty squares): by the engine's
// generic search, by the engine asking the Domineering search for each
// component, and by the Domineering search alone, one solver for all.
func BenchmarkDomineeringSubsets(b *testing.B) {
	const n = 1 << 16
	boards := make([]games.Position, n)
	for m := range n {
		boards[m] = (*domineeringPos)(&cells{rows: 4, cols: 4, empty: uint64(m)})
	}
	for _, generic := range []bool{true, false} {
		name := map[bool]string{true: "generic", false: "engine"}[generic]
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				e := games.NewEngine(DomineeringRules, &budget.Options{Limit: -1, Memory: -1})
				e.Generic = generic
				for _, p := range boards {
					if _, err := e.Canonical(b.Context(), p); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
	b.Run("search", func(b *testing.B) {
		for b.Loop() {
			d := &Domineering{}
			for m := range n {
				if _, err := d.Value(b.Context(), &Board{4, 4, uint64(m)}); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}

// BenchmarkClobber4x4 finds the canonical form of Clobber on the 4×4
// board of alternating stones, xoxo|oxox|xoxo|oxox.
func BenchmarkClobber4x4(b *testing.B) {
	p, _ := ClobberRules.Parse("xoxo|oxox|xoxo|oxox")
	for b.Loop() {
		e := games.NewEngine(ClobberRules, &budget.Options{Limit: -1, Memory: -1})
		if _, err := e.Canonical(b.Context(), p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOutcome finds who wins, by the engine's outcome search, the
// families MCGS's results page reports (docs/performance.md compares the
// two): Cram on 2 × n and 3 × n boards, Clobber on rows (xo)^n and on
// 2 × n and 3 × n checkerboards, up to the largest decided in a few
// seconds; and Domineering on 4 × n boards, whose components the
// Domineering search values.
func BenchmarkOutcome(b *testing.B) {
	// empty is k empty rows of n squares; checker the k × n checkerboard
	// with a black stone in its corner.
	empty := func(k int) func(n int) string {
		return func(n int) string {
			return strings.TrimSuffix(strings.Repeat(strings.Repeat(".", n)+"|", k), "|")
		}
	}
	checker := func(k int) func(n int) string {
		return func(n int) string {
			out := make([]string, k)
			for i := range out {
				out[i] = strings.Repeat("xo", n+1)[i%2 : i%2+n]
			}
			return strings.Join(out, "|")
		}
	}
	for _, c := range []struct {
		name  string
		r     games.Ruleset
		sizes []int
		board func(n int) string
	}{
		{"cram-2x", CramRules, []int{18, 22, 26}, empty(2)},
		{"cram-3x", CramRules, []int{10, 12, 13}, empty(3)},
		{"clobber-xo^", ClobberRules, []int{16, 20, 22}, func(n int) string { return strings.Repeat("xo", n) }},
		{"clobber-2x", ClobberRules, []int{8, 10, 11}, checker(2)},
		{"clobber-3x", ClobberRules, []int{5, 6, 7}, checker(3)},
		{"domineering-4x", DomineeringRules, []int{6, 8}, empty(4)},
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
