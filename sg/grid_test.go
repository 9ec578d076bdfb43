package sg

import (
	"math/rand/v2"
	"testing"
)

func TestGridDiagonalRule(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	for trial := range 3000 {
		n, m := 1+r.IntN(40), 1+r.IntN(40)
		row0, col0 := make([]uint64, m), make([]uint64, n)
		for j := range row0 {
			row0[j] = r.Uint64N(uint64(2 + trial%7))
		}
		for i := range col0 {
			col0[i] = r.Uint64N(uint64(2 + trial%7))
		}
		col0[0] = row0[0]
		// The full table by the mex definition.
		full := make([][]uint64, n)
		for i := range n {
			full[i] = make([]uint64, m)
			for j := range m {
				switch {
				case i == 0:
					full[i][j] = row0[j]
				case j == 0:
					full[i][j] = col0[i]
				default:
					full[i][j] = Mex([]uint64{full[i][j-1], full[i-1][j]})
				}
			}
		}
		g, err := NewGrid(row0, col0)
		if err != nil {
			t.Fatal(err)
		}
		for i := range n {
			for j := range m {
				if g.Value(i, j) != full[i][j] {
					t.Fatalf("%d×%d grid: (%d,%d) = %d by the diagonal rule, %d by the table", n, m, i, j, g.Value(i, j), full[i][j])
				}
			}
		}
	}
	if _, err := NewGrid([]uint64{1}, []uint64{2}); err == nil {
		t.Error("disagreeing corner accepted")
	}
}

// TestDiagonalRuleIsLoose shows that the rule as usually stated, SG(i, j) =
// SG(i−1, j−1) off the border, fails even two cells in: random borders
// give counterexamples (and none from row and column 4 on, above).
func TestDiagonalRuleIsLoose(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	for range 100 {
		row0, col0 := make([]uint64, 12), make([]uint64, 12)
		for k := range row0 {
			row0[k], col0[k] = r.Uint64N(5), r.Uint64N(5)
		}
		col0[0] = row0[0]
		g, _ := NewGrid(row0, col0)
		for i := 2; i < 12; i++ {
			for j := 2; j < 12; j++ {
				if g.Value(i, j) != g.Value(i-1, j-1) {
					return // a counterexample
				}
			}
		}
	}
	t.Fatal("no counterexample to the loose diagonal rule in 100 random grids")
}
