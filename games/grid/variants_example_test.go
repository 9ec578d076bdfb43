package grid_test

import (
	"context"
	"fmt"

	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/games/grid"
)

// Clobber's variants on the boards of CGSuite's GameGridTest, which
// gives {^^*|*,v[2]}, {^^*|0,*}, ^ and {*|-1}.
func ExampleRules_clobberVariants() {
	for _, c := range []struct {
		r     grid.Rules
		board string
	}{
		{grid.KingsRules, "xox|ox."},
		{grid.RooksRules, "xox|ox."},
		{grid.QueensRules, "xox|ox."},
		{grid.AntiClobberRules, "xoxo|oo.."},
	} {
		p, _ := c.r.Parse(c.board)
		g, _ := games.NewEngine(c.r, nil).Canonical(context.Background(), p)
		fmt.Println(c.r.Name(), c.board, g)
	}
	// Output:
	// kings xox|ox. {^^*|*,v[2]}
	// rooks xox|ox. {^^*|0,*}
	// queens xox|ox. ^
	// anti-clobber xoxo|oo.. {*|-1}
}

// Konane on cgt-tools' test board, {1|-1}.
func ExampleRules_konane() {
	p, _ := grid.KonaneRules.Parse(".ox.|o..x|....")
	g, _ := games.NewEngine(grid.KonaneRules, nil).Canonical(context.Background(), p)
	fmt.Println(g)
	// Output: +-1
}

// Amazons on the board of CGSuite's GameGridTest, which writes the same
// game with its options in another order.
func ExampleRules_amazons() {
	p, _ := grid.AmazonsRules.Parse("x...|o...")
	g, _ := games.NewEngine(grid.AmazonsRules, nil).Canonical(context.Background(), p)
	fmt.Println(g)
	// Output: +-{3,{4|+-1,+-{1,{2|0}},{0,{1/2|0}|v}},{4|0,{1|0,*}}}
}

// Fission on the last board of CGSuite's example, {-1|-4} in cgt-tools'
// tests.
func ExampleRules_fission() {
	p, _ := grid.FissionRules.Parse(".x.x|..x.|....|..x.")
	g, _ := games.NewEngine(grid.FissionRules, nil).Canonical(context.Background(), p)
	fmt.Println(g)
	// Output: {-1|-4}
}
