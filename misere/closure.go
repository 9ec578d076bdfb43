package misere

import (
	"context"
	"iter"
	"slices"
	"strconv"

	"github.com/nimbers/grundy/budget"
)

// Followers returns the followers of x: x and every game reachable from
// it by moves, each once, in canonical order (by birthday first), so the
// first is 0 and each game comes after its options.
func (x Game) Followers() []Game {
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
// with those followers: heap i of the quotient, as Heap and Element
// count them, is followers[i], and heap 0 is 0. It is computed, checked
// and bounded as Compute computes the quotient of a heap game whose
// heaps are g's followers, each moving to its options.
func ClosureQuotient(ctx context.Context, g Game, opt *budget.Options) (q *Quotient, followers []Game, err error) {
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
