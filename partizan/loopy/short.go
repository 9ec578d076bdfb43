package loopy

import (
	"context"
	"github.com/nimbers/grundy/outcome"
	"math/big"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/partizan"
)

// A short game is a stopper whose simplest form is its canonical form,
// which package partizan finds without a search of pairs of positions,
// and holds a number as its value rather than as the chain of its
// positions. The functions below answer for a short game what Sides,
// Play and Text answer for its graph, in time linear in the positions
// of its canonical form that are not numbers.

// shortPositions returns the positions of the simplest form of the short
// game g, the number Len gives for FromShort(g): the distinct games of
// its canonical form. The integers among them run from the least to the
// greatest reached, 0 included, and the other numbers reached are
// counted one by one (a number of denominator 2^k reaches at most two of
// each denominator below).
func shortPositions(g *partizan.Game) *big.Int {
	seen := map[[16]byte]bool{}
	lo, hi := partizan.Int(0), partizan.Int(0)
	others := 0
	stack := []*partizan.Game{g}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[x.Digest()] {
			continue
		}
		seen[x.Digest()] = true
		if d, ok := x.AsNumber(); ok && d.IsInt() {
			// An integer reaches every integer between it and 0.
			if d.Cmp(lo) < 0 {
				lo = d
			}
			if d.Cmp(hi) > 0 {
				hi = d
			}
			continue
		}
		others++
		stack = append(stack, x.Left()...)
		stack = append(stack, x.Right()...)
	}
	n := hi.Sub(lo).Num()
	return n.Add(n, big.NewInt(int64(1+others)))
}

// playShort returns the outcome class of the short game g, as Play does
// for its graph: L, R, N or P, since a short game has no draws. It fails with a
// *budget.TooLargeError when package partizan's comparison passes opt's
// limit (partizan.DefaultLimit steps when opt is nil or sets none), and
// stops when ctx is cancelled.
func playShort(ctx context.Context, g *partizan.Game, opt *budget.Options) (outcome.Class, error) {
	o, err := partizan.NewCalculator(opt).Compare(ctx, g, partizan.Zero)
	if err != nil {
		return 0, err
	}
	switch o {
	case partizan.Greater:
		return outcome.L, nil
	case partizan.Less:
		return outcome.R, nil
	case partizan.Equal:
		return outcome.P, nil
	}
	return outcome.N, nil
}

// shortText returns the short game g in CGSuite's notation, as Text
// writes FromShort(g), and true; or false when the text would be longer
// than limit bytes.
func shortText(g *partizan.Game, limit int) (string, bool) {
	if g.TreeSize() > float64(limit) {
		return "", false
	}
	s := g.String()
	return s, len(s) <= limit
}
