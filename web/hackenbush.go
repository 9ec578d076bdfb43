package web

import (
	"context"
	"fmt"
	"strings"

	"github.com/nimbers/grundy/games/graph"
	"github.com/nimbers/grundy/sg"
)

// Green Hackenbush on a picture: edges between numbered vertices, vertex
// 0 the ground. A move cuts an edge; whatever no longer connects to the
// ground falls away.

// edgeList returns the edges of g.
func edgeList(g *graph.Graph) [][2]int {
	out := make([][2]int, g.Edges())
	for i := range out {
		out[i][0], out[i][1] = g.Edge(i)
	}
	return out
}

func playHackenbush(ctx context.Context, req PlayRequest) (any, error) {
	if len(req.Edges) > MaxEdges {
		return nil, badRequest("a Hackenbush picture has at most %d edges", MaxEdges)
	}
	given := make([][2]int, len(req.Edges))
	for i, e := range req.Edges {
		if len(e) != 2 {
			return nil, badRequest("edge %d: want two vertices [u, v], not %d", i+1, len(e))
		}
		for _, v := range e {
			if v < 0 || v > MaxVertex {
				return nil, badRequest("edge %d: vertex %d is not one of 0 (the ground) to %d", i+1, v, MaxVertex)
			}
		}
		given[i] = [2]int{e[0], e[1]}
	}
	all, err := graph.NewGraph(MaxVertex+1, given)
	if err != nil {
		return nil, badRequest("%s", err)
	}
	g := all.Standing()
	edges := edgeList(g)
	comp, err := g.Component(ctx)
	if err != nil {
		return nil, err
	}
	v := comp.Value()
	ans := &PlayAnswer{Value: v, Exact: true, Winning: v != 0}
	cut := func(i int) Move {
		idx := i
		return Move{Text: fmt.Sprintf("cut edge %d–%d", edges[i][0], edges[i][1]), Edges: edgeList(g.Cut(i)), Edge: &idx}
	}
	wins, err := g.WinningMoves(ctx)
	if err != nil {
		return nil, err
	}
	for _, i := range wins {
		ans.Moves = append(ans.Moves, cut(i))
	}
	var parts []string
	for _, p := range g.Pieces() {
		pv, err := p.Value(ctx)
		if err != nil {
			return nil, err
		}
		parts = append(parts, fmt.Sprintf("%d (%d edge%s)", pv, p.Edges(), plural(p.Edges())))
	}
	what := "nothing is left standing"
	if len(parts) > 0 {
		what = "the pieces on the ground are worth " + strings.Join(parts, ", ") + fmt.Sprintf(", and their nim-sum is %d", v)
	}
	ans.Why = "Green Hackenbush: by the colon principle a tree is worth a nim-heap (the branches at a vertex can be replaced by one stalk, their nim-sum long), and by the fusion principle the vertices of a cycle fuse into one, its edges becoming loops; " + what
	if v == 0 {
		ans.Why += ": every cut changes some piece's value, leaving a non-zero sum"
	} else {
		ans.Why += ": a winning cut brings the sum to 0"
	}
	if err := ans.answer(ctx, req, []sg.Component{comp}, func(m sg.ComponentMove) Move { return cut(int(m.Move.(graph.Cut))) }); err != nil {
		return nil, err
	}
	trim(ans)
	return ans, nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
