package main

import (
	"fmt"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games/graph"
	"github.com/nimbers/grundy/games/heap"
	"github.com/nimbers/grundy/internal/cli"
	"github.com/nimbers/grundy/loopy"
)

func loopyCommand() cli.Command {
	return cli.Command{Name: "loopy", Run: runLoopy, Flags: []cli.Flag{
		{Name: "n", Arg: "N", Kind: cli.Int, Lo: 0, Hi: graph.MaxVertices - 1, Help: "the largest heap of loopy subtraction"},
		{Name: "start", Arg: "H", Kind: cli.Int, Lo: 0, Hi: graph.MaxVertices - 1, Help: "the start heap of loopy subtraction"},
		cli.BudgetFlag("moves examined", graph.LoopyLimit, "the moves examined, estimated first as the vertices plus the arcs times (the most arcs from one vertex + 3)"),
		cli.MemoryFlag(graph.DefaultMemory, "the bytes of a graph and its analysis (about 120 a vertex and 24 an arc), checked before the arcs are read"),
		cli.OutputFlag("bytes", loopyDefaultOutput, "the bytes of the lines printed for every vertex"),
	}}
}

// loopyDefaultOutput is the default of loopy's --max-output, the bytes of
// a line for every vertex.
const loopyDefaultOutput = 1 << 26

func runLoopy(e *cli.Env, args []string) error {
	f := e.Flags
	limit := (&budget.Options{Limit: f.Limit("budget")}).Max(graph.LoopyLimit)
	mem := (&budget.Options{Memory: f.Limit("max-memory")}).MaxMemory(graph.DefaultMemory)
	maxOut := (&budget.Options{Limit: f.Limit("max-output")}).Max(loopyDefaultOutput)
	var d loopy.Digraph
	var err error
	start := -1
	if len(args) > 0 && args[0] == "subtraction" {
		if !f.Has("n") {
			return fmt.Errorf("missing flag -n")
		}
		if err := f.Within("start", 0, f.Int("n")); err != nil {
			return err
		} else if f.Has("start") {
			start = f.Int("start")
		}
		if len(args) != 3 {
			return cli.WantOperands("the sizes to take and the sizes to add", len(args)-1)
		}
		if d, err = heap.LoopySubtraction(args[1], args[2], f.Int("n"), &budget.Options{Limit: limit, Memory: mem}); err != nil {
			return cli.LimitError(err)
		}
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
		if d, start, err = graph.ReadDigraph(r, name, &budget.Options{Memory: mem}); err != nil {
			return cli.TooLarge(err, "--max-memory")
		}
	}
	if start < 0 {
		if est := loopy.ReportBytes(d, e.JSON); est > maxOut {
			return cli.TooLarge(&budget.TooLargeError{What: fmt.Sprintf("printing the %d vertices", d.Len()), Unit: "bytes", Estimate: est, Limit: maxOut}, "--max-output")
		}
	}
	r, err := loopy.NewReport(e.Ctx, d, start, &budget.Options{Limit: limit})
	if err != nil {
		return cli.TooLarge(err, "--budget")
	}
	return e.Emit(r, func() { r.WriteTo(e.Commit()) })
}
