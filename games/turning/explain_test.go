package turning

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// cornersSearch is the Grundy value of every Turning Corners board of
// r × c coins, by the mex over the moves (boards as bit masks, coin
// (i, j) at bit i*c+j), with no use of the Tartan theorem, and each
// board's options.
func cornersSearch(r, c int) (g []uint64, opts [][]int) {
	g, opts = make([]uint64, 1<<(r*c)), make([][]int, 1<<(r*c))
	bit := func(i, j int) int { return 1 << (i*c + j) }
	// A move turns (i, j) from heads to tails, so it lowers the mask.
	for b := range g {
		seen := map[uint64]bool{}
		for i := 1; i < r; i++ {
			for j := 1; j < c; j++ {
				if b&bit(i, j) == 0 {
					continue
				}
				for i2 := range i {
					for j2 := range j {
						to := b ^ bit(i, j) ^ bit(i2, j) ^ bit(i, j2) ^ bit(i2, j2)
						seen[g[to]] = true
						opts[b] = append(opts[b], to)
					}
				}
			}
		}
		for seen[g[b]] {
			g[b]++
		}
	}
	return g, opts
}

// TestExplainCornersAgainstSearch checks Explain on random 3 × 4 boards
// of Turning Corners against the search: the value, exactly the moves to
// value 0, and a reply that is a move, winning when one wins.
func TestExplainCornersAgainstSearch(t *testing.T) {
	const r, c = 3, 4
	g, opts := cornersSearch(r, c)
	maskOf := func(rows []string) int {
		m := 0
		for i, ch := range strings.Join(rows, "") {
			if ch == 'H' {
				m |= 1 << i
			}
		}
		return m
	}
	b := TurningCorners()
	rng := rand.New(rand.NewPCG(5, 6))
	for range 400 {
		m := rng.IntN(len(g))
		var rows []string
		for i := range r {
			row := []byte("TTTT")
			for j := range c {
				if m>>(i*c+j)&1 == 1 {
					row[j] = 'H'
				}
			}
			rows = append(rows, string(row))
		}
		coins, err := ParseCoins(strings.Join(rows, "\n"))
		if err != nil {
			t.Fatal(err)
		}
		e, err := b.Explain(t.Context(), coins)
		if err != nil {
			t.Fatal(err)
		}
		if e.Value != g[m] || e.Winning != (g[m] != 0) || !e.Exact {
			t.Fatalf("%v: value %d, search %d", rows, e.Value, g[m])
		}
		var want, got []int
		for _, to := range opts[m] {
			if g[to] == 0 {
				want = append(want, to)
			}
		}
		for _, mv := range e.Moves {
			got = append(got, maskOf(mv.Position))
		}
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("%v: winning moves %v, search %v", rows, got, want)
		}
		if (e.Reply == nil) != (len(opts[m]) == 0) {
			t.Fatalf("%v: reply %v with %d options", rows, e.Reply, len(opts[m]))
		}
		if e.Reply == nil {
			continue
		}
		to := maskOf(e.Reply.Position)
		if !slices.Contains(opts[m], to) || (g[m] != 0 && g[to] != 0) {
			t.Fatalf("%v: reply %v is not a move, or does not win", rows, e.Reply)
		}
	}
}

// TestExplainCornersText checks the words: heads (0,2), (1,1), (1,2) are
// worth 0⊗2 = 0, 1⊗1 = 1 and 1⊗2 = 2 (the nim-product), nim-sum 3, and
// the one winning move turns (0,1) (0,2) (1,1) (1,2), changing the sum
// by (0⊕1)⊗(1⊕2) = 3.
func TestExplainCornersText(t *testing.T) {
	coins, _ := ParseCoins("TTH\nTHH")
	e, err := TurningCorners().Explain(t.Context(), coins)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(e.Why, "heads (0,2): 0⊗2 = 0, (1,1): 1⊗1 = 1, (1,2): 1⊗2 = 2; their nim-sum is 3") {
		t.Errorf("why %q", e.Why)
	}
	if len(e.Moves) != 1 || e.Moves[0].Text != "turn (0,1) (0,2) (1,1) (1,2)" || !slices.Equal(e.Moves[0].Position, []string{"THT", "TTT"}) {
		t.Errorf("moves %+v", e.Moves)
	}
}
