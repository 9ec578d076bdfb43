package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/games/graph"
)

func graphCommands() []area {
	return []area{
		{name: "hackenbush", summary: "Green Hackenbush on a graph",
			usage: "[FILE]", run: runHackenbush, example: `printf '3 3\n0 1\n1 2\n2 0\n' | grundy hackenbush`,
			more: []string{
				"FILE (or stdin): \"n m\", then m lines \"u v\"; vertex 0 is the ground; loops and repeated edges allowed",
				"prints the value, first or second, then each winning cut by its 0-based edge line",
				"the value comes from the colon and fusion principles",
			}},
		{name: "cointree", summary: "coin flipping on a rooted tree (turn a head and any descendants)",
			usage: "[FILE]", run: runCoinTree, example: `printf '4\n0 1 0\nHTHH\n' | grundy cointree`,
			more: []string{
				"FILE: n, the parents of nodes 1..n−1 (node 0 the root), a line of n H or T",
				"prints the value (the nim-sum of 2^height over the heads), first or second, then per head with a winning move: the head and the descendants to turn",
			}},
		{name: "leafdel", summary: "leaf deletion on a rooted tree (whoever deletes the root wins)",
			usage: "[FILE]", run: runLeafDel, example: `printf '4\n0 1 0\n' | grundy leafdel`,
			more: []string{
				"FILE: n, then the parents of nodes 1..n−1; prints the Grundy value (? past the search limit), first or second, and a winning move: the leaves to delete",
				"who wins follows the forks rule: the first player wins when some leaf is an odd number of edges below its nearest fork (a path: when its node count is odd)",
			}},
		{name: "dag", summary: "the DAG game of Codeforces 1149E, in its input and output formats",
			usage: "[FILE]", run: runDAG, flags: []flag{{name: "value", help: "first print the ordinal value"}}, example: `printf '3 3\n1 2 3\n1 2\n2 3\n1 3\n' | grundy dag`,
			more: []string{
				"prints WIN and the numbers after a winning move, or LOSE",
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

func writeOutcome(e *env, wins bool) {
	if wins {
		fmt.Fprintln(e.out, "first")
	} else {
		fmt.Fprintln(e.out, "second")
	}
}

func runHackenbush(e *env, args []string) error {
	r, name, done, err := openInput(e, args)
	if err != nil {
		return err
	}
	defer done()
	g, err := graph.ReadGraph(r, name)
	if err != nil {
		return err
	}
	rules, err := games.Lookup("hackenbush")
	if err != nil {
		return err
	}
	p := g.Position()
	eng := games.NewEngine(rules, nil)
	v, err := eng.Grundy(e.ctx, p)
	if err != nil {
		return err
	}
	moves, err := eng.WinningMoves(e.ctx, p, games.Left, false)
	if err != nil {
		return err
	}
	cuts := make([]int, len(moves))
	for i, m := range moves {
		cuts[i] = int(m.How.(graph.Cut))
	}
	slices.Sort(cuts)
	return e.emit(struct {
		Value  decimal `json:"value"`
		Winner string  `json:"winner"`
		Cuts   []int   `json:"cuts"`
	}{decimal(v), winner(v != 0), cuts}, func() {
		fmt.Fprintln(e.out, v)
		writeOutcome(e, v != 0)
		for _, i := range cuts {
			fmt.Fprintln(e.out, i)
		}
	})
}

func runCoinTree(e *env, args []string) error {
	r, name, done, err := openInput(e, args)
	if err != nil {
		return err
	}
	defer done()
	c, err := graph.ReadCoinTree(r, name)
	if err != nil {
		return err
	}
	v := c.Value()
	moves := c.WinningMoves()
	return e.emit(struct {
		Value  string           `json:"value"`
		Winner string           `json:"winner"`
		Moves  []graph.CoinMove `json:"moves"`
	}{v.String(), winner(v.Sign() != 0), nonNil(moves)}, func() {
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

func runLeafDel(e *env, args []string) error {
	r, name, done, err := openInput(e, args)
	if err != nil {
		return err
	}
	defer done()
	t, err := graph.ReadTree(r, name)
	if err != nil {
		return err
	}
	var value *decimal // nil when the search is too large
	if c, err := graph.LeafDeletion(e.ctx, t, &budget.Options{Limit: graph.LeafDeletionLimit}); err == nil {
		value = new(decimal(c.Value()))
	} else if !errors.Is(err, budget.ErrTooLarge) {
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
	r, name, done, err := openInput(e, args)
	if err != nil {
		return err
	}
	defer done()
	d, err := graph.ReadDAG(r, name)
	if err != nil {
		return err
	}
	rules, err := games.Lookup("dag")
	if err != nil {
		return err
	}
	moves, err := games.NewEngine(rules, nil).WinningMoves(e.ctx, d, games.Left, false)
	if err != nil {
		return err
	}
	var next []uint64
	ok := len(moves) > 0
	if ok {
		next = moves[0].To.(*graph.DAG).Numbers()
	}
	if e.json {
		var after []decimal
		if ok {
			after = decimals(next)
		}
		return e.emit(struct {
			Value  string    `json:"value"`
			Winner string    `json:"winner"`
			After  []decimal `json:"after"`
		}{d.Nimber().String(), winner(ok), after}, nil)
	}
	if e.flags.has("value") {
		fmt.Fprintln(e.out, d.Nimber())
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
