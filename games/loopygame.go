package games

import (
	"context"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/partizan/loopy"
)

// LoopyValue returns the value of the position written s of the loopy
// ruleset named rules ("toads-frogs:jump=2"), as loopy.Describe finds it
// on the graph of the positions reachable from the position (as
// Engine.Loopy builds it), within opt as package partizan/loopy counts
// it: the position's estimate is checked by loopy.CheckPositions before
// any position is made. It fails, wrapping ErrInput, for an unknown
// ruleset or a position it cannot read, with a *budget.TooLargeError
// past opt's limits, and stops when ctx is cancelled.
func LoopyValue(ctx context.Context, rules, s string, opt *budget.Options) (loopy.Value, error) {
	r, err := Lookup(rules)
	if err != nil {
		return loopy.Value{}, err
	}
	p, err := r.Parse(s)
	if err != nil {
		return loopy.Value{}, err
	}
	est := estimate(p)
	if err := loopy.CheckPositions(r.Name()+" "+clip(p.String()), est, opt); err != nil {
		return loopy.Value{}, err
	}
	// The estimate bounds the positions, checked above.
	g, err := NewEngine(r, &budget.Options{Limit: max(est, DefaultLimit)}).Loopy(ctx, p)
	if err != nil {
		return loopy.Value{}, err
	}
	return loopy.Describe(ctx, g, opt)
}
