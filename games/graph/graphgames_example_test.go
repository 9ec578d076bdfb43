package graph_test

import (
	"context"
	"fmt"

	"github.com/nimbers/grundy/games"
)

// CGSuite's graph rulesets, in its notation, with the values its tests
// publish (GameGraphTest.scala). Arc Kayles on a path of n vertices is
// Dawson's Kayles: *3 for 6.
func Example_graphRulesets() {
	ctx := context.Background()
	for _, c := range [][2]string{
		{"snort", "L-.-.-.-L"},
		{"snort", ".-.-.(-.;-.)"},
		{"col", "R-.-R-.-L-.-R-.-R-."},
		{"arc-kayles", ".-.-.-.-.-."},
		{"weighted-arc-kayles", "1-1-1-1-1-1"},
		{"partizan-arc-kayles", "lrlr(ll;ree(rl;l))"},
		{"hackenbush-graph", "e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e)))"},
		{"hackenbush-graph", "lrlrrllr"},
		{"childish-hackenbush", ":{ground}llllllrrrr:{ground}"},
	} {
		r, _ := games.Lookup(c[0])
		p, _ := r.Parse(c[1])
		g, err := games.NewEngine(r, nil).Canonical(ctx, p)
		fmt.Println(c[0], c[1], g, err)
	}
	// Output:
	// snort L-.-.-.-L {4|0,+-1} <nil>
	// snort .-.-.(-.;-.) +-{3|2} <nil>
	// col R-.-R-.-L-.-R-.-R-. 7/8 <nil>
	// arc-kayles .-.-.-.-.-. *3 <nil>
	// weighted-arc-kayles 1-1-1-1-1-1 *3 <nil>
	// partizan-arc-kayles lrlr(ll;ree(rl;l)) {3*|2*||3/2,3/2*|1/2*} <nil>
	// hackenbush-graph e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e))) *2 <nil>
	// hackenbush-graph lrlrrllr 77/128 <nil>
	// childish-hackenbush :{ground}llllllrrrr:{ground} {4|-2} <nil>
}
