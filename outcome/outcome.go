// Package outcome names who wins a game under perfect play: the outcome
// classes of combinatorial game theory (Berlekamp, Conway and Guy, Winning
// Ways, ch. 1; Siegel, Combinatorial Game Theory, §I.1 and §VI.1).
//
// A short game is in one of four classes: L (Left wins whoever moves
// first), R (Right wins), N (the next player, the one to move, wins) and P
// (the previous player wins). A game whose play can go on for ever may
// also be drawn, which gives five more classes, named as CGSuite names
// them: D (a draw whoever moves first), and the four that mix a win with a
// draw (N̂, P̌, P̂, Ň). Misère play has the same nine classes.
//
// A Class is the pair of its results with Left moving first and with
// Right moving first: Of builds it from the pair, and LeftFirst and
// RightFirst take it apart.
package outcome

// A Result is who wins a game from one player's first move on: LeftWins,
// RightWins, or Draw when neither can force the other to run out of moves.
type Result int8

// The results, ordered from Right's point of view to Left's.
const (
	RightWins Result = -1
	Draw      Result = 0
	LeftWins  Result = 1
)

// String returns the winner: "Left", "Right", or "draw".
func (r Result) String() string {
	switch r {
	case LeftWins:
		return "Left"
	case RightWins:
		return "Right"
	}
	return "draw"
}

// words returns "Left wins", "Right wins" or "draw".
func (r Result) words() string {
	if r == Draw {
		return "draw"
	}
	return r.String() + " wins"
}

// A Class is an outcome class. The zero Class is P.
type Class uint8

// The outcome classes. The first four are those of short games; the next
// five can arise only where play may repeat.
const (
	P      Class = iota // the previous player (the second to move) wins
	N                   // the next player (the first to move) wins
	L                   // Left wins whoever moves first
	R                   // Right wins whoever moves first
	D                   // a draw whoever moves first
	NHat                // Left first: Left wins; Right first: a draw
	PCheck              // Left first: Right wins; Right first: a draw
	PHat                // Left first: a draw; Right first: Left wins
	NCheck              // Left first: a draw; Right first: Right wins
)

// results holds LeftFirst and RightFirst of each class.
var results = [...][2]Result{
	P:      {RightWins, LeftWins},
	N:      {LeftWins, RightWins},
	L:      {LeftWins, LeftWins},
	R:      {RightWins, RightWins},
	D:      {Draw, Draw},
	NHat:   {LeftWins, Draw},
	PCheck: {RightWins, Draw},
	PHat:   {Draw, LeftWins},
	NCheck: {Draw, RightWins},
}

// Of returns the class whose results are leftFirst, when Left moves
// first, and rightFirst, when Right does.
func Of(leftFirst, rightFirst Result) Class {
	for c, r := range results {
		if r == [2]Result{leftFirst, rightFirst} {
			return Class(c)
		}
	}
	panic("outcome: result out of range")
}

// Impartial returns P when the player to move loses an impartial game,
// N when that player wins.
func Impartial(firstWins bool) Class {
	if firstWins {
		return N
	}
	return P
}

// LeftFirst returns the result of c when Left moves first.
func (c Class) LeftFirst() Result { return results[c][0] }

// RightFirst returns the result of c when Right moves first.
func (c Class) RightFirst() Result { return results[c][1] }

// String returns the class's name as CGSuite writes it: "L", "R", "N",
// "P", "D", "N̂", "P̌", "P̂" or "Ň".
func (c Class) String() string {
	return [...]string{"P", "N", "L", "R", "D", "N\u0302", "P\u030c", "P\u0302", "N\u030c"}[c]
}

// Words returns the class in words, as the command line writes it:
// "Left" or "Right" for a win whoever moves first, "first" or "second"
// for the player who wins, "draw", and for a mixed class each result,
// as "Left first: Left wins; Right first: draw".
func (c Class) Words() string {
	switch c {
	case L:
		return "Left"
	case R:
		return "Right"
	case N:
		return "first"
	case P:
		return "second"
	case D:
		return "draw"
	}
	return "Left first: " + c.LeftFirst().words() + "; Right first: " + c.RightFirst().words()
}
