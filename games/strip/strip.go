// Package strip holds partizan games played on a strip of squares: the
// Toads-and-Frogs family of Winning Ways (ch. 1 and ch. 11) as CGSuite
// generalizes it, Elephants and Rhinos, Toppling Dominoes and Ski-Jumps.
//
// In Toads and Frogs Left's toads move rightward, Right's frogs leftward,
// one square into an empty one or leaping over opponents into the empty
// square beyond; in Backsliding Toads and Frogs a creature may also step
// one square back, and play can go on for ever. A position is a string of
// '.' (empty), 't' (a toad) and 'f' (a frog), as CGSuite writes it:
// "ttt..fff". Its value is a loopy game (package partizan/loopy) whose
// graph holds every position reachable from it: a short game when play
// always ends, otherwise a stopper or a game known by its sides.
// games.Lookup("toads-frogs:backsliding") gives a ruleset of the family.
//
// Elephants and Rhinos ("elephants-and-rhinos") is Toads and Frogs with
// no jumps, registered apart as a short game that splits into
// components. Toppling Dominoes ("toppling-dominoes") follows CGSuite's
// TopplingDominoes.cgs, grey dominoes included; where CGSuite's rules
// leave a choice, a toppled domino falls past blank squares as CGSuite's
// does, a topple leaves its squares blank as CGSuite's does, and rows of
// a sum are separated by '|'. Ski-Jumps ("ski-jumps"),
// which CGSuite lacks, follows Winning Ways in cgt-tools' notation.
//
// The tests check the outcomes and values against plain searches of the
// rules written in the tests, and against the values CGSuite, cgt-tools
// and Winning Ways publish.
package strip

import (
	"context"
	"fmt"
	"unicode/utf8"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/partizan/loopy"
)

// toadsAndFrogs is a ruleset of the family.
type toadsAndFrogs struct {
	// Jump is the most opponents a creature leaps over in one move, in a
	// row, landing on the empty square beyond them: 1 in Toads and Frogs,
	// 0 in Elephants and Rhinos.
	Jump int
	// Backsliding lets a creature also step one square back into an
	// empty square.
	Backsliding bool
}

// The rulesets of the literature.
var (
	classic            = toadsAndFrogs{Jump: 1}
	elephantsAndRhinos = toadsAndFrogs{Jump: 0}
	backsliding        = toadsAndFrogs{Jump: 1, Backsliding: true}
)

// MaxCells bounds the length of a strip.
const MaxCells = 64

// parseStrip checks a position: at most MaxCells squares, each '.', 't' or
// 'f'. It fails, wrapping games.ErrInput, for anything else.
func parseStrip(s string) error {
	if len(s) == 0 {
		return games.InputErrorf("an empty strip")
	}
	if len(s) > MaxCells {
		return games.InputErrorf("a strip of %d squares, more than %d", len(s), MaxCells)
	}
	for i := range len(s) {
		if c := s[i]; c != '.' && c != 't' && c != 'f' {
			ch, _ := utf8.DecodeRuneInString(s[i:])
			return games.InputErrorf("square %d: %q is not '.', 't' or 'f'", i+1, ch)
		}
	}
	return nil
}

// Moves returns the positions Left (toads) or Right (frogs) can move to
// from pos.
func (r toadsAndFrogs) Moves(pos string, left bool) []string {
	us, them, sign := byte('t'), byte('f'), 1
	if !left {
		us, them, sign = 'f', 't', -1
	}
	at := func(i int) byte {
		if i < 0 || i >= len(pos) {
			return 'x'
		}
		return pos[i]
	}
	var out []string
	for n := range len(pos) {
		if pos[n] != us {
			continue
		}
		k := 1
		if r.Backsliding {
			k = -1
		}
		for ; k <= r.Jump+1; k++ {
			if k == 0 {
				continue
			}
			if k >= 2 && at(n+(k-1)*sign) != them {
				break
			}
			if to := n + k*sign; at(to) == '.' {
				b := []byte(pos)
				b[n], b[to] = '.', us
				out = append(out, string(b))
			}
		}
	}
	return out
}

// game returns the value of pos under the ruleset: a loopy game on every
// position reachable from pos. It fails, wrapping games.ErrInput, for a
// malformed position; with a *budget.TooLargeError when a bound on the
// positions reachable, counted before any is made, passes opt's limits
// (see loopy.CheckPositions); and stops when ctx is cancelled.
func (r toadsAndFrogs) game(ctx context.Context, pos string, opt *budget.Options) (loopy.Game, error) {
	if err := parseStrip(pos); err != nil {
		return loopy.Game{}, err
	}
	if r.Jump < 0 {
		return loopy.Game{}, games.InputErrorf("a jump over %d creatures", r.Jump)
	}
	what := fmt.Sprintf("the strip %s", pos)
	bound := r.bound(pos)
	if err := loopy.CheckPositions(what, bound, opt); err != nil {
		return loopy.Game{}, err
	}
	index := map[string]int{pos: 0}
	order := []string{pos}
	var left, right [][]int
	for i := 0; i < len(order); i++ {
		if i%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return loopy.Game{}, err
			}
		}
		var opts [2][]int
		for side, isLeft := range []bool{true, false} {
			for _, q := range r.Moves(order[i], isLeft) {
				j, ok := index[q]
				if !ok {
					if n := float64(len(order) + 1); n > bound {
						// The bound is proven; this guards it.
						if err := loopy.CheckPositions(what, n, opt); err != nil {
							return loopy.Game{}, err
						}
					}
					j = len(order)
					index[q] = j
					order = append(order, q)
				}
				opts[side] = append(opts[side], j)
			}
		}
		left = append(left, opts[0])
		right = append(right, opts[1])
	}
	return loopy.New(left, right, 0)
}

// bound returns an upper bound on the positions reachable from pos.
// Neither side can pass a creature of its own, so the toads keep their
// order, and so do the frogs; without backsliding each toad stays at or
// right of where it starts and each frog at or left of it. bound counts
// the placements that keep those rules, square by square: ways[t][f] is
// how many place the first t toads and f frogs on the squares so far.
func (r toadsAndFrogs) bound(pos string) float64 {
	var toads, frogs []int
	for i := range len(pos) {
		switch pos[i] {
		case 't':
			toads = append(toads, i)
		case 'f':
			frogs = append(frogs, i)
		}
	}
	ways := make([][]float64, len(toads)+1)
	for t := range ways {
		ways[t] = make([]float64, len(frogs)+1)
	}
	ways[0][0] = 1
	for i := range len(pos) {
		for t := len(toads); t >= 0; t-- {
			for f := len(frogs); f >= 0; f-- {
				if t > 0 && (r.Backsliding || i >= toads[t-1]) {
					ways[t][f] += ways[t-1][f]
				}
				if f > 0 && (r.Backsliding || i <= frogs[f-1]) {
					ways[t][f] += ways[t][f-1]
				}
			}
		}
	}
	return ways[len(toads)][len(frogs)]
}
