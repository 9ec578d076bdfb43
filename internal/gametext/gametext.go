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
