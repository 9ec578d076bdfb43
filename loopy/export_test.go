package loopy

import (
	"context"
	"math"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/sg"
)

// BestMoves is bestMoves, for the external tests.
var BestMoves = bestMoves

// A Graph is the graph of the positions reachable from a start
// position of a Game whose positions may repeat, with what Analyze
// finds of each.
type Graph[P comparable] struct {
	// Positions lists the positions found, the start first.
	Positions []P
	// Index numbers each position of Positions.
	Index map[P]int
	// Results holds what Analyze finds of Positions[i] at i.
	Results []Value
	first   []int32
	out     []int32
}

// Len returns the number of positions found.
func (g *Graph[P]) Len() int { return len(g.Positions) }

// Out returns the numbers of the options of position v.
func (g *Graph[P]) Out(v int) []int32 { return g.out[g.first[v]:g.first[v+1]] }

// Of returns what is known of position p, and false if p was not found.
func (g *Graph[P]) Of(p P) (Value, bool) {
	i, ok := g.Index[p]
	if !ok {
		return Value{}, false
	}
	return g.Results[i], true
}

// Solve explores every position reachable from start in a game whose
// positions may repeat (Options may lead back to a position already
// seen), then analyses the graph with Analyze. The positions stored
// are bounded by opt's Limit (2^24 when unset), past which it fails with a
// *budget.TooLargeError; the analysis is bounded by the same Limit in
// moves examined. It stops soon after ctx is cancelled.
func Solve[P comparable](ctx context.Context, game sg.Game[P], start P, opt *budget.Options) (*Graph[P], error) {
	limit := opt.Max(1 << 24)
	g := &Graph[P]{Positions: []P{start}, Index: map[P]int{start: 0}, first: []int32{0}}
	var buf []P
	for i := 0; i < len(g.Positions); i++ {
		if i&4095 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			opt.Report(i, 0)
		}
		buf = game.Options(g.Positions[i], buf[:0])
		for _, q := range buf {
			j, ok := g.Index[q]
			if !ok {
				if float64(len(g.Positions)) >= limit {
					return nil, &budget.TooLargeError{What: "the positions reachable from the start", Unit: "positions", Limit: limit}
				}
				j = len(g.Positions)
				g.Index[q] = j
				g.Positions = append(g.Positions, q)
			}
			g.out = append(g.out, int32(j))
		}
		if len(g.out) > math.MaxInt32 {
			return nil, &budget.TooLargeError{What: "the positions reachable from the start", Unit: "moves", Limit: math.MaxInt32, Fixed: true}
		}
		g.first = append(g.first, int32(len(g.out)))
	}
	res, err := Analyze(ctx, g, &budget.Options{Limit: opt.Max(math.Inf(1))})
	if err != nil {
		return nil, err
	}
	g.Results = res
	return g, nil
}
