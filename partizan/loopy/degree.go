package loopy

import (
	"context"
	"errors"
	"github.com/nimbers/grundy/partizan"

	"github.com/nimbers/grundy/budget"
)

// Degrees and varieties of stoppers (Siegel, Combinatorial Game
// Theory, ch. VI). A sum of stoppers need not be a stopper; its onside
// and offside are, and they are the upsum and the downsum.

// errNotIdempotent is returned for a variety taken at a degree D that is
// not idempotent (D + D ≠ D).
var errNotIdempotent = errors.New("the degree of a variety must be idempotent")

// errNotStable is returned by Variety for a stopper whose upsum and
// downsum varieties differ.
var errNotStable = errors.New("the game is not stable")

// Upsum returns x ⇑ y, the onside of x + y, in its simplest form.
func Upsum(ctx context.Context, x, y Game, opt *budget.Options) (Game, error) {
	on, _, err := sumSides(ctx, x, y, opt)
	return on, err
}

// Downsum returns x ⇓ y, the offside of x + y, in its simplest form.
func Downsum(ctx context.Context, x, y Game, opt *budget.Options) (Game, error) {
	_, off, err := sumSides(ctx, x, y, opt)
	return off, err
}

func sumSides(ctx context.Context, x, y Game, opt *budget.Options) (Game, Game, error) {
	s, err := Sum(ctx, []Game{x, y}, opt)
	if err != nil {
		return Game{}, Game{}, err
	}
	return Sides(ctx, s, opt)
}

// Degree returns the degree of the stopper x, x ⇑ −x: 0 for a game
// without cycles, on for on and off, over for over and under. It is
// idempotent.
func Degree(ctx context.Context, x Game, opt *budget.Options) (Game, error) {
	if x.isLoopfree() {
		return Game{}, nil
	}
	return Upsum(ctx, x, x.Neg(), opt)
}

// isIdempotent reports whether x + x = x.
func isIdempotent(ctx context.Context, x Game, opt *budget.Options) (bool, error) {
	s, err := Sum(ctx, []Game{x, x}, opt)
	if err != nil {
		return false, err
	}
	rel, err := Compare(ctx, s, x, opt)
	return rel == partizan.Equal, err
}

// upsumVariety returns x ⇑ (−x ⇓ −d), the upsum variety of x at the
// idempotent d; it fails with errNotIdempotent for any other d.
func upsumVariety(ctx context.Context, x, d Game, opt *budget.Options) (Game, error) {
	if ok, err := isIdempotent(ctx, d, opt); err != nil || !ok {
		return Game{}, orErr(err, errNotIdempotent)
	}
	y, err := Downsum(ctx, x.Neg(), d.Neg(), opt)
	if err != nil {
		return Game{}, err
	}
	return Upsum(ctx, x, y, opt)
}

// downsumVariety returns x ⇓ (−x ⇑ d), the downsum variety of x at the
// idempotent d; it fails with errNotIdempotent for any other d.
func downsumVariety(ctx context.Context, x, d Game, opt *budget.Options) (Game, error) {
	if ok, err := isIdempotent(ctx, d, opt); err != nil || !ok {
		return Game{}, orErr(err, errNotIdempotent)
	}
	y, err := Upsum(ctx, x.Neg(), d, opt)
	if err != nil {
		return Game{}, err
	}
	return Downsum(ctx, x, y, opt)
}

// Variety returns the variety of the stopper x at its degree: the upsum
// and downsum varieties, which agree when x is stable; it fails when
// they do not, and when the degree is not idempotent.
func Variety(ctx context.Context, x Game, opt *budget.Options) (Game, error) {
	d, err := Degree(ctx, x, opt)
	if err != nil {
		return Game{}, err
	}
	up, err := upsumVariety(ctx, x, d, opt)
	if err != nil {
		return Game{}, err
	}
	down, err := downsumVariety(ctx, x, d, opt)
	if err != nil {
		return Game{}, err
	}
	if rel, err := Compare(ctx, up, down, opt); err != nil || rel != partizan.Equal {
		return Game{}, orErr(err, errNotStable)
	}
	return up, nil
}

func orErr(err, other error) error {
	if err != nil {
		return err
	}
	return other
}
