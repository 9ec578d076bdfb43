package graph

import (
	"math"

	"github.com/nimbers/grundy/games"
)

// The rulesets of this package in the registry of package games.
func init() {
	games.Register(games.Entry{
		Name:     "hackenbush",
		Kind:     games.Impartial,
		Summary:  "Green Hackenbush on a graph: cut an edge; edges no longer joined to the ground fall",
		Notation: `edges "u-v" separated by blanks, vertices numbered from 0, the ground: "0-1 1-2 2-0 2-3"`,
		Example:  []string{"hackenbush", "0-1 1-2 2-0 2-3"},
		New:      func(string) (games.Ruleset, error) { return hackenbushRules{}, nil },
	})
	games.Register(games.Entry{
		Name:     "hackenbush-string",
		Summary:  "Blue-Red-Green Hackenbush on strings: Left cuts Blue, Right Red, either Green; what is above falls",
		Notation: `strings of B (or L), R and G from the ground up, separated by blanks: "BBR RG"`,
		Example:  []string{"hackenbush-string", "BBR RG"},
		New:      func(string) (games.Ruleset, error) { return hackenbushStringRules{}, nil },
	})
	games.Register(games.Entry{
		Name:     "hackenbush-tree",
		Summary:  "Blue-Red-Green Hackenbush on trees: Left cuts Blue, Right Red, either Green; what is above falls",
		Notation: `edges B, R, G from the ground up; "(" the branches on the last edge ")"; trees separated by blanks: "BB(R G) G"`,
		Example:  []string{"hackenbush-tree", "BB(R G) G"},
		New:      func(string) (games.Ruleset, error) { return hackenbushTreeRules{}, nil },
	})
	games.Register(games.Entry{
		Name:     "cointree",
		Kind:     games.Impartial,
		Summary:  "coins on a rooted tree: turn a head to tails and any of its descendants over",
		Notation: `nodes H or T from the root down; "(" the subtrees of the last node ")"; trees separated by blanks: "HT(H T) T"`,
		Example:  []string{"cointree", "HT(H T) T"},
		New:      func(string) (games.Ruleset, error) { return coinTreeRules{}, nil },
	})
	games.Register(games.Entry{
		Name:     "leaf-deletion",
		Kind:     games.Impartial,
		Summary:  "delete one or more leaves of a rooted tree; the root goes only alone, and whoever deletes it wins",
		Notation: `nodes o from the root down; "(" the subtrees of the last node ")"; trees separated by blanks: "oo(o oo)"`,
		Example:  []string{"leaf-deletion", "oo(o oo)"},
		New:      func(string) (games.Ruleset, error) { return leafDeletionRules{}, nil },
	})
	games.Register(games.Entry{
		Name:     "dag",
		Kind:     games.Impartial | games.Transfinite,
		Summary:  "a number on each vertex of a directed acyclic graph: lower one, and set its out-neighbours' numbers to anything (Codeforces 1149E)",
		Notation: `the numbers separated by blanks, then ";" and the arcs "u>v", vertices numbered from 0: "1 2 3; 0>1 1>2 0>2"`,
		Example:  []string{"dag", "1 2 3; 0>1 1>2 0>2"},
		New:      func(string) (games.Ruleset, error) { return dagRules{}, nil },
	})
	games.Register(games.Entry{
		Name:     "snort",
		Summary:  "colour a vertex of a graph not next to one your opponent coloured (CGSuite's Snort)",
		Notation: `CGSuite's graph notation: vertices . (or nothing), L or R (tagged: next to Left's or Right's colour), edges -, "(" branches ";" ")", ":A" names a vertex: "L-.-.-.-L"`,
		Example:  []string{"snort", "L-.-.-.-L"},
		New:      func(string) (games.Ruleset, error) { return snortRules, nil },
	})
	games.Register(games.Entry{
		Name:     "col",
		Summary:  "colour a vertex of a graph not next to one you coloured (CGSuite's Col)",
		Notation: `CGSuite's graph notation: vertices . (or nothing), L or R (tagged: next to Left's or Right's colour), edges -, "(" branches ";" ")", ":A" names a vertex: "R-.-R-.-L-.-R-.-R-."`,
		Example:  []string{"col", "R-.-R-.-L-.-R-.-R-."},
		New:      func(string) (games.Ruleset, error) { return colRules, nil },
	})
	games.Register(games.Entry{
		Name:     "arc-kayles",
		Kind:     games.Impartial,
		Summary:  "delete the two ends of an edge of a graph (a loop: its vertex)",
		Notation: `CGSuite's graph notation: vertices . (or nothing), edges -, "(" branches ";" ")", ":A" names a vertex: ":A----:A" is a 4-cycle`,
		Example:  []string{"arc-kayles", ":A----:A"},
		New:      func(string) (games.Ruleset, error) { return arcKaylesRules, nil },
	})
	games.Register(games.Entry{
		Name:     "weighted-arc-kayles",
		Kind:     games.Impartial,
		Summary:  "lower by one the weights of the two ends of an edge whose ends both weigh more than 0",
		Notation: `CGSuite's graph notation with weights as vertices, in braces past 9: "9-1-2", "{12}-5-{14}"`,
		Example:  []string{"weighted-arc-kayles", "2-3-1(-1;-2)"},
		New:      func(string) (games.Ruleset, error) { return weightedArcKaylesRules, nil },
	})
	games.Register(games.Entry{
		Name:     "partizan-arc-kayles",
		Summary:  "delete the two ends of an edge: Left of a Blue one, Right of a Red one, either of a Green one",
		Notation: `CGSuite's graph notation with edges l (Blue), r (Red), e (Green): "lrlr(ll;ree(rl;l))"`,
		Example:  []string{"partizan-arc-kayles", "lrlr(ll;ree(rl;l))"},
		New:      func(string) (games.Ruleset, error) { return partizanArcKaylesRules, nil },
	})
	games.Register(games.Entry{
		Name:     "hackenbush-graph",
		Summary:  "Blue-Red-Green Hackenbush on any graph: Left cuts Blue, Right Red, either Green; what no longer reaches the ground falls (CGSuite's Hackenbush)",
		Notation: `CGSuite's graph notation from the ground: edges l (Blue), r (Red), e (Green), "(" branches ";" ")", ":A" names a vertex: "ee:Aeeee:A", "(lr:A;rl:A)"`,
		Example:  []string{"hackenbush-graph", "(lr:A;rl:A)"},
		New:      func(string) (games.Ruleset, error) { return hackenbushGraphRules{}, nil },
	})
	games.Register(games.Entry{
		Name:     "childish-hackenbush",
		Summary:  "Hackenbush on a graph where a Blue or Red edge may be cut only if nothing else falls (CGSuite's ChildishHackenbush)",
		Notation: `CGSuite's graph notation from the ground: edges l (Blue), r (Red), e (Green), "(" branches ";" ")", ":A" names a vertex: "l(l;rl)"`,
		Example:  []string{"childish-hackenbush", "r(l:T;r(l:T;r(l:T;r(l:T;rl:T))))"},
		New:      func(string) (games.Ruleset, error) { return hackenbushGraphRules{Childish: true}, nil },
	})
}

// clampFloat returns x, or MaxFloat64 for an infinite x.
func clampFloat(x float64) float64 { return min(x, math.MaxFloat64) }
