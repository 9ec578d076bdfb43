package games

import (
	"context"

	"github.com/nimbers/grundy/ordinal"
	"github.com/nimbers/grundy/outcome"
)

// A TransfiniteValuer is a position of a transfinite ruleset: it may have
// infinitely many options, so the Engine never lists them; it values the
// position by its ruleset's own rule and finds moves through MoveTo.
type TransfiniteValuer interface {
	Position
	// Nimber returns α of the position's value *α.
	Nimber() ordinal.Ordinal
	// MoveTo returns an option whose value is *beta, or nil when beta is
	// not below the position's value (every smaller value has an option,
	// as the value is the least it has not).
	MoveTo(beta ordinal.Ordinal) Position
}

// Nimber returns α of the value *α of p, a position of an impartial
// ruleset: its Grundy value, or for a transfinite ruleset the nim-sum of
// its components' ordinals. It fails as Grundy does, and with an error
// wrapping ErrInput for a partizan ruleset.
func (e *Engine) Nimber(ctx context.Context, p Position) (ordinal.Ordinal, error) {
	if e.rules.Kind()&Transfinite == 0 {
		n, err := e.Grundy(ctx, p)
		return ordinal.New(n), err
	}
	if err := ctx.Err(); err != nil {
		return ordinal.Ordinal{}, err
	}
	var a ordinal.Ordinal
	for _, c := range components(p) {
		t, err := e.transfinite(c)
		if err != nil {
			return ordinal.Ordinal{}, err
		}
		a = a.NimSum(t.Nimber())
	}
	return a, nil
}

// transfinite returns p as a TransfiniteValuer, or an error naming the
// ruleset when its position is not one.
func (e *Engine) transfinite(p Position) (TransfiniteValuer, error) {
	t, ok := p.(TransfiniteValuer)
	if !ok {
		return nil, InputErrorf("%s: the position %s has no rule for its value", e.rules.Name(), p)
	}
	return t, nil
}

// listable fails for a transfinite ruleset, whose positions' options
// cannot be listed.
func (e *Engine) listable() error {
	if e.rules.Kind()&Transfinite != 0 {
		return InputErrorf("%s: a position may have infinitely many options, so only its value, its outcome under normal play and its winning moves can be found", e.rules.Name())
	}
	return nil
}

// transfiniteMoves returns the winning moves of p, a sum of positions of a
// transfinite ruleset: for each component of value *α whose α ⊕ σ is
// below α (σ the value of the sum), the move in it to α ⊕ σ.
func (e *Engine) transfiniteMoves(ctx context.Context, p Position) ([]Move, error) {
	cs := components(p)
	ts := make([]TransfiniteValuer, len(cs))
	var sigma ordinal.Ordinal
	for i, c := range cs {
		t, err := e.transfinite(c)
		if err != nil {
			return nil, err
		}
		ts[i] = t
		sigma = sigma.NimSum(t.Nimber())
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if sigma.IsZero() {
		return nil, nil
	}
	var out []Move
	for i, t := range ts {
		a := t.Nimber()
		o := t.MoveTo(a.NimSum(sigma))
		if o == nil {
			continue
		}
		to := o
		if len(cs) > 1 {
			to = replaced{cs, i, o}
		}
		out = append(out, Move{Player: Left, To: to, Value: Value{Outcome: outcome.P, Nim: new(uint64)}})
	}
	return out, nil
}
