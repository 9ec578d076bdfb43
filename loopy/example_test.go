package loopy_test

import (
	"context"
	"fmt"

	"github.com/nimbers/grundy/games/graph"
	"github.com/nimbers/grundy/loopy"
)

// A token on a graph with a cycle: the player at 0 may pass (0 → 0) or
// move to 1, and from 1 go back to 0 or on to the dead end 2. Vertex 1
// is won by moving to 2, but its value is ∞{0}, not *1: beside a nim
// heap of 1 it is a draw, since the player at 0 can pass for ever.
func ExampleAnalyze() {
	d, _ := graph.NewDigraph(3, [][2]int{{0, 1}, {1, 0}, {1, 2}, {0, 0}})
	res, _ := loopy.Analyze(context.Background(), d, nil)
	for v, l := range res {
		fmt.Println(v, l.Outcome, l.Remoteness, l.Value, l.Infinity)
	}
	s := loopy.Sum([]loopy.Value{res[1], {Value: 1}})
	fmt.Println(s.Value, s.Infinity, s.Outcome)
	// Output:
	// 0 D -1 -1 []
	// 1 N 1 -1 [0]
	// 2 P 0 0 []
	// -1 [1] D
}
