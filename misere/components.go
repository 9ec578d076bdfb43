package misere

import (
	"context"
	"errors"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/sg"
)

// ErrNoSearch is returned for a misère sum that needs a search of the
// whole game when some component is not an sg.Position.
var ErrNoSearch = errors.New("misère play of these games needs a search of the whole sum, which some component does not support")

// SumWinningMoves reports whether the player to move wins the sum under
// misère play (who cannot move wins), and returns the winning moves: those
// after which the opponent loses. It is exact: by the Anti-SG rule
// (sg.AntiSGMoves) when every component is sg.TerminalAtZero, by the
// game's misère quotient when the components are Heaps of one game whose
// quotient is found within quotientLimit steps, else by searching the sum
// as one game, which takes sg.Position components (ErrNoSearch
// otherwise). The search stores at most opt's Limit positions of the sum
// (no bound by default), fails with a *budget.TooLargeError past them,
// and stops with ctx's error soon after ctx is cancelled.
func SumWinningMoves(ctx context.Context, comps []sg.Component, opt *budget.Options) (bool, []sg.ComponentMove, error) {
	exact := true
	for _, c := range comps {
		z, ok := c.(sg.TerminalAtZero)
		exact = exact && ok && z.TerminalAtZero()
	}
	if exact {
		return sg.AntiSGMoves(ctx, comps)
	}
	if wins, moves, ok, err := quotientMoves(ctx, comps); ok || err != nil {
		return wins, moves, err
	}
	ps := make([]sg.Position, len(comps))
	for i, c := range comps {
		p, ok := c.(sg.Position)
		if !ok {
			return false, nil, ErrNoSearch
		}
		ps[i] = p
	}
	return misereMoves(ctx, ps, opt)
}

// A heapUnit is an sg.Position that is one heap of a heap game: a misère sum of
// heaps of one game is decided by the game's misère quotient when it can
// be found within its budget.
type heapUnit interface {
	sg.Position
	// Rules returns the game, equal (==) for heaps of the same game, and
	// its moves.
	Rules() (game any, moves HeapGame)
	// Size returns the number of tokens.
	Size() int
}

// quotientLimit bounds the steps of each misère quotient a misère sum of
// heaps tries (at most two) before it searches the sum instead: about
// half a second each, within DefaultMemory. The quotients misere
// stores are used at once.
const quotientLimit = 1 << 28

// maxQuotientHeap bounds the heaps a misère sum computes a quotient for;
// larger heaps are decided when a quotient of smaller heaps proves its
// period, first tried with heaps up to periodHeap.
const (
	maxQuotientHeap = 1024
	periodHeap      = 256
)

// quotientMoves decides a misère sum of heaps of one game by its misère
// quotient; ok is false when the components are not such heaps or no
// quotient was found within quotientLimit steps.
func quotientMoves(ctx context.Context, comps []sg.Component) (wins bool, moves []sg.ComponentMove, ok bool, err error) {
	var game any
	var rules HeapGame
	top := 0
	hs := make([]heapUnit, len(comps))
	for i, c := range comps {
		h, isHeap := c.(heapUnit)
		if !isHeap {
			return false, nil, false, nil
		}
		g, r := h.Rules()
		if i == 0 {
			game, rules = g, r
		} else if g != game {
			return false, nil, false, nil
		}
		hs[i] = h
		top = max(top, h.Size())
	}
	q, recalled := recall(rules, top)
	if !recalled {
		q, err = Compute(ctx, rules, min(top, periodHeap), &budget.Options{Limit: quotientLimit})
	}
	if err == nil && !q.covers(top) && top <= maxQuotientHeap {
		q, err = Compute(ctx, rules, top, &budget.Options{Limit: quotientLimit})
	}
	switch {
	case errors.Is(err, budget.ErrTooLarge) || errors.Is(err, errNoCandidate):
		return false, nil, false, nil
	case err != nil:
		return false, nil, false, err
	case !q.covers(top):
		return false, nil, false, nil
	}
	x := 0
	for _, h := range hs {
		x = q.mul(x, q.Heap(h.Size()))
	}
	if q.isP(x) {
		return false, nil, true, nil
	}
	for i, h := range hs {
		rest := 0
		for j, k := range hs {
			if j != i {
				rest = q.mul(rest, q.Heap(k.Size()))
			}
		}
		for _, o := range h.Options() {
			y := rest
			for _, p := range o.Parts {
				ph, isHeap := p.(heapUnit)
				if !isHeap || !q.covers(ph.Size()) {
					return false, nil, false, nil // a move the quotient does not cover
				}
				y = q.mul(y, q.Heap(ph.Size()))
			}
			if q.isP(y) {
				moves = append(moves, sg.ComponentMove{Component: i, Move: o.Move})
			}
		}
	}
	return true, moves, true, nil
}
