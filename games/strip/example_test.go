package strip_test

import (
	"context"
	"fmt"

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
