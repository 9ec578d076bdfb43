package graph

import (
	"cmp"
	"context"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/nimbers/grundy/games"
)

// A Graph is a Green Hackenbush position: an undirected multigraph on the
// vertices 0..n-1 whose vertex 0 is the ground. Loops and repeated edges
// are allowed. A move cuts an edge, and every edge no longer connected to
// the ground falls away; who cannot move loses.
//
// Its value comes from the fusion principle: the vertices of a cycle may
// be fused into one without changing the value, the edges between them
// becoming loops, and a loop is worth *1 like a single edge. Fusing every
// 2-edge-connected component (the parts left when the bridges are
// removed) turns the graph into a tree of bridges with e loops on a
// component of e edges, which the colon principle values: a component is
// worth (e mod 2) ⊕ the nim-sum over its child components c of
// (value of c) + 1. Edges not connected to the ground at the start are not
// part of the game.
type Graph struct {
	n     int
	edges [][2]int32

	// What is found when first asked: the pieces, the edges grounded, the
	// value, and as a hackenbushPosition its components and key.
	split  sync.Once
	pieceG []*Graph
	pieceE [][]int32
	ground sync.Once
	up     []bool
	value  atomic.Pointer[uint64]
	comps  sync.Once
	comp   []games.Position
	keyed  sync.Once
	key    []byte
	kept   atomic.Pointer[analysis] // Value's, for the winning moves that often follow
}

// MaxVertices bounds the vertices of a Graph (and maxEdges its edges), so
// that indices fit in 32 bits.
const (
	MaxVertices = 1 << 30
	maxEdges    = 1 << 30
)

// NewGraph returns the graph on n vertices (vertex 0 the ground) with the
// given edges. It fails, wrapping games.ErrInput, without a ground (n < 1) or
// for an edge naming a vertex outside 0..n-1.
func NewGraph(n int, edges [][2]int) (*Graph, error) {
	if n < 1 {
		return nil, games.InputErrorf("no vertices, so no ground (vertex 0)")
	}
	if n > MaxVertices || len(edges) > maxEdges {
		return nil, games.InputErrorf("more than %d vertices or edges", MaxVertices)
	}
	g := &Graph{n: n, edges: make([][2]int32, len(edges))}
	for i, e := range edges {
		for _, v := range e {
			if v < 0 || v >= n {
				return nil, games.InputErrorf("edge %d: vertex %d is not one of 0 to %d", i, v, n-1)
			}
		}
		g.edges[i] = [2]int32{int32(e[0]), int32(e[1])}
	}
	return g, nil
}

// treeGraph returns the Hackenbush graph of a rooted tree, the root on the
// ground: edge i joins node i+1 to its parent.
func treeGraph(t *Tree) *Graph {
	g := &Graph{n: t.Len(), edges: make([][2]int32, t.Len()-1)}
	for v := 1; v < t.Len(); v++ {
		g.edges[v-1] = [2]int32{t.parent[v], int32(v)}
	}
	return g
}

// numEdges returns the number of edges.
func (g *Graph) numEdges() int { return len(g.edges) }

// edge returns the endpoints of edge i.
func (g *Graph) edge(i int) (u, v int) { return int(g.edges[i][0]), int(g.edges[i][1]) }

// Value returns the value of the position. It stops with ctx's error
// soon after ctx is cancelled.
func (g *Graph) Value(ctx context.Context) (uint64, error) {
	if v := g.value.Load(); v != nil {
		return *v, nil
	}
	a, err := g.analyse(ctx, 0)
	if err != nil {
		return 0, err
	}
	g.value.Store(&a.val[0])
	if len(g.edges) <= keepEdges {
		g.kept.Store(a)
	}
	return a.val[0], nil
}

// groundedCopy reports, for each edge, whether it is connected to the ground
// (the others are not part of the game).
func (g *Graph) groundedCopy() []bool { return slices.Clone(g.grounded()) }

// grounded returns Grounded; the caller must not change it.
func (g *Graph) grounded() []bool {
	g.ground.Do(func() { g.up = g.findGrounded() })
	return g.up
}

// findGrounded returns Grounded.
func (g *Graph) findGrounded() []bool {
	first, adj, _ := g.adjacency(context.Background(), true)
	seen := make([]bool, g.n)
	seen[0] = true
	stack := []int32{0}
	out := make([]bool, len(g.edges))
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, i := range adj[first[v]:first[v+1]] {
			out[i] = true
			for _, w := range g.edges[i] {
				if !seen[w] {
					seen[w] = true
					stack = append(stack, w)
				}
			}
		}
	}
	return out
}

// movesTo returns the value of g and the edges whose cut leaves a
// position of value target, in increasing order, from one analysis of
// the graph. In a sum, a component of value v is moved to v ⊕ (the sum's
// value).
//
// Cutting an edge changes the value along the path of the bridge tree from
// its component to the ground, so the value each component must reach is
// passed down from the ground. A bridge cut removes a subtree; a loop, or
// an edge on no 2-edge cut, leaves its component with one edge fewer; an
// edge whose removal turns others into bridges splits its component into a
// path of pieces, whose value the colon principle gives. Those edges are
// found with random 128-bit labels, the xor of the cycles through each
// edge: two edges form a 2-edge cut exactly when their labels agree.
//
// It stops with ctx's error soon after ctx is cancelled.
func (g *Graph) movesTo(ctx context.Context, target uint64) (uint64, []int, error) {
	// Labels that collide (two back edges alike, probability about 2^-128
	// per pair) show as an impossible class; new labels settle it.
	for salt := uint64(0); ; salt++ {
		a := g.kept.Swap(nil)
		if a == nil || salt > 0 {
			var err error
			if a, err = g.analyse(ctx, salt); err != nil {
				return 0, nil, err
			}
		}
		out, ok, err := a.movesTo(ctx, target)
		if err != nil {
			return 0, nil, err
		}
		if ok {
			return a.val[0], out, nil
		}
	}
}

// keepEdges bounds the edges of a graph whose analysis Value keeps for
// the winning moves: about 30 bytes an edge.
const keepEdges = 1 << 20

// pollEvery is how many steps of a pass over the graph go between two
// looks at the context.
const pollEvery = 1 << 16

// Edge kinds after the depth-first search.
const (
	edgeDead   = iota // not connected to the ground
	edgeBridge        // a tree edge on no cycle
	edgeTree          // a tree edge on a cycle
	edgeBack          // a non-tree edge
	edgeLoop
)

type label [2]uint64

// analysis is the decomposition of a Graph into its 2-edge-connected
// components and the values of the tree they form.
type analysis struct {
	g      *Graph
	kind   []uint8
	lower  []int32 // for tree and back edges: the endpoint further from the ground
	upper  []int32
	lab    []label // for tree and back edges
	pre    []int32 // preorder index of each vertex, -1 if not grounded
	order  []int32 // grounded vertices in preorder
	parent []int32 // tree parent, -1 for the ground
	size   []int32 // vertices in the depth-first subtree
	comp   []int32 // component of each grounded vertex
	// Per component: its first vertex, the bridge above it and the
	// component above it (-1 for the ground's), its edge count and value.
	top, bridge, up []int32
	edges           []int64
	val             []uint64
}

// splitmix64 is the random source of the labels: fixed salts make the
// results reproducible.
func splitmix64(x *uint64) uint64 {
	*x += 0x9e3779b97f4a7c15
	z := *x
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// analyse finds the bridge tree of the grounded part of g and the value
// of each of its components, in phases: a depth-first search from the
// ground, labels that find the bridges, the components, their values.
func (g *Graph) analyse(ctx context.Context, salt uint64) (*analysis, error) {
	n, m := g.n, len(g.edges)
	a := &analysis{g: g, kind: make([]uint8, m), lower: make([]int32, m), upper: make([]int32, m), lab: make([]label, m),
		pre: make([]int32, n), parent: make([]int32, n), size: make([]int32, n)}
	first, adj, err := g.adjacency(ctx, false)
	if err != nil {
		return nil, err
	}
	pedge, err := a.search(ctx, first, adj)
	if err != nil {
		return nil, err
	}
	if err := a.label(ctx, salt, pedge); err != nil {
		return nil, err
	}
	if err := a.components(ctx, pedge); err != nil {
		return nil, err
	}
	a.values()
	return a, ctx.Err()
}

// stop reports, every pollEvery steps i of a pass, whether ctx is done.
func stop(ctx context.Context, i int) bool { return i%pollEvery == pollEvery-1 && ctx.Err() != nil }

// adjacency returns the edges at each vertex v, adj[first[v]:first[v+1]],
// loops among them when loops is set.
func (g *Graph) adjacency(ctx context.Context, loops bool) (first, adj []int32, err error) {
	first = make([]int32, g.n+1)
	for i, e := range g.edges {
		if stop(ctx, i) {
			return nil, nil, ctx.Err()
		}
		if e[0] != e[1] {
			first[e[0]+1]++
			first[e[1]+1]++
		} else if loops {
			first[e[0]+1]++
		}
	}
	for v := range g.n {
		first[v+1] += first[v]
	}
	adj = make([]int32, first[g.n])
	fill := slices.Clone(first[:g.n])
	for i, e := range g.edges {
		if stop(ctx, i) {
			return nil, nil, ctx.Err()
		}
		if e[0] != e[1] || loops {
			adj[fill[e[0]]] = int32(i)
			fill[e[0]]++
		}
		if e[0] != e[1] {
			adj[fill[e[1]]] = int32(i)
			fill[e[1]]++
		}
	}
	return first, adj, nil
}

// search walks the grounded vertices depth first from the ground, sets
// their preorder, parents and tree and back edges, and returns the tree
// edge above each vertex.
func (a *analysis) search(ctx context.Context, first, adj []int32) ([]int32, error) {
	g, n := a.g, a.g.n
	for v := range a.pre {
		a.pre[v] = -1
	}
	pedge := make([]int32, n)
	next := slices.Clone(first[:n]) // the next adjacency index of each vertex
	a.parent[0], pedge[0], a.pre[0] = -1, -1, 0
	a.order = append(make([]int32, 0, n), 0)
	stack := []int32{0}
	for steps := 0; len(stack) > 0; steps++ {
		if stop(ctx, steps) {
			return nil, ctx.Err()
		}
		v := stack[len(stack)-1]
		if next[v] == first[v+1] {
			stack = stack[:len(stack)-1]
			continue
		}
		e := adj[next[v]]
		next[v]++
		if e == pedge[v] {
			continue
		}
		w := g.edges[e][0] ^ g.edges[e][1] ^ v
		switch {
		case a.pre[w] < 0:
			a.pre[w] = int32(len(a.order))
			a.order = append(a.order, w)
			a.parent[w], pedge[w] = v, e
			a.kind[e], a.lower[e], a.upper[e] = edgeTree, w, v
			stack = append(stack, w)
		case a.pre[w] < a.pre[v]:
			a.kind[e], a.lower[e], a.upper[e] = edgeBack, v, w
		}
	}
	return pedge, nil
}

// label gives each back edge a random label, each tree edge the xor of
// the back edges over it (the xor over the subtree below it of the labels
// at their endpoints), zero for a bridge; it marks the loops, the bridges
// and the subtrees' sizes.
func (a *analysis) label(ctx context.Context, salt uint64, pedge []int32) error {
	g := a.g
	xr := make([]label, g.n)
	for e := range g.edges {
		if stop(ctx, e) {
			return ctx.Err()
		}
		switch {
		case a.kind[e] == edgeBack:
			l := label{splitmix64(&salt), splitmix64(&salt)}
			a.lab[e] = l
			for _, v := range [2]int32{a.lower[e], a.upper[e]} {
				xr[v][0] ^= l[0]
				xr[v][1] ^= l[1]
			}
		case g.edges[e][0] == g.edges[e][1] && a.pre[g.edges[e][0]] >= 0:
			a.kind[e] = edgeLoop
		}
	}
	for i := len(a.order) - 1; i >= 0; i-- {
		if stop(ctx, i) {
			return ctx.Err()
		}
		v := a.order[i]
		a.size[v]++
		if p := a.parent[v]; p >= 0 {
			a.size[p] += a.size[v]
			xr[p][0] ^= xr[v][0]
			xr[p][1] ^= xr[v][1]
			e := pedge[v]
			a.lab[e] = xr[v]
			if xr[v] == (label{}) {
				a.kind[e] = edgeBridge
			}
		}
	}
	return nil
}

// components splits the grounded vertices at the bridges, in preorder so
// that each component comes after the one above it, and counts the edges
// of each.
func (a *analysis) components(ctx context.Context, pedge []int32) error {
	a.comp = make([]int32, a.g.n)
	for i, v := range a.order {
		if stop(ctx, i) {
			return ctx.Err()
		}
		p := a.parent[v]
		if p < 0 || a.kind[pedge[v]] == edgeBridge {
			c := int32(len(a.top))
			a.comp[v] = c
			a.top = append(a.top, v)
			a.bridge = append(a.bridge, pedge[v])
			if p < 0 {
				a.up = append(a.up, -1)
			} else {
				a.up = append(a.up, a.comp[p])
			}
		} else {
			a.comp[v] = a.comp[p]
		}
	}
	a.edges = make([]int64, len(a.top))
	for e, kd := range a.kind {
		if stop(ctx, e) {
			return ctx.Err()
		}
		switch kd {
		case edgeTree, edgeBack:
			a.edges[a.comp[a.lower[e]]]++
		case edgeLoop:
			a.edges[a.comp[a.g.edges[e][0]]]++
		}
	}
	return nil
}

// values values the components from the top of the bridge tree down: a
// component fuses to a bunch of loops at its top vertex, one for each of
// its edges, and carries each component below it as a stalk (the colon
// principle).
func (a *analysis) values() {
	k := len(a.top)
	a.val = make([]uint64, k)
	for c := k - 1; c >= 0; c-- {
		a.val[c] ^= uint64(a.edges[c] & 1)
		if c > 0 {
			a.val[a.up[c]] ^= a.val[c] + 1
		}
	}
}

// movesTo finds the edges whose cut leaves the value target (see
// Graph.movesTo).
func (a *analysis) movesTo(ctx context.Context, target uint64) ([]int, bool, error) {
	k := len(a.top)
	// need[c]: the value c's subtree must take; reachable[c] is false when
	// no change inside c's subtree can give the ground its target.
	need := make([]uint64, k)
	reachable := make([]bool, k)
	need[0], reachable[0] = target, true
	var out []int
	for c := 1; c < k; c++ {
		if c%pollEvery == 0 && ctx.Err() != nil {
			return nil, false, ctx.Err()
		}
		p := a.up[c]
		if !reachable[p] {
			continue
		}
		t := need[p] ^ a.val[p] ^ (a.val[c] + 1)
		if t == 0 {
			out = append(out, int(a.bridge[c])) // cutting the bridge to c
			continue
		}
		need[c], reachable[c] = t-1, true
	}
	// Within a component: group the edges by label.
	var cand []int32
	for e, kd := range a.kind {
		if e%pollEvery == 0 && ctx.Err() != nil {
			return nil, false, ctx.Err()
		}
		c := int32(-1)
		switch kd {
		case edgeLoop:
			c = a.comp[a.g.edges[e][0]]
		case edgeTree, edgeBack:
			c = a.comp[a.lower[e]]
		}
		if c < 0 || !reachable[c] {
			continue
		}
		if kd == edgeLoop {
			// One edge fewer, same shape.
			if a.val[c]^1 == need[c] {
				out = append(out, e)
			}
			continue
		}
		cand = append(cand, int32(e))
	}
	if len(cand) > 0 {
		more, ok, err := a.classMoves(ctx, cand, need)
		if !ok || err != nil {
			return nil, false, err
		}
		out = append(out, more...)
	}
	slices.Sort(out)
	return out, true, nil
}

// classMoves handles the non-loop edges of components: cand is sorted into
// classes of equal labels (2-edge cuts), each valued as a cycle of pieces.
func (a *analysis) classMoves(ctx context.Context, cand []int32, need []uint64) ([]int, bool, error) {
	cand, err := a.sortClasses(ctx, cand)
	if err != nil {
		return nil, false, err
	}
	pc, err := a.pieceData(ctx)
	if err != nil {
		return nil, false, err
	}
	var out []int
	var ws []uint64
	var ids []int32
	for i, polled := 0, 0; i < len(cand); {
		if i-polled >= pollEvery {
			if err := ctx.Err(); err != nil {
				return nil, false, err
			}
			polled = i
		}
		j := i + 1
		for j < len(cand) && a.lab[cand[j]] == a.lab[cand[i]] {
			j++
		}
		class := cand[i:j]
		i = j
		c := a.comp[a.lower[class[0]]]
		if len(class) == 1 {
			// Not in any 2-edge cut: the component stays whole.
			if a.val[c]^1 == need[c] {
				out = append(out, int(class[0]))
			}
			continue
		}
		var ok bool
		if ws, ids, ok = a.pieces(pc, class, ws[:0], ids[:0]); !ok {
			return nil, false, nil
		}
		for q, v := range cutValues(ws) {
			if v == need[c] {
				out = append(out, int(ids[q]))
			}
		}
	}
	return out, true, nil
}

// sortClasses returns cand ordered so that equal labels are adjacent,
// each class with its tree edges top-down and its back edge last. The
// labels of tree and back edges are uniformly random and not zero, so a
// counting sort on their top bits spreads the edges over buckets of a few
// each, sorted one by one: linear time on average, and the context is
// polled between buckets.
func (a *analysis) sortClasses(ctx context.Context, cand []int32) ([]int32, error) {
	shift := 64 - max(bits.Len(uint(len(cand)))-3, 0)
	bucket := func(e int32) uint64 {
		if shift == 64 {
			return 0
		}
		return a.lab[e][0] >> shift
	}
	start := make([]int32, 1<<(64-shift)+1)
	for _, e := range cand {
		start[bucket(e)+1]++
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for i := 1; i < len(start); i++ {
		start[i] += start[i-1]
	}
	out := make([]int32, len(cand))
	fill := slices.Clone(start)
	for i, e := range cand {
		if i%pollEvery == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		b := bucket(e)
		out[fill[b]] = e
		fill[b]++
	}
	polled := 0
	for b := 0; b+1 < len(start); b++ {
		lo, hi := int(start[b]), int(start[b+1])
		if lo-polled >= pollEvery {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			polled = lo
		}
		slices.SortFunc(out[lo:hi], func(x, y int32) int {
			if c := cmp.Compare(a.lab[x][0], a.lab[y][0]); c != 0 {
				return c
			}
			if c := cmp.Compare(a.lab[x][1], a.lab[y][1]); c != 0 {
				return c
			}
			// Tree edges top-down, the back edge last.
			if a.kind[x] != a.kind[y] {
				return cmp.Compare(a.kind[x], a.kind[y])
			}
			return cmp.Compare(a.pre[a.lower[x]], a.pre[a.lower[y]])
		})
	}
	return out, ctx.Err()
}

// pieceSums holds, per grounded vertex, sums over its depth-first subtree
// within its own component: the edges whose upper end lies there, and the
// nim-sum of the (value + 1) of the child components hanging there.
type pieceSums struct {
	edges []int64
	hang  []uint64
}

func (a *analysis) pieceData(ctx context.Context) (pieceSums, error) {
	n := a.g.n
	p := pieceSums{edges: make([]int64, n), hang: make([]uint64, n)}
	for e, kd := range a.kind {
		if e%pollEvery == 0 && ctx.Err() != nil {
			return p, ctx.Err()
		}
		switch kd {
		case edgeTree, edgeBack:
			p.edges[a.upper[e]]++
		case edgeLoop:
			p.edges[a.g.edges[e][0]]++
		}
	}
	for c := 1; c < len(a.top); c++ {
		p.hang[a.parent[a.top[c]]] ^= a.val[c] + 1
	}
	for i := len(a.order) - 1; i > 0; i-- {
		if i%pollEvery == 0 && ctx.Err() != nil {
			return p, ctx.Err()
		}
		v := a.order[i]
		if u := a.parent[v]; a.comp[u] == a.comp[v] {
			p.edges[u] += p.edges[v]
			p.hang[u] ^= p.hang[v]
		}
	}
	return p, nil
}

// pieces returns, for a class of k ≥ 2 edges forming 2-edge cuts of one
// component, the weights of the k pieces left when all of them are cut,
// in cycle order from the piece holding the component's top (piece 0),
// and the edges in the same order: edge q joins piece q and piece q+1
// (mod k). A piece's weight is its value when its fused edges and hanging
// subtrees are all it has: (edges mod 2) ⊕ the hanging (value + 1)s.
//
// The tree edges of a class lie on one downward path x_1, …, x_a of the
// depth-first tree (they are crossed by the same back edges), with at most
// one back edge b; the pieces are the parts between consecutive x_i, the
// part above x_1, and the part below x_a, which is joined to the top part
// unless b is in the class.
func (a *analysis) pieces(p pieceSums, class []int32, ws []uint64, ids []int32) ([]uint64, []int32, bool) {
	c := a.comp[a.lower[class[0]]]
	tree := class
	hasBack := a.kind[class[len(class)-1]] == edgeBack
	if hasBack {
		tree = class[:len(class)-1]
	}
	if len(tree) == 0 || a.kind[tree[len(tree)-1]] != edgeTree {
		return nil, nil, false // two back edges with equal labels (sorted last)
	}
	k := int64(len(class))
	x := func(i int) int32 { return a.lower[tree[i]] }
	ws = append(ws, 0) // piece 0, filled below
	var inner int64
	for i := 0; i+1 < len(tree); i++ {
		// A true class lies on one downward path within one component.
		u, v := x(i), x(i+1)
		if a.comp[v] != c || a.pre[v] <= a.pre[u] || a.pre[v] >= a.pre[u]+a.size[u] {
			return nil, nil, false
		}
		cnt := p.edges[x(i)] - p.edges[x(i+1)] - 1
		if cnt < 0 {
			return nil, nil, false
		}
		inner += cnt
		ws = append(ws, uint64(cnt&1)^p.hang[x(i)]^p.hang[x(i+1)])
		ids = append(ids, tree[i])
	}
	ids = append(ids, tree[len(tree)-1])
	last := x(len(tree) - 1)
	top := a.top[c]
	hang0 := p.hang[top] ^ p.hang[x(0)]
	if hasBack {
		cnt := p.edges[last]
		inner += cnt
		ws = append(ws, uint64(cnt&1)^p.hang[last])
		ids = append(ids, class[len(class)-1])
	} else {
		hang0 ^= p.hang[last]
	}
	if a.edges[c]-k-inner < 0 {
		return nil, nil, false
	}
	ws[0] = uint64((a.edges[c]-k-inner)&1) ^ hang0
	return ws, ids, true
}

// cutValues returns, for each q from 1 to len(ws), the value of the cycle
// of pieces with weights ws rooted at piece 0 once the edge between pieces
// q-1 and q (mod len) is cut, from the values chainValues gives the chains
// on either side.
func cutValues(ws []uint64) []uint64 {
	k := len(ws)
	left := chainValues(ws[1:])
	rev := slices.Clone(ws[1:])
	slices.Reverse(rev)
	right := chainValues(rev)
	out := make([]uint64, k)
	for q := 1; q <= k; q++ {
		// Pieces 1..q-1 on one side, k-1 down to q on the other.
		out[q-1] = ws[0] ^ left[q-1] ^ right[k-q]
	}
	return out
}

// chainValues returns, for t from 0 to len(seq), the value a chain of the
// pieces seq[0..t-1] adds to the piece it hangs from (seq[0] the nearest):
// F_t(0) with F_t = h(seq[0]) ∘ … ∘ h(seq[t-1]) and h(w)(y) = (y ⊕ w) + 1.
//
// The compositions grow at the inner end. For weights below 2^b, writing
// y = 2^b·s + l, each h(w), and so each composition of such, is
// y ↦ 2^b·(s + d[l]) + p[l] for tables d and p of 2^b entries, so one step
// costs 2^b. Heavier pieces cut the chain into segments: each finished
// segment keeps its table, and F_t(0) applies the current segment's table,
// then the heavy pieces and finished segments above it one by one. With b
// chosen to balance 2^b against the number of heavy pieces the whole costs
// O(t·√(Σ weights)) at worst, and O(t) when the weights are 0 and 1.
func chainValues(seq []uint64) []uint64 {
	out := make([]uint64, len(seq)+1)
	var count [65]int // pieces by bit length of weight
	for _, w := range seq {
		count[bits.Len64(w)]++
	}
	b, best := 1, -1
	heavy := len(seq)
	for c := 0; c <= 1; c++ {
		heavy -= count[c]
	}
	for bb := 1; bb <= 24; bb++ {
		if cost := 1<<bb + heavy; best < 0 || cost < best {
			b, best = bb, cost
		}
		heavy -= count[bb+1]
	}
	size := 1 << b
	mask := uint64(size - 1)
	type table struct{ d, p []uint64 }
	identity := func() table {
		t := table{make([]uint64, size), make([]uint64, size)}
		for l := range t.p {
			t.p[l] = uint64(l)
		}
		return t
	}
	apply := func(t table, y uint64) uint64 {
		l := y & mask
		return (y>>b+t.d[l])<<b | t.p[l]
	}
	// outer lists, from the top, the finished segments (a table) and heavy
	// pieces (a weight) above the current segment.
	type op struct {
		t     table
		heavy bool
		w     uint64
	}
	var outer []op
	cur, tmp := identity(), identity()
	empty := true // cur is the identity
	for i, w := range seq {
		if w > mask {
			if !empty {
				outer = append(outer, op{t: cur})
				cur, empty = identity(), true
			}
			outer = append(outer, op{heavy: true, w: w})
		} else {
			// cur ← cur ∘ h(w)
			for l := range size {
				x := uint64(l) ^ w
				hl, hd := (x+1)&mask, uint64(0)
				if x == mask {
					hd = 1
				}
				tmp.d[l] = hd + cur.d[hl]
				tmp.p[l] = cur.p[hl]
			}
			cur, tmp = tmp, cur
			empty = false
		}
		y := apply(cur, 0)
		for j := len(outer) - 1; j >= 0; j-- {
			if o := outer[j]; o.heavy {
				y = (y ^ o.w) + 1
			} else {
				y = apply(o.t, y)
			}
		}
		out[i+1] = y
	}
	return out
}

// standing returns the graph of the edges connected to the ground, in
// their order: what is left of the picture once the rest has fallen.
func (g *Graph) standing() *Graph {
	up := g.grounded()
	h := &Graph{n: g.n}
	for i, e := range g.edges {
		if up[i] {
			h.edges = append(h.edges, e)
		}
	}
	return h
}

// cut returns the position after cutting edge i: the edges still
// connected to the ground, in their order.
func (g *Graph) cut(i int) *Graph {
	h := &Graph{n: g.n, edges: slices.Delete(slices.Clone(g.edges), i, i+1)}
	return h.standing()
}

// pieceList returns the pieces standing on the ground: the parts of the
// grounded edges that stay connected when the ground is split at every
// edge reaching it (a loop at the ground is a piece of its own). Their
// values nim-sum to the value of the graph.
func (g *Graph) pieceList() []*Graph {
	ps, _ := g.pieces()
	return ps
}

// pieces returns Pieces and, for each, the numbers in g of its edges;
// the caller must not change them.
func (g *Graph) pieces() ([]*Graph, [][]int32) {
	g.split.Do(func() { g.pieceG, g.pieceE = g.findPieces() })
	return g.pieceG, g.pieceE
}

// findPieces returns pieces.
func (g *Graph) findPieces() ([]*Graph, [][]int32) {
	up := g.grounded()
	parent := make([]int32, g.n)
	for i := range parent {
		parent[i] = int32(i)
	}
	find := func(v int32) int32 {
		for parent[v] != v {
			parent[v] = parent[parent[v]]
			v = parent[v]
		}
		return v
	}
	for i, e := range g.edges {
		if up[i] && e[0] != 0 && e[1] != 0 {
			parent[find(e[0])] = find(e[1])
		}
	}
	index := make([]int32, g.n) // the piece of each root, plus one
	var out []*Graph
	var num [][]int32
	for i, e := range g.edges {
		if !up[i] {
			continue
		}
		k := len(out) // a loop at the ground is a piece of its own
		if v := max(e[0], e[1]); v != 0 {
			r := find(v)
			if index[r] == 0 {
				index[r] = int32(k) + 1
			}
			k = int(index[r]) - 1
		}
		if k == len(out) {
			out = append(out, &Graph{n: g.n})
			num = append(num, nil)
		}
		out[k].edges = append(out[k].edges, e)
		num[k] = append(num[k], int32(i))
	}
	return out, num
}
