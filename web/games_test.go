package web

import (
	"context"
	"fmt"
	"math/rand/v2"
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
	// The wire format of a good request: moves lead to a board, or to
	// the edges left standing.
	code, out := post(t, h, "/api/play", `{"game":"corners","board":["TTT","TTH","THT"]}`)
	if code != 200 || out["value"] != "0" || fmt.Sprint(out["reply"]) != "map[position:[THH THT THT] text:turn (0,1) (0,2) (1,1) (1,2)]" {
		t.Errorf("corners: %d %v", code, out)
	}
	code, out = post(t, h, "/api/play", `{"game":"hackenbush","edges":[[0,1],[1,2]]}`)
	if code != 200 || out["value"] != "2" || fmt.Sprint(out["reply"]) != "map[position:[] text:cut edge 0–1]" {
		t.Errorf("hackenbush: %d %v", code, out)
	}
}

// The largest requests: a 16 × 16 board of heads, and 120 edges of a
// random multigraph on 40 vertices, with the computer's reply.
func BenchmarkPlayCorners16(b *testing.B) {
	rows := make([]string, maxCorners)
	for i := range rows {
		rows[i] = strings.Repeat("H", maxCorners)
	}
	for b.Loop() {
		if _, err := play(b.Context(), playRequest{Game: "corners", Board: rows}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPlayHackenbush120(b *testing.B) {
	rng := rand.New(rand.NewPCG(9, 10))
	edges := make([][]int, maxEdges)
	for i := range edges {
		edges[i] = []int{rng.IntN(40), rng.IntN(40)}
	}
	for b.Loop() {
		if _, err := play(b.Context(), playRequest{Game: "hackenbush", Edges: edges}); err != nil {
			b.Fatal(err)
		}
	}
}
