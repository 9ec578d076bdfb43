package sg

import (
	"context"
	"slices"
)

// A Component is one game of a disjunctive sum, at its current position:
// a heap, a Hackenbush graph, a coin tree. Every impartial ruleset of the
// module provides its positions as components, so that sums may mix them.
type Component interface {
	// Value returns the Grundy value of the position.
	Value() uint64
	// MovesTo returns the moves to positions of value target (none if
	// there are none). It fails only when the ruleset must search and the
	// search is too large, or with ctx's error when ctx is done first.
	MovesTo(ctx context.Context, target uint64) ([]Move, error)
}

// A Move is a move in one component, in its ruleset's terms (a heap
// split, an edge cut, coins turned); String describes it.
type Move interface {
	String() string
}

// A ComponentMove is a move of a sum: Move, made in component Component
// (numbered from 0 in the order given).
type ComponentMove struct {
	Component int
	Move      Move
}

// Play is the convention that decides a sum. SumWinningMoves decides
// Normal play and AntiSGMoves the Anti-SG rule, from the components'
// values; misere.SumWinningMoves decides Misere play exactly, and
// loopy.SumOutcome takes any of the three.
type Play int

const (
	// Normal play: the player who cannot move loses.
	Normal Play = iota
	// Misere play: the player who cannot move wins.
	Misere
	// AntiSG decides misère play by the Anti-SG rule on the components'
	// values whatever the components (see AntiSGMoves).
	AntiSG
)

// TerminalAtZero is implemented by components in whose game, from the
// current position on, every position of value 0 has no move (as Nim's
// empty heap). A misère sum of such components is decided exactly by the
// Anti-SG rule: play ends exactly when every component has value 0.
type TerminalAtZero interface {
	TerminalAtZero() bool
}

// A Position is a component whose moves can be listed one by one, with
// the components each leaves, and whose positions can be compared: what a
// search of a whole sum needs, as misère play does when no rule decides
// it from the values.
type Position interface {
	Component
	// Key returns a string equal for equal positions of the same game
	// and different otherwise, across every game of a sum: valid UTF-8
	// without the byte 0.
	Key() string
	// Options returns every move with the components it leaves: none
	// (the component is used up), one, or several (a heap split in two).
	Options() []Option
}

// An Option is a move of a Position and the components it leaves.
type Option struct {
	Move  Move
	Parts []Position
}

// SumValue returns the Grundy value of the sum of the components: the
// nim-sum of their values.
func SumValue(comps []Component) uint64 {
	var t uint64
	for _, c := range comps {
		t ^= c.Value()
	}
	return t
}

// SumWinningMoves reports whether the player to move wins the sum under
// normal play, and returns the winning moves: those that take a component
// of value g to g ⊕ t, t the sum's value, found by the components'
// MovesTo. It stops with ctx's error when a MovesTo does. Sums with a
// component of a loopy game of infinite value are decided by
// loopy.SumOutcome, misère sums by misere.SumWinningMoves.
func SumWinningMoves(ctx context.Context, comps []Component) (bool, []ComponentMove, error) {
	t := SumValue(comps)
	if t == 0 {
		return false, nil, nil
	}
	var out []ComponentMove
	for i, c := range comps {
		ms, err := c.MovesTo(ctx, c.Value()^t)
		if err != nil {
			return true, nil, err
		}
		for _, m := range ms {
			out = append(out, ComponentMove{i, m})
		}
	}
	return true, out, nil
}

// AntiSGMoves reports whether the player to move wins the misère sum (the
// player who cannot move wins) by the Anti-SG rule on the components'
// values (Jia Zhihao, 2009), and returns the moves that leave the opponent
// a loss by the rule. The first player wins exactly when the nim-sum t is
// not 0 and some component has value above 1, or t is 0 and none has. The
// rule is exact for misère Nim and, by the SJ theorem, for every misère
// sum that ends exactly when all of its components have Grundy value 0
// (for instance when every position of value 0 is terminal); for other
// misère games, search the sum itself (misere.SumWinningMoves).
//
// A winning move takes one component of value g to a new value u with
// either the nim-sum 0 (u = g ⊕ t) or every value at most 1 (u = 0 or 1); a
// Position's options are read one by one instead, as a move may leave
// several components (a heap split in two) whose values count apart.
func AntiSGMoves(ctx context.Context, comps []Component) (bool, []ComponentMove, error) {
	vals := make([]uint64, len(comps))
	for i, c := range comps {
		vals[i] = c.Value()
	}
	if !antiSGWins(vals) {
		return false, nil, nil
	}
	t := nimSum(vals)
	var out []ComponentMove
	for i, c := range comps {
		old := vals[i]
		if p, ok := c.(Position); ok {
			rest := append(append([]uint64(nil), vals[:i]...), vals[i+1:]...)
			for _, o := range p.Options() {
				next := rest
				for _, q := range o.Parts {
					next = append(next, q.Value())
				}
				if !antiSGWins(next) {
					out = append(out, ComponentMove{i, o.Move})
				}
			}
			continue
		}
		var tried []uint64
		for _, u := range []uint64{old ^ t, 0, 1} {
			if u == old || slices.Contains(tried, u) {
				continue
			}
			tried = append(tried, u)
			vals[i] = u
			lost := !antiSGWins(vals)
			vals[i] = old
			if !lost {
				continue
			}
			ms, err := c.MovesTo(ctx, u)
			if err != nil {
				return true, nil, err
			}
			for _, m := range ms {
				out = append(out, ComponentMove{i, m})
			}
		}
	}
	return true, out, nil
}

// delayingMove returns a move for the player who is losing a sum under
// normal play, chosen to keep much in play: in the component of greatest
// value v, the first move to value v − 1, which the mex guarantees and
// MovesTo finds without listing every option (a Nim heap of 2^32 tokens
// costs nothing). When every component has value 0, it is the option of
// greatest value among the Positions' options. It returns false when no
// move is found: no component has one, or those of value 0 that might
// are not Positions.
func delayingMove(ctx context.Context, comps []Component) (ComponentMove, bool, error) {
	best := -1
	for i, c := range comps {
		if best < 0 || c.Value() > comps[best].Value() {
			best = i
		}
	}
	if best >= 0 && comps[best].Value() > 0 {
		c := comps[best]
		ms, err := c.MovesTo(ctx, c.Value()-1)
		if err != nil || len(ms) == 0 {
			return ComponentMove{}, false, err
		}
		return ComponentMove{best, ms[0]}, true, nil
	}
	var out ComponentMove
	found := false
	var top uint64
	for i, c := range comps {
		if p, ok := c.(Position); ok {
			if o, ok := greatestOption(p.Options()); ok && (!found || optionValue(o) > top) {
				out, top, found = ComponentMove{i, o.Move}, optionValue(o), true
			}
		}
	}
	return out, found, nil
}

// optionValue returns the value of an option: the nim-sum of its parts.
func optionValue(o Option) uint64 {
	var v uint64
	for _, p := range o.Parts {
		v ^= p.Value()
	}
	return v
}

// greatestOption returns the first option of greatest value.
func greatestOption(opts []Option) (Option, bool) {
	if len(opts) == 0 {
		return Option{}, false
	}
	best := opts[0]
	for _, o := range opts[1:] {
		if optionValue(o) > optionValue(best) {
			best = o
		}
	}
	return best, true
}
