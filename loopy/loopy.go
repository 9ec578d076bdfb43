// Package loopy is impartial games whose positions may repeat, so that
// play may go on for ever (a draw). Analyze finds every position's
// outcome and remoteness by retrograde analysis and its generalized
// Sprague–Grundy value (Smith 1966; Fraenkel and Yesha 1986): a nim value,
// or ∞_K with K the finite values of the options. Sum adds such values by
// Smith's rules, and SumOutcome decides sums that mix loopy and finite
// games. Partizan loopy games (on, off, over) are in partizan/loopy.
package loopy

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/misere"
	"github.com/nimbers/grundy/outcome"
	"github.com/nimbers/grundy/sg"
)

// A Digraph is a finite game graph whose positions may repeat: positions
// 0 … Len()−1, and Out(v) the positions one move from v. A position with
// no move is lost by the player to move (normal play).
type Digraph interface {
	Len() int
	Out(v int) []int32
}

// A Value is what retrograde analysis finds of a position of a Digraph.
type Value struct {
	// Outcome is P, N or D (a draw: play can go on for ever).
	Outcome outcome.Class
	// Remoteness is the number of moves the game lasts when the winner
	// hurries and the loser delays: 0 at a position with no move, one
	// more than the least remoteness of a P-option at an N-position, one
	// more than the greatest remoteness of the options at a P-position;
	// −1 for a draw, and in the Value of a sum (Sum), which its parts'
	// values do not determine.
	Remoteness int
	// Value is the generalized Sprague–Grundy value (Smith 1966; Fraenkel
	// and Yesha 1986): a nim value, or −1 for ∞.
	Value int
	// Infinity is K of ∞_K, the finite values of the options, when Value
	// is −1; nil otherwise.
	Infinity []int
}

// Infinite reports whether the value is ∞_K.
func (l Value) Infinite() bool { return l.Value < 0 }

// Analyze returns, for every position of g, its outcome, remoteness
// and generalized Sprague–Grundy value.
//
// Outcome and remoteness come from retrograde analysis: positions are
// settled from the ends of play back, in order of remoteness, and what
// is never settled is a draw. The values come by Fraenkel and Yesha's
// labelling, one value m at a time: a position is labelled m when no
// option is labelled m and each option not labelled below m has an
// option labelled m; a position left unlabelled with no option labelled
// m is ∞. Both take time linear in the moves, times the largest finite
// value plus one for the values. The work, counted in moves examined, is
// bounded by opt's Limit (unbounded when unset) and stops soon after ctx
// is cancelled. It is estimated first, as the moves times the largest
// number of moves from a position plus three (no value exceeds that
// number), and a graph whose estimate passes the limit is refused at
// once.
func Analyze(ctx context.Context, g Digraph, opt *budget.Options) ([]Value, error) {
	n := g.Len()
	l := &analysis{ctx: ctx, g: g, limit: opt.Max(math.Inf(1))}
	most, moves := 0, 0
	for v := range n {
		most = max(most, len(g.Out(v)))
		moves += len(g.Out(v))
	}
	if est := float64(n) + float64(moves)*float64(most+3); est > l.limit {
		return nil, &budget.TooLargeError{What: "the analysis of the game graph", Unit: "moves examined", Estimate: est, Limit: l.limit}
	}
	if err := l.reverse(n); err != nil {
		return nil, err
	}
	res := make([]Value, n)
	if err := l.retrograde(res); err != nil {
		return nil, err
	}
	if err := l.values(res); err != nil {
		return nil, err
	}
	return res, nil
}

type analysis struct {
	ctx   context.Context
	g     Digraph
	limit float64
	spent float64
	// in lists the positions with a move to v: in[first[v]:first[v+1]].
	first []int32
	in    []int32
	deg   []int32 // out-degrees
}

// spend counts moves examined; it fails past the limit or when ctx is
// done.
func (l *analysis) spend(k int) error {
	l.spent += float64(k)
	if l.spent > l.limit {
		return &budget.TooLargeError{What: "the analysis of the game graph", Unit: "moves examined", Limit: l.limit}
	}
	return l.ctx.Err()
}

// reverse builds the predecessor lists.
func (l *analysis) reverse(n int) error {
	if n > math.MaxInt32 {
		return &budget.TooLargeError{What: "the game graph", Unit: "positions", Estimate: float64(n), Limit: math.MaxInt32, Fixed: true}
	}
	l.first = make([]int32, n+1)
	l.deg = make([]int32, n)
	m := 0
	for v := range n {
		out := l.g.Out(v)
		for _, u := range out {
			if u < 0 || int(u) >= n {
				return fmt.Errorf("a move from %d to %d, not a position of 0 to %d", v, u, n-1)
			}
			l.first[u+1]++
		}
		l.deg[v] = int32(len(out))
		if m += len(out); m > math.MaxInt32 {
			return &budget.TooLargeError{What: "the game graph", Unit: "moves", Limit: math.MaxInt32, Fixed: true}
		}
	}
	for v := range n {
		l.first[v+1] += l.first[v]
	}
	l.in = make([]int32, m)
	fill := slices.Clone(l.first[:n])
	for v := range n {
		for _, u := range l.g.Out(v) {
			l.in[fill[u]] = int32(v)
			fill[u]++
		}
		if v&4095 == 0 {
			if err := l.spend(min(4096, n-v)); err != nil {
				return err
			}
		}
	}
	return nil
}

func (l *analysis) pred(v int32) []int32 { return l.in[l.first[v]:l.first[v+1]] }

// retrograde settles outcomes and remoteness. Positions are settled in
// order of remoteness, so an N-position's first settled P-option is its
// nearest and a P-position's last settled option its farthest.
func (l *analysis) retrograde(res []Value) error {
	n := len(res)
	left := slices.Clone(l.deg) // options not yet settled as N
	settled := make([]bool, n)
	queue := make([]int32, 0, n)
	for v := range n {
		res[v] = Value{Outcome: outcome.D, Remoteness: -1}
		if left[v] == 0 {
			res[v] = Value{Outcome: outcome.P}
			settled[v] = true
			queue = append(queue, int32(v))
		}
	}
	for i := 0; i < len(queue); i++ {
		v := queue[i]
		r := res[v].Remoteness + 1
		ps := l.pred(v)
		if err := l.spend(len(ps)); err != nil {
			return err
		}
		for _, u := range ps {
			if settled[u] {
				continue
			}
			if res[v].Outcome == outcome.P {
				res[u] = Value{Outcome: outcome.N, Remoteness: r}
				settled[u] = true
				queue = append(queue, u)
			} else if left[u]--; left[u] == 0 {
				res[u] = Value{Outcome: outcome.P, Remoteness: r}
				settled[u] = true
				queue = append(queue, u)
			}
		}
	}
	return nil
}

// unlabelled marks a position with no value yet; infinite one found ∞.
const (
	unlabelled = -2
	infinite   = -1
)

// values computes the generalized Sprague–Grundy values, stage m by
// stage m. At stage m, bad[u] counts the options of u that are
// unlabelled or ∞ and have no option labelled m; u is labelled m when it
// has no option labelled m and bad[u] is 0.
func (l *analysis) values(res []Value) error {
	n := len(res)
	s := &stages{l: l, val: make([]int, n), hasM: make([]int32, n), bad: make([]int32, n), live: make([]int32, 0, n)}
	for v := range n {
		s.val[v] = unlabelled
		s.live = append(s.live, int32(v))
	}
	for m := 0; len(s.live) > 0; m++ {
		queue, err := s.count()
		if err != nil {
			return err
		}
		if err := s.label(m, queue); err != nil {
			return err
		}
		s.settle()
	}
	s.results(res)
	return nil
}

// stages is the labelling of values as it goes: each position's label
// (unlabelled, infinite or its value), and the counts of the stage.
type stages struct {
	l         *analysis
	val       []int
	hasM, bad []int32 // options labelled m, and bad options, at stage m
	live      []int32 // the unlabelled positions
	inf       []int32 // the positions found ∞
}

// count starts a stage: it clears the counts of options labelled m of
// the live and ∞ positions, counts the bad options of each live one,
// and returns the live positions with none, the first to label.
func (s *stages) count() ([]int32, error) {
	val, hasM, bad := s.val, s.hasM, s.bad
	for _, v := range s.live {
		hasM[v] = 0
	}
	for _, v := range s.inf {
		hasM[v] = 0
	}
	queue := []int32{}
	for _, v := range s.live {
		out := s.l.g.Out(int(v))
		if err := s.l.spend(len(out)); err != nil {
			return nil, err
		}
		b := int32(0)
		for _, u := range out {
			if val[u] < 0 {
				b++ // no option is labelled m yet
			}
		}
		bad[v] = b
		if b == 0 {
			queue = append(queue, v)
		}
	}
	return queue, nil
}

// label labels m every position it can reach from queue: a position
// labelled m gives each predecessor an option labelled m, and one
// unlabelled or ∞ that gets its first such option no longer counts as
// bad for the positions that move to it, which may then be labelled m.
func (s *stages) label(m int, queue []int32) error {
	val, hasM, bad := s.val, s.hasM, s.bad
	for len(queue) > 0 {
		v := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		if val[v] != unlabelled || hasM[v] > 0 || bad[v] > 0 {
			continue
		}
		val[v] = m
		ps := s.l.pred(v)
		if err := s.l.spend(len(ps)); err != nil {
			return err
		}
		for _, w := range ps {
			if hasM[w]++; hasM[w] > 1 || val[w] >= 0 && val[w] != m {
				continue
			}
			// w, unlabelled or ∞, now has an option labelled m: it
			// stops counting against the positions that move to it.
			qs := s.l.pred(w)
			if err := s.l.spend(len(qs)); err != nil {
				return err
			}
			for _, x := range qs {
				if val[x] == unlabelled {
					if bad[x]--; bad[x] == 0 && hasM[x] == 0 {
						queue = append(queue, x)
					}
				}
			}
		}
	}
	return nil
}

// settle ends a stage: unlabelled positions with no option labelled m
// are ∞; the others go on to the next stage.
func (s *stages) settle() {
	next := s.live[:0]
	for _, v := range s.live {
		switch {
		case s.val[v] != unlabelled:
		case s.hasM[v] == 0:
			s.val[v] = infinite
			s.inf = append(s.inf, v)
		default:
			next = append(next, v)
		}
	}
	s.live = next
}

// results writes the labels into res, with the finite values of the
// options of each ∞ position as its Infinity.
func (s *stages) results(res []Value) {
	val := s.val
	for v := range res {
		res[v].Value = val[v]
		if val[v] == infinite {
			k := []int{}
			for _, u := range s.l.g.Out(v) {
				if val[u] >= 0 {
					k = append(k, val[u])
				}
			}
			slices.Sort(k)
			res[v].Infinity = slices.Compact(k)
		}
	}
}

// Sum returns the generalized Sprague–Grundy value of a sum of
// positions of loopy games from the values of its parts (Smith 1966):
// the nim-sum when all are finite; ∞_{K⊕n} when one part is ∞_K and the
// others nim-sum to n; ∞_∅ when two or more parts are ∞, for every
// option then keeps an infinite part. The outcome follows from the value:
// P for 0, N for another nim value or for ∞_K with 0 in K (move to a
// P-position), D for ∞_K without 0. Remoteness is −1.
func Sum(parts []Value) Value {
	v, k := sum(parts)
	return Value{Outcome: outcomeOf(v, k), Remoteness: -1, Value: v, Infinity: k}
}

// sum returns the value of the sum of parts: −1 and K for ∞_K.
func sum(parts []Value) (value int, infinity []int) {
	x, inf := 0, -1
	for i, p := range parts {
		if p.Infinite() {
			if inf >= 0 {
				return -1, []int{}
			}
			inf = i
			continue
		}
		x ^= p.Value
	}
	if inf < 0 {
		return x, nil
	}
	k := make([]int, 0, len(parts[inf].Infinity))
	for _, v := range parts[inf].Infinity {
		k = append(k, v^x)
	}
	slices.Sort(k)
	return -1, k
}

// outcomeOf returns the outcome of a position of generalized value
// value (−1 for ∞_K with K infinity), as Sum describes.
func outcomeOf(value int, infinity []int) outcome.Class {
	switch {
	case value == 0:
		return outcome.P
	case value > 0 || slices.Contains(infinity, 0):
		return outcome.N
	}
	return outcome.D
}

// A Component is a component of a sum whose game may repeat
// positions, so that its value may be ∞_K. Its Value is the nim value
// when the generalized value is finite, and math.MaxUint64 otherwise;
// sums with a loopy component are decided by SumOutcome.
type Component interface {
	sg.Component
	// Loopy returns what retrograde analysis finds of the position.
	Loopy() Value
	// LoopyOptions returns the moves from the position, each with what
	// is known of the position it leads to.
	LoopyOptions() []Option
}

// A Option is a move of a Component and the position it
// leads to.
type Option struct {
	Move sg.Move
	To   Value
}

// errMisere is returned for misère play of a sum with a loopy
// component of infinite value, which the module does not decide.
var errMisere = errors.New("misère play of a sum with an infinite loopy component is not supported")

// SumOutcome decides a sum that may contain loopy components: it returns
// the outcome, P, N or D, and the moves to make: the winning moves from
// an N-position and, from a draw, the moves that keep the draw, in loopy
// components and in finite ones that list their options (Positions).
// Without a loopy component of infinite value it is sg.SumWinningMoves
// for normal play, misere.SumWinningMoves for misère play and
// sg.AntiSGMoves for the Anti-SG rule.
// With one, the sum's value follows from Smith's rules (Sum): it is
// won only when exactly one part is ∞_K and the others nim-sum to an n in
// K, by moving that part to an option of value n; a move in a finite part
// never wins then, and keeps a draw unless it leaves the opponent a win.
func SumOutcome(ctx context.Context, comps []sg.Component, play sg.Play, opt *budget.Options) (outcome.Class, []sg.ComponentMove, error) {
	parts := make([]Value, len(comps))
	infinite := false
	for i, c := range comps {
		if l, ok := c.(Component); ok {
			parts[i] = l.Loopy()
			infinite = infinite || parts[i].Infinite()
			continue
		}
		if c.Value() > math.MaxInt64 {
			return outcome.D, nil, fmt.Errorf("component %d has a nim value too large to add to a loopy game's", i+1)
		}
		parts[i] = Value{Value: int(c.Value())}
	}
	if !infinite {
		var wins bool
		var moves []sg.ComponentMove
		var err error
		switch play {
		case sg.Normal:
			wins, moves, err = sg.SumWinningMoves(ctx, comps)
		case sg.Misere:
			wins, moves, err = misere.SumWinningMoves(ctx, comps, opt)
		case sg.AntiSG:
			wins, moves, err = sg.AntiSGMoves(ctx, comps)
		default:
			return outcome.D, nil, fmt.Errorf("unknown play %d", play)
		}
		if wins {
			return outcome.N, moves, err
		}
		return outcome.P, moves, err
	}
	if play != sg.Normal {
		return outcome.D, nil, errMisere
	}
	o := Sum(parts).Outcome
	var out []sg.ComponentMove
	keeps := func(i int, to Value) bool {
		next := slices.Clone(parts)
		next[i] = to
		after := Sum(next).Outcome
		return o == outcome.N && after == outcome.P || o == outcome.D && after == outcome.D
	}
	for i, c := range comps {
		switch c := c.(type) {
		case Component:
			for _, opt := range c.LoopyOptions() {
				if keeps(i, opt.To) {
					out = append(out, sg.ComponentMove{Component: i, Move: opt.Move})
				}
			}
		case sg.Position:
			if o != outcome.D {
				continue
			}
			if err := ctx.Err(); err != nil {
				return o, nil, err
			}
			for _, opt := range c.Options() {
				var x uint64
				for _, p := range opt.Parts {
					x ^= p.Value()
				}
				if x <= math.MaxInt64 && keeps(i, Value{Value: int(x)}) {
					out = append(out, sg.ComponentMove{Component: i, Move: opt.Move})
				}
			}
		}
	}
	return o, out, nil
}

// bestMoves returns the moves a player at position v should consider,
// given what Analyze found (res): from an N-position the moves to
// P-positions, from a draw the moves to draws, and from a P-position the
// moves that delay the loss longest (options of greatest remoteness).
func bestMoves(g Digraph, res []Value, v int) []int32 {
	var moves []int32
	best := -1
	for _, u := range g.Out(v) {
		r := res[u]
		switch res[v].Outcome {
		case outcome.N:
			if r.Outcome == outcome.P {
				moves = append(moves, u)
			}
		case outcome.D:
			if r.Outcome == outcome.D {
				moves = append(moves, u)
			}
		case outcome.P:
			if r.Remoteness > best {
				best, moves = r.Remoteness, moves[:0]
			}
			if r.Remoteness == best {
				moves = append(moves, u)
			}
		}
	}
	return moves
}
