package games

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	iloopy "github.com/nimbers/grundy/loopy"
	"github.com/nimbers/grundy/misere"
	"github.com/nimbers/grundy/ordinal"
	"github.com/nimbers/grundy/outcome"
	"github.com/nimbers/grundy/partizan"
	"github.com/nimbers/grundy/partizan/loopy"
)

// MaxText bounds the bytes of a value written out: a canonical form is a
// DAG, and its text a tree that can be exponentially longer.
const MaxText = 1 << 20

// A Value is what the engine finds of a position, in the form its
// ruleset's kind and the play asked for call for. Exactly one of its
// forms is set.
type Value struct {
	// Outcome is who wins.
	Outcome outcome.Class
	// Game is the canonical form of a short partizan position.
	Game *partizan.Game
	// Nim is the Grundy value of a short impartial position, or of a
	// loopy impartial one that has a finite value.
	Nim *uint64
	// Infinity is K of the value ∞_K of a loopy impartial position (the
	// generalized Sprague–Grundy theory: the finite values of its
	// options); nil otherwise.
	Infinity []int
	// Onside and Offside are the sides of a loopy partizan position (the
	// same stopper for a stopper).
	Onside, Offside *loopy.Game
	// Misere is the misère canonical form of an impartial position in
	// misère play; a partizan position in misère play has only an Outcome.
	Misere *misere.Game
	// Ordinal is α of the value *α of a transfinite ruleset's position
	// when α is infinite (Nim holds a finite one).
	Ordinal *ordinal.Ordinal
}

// String writes the value: a short game in CGSuite's notation, *n for a
// Grundy value, *α for a transfinite one ("*ω^2·3", "*(ω + 1)"), ∞{…} for
// a loopy impartial value, a stopper or "onside &
// offside", a misère form in CGSuite's notation, or the outcome's words
// when only the outcome is known. A text longer than MaxText bytes is cut
// short and ends in "…".
func (v Value) String() string {
	switch {
	case v.Game != nil:
		return cut(v.Game.String())
	case v.Nim != nil:
		return nimText(*v.Nim)
	case v.Ordinal != nil:
		t := v.Ordinal.String()
		if strings.Contains(t, " ") {
			t = "(" + t + ")"
		}
		return "*" + t
	case v.Infinity != nil:
		ks := make([]string, len(v.Infinity))
		for i, k := range v.Infinity {
			ks[i] = strconv.Itoa(k)
		}
		return "∞{" + strings.Join(ks, ",") + "}"
	case v.Onside != nil:
		s, ok := loopy.SidedText(*v.Onside, *v.Offside, MaxText)
		if !ok {
			return "(a loopy value longer than " + strconv.Itoa(MaxText) + " bytes)…"
		}
		return s
	case v.Misere != nil:
		s, err := v.Misere.Notation(MaxText)
		if err != nil {
			return "(a misère form longer than " + strconv.Itoa(MaxText) + " bytes)…"
		}
		return s
	}
	return v.Outcome.Words()
}

// nimText writes *n as CGSuite does: 0, *, *2, ….
func nimText(n uint64) string {
	switch n {
	case 0:
		return "0"
	case 1:
		return "*"
	}
	return "*" + strconv.FormatUint(n, 10)
}

// cut bounds a text to MaxText bytes.
func cut(s string) string {
	if len(s) <= MaxText {
		return s
	}
	return s[:MaxText] + "…"
}

// Value returns p's value under normal play: the canonical form, the
// Grundy value, or for a loopy ruleset the sides or the generalized
// Sprague–Grundy value, with its outcome. It fails as the search it runs
// does.
func (e *Engine) Value(ctx context.Context, p Position) (Value, error) {
	k := e.rules.Kind()
	switch {
	case k&Transfinite != 0:
		a, err := e.Nimber(ctx, p)
		if err != nil {
			return Value{}, err
		}
		v := Value{Outcome: outcome.Impartial(!a.IsZero())}
		if a.IsFinite() {
			v.Nim = new(a.Coeff(0))
		} else {
			v.Ordinal = &a
		}
		return v, nil
	case k&Loopy != 0 && k&Impartial != 0:
		g, err := e.Graph(ctx, p)
		if err != nil {
			return Value{}, err
		}
		res, err := iloopy.Analyze(ctx, g, e.special())
		if err != nil {
			return Value{}, err
		}
		v := Value{Outcome: res[0].Outcome}
		if res[0].Infinite() {
			v.Infinity = append([]int{}, res[0].Infinity...)
		} else {
			v.Nim = new(uint64(res[0].Value))
		}
		return v, nil
	case k&Loopy != 0:
		x, err := e.Loopy(ctx, p)
		if err != nil {
			return Value{}, err
		}
		c, err := loopy.Play(x)
		if err != nil {
			return Value{}, err
		}
		on, off, err := loopy.Sides(ctx, x, e.special())
		if err != nil {
			return Value{}, err
		}
		return Value{Outcome: c, Onside: &on, Offside: &off}, nil
	case k&Impartial != 0:
		n, err := e.Grundy(ctx, p)
		if err != nil {
			return Value{}, err
		}
		return Value{Outcome: outcome.Impartial(n != 0), Nim: &n}, nil
	}
	g, err := e.Canonical(ctx, p)
	if err != nil {
		return Value{}, err
	}
	return Value{Outcome: g.Outcome(), Game: g}, nil
}

// MisereValue returns p's value under misère play: the misère canonical
// form and outcome of an impartial position, the outcome of a partizan
// one.
func (e *Engine) MisereValue(ctx context.Context, p Position) (Value, error) {
	if !e.impartial {
		o, err := e.MisereOutcome(ctx, p)
		return Value{Outcome: o}, err
	}
	g, err := e.Misere(ctx, p)
	if err != nil {
		return Value{}, err
	}
	return Value{Outcome: outcome.Impartial(g.Genus().Gamma[0] != 0), Misere: &g}, nil
}

// A Move is an option of a position with its value.
type Move struct {
	Player Player
	To     Position
	Value  Value
	// How is the move in its ruleset's terms (an edge cut, the coins
	// turned) where the ruleset's own engine found it (GrundyMover);
	// else nil, and To alone says what the move does.
	How fmt.Stringer
}

// Moves returns every option of p, Left's then Right's (an impartial
// position's once, as Left's), each with its value in the play asked
// for; of a transfinite ruleset's position, which may have infinitely
// many, only the winning moves under normal play, one a component. It fails as the searches it runs do.
func (e *Engine) Moves(ctx context.Context, p Position, misere bool) ([]Move, error) {
	if e.rules.Kind()&Transfinite != 0 {
		if misere {
			return nil, e.listable()
		}
		return e.transfiniteMoves(ctx, p)
	}
	var out []Move
	for who := Left; who <= Right; who++ {
		if who == Right && e.impartial {
			break
		}
		for _, o := range p.Options(who) {
			var v Value
			var err error
			if misere {
				v, err = e.MisereValue(ctx, o)
			} else {
				v, err = e.Value(ctx, o)
			}
			if err != nil {
				return nil, err
			}
			out = append(out, Move{Player: who, To: o, Value: v})
		}
	}
	return out, nil
}

// WinningMoves returns the moves of who from p after which who wins with
// the other player to move, each with its outcome (and no other value),
// under normal play or misère play. An impartial position's moves are
// Left's. Of a transfinite ruleset's position it returns what Moves does.
// Of a short impartial one under normal play, they are the moves of a
// component from Grundy value g to g ⊕ t, t the value of p (Bouton,
// Sprague–Grundy): each component is valued once, and one with an engine
// of its own (GrundyMover) finds those moves without listing its options.
// It fails as Outcome and MisereOutcome do on the options, or as Grundy
// does on the components.
func (e *Engine) WinningMoves(ctx context.Context, p Position, who Player, misere bool) ([]Move, error) {
	k := e.rules.Kind()
	switch {
	case k&Transfinite != 0:
		return e.Moves(ctx, p, misere)
	case e.impartial && !misere && k&Loopy == 0:
		return e.nimMoves(ctx, p)
	}
	if e.impartial {
		who = Left
	}
	var out []Move
	for _, o := range p.Options(who) {
		var c outcome.Class
		var err error
		if misere {
			c, err = e.MisereOutcome(ctx, o)
		} else {
			c, err = e.Outcome(ctx, o)
		}
		if err != nil {
			return nil, err
		}
		if wins(c, who) {
			out = append(out, Move{Player: who, To: o, Value: Value{Outcome: c}})
		}
	}
	return out, nil
}

// nimMoves returns the winning moves of p, a position of a short
// impartial ruleset, under normal play: its options of value 0, found by
// its own engine when it has one (GrundyMover); or where a component has
// such an engine, the moves of each component to its value ⊕ p's,
// written as sums of the components.
func (e *Engine) nimMoves(ctx context.Context, p Position) ([]Move, error) {
	if e.mover(p) {
		// Its engine finds the moves of the whole to value 0.
		ms, err := p.(GrundyMover).MovesTo(ctx, 0, e.opt)
		zero := new(uint64)
		for i := range ms {
			ms[i].Player, ms[i].Value = Left, Value{Outcome: outcome.P, Nim: zero}
		}
		return ms, err
	}
	cs := components(p)
	if !slices.ContainsFunc(cs, e.mover) {
		var out []Move
		for _, o := range p.Options(Left) {
			v, err := e.Grundy(ctx, o)
			if err != nil {
				return nil, err
			}
			if v == 0 {
				out = append(out, Move{Player: Left, To: o, Value: Value{Outcome: outcome.P, Nim: new(uint64)}})
			}
		}
		return out, nil
	}
	vals := make([]uint64, len(cs))
	var t uint64
	for i, c := range cs {
		v, err := e.Grundy(ctx, c)
		if err != nil {
			return nil, err
		}
		vals[i] = v
		t ^= v
	}
	if t == 0 {
		return nil, nil
	}
	var out []Move
	for i, c := range cs {
		ms, err := e.movesTo(ctx, c, vals[i]^t) // an option may be worth more than c
		if err != nil {
			return nil, err
		}
		for _, m := range ms {
			if len(cs) > 1 {
				m.To = replaced{cs, i, m.To}
			}
			m.Player, m.Value = Left, Value{Outcome: outcome.P, Nim: new(uint64)}
			out = append(out, m)
		}
	}
	return out, nil
}

// mover reports whether the engine asks c for its moves to a value.
func (e *Engine) mover(c Position) bool {
	_, ok := c.(GrundyMover)
	return ok && !e.Generic
}

// movesTo returns the moves of c, a component of an impartial position,
// to options of Grundy value target: by c's own engine where it has one,
// else by valuing each option.
func (e *Engine) movesTo(ctx context.Context, c Position, target uint64) ([]Move, error) {
	if e.mover(c) {
		return c.(GrundyMover).MovesTo(ctx, target, e.opt)
	}
	var out []Move
	for _, o := range c.Options(Left) {
		v, err := e.Grundy(ctx, o)
		if err != nil {
			return nil, err
		}
		if v == target {
			out = append(out, Move{To: o})
		}
	}
	return out, nil
}

// wins reports whether who wins a position of outcome class c when the
// other player moves first.
func wins(c outcome.Class, who Player) bool {
	if who == Left {
		return c.RightFirst() == outcome.LeftWins
	}
	return c.LeftFirst() == outcome.RightWins
}
