package graph

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
)

// pathGraph, cycleGraph and gridGraph return the empty path, cycle and
// grid, every vertex untagged.
func pathGraph(n int) *cgGraph {
	g := &cgGraph{labels: make([]int, n)}
	for v := 1; v < n; v++ {
		g.edges = append(g.edges, cgEdge{v - 1, v, 0})
	}
	return g
}

func cycleGraph(n int) *cgGraph {
	g := pathGraph(n)
	g.edges = append(g.edges, cgEdge{n - 1, 0, 0})
	return g
}

func gridGraph(rows, cols int) *cgGraph {
	g := &cgGraph{labels: make([]int, rows*cols)}
	for r := range rows {
		for c := range cols {
			v := r*cols + c
			if c > 0 {
				g.edges = append(g.edges, cgEdge{v - 1, v, 0})
			}
			if r > 0 {
				g.edges = append(g.edges, cgEdge{v - cols, v, 0})
			}
		}
	}
	return g
}

// benchGraphGame values the graph under r, canonical form or outcome, in
// a fresh engine each time.
func benchGraphGame(b *testing.B, r vertexRules, g *cgGraph, outcome bool) {
	ctx := context.Background()
	p, err := r.Parse(g.format(r.notation()))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		e := games.NewEngine(r, &budget.Options{Limit: 1 << 26})
		if outcome {
			_, err = e.Outcome(ctx, p)
		} else {
			_, err = e.Canonical(ctx, p)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
}

// benchShape returns the empty path, cycle or grid a benchmark names:
// "path16", "cycle24", "grid4x5".
func benchShape(name string) *cgGraph {
	var a, b int
	switch {
	case strings.HasPrefix(name, "path"):
		fmt.Sscanf(name, "path%d", &a)
		return pathGraph(a)
	case strings.HasPrefix(name, "cycle"):
		fmt.Sscanf(name, "cycle%d", &a)
		return cycleGraph(a)
	}
	fmt.Sscanf(name, "grid%dx%d", &a, &b)
	return gridGraph(a, b)
}

// BenchmarkSnortColValue finds the canonical forms of Snort and Col on
// the empty path, cycle and grid, as far as a few seconds go.
func BenchmarkSnortColValue(b *testing.B) {
	for _, c := range []struct {
		r      vertexRules
		shapes []string
	}{
		{snortRules, []string{"path8", "path12", "path16", "cycle8", "cycle16", "cycle24", "grid3x4", "grid4x4"}},
		{colRules, []string{"path16", "path32", "path48", "path64", "cycle16", "cycle32", "cycle64", "grid3x4", "grid4x4", "grid4x5"}},
	} {
		for _, s := range c.shapes {
			b.Run(c.r.Name()+"/"+s, func(b *testing.B) { benchGraphGame(b, c.r, benchShape(s), false) })
		}
	}
}

// BenchmarkSnortColOutcome decides who wins Snort and Col on the empty
// path, cycle and grid, as far as a few seconds go.
func BenchmarkSnortColOutcome(b *testing.B) {
	for _, c := range []struct {
		r      vertexRules
		shapes []string
	}{
		{snortRules, []string{"path16", "path20", "path22", "cycle24", "cycle28", "grid4x4", "grid4x5"}},
		{colRules, []string{"path32", "path48", "path64", "cycle48", "cycle64", "grid4x4", "grid4x5"}},
	} {
		for _, s := range c.shapes {
			b.Run(c.r.Name()+"/"+s, func(b *testing.B) { benchGraphGame(b, c.r, benchShape(s), true) })
		}
	}
}

// BenchmarkArcKaylesPaths finds the Grundy values of Arc Kayles on the
// paths and the looped paths of 1 to 50 vertices (CGSuite's test), in a
// fresh engine each time.
func BenchmarkArcKaylesPaths(b *testing.B) {
	var ps []games.Position
	for n := 1; n <= 50; n++ {
		for _, looped := range []bool{false, true} {
			p, err := arcKaylesRules.Parse(pathText(n, looped))
			if err != nil {
				b.Fatal(err)
			}
			ps = append(ps, p)
		}
	}
	for b.Loop() {
		e := games.NewEngine(arcKaylesRules, nil)
		for _, p := range ps {
			if _, err := e.Grundy(context.Background(), p); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkHackenbushGraph finds the canonical forms of CGSuite's test
// positions of Hackenbush and Childish Hackenbush on graphs.
func BenchmarkHackenbushGraph(b *testing.B) {
	for _, c := range []struct {
		r   hackenbushGraphRules
		pos string
	}{
		{hackenbushGraphRules{}, "lrlerrr"},
		{hackenbushGraphRules{}, "e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e)))"},
		{hackenbushGraphRules{Childish: true}, ":{ground}llllllrrrr:{ground}"},
		{hackenbushGraphRules{Childish: true}, "(e:B;e:B;e:Blllllllllrr:B)"},
	} {
		p, err := c.r.Parse(c.pos)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.r.Name()+"/"+c.pos, func(b *testing.B) {
			for b.Loop() {
				if _, err := games.NewEngine(c.r, nil).Canonical(context.Background(), p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
