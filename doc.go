// Package grundy is the root of a Go module for Conway's nim field and
// combinatorial game theory. It holds no code: the library is in its
// packages, named after the mathematics.
//
//   - nimber: the field of nimbers, GF(2^64) and GF(2^(2^k)), with batch
//     kernels; nimmat, nimpoly and sps: matrices, polynomials and set power
//     series over it.
//   - sg: the Sprague–Grundy engine; games/heap, games/turning, games/graph
//     and games/letters: impartial rulesets; ordinal: ordinal nimbers;
//     misere: misère play.
//   - partizan and partizan/loopy: short and loopy partizan games, in
//     CGSuite's notation; games/grid and games/strip: partizan rulesets;
//     outcome: who wins.
//   - games: the registry of every ruleset and the one engine that values
//     their positions; budget: the limits every computation checks first.
//   - plot and web: pictures and the playground; cmd/grundy: the command
//     line.
//
// The README gives the set-up and a tour; docs/cli.md lists every verb of
// the command line.
package grundy
