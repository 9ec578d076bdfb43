package strip_test

import (
	"context"
	"fmt"

	"github.com/nimbers/grundy/games"
	_ "github.com/nimbers/grundy/games/strip"
	"github.com/nimbers/grundy/partizan/loopy"
)

// value prints the canonical value of the position s of the ruleset
// named name, as the registry gives it.
func value(name, s string) {
	r, _ := games.Lookup(name)
	e := games.NewEngine(r, nil)
	p, _ := r.Parse(s)
	g, _ := e.Canonical(context.Background(), p)
	fmt.Println(g)
}

func Example_backsliding() {
	// Backsliding Toads and Frogs is not a stopper: its value is its
	// onside & offside, as CGSuite gives it.
	ctx := context.Background()
	r, _ := games.Lookup("toads-frogs:backsliding")
	p, _ := r.Parse("ttt..fff")
	g, _ := games.NewEngine(r, nil).Loopy(ctx, p)
	on, off, _ := loopy.Sides(ctx, g, nil)
	s, _ := loopy.SidedText(on, off, 100)
	fmt.Println(s)
	// Output: {on||0|-1/2} & {1/2|0||off}
}

func Example_topplingDominoes() {
	// cgt-tools' test row: Left's, two of Right's, two of Left's.
	value("toppling-dominoes", "lrrll")
	// Output: {1|*}
}

func Example_elephantsAndRhinos() {
	// CGSuite's value of ElephantsAndRhinos("tttt..fff").
	value("elephants-and-rhinos", "tttt..fff")
	// Output: 1
}

func Example_skiJumps() {
	// Winning Ways, ch. 1: Left's jumper above Right's skier, with a
	// square to land on below.
	ctx := context.Background()
	r, _ := games.Lookup("ski-jumps")
	e := games.NewEngine(r, nil)
	p, _ := r.Parse("L....|R....|.....")
	g, _ := e.Canonical(ctx, p)
	o, _ := e.Outcome(ctx, p)
	fmt.Println(g, o.Words())
	// Output: 9/2 Left
}
