package grid_test

import (
	"context"
	"fmt"

	"github.com/nimbers/grundy/games/grid"
)

func ExampleDomineering_Value() {
	b, _ := grid.NewBoard([]string{"..", ".."})
	d := &grid.Domineering{}
	g, _ := d.Value(context.Background(), b)
	fmt.Println(g)
	// Output: +-1
}

func ExampleCutcake() {
	g, _ := grid.Cutcake(2, 8)
	fmt.Println(g)
	// Output: 3
}
