package web

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/nimbers/grundy/games/graph"
)

// hackenbushValue is the library's value of g, with no deadline.
func hackenbushValue(g *graph.Graph) uint64 {
	v, err := g.Value(context.Background())
	if err != nil {
		panic(err)
	}
	return v
}

// cornersSearch is the Grundy value of every Turning Corners board of
// r × c coins, by the mex over the moves (boards as bit masks, coin
// (i, j) at bit i*c+j), with no use of the Tartan theorem.
func cornersSearch(r, c int) []uint64 {
	g := make([]uint64, 1<<(r*c))
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
						seen[g[b^bit(i, j)^bit(i2, j)^bit(i, j2)^bit(i2, j2)]] = true
					}
				}
			}
		}
		for seen[g[b]] {
			g[b]++
		}
	}
	return g
}

func boardOf(mask, r, c int) []string {
	rows := make([]string, r)
	for i := range r {
		var s strings.Builder
		for j := range c {
			if mask>>(i*c+j)&1 == 1 {
				s.WriteByte('H')
			} else {
				s.WriteByte('T')
			}
		}
		rows[i] = s.String()
	}
	return rows
}

func maskOf(rows []string) int {
	m, k := 0, 0
	for _, row := range rows {
		for _, ch := range row {
			if ch == 'H' {
				m |= 1 << k
			}
			k++
		}
	}
	return m
}

func TestCornersAgainstSearch(t *testing.T) {
	const r, c = 3, 4
	g := cornersSearch(r, c)
	rng := rand.New(rand.NewPCG(5, 6))
	for range 400 {
		b := rng.IntN(len(g))
		rows := boardOf(b, r, c)
		out, err := playCorners(t.Context(), PlayRequest{Board: rows, Reply: true})
		if err != nil {
			t.Fatal(err)
		}
		a := out.(*PlayAnswer)
		if a.Value != g[b] || a.Winning != (g[b] != 0) {
			t.Fatalf("%v: value %d, search %d", rows, a.Value, g[b])
		}
		// The winning moves are exactly the moves to a 0 of the search.
		var want []int
		for i := 1; i < r; i++ {
			for j := 1; j < c; j++ {
				if b>>(i*c+j)&1 == 0 {
					continue
				}
				for i2 := range i {
					for j2 := range j {
						to := b ^ 1<<(i*c+j) ^ 1<<(i2*c+j) ^ 1<<(i*c+j2) ^ 1<<(i2*c+j2)
						if g[to] == 0 {
							want = append(want, to)
						}
					}
				}
			}
		}
		var got []int
		for _, m := range a.Moves {
			got = append(got, maskOf(m.Board))
		}
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("%v: winning moves %v, search %v", rows, got, want)
		}
		if a.Over != (b&^0b0001_0001_1111 == 0) {
			t.Fatalf("%v: over %v", rows, a.Over)
		}
		if a.Over {
			continue
		}
		// The reply is a legal move: it is one of the search's options.
		to := maskOf(a.Reply.Board)
		if to >= b || !isCornersMove(b, to, r, c) {
			t.Fatalf("%v: reply %v is not a move", rows, a.Reply)
		}
		if g[b] != 0 && g[to] != 0 {
			t.Fatalf("%v: reply %v does not win", rows, a.Reply)
		}
	}
}

func isCornersMove(from, to, r, c int) bool {
	d := from ^ to
	for i := 1; i < r; i++ {
		for j := 1; j < c; j++ {
			for i2 := range i {
				for j2 := range j {
					if d == 1<<(i*c+j)|1<<(i2*c+j)|1<<(i*c+j2)|1<<(i2*c+j2) && from>>(i*c+j)&1 == 1 {
						return true
					}
				}
			}
		}
	}
	return false
}

// TestHackenbushAnswers checks that the endpoint reports what the library
// computes (graph's tests check the library against a search): the value
// of what stands, each winning cut with the edges it leaves, and a reply
// that wins when one exists.
func TestHackenbushAnswers(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := range 300 {
		// A random multigraph with loops on up to 6 vertices.
		n, m := 2+rng.IntN(5), 1+rng.IntN(11)
		edges := make([][2]int, m)
		var wire [][]int
		for i := range edges {
			edges[i] = [2]int{rng.IntN(n), rng.IntN(n)}
			wire = append(wire, []int{edges[i][0], edges[i][1]})
		}
		all, _ := graph.NewGraph(n, edges)
		g := all.Standing()
		out, err := playHackenbush(t.Context(), PlayRequest{Edges: wire, Reply: true})
		if err != nil {
			t.Fatal(err)
		}
		a := out.(*PlayAnswer)
		if a.Value != hackenbushValue(g) || a.Over != (g.Edges() == 0) {
			t.Fatalf("trial %d %v: value %d over %v, library %d with %d edges", trial, edges, a.Value, a.Over, hackenbushValue(g), g.Edges())
		}
		wins, err := g.WinningMoves(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		if len(a.Moves) != len(wins) {
			t.Fatalf("%v: %d winning moves, library %d", edges, len(a.Moves), len(wins))
		}
		for k, mv := range a.Moves {
			if *mv.Edge != wins[k] || !slices.Equal(mv.Edges, edgeList(g.Cut(wins[k]))) {
				t.Fatalf("%v: move %v, library cuts %d leaving %v", edges, mv, wins[k], edgeList(g.Cut(wins[k])))
			}
		}
		if !a.Over {
			if a.Reply == nil || len(a.Reply.Edges) >= g.Edges() {
				t.Fatalf("%v: reply %v", edges, a.Reply)
			}
			left, _ := graph.NewGraph(n, a.Reply.Edges)
			if hackenbushValue(g) != 0 && hackenbushValue(left) != 0 {
				t.Fatalf("%v: reply %v does not win", edges, a.Reply)
			}
		}
	}
}

func TestHackenbushPieces(t *testing.T) {
	// A stalk of 2, a triangle on the ground (which fuses into three
	// loops on the ground: 1), a loop on the ground and a floating edge:
	// 2 ⊕ 1 ⊕ 1 = 2.
	edges := [][]int{{0, 1}, {1, 2}, {0, 3}, {3, 4}, {4, 0}, {0, 0}, {7, 8}}
	out, err := playHackenbush(t.Context(), PlayRequest{Edges: edges})
	if err != nil {
		t.Fatal(err)
	}
	a := out.(*PlayAnswer)
	if a.Value != 2 || !strings.Contains(a.Why, "worth 2 (2 edges), 1 (3 edges), 1 (1 edge), and their nim-sum is 2") {
		t.Errorf("value %d, why %q", a.Value, a.Why)
	}
}

func TestNewGamesBadInput(t *testing.T) {
	h := Handler()
	for _, body := range []string{
		`{"game":"corners","board":[]}`,
		`{"game":"corners","board":["HT","H"]}`,
		`{"game":"corners","board":["HX"]}`,
		`{"game":"corners","board":[""]}`,
		`{"game":"corners","board":["` + strings.Repeat("H", 17) + `"]}`,
		`{"game":"corners","board":` + strings.Repeat(`"H",`, 16) + `"H"]}`,
		`{"game":"corners","board":"HT"}`,
		`{"game":"hackenbush","edges":[[0,256]]}`,
		`{"game":"hackenbush","edges":[[-1,0]]}`,
		`{"game":"hackenbush","edges":[[0,1,2]]}`,
		`{"game":"hackenbush","edges":[` + strings.Repeat(`[0,1],`, 120) + `[0,1]]}`,
	} {
		if code, out := post(t, h, "/api/play", body); code != 400 || out["error"] == "" {
			t.Errorf("%.80s: %d %v", body, code, out)
		}
	}
	// The wire format of a good request.
	code, out := post(t, h, "/api/play", `{"game":"corners","board":["TTT","TTH","THT"],"reply":true}`)
	if code != 200 || out["value"] != 0.0 || out["reply"] == nil {
		t.Errorf("corners: %d %v", code, out)
	}
	code, out = post(t, h, "/api/play", `{"game":"hackenbush","edges":[[0,1],[1,2]],"reply":true}`)
	if code != 200 || out["value"] != 2.0 || out["reply"].(map[string]any)["edge"] != 0.0 {
		t.Errorf("hackenbush: %d %v", code, out)
	}
}

// The largest requests: a 16 × 16 board of heads, and 120 edges of a
// random multigraph on 40 vertices, with the computer's reply.
func BenchmarkPlayCorners16(b *testing.B) {
	rows := make([]string, MaxCorners)
	for i := range rows {
		rows[i] = strings.Repeat("H", MaxCorners)
	}
	for b.Loop() {
		if _, err := playCorners(b.Context(), PlayRequest{Board: rows, Reply: true}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPlayHackenbush120(b *testing.B) {
	rng := rand.New(rand.NewPCG(9, 10))
	edges := make([][]int, MaxEdges)
	for i := range edges {
		edges[i] = []int{rng.IntN(40), rng.IntN(40)}
	}
	for b.Loop() {
		if _, err := playHackenbush(b.Context(), PlayRequest{Edges: edges, Reply: true}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestNimLargestHeaps plays Nim at the largest heaps allowed: Nim's
// values need no table, so the winning move is found by its definition
// (take the heap to the nim-sum of the others).
func TestNimLargestHeaps(t *testing.T) {
	out, err := play(t.Context(), PlayRequest{Game: "nim", Position: []int{1<<32 - 1, 5}, Reply: true})
	if err != nil {
		t.Fatal(err)
	}
	a := out.(*PlayAnswer)
	if a.Value != (1<<32-1)^5 || len(a.Moves) != 1 || a.Reply == nil || a.Reply.Position[0] != 5 || a.Reply.Position[1] != 5 {
		t.Fatalf("heaps 2^32−1 and 5: %+v", a)
	}
}
