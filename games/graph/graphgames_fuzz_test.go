package graph

import (
	"testing"

	"github.com/nimbers/grundy/games"
)

// FuzzCGSuiteGraphParse fuzzes CGSuite's graph notation under each
// ruleset that reads it: Snort, Col, the Arc Kayles family and
// Hackenbush on graphs.
func FuzzCGSuiteGraphParse(f *testing.F) {
	for _, s := range []string{"L-.-.-.-L", ".-.-.(-.;-.)", ":A----:A", "{12}-5-{14}", "2-3-1(-1;-2)", "lrlr(ll;ree(rl;l))",
		"e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e)))", "(e:B;e:Bllllllrrr:B)", "lrlr;lr", ".", "", "L:A-R:A", "((", "-{", ":", "a>b"} {
		f.Add(s)
	}
	names := []string{"snort", "col", "arc-kayles", "weighted-arc-kayles", "partizan-arc-kayles", "hackenbush-graph", "childish-hackenbush"}
	rules := make([]games.Ruleset, len(names))
	for i, n := range names {
		r, err := games.Lookup(n)
		if err != nil {
			f.Fatal(err)
		}
		rules[i] = r
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, r := range rules {
			checkParse(t, r, in)
		}
	})
}
