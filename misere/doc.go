// Package misere is misère play of impartial games, where the player who
// makes the last move loses: canonical forms and genus, misère quotients
// of heap games, and the winning moves of misère sums.
//
// Under misère play a sum is not decided by the nim-sum of its parts.
// Conway (On Numbers and Games, chapter 12) showed that every impartial
// game still has a unique simplest form under misère play: a Game is
// kept in that form, so two games are equal, indistinguishable in every
// sum, exactly when their forms are identical. The form is reached by
// reversing moves: if some option H of an option of G has all its
// options among G's, and every option of G that is not one of H's has H
// as an option, then G = H, provided (when H = 0) that some option of G
// is a misère P-position. Forms are written in CGSuite's
// notation (Parse, Game.String): *[2[2]321] is the game whose options
// are *2 + *2, *3, *2 and *1.
//
// The genus g^(γ0 γ1 …) of a game G joins its normal-play nim value g to
// the misère nim values γi of G + *2 + … + *2 (i copies): Winning Ways
// (chapter 13) tabulates it for the classical octal games. Tame games,
// those whose every position has the genus of a nim position, add as
// nim positions do; Phylum places a game in Conway's finer
// classification (tame, restive, restless, wild), as CGSuite refines it.
// Forms computes the forms of the heaps of a heap game.
//
// Canonical forms of wild games grow fast. For heap games the misère
// quotient is the better tool.
// Plambeck and Siegel ("Misère quotients for impartial games", J.
// Combin. Theory A 115, 2008) restrict attention to the sums of one
// game's heaps: two sums G and H are indistinguishable when G + X and
// H + X have the same misère outcome for every sum X of those heaps. The
// classes form a commutative monoid, the misère quotient, with a marked
// subset, the P-portion: the classes whose sums the player to move
// loses. Once the quotient is known, a sum of any number of heaps is
// decided by multiplying the elements of its heaps.
//
// Compute finds the quotient of the heaps up to a bound one heap at a
// time, as Plambeck and Siegel describe: a heap that behaves as an
// element already present is mapped to it, otherwise a new generator is
// added and the monoid reduced. Every candidate is checked for the two
// properties that make its outcomes those of play (a P-element's sums
// have no option in P; every other sum with a move has one), so what
// Compute returns is exact, not a guess. For example the tame games with
// heap values 0, 1 and 2 have the quotient T2 = ⟨a, b | a² = 1, b³ = b⟩
// of order 6 with P = {a, b²}.
//
// ClosureQuotient finds the quotient of one game's closure, the sums of
// its followers (Plambeck and Siegel's Q(G)), by the same method, each
// follower taking the place of a heap.
//
// Compute proves, when it can, that the heaps' elements repeat for ever,
// by the misère form of the Guy–Smith periodicity theorem: then the
// quotient found is that of all heaps. Kayles's quotient, of order 40, repeats with
// period 12 from heap 71, as its normal-play values do.
//
// Quotient.Table writes a quotient out: its multiplication table, its
// period and its presentation as the papers write one: a generator per
// heap that brings a new element (a, b, c, … in heap order), each
// element named by its shortest word, and the relations among the
// generators.
//
// SumWinningMoves decides a misère sum of the module's impartial
// components (sg.Component) and lists its winning moves: by the Anti-SG
// rule when play ends once every component has value 0, by the misère
// quotient when the components are heaps of one game, and
// otherwise by searching the sum as one game.
package misere
