// Package gametext holds the rules by which the packages of this module
// write the options of games as CGSuite writes them: the order of a list
// of options and the most bars written in a row.
package gametext

import (
	"slices"
	"strings"
)

// MaxBars is the most bars CGSuite writes in a row: a game whose options
// need that many keeps its braces, and its parent starts again from one.
const MaxBars = 4

// An Option is an option as written, with its value when it is a number.
type Option[N interface{ Cmp(N) int }] struct {
	Text  string
	Num   N
	IsNum bool
}

// Join returns the options separated by commas in CGSuite's order:
// numbers first, in increasing order, then the others by their text. It
// sorts opts.
func Join[N interface{ Cmp(N) int }](opts []Option[N]) string {
	slices.SortFunc(opts, func(a, b Option[N]) int {
		switch {
		case a.IsNum && b.IsNum:
			return a.Num.Cmp(b.Num)
		case a.IsNum != b.IsNum:
			if a.IsNum {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Text, b.Text)
	})
	texts := make([]string, len(opts))
	for i, o := range opts {
		texts[i] = o.Text
	}
	return strings.Join(texts, ",")
}

var unicodeSymbols = strings.NewReplacer("^^", "⇑", "vv", "⇓", "^", "↑", "v", "↓", "+-", "±")

// Unicode returns a game written in CGSuite's notation with the symbols
// of the literature: ↑ ↓ ⇑ ⇓ ± for ^ v ^^ vv +- (partizan.Calculator.Parse reads
// both).
func Unicode(s string) string { return unicodeSymbols.Replace(s) }

// Nested returns the options of a game written s in CGSuite's notation
// as CGSuite writes them inside the braces, with the number of bars
// between the two sides, as they are written when the game is the lone
// option on one side of a larger game: its braces dropped and its bars
// one fewer than the larger game's. It returns ok = false when s is not
// written by its options ({…}) but by a name (a number, ^, +-1, Tiny(2),
// …), or when it has MaxBars bars and keeps its braces.
func Nested(s string) (inner string, bars int, ok bool) {
	if !strings.HasPrefix(s, "{") || !strings.HasSuffix(s, "}") {
		return "", 0, false
	}
	inner = s[1 : len(s)-1]
	depth, run := 0, 0
	for _, c := range inner {
		switch c {
		case '{', '(':
			depth++
		case '}', ')':
			depth--
		}
		if c == '|' && depth == 0 {
			run++
			bars = max(bars, run)
		} else {
			run = 0
		}
	}
	return inner, bars, bars < MaxBars
}
