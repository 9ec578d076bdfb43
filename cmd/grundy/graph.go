package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/nimbers/grundy/games/graph"
	"github.com/nimbers/grundy/internal/cli"
	"github.com/nimbers/grundy/internal/scan"
)

func graphCommands() []cli.Command {
	return []cli.Command{
		{Name: "hackenbush", Run: solveInput(graph.ReadGraph, func(e *cli.Env, g *graph.Graph) (*graph.HackenbushResult, error) {
			return g.Solve(e.Ctx)
		})},
		{Name: "cointree", Run: solveInput(graph.ReadCoinTree, func(_ *cli.Env, c *graph.CoinTree) (*graph.CoinTreeResult, error) {
			return c.Solve(), nil
		})},
		{Name: "leafdel", Run: solveInput(graph.ReadTree, func(e *cli.Env, t *graph.Tree) (*graph.LeafDeletionResult, error) {
			return graph.SolveLeafDeletion(e.Ctx, t)
		})},
		{Name: "dag", Run: runDAG, Flags: []cli.Flag{{Name: "value", Help: "first print the ordinal value"}}},
	}
}

// openInput opens the only operand, or stdin without one.
func openInput(e *cli.Env, args []string) (io.Reader, string, func(), error) {
	switch len(args) {
	case 0:
		return e.Stdin, "stdin", func() {}, nil
	case 1:
		f, err := os.Open(args[0])
		if err != nil {
			return nil, "", nil, scan.PathError(err)
		}
		return f, args[0], func() { f.Close() }, nil
	}
	return nil, "", nil, cli.WantOperands("at most 1 operand (an input file)", len(args))
}

// readInput reads the only operand, or stdin without one, with read.
func readInput[T any](e *cli.Env, args []string, read func(r io.Reader, name string) (T, error)) (T, error) {
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
func solveInput[T any, R io.WriterTo](read func(r io.Reader, name string) (T, error), solve func(*cli.Env, T) (R, error)) func(*cli.Env, []string) error {
	return func(e *cli.Env, args []string) error {
		x, err := readInput(e, args, read)
		if err != nil {
			return err
		}
		res, err := solve(e, x)
		if err != nil {
			return err
		}
		return e.EmitTo(res)
	}
}

func runDAG(e *cli.Env, args []string) error {
	d, err := readInput(e, args, graph.ReadDAG)
	if err != nil {
		return err
	}
	res := d.Solve()
	return e.Emit(res, func() {
		if e.Flags.Has("value") {
			fmt.Fprintln(e.Out, res.Value)
		}
		if res.After == nil {
			fmt.Fprintln(e.Out, "LOSE")
			return
		}
		fmt.Fprintf(e.Out, "WIN\n%s\n", strings.Join(res.After, " "))
	})
}
