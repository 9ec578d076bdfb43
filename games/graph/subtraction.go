package graph

import (
	"fmt"
	"strings"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/internal/scan"
)

// LoopySubtraction returns the subtraction game with additions on a heap
// of at most n tokens as a game graph, its sizes read from take and add,
// lists such as "1,2", or "-" for none: vertex h is the heap of h tokens,
// and a move removes t tokens for some t in take (t ≤ h) or adds a tokens
// to a heap that is not empty for some a in add (h + a ≤ n); the empty
// heap ends play, so who empties it wins. Additions let positions repeat, so a
// heap may be a draw; loopy.Analyze finds outcomes, remoteness and
// generalized Sprague–Grundy values, and Digraph.Component puts a heap in
// a sum. Without additions it is the plain subtraction game on heaps up
// to n. It fails, wrapping games.ErrInput, for a size below 1, a
// negative n, or a graph past MaxVertices vertices or maxEdges arcs; and
// with a *budget.TooLargeError, before building anything, when analysing
// the game would examine more moves than opt's Limit (LoopyLimit by
// default; at most the heaps plus the arcs times the most moves from a
// heap plus three, as loopy.Analyze estimates) or take more bytes than its Memory
// (DefaultMemory by default, as DigraphMemory counts them).
func LoopySubtraction(take, add string, n int, opt *budget.Options) (*Digraph, error) {
	var sets [2][]int
	for i, s := range []string{take, add} {
		var err error
		if sets[i], err = parseSizes(s); err != nil {
			return nil, fmt.Errorf("loopy subtraction: %w", err)
		}
	}
	return loopySubtraction(sets[0], sets[1], n, opt)
}

// loopySubtraction is LoopySubtraction of the sizes take and add.
func loopySubtraction(take, add []int, n int, opt *budget.Options) (*Digraph, error) {
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
	moves := len(take) + len(add)
	what := fmt.Sprintf("the heaps up to %d", n)
	if est, limit := float64(n+1)*(1+float64(moves)*float64(moves+3)), opt.Max(LoopyLimit); est > limit {
		return nil, &budget.TooLargeError{What: what, Unit: "moves examined", Estimate: est, Limit: limit}
	}
	if est, limit := digraphMemory(n+1, (n+1)*moves), opt.MaxMemory(DefaultMemory); est > limit {
		return nil, &budget.TooLargeError{What: what, Unit: "bytes", Estimate: est, Limit: limit}
	}
	if arcs := float64(n+1) * float64(len(take)+len(add)); arcs > maxEdges {
		return nil, games.InputErrorf("%.0f moves in all, more than %d", arcs, maxEdges)
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

// LoopyLimit is the moves a loopy analysis of this package's games
// examines unless its Options say otherwise: 2^28, about three seconds.
const LoopyLimit = 1 << 28

// parseSizes reads a list of positive sizes separated by commas, such as
// "1,2", or "-" for none, as LoopySubtraction takes them.
func parseSizes(s string) ([]int, error) {
	if s == "-" {
		return nil, nil
	}
	var sizes []int
	for _, f := range strings.Split(s, ",") {
		v, err := scan.Int(f)
		if err != nil || v < 1 || v > MaxVertices {
			return nil, games.InputErrorf("%q is not a positive size (in %q)", f, s)
		}
		sizes = append(sizes, v)
	}
	return sizes, nil
}
