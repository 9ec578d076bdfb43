package heap_test

import (
	"context"
	"fmt"

	"github.com/nimbers/grundy/games/heap"
)

// The moves of Kayles (0.77) from a row of five pins: knock down one pin
// or two adjacent ones, from the end or from the middle.
func ExampleGame_Moves() {
	kayles, _ := heap.ParseCode("0.77")
	for left := range kayles.Moves(5) {
		fmt.Print(left, " ")
	}
	fmt.Println()
	// Output: [4] [1 3] [2 2] [3] [1 2]
}

// The values of Dawson's Kayles (0.07) for heaps 0 to 19, as in OEIS
// A002187; they have period 34 from heap 53 on (Guy and Smith, 1956).
func ExampleGame_Values() {
	dawson, _ := heap.ParseCode("0.07")
	v, _ := dawson.Values(context.Background(), 20, nil)
	fmt.Println(v)
	// Output: [0 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3]
}
