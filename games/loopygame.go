package games

import (
	"context"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/partizan/loopy"
)

// LoopyGame returns the value of p, a position of the loopy ruleset r,
// as a loopy game on the graph of the positions reachable from it (as
// Engine.Loopy builds it), within opt as package partizan/loopy counts
// it: p's estimate is checked by loopy.CheckPositions before any
// position is made. It fails with a *budget.TooLargeError past opt's
// limits and stops when ctx is cancelled.
func LoopyGame(ctx context.Context, r Ruleset, p Position, opt *budget.Options) (loopy.Game, error) {
	est := estimate(p)
	if err := loopy.CheckPositions(r.Name()+" "+clip(p.String()), est, opt); err != nil {
		return loopy.Game{}, err
	}
	// The estimate bounds the positions, checked above.
	return NewEngine(r, &budget.Options{Limit: max(est, DefaultLimit)}).Loopy(ctx, p)
}
