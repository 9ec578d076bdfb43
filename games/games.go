// Package games holds what the rulesets under it share: the error for a
// position or ruleset given in a malformed form. Each ruleset is a package
// of its own: heap (take-and-break games), turning (coin-turning games),
// graph (Hackenbush, coin trees, leaf deletion, the DAG game), grid
// (Domineering, Cutcake, Fox and Geese), strip (the Toads-and-Frogs
// family, Backsliding Toads and Frogs among them) and letters.
package games

import (
	"errors"
	"fmt"
)

// ErrInput is matched (errors.Is) by the errors of constructors and
// readers given a malformed position: a tree with a cycle, a ragged board,
// a vertex out of range.
var ErrInput = errors.New("malformed input")

// An InputError reports a malformed position: its text says what is
// wrong, in the terms of the input. errors.Is(err, ErrInput) holds for it.
type InputError struct{ Reason string }

// Error returns the reason.
func (e *InputError) Error() string { return e.Reason }

// Is reports whether target is ErrInput.
func (e *InputError) Is(target error) bool { return target == ErrInput }

// InputErrorf returns an *InputError with a formatted reason.
func InputErrorf(format string, args ...any) error {
	return &InputError{fmt.Sprintf(format, args...)}
}
