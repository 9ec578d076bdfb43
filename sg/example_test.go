package sg_test

import (
	"context"
	"fmt"

	"github.com/nimbers/grundy/games/graph"
	"github.com/nimbers/grundy/games/heap"
	"github.com/nimbers/grundy/sg"
)

// A sum of two Kayles rows and a Green Hackenbush triangle standing on the
// ground: its value, and the moves that leave value 0.
func ExampleSumWinningMoves() {
	kayles, _ := heap.ParseCode("0.77")
	rows, _ := kayles.Heaps(context.Background(), 4, 7)
	triangle, _ := graph.NewGraph(3, [][2]int{{0, 1}, {1, 2}, {2, 0}})
	tri, _ := triangle.Component(context.Background())
	sum := []sg.Component{rows[0], rows[1], tri}

	wins, moves, _ := sg.SumWinningMoves(context.Background(), sum)
	fmt.Println("value", sg.SumValue(sum), "first player wins:", wins)
	for _, m := range moves {
		fmt.Printf("component %d: %v\n", m.Component, m.Move)
	}
	// Output:
	// value 2 first player wins: true
	// component 0: 4 -> 3
	// component 0: 4 -> 1 2
	// component 1: 7 -> 3 3
	// component 1: 7 -> 1 4
}
