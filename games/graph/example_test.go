package graph_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/games/graph"
)

func ExampleGraph_Position() {
	// A triangle on the ground (0-1, 1-2, 2-0) fuses to three loops: *1.
	// Cutting the edge away from the ground leaves two stalks, *1 ⊕ *1.
	// A stalk of two edges beside it (0-3, 3-4) is *2: in the sum *3 the
	// winning moves take the stalk to *1, or the triangle to *2 by
	// cutting an edge on the ground (a path of two edges is left).
	g, _ := graph.NewGraph(5, [][2]int{{0, 1}, {1, 2}, {2, 0}, {0, 3}, {3, 4}})
	p := g.Position()
	r, _ := games.Lookup("hackenbush")
	e := games.NewEngine(r, nil)
	v, _ := e.Grundy(context.Background(), p)
	wins, _ := e.WinningMoves(context.Background(), p, games.Left, false)
	fmt.Println(v)
	for _, m := range wins {
		fmt.Println(m.How, "leaves", m.To)
	}
	// Output:
	// 3
	// cut 0 leaves 1-2 2-0 0-3 3-4
	// cut 2 leaves 0-1 1-2 0-3 3-4
	// cut 4 leaves 0-1 1-2 2-0 0-3
}

func Example_hackenbushTree() {
	// A stalk of one green edge with two green edges on its top: the
	// two edges are worth *1 ⊕ *1 = 0, so the tree is worth *(0+1).
	r, _ := games.Lookup("hackenbush-tree")
	p, _ := r.Parse("G(G G)")
	g, _ := games.NewEngine(r, nil).Canonical(context.Background(), p)
	fmt.Println(g)
	// Output: *
}

func ExampleCoinTree_WinningMoves() {
	// Four nodes: a root with a path of two below it and a leaf, heights
	// 2, 1, 0, 0; then the coins.
	c, _ := graph.ReadCoinTree(strings.NewReader("4\n0 1 0\nHTHH"), "example")
	fmt.Println(c.Value()) // 4 ⊕ 1 ⊕ 1
	for _, m := range c.WinningMoves() {
		fmt.Println(m.Node, m.Flip)
	}
	// Output:
	// 4
	// 0 []
}

func ExampleLeafDeletionMove() {
	// A root with a path of two and a single leaf: the leaf is one edge
	// below the fork, so the first player wins. Deleting it alone would
	// leave a path of three nodes, a win for the opponent; deleting both
	// leaves leaves a path of two.
	t, _ := graph.ReadTree(strings.NewReader("4\n0 1 0"), "example")
	fmt.Println(graph.LeafDeletionMove(t))
	// Output:
	// [2 3] true
}

func Example_hackenbushString() {
	r, _ := games.Lookup("hackenbush-string")
	e := games.NewEngine(r, nil)
	for _, s := range []string{"BR", "BBR", "BRR", "GB"} {
		p, _ := r.Parse(s)
		g, _ := e.Canonical(context.Background(), p)
		fmt.Println(s, g)
	}
	// Output:
	// BR 1/2
	// BBR 3/2
	// BRR 1/4
	// GB ^*
}

func Example_dag() {
	// The first sample of Codeforces 1149E: 2 1 1 5 on four vertices with
	// the arcs 1 → 2 and 3 → 4 (here from 0). Vertices 0 and 2 are at
	// level 1, so the value is ω·(2 ⊕ 1) + (1 ⊕ 5), and the winning move
	// gives the sample's answer, 1 5 1 5.
	a, _ := games.Ask(context.Background(), games.Query{
		Ruleset:   "dag",
		Positions: []string{"2 1 1 5; 0>1 2>3"},
		Moves:     true,
	}, nil)
	fmt.Println(a.Value, a.Winner)
	fmt.Println(a.Moves[0].Position)
	// Output:
	// *(ω·3 + 4) first
	// 1 5 1 5; 0>1 2>3
}
