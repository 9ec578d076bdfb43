package loopy

import (
	"slices"
)

// Simplify returns the simplest form of the stopper x: the unique
// stopper equal to x with no dominated or reversible options in any
// position and no two positions equal (Conway; Siegel, Combinatorial
// Game Theory, ch. VI). Equal stoppers have the same simplest form, and
// its positions come in a canonical order, so Graph of the simplest
// form is an invariant of x's value.
func Simplify(x Game) (Game, error) {
	if !x.IsStopper() {
		return Game{}, ErrNotStopper
	}
	if s, ok := x.Short(); ok {
		// A short game's canonical form is its simplest form.
		y, err := FromShort(s)
		if err != nil {
			return Game{}, err
		}
		return canonical(y.compact()), nil
	}
	x = x.compact()
	g := x.graph()
	s, err := survive(g, g)
	if err != nil {
		return Game{}, err
	}
	n := len(g.l)
	l := make([][]int, n)
	r := make([][]int, n)
	for v := range n {
		l[v] = slices.Clone(g.l[v])
		r[v] = slices.Clone(g.r[v])
	}
	// Every step keeps the value of each vertex, so s stays valid.
	for v := range n {
		var ok, ok2 bool
		l[v], ok = bypass(l[v], l, r, func(w int) bool { return s.geq(v, w) })
		r[v], ok2 = bypass(r[v], r, l, func(w int) bool { return s.geq(w, v) })
		if !ok || !ok2 {
			return Game{}, ErrNotStopper
		}
		l[v] = undominated(l[v], func(a, b int) bool { return s.geq(b, a) })
		r[v] = undominated(r[v], func(a, b int) bool { return s.geq(a, b) })
	}
	// Fuse equal vertices into the first of their class.
	rep := make([]int, n)
	for v := range n {
		rep[v] = v
		for u := range v {
			if rep[u] == u && s.geq(u, v) && s.geq(v, u) {
				rep[v] = u
				break
			}
		}
	}
	h := &graph{l: make([][]int, n), r: make([][]int, n)}
	for v := range n {
		h.l[v] = renumber(l[v], rep)
		h.r[v] = renumber(r[v], rep)
	}
	return canonical(Game{h, rep[x.start]}.compact()), nil
}

// bypass replaces the reversible options among opts of a vertex v: an
// option w of one player is reversible when w has an option u of the
// other player that is at least as good as v for him (rev(u)); w is then
// replaced by u's options for the first player, same[u]. In a stopper
// the chain of replacements ends, as it follows an alternating line of
// play; it reports false if the chain outgrows that bound.
func bypass(opts []int, same, other [][]int, rev func(u int) bool) ([]int, bool) {
	out := slices.Clone(opts)
	steps := 0
	for i := 0; i < len(out); i++ {
		if steps++; steps > 4*len(same)*len(same)+16 {
			return nil, false
		}
		w := out[i]
		for _, u := range other[w] {
			if !rev(u) {
				continue
			}
			out = slices.Delete(out, i, i+1)
			for _, y := range same[u] {
				if !slices.Contains(out, y) {
					out = append(out, y)
				}
			}
			i--
			break
		}
	}
	return out, true
}

// undominated removes the options dominated by another: worse(a, b)
// reports that a is no better than b for the player moving. Of equal
// options the first is kept.
func undominated(opts []int, worse func(a, b int) bool) []int {
	var out []int
	for i, a := range opts {
		dominated := false
		for j, b := range opts {
			if i != j && worse(a, b) && (!worse(b, a) || j < i) {
				dominated = true
				break
			}
		}
		if !dominated {
			out = append(out, a)
		}
	}
	return out
}

// canonical renumbers the fused graph of x in an order that depends only
// on its shape: vertices are told apart by refining their colours by the
// colours of their options until stable, and a fused graph has no two
// vertices alike, so the colours are distinct.
func canonical(x Game) Game {
	g := x.graph()
	n := len(g.l)
	col := make([]uint64, n)
	classes := 1
	for range n + 1 {
		next := make([]uint64, n)
		for v := range n {
			h := fnv(0xcbf29ce484222325, col[v])
			h = fnv(h, 1)
			h = fnv(h, sortedSum(g.l[v], col))
			h = fnv(h, 2)
			h = fnv(h, sortedSum(g.r[v], col))
			next[v] = h
		}
		col = next
		k := len(distinct(col))
		if k == classes {
			break
		}
		classes = k
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	// The start first, then the others by colour.
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case a == x.start:
			return -1
		case b == x.start:
			return 1
		case col[a] < col[b]:
			return -1
		case col[a] > col[b]:
			return 1
		}
		return 0
	})
	num := make([]int, n)
	for i, v := range order {
		num[v] = i
	}
	h := &graph{l: make([][]int, n), r: make([][]int, n)}
	for i, v := range order {
		h.l[i] = renumber(g.l[v], num)
		h.r[i] = renumber(g.r[v], num)
	}
	return Game{h, 0}
}

func fnv(h, x uint64) uint64 {
	for range 8 {
		h ^= x & 0xff
		h *= 0x100000001b3
		x >>= 8
	}
	return h
}

// sortedSum hashes the multiset of colours of opts.
func sortedSum(opts []int, col []uint64) uint64 {
	cs := make([]uint64, len(opts))
	for i, w := range opts {
		cs[i] = col[w]
	}
	slices.Sort(cs)
	h := uint64(0x84222325cbf29ce4)
	for _, c := range cs {
		h = fnv(h, c)
	}
	return h
}

func distinct(xs []uint64) []uint64 {
	ys := slices.Clone(xs)
	slices.Sort(ys)
	return slices.Compact(ys)
}
