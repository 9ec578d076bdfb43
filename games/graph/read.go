package graph

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/internal/scan"
	"github.com/nimbers/grundy/partizan"
)

// The text formats of the games of this package. Numbers are decimal or
// 0x-hex, separated by blanks or newlines; errors name the input and the
// line, and the counts given are never trusted for allocation.
//
//	graph (Green Hackenbush):  n m, then m lines "u v" (vertices 0..n−1, 0 the ground)
//	tree:                      n, then the parents of nodes 1..n−1 (node 0 the root)
//	coin tree:                 a tree, then n coins H or T (blanks optional)
//	coloured tree:             a tree, then n−1 edge colours B, R or G
//	DAG (Codeforces 1149E):    n m, the n numbers, then m arcs "u v" (vertices 1..n)

// maxReadItems bounds the vertices, edges, nodes and arcs the readers
// accept.
const maxReadItems = 1 << 24

// ReadGraph reads a Green Hackenbush graph; name names the input in errors.
func ReadGraph(r io.Reader, name string) (*Graph, error) {
	in := scan.New(name, r)
	n, err := in.Count("the number of vertices", maxReadItems)
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, in.Errorf("no vertices: vertex 0, the ground, is missing")
	}
	m, err := in.Count("the number of edges", maxReadItems)
	if err != nil {
		return nil, err
	}
	edges := make([][2]int, 0, min(m, 1<<16)) // grown as read: the counts may lie
	for i := range m {
		var e [2]int
		for j := range 2 {
			if e[j], err = vertex(in, "edge %d: vertex", i, n, 0); err != nil {
				return nil, err
			}
		}
		edges = append(edges, e)
	}
	if err := in.Finish(fmt.Sprintf("the %d edges", m)); err != nil {
		return nil, err
	}
	g, err := NewGraph(n, edges)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return g, nil
}

// ReadTree reads a tree that is the whole input.
func ReadTree(r io.Reader, name string) (*Tree, error) {
	in := scan.New(name, r)
	t, err := readTree(in, name)
	if err != nil {
		return nil, err
	}
	if err := in.Finish(fmt.Sprintf("the %d parents", t.Len()-1)); err != nil {
		return nil, err
	}
	return t, nil
}

// ReadCoinTree reads a tree and its coins.
func ReadCoinTree(r io.Reader, name string) (*CoinTree, error) {
	in := scan.New(name, r)
	t, err := readTree(in, name)
	if err != nil {
		return nil, err
	}
	heads := make([]bool, 0, t.Len())
	for len(heads) < t.Len() {
		tok := in.Next()
		if tok == nil {
			return nil, in.Errorf("input ends early: %d coins of %d (H or T)", len(heads), t.Len())
		}
		for _, c := range tok {
			if c != 'H' && c != 'T' {
				return nil, in.Errorf("coin %d: %q is not H or T", len(heads), c)
			}
			if len(heads) == t.Len() {
				return nil, in.Errorf("more than %d coins", t.Len())
			}
			heads = append(heads, c == 'H')
		}
	}
	if err := in.Finish(fmt.Sprintf("the %d coins", t.Len())); err != nil {
		return nil, err
	}
	c, err := newCoinTree(t, heads)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return c, nil
}

// HackenbushTree reads a tree and the colours of the edges above nodes
// 1..n−1 (B, R or G), a position of Blue-Red-Green Hackenbush, and
// returns its canonical value as the registry's ruleset hackenbush-tree
// finds it, within opt (see games.NewEngine). Its errors name name: it
// fails, wrapping games.ErrInput, for a tree that ruleset refuses, with
// a *budget.TooLargeError past opt's limit, and stops when ctx is
// cancelled.
func HackenbushTree(ctx context.Context, r io.Reader, name string, opt *budget.Options) (*partizan.Game, error) {
	t, colors, err := readColouredTree(r, name)
	if err != nil {
		return nil, err
	}
	s, err := t.hackenbushNotation(colors)
	var p games.Position
	if err == nil {
		p, err = hackenbushTreeRules{}.Parse(s)
	}
	var g *partizan.Game
	if err == nil {
		g, err = games.NewEngine(hackenbushTreeRules{}, opt).Canonical(ctx, p)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return g, nil
}

// readColouredTree reads a tree and the colours of the edges above nodes
// 1..n−1, for Blue-Red-Green Hackenbush (Tree.PartizanHackenbush).
func readColouredTree(r io.Reader, name string) (*Tree, []Color, error) {
	in := scan.New(name, r)
	t, err := readTree(in, name)
	if err != nil {
		return nil, nil, err
	}
	var colors []Color
	for len(colors) < t.Len()-1 {
		tok := in.Next()
		if tok == nil {
			return nil, nil, in.Errorf("input ends early: %d colours of %d (B, R or G)", len(colors), t.Len()-1)
		}
		cs, err := parseColors(string(tok))
		if err != nil {
			return nil, nil, in.Errorf("%s", err)
		}
		if len(colors)+len(cs) > t.Len()-1 {
			return nil, nil, in.Errorf("more than %d colours", t.Len()-1)
		}
		colors = append(colors, cs...)
	}
	if err := in.Finish(fmt.Sprintf("the %d colours", t.Len()-1)); err != nil {
		return nil, nil, err
	}
	return t, colors, nil
}

// ReadDAG reads the input of Codeforces 1149E. A directed cycle is an
// error naming a vertex on it, numbered from 1 as in the input.
func ReadDAG(r io.Reader, name string) (*DAG, error) {
	in := scan.New(name, r)
	n, err := in.Count("n", maxReadItems)
	if err != nil {
		return nil, err
	}
	m, err := in.Count("m", maxReadItems)
	if err != nil {
		return nil, err
	}
	h := make([]uint64, 0, min(n, 1<<16))
	for i := range n {
		v, err := in.Nimber(fmt.Sprintf("the number on vertex %d", i+1))
		if err != nil {
			return nil, err
		}
		h = append(h, uint64(v))
	}
	arcs := make([][2]int, 0, min(m, 1<<16))
	for i := range m {
		var a [2]int
		for j := range 2 {
			if a[j], err = vertex(in, "arc %d: vertex", i+1, n, 1); err != nil {
				return nil, err
			}
		}
		arcs = append(arcs, a)
	}
	if err := in.Finish(fmt.Sprintf("the %d arcs", m)); err != nil {
		return nil, err
	}
	d, err := newDAG(h, arcs)
	var cyc *cycleError
	if errors.As(err, &cyc) {
		return nil, fmt.Errorf("%s: %w", name, games.InputErrorf("vertex %d is on a directed cycle", cyc.Vertex+1))
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return d, nil
}

// readTree reads n and the parents of nodes 1..n−1.
func readTree(in *scan.Tokens, name string) (*Tree, error) {
	n, err := in.Count("the number of nodes", maxReadItems)
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, in.Errorf("no nodes: the root, node 0, is missing")
	}
	parents := make([]int, 0, min(n-1, 1<<16))
	for i := range n - 1 {
		p, err := vertex(in, "node %d: parent", i+1, n, 0)
		if err != nil {
			return nil, err
		}
		parents = append(parents, p)
	}
	t, err := newTree(parents)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return t, nil
}

// vertex reads a vertex numbered from base, below n+base, and returns it
// numbered from 0. The message names the item by format (with item for
// its %d), written only on an error: a graph has millions of vertices.
func vertex(in *scan.Tokens, format string, item, n, base int) (int, error) {
	v, tok, ok := in.FastNimber()
	if !ok {
		return 0, in.Explain(tok, fmt.Sprintf(format, item))
	}
	if n <= 0 {
		return 0, in.Errorf("%s %d is not a vertex (there are none)", fmt.Sprintf(format, item), uint64(v))
	}
	if uint64(v) < uint64(base) || uint64(v) > uint64(n-1+base) {
		return 0, in.Errorf("%s %d is not a vertex (%d to %d)", fmt.Sprintf(format, item), uint64(v), base, n-1+base)
	}
	return int(v) - base, nil
}
