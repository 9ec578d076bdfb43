// Package sg is the Sprague–Grundy theory of impartial games: the mex,
// Grundy values of positions found by search, disjunctive sums and their
// winning moves under normal play, and the Anti-SG rule.
//
// Every finite impartial game under normal play (who cannot move loses) is
// equivalent to a Nim heap of size G(p), its Grundy value:
//
//	G(p) = mex{G(q) : q an option of p}
//
// and a sum of games, where a move is a move in one component, has the
// nim-sum (xor) of the components' values. A position is a loss for the
// player to move (a P-position) exactly when its value is 0.
//
// Misère sums (who cannot move wins) are decided by package misere, by
// misère quotients or by search; games whose positions repeat, which may
// be draws, by package loopy.
package sg

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/nimbers/grundy/budget"
)

// Mex returns the minimum excludant of vals: the least non-negative
// integer that is not among them.
func Mex(vals []uint64) uint64 {
	// Values ≥ len(vals) cannot all be below the mex; mark the others.
	n := len(vals)
	var small [64]bool
	var seen []bool
	if n < len(small) {
		seen = small[:n+1]
	} else {
		seen = make([]bool, n+1)
	}
	for _, v := range vals {
		if v <= uint64(n) {
			seen[v] = true
		}
	}
	for i, s := range seen {
		if !s {
			return uint64(i)
		}
	}
	return uint64(n + 1)
}

// A Game gives the moves of an impartial game whose positions are values
// of type P (comparable, so that positions can be remembered).
type Game[P comparable] interface {
	// Options appends to buf the positions reachable from p in one move
	// and returns the extended slice. For a Solver a game must be short:
	// no position may be reached again from itself; loopy.Analyze takes
	// games whose positions repeat.
	Options(p P, buf []P) []P
}

// GameFunc adapts a function to the Game interface.
type GameFunc[P comparable] func(p P, buf []P) []P

// Options calls f.
func (f GameFunc[P]) Options(p P, buf []P) []P { return f(p, buf) }

// ErrLoopy reports a position that can be reached from itself.
var ErrLoopy = errors.New("a position can be reached from itself: the game is not short")

// Solver computes and remembers Grundy values of the positions of one game
// by depth-first search with an explicit stack, so that long chains of
// moves need no recursion.
type Solver[P comparable] struct {
	game  Game[P]
	value map[P]uint64
	done  int // positions evaluated
	opt   *budget.Options
}

// NewSolver returns a solver for g. opt's Limit bounds the positions
// stored plus the options waiting on the search stack (no bound by
// default), so a search through positions with many options is bounded
// in memory as well as in positions; its Progress is called every 2^20
// positions with the number evaluated and 0.
func NewSolver[P comparable](g Game[P], opt *budget.Options) *Solver[P] {
	return &Solver[P]{game: g, value: map[P]uint64{}, opt: opt}
}

// progressEvery is the number of positions between progress reports.
const progressEvery = 1 << 20

// cancelEvery is the number of positions between checks of the context.
const cancelEvery = 1 << 12

// inProgress marks, in the value map, a position on the search stack.
const inProgress = ^uint64(0)

// frame is a position being evaluated: its options are opts[start:end] of
// the solver's shared arena, of which those before next have been visited.
type frame[P comparable] struct {
	pos              P
	start, end, next int
}

// Value returns the Grundy value of p. It returns a *budget.TooLargeError
// when the search passes the limit of positions, and ctx's error soon
// after ctx is cancelled; the values found so far are kept either way.
func (s *Solver[P]) Value(ctx context.Context, p P) (uint64, error) {
	limit := s.opt.Max(math.Inf(1))
	if v, ok := s.value[p]; ok && v != inProgress {
		return v, nil
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	opts := s.game.Options(p, nil)
	stack := []frame[P]{{pos: p, end: len(opts)}}
	s.value[p] = inProgress
	var vals []uint64
	tooLarge := func() error {
		s.abandon(stack)
		return &budget.TooLargeError{What: "the search", Unit: "positions", Limit: limit}
	}
	if float64(1+len(opts)) > limit {
		return 0, tooLarge()
	}
	for expanded := 1; len(stack) > 0; {
		top := &stack[len(stack)-1]
		if top.next < top.end {
			q := opts[top.next]
			top.next++
			v, ok := s.value[q]
			if !ok {
				s.value[q] = inProgress
				start := len(opts)
				opts = s.game.Options(q, opts)
				stack = append(stack, frame[P]{pos: q, start: start, end: len(opts), next: start})
				if float64(len(s.value)+len(opts)) > limit {
					return 0, tooLarge()
				}
				if expanded++; expanded%cancelEvery == 0 {
					if err := ctx.Err(); err != nil {
						s.abandon(stack)
						return 0, err
					}
				}
			} else if v == inProgress {
				s.abandon(stack)
				return 0, fmt.Errorf("%w (position %v)", ErrLoopy, q)
			}
			continue
		}
		vals = vals[:0]
		for _, q := range opts[top.start:top.end] {
			vals = append(vals, s.value[q])
		}
		s.value[top.pos] = Mex(vals)
		s.done++
		opts = opts[:top.start]
		stack = stack[:len(stack)-1]
		if s.done%progressEvery == 0 {
			s.opt.Report(s.done, 0)
		}
	}
	return s.value[p], nil
}

// abandon forgets the positions left on the stack by a failed search.
func (s *Solver[P]) abandon(stack []frame[P]) {
	for _, f := range stack {
		delete(s.value, f.pos)
	}
}

// nimSum returns the value of a disjunctive sum: the nim-sum of the values.
func nimSum(values []uint64) uint64 {
	var x uint64
	for _, v := range values {
		x ^= v
	}
	return x
}

// antiSGWins reports whether the player to move wins the misère sum of
// components with the given Grundy values by the Anti-SG rule (see
// AntiSGMoves).
func antiSGWins(values []uint64) bool {
	t := nimSum(values)
	big := false
	for _, v := range values {
		if v > 1 {
			big = true
		}
	}
	if t != 0 {
		return big
	}
	return !big
}
