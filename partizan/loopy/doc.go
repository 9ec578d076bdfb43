// Package loopy is partizan games whose play may repeat (Conway, "Loopy
// games", 1978; Winning Ways, ch. 11; Siegel, Combinatorial Game Theory,
// ch. VI): a Game is a vertex of a finite graph of Left and Right
// options, and a line of play that never ends is a draw.
//
// The stoppers are the games with no line of play, from any position,
// in which the players alternate for ever. They are ordered as short
// games are: x ≤ y when Left, with Right to move first, can play y − x
// so as never to run out of moves, which retrograde analysis of the
// pairs of positions decides. Every stopper has a unique simplest form,
// with no dominated or reversible options and no two positions equal
// (Sides returns it). Sides builds it one strongly connected component of
// the graph at a time, those moved to first, so a game whose cycles are
// short, as in Fox and Geese, costs little more than its components'
// sizes times the number of distinct values below them. The classic
// stoppers:
//
//	on    = {pass |}      Left can always move, Right never
//	off   = {| pass}      its negative
//	over  = {0 | pass}    positive, below every positive number, above ↑
//	under = {pass | 0}    the negative of over
//	upon  = {pass | *}    positive, above ↑, confused with *
//
// where pass is a move to the game itself. dud = {pass | pass} is not a
// stopper: it is a draw whoever starts and whatever is added to it, as
// on + off is. Play decides who wins any loopy game, stopper or not,
// with draws.
//
// A game that is not a stopper has a value all the same, its onside
// and offside, s & t: the stoppers that play as it does when endless
// play counts as a win for Left, and for Right (dud = on & off). The
// onside of x is at least that of y exactly when Left, moving second in
// x − y, can survive and, if play never ends, move in x infinitely
// often; taking Right moves away can only raise an onside. Sides finds
// the onside as a stopper made from the game by taking away the Right
// moves Left's winning strategy in that comparison never needs (the
// offside likewise, with Left moves), and otherwise by sidling
// (Winning Ways, ch. 11).
//
// Games are written in CGSuite's notation (Parse, Game.String): a
// position that recurs further down is labelled, a{0|{*|a}}, and short
// followers are written as package partizan writes them.
package loopy
