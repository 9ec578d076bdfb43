package main

import (
	"context"
	"io"
	"os"

	"github.com/nimbers/grundy/games/graph"
	"github.com/nimbers/grundy/internal/cli"
	"github.com/nimbers/grundy/internal/scan"
)

func graphCommands() []cli.Command {
	return []cli.Command{
		{Name: "hackenbush", Run: solveInput(graph.ReadGraph, (*graph.Graph).Solve)},
		{Name: "cointree", Run: solveInput(graph.ReadCoinTree, func(c *graph.CoinTree, _ context.Context) (*graph.CoinTreeResult, error) {
			return c.Solve(), nil
		})},
		{Name: "leafdel", Run: solveInput(graph.ReadTree, (*graph.Tree).SolveLeafDeletion)},
		{Name: "dag", Run: runDAG, Flags: []cli.Flag{{Name: "value", Help: "first print the ordinal value"}}},
	}
}

// openInput opens the only operand, or stdin without one or for "-".
func openInput(e *cli.Env, args []string) (io.Reader, string, func(), error) {
	switch {
	case len(args) == 0 || len(args) == 1 && args[0] == "-":
		return e.Stdin, "stdin", func() {}, nil
	case len(args) == 1:
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
func solveInput[T any, R io.WriterTo](read func(r io.Reader, name string) (T, error), solve func(T, context.Context) (R, error)) func(*cli.Env, []string) error {
	return func(e *cli.Env, args []string) error {
		x, err := readInput(e, args, read)
		if err != nil {
			return err
		}
		res, err := solve(x, e.Ctx)
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
	res.ShowValue = e.Flags.Has("value")
	return e.EmitTo(res)
}
