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

	wins, moves, _ := sg.SumWinningMoves(context.Background(), sum, sg.Normal, nil)
	fmt.Println("value", sg.SumValue(sum), "first player wins:", wins)
	for _, m := range moves {
		fmt.Printf("component %d: %v\n", m.Component, m.Move)
	}

	// In misère play the same rows are searched as one game.
	wins, moves, _ = sg.SumWinningMoves(context.Background(), sum[:2], sg.Misere, nil)
	fmt.Println("misère, rows only: first player wins:", wins, "by", moves[0].Move)
	// Output:
	// value 2 first player wins: true
	// component 0: 4 -> 3
	// component 0: 4 -> 1 2
	// component 1: 7 -> 3 3
	// component 1: 7 -> 1 4
	// misère, rows only: first player wins: true by 4 -> 2
}

// A token on a graph with a cycle: the player at 0 may pass (0 → 0) or
// move to 1, and from 1 go back to 0 or on to the dead end 2. Vertex 1
// is won by moving to 2, but its value is ∞{0}, not *1: beside a nim
// heap of 1 it is a draw, since the player at 0 can pass for ever.
func ExampleAnalyzeLoopy() {
	d, _ := graph.NewDigraph(3, [][2]int{{0, 1}, {1, 0}, {1, 2}, {0, 0}})
	res, _ := sg.AnalyzeLoopy(context.Background(), d, nil)
	for v, l := range res {
		fmt.Println(v, l.Outcome, l.Remoteness, l.Value, l.Infinity)
	}
	value, k := sg.SumLoopy([]sg.Loopy{res[1], {Value: 1}})
	fmt.Println(value, k, sg.LoopyOutcome(value, k))
	// Output:
	// 0 D -1 -1 []
	// 1 N 1 -1 [0]
	// 2 P 0 0 []
	// -1 [1] D
}
