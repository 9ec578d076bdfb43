package loopy

import (
	"context"

	"github.com/nimbers/grundy/budget"
)

// cycleMoves reports whether x has a Left move, and whether a Right
// move, between two positions of one strongly connected component: a
// move that play can make again and again.
func cycleMoves(x Game) (left, right bool) {
	g := x.compact().graph()
	comp := make([]int, len(g.l))
	for i, c := range components(g) {
		for _, v := range c {
			comp[v] = i
		}
	}
	for v := range g.l {
		for _, w := range g.l[v] {
			left = left || comp[v] == comp[w]
		}
		for _, w := range g.r[v] {
			right = right || comp[v] == comp[w]
		}
	}
	return left, right
}

// SimplestSum returns the simplest form of the sum of the stoppers xs,
// and true, when that sum is a stopper because no term has a Left move
// on a cycle, or none has a Right move on a cycle: a line of play of the
// sum in which both players move for ever would move for ever in some
// term, on one of its cycles. It then adds the terms' simplest forms one
// at a time (each kept only while the condition holds for it too),
// simplifying each partial sum, and never builds the sum of
// their graphs: equal stoppers whose sums are stoppers have equal sums,
// for Left survives the difference of the sums by answering each move in
// the term where it is made. It returns false, and no error, when a term
// is not a stopper, or when terms have moves on cycles for both players,
// or when a partial sum's simplest form has, on the side kept free. It
// fails with a *budget.TooLargeError when the terms' positions, the
// partial sums and their simplest forms pass opt's limits, as Sum and
// Simplify count them, and stops when ctx is cancelled.
func SimplestSum(ctx context.Context, xs []Game, opt *budget.Options) (Game, bool, error) {
	m := newMeter(ctx, opt)
	free := [2]bool{true, true} // no Left, no Right move on a cycle
	keep := func(x Game) bool {
		l, r := cycleMoves(x)
		free[0], free[1] = free[0] && !l, free[1] && !r
		return free[0] || free[1]
	}
	for _, x := range xs {
		if !x.IsStopper() || !keep(x) {
			return Game{}, false, nil
		}
	}
	s := Game{}
	for i, x := range xs {
		if err := m.graph("the simplest form of a sum", x); err != nil {
			return Game{}, false, err
		}
		y, err := simplify(m, x)
		if err != nil {
			return Game{}, false, err
		}
		if !keep(y) {
			return Game{}, false, nil
		}
		if i > 0 {
			if err := m.positions("a sum of loopy games", float64(s.Len())*float64(y.Len())); err != nil {
				return Game{}, false, err
			}
			if y, err = add(s, y); err != nil {
				return Game{}, false, err
			}
			if y, err = simplify(m, y); err != nil {
				return Game{}, false, err
			}
		}
		if !keep(y) {
			return Game{}, false, nil
		}
		s = y
	}
	return s, true, nil
}
