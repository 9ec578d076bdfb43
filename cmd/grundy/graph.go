package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/nimbers/grundy/games/graph"
	"github.com/nimbers/grundy/internal/scan"
)

func graphCommands() []area {
	return []area{
		{name: "hackenbush", summary: "Green Hackenbush on a graph",
			usage: "[FILE]", run: solveInput(graph.ReadGraph, func(e *env, g *graph.Graph) (*graph.HackenbushResult, error) {
				return g.Solve(e.ctx)
			}),
			example: `printf '3 3\n0 1\n1 2\n2 0\n' | grundy hackenbush`,
			more: []string{
				"FILE (or stdin): \"n m\", then m lines \"u v\"; vertex 0 is the ground; loops and repeated edges allowed",
				"prints the value, first or second, then each winning cut by its 0-based edge line",
				"the value comes from the colon and fusion principles",
			}},
		{name: "cointree", summary: "coin flipping on a rooted tree (turn a head and any descendants)",
			usage: "[FILE]", run: solveInput(graph.ReadCoinTree, func(_ *env, c *graph.CoinTree) (*graph.CoinTreeResult, error) {
				return c.Solve(), nil
			}),
			example: `printf '4\n0 1 0\nHTHH\n' | grundy cointree`,
			more: []string{
				"FILE: n, the parents of nodes 1..n−1 (node 0 the root), a line of n H or T",
				"prints the value (the nim-sum of 2^height over the heads), first or second, then per head with a winning move: the head and the descendants to turn",
			}},
		{name: "leafdel", summary: "leaf deletion on a rooted tree (whoever deletes the root wins)",
			usage: "[FILE]", run: solveInput(graph.ReadTree, func(e *env, t *graph.Tree) (*graph.LeafDeletionResult, error) {
				return graph.SolveLeafDeletion(e.ctx, t)
			}),
			example: `printf '4\n0 1 0\n' | grundy leafdel`,
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
			return nil, "", nil, scan.PathError(err)
		}
		return f, args[0], func() { f.Close() }, nil
	}
	return nil, "", nil, errOperands("at most 1 operand (an input file)", len(args))
}

// readInput reads the only operand, or stdin without one, with read.
func readInput[T any](e *env, args []string, read func(r io.Reader, name string) (T, error)) (T, error) {
	r, name, done, err := openInput(e, args)
	if err != nil {
		var zero T
		return zero, err
	}
	defer done()
	return read(r, name)
}

// solveInput returns a verb that reads its only operand, or stdin, with
// read and prints the result solve makes of it.
func solveInput[T any, R io.WriterTo](read func(r io.Reader, name string) (T, error), solve func(*env, T) (R, error)) func(*env, []string) error {
	return func(e *env, args []string) error {
		x, err := readInput(e, args, read)
		if err != nil {
			return err
		}
		res, err := solve(e, x)
		if err != nil {
			return err
		}
		return e.emitTo(res)
	}
}

func runDAG(e *env, args []string) error {
	d, err := readInput(e, args, graph.ReadDAG)
	if err != nil {
		return err
	}
	res := d.Solve()
	return e.emit(res, func() {
		if e.flags.has("value") {
			fmt.Fprintln(e.out, res.Value)
		}
		if res.After == nil {
			fmt.Fprintln(e.out, "LOSE")
			return
		}
		fmt.Fprintf(e.out, "WIN\n%s\n", strings.Join(res.After, " "))
	})
}
