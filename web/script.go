package web

import (
	"context"
	"errors"
	"net/http"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/script"
)

// Limits of a /api/script sheet: the steps of its interpreter and
// engines together, and the bytes it may hold.
const (
	scriptSteps  = 1 << 26
	scriptMemory = 256 << 20
)

// scriptRequest is the body of /api/script: a sheet in Starlark with the
// grundy module (docs/script.md).
type scriptRequest struct {
	Source string `json:"source"`
}

// runScript answers POST /api/script with the sheet's script.Result: 400
// with it for the sheet's error, 413 past its budget.
func runScript(ctx context.Context, req scriptRequest) (any, error) {
	res, err := script.Run(ctx, &script.Options{Steps: scriptSteps, Memory: scriptMemory}, "sheet", []byte(req.Source))
	switch {
	case err == nil:
		return res, nil
	case errors.Is(err, budget.ErrTooLarge):
		return nil, &requestError{http.StatusRequestEntityTooLarge, res.Error, res}
	case ctx.Err() != nil:
		return nil, err
	}
	return nil, &requestError{http.StatusBadRequest, res.Error, res}
}
