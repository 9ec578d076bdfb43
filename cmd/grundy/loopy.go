package main

import (
	"fmt"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games/graph"
	"github.com/nimbers/grundy/games/heap"
	"github.com/nimbers/grundy/loopy"
)

func loopyCommand() area {
	return area{name: "loopy", summary: "graphs with cycles: win, loss or draw, remoteness, generalized Sprague–Grundy values",
		usage: "[FILE] | subtraction TAKE ADD", run: runLoopy, example: `printf '3 4\n0 1\n1 0\n1 2\n0 0\n' | grundy loopy`,
		more: []string{
			"FILE (or stdin): \"n m\", then m arcs \"u v\" (vertices 0..n−1; a move slides a token along an arc, who cannot move loses), then optionally a start vertex",
			"subtraction TAKE ADD -n N: a heap of at most N tokens; a move removes t tokens for t in TAKE (\"1,2\") or adds a for a in ADD (\"1\", \"-\" for none) to a heap that is not empty while it stays within N; who empties the heap wins; heap h is vertex h, --start H a start heap",
			"prints per vertex: the vertex, win, loss or draw for the player to move, the remoteness (- for a draw) and the value: a nim value, or ∞ with the finite values of the options, ∞{0,2}",
			"with a start vertex: its line, then its good moves: to the losing options from a win, to the drawn ones from a draw, the longest-delaying ones from a loss",
		},
		flags: []flag{
			{name: "n", arg: "N", kind: intFlag, lo: 0, hi: graph.MaxVertices - 1, help: "the largest heap of loopy subtraction"},
			{name: "start", arg: "H", kind: intFlag, lo: 0, hi: graph.MaxVertices - 1, help: "the start heap of loopy subtraction"},
			budgetOf("moves examined", graph.LoopyLimit, "the moves examined, estimated first as the vertices plus the arcs times (the most arcs from one vertex + 3)"),
			memoryOf(graph.DefaultMemory, "the bytes of a graph and its analysis (about 120 a vertex and 24 an arc), checked before the arcs are read"),
			outputOf("bytes", loopyDefaultOutput, "the bytes of the lines printed for every vertex"),
		}}
}

// loopyDefaultOutput is the default of loopy's --max-output, the bytes of
// a line for every vertex.
const loopyDefaultOutput = 1 << 26

func runLoopy(e *env, args []string) error {
	f := e.flags
	limit := (&budget.Options{Limit: f.limit("budget")}).Max(graph.LoopyLimit)
	mem := (&budget.Options{Memory: f.limit("max-memory")}).MaxMemory(graph.DefaultMemory)
	maxOut := (&budget.Options{Limit: f.limit("max-output")}).Max(loopyDefaultOutput)
	var d loopy.Digraph
	var err error
	start := -1
	if len(args) > 0 && args[0] == "subtraction" {
		if !f.has("n") {
			return fmt.Errorf("missing flag -n")
		}
		if err := f.within("start", 0, f.int("n")); err != nil {
			return err
		} else if f.has("start") {
			start = f.int("start")
		}
		if len(args) != 3 {
			return errOperands("the sizes to take and the sizes to add", len(args)-1)
		}
		if d, err = heap.LoopySubtraction(args[1], args[2], f.int("n"), &budget.Options{Limit: limit, Memory: mem}); err != nil {
			return limitError(err)
		}
	} else {
		for _, name := range []string{"n", "start"} {
			if f.has(name) {
				return fmt.Errorf("--%s goes with loopy subtraction", name)
			}
		}
		r, name, done, err := openInput(e, args)
		if err != nil {
			return err
		}
		defer done()
		if d, start, err = graph.ReadDigraph(r, name, &budget.Options{Memory: mem}); err != nil {
			return tooLarge(err, "--max-memory")
		}
	}
	if start < 0 {
		if est := loopy.ReportBytes(d, e.json); est > maxOut {
			return tooLarge(&budget.TooLargeError{What: fmt.Sprintf("printing the %d vertices", d.Len()), Unit: "bytes", Estimate: est, Limit: maxOut}, "--max-output")
		}
	}
	r, err := loopy.NewReport(e.ctx, d, start, &budget.Options{Limit: limit})
	if err != nil {
		return tooLarge(err, "--budget")
	}
	return e.emit(r, func() { r.WriteTo(e.commit()) })
}
