package games

import (
	"context"

	iloopy "github.com/nimbers/grundy/loopy"
	"github.com/nimbers/grundy/outcome"
	"github.com/nimbers/grundy/partizan/loopy"
)

// A Graph is the graph of the positions reachable from one: position 0
// is the start, and Left[v] and Right[v] list the positions each player
// moves to from position v (the same lists in an impartial ruleset).
type Graph struct {
	Positions   []Position
	Left, Right [][]int
}

// Len returns the number of positions.
func (g *Graph) Len() int { return len(g.Positions) }

// Out returns Left's moves from v as int32s, the moves of an impartial
// graph (iloopy.Digraph).
func (g *Graph) Out(v int) []int32 {
	out := make([]int32, len(g.Left[v]))
	for i, w := range g.Left[v] {
		out[i] = int32(w)
	}
	return out
}

// Graph returns the graph of every position reachable from p. It fails
// with a *budget.TooLargeError when p's estimate, or the positions found,
// pass the limit, and stops when ctx is cancelled.
func (e *Engine) Graph(ctx context.Context, p Position) (*Graph, error) {
	if err := e.listable(); err != nil {
		return nil, err
	}
	if err := e.begin(ctx, p, estimate(p)); err != nil {
		return nil, err
	}
	g := &Graph{Positions: []Position{p}}
	index := map[string]int{string(p.AppendKey(nil)): 0}
	var key []byte
	for v := 0; v < len(g.Positions); v++ {
		if err := e.step(); err != nil {
			return nil, err
		}
		var sides [2][]int
		for who := Left; who <= Right; who++ {
			if who == Right && e.impartial {
				sides[Right] = sides[Left]
				break
			}
			for _, o := range g.Positions[v].Options(who) {
				key = o.AppendKey(key[:0])
				w, ok := index[string(key)]
				if !ok {
					w = len(g.Positions)
					index[string(key)] = w
					g.Positions = append(g.Positions, o)
				}
				sides[who] = append(sides[who], w)
			}
		}
		g.Left = append(g.Left, sides[Left])
		g.Right = append(g.Right, sides[Right])
	}
	return g, nil
}

// Loopy returns p's value as a loopy game (package partizan/loopy) on
// the graph of the positions reachable from p. It fails as Graph does.
func (e *Engine) Loopy(ctx context.Context, p Position) (loopy.Game, error) {
	g, err := e.Graph(ctx, p)
	if err != nil {
		return loopy.Game{}, err
	}
	return loopy.New(g.Left, g.Right, 0)
}

// loopyOutcome finds who wins p by retrograde analysis of its graph.
func (e *Engine) loopyOutcome(ctx context.Context, p Position) (outcome.Class, error) {
	g, err := e.Graph(ctx, p)
	if err != nil {
		return 0, err
	}
	if e.impartial {
		res, err := iloopy.Analyze(ctx, g, e.special())
		if err != nil {
			return 0, err
		}
		return res[0].Outcome, nil
	}
	x, err := loopy.New(g.Left, g.Right, 0)
	if err != nil {
		return 0, err
	}
	return loopy.Play(x)
}
