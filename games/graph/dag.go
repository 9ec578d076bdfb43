package graph

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/internal/listtext"

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

// newDAG returns the game with numbers h on the vertices 0..len(h)-1 and
// the given arcs u → v. It fails, wrapping games.ErrInput, for a vertex out of
// range or a directed cycle (a loop included).
func newDAG(h []uint64, arcs [][2]int) (*DAG, error) {
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
				return nil, &cycleError{Vertex: v}
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

// A cycleError reports a directed cycle through Vertex; errors.Is(err,
// games.ErrInput) holds for it.
type cycleError struct{ Vertex int }

// Error names the vertex, numbered from 0.
func (e *cycleError) Error() string {
	return fmt.Sprintf("vertex %d is on a directed cycle", e.Vertex)
}

// Is reports whether target is games.ErrInput.
func (e *cycleError) Is(target error) bool { return target == games.ErrInput }

// Len returns the number of vertices.
func (d *DAG) Len() int { return len(d.h) }

// Out returns the out-neighbours of v; the slice must not be modified.
func (d *DAG) Out(v int) []int32 { return d.out[d.first[v]:d.first[v+1]] }

// levelOf returns M(v), the power of ω a unit at v is worth.
func (d *DAG) levelOf(v int) int { return int(d.level[v]) }

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

// Nimber returns α of the position's value *α.
func (d *DAG) Nimber() ordinal.Ordinal {
	return ordinal.New(d.coefficients()...)
}

// MoveTo returns the position of value *beta one move away, or nil when
// beta is not below the position's value (a games.TransfiniteValuer).
func (d *DAG) MoveTo(beta ordinal.Ordinal) games.Position {
	a := d.Nimber()
	if beta.Cmp(a) >= 0 {
		return nil
	}
	return &DAG{h: d.moveBy(a.NimSum(beta).Coeffs()), first: d.first, out: d.out, level: d.level}
}

// moveBy returns the numbers after the move that changes the value by
// the nim-sum of x (x's top coefficient's top bit set in the value's
// coefficient there). The move is made at a vertex v of x's highest
// level k, holding a number with x_k's top bit: it lowers h(v) to
// h(v) ⊕ x_k and, for each lower level j with x_j ≠ 0, changes the
// number of one out-neighbour of level j (there is one, as M(v) is their
// mex) by ⊕ x_j.
func (d *DAG) moveBy(x []uint64) []uint64 {
	c := slices.Clone(x)
	k := len(c) - 1
	h := slices.Clone(d.h)
	for v := range h {
		if int(d.level[v]) != k || h[v]^c[k] >= h[v] {
			continue
		}
		h[v] ^= c[k]
		for _, u := range d.Out(v) {
			if j := d.level[u]; int(j) < k && c[j] != 0 {
				h[u] ^= c[j]
				c[j] = 0
			}
		}
		return h
	}
	panic("graph: no vertex holds the top bit of a nonzero level")
}

// numbers returns the number on each vertex.
func (d *DAG) numbers() []uint64 { return slices.Clone(d.h) }

// String writes the position in the dag ruleset's notation: the numbers,
// then after a semicolon the arcs "u>v", vertices numbered from 0.
func (d *DAG) String() string {
	var b strings.Builder
	for v, h := range d.h {
		if v > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.FormatUint(h, 10))
	}
	sep := "; "
	for v := range d.h {
		for _, u := range d.Out(v) {
			fmt.Fprintf(&b, "%s%d>%d", sep, v, u)
			sep = " "
		}
	}
	return b.String()
}

// Options returns nil: a position has infinitely many options, which the
// Engine never asks for (MoveTo finds the one of a given value).
func (d *DAG) Options(games.Player) []games.Position { return nil }

// AppendKey appends the position's notation.
func (d *DAG) AppendKey(b []byte) []byte { return append(b, d.String()...) }

// dagRules is the ruleset "dag": the positions of the DAG game.
type dagRules struct{}

// Name returns "dag".
func (dagRules) Name() string { return "dag" }

// Kind returns games.Impartial|games.Transfinite.
func (dagRules) Kind() games.Kind { return games.Impartial | games.Transfinite }

// Parse reads the numbers on the vertices separated by blanks, then
// optionally a semicolon and the arcs "u>v" separated by blanks, vertices
// numbered from 0: "1 2 3; 0>1 1>2 0>2".
func (dagRules) Parse(s string) (games.Position, error) {
	end := strings.IndexByte(s, ';')
	if end < 0 {
		end = len(s)
	}
	var h []uint64
	for i := listtext.SkipSeps(s, 0); i < end; i = listtext.SkipSeps(s, i) {
		j := i
		for j < end && !listtext.IsSep(s[j]) {
			j++
		}
		x, err := strconv.ParseUint(s[i:j], 10, 64)
		if err != nil {
			return nil, games.InputErrorf("at offset %d: %q is not a number below 2^64", i, s[i:j])
		}
		h = append(h, x)
		i = j
	}
	if len(h) == 0 {
		return nil, games.InputErrorf("no vertices: write the number on each vertex, then the arcs after a semicolon")
	}
	var arcs [][2]int
	for i := listtext.SkipSeps(s, min(end+1, len(s))); i < len(s); i = listtext.SkipSeps(s, i) {
		var a [2]int
		var err error
		if a[0], i, err = listtext.Number(s, i, len(h)-1, "a vertex"); err != nil {
			return nil, err
		}
		if i == len(s) || s[i] != '>' {
			return nil, games.InputErrorf("at offset %d: an arc is written u>v", i)
		}
		if a[1], i, err = listtext.Number(s, i+1, len(h)-1, "a vertex"); err != nil {
			return nil, err
		}
		arcs = append(arcs, a)
	}
	return newDAG(h, arcs)
}
