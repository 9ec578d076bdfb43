package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/nimbers/grundy/games/graph"
	"github.com/nimbers/grundy/internal/scan"
)

// maxGraphItems bounds the vertices and edges of a graph file.
const maxGraphItems = 1 << 24

// leafSearchPositions bounds the search for a leaf-deletion value.
const leafSearchPositions = 1 << 20

func graphCommands() []area {
	return []area{
		{name: "hackenbush", summary: "Green Hackenbush on a graph",
			usage: "[FILE]", run: runHackenbush, example: "grundy hackenbush testdata/triangle.txt",
			more: []string{
				"FILE (or stdin): \"n m\", then m lines \"u v\"; vertex 0 is the ground; loops and repeated edges allowed",
				"prints the value, first or second, then each winning cut by its 0-based edge line",
				"the value comes from the colon and fusion principles",
			}},
		{name: "cointree", summary: "coin flipping on a rooted tree (turn a head and any descendants)",
			usage: "[FILE]", run: runCoinTree, example: "grundy cointree testdata/cointree.txt",
			more: []string{
				"FILE: n, the parents of nodes 1..n−1 (node 0 the root), a line of n H or T",
				"prints the value (the nim-sum of 2^height over the heads), first or second, then per head",
				"with a winning move: the head and the descendants to turn",
			}},
		{name: "leafdel", summary: "leaf deletion on a rooted tree (whoever deletes the root wins)",
			usage: "[FILE]", run: runLeafDel, example: "grundy leafdel testdata/leafdel.txt",
			more: []string{
				"FILE: n, then the parents of nodes 1..n−1; prints the Grundy value (? past the search limit),",
				"first or second, and a winning move: the leaves to delete",
				"who wins follows the forks rule: the first player wins when some leaf is an odd number of edges",
				"below its nearest fork (a path: when its node count is odd)",
			}},
		{name: "dag", summary: "the DAG game of Codeforces 1149E, in its input and output formats",
			usage: "[--value] [FILE]", run: runDAG, example: "grundy dag testdata/dag.txt",
			more: []string{
				"prints WIN and the numbers after a winning move, or LOSE; --value first prints the ordinal value",
			}},
	}
}

// openInput opens the only operand, or stdin without one.
func openInput(e *env, args []string) (io.Reader, string, func(), error) {
	switch len(args) {
	case 0:
		return e.stdin, "stdin", func() {}, nil
	case 1:
		f, err := os.Open(args[0])
		if err != nil {
			return nil, "", nil, fileError(err)
		}
		return f, args[0], func() { f.Close() }, nil
	}
	return nil, "", nil, errOperands("at most 1 operand (an input file)", len(args))
}

// graphError turns a constructor's error into a message about the file.
func graphError(name string, err error) error {
	if errors.Is(err, graph.ErrInput) {
		return fmt.Errorf("%s: %s", name, err)
	}
	return err
}

func writeOutcome(e *env, wins bool) {
	if wins {
		fmt.Fprintln(e.out, "first")
	} else {
		fmt.Fprintln(e.out, "second")
	}
}

// vertex reads a vertex number from base to n-1+base, returned less base.
func vertex(in *scan.Tokens, what string, n, base int) (int, error) {
	v, err := in.Nimber(what)
	if err != nil {
		return 0, err
	}
	if uint64(v) < uint64(base) || uint64(v) > uint64(n-1+base) {
		return 0, in.Errorf("%s %d is not a vertex (%d to %d)", what, uint64(v), base, n-1+base)
	}
	return int(v) - base, nil
}

func runHackenbush(e *env, args []string) error {
	r, name, done, err := openInput(e, args)
	if err != nil {
		return err
	}
	defer done()
	g, err := readHackenbush(r, name)
	if err != nil {
		return err
	}
	v := g.Value()
	cuts := g.WinningMoves()
	return e.emit(struct {
		Value  decimal `json:"value"`
		Winner string  `json:"winner"`
		Cuts   []int   `json:"cuts"`
	}{decimal(v), winner(v != 0), append([]int{}, cuts...)}, func() {
		fmt.Fprintln(e.out, v)
		writeOutcome(e, v != 0)
		for _, i := range cuts {
			fmt.Fprintln(e.out, i)
		}
	})
}

// readHackenbush reads a graph: "n m", then m lines "u v".
func readHackenbush(r io.Reader, name string) (*graph.Graph, error) {
	in := scan.New(name, r)
	n, err := in.Count("the number of vertices", maxGraphItems)
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, in.Errorf("no vertices: vertex 0, the ground, is missing")
	}
	m, err := in.Count("the number of edges", maxGraphItems)
	if err != nil {
		return nil, err
	}
	edges := make([][2]int, 0, min(m, 1<<16)) // grown as read: the counts may lie
	for i := range m {
		var e [2]int
		for j := range 2 {
			if e[j], err = vertex(in, fmt.Sprintf("edge %d: vertex", i), n, 0); err != nil {
				return nil, err
			}
		}
		edges = append(edges, e)
	}
	if err := in.Finish(fmt.Sprintf("the %d edges", m)); err != nil {
		return nil, err
	}
	g, err := graph.NewGraph(n, edges)
	if err != nil {
		return nil, graphError(name, err)
	}
	return g, nil
}

// readTree reads n and the parents of nodes 1..n-1.
func readTree(in *scan.Tokens, name string) (*graph.Tree, error) {
	n, err := in.Count("the number of nodes", maxGraphItems)
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, in.Errorf("no nodes: the root, node 0, is missing")
	}
	parents := make([]int, 0, min(n-1, 1<<16))
	for i := range n - 1 {
		p, err := vertex(in, fmt.Sprintf("node %d: parent", i+1), n, 0)
		if err != nil {
			return nil, err
		}
		parents = append(parents, p)
	}
	t, err := graph.NewTree(parents)
	if err != nil {
		return nil, graphError(name, err)
	}
	return t, nil
}

func runCoinTree(e *env, args []string) error {
	r, name, done, err := openInput(e, args)
	if err != nil {
		return err
	}
	defer done()
	c, err := readCoinTree(r, name)
	if err != nil {
		return err
	}
	v := c.Value()
	moves := c.WinningMoves()
	type move struct {
		Head int   `json:"head"`
		Turn []int `json:"turn"`
	}
	ms := make([]move, len(moves))
	for i, m := range moves {
		ms[i] = move{int(m.Node), intSlice(m.Flip)}
	}
	return e.emit(struct {
		Value  string `json:"value"`
		Winner string `json:"winner"`
		Moves  []move `json:"moves"`
	}{v.String(), winner(v.Sign() != 0), ms}, func() {
		fmt.Fprintln(e.out, v)
		writeOutcome(e, v.Sign() != 0)
		writeCoinMoves(e, "", moves)
	})
}

// writeCoinMoves writes each move as the head, then the descendants
// turned, after a prefix.
func writeCoinMoves(e *env, prefix string, moves []graph.CoinMove) {
	buf := make([]byte, 0, 64)
	for _, m := range moves {
		buf = strconv.AppendInt(append(buf[:0], prefix...), int64(m.Node), 10)
		for _, f := range m.Flip {
			buf = append(buf, ' ')
			buf = strconv.AppendInt(buf, int64(f), 10)
		}
		buf = append(buf, '\n')
		e.out.Write(buf)
	}
}

// readCoinTree reads n, the parents of nodes 1..n-1 and n coins H or T.
func readCoinTree(r io.Reader, name string) (*graph.CoinTree, error) {
	in := scan.New(name, r)
	t, err := readTree(in, name)
	if err != nil {
		return nil, err
	}
	heads := make([]bool, 0, t.Len())
	for len(heads) < t.Len() {
		tok := in.Next()
		if tok == nil {
			return nil, in.Errorf("input ends early: %d coins of %d (H or T)", len(heads), t.Len())
		}
		for _, c := range tok {
			if c != 'H' && c != 'T' {
				return nil, in.Errorf("coin %d: %q is not H or T", len(heads), c)
			}
			if len(heads) == t.Len() {
				return nil, in.Errorf("more than %d coins", t.Len())
			}
			heads = append(heads, c == 'H')
		}
	}
	if err := in.Finish(fmt.Sprintf("the %d coins", t.Len())); err != nil {
		return nil, err
	}
	c, err := graph.NewCoinTree(t, heads)
	if err != nil {
		return nil, graphError(name, err)
	}
	return c, nil
}

func runLeafDel(e *env, args []string) error {
	r, name, done, err := openInput(e, args)
	if err != nil {
		return err
	}
	defer done()
	in := scan.New(name, r)
	t, err := readTree(in, name)
	if err != nil {
		return err
	}
	if err := in.Finish(fmt.Sprintf("the %d parents", t.Len()-1)); err != nil {
		return err
	}
	var value *decimal // nil when the search is too large
	if v, err := graph.LeafDeletionGrundy(t, leafSearchPositions); err == nil {
		value = new(decimal(v))
	} else if !errors.Is(err, graph.ErrSearchTooLarge) {
		return err
	}
	move, wins := graph.LeafDeletionMove(t)
	var del []int
	if wins {
		del = intSlice(move)
	}
	return e.emit(struct {
		Value  *decimal `json:"value"`
		Winner string   `json:"winner"`
		Delete []int    `json:"delete"`
	}{value, winner(wins), del}, func() {
		if value != nil {
			fmt.Fprintln(e.out, uint64(*value))
		} else {
			fmt.Fprintln(e.out, "?")
		}
		writeOutcome(e, wins)
		if wins {
			writeNumbers(e, move)
		}
	})
}

// writeNumbers writes the non-negative numbers on one line.
func writeNumbers[T int | uint64](e *env, xs []T) {
	buf := make([]byte, 0, 1<<12)
	for i, x := range xs {
		if i > 0 {
			buf = append(buf, ' ')
		}
		buf = strconv.AppendUint(buf, uint64(x), 10)
		if len(buf) > 1<<12-24 {
			e.out.Write(buf)
			buf = buf[:0]
		}
	}
	e.out.Write(append(buf, '\n'))
}

func runDAG(e *env, args []string) error {
	args, _, set, err := flagArgs(args, nil, []string{"value"})
	if err != nil {
		return err
	}
	r, name, done, err := openInput(e, args)
	if err != nil {
		return err
	}
	defer done()
	in := scan.New(name, r)
	n, err := in.Count("n", maxGraphItems)
	if err != nil {
		return err
	}
	m, err := in.Count("m", maxGraphItems)
	if err != nil {
		return err
	}
	h := make([]uint64, 0, min(n, 1<<16))
	for i := range n {
		v, err := in.Nimber(fmt.Sprintf("the number on vertex %d", i+1))
		if err != nil {
			return err
		}
		h = append(h, uint64(v))
	}
	arcs := make([][2]int, 0, min(m, 1<<16))
	for i := range m {
		var a [2]int
		for j := range 2 {
			if a[j], err = vertex(in, fmt.Sprintf("arc %d: vertex", i+1), n, 1); err != nil {
				return err
			}
		}
		arcs = append(arcs, a)
	}
	if err := in.Finish(fmt.Sprintf("the %d arcs", m)); err != nil {
		return err
	}
	d, err := graph.NewDAG(h, arcs)
	var cyc *graph.CycleError
	if errors.As(err, &cyc) {
		return fmt.Errorf("%s: vertex %d is on a directed cycle", name, cyc.Vertex+1)
	} else if err != nil {
		return graphError(name, err)
	}
	next, ok := d.WinningMove()
	if e.json {
		var after []decimal
		if ok {
			after = decimals(next)
		}
		return e.emit(struct {
			Value  string    `json:"value"`
			Winner string    `json:"winner"`
			After  []decimal `json:"after"`
		}{d.Value().String(), winner(ok), after}, nil)
	}
	if set["value"] {
		fmt.Fprintln(e.out, d.Value())
	}
	if !ok {
		fmt.Fprintln(e.out, "LOSE")
		return nil
	}
	fmt.Fprintln(e.out, "WIN")
	writeNumbers(e, next)
	return nil
}

// intSlice converts vertex or node numbers to int.
func intSlice[T ~int32 | ~int](xs []T) []int {
	out := make([]int, len(xs))
	for i, x := range xs {
		out[i] = int(x)
	}
	return out
}
