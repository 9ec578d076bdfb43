package loopy

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/nimbers/grundy/budget"
)

// ErrSides is returned when sidling does not settle: the sides of the
// game may have cycles of their own, which the approximations only
// reach in the limit.
var ErrSides = errors.New("the sides were not found: sidling did not settle")

// maxSideRounds bounds the rounds of sidling.
const maxSideRounds = 64

// maxSideVertices bounds the positions of all the approximations of one
// round of sidling together.
const maxSideVertices = 1 << 20

// Sides returns the onside and the offside of x: the stoppers s and t
// with x = s & t. The onside is how x plays when an endless game counts
// as a win for Left, the offside when it counts for Right: for every
// stopper y, Left survives x + y (moving first, or second) exactly when
// she survives s + y, and Right survives x + y exactly when he survives
// t + y. A stopper is both its sides, in simplest form.
//
// Other games are sidled (Winning Ways, ch. 11): every position starts
// as on (off for the offside), and each round replaces each position by
// the simplest form of {its Left options | its Right options} as the
// last round left them, until a round changes nothing. Sides fails with
// ErrSides when the rounds do not settle within 64 rounds, and stops
// when ctx is cancelled.
func Sides(ctx context.Context, x Game) (onside, offside Game, err error) {
	if x.IsStopper() {
		s, err := Simplify(ctx, x)
		return s, s, err
	}
	if onside, err = sidle(ctx, x, On()); err != nil {
		return Game{}, Game{}, err
	}
	if offside, err = sidle(ctx, x, Off()); err != nil {
		return Game{}, Game{}, err
	}
	return onside, offside, nil
}

// sidle returns the limit of the approximations of x that start from
// start at every position.
func sidle(ctx context.Context, x Game, start Game) (Game, error) {
	x = x.compact()
	g := x.graph()
	n := len(g.l)
	approx := make([]Game, n)
	for v := range approx {
		approx[v] = start
	}
	for range maxSideRounds {
		next := make([]Game, n)
		changed, size := false, 0
		for v := range n {
			if err := ctx.Err(); err != nil {
				return Game{}, err
			}
			b := &builder{}
			root := b.vertex()
			var l, r []int
			for _, w := range g.l[v] {
				l = append(l, b.copyFrom(approx[w]))
			}
			for _, w := range g.r[v] {
				r = append(r, b.copyFrom(approx[w]))
			}
			b.l[root], b.r[root] = l, r
			y, err := Simplify(ctx, Game{&graph{b.l, b.r}, root})
			if err != nil {
				return Game{}, err
			}
			if !sameForm(y, approx[v]) {
				changed = true
			}
			next[v] = y
			if size += len(y.graph().l); size > maxSideVertices {
				return Game{}, fmt.Errorf("%w: %w", ErrSides, &budget.TooLargeError{What: "a round of sidling", Unit: "positions", Estimate: float64(size), Limit: maxSideVertices, Fixed: true})
			}
		}
		approx = next
		if !changed {
			return approx[0], nil
		}
	}
	return Game{}, ErrSides
}

// sameForm reports whether two simplest forms are the same graph.
func sameForm(x, y Game) bool {
	gx, gy := x.graph(), y.graph()
	return x.start == y.start && slices.EqualFunc(gx.l, gy.l, slices.Equal) && slices.EqualFunc(gx.r, gy.r, slices.Equal)
}
