package loopy

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/nimbers/grundy/budget"
)

// errSides is returned when the sides of a game are not found: the
// stoppers made from it by taking moves away, fusing positions and
// bypassing reversible options do not have them, and sidling does not
// settle.
var errSides = errors.New("the sides were not found: simplifying the game gives no stopper, and sidling does not settle")

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
// For other games, taking Right moves away can only raise the onside,
// and the onside of x is that of any stopper made from x by taking
// Right moves away whose onside is not above x's; the offside likewise
// with Left moves. Sides looks for such a stopper: it decides whether
// one game's onside is at least another's by a game on their pairs of
// positions (Left must survive their difference and, if play never
// ends, move in the first infinitely often), and keeps only the moves
// Left's winning strategy in it plays; where Right moves on endless
// alternating lines must stay, it also tries taking Left moves away,
// fusing positions of the same onside and bypassing reversible options,
// keeping what keeps the onside.
// Where endless alternating lines remain, it sidles (Winning Ways, ch.
// 11): every position starts as on (off for the offside), and each round
// replaces each position by the simplest form of {its Left options | its
// Right options} as the last round left them, until a round changes
// nothing.
// Sides fails when neither finds the sides (sidling is
// given 64 rounds), with a *budget.TooLargeError when its comparisons,
// and x's positions at positionSteps each, pass opt's limits (DefaultLimit steps and DefaultMemory bytes when opt
// is nil or sets none), and stops when ctx is cancelled.
func Sides(ctx context.Context, x Game, opt *budget.Options) (onside, offside Game, err error) {
	m := newMeter(ctx, opt)
	if err := m.graph("the sides of a loopy game", x); err != nil {
		return Game{}, Game{}, err
	}
	if x.IsStopper() {
		s, err := simplify(m, x)
		return s, s, err
	}
	if onside, err = side(m, x, true); err != nil {
		return Game{}, Game{}, err
	}
	if offside, err = side(m, x, false); err != nil {
		return Game{}, Game{}, err
	}
	return onside, offside, nil
}

// side returns the onside of x, or its offside, the negative of the
// onside of −x: by taking Right moves away, or else by sidling.
func side(m *meter, x Game, on bool) (Game, error) {
	y := x
	if !on {
		y = x.Neg()
	}
	s, err := onside(m, y)
	if errors.Is(err, errSides) {
		s, err = sidle(m, y, On())
	}
	if err != nil {
		return Game{}, err
	}
	if !on {
		return simplify(m, s.Neg())
	}
	return s, nil
}

// sidle returns the limit of the approximations of x that start from
// start at every position.
func sidle(m *meter, x Game, start Game) (Game, error) {
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
			y, err := simplify(m, Game{&graph{b.l, b.r}, root})
			if err != nil {
				return Game{}, err
			}
			if err := m.spend("sidling", float64(len(y.graph().l))*positionSteps); err != nil {
				return Game{}, err
			}
			if !sameForm(y, approx[v]) {
				changed = true
			}
			next[v] = y
			if size += len(y.graph().l); size > maxSideVertices {
				return Game{}, fmt.Errorf("%w: %w", errSides, &budget.TooLargeError{What: "a round of sidling", Unit: "positions", Estimate: float64(size), Limit: maxSideVertices, Fixed: true})
			}
		}
		approx = next
		if !changed {
			return approx[0], nil
		}
	}
	return Game{}, errSides
}

// sameForm reports whether two simplest forms are the same graph.
func sameForm(x, y Game) bool {
	gx, gy := x.graph(), y.graph()
	return x.start == y.start && slices.EqualFunc(gx.l, gy.l, slices.Equal) && slices.EqualFunc(gx.r, gy.r, slices.Equal)
}
