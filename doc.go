// Package grundy is the root of a Go module for Conway's nim field and
// combinatorial game theory. It holds no code: the library is in its
// packages, named after the mathematics.
//
//   - nimber: the field of nimbers, GF(2^64) and GF(2^(2^k)), with batch
//     kernels; nimmat, nimpoly and sps: matrices, polynomials and set power
//     series over it.
//   - sg: the Sprague–Grundy engine, sums under normal play and the Anti-SG
//     rule; misere: misère play, its quotients and sums; loopy: impartial
//     games whose positions repeat (draws, remoteness, generalized values);
//     games/heap (take-and-break, subtraction, loopy subtraction, Wythoff;
//     also CGSuite's partizan heap games and cakes), games/turning (coin
//     turning) and games/letters (the 26-letter game): impartial rulesets;
//     ordinal: ordinal nimbers.
//   - games/graph: games on trees and graphs, impartial (Hackenbush, coins
//     on trees, leaf deletion, game graphs with cycles) and partizan
//     (Blue-Red Hackenbush, CGSuite's graph games).
//   - partizan and partizan/loopy: short and loopy partizan games (stoppers),
//     in CGSuite's notation; surreal: rationals and generalized ordinals;
//     games/grid and games/strip: partizan rulesets; outcome: who wins.
//   - games: the registry of every ruleset and the one engine that values
//     their positions; budget: the limits every computation checks first.
//   - plot and web: pictures and the playground; cmd/grundy: the command
//     line, a table of verbs (their help in cmd/grundy/help.txt) that
//     internal/cli parses, dispatches and documents.
//
// The README gives the set-up and a tour; docs/cli.md lists every verb of
// the command line.
package grundy
