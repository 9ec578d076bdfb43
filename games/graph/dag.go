package graph

import (
	"fmt"

	"github.com/nimbers/grundy/games"

	"github.com/nimbers/grundy/ordinal"
)

// A DAG is the game of Codeforces 1149E: every vertex of a directed
// acyclic graph holds a natural number; a move picks a vertex with a
// positive number, lowers it, and may set the numbers of all of the
// vertex's out-neighbours to anything; who cannot move loses.
//
// A position's value is an ordinal below ω^ω. Give each vertex
// the level M(v) = mex{M(u) : v → u}; a vertex holding h at level k is
// worth ω^k·h, because from it a move may reset, through its out-
// neighbours, a vertex of every lower level. The value of the position is
// the coefficient-wise nim-sum Σ_k ω^k·(⊕ of the numbers at level k), and
// the first player wins exactly when it is not 0.
type DAG struct {
	h     []uint64
	first []int32 // out-neighbours of v: out[first[v]:first[v+1]]
	out   []int32
	level []int32
}

// NewDAG returns the game with numbers h on the vertices 0..len(h)-1 and
// the given arcs u → v. It fails, wrapping games.ErrInput, for a vertex out of
// range or a directed cycle (a loop included).
func NewDAG(h []uint64, arcs [][2]int) (*DAG, error) {
	n := len(h)
	g, err := NewDigraph(n, arcs)
	if err != nil {
		return nil, err
	}
	d := &DAG{h: append([]uint64(nil), h...), first: g.first, out: g.out}
	indeg := make([]int32, n)
	for _, a := range arcs {
		indeg[a[1]]++
	}
	// Kahn's algorithm gives a topological order, or finds a cycle.
	order := make([]int32, 0, n)
	for v := range n {
		if indeg[v] == 0 {
			order = append(order, int32(v))
		}
	}
	for i := 0; i < len(order); i++ {
		for _, u := range d.Out(int(order[i])) {
			if indeg[u]--; indeg[u] == 0 {
				order = append(order, u)
			}
		}
	}
	if len(order) < n {
		for v := range n {
			if indeg[v] > 0 {
				return nil, &CycleError{Vertex: v}
			}
		}
	}
	// Levels from the sinks up; a stamp per level value finds each mex in
	// time linear in the out-degree.
	d.level = make([]int32, n)
	stamp := make([]int32, n+1)
	for i := n - 1; i >= 0; i-- {
		v := order[i]
		for _, u := range d.Out(int(v)) {
			if l := d.level[u]; int(l) < len(stamp) {
				stamp[l] = v + 1
			}
		}
		m := int32(0)
		for stamp[m] == v+1 {
			m++
		}
		d.level[v] = m
	}
	return d, nil
}

// A CycleError reports a directed cycle through Vertex; errors.Is(err,
// games.ErrInput) holds for it.
type CycleError struct{ Vertex int }

// Error names the vertex, numbered from 0.
func (e *CycleError) Error() string {
	return fmt.Sprintf("vertex %d is on a directed cycle", e.Vertex)
}

// Is reports whether target is games.ErrInput.
func (e *CycleError) Is(target error) bool { return target == games.ErrInput }

// Len returns the number of vertices.
func (d *DAG) Len() int { return len(d.h) }

// Out returns the out-neighbours of v; the slice must not be modified.
func (d *DAG) Out(v int) []int32 { return d.out[d.first[v]:d.first[v+1]] }

// Level returns M(v), the power of ω a unit at v is worth.
func (d *DAG) Level(v int) int { return int(d.level[v]) }

// coefficients returns the nim-sum of the numbers at each level.
func (d *DAG) coefficients() []uint64 {
	var c []uint64
	for v, h := range d.h {
		l := int(d.level[v])
		for len(c) <= l {
			c = append(c, 0)
		}
		c[l] ^= h
	}
	return c
}

// Value returns the value of the position.
func (d *DAG) Value() ordinal.Ordinal {
	return ordinal.New(d.coefficients()...)
}

// WinningMove returns the numbers after a winning move, or false when the
// player to move loses. The move is made at a vertex v of the highest level
// k whose nim-sum X_k is not 0, holding a number with X_k's top bit: it
// lowers h(v) to h(v) ⊕ X_k and, for each lower level j with X_j ≠ 0,
// changes the number of one out-neighbour of level j (there is one, as
// M(v) is their mex) by ⊕ X_j. Numbers never grow beyond twice the
// largest one.
func (d *DAG) WinningMove() ([]uint64, bool) {
	c := d.coefficients()
	k := len(c) - 1
	for k >= 0 && c[k] == 0 {
		k--
	}
	if k < 0 {
		return nil, false
	}
	h := append([]uint64(nil), d.h...)
	for v := range h {
		if int(d.level[v]) != k || h[v]^c[k] >= h[v] {
			continue
		}
		h[v] ^= c[k]
		for _, u := range d.Out(v) {
			if j := d.level[u]; c[j] != 0 {
				h[u] ^= c[j]
				c[j] = 0
			}
		}
		return h, true
	}
	panic("graph: no vertex holds the top bit of a nonzero level")
}
