package graph

import (
	"context"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/internal/scan"
	"github.com/nimbers/grundy/loopy"
	"github.com/nimbers/grundy/sg"
)

// A Digraph is a game played on a directed graph, cycles allowed: a
// token stands on a vertex, a move slides it along an arc, and who
// cannot move loses. Positions repeat when the graph has cycles, so a
// position may be a draw; loopy.Analyze analyses it.
type Digraph struct {
	first []int32 // arcs from v: out[first[v]:first[v+1]]
	out   []int32
}

// NewDigraph returns the game on vertices 0…n−1 with the given arcs u →
// v. It fails, wrapping games.ErrInput, for a vertex out of range.
func NewDigraph(n int, arcs [][2]int) (*Digraph, error) {
	if n > MaxVertices || len(arcs) > maxEdges {
		return nil, games.InputErrorf("more than %d vertices or arcs", MaxVertices)
	}
	d := &Digraph{first: make([]int32, n+1), out: make([]int32, len(arcs))}
	for i, a := range arcs {
		for _, v := range a {
			if v < 0 || v >= n {
				return nil, games.InputErrorf("arc %d: vertex %d is not one of 0 to %d", i, v, n-1)
			}
		}
		d.first[a[0]+1]++
	}
	for v := range n {
		d.first[v+1] += d.first[v]
	}
	fill := make([]int32, n)
	copy(fill, d.first[:n])
	for _, a := range arcs {
		d.out[fill[a[0]]] = int32(a[1])
		fill[a[0]]++
	}
	return d, nil
}

// Len returns the number of vertices.
func (d *Digraph) Len() int { return len(d.first) - 1 }

// Out returns the vertices one move from v, in the order of the arcs.
func (d *Digraph) Out(v int) []int32 { return d.out[d.first[v]:d.first[v+1]] }

// digraphMemory estimates the bytes of a game graph of n vertices and m
// arcs read by ReadDigraph and analysed by loopy.Analyze: about 120
// bytes a vertex (the graph, the results and the analysis' arrays) and
// 24 an arc (read, stored, and reversed).
func digraphMemory(n, m int) float64 { return 120*float64(n) + 24*float64(m) + 4<<20 }

// LoopyLimit is the moves a loopy analysis of a game graph examines
// unless its Options say otherwise: 2^28, about three seconds.
const LoopyLimit = 1 << 28

// DefaultMemory is the bytes ReadDigraph admits for a graph unless its
// Options say otherwise: 256 MiB, about two million vertices and arcs.
const DefaultMemory = 256 << 20

// ReadDigraph reads a game graph: n m, then m arcs "u v" (vertices 0 to
// n−1), and optionally a start vertex, returned as −1 when absent; name
// names the input in errors. opt's Memory (DefaultMemory when unset)
// bounds DigraphMemory of the counts the input declares, checked before
// any arc is read: past it, ReadDigraph returns a *budget.TooLargeError.
func ReadDigraph(r io.Reader, name string, opt *budget.Options) (*Digraph, int, error) {
	in := scan.New(name, r)
	n, err := in.Count("the number of vertices", maxReadItems)
	if err != nil {
		return nil, 0, err
	}
	m, err := in.Count("the number of arcs", maxReadItems)
	if err != nil {
		return nil, 0, err
	}
	if est, limit := digraphMemory(n, m), opt.MaxMemory(DefaultMemory); est > limit {
		return nil, 0, &budget.TooLargeError{What: fmt.Sprintf("%s: a game graph of %d vertices and %d arcs", name, n, m), Unit: "bytes", Estimate: est, Limit: limit}
	}
	// The arcs as two columns, grown as read: the counts may lie.
	from := make([]int32, 0, min(m, 1<<16))
	to := make([]int32, 0, min(m, 1<<16))
	for i := range m {
		var a [2]int
		for j := range 2 {
			if a[j], err = vertex(in, "arc %d: vertex", i+1, n, 0); err != nil {
				return nil, 0, err
			}
		}
		from, to = append(from, int32(a[0])), append(to, int32(a[1]))
	}
	start := -1
	if v, tok, ok := in.FastNimber(); ok {
		if uint64(v) >= uint64(n) {
			return nil, 0, in.Errorf("start vertex %d is not a vertex (0 to %d)", uint64(v), n-1)
		}
		start = int(v)
	} else if len(tok) > 0 {
		return nil, 0, in.Explain(tok, "the start vertex")
	}
	if err := in.Finish(fmt.Sprintf("the %d arcs and the start vertex", m)); err != nil {
		return nil, 0, err
	}
	return arcsDigraph(n, from, to), start, nil
}

// arcsDigraph returns the game on vertices 0…n−1 with the arcs from[i] →
// to[i], all of them vertices.
func arcsDigraph(n int, from, to []int32) *Digraph {
	d := &Digraph{first: make([]int32, n+1), out: make([]int32, len(from))}
	for _, u := range from {
		d.first[u+1]++
	}
	for v := range n {
		d.first[v+1] += d.first[v]
	}
	fill := make([]int32, n)
	copy(fill, d.first[:n])
	for i, u := range from {
		d.out[fill[u]] = to[i]
		fill[u]++
	}
	return d
}

// A Slide is a move of a Digraph game: the token slides to vertex To.
type Slide int

// String returns "to v".
func (s Slide) String() string { return "to " + strconv.Itoa(int(s)) }

// digraphTerm analyses the game graph d and returns the position with
// the token on vertex start as a component of a sum (a loopy.Component).
// The analysis is bounded as loopy.Analyze bounds it.
func digraphTerm(ctx context.Context, d loopy.Digraph, start int, opt *budget.Options) (sg.Component, error) {
	if start < 0 || start >= d.Len() {
		return nil, games.InputErrorf("start vertex %d is not one of 0 to %d", start, d.Len()-1)
	}
	res, err := loopy.Analyze(ctx, d, opt)
	if err != nil {
		return nil, err
	}
	return digraphComponent{d, res, start}, nil
}

type digraphComponent struct {
	d   loopy.Digraph
	res []loopy.Value
	at  int
}

func (c digraphComponent) Loopy() loopy.Value { return c.res[c.at] }

func (c digraphComponent) Value() uint64 {
	if v := c.res[c.at].Value; v >= 0 {
		return uint64(v)
	}
	return math.MaxUint64
}

func (c digraphComponent) MovesTo(ctx context.Context, target uint64) ([]sg.Move, error) {
	var out []sg.Move
	for _, u := range c.d.Out(c.at) {
		if v := c.res[u].Value; v >= 0 && uint64(v) == target {
			out = append(out, Slide(u))
		}
	}
	return out, nil
}

func (c digraphComponent) LoopyOptions() []loopy.Option {
	var out []loopy.Option
	for _, u := range c.d.Out(c.at) {
		out = append(out, loopy.Option{Move: Slide(u), To: c.res[u]})
	}
	return out
}
