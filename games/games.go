// Package games is where a game's rules meet the theory: the contract a
// ruleset implements, the registry of rulesets by name, and one Engine
// that values the positions of any ruleset.
//
// A ruleset (Ruleset) has a name, a kind (impartial or partizan, short or
// loopy) and a notation for its positions; a Position lists its options
// for Left and for Right and writes a key for the engine's tables. That
// is all a new game needs: the Engine then gives its positions canonical
// forms (Conway, On Numbers and Games; Siegel, Combinatorial Game Theory),
// Grundy values, misère canonical forms and who wins, through
// transposition tables bounded in bytes and a budget of positions. A
// position may also say how it splits into independent components
// (Splitter), whose values the engine adds; about how large it is
// (Estimator), so that a search too large is refused before it starts;
// and how its ruleset values it by an engine of its own (Valuer,
// GrundyValuer), which the Engine then asks instead of searching, and
// finds its moves to a given value (GrundyMover), which is how the Engine
// finds the winning moves of a Hackenbush graph or a board of coins
// without valuing every option; such a move names itself in the
// ruleset's terms (Move.How: the edge cut, the coins turned).
//
// Engine.WinningMoves is the one way to the winning moves of a position
// of any ruleset, under normal or misère play. A long search saves what
// it has decided (Engine.SaveTables, called now and then through
// Engine.Checkpoint) and a later engine goes on from there
// (Engine.LoadTables).
//
// A transfinite ruleset (the DAG game, where a move may set numbers to
// anything) has positions with infinitely many options, never listed:
// each values itself as a nimber of an ordinal and finds the option of
// any smaller value (TransfiniteValuer), which is all the Engine needs
// for the value, the outcome and the winning moves of a sum under
// normal play.
//
// Who wins a position too large for its canonical form is decided by
// Engine.Outcome, a search of the sum that values the components it can
// value cheaply, adds those values into one short game, and plays
// through the rest, as the minimax solver for sums MCGS (Müller et al.,
// University of Alberta) does. ImpartialVariant makes any ruleset
// impartial (either player may make either's moves: Domineering becomes
// Cram), DicoticVariant and TwistedVariant make CGSuite's other variants
// of it (registered as "dicotic:RULESET" and "twisted:RULESET"), and
// MisereValue plays any short ruleset misère.
//
// Rulesets register themselves by name (Register) when their package is
// initialized: heap (take-and-break games, subtraction games, Grundy's
// game, Wythoff), turning (coin-turning games and Tartan boards), graph
// (Hackenbush, coin trees, leaf deletion, the DAG game), grid
// (Domineering, Cram, Clobber, Cutcake, Fox and Geese), strip (the
// Toads-and-Frogs family) and letters. Lookup finds one by its name and
// parameter ("octal:0.77"), and Ask answers a Query about positions as
// the command line and the playground ask it. SumTerms reads and decides
// a sum of impartial games as the command line writes it ("octal 0.77 10
// 4", "turning ruler HTTH", "hackenbush FILE"), with the readers the
// rulesets register (RegisterTerm).
//
// ErrInput is the error of a malformed position or ruleset.
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
