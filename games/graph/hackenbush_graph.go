package graph

import (
	"context"
	"math"
	"slices"
	"sync/atomic"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/partizan"
)

// maxHackenbushEdges bounds the edges of a Blue-Red-Green Hackenbush graph
// (hackenbush-graph, childish-hackenbush).
const maxHackenbushEdges = 64

// hackenbushGraphRules is Blue-Red-Green Hackenbush on any graph, as
// CGSuite's Hackenbush, or with Childish set as its ChildishHackenbush:
// there a player may cut a Blue or Red edge only when nothing else falls
// (Green edges are cut as usual). A position is a graph in CGSuite's
// notation, edges l (Blue), r (Red) and e (Green), vertex 1 of the
// notation the ground: "ee:Aeeee:A" is a 4-cycle on a stalk of two.
//
// The graph splits into the pieces that meet only at the ground, valued
// apart; a piece all Green is valued by the fusion principle (Graph), as
// Green edges are cut as usual in both games, and in Hackenbush (not
// Childish) a piece that is a tree, not a stalk, by ordinal sums
// (Tree.PartizanHackenbush). The rest is the engine's search. The
// reductions are sound: pieces joined only at the ground fall apart
// independently, the fusion principle is a theorem of Green Hackenbush,
// and the colon principle one of Hackenbush on trees.
type hackenbushGraphRules struct{ Childish bool }

// Name returns "hackenbush-graph", or "childish-hackenbush".
func (r hackenbushGraphRules) Name() string {
	if r.Childish {
		return "childish-hackenbush"
	}
	return "hackenbush-graph"
}

// Kind returns 0: short and partizan.
func (hackenbushGraphRules) Kind() games.Kind { return 0 }

// hackenbushNotation has edges l, r, e and unlabelled vertices.
var hackenbushNotation = &notation{
	vertex: func(s string) (int, bool) { return 0, s == "" },
	edge: func(s string) (int, bool) {
		i := slices.Index(edgeLetters, s)
		return i, i >= 0
	},
	vertexName:  func(int) string { return "" },
	edgeName:    func(l int) string { return edgeLetters[l] },
	want:        "l (Blue), r (Red) or e (Green)",
	maxVertices: maxHackenbushEdges + 1,
	maxEdges:    maxHackenbushEdges,
}

// Parse returns the graph written s in CGSuite's notation: edges l, r, e
// from vertex to vertex, "(" branches separated by ';' ")", ":A" naming
// a vertex to join it to others of that name. The first vertex is the
// ground; every vertex must be joined to it (CGSuite refuses a graph that
// is not connected, and the empty one: "." is the ground alone).
func (r hackenbushGraphRules) Parse(s string) (games.Position, error) {
	cg, err := parseCG(s, hackenbushNotation)
	if err != nil {
		return nil, err
	}
	if len(cg.labels) == 0 {
		return nil, games.InputErrorf("an empty graph has no ground: write . for the ground alone")
	}
	h := &hgraph{n: len(cg.labels), e: make([]hedge, len(cg.edges))}
	for i, e := range cg.edges {
		h.e[i] = hedge{int8(e.u), int8(e.v), uint8(e.label)}
	}
	if seen := h.reach(-1); slices.Contains(seen, false) {
		return nil, games.InputErrorf("the graph is not connected: vertex %d (from 1, the ground) is not joined to the ground", slices.Index(seen, false)+1)
	}
	return newHack(r, h), nil
}

// An hedge is an edge u-v of colour c (edgeBlue, edgeRed, edgeGreen).
type hedge struct {
	u, v int8
	c    uint8
}

// An hgraph is a Hackenbush graph, vertex 0 the ground, every vertex
// joined to it.
type hgraph struct {
	n int
	e []hedge
}

// reach returns which vertices are joined to the ground without edge
// skip.
func (h *hgraph) reach(skip int) []bool {
	seen := make([]bool, h.n)
	seen[0] = true
	for changed := true; changed; {
		changed = false
		for i, e := range h.e {
			if i != skip && seen[e.u] != seen[e.v] {
				seen[e.u], seen[e.v] = true, true
				changed = true
			}
		}
	}
	return seen
}

// sub returns the graph of the edges keep says, the vertices numbered
// anew in the order the edges name them, the ground 0.
func (h *hgraph) sub(keep func(i int) bool) *hgraph {
	index := make([]int8, h.n)
	for i := range index {
		index[i] = -1
	}
	index[0] = 0
	out := &hgraph{n: 1}
	for i, e := range h.e {
		if !keep(i) {
			continue
		}
		for _, v := range []int8{e.u, e.v} {
			if index[v] < 0 {
				index[v] = int8(out.n)
				out.n++
			}
		}
		out.e = append(out.e, hedge{index[e.u], index[e.v], e.c})
	}
	return out
}

// pieces returns, for each edge, the piece it belongs to (pieces meet
// only at the ground), and the number of pieces.
func (h *hgraph) pieces() ([]int, int) {
	piece := make([]int, h.n) // of each vertex but the ground, from 1
	count := 0
	for v := 1; v < h.n; v++ {
		if piece[v] != 0 {
			continue
		}
		count++
		piece[v] = count
		for changed := true; changed; {
			changed = false
			for _, e := range h.e {
				if e.u != 0 && e.v != 0 && (piece[e.u] == count) != (piece[e.v] == count) {
					piece[e.u], piece[e.v] = count, count
					changed = true
				}
			}
		}
	}
	out := make([]int, len(h.e))
	for i, e := range h.e {
		switch {
		case e.u != 0:
			out[i] = piece[e.u] - 1
		case e.v != 0:
			out[i] = piece[e.v] - 1
		default: // a loop on the ground is a piece of its own
			out[i] = count
			count++
		}
	}
	return out, count
}

// An hpos is a position of Hackenbush on a graph.
type hpos struct {
	r   hackenbushGraphRules
	h   *hgraph
	key atomic.Pointer[[]byte] // AppendKey's, once found
}

// A greenPos is an hpos all of whose edges are Green: its special
// engine is the fusion principle.
type greenPos struct{ *hpos }

// A treePos is an hpos of Blue-Red-Green Hackenbush (not Childish)
// whose graph is a tree, and not a stalk: its special engine is Tree.PartizanHackenbush,
// by ordinal sums.
type treePos struct{ *hpos }

// newHack returns the position of h: a greenPos when h is all Green, a
// treePos when it is a tree outside Childish Hackenbush.
func newHack(r hackenbushGraphRules, h *hgraph) games.Position {
	p := &hpos{r: r, h: h}
	green, stalk := true, true
	degree := make([]int8, h.n)
	for _, e := range h.e {
		green = green && e.c == edgeGreen
		degree[e.u]++
		degree[e.v]++
		stalk = stalk && degree[e.u] <= 2 && degree[e.v] <= 2 && degree[0] <= 1
	}
	switch {
	case green:
		return greenPos{p}
	case !r.Childish && len(h.e) == h.n-1 && !stalk:
		// Connected with n−1 edges: a tree. A stalk has only n positions,
		// and the search is quicker there than ordinal sums.
		return treePos{p}
	}
	return p
}

// Value returns the canonical form by Tree.PartizanHackenbush, within
// opt.
func (p treePos) Value(ctx context.Context, opt *budget.Options) (*partizan.Game, error) {
	h := p.h
	adj := make([][]int, h.n) // edge indices at each vertex
	for i, e := range h.e {
		adj[e.u] = append(adj[e.u], i)
		adj[e.v] = append(adj[e.v], i)
	}
	// Number the vertices from the ground outwards: node of vertex v.
	node := make([]int, h.n)
	for v := range node {
		node[v] = -1
	}
	node[0] = 0
	parents := make([]int, h.n-1)
	colors := make([]Color, h.n-1)
	next := 1
	for queue := []int{0}; len(queue) > 0; queue = queue[1:] {
		v := queue[0]
		for _, i := range adj[v] {
			w := int(h.e[i].u) + int(h.e[i].v) - v
			if node[w] >= 0 {
				continue
			}
			node[w] = next
			parents[next-1] = node[v]
			colors[next-1] = [...]Color{edgeBlue: Blue, edgeRed: Red, edgeGreen: Green}[h.e[i].c]
			next++
			queue = append(queue, w)
		}
	}
	t, err := newTree(parents)
	if err != nil {
		return nil, err
	}
	return t.partizanHackenbush(ctx, colors, opt)
}

// String writes the graph in CGSuite's notation, from the ground.
func (p *hpos) String() string {
	cg := &cgGraph{labels: make([]int, p.h.n)}
	for _, e := range p.h.e {
		cg.edges = append(cg.edges, cgEdge{int(e.u), int(e.v), int(e.c)})
	}
	return cg.format(hackenbushNotation)
}

// Options returns the graphs left when who cuts a Blue (Left) or Red
// (Right) edge or a Green one, without the edges that fall; in Childish
// Hackenbush a Blue or Red edge only where none fall.
func (p *hpos) Options(who games.Player) []games.Position {
	mine := uint8(edgeBlue)
	if who == games.Right {
		mine = edgeRed
	}
	var out []games.Position
	for i, e := range p.h.e {
		if e.c != mine && e.c != edgeGreen {
			continue
		}
		seen := p.h.reach(i)
		q := p.h.sub(func(j int) bool { return j != i && seen[p.h.e[j].u] })
		if p.r.Childish && e.c != edgeGreen && len(q.e) != len(p.h.e)-1 {
			continue
		}
		out = append(out, newHack(p.r, q))
	}
	return out
}

// Components returns the pieces that meet only at the ground, or nil
// for at most one.
func (p *hpos) Components() []games.Position {
	of, count := p.h.pieces()
	if count <= 1 {
		return nil
	}
	out := make([]games.Position, count)
	for k := range count {
		out[k] = newHack(p.r, p.h.sub(func(i int) bool { return of[i] == k }))
	}
	return out
}

// AppendKey appends the canonical keys (canonicalKey) of the pieces,
// sorted: the ground a vertex apart, each pair of vertices coded by how
// many edges of each colour join them.
func (p *hpos) AppendKey(b []byte) []byte {
	if k := p.key.Load(); k != nil {
		return append(b, *k...)
	}
	k := p.appendKey(nil)
	p.key.Store(&k)
	return append(b, k...)
}

// appendKey appends the key.
func (p *hpos) appendKey(b []byte) []byte {
	of, count := p.h.pieces()
	if count <= 1 {
		return p.h.appendCanonical(append(b, 'c'))
	}
	keys := make([][]byte, count)
	for k := range count {
		keys[k] = p.h.sub(func(i int) bool { return of[i] == k }).appendCanonical(nil)
	}
	slices.SortFunc(keys, func(x, y []byte) int { return slices.Compare(x, y) })
	b = append(b, 's')
	for _, k := range keys {
		b = appendUvarint(b, len(k))
		b = append(b, k...)
	}
	return b
}

// appendCanonical appends h's canonical key.
func (h *hgraph) appendCanonical(b []byte) []byte {
	n := h.n
	vlab := make([]uint32, n)
	vlab[0] = 1
	code := make([]uint32, n*n)
	for _, e := range h.e {
		d := uint32(1) << (7 * e.c)
		code[int(e.u)*n+int(e.v)] += d
		if e.u != e.v {
			code[int(e.v)*n+int(e.u)] += d
		}
	}
	return canonicalKey(b, n, vlab, code)
}

// Estimate returns 2^edges, a bound on the positions a search meets.
func (p *hpos) Estimate() float64 { return clampFloat(math.Ldexp(1, len(p.h.e))) }

// Value returns the nimber the fusion principle gives the Green graph.
func (p greenPos) Value(ctx context.Context, _ *budget.Options) (*partizan.Game, error) {
	edges := make([][2]int, len(p.h.e))
	for i, e := range p.h.e {
		edges[i] = [2]int{int(e.u), int(e.v)}
	}
	g, err := NewGraph(p.h.n, edges)
	if err != nil {
		return nil, err
	}
	v, err := g.Value(ctx)
	if err != nil {
		return nil, err
	}
	return nimber(v, "the Green Hackenbush graph")
}
