package turning

import (
	"context"
	"iter"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
)

// RowMoves returns the winning moves of p, a row of the ruleset
// NewRuleset returns (the registry's "turning:RULE"), as
// Rule.WinningMoves gives them: the coins each turns, in increasing
// order. The rule's values come from the ruleset's table, which the
// engine's Grundy of p fills, or else are found within opt as Grundy
// finds them. It fails with an error wrapping games.ErrInput for a
// position of another ruleset.
func RowMoves(ctx context.Context, p games.Position, opt *budget.Options) (iter.Seq2[[]int, error], error) {
	q, ok := p.(*rowPosition)
	if !ok {
		return nil, games.InputErrorf("%s is not a row of a turning ruleset", clip(p.String()))
	}
	if len(q.heads) == 0 {
		return func(func([]int, error) bool) {}, nil
	}
	n := q.heads[len(q.heads)-1] + 1
	g, err := q.rules.cache.get(ctx, q.rules.rule, n, opt)
	if err != nil {
		return nil, err
	}
	heads := make([]bool, n)
	for _, x := range q.heads {
		heads[x] = true
	}
	return q.rules.rule.WinningMoves(ctx, g[:n], heads), nil
}
