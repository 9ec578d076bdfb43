package heap

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/nimbers/grundy/sg"
)

// TestExplainAgainstSearch checks Explain on random sums of up to three
// heaps against the search of the whole sum by the rules: the value, the
// winning moves (each leads to value 0, and all of them are listed), and
// a reply that is a move, winning when one wins.
func TestExplainAgainstSearch(t *testing.T) {
	sub, _ := ParseSubtraction("1,3,4")
	rng := rand.New(rand.NewPCG(3, 4))
	for _, g := range []*Game{Nim(), mustCode(t, "0.77"), mustCode(t, "0.137"), sub, GrundysGame()} {
		s := sg.NewSolver[position](searchGame(g), nil)
		key := func(sizes []int) position {
			var p position
			hs := slices.DeleteFunc(slices.Clone(sizes), func(h int) bool { return h == 0 })
			slices.SortFunc(hs, func(a, b int) int { return b - a })
			for i, h := range hs {
				p[i] = uint8(h)
			}
			return p
		}
		value := func(sizes []int) uint64 {
			v, err := s.Value(t.Context(), key(sizes))
			if err != nil {
				t.Fatal(err)
			}
			return v
		}
		for range 100 {
			sizes := make([]int, 1+rng.IntN(3))
			for i := range sizes {
				sizes[i] = rng.IntN(6) // at most 12 heaps in any position reached
			}
			e, err := g.Explain(t.Context(), sizes...)
			if err != nil {
				t.Fatal(err)
			}
			v := value(sizes)
			if e.Value != v || !e.Exact || e.Winning != (v != 0) {
				t.Fatalf("%s %v: value %d, search %d", g, sizes, e.Value, v)
			}
			opts := searchGame(g).Options(key(sizes), nil)
			var want, got []position
			for _, o := range opts {
				if w, _ := s.Value(t.Context(), o); w == 0 {
					want = append(want, o)
				}
			}
			for _, m := range e.Moves {
				got = append(got, key(m.Position))
			}
			slices.SortFunc(want, func(a, b position) int { return slices.Compare(a[:], b[:]) })
			slices.SortFunc(got, func(a, b position) int { return slices.Compare(a[:], b[:]) })
			if got = slices.Compact(got); !slices.Equal(got, slices.Compact(want)) {
				t.Fatalf("%s %v: winning moves %v, search %v", g, sizes, got, want)
			}
			if (e.Reply == nil) != (len(opts) == 0) {
				t.Fatalf("%s %v: reply %v with %d options", g, sizes, e.Reply, len(opts))
			}
			if e.Reply != nil && (!slices.Contains(opts, key(e.Reply.Position)) || (v != 0 && value(e.Reply.Position) != 0)) {
				t.Fatalf("%s %v: reply %v is not a move, or does not win", g, sizes, e.Reply)
			}
		}
	}
}

// TestExplainNimText checks Nim's words and its largest heaps, which need
// no table: the winning move takes a heap to the nim-sum of the others.
func TestExplainNimText(t *testing.T) {
	e, err := Nim().Explain(t.Context(), 3, 5, 7)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(e.Why, "the nim-sum 3 ⊕ 5 ⊕ 7 is 1:") || e.Moves[0].Text != "heap 1: 3 → 2" {
		t.Errorf("%+v", e)
	}
	e, err = Nim().Explain(t.Context(), 1<<32-1, 5)
	if err != nil {
		t.Fatal(err)
	}
	if e.Value != (1<<32-1)^5 || len(e.Moves) != 1 || e.Reply == nil || !slices.Equal(e.Reply.Position, []int{5, 5}) {
		t.Fatalf("heaps 2^32−1 and 5: %+v", e)
	}
	e, _ = mustCode(t, "0.77").Explain(t.Context(), 7)
	if e.Moves[0].Text != "heap 1: 7 → 3 + 3" || !strings.Contains(e.Why, "octal 0.77: G(7) = 2; their nim-sum is 2") {
		t.Errorf("%+v", e)
	}
}

// TestExplainWythoff checks Wythoff's game against its P-positions by the
// definition (no move to another): who wins, a value of 0 exactly at
// them, moves and reply to them; and beyond 64, only who wins.
func TestExplainWythoff(t *testing.T) {
	const n = 30
	var p [n][n]bool
	for s := 0; s < 2*n; s++ {
		for x := 0; x <= s && x < n; x++ {
			y := s - x
			if y >= n {
				continue
			}
			p[x][y] = true
			for k := 1; k <= max(x, y); k++ {
				if (k <= x && p[x-k][y]) || (k <= y && p[x][y-k]) || (k <= x && k <= y && p[x-k][y-k]) {
					p[x][y] = false
					break
				}
			}
		}
	}
	move := func(x, y int, to [2]int) bool {
		a, b := x-to[0], y-to[1]
		return a >= 0 && b >= 0 && a+b > 0 && (a == 0 || b == 0 || a == b)
	}
	for x := range n {
		for y := range n {
			e, err := Wythoff{}.Explain(t.Context(), x, y)
			if err != nil {
				t.Fatal(err)
			}
			if e.Winning == p[x][y] || (e.Value == 0) != p[x][y] || !e.Exact || (e.Reply == nil) != (x == 0 && y == 0) {
				t.Fatalf("(%d, %d): %+v; P-position %v", x, y, e, p[x][y])
			}
			ms := e.Moves
			if e.Reply != nil {
				ms = append(ms, *e.Reply)
			}
			for _, m := range ms {
				if !move(x, y, m.Position) || (e.Winning && !p[m.Position[0]][m.Position[1]]) {
					t.Fatalf("(%d, %d): move %+v", x, y, m)
				}
			}
		}
	}
	e, err := Wythoff{}.Explain(t.Context(), 9999, 6180)
	if err != nil || e.Exact || !e.Winning || e.Value != 1 || e.Reply == nil {
		t.Fatalf("(9999, 6180): %+v %v", e, err)
	}
}
