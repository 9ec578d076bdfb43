package loopy

import (
	"context"
	"slices"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/partizan"
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

// simplestSum returns the simplest form of the sum of the stoppers xs,
// and true, when that sum is a stopper because no term has a Left move
// on a cycle, or none has a Right move on a cycle: a line of play of the
// sum in which both players move for ever would move for ever in some
// term, on one of its cycles. It then adds the terms' simplest forms one
// at a time (each kept only while the condition holds for it too),
// simplifying each partial sum, and never builds the sum of
// their graphs: equal stoppers whose sums are stoppers have equal sums,
// for Left survives the difference of the sums by answering each move in
// the term where it is made. The short terms are added first by package
// partizan, and when their sum is a number x, it is added last by the
// translation theorem: x + p is {x + p^L | x + p^R} for each position p
// of the simplest form that is not a number, so only the chains of the
// numbers are new. It returns false, and no error, when a term
// is not a stopper, or when terms have moves on cycles for both players,
// or when a partial sum's simplest form has, on the side kept free. It
// fails with a *budget.TooLargeError when the terms' positions, the
// partial sums and their simplest forms pass opt's limits, as Sum and
// Sides count them, and stops when ctx is cancelled.
func simplestSum(ctx context.Context, xs []Game, opt *budget.Options) (Game, bool, error) {
	m := newMeter(ctx, opt)
	free := [2]bool{true, true} // no Left, no Right move on a cycle
	keep := func(x Game) bool {
		l, r := cycleMoves(x)
		free[0], free[1] = free[0] && !l, free[1] && !r
		return free[0] || free[1]
	}
	// The short terms, which have no cycles, are added by package
	// partizan; a number among them last, by translation.
	var shorts []*partizan.Game
	var loops []Game
	for _, x := range xs {
		if g, ok := x.Short(); ok {
			shorts = append(shorts, g)
			continue
		}
		if !x.IsStopper() || !keep(x) {
			return Game{}, false, nil
		}
		loops = append(loops, x)
	}
	short, err := partizan.NewCalculator(opt).Sum(ctx, shorts...)
	if err != nil {
		return Game{}, false, err
	}
	number, isNumber := short.AsNumber()
	shift := isNumber && len(loops) > 0 && number.Sign() != 0
	if !isNumber || len(loops) == 0 {
		x, err := FromShort(short)
		if err != nil {
			return Game{}, false, err
		}
		loops = append(loops, x)
	}
	s := Game{}
	for i, x := range loops {
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
			if err := m.positions("a sum of loopy games", float64(s.len())*float64(y.len())); err != nil {
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
	if shift {
		if s, err = translate(s, number); err != nil {
			return Game{}, false, err
		}
	}
	return s, true, nil
}

// translate returns the simplest form of x + s for the simplest form s
// and the number x, by the translation theorem: x + p is the short
// game's sum for each short position p of s, and {x + p^L | x + p^R} for
// each other, which is no number. Only its numbers' chains are new.
func translate(s Game, x partizan.Dyadic) (Game, error) {
	g := s.compact().graph()
	n := len(g.l)
	val := make([]*partizan.Game, n) // the short positions' values
	for _, c := range components(g) {
		v := c[0]
		if len(c) > 1 || slices.Contains(g.l[v], v) || slices.Contains(g.r[v], v) {
			continue
		}
		var l, r []*partizan.Game
		short := true
		for _, w := range g.l[v] {
			short = short && val[w] != nil
			l = append(l, val[w])
		}
		for _, w := range g.r[v] {
			short = short && val[w] != nil
			r = append(r, val[w])
		}
		if short {
			y, err := partizan.New(l, r)
			if err != nil {
				return Game{}, err
			}
			val[v] = y
		}
	}
	b := &builder{}
	seen := map[[16]byte]int{}
	num := make([]int, n)
	for v := range n {
		if val[v] == nil {
			num[v] = b.vertex()
		}
	}
	xg := partizan.Number(x)
	k := shortCalc()
	for v := range n {
		if val[v] == nil {
			continue
		}
		y, err := k.Sum(context.Background(), val[v], xg)
		if err != nil {
			return Game{}, err
		}
		if num[v] = b.short(y, seen); num[v] < 0 {
			return Game{}, &budget.TooLargeError{What: "a short game as a loopy game", Unit: "positions", Limit: maxShort, Fixed: true}
		}
	}
	for v := range n {
		if val[v] != nil {
			continue
		}
		for _, w := range g.l[v] {
			b.l[num[v]] = append(b.l[num[v]], num[w])
		}
		for _, w := range g.r[v] {
			b.r[num[v]] = append(b.r[num[v]], num[w])
		}
	}
	return canonical(Game{&graph{b.l, b.r}, num[s.compact().start]}.compact()), nil
}

// shortCalc returns a Calculator with no limit, for the short games
// that translations and the notation build from small parts.
func shortCalc() *partizan.Calculator {
	return partizan.NewCalculator(&budget.Options{Limit: -1})
}
