package graph

import "github.com/nimbers/grundy/games"

// LoopySubtraction returns the subtraction game with additions on a heap
// of at most n tokens as a game graph: vertex h is the heap of h tokens,
// and a move removes t tokens for some t in take (t ≤ h) or adds a tokens
// to a heap that is not empty for some a in add (h + a ≤ n); the empty
// heap ends play, so who empties it wins. Additions let positions repeat, so a
// heap may be a draw; loopy.Analyze finds outcomes, remoteness and
// generalized Sprague–Grundy values, and Digraph.Component puts a heap in
// a sum. Without additions it is the plain subtraction game on heaps up
// to n. It fails, wrapping games.ErrInput, for a size below 1, a
// negative n, or a graph past MaxVertices vertices or MaxEdges arcs.
func LoopySubtraction(take, add []int, n int) (*Digraph, error) {
	if n < 0 || n >= MaxVertices {
		return nil, games.InputErrorf("a heap bound of %d: want 0 to %d", n, MaxVertices-1)
	}
	for _, set := range [][]int{take, add} {
		for _, s := range set {
			if s < 1 {
				return nil, games.InputErrorf("a move of %d tokens: sizes are positive", s)
			}
		}
	}
	if arcs := float64(n+1) * float64(len(take)+len(add)); arcs > MaxEdges {
		return nil, games.InputErrorf("%.0f moves in all, more than %d", arcs, MaxEdges)
	}
	d := &Digraph{first: make([]int32, n+2)}
	for h := range n + 1 {
		for _, t := range take {
			if t <= h {
				d.out = append(d.out, int32(h-t))
			}
		}
		for _, a := range add {
			if h > 0 && a <= n-h {
				d.out = append(d.out, int32(h+a))
			}
		}
		d.first[h+1] = int32(len(d.out))
	}
	return d, nil
}
