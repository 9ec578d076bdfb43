package main

import (
	"errors"
	"fmt"

	"github.com/nimbers/grundy/games/graph"
	"github.com/nimbers/grundy/internal/cli"
)

func loopyCommand() cli.Command {
	return cli.Command{Name: "loopy", Run: runLoopy, Flags: []cli.Flag{
		{Name: "n", Arg: "N", Kind: cli.Int, Lo: 0, Hi: graph.MaxVertices - 1, Help: "the largest heap of loopy subtraction"},
		{Name: "start", Arg: "H", Kind: cli.Int, Lo: 0, Hi: graph.MaxVertices - 1, Help: "the start heap of loopy subtraction"},
		cli.BudgetFlag("moves examined", graph.LoopyLimit, "the moves examined, estimated first as the vertices plus the arcs times (the most arcs from one vertex + 3)"),
		cli.MemoryFlag(graph.DefaultMemory, "the bytes of a graph and its analysis (about 120 a vertex and 24 an arc), checked before the arcs are read"),
		cli.OutputFlag("bytes", graph.LoopyOutput, "the bytes of the lines printed for every vertex"),
	}}
}

func runLoopy(e *cli.Env, args []string) error {
	f := e.Flags
	g := graph.LoopyGame{Start: -1, Limit: f.Limit("budget"), Memory: f.Limit("max-memory"), Output: f.Limit("max-output"), JSON: e.JSON}
	if len(args) > 0 && args[0] == "subtraction" {
		if !f.Has("n") {
			return fmt.Errorf("missing flag -n")
		}
		if err := f.Within("start", 0, f.Int("n")); err != nil {
			return err
		} else if f.Has("start") {
			g.Start = f.Int("start")
		}
		if len(args) != 3 {
			return cli.WantOperands("the sizes to take and the sizes to add", len(args)-1)
		}
		g.Take, g.Add, g.N = args[1], args[2], f.Int("n")
	} else {
		for _, name := range []string{"n", "start"} {
			if f.Has(name) {
				return fmt.Errorf("--%s goes with loopy subtraction", name)
			}
		}
		r, name, done, err := openInput(e, args)
		if err != nil {
			return err
		}
		defer done()
		g.In, g.Name = r, name
	}
	r, err := g.Report(e.Ctx)
	switch {
	case errors.Is(err, graph.ErrLoopyOutput):
		return cli.TooLarge(err, "--max-output")
	case err != nil:
		return cli.LimitError(err)
	}
	return e.Emit(r, func() { r.WriteTo(e.Commit()) })
}
