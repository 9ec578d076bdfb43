package web

import (
	"context"
	"errors"
	"net/http"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"

	// Rulesets register themselves when their package is initialized;
	// these packages web uses for nothing else, imported so that
	// /api/rulesets and /api/game offer every ruleset. (heap, graph and
	// turning web imports already.)
	_ "github.com/nimbers/grundy/games/grid"
	_ "github.com/nimbers/grundy/games/letters"
	_ "github.com/nimbers/grundy/games/strip"
)

// maxGameMemory bounds the bytes of a /api/game request's tables, and
// apart those of the comparisons it remembers. Its positions are the
// engine's default, games.DefaultLimit.
const maxGameMemory = 64 << 20

// rulesets answers GET /api/rulesets: every registered ruleset.
func rulesets(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, &games.Catalog{Rulesets: games.Entries()})
}

// game answers POST /api/game: a games.Query, answered by games.Ask.
func game(ctx context.Context, q games.Query) (any, error) {
	a, err := games.Ask(ctx, q, &budget.Options{Memory: maxGameMemory})
	if errors.Is(err, games.ErrInput) {
		return nil, badRequest("%s", err)
	}
	return a, err
}
