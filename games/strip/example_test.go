package strip_test

import (
	"context"
	"fmt"

	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/games/strip"
	"github.com/nimbers/grundy/partizan/loopy"
)

func ExampleToadsAndFrogs_Game() {
	// Backsliding Toads and Frogs is not a stopper: its value is its
	// onside & offside, as CGSuite gives it.
	g, _ := strip.Backsliding.Game(context.Background(), "ttt..fff", nil)
	on, off, _ := loopy.Sides(context.Background(), g, nil)
	s, _ := loopy.SidedText(on, off, 100)
	fmt.Println(s)
	// Output: {on||0|-1/2} & {1/2|0||off}
}

func ExampleTopplingDominoes() {
	// cgt-tools' test row: Left's, two of Right's, two of Left's.
	e := games.NewEngine(strip.TopplingDominoes, nil)
	p, _ := strip.TopplingDominoes.Parse("lrrll")
	g, _ := e.Canonical(context.Background(), p)
	fmt.Println(g)
	// Output: {1|*}
}

func ExampleElephantsAndRhinosRules() {
	// CGSuite's value of ElephantsAndRhinos("tttt..fff").
	e := games.NewEngine(strip.ElephantsAndRhinosRules, nil)
	p, _ := strip.ElephantsAndRhinosRules.Parse("tttt..fff")
	g, _ := e.Canonical(context.Background(), p)
	fmt.Println(g)
	// Output: 1
}

func ExampleSkiJumps() {
	// Winning Ways, ch. 1: Left's jumper above Right's skier, with a
	// square to land on below.
	e := games.NewEngine(strip.SkiJumps, nil)
	p, _ := strip.SkiJumps.Parse("L....|R....|.....")
	g, _ := e.Canonical(context.Background(), p)
	o, _ := e.Outcome(context.Background(), p)
	fmt.Println(g, o.Words())
	// Output: 9/2 Left
}
