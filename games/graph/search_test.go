package graph

import (
	"math/rand/v2"

	"github.com/nimbers/grundy/sg"
)

// The references of this package's tests: exhaustive game searches that
// know nothing of heights, fusion or forks.

// hackenbushSearch returns the Grundy value of every position reachable
// from the whole graph, by edge set: cutting an edge, then dropping the
// edges no longer connected to the ground. It takes at most 20 edges.
type hackenbushSearch struct {
	n     int
	edges [][2]int
	memo  map[uint32]uint64
}

func newHackenbushSearch(n int, edges [][2]int) *hackenbushSearch {
	return &hackenbushSearch{n: n, edges: edges, memo: map[uint32]uint64{}}
}

// ground keeps the edges of s connected to vertex 0.
func (h *hackenbushSearch) ground(s uint32) uint32 {
	reached := uint64(1)
	var kept uint32
	for changed := true; changed; {
		changed = false
		for i, e := range h.edges {
			if s>>i&1 == 0 || kept>>i&1 == 1 {
				continue
			}
			if reached>>e[0]&1 == 1 || reached>>e[1]&1 == 1 {
				kept |= 1 << i
				reached |= 1<<e[0] | 1<<e[1]
				changed = true
			}
		}
	}
	return kept
}

func (h *hackenbushSearch) value(s uint32) uint64 {
	if v, ok := h.memo[s]; ok {
		return v
	}
	var opts []uint64
	for i := range h.edges {
		if s>>i&1 == 1 {
			opts = append(opts, h.value(h.ground(s&^(1<<i))))
		}
	}
	v := sg.Mex(opts)
	h.memo[s] = v
	return v
}

// start is the grounded part of the whole graph.
func (h *hackenbushSearch) start() uint32 { return h.ground(1<<len(h.edges) - 1) }

// movesTo lists the edges whose cut leaves value target.
func (h *hackenbushSearch) movesTo(target uint64) []int {
	s := h.start()
	var out []int
	for i := range h.edges {
		if s>>i&1 == 1 && h.value(h.ground(s&^(1<<i))) == target {
			out = append(out, i)
		}
	}
	return out
}

// randomGraph returns a multigraph with loops, repeated edges and often a
// part not connected to the ground.
func randomGraph(r *rand.Rand, maxN, maxM int) (int, [][2]int) {
	n := 1 + r.IntN(maxN)
	m := r.IntN(maxM + 1)
	edges := make([][2]int, m)
	for i := range edges {
		u := r.IntN(n)
		v := r.IntN(n)
		if r.IntN(3) == 0 && i > 0 {
			// Near an earlier edge, for cycles and repeated edges.
			u = edges[r.IntN(i)][r.IntN(2)]
		}
		edges[i] = [2]int{u, v}
	}
	return n, edges
}

// randomParents returns the parents of nodes 1..n-1 of a random tree,
// often long and thin, with parents not always numbered below children.
func randomParents(r *rand.Rand, n int) []int {
	perm := r.Perm(n - 1)
	label := func(i int) int { // relabel 1..n-1 by perm
		if i == 0 {
			return 0
		}
		return perm[i-1] + 1
	}
	parents := make([]int, n-1)
	for i := 1; i < n; i++ {
		p := i - 1
		if r.IntN(3) == 0 {
			p = r.IntN(i)
		}
		parents[label(i)-1] = label(p)
	}
	return parents
}

// leafSearch returns whether the player to move wins leaf deletion from the
// node set s (a mask containing the root) and the Grundy value.
type leafSearch struct {
	parent []int
	memo   map[uint64]uint64
}

func newLeafSearch(t *Tree) *leafSearch {
	p := make([]int, t.Len())
	for v := range p {
		p[v] = t.parentOf(v)
	}
	return &leafSearch{parent: p, memo: map[uint64]uint64{}}
}

func (l *leafSearch) value(s uint64) uint64 {
	if s == 0 {
		return 0
	}
	if v, ok := l.memo[s]; ok {
		return v
	}
	leaves := s
	for v := 1; v < len(l.parent); v++ {
		if s>>v&1 == 1 {
			leaves &^= 1 << l.parent[v]
		}
	}
	var opts []uint64
	for sub := leaves; sub != 0; sub = (sub - 1) & leaves {
		opts = append(opts, l.value(s&^sub))
	}
	v := sg.Mex(opts)
	l.memo[s] = v
	return v
}

// coinSearch returns the Grundy value of a coin tree by searching coin
// states (bit v = heads at v).
type coinSearch struct {
	t    *Tree
	desc []uint32 // descendants of v, excluding v
	memo map[uint32]uint64
}

func newCoinSearch(t *Tree) *coinSearch {
	c := &coinSearch{t: t, desc: make([]uint32, t.Len()), memo: map[uint32]uint64{}}
	for v := 1; v < t.Len(); v++ {
		for u := t.parentOf(v); u >= 0; u = t.parentOf(u) {
			c.desc[u] |= 1 << v
		}
	}
	return c
}

func (c *coinSearch) value(s uint32) uint64 {
	if v, ok := c.memo[s]; ok {
		return v
	}
	var opts []uint64
	for p := range c.t.Len() {
		if s>>p&1 == 0 {
			continue
		}
		d := c.desc[p]
		for sub := d; ; sub = (sub - 1) & d {
			opts = append(opts, c.value(s^1<<p^sub))
			if sub == 0 {
				break
			}
		}
	}
	v := sg.Mex(opts)
	c.memo[s] = v
	return v
}
