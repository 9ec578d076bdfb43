package web

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

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
		out, err := playCorners(PlayRequest{Board: rows, Reply: true})
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

// hackenbushSearch is the Grundy value of the picture made of the edges
// in mask, by the mex over every cut (edges that lose the ground fall),
// with no use of the colon or fusion principles.
func hackenbushSearch(edges [][2]int, mask int, memo map[int]uint64) uint64 {
	mask = groundedMask(edges, mask)
	if v, ok := memo[mask]; ok {
		return v
	}
	seen := map[uint64]bool{}
	for i := range edges {
		if mask>>i&1 == 1 {
			seen[hackenbushSearch(edges, mask&^(1<<i), memo)] = true
		}
	}
	v := uint64(0)
	for seen[v] {
		v++
	}
	memo[mask] = v
	return v
}

func groundedMask(edges [][2]int, mask int) int {
	reach := map[int]bool{0: true}
	for changed := true; changed; {
		changed = false
		for i, e := range edges {
			if mask>>i&1 == 1 && reach[e[0]] != reach[e[1]] {
				reach[e[0]], reach[e[1]] = true, true
				changed = true
			}
		}
	}
	out := 0
	for i, e := range edges {
		if mask>>i&1 == 1 && reach[e[0]] {
			out |= 1 << i
		}
	}
	return out
}

func edgesOf(edges [][2]int, mask int) [][2]int {
	out := [][2]int{}
	for i, e := range edges {
		if mask>>i&1 == 1 {
			out = append(out, e)
		}
	}
	return out
}

func TestHackenbushAgainstSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := range 300 {
		// A random multigraph with loops on up to 6 vertices.
		n, m := 2+rng.IntN(5), 1+rng.IntN(11)
		edges := make([][2]int, m)
		for i := range edges {
			edges[i] = [2]int{rng.IntN(n), rng.IntN(n)}
		}
		memo := map[int]uint64{}
		all := 1<<m - 1
		want := hackenbushSearch(edges, all, memo)
		var wire [][]int
		for _, e := range edges {
			wire = append(wire, []int{e[0], e[1]})
		}
		out, err := playHackenbush(PlayRequest{Edges: wire, Reply: true})
		if err != nil {
			t.Fatal(err)
		}
		a := out.(*PlayAnswer)
		if a.Value != want {
			t.Fatalf("trial %d %v: value %d, search %d", trial, edges, a.Value, want)
		}
		standing := edgesOf(edges, groundedMask(edges, all))
		if a.Over != (len(standing) == 0) {
			t.Fatalf("%v: over %v", edges, a.Over)
		}
		// Every cut, winning or not, by the search.
		var wins [][][2]int
		for i := range standing {
			rest := slices.Delete(slices.Clone(standing), i, i+1)
			if hackenbushSearch(rest, 1<<len(rest)-1, map[int]uint64{}) == 0 {
				wins = append(wins, edgesOf(rest, groundedMask(rest, 1<<len(rest)-1)))
			}
		}
		if len(a.Moves) != len(wins) {
			t.Fatalf("%v: %d winning moves, search %d", edges, len(a.Moves), len(wins))
		}
		for k, mv := range a.Moves {
			if !slices.Equal(mv.Edges, wins[k]) || *mv.Edge < 0 || *mv.Edge >= len(standing) {
				t.Fatalf("%v: move %v, search leaves %v", edges, mv, wins[k])
			}
		}
		if !a.Over {
			if a.Reply == nil || len(a.Reply.Edges) >= len(standing) {
				t.Fatalf("%v: reply %v", edges, a.Reply)
			}
			if want != 0 && hackenbushSearch(a.Reply.Edges, 1<<len(a.Reply.Edges)-1, map[int]uint64{}) != 0 {
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
	out, err := playHackenbush(PlayRequest{Edges: edges})
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
		if _, err := playCorners(PlayRequest{Board: rows, Reply: true}); err != nil {
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
		if _, err := playHackenbush(PlayRequest{Edges: edges, Reply: true}); err != nil {
			b.Fatal(err)
		}
	}
}
