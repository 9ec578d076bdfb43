package heap

import "github.com/nimbers/grundy/sg"

// Misère play of sums of heaps, where the player who makes the last move
// loses, is decided by misere.SumWinningMoves on the Heaps of the sum: by
// Bouton's rule when every heap ends at value 0, as in Nim, by the game's
// misère quotient when it is found, and otherwise by a search of the sum
// as one game.

// MisereNimWins reports whether the player to move wins misère Nim with
// the given heaps (Bouton): with a heap of two or more, exactly when the
// nim-sum is not 0; with only heaps of one, exactly when their number is
// even.
func MisereNimWins(heaps []uint64) bool { return sg.AntiSGWins(heaps) }
