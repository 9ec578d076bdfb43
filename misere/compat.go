package misere

import (
	"context"

	"github.com/nimbers/grundy/budget"
)

// SumContext remains only for games/engine.go until it calls Sum; then
// this file goes.

// SumContext returns Sum(ctx, opt, gs...).
func SumContext(ctx context.Context, opt *budget.Options, gs ...Game) (Game, error) {
	return Sum(ctx, opt, gs...)
}
