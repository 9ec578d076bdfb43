package loopy

import (
	"context"
	"github.com/nimbers/grundy/outcome"
	"github.com/nimbers/grundy/partizan"

	"github.com/nimbers/grundy/budget"
)

// survival decides, for every pair of positions a of x and b of y and
// for either player to move, whether Right can force Left to run out of
// moves in a − b: the Left moves of a − b are a's Left moves and b's
// Right moves, its Right moves a's Right moves and b's Left moves. A
// line of play that goes on for ever is not a win for Right. This is
// retrograde analysis: a state with Left to move is lost for Left when
// she has no move or every move is lost, a state with Right to move when
// some move is.
type survival struct {
	na, nb int
	lost   []bool // state (a·nb + b)·2 + m, m = 0 with Left to move, 1 with Right
}

func survive(m *meter, x, y *graph) (*survival, error) {
	p, err := newProduct(m, x, y, stateBytes)
	if err != nil {
		return nil, err
	}
	return &survival{na: p.na, nb: p.nb, lost: p.lostPlain()}, nil
}

// geq reports whether a ≥ b: Left survives a − b with Right to move.
func (s *survival) geq(a, b int) bool { return !s.lost[(a*s.nb+b)*2+1] }

func reverse(adj [][]int) [][]int {
	out := make([][]int, len(adj))
	for v, ws := range adj {
		for _, w := range ws {
			out[w] = append(out[w], v)
		}
	}
	return out
}

// leq reports whether x ≤ y. For stoppers, Left, with Right to move
// first, can play y − x so as never to run out of moves (Conway;
// Siegel, Combinatorial Game Theory, ch. VI). Other games are compared
// by their sides: x ≤ y when x's onside is at most y's and x's offside
// at most y's, each decided by a game on the pairs of positions (see
// Sides) without finding the sides. A comparison of games of n and m
// positions takes 2nm states (and more steps for games that are not
// stoppers), and x's and y's positions count positionSteps each and
// are held in memory meanwhile; leq fails with a
// *budget.TooLargeError when these pass opt's limits (DefaultLimit steps
// and DefaultMemory bytes when opt is nil or sets none), and stops when
// ctx is cancelled.
func leq(ctx context.Context, x, y Game, opt *budget.Options) (bool, error) {
	m := newMeter(ctx, opt)
	if err := m.graphs(x, y); err != nil {
		return false, err
	}
	return lessEq(m, x, y)
}

// graphs counts the graphs of a comparison as meter.graph does.
func (m *meter) graphs(x, y Game) error {
	if err := m.graph(comparing, x); err != nil {
		return err
	}
	return m.graph(comparing, y)
}

func lessEq(m *meter, x, y Game) (bool, error) {
	if !x.IsStopper() || !y.IsStopper() {
		on, err := onsideGeq(m, y, x)
		if err != nil || !on {
			return false, err
		}
		return onsideGeq(m, x.Neg(), y.Neg())
	}
	x, y = x.compact(), y.compact()
	s, err := survive(m, y.graph(), x.graph())
	if err != nil {
		return false, err
	}
	return s.geq(y.start, x.start), nil
}

// Compare returns the relation of x to y (partizan.Equal, Greater, Less
// or Fuzzy), deciding x ≤ y and y ≤ x as leq does, the two within one
// budget: opt's limits, DefaultLimit steps and DefaultMemory bytes when
// opt is nil or sets none. It fails with a *budget.TooLargeError past
// them, and stops when ctx is cancelled.
func Compare(ctx context.Context, x, y Game, opt *budget.Options) (partizan.Relation, error) {
	m := newMeter(ctx, opt)
	if err := m.graphs(x, y); err != nil {
		return 0, err
	}
	le, err := lessEq(m, x, y)
	if err != nil {
		return 0, err
	}
	ge, err := lessEq(m, y, x)
	if err != nil {
		return 0, err
	}
	switch {
	case le && ge:
		return partizan.Equal, nil
	case ge:
		return partizan.Greater, nil
	case le:
		return partizan.Less, nil
	}
	return partizan.Fuzzy, nil
}

// Play returns the outcome class of x, its results with Left moving
// first and with Right moving first, by retrograde analysis of x's positions. Any loopy game
// may be played, stopper or not. Its cost is linear in x's positions and
// moves, those of a graph already built, so it has no budget.
func Play(x Game) (outcome.Class, error) {
	x = x.compact()
	m := newMeter(context.Background(), &budget.Options{Limit: -1, Memory: -1})
	s, err := survive(m, x.graph(), zeroGraph)
	if err != nil {
		return 0, err
	}
	n, err := survive(m, x.Neg().graph(), zeroGraph)
	if err != nil {
		return 0, err
	}
	// In −x, Right's losses are Left's losses in x with the roles swapped.
	res := func(leftLost, rightLost bool) outcome.Result {
		switch {
		case leftLost:
			return outcome.RightWins
		case rightLost:
			return outcome.LeftWins
		}
		return outcome.Draw
	}
	v := x.start * s.nb
	return outcome.Of(res(s.lost[v*2], n.lost[v*2+1]), res(s.lost[v*2+1], n.lost[v*2])), nil
}
