package misere

import (
	"context"
	"iter"
	"slices"
	"strconv"

	"github.com/nimbers/grundy/budget"
)

// followers returns the followers of x: x and every game reachable from
// it by moves, each once, in canonical order (by birthday first), so the
// first is 0 and each game comes after its options.
func (x Game) followers() []Game {
	out, _ := followersOf(x)
	return out
}

// followers returns the distinct followers of x in canonical order and
// the place in that list of every node met.
func followers(x *node) ([]*node, map[*node]int) {
	seen := map[*node]bool{}
	var all []*node
	var walk func(n *node)
	walk = func(n *node) {
		if seen[n] {
			return
		}
		seen[n] = true
		for _, o := range n.opts {
			walk(o)
		}
		all = append(all, n)
	}
	walk(x)
	slices.SortFunc(all, order)
	at := make(map[*node]int, len(all))
	k := -1
	for i, n := range all {
		if i == 0 || order(all[i-1], n) != 0 {
			k++
			all[k] = n
		}
		at[n] = k
	}
	return all[:k+1], at
}

// ClosureQuotient returns the misère quotient of the sums of the
// followers of g (Plambeck and Siegel's quotient of the closure of g),
// with those followers: heap i of the quotient, as Heap and elementOf
// count them, is followers[i], and heap 0 is 0. It is computed, checked
// and bounded as Compute computes the quotient of a heap game whose
// heaps are g's followers, each moving to its options.
func ClosureQuotient(ctx context.Context, g Game, opt *budget.Options) (q *Quotient, followers HeapForms, err error) {
	if g.Phylum() == NimHeap {
		q, err := nimClosure(g.Birthday(), opt)
		if err != nil {
			return nil, nil, err
		}
		return q, g.followers(), nil
	}
	return closureSearch(ctx, g, opt)
}

// closureSearch is ClosureQuotient by Compute's search.
func closureSearch(ctx context.Context, g Game, opt *budget.Options) (q *Quotient, followers HeapForms, err error) {
	fs, at := followersOf(g)
	moves := make(optionGame, len(fs))
	for i, f := range fs {
		for _, o := range f.node().opts {
			moves[i] = append(moves[i], at[o])
		}
	}
	q, err = compute(ctx, moves, len(fs)-1, opt, "the quotient of the "+strconv.Itoa(len(fs))+" followers of a game")
	if err != nil {
		return nil, nil, err
	}
	return q, fs, nil
}

// nimClosure returns the quotient of the closure of the nim heap *n,
// misère Nim's: its followers are *0 … *n, and a sum of them is known by
// whether it has a heap of two or more and by its nim-sum. Sums of heaps
// of 0 and 1 form two classes, by the parity of their ones; the others,
// one for each nim-sum below 2^k, the least power of two above n (Bouton:
// those are P when the nim-sum is 0, the small ones when it is 1). Any
// two classes are told apart by adding nothing or a heap of two or more.
// The elements are numbered as a breadth-first walk from the identity
// over the generators *1, *2, *4, … meets them, and the quotient grows at
// those heaps.
func nimClosure(n int, opt *budget.Options) (*Quotient, error) {
	k := 1
	for k <= n {
		k *= 2
	}
	order := 2 + k // small sums 0 and 1, then the nim-sums of large ones
	switch n {
	case 0:
		order = 1
	case 1:
		order = 2
	}
	what := "the quotient of the " + strconv.Itoa(n+1) + " followers of a game"
	if need := slack * tableBytes(order); need > memoryOf(opt) {
		return nil, &budget.TooLargeError{What: what, Unit: "bytes", Estimate: need, Limit: memoryOf(opt)}
	}
	if cost := float64(order) * float64(order); cost > opt.Max(DefaultLimit) {
		return nil, &budget.TooLargeError{What: what, Unit: "steps", Estimate: cost, Limit: opt.Max(DefaultLimit)}
	}
	// A class is c < 2 for the small sums of c ones, 2 + v for the large
	// ones of nim-sum v.
	mul := func(x, y int) int {
		switch {
		case x < 2 && y < 2:
			return x ^ y
		case x < 2:
			return 2 + ((y - 2) ^ x)
		case y < 2:
			return 2 + ((x - 2) ^ y)
		}
		return 2 + ((x - 2) ^ (y - 2))
	}
	heapClass := func(h int) int {
		if h < 2 {
			return h
		}
		return 2 + h
	}
	var gens []int
	for h := 1; h <= n; h *= 2 {
		gens = append(gens, heapClass(h))
	}
	num := map[int]int32{0: 0}
	walk := []int{0}
	for i := 0; i < len(walk); i++ {
		for _, g := range gens {
			if y := mul(walk[i], g); num[y] == 0 && y != 0 {
				num[y] = int32(len(walk))
				walk = append(walk, y)
			}
		}
	}
	b := bipartite{&monoid{n: order, mul: make([]int32, order*order)}, make([]bool, order)}
	for i, x := range walk {
		b.p[i] = x == 1 || x == 2
		for j, y := range walk {
			b.mul[i*order+j] = num[mul(x, y)]
		}
	}
	q := &Quotient{b: b, heaps: make([]int32, n+1), reach: -1}
	for h := range q.heaps {
		q.heaps[h] = num[heapClass(h)]
	}
	for h := 1; h <= n; h *= 2 {
		q.expansions = append(q.expansions, h)
	}
	opt.Report(n, n)
	return q, nil
}

// followersOf returns g's followers and the place of each of their nodes.
func followersOf(g Game) ([]Game, map[*node]int) {
	all, at := followers(g.node())
	out := make([]Game, len(all))
	for i, n := range all {
		out[i] = Game{n}
	}
	return out, at
}

// An optionGame is a heap game in which heap n moves to a single heap of
// each size in its row.
type optionGame [][]int

func (g optionGame) Moves(n int) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		for _, o := range g[n] {
			if !yield([]int{o}) {
				return
			}
		}
	}
}
