package grid_test

import (
	"context"
	"fmt"

	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/games/grid"
)

// Clobber along the diagonals, GenClobber(directions =>
// Coordinates.Diagonal) in CGSuite, whose GameGridTest gives {0,v*|vv}
// for this board; and Rooks through GenClobber's arguments.
func ExampleGenClobber() {
	for _, c := range []struct{ args, board string }{
		{"directions=Diagonal", "xoxo|oox.|xxx."},
		{"maxDistance=inf", "xox|ox."},
	} {
		r, _ := grid.GenClobber(c.args)
		p, _ := r.Parse(c.board)
		g, _ := games.NewEngine(r, nil).Canonical(context.Background(), p)
		fmt.Println(r.Name(), c.board, g)
	}
	// Output:
	// gen-clobber:directions=Diagonal xoxo|oox.|xxx. {0,v*|vv}
	// rooks xox|ox. {^^*|0,*}
}
