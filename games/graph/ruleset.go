package graph

import (
	"math"
	"strconv"
	"strings"

	"github.com/nimbers/grundy/games"
)

// The rulesets of this package in the registry of package games. The DAG
// game is not among them: a move may set numbers to anything, so a
// position has infinitely many options, and its values are ordinals past
// the short games (see DAG).
func init() {
	games.Register(games.Entry{
		Name:     "hackenbush",
		Kind:     games.Impartial,
		Summary:  "Green Hackenbush on a graph: cut an edge; edges no longer joined to the ground fall",
		Notation: `edges "u-v" separated by blanks, vertices numbered from 0, the ground: "0-1 1-2 2-0 2-3"`,
		Example:  []string{"hackenbush", "0-1 1-2 2-0 2-3"},
		New:      func(string) (games.Ruleset, error) { return HackenbushRules{}, nil },
	})
	games.Register(games.Entry{
		Name:     "hackenbush-string",
		Summary:  "Blue-Red-Green Hackenbush on strings: Left cuts Blue, Right Red, either Green; what is above falls",
		Notation: `strings of B (or L), R and G from the ground up, separated by blanks: "BBR RG"`,
		Example:  []string{"hackenbush-string", "BBR RG"},
		New:      func(string) (games.Ruleset, error) { return HackenbushStringRules{}, nil },
	})
	games.Register(games.Entry{
		Name:     "hackenbush-tree",
		Summary:  "Blue-Red-Green Hackenbush on trees: Left cuts Blue, Right Red, either Green; what is above falls",
		Notation: `edges B, R, G from the ground up; "(" the branches on the last edge ")"; trees separated by blanks: "BB(R G) G"`,
		Example:  []string{"hackenbush-tree", "BB(R G) G"},
		New:      func(string) (games.Ruleset, error) { return HackenbushTreeRules{}, nil },
	})
	games.Register(games.Entry{
		Name:     "cointree",
		Kind:     games.Impartial,
		Summary:  "coins on a rooted tree: turn a head to tails and any of its descendants over",
		Notation: `nodes H or T from the root down; "(" the subtrees of the last node ")"; trees separated by blanks: "HT(H T) T"`,
		Example:  []string{"cointree", "HT(H T) T"},
		New:      func(string) (games.Ruleset, error) { return CoinTreeRules{}, nil },
	})
	games.Register(games.Entry{
		Name:     "leaf-deletion",
		Kind:     games.Impartial,
		Summary:  "delete one or more leaves of a rooted tree; the root goes only alone, and whoever deletes it wins",
		Notation: `nodes o from the root down; "(" the subtrees of the last node ")"; trees separated by blanks: "oo(o oo)"`,
		Example:  []string{"leaf-deletion", "oo(o oo)"},
		New:      func(string) (games.Ruleset, error) { return LeafDeletionRules{}, nil },
	})
	games.Register(games.Entry{
		Name:     "dag",
		Kind:     games.Impartial | games.Transfinite,
		Summary:  "a number on each vertex of a directed acyclic graph: lower one, and set its out-neighbours' numbers to anything (Codeforces 1149E)",
		Notation: `the numbers separated by blanks, then ";" and the arcs "u>v", vertices numbered from 0: "1 2 3; 0>1 1>2 0>2"`,
		Example:  []string{"dag", "1 2 3; 0>1 1>2 0>2"},
		New:      func(string) (games.Ruleset, error) { return DAGRules{}, nil },
	})
	games.Register(games.Entry{
		Name:     "loopy-subtraction",
		Param:    "RULE",
		Kind:     games.Impartial | games.Loopy,
		Summary:  "take a listed number of tokens from a heap, or add one to a heap that is not empty, up to a bound; who empties the last heap wins",
		Notation: `heap sizes separated by blanks: "7 4"; RULE is TAKE/ADD/MAX, sizes separated by commas ("2,3/1/20"), or TAKE alone`,
		Example:  []string{"loopy-subtraction:2,3/1/20", "7 4"},
		New: func(p string) (games.Ruleset, error) {
			r, err := NewLoopySubtractionRules(p)
			if err != nil {
				return nil, err
			}
			return r, nil
		},
	})
}

// parseNumber reads the decimal number at s[i:], at most limit; it
// returns the number and the offset after it.
func parseNumber(s string, i, limit int, what string) (int, int, error) {
	j := i
	n := 0
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		n = 10*n + int(s[j]-'0')
		if n > limit {
			return 0, 0, games.InputErrorf("at offset %d: %s %s is more than %d", i, what, s[i:j+1], limit)
		}
		j++
	}
	if j == i {
		if i == len(s) {
			return 0, 0, games.InputErrorf("at offset %d: the text ends where %s should be", i, what)
		}
		return 0, 0, games.InputErrorf("at offset %d: %q is not %s", i, rune(s[i]), what)
	}
	return n, j, nil
}

// skipSeps returns the offset of the first byte at or after i that does
// not separate items.
func skipSeps(s string, i int) int {
	for i < len(s) && isSep(s[i]) {
		i++
	}
	return i
}

// joinSizes writes sizes separated by commas.
func joinSizes(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, ",")
}

// clampFloat returns x, or MaxFloat64 for an infinite x.
func clampFloat(x float64) float64 { return min(x, math.MaxFloat64) }
