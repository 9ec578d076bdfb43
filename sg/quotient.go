package sg

import (
	"context"
	"errors"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/misere"
)

// A Heap is a Position that is one heap of a heap game: a misère sum of
// heaps of one game is decided by the game's misère quotient when it can
// be found within its budget.
type Heap interface {
	Position
	// Rules returns the game, equal (==) for heaps of the same game, and
	// its moves.
	Rules() (game any, moves misere.HeapGame)
	// Size returns the number of tokens.
	Size() int
}

// QuotientLimit bounds the steps of each misère quotient a misère sum of
// heaps tries (at most two) before it searches the sum instead: about
// half a second each, within misere.DefaultMemory. The quotients misere
// stores (misere.Recall) are used at once.
const QuotientLimit = 1 << 28

// maxQuotientHeap bounds the heaps a misère sum computes a quotient for;
// larger heaps are decided when a quotient of smaller heaps proves its
// period, first tried with heaps up to periodHeap.
const (
	maxQuotientHeap = 1024
	periodHeap      = 256
)

// quotientMoves decides a misère sum of heaps of one game by its misère
// quotient; ok is false when the components are not such heaps or no
// quotient was found within QuotientLimit steps.
func quotientMoves(ctx context.Context, comps []Component) (wins bool, moves []ComponentMove, ok bool, err error) {
	var game any
	var rules misere.HeapGame
	top := 0
	hs := make([]Heap, len(comps))
	for i, c := range comps {
		h, isHeap := c.(Heap)
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
	q, recalled := misere.Recall(rules, top)
	if !recalled {
		q, err = misere.Compute(ctx, rules, min(top, periodHeap), &budget.Options{Limit: QuotientLimit})
	}
	if err == nil && !q.Covers(top) && top <= maxQuotientHeap {
		q, err = misere.Compute(ctx, rules, top, &budget.Options{Limit: QuotientLimit})
	}
	switch {
	case errors.Is(err, budget.ErrTooLarge) || errors.Is(err, misere.ErrNoCandidate):
		return false, nil, false, nil
	case err != nil:
		return false, nil, false, err
	case !q.Covers(top):
		return false, nil, false, nil
	}
	x := 0
	for _, h := range hs {
		x = q.Mul(x, q.Heap(h.Size()))
	}
	if q.IsP(x) {
		return false, nil, true, nil
	}
	for i, h := range hs {
		rest := 0
		for j, k := range hs {
			if j != i {
				rest = q.Mul(rest, q.Heap(k.Size()))
			}
		}
		for _, o := range h.Options() {
			y := rest
			for _, p := range o.Parts {
				ph, isHeap := p.(Heap)
				if !isHeap || !q.Covers(ph.Size()) {
					return false, nil, false, nil // a move the quotient does not cover
				}
				y = q.Mul(y, q.Heap(ph.Size()))
			}
			if q.IsP(y) {
				moves = append(moves, ComponentMove{i, o.Move})
			}
		}
	}
	return true, moves, true, nil
}
