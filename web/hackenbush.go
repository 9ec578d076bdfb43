package web

import (
	"fmt"
	"slices"
	"strings"

	"github.com/nimbers/grundy/games/graph"
)

// Green Hackenbush on a picture: edges between numbered vertices, vertex
// 0 the ground. A move cuts an edge; whatever no longer connects to the
// ground falls away.

// grounded returns the edges still connected to the ground.
func grounded(edges [][2]int) [][2]int {
	adj := map[int][]int{}
	for _, e := range edges {
		adj[e[0]] = append(adj[e[0]], e[1])
		adj[e[1]] = append(adj[e[1]], e[0])
	}
	seen := map[int]bool{0: true}
	stack := []int{0}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, w := range adj[v] {
			if !seen[w] {
				seen[w] = true
				stack = append(stack, w)
			}
		}
	}
	out := [][2]int{}
	for _, e := range edges {
		if seen[e[0]] {
			out = append(out, e)
		}
	}
	return out
}

// pieces splits grounded edges into the pieces standing on the ground:
// the components of the picture with the ground cut at every edge
// reaching it. Their values add up (nim-sum) to the picture's.
func pieces(edges [][2]int) [][][2]int {
	parent := map[int]int{}
	var find func(v int) int
	find = func(v int) int {
		p, ok := parent[v]
		if !ok || p == v {
			return v
		}
		r := find(p)
		parent[v] = r
		return r
	}
	for _, e := range edges {
		if e[0] != 0 && e[1] != 0 {
			parent[find(e[0])] = find(e[1])
		}
	}
	index := map[int]int{}
	var out [][][2]int
	for i, e := range edges {
		key := -1 - i // a loop at the ground is a piece of its own
		if e[0] != 0 {
			key = find(e[0])
		} else if e[1] != 0 {
			key = find(e[1])
		}
		k, ok := index[key]
		if !ok {
			k = len(out)
			index[key] = k
			out = append(out, nil)
		}
		out[k] = append(out[k], e)
	}
	return out
}

func hackenbushValue(edges [][2]int) (uint64, error) {
	g, err := graph.NewGraph(MaxVertex+1, edges)
	if err != nil {
		return 0, badRequest("%s", err)
	}
	return g.Value(), nil
}

func playHackenbush(req PlayRequest) (any, error) {
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
	edges := grounded(given)
	g, err := graph.NewGraph(MaxVertex+1, edges)
	if err != nil {
		return nil, badRequest("%s", err)
	}
	v := g.Value()
	ans := &PlayAnswer{Value: v, Exact: true, Winning: v != 0, Over: len(edges) == 0}
	cut := func(i int) Move {
		rest := grounded(slices.Delete(slices.Clone(edges), i, i+1))
		idx := i
		return Move{Text: fmt.Sprintf("cut edge %d–%d", edges[i][0], edges[i][1]), Edges: rest, Edge: &idx}
	}
	for _, i := range g.WinningMoves() {
		ans.Moves = append(ans.Moves, cut(i))
	}
	var parts []string
	for _, p := range pieces(edges) {
		pv, err := hackenbushValue(p)
		if err != nil {
			return nil, err
		}
		parts = append(parts, fmt.Sprintf("%d (%d edge%s)", pv, len(p), plural(len(p))))
	}
	what := "nothing is left standing"
	if len(parts) > 0 {
		what = "the pieces on the ground are worth " + strings.Join(parts, ", ") + fmt.Sprintf(", and their nim-sum is %d", v)
	}
	ans.Why = "Green Hackenbush: by the colon principle a tree is worth a nim-heap (the branches at a vertex can be replaced by one stalk, their nim-sum long), and by the fusion principle the vertices of a cycle fuse into one, its edges becoming loops; " + what
	if v == 0 {
		ans.Why += ": every cut changes some piece's value, leaving a non-zero sum"
	} else if !ans.Over {
		ans.Why += ": a winning cut brings the sum to 0"
	}
	ans.answer(req, func() *Move {
		// Cut the edge that leaves the most standing.
		best := cut(0)
		for i := 1; i < len(edges); i++ {
			if m := cut(i); len(m.Edges) > len(best.Edges) {
				best = m
			}
		}
		return &best
	})
	trim(ans)
	return ans, nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
