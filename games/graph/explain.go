package graph

import (
	"context"
	"fmt"
	"strings"

	"github.com/nimbers/grundy/sg"
)

// Explain explains Green Hackenbush on g to the player to move (see
// sg.Explanation): the values of the pieces standing on the ground, by
// the colon and fusion principles, and their nim-sum. Moves are written
// "cut edge 1–2" and lead to the edges left standing, in their order. It
// stops with ctx's error soon after ctx is cancelled.
func (g *Graph) Explain(ctx context.Context) (*sg.Explanation[[][2]int], error) {
	s := g.standing()
	comp, err := s.Component(ctx)
	if err != nil {
		return nil, err
	}
	e, err := sg.Explain(ctx, []sg.Component{comp}, func(m sg.ComponentMove) sg.ExplainedMove[[][2]int] {
		i := int(m.Move.(Cut))
		u, v := s.edge(i)
		return sg.ExplainedMove[[][2]int]{Text: fmt.Sprintf("cut edge %d–%d", u, v), Position: s.cut(i).edgeList()}
	})
	if err != nil {
		return nil, err
	}
	var parts []string
	for _, p := range s.pieceList() {
		pv, err := p.Value(ctx)
		if err != nil {
			return nil, err
		}
		edges := "edges"
		if p.numEdges() == 1 {
			edges = "edge"
		}
		parts = append(parts, fmt.Sprintf("%d (%d %s)", pv, p.numEdges(), edges))
	}
	what := "nothing is left standing"
	if len(parts) > 0 {
		what = fmt.Sprintf("the pieces on the ground are worth %s, and their nim-sum is %d", strings.Join(parts, ", "), e.Value)
	}
	e.Why = "Green Hackenbush: by the colon principle a tree is worth a nim-heap (the branches at a vertex can be replaced by one stalk, their nim-sum long), and by the fusion principle the vertices of a cycle fuse into one, its edges becoming loops; " + what
	if e.Value == 0 {
		e.Why += ": every cut changes some piece's value, leaving a non-zero sum"
	} else {
		e.Why += ": a winning cut brings the sum to 0"
	}
	return e, nil
}

// edgeList returns the edges of g as pairs of vertices, in their order.
func (g *Graph) edgeList() [][2]int {
	out := make([][2]int, len(g.edges))
	for i, e := range g.edges {
		out[i] = [2]int{int(e[0]), int(e[1])}
	}
	return out
}
