package main

import (
	"context"
	"errors"
	"fmt"
	"github.com/nimbers/grundy/outcome"
	"os"
	"strconv"
	"strings"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games/graph"
	"github.com/nimbers/grundy/loopy"
	"github.com/nimbers/grundy/sg"
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
			budgetOf("moves examined", loopyDefaultLimit, "the moves examined, estimated first as the vertices plus the arcs times (the most arcs from one vertex + 3)"),
			memoryOf(graph.DefaultMemory, "the bytes of a graph and its analysis (about 120 a vertex and 24 an arc), checked before the arcs are read"),
			outputOf("bytes", loopyDefaultOutput, "the bytes of the lines printed for every vertex"),
		}}
}

// The default limits of loopy: --budget, about three seconds of moves
// examined; --max-memory; --max-output, the bytes of a line for every
// vertex.
const (
	loopyDefaultLimit  = 1 << 28
	loopyDefaultOutput = 1 << 26
)

var outcomeWord = map[outcome.Class]string{outcome.N: "win", outcome.P: "loss", outcome.D: "draw"}

func loopyJSON(l loopy.Value) any {
	var rem, val *int
	if l.Remoteness >= 0 {
		rem = &l.Remoteness
	}
	if l.Value >= 0 {
		val = &l.Value
	}
	return struct {
		Outcome    string `json:"outcome"`
		Remoteness *int   `json:"remoteness"`
		Value      *int   `json:"value"`
		Infinity   []int  `json:"infinity"`
	}{outcomeWord[l.Outcome], rem, val, l.Infinity}
}

func loopyLine(v int, l loopy.Value) string {
	rem := "-"
	if l.Remoteness >= 0 {
		rem = strconv.Itoa(l.Remoteness)
	}
	val := strconv.Itoa(l.Value)
	if l.Infinite() {
		ks := make([]string, len(l.Infinity))
		for i, k := range l.Infinity {
			ks[i] = strconv.Itoa(k)
		}
		val = "∞{" + strings.Join(ks, ",") + "}"
	}
	return fmt.Sprintf("%d %s %s %s", v, outcomeWord[l.Outcome], rem, val)
}

func runLoopy(e *env, args []string) error {
	f := e.flags
	limit := (&budget.Options{Limit: f.limit("budget")}).Max(loopyDefaultLimit)
	mem := (&budget.Options{Memory: f.limit("max-memory")}).MaxMemory(graph.DefaultMemory)
	maxOut := (&budget.Options{Limit: f.limit("max-output")}).Max(loopyDefaultOutput)
	var d *graph.Digraph
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
		if d, err = loopySubtraction(args[1:], f.int("n"), limit, mem); err != nil {
			return err
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
		// A line for every vertex: its number and at least "win 1 1",
		// and a value of the options' for each arc at most.
		if est := loopyOutput(d, e.json); est > maxOut {
			return tooLarge(&budget.TooLargeError{What: fmt.Sprintf("printing the %d vertices", d.Len()), Unit: "bytes", Estimate: est, Limit: maxOut}, "--max-output")
		}
	}
	res, err := loopy.Analyze(e.ctx, d, &budget.Options{Limit: limit})
	var tl *budget.TooLargeError
	if errors.As(err, &tl) {
		return tooLarge(err, "--budget")
	}
	if err != nil {
		return err
	}
	// The vertices' JSON is built only for --json: it takes far more
	// memory than the results.
	var vs []any
	if e.json {
		vs = make([]any, len(res))
		for v, l := range res {
			vs[v] = loopyJSON(l)
		}
	}
	out := struct {
		Vertices []any `json:"vertices"`
		Start    *int  `json:"start,omitempty"`
		Moves    []int `json:"moves,omitempty"`
	}{Vertices: vs}
	var moves []int
	if start >= 0 {
		for _, u := range loopy.BestMoves(d, res, start) {
			moves = append(moves, int(u))
		}
		out.Start, out.Moves = &start, append([]int{}, moves...)
	}
	return e.emit(out, func() {
		w := e.commit()
		if start >= 0 {
			fmt.Fprintln(w, loopyLine(start, res[start]))
			for _, u := range moves {
				fmt.Fprintf(w, "move to %s\n", loopyLine(u, res[u]))
			}
			return
		}
		for v, l := range res {
			fmt.Fprintln(w, loopyLine(v, l))
		}
	})
}

// loopyOutput estimates the bytes of the lines of every vertex of d: at
// least its number and " win 1 1\n", and for each arc at most a value
// in an ∞ set; in JSON, about 64 bytes a vertex.
func loopyOutput(d *graph.Digraph, json bool) float64 {
	n := d.Len()
	if json {
		return 64 * float64(n)
	}
	digits, arcs := 0.0, 0
	for p, k := 1, 1; p <= n; p, k = p*10, k+1 {
		digits += float64(k) * float64(min(n, p*10)-p)
	}
	for v := range n {
		arcs += len(d.Out(v))
	}
	return digits + 9*float64(n) + 2*float64(arcs)
}

// loopySubtraction builds the game of "loopy subtraction TAKE ADD -n N",
// refusing at once one whose analysis would pass limit.
func loopySubtraction(args []string, n int, limit, mem float64) (*graph.Digraph, error) {
	if len(args) != 2 {
		return nil, errOperands("the sizes to take and the sizes to add", len(args))
	}
	var sets [2][]int
	for i, a := range args {
		if a == "-" {
			continue
		}
		for _, f := range strings.Split(a, ",") {
			v, err := parseInt(f)
			if err != nil || v < 1 || v > graph.MaxVertices {
				return nil, fmt.Errorf("loopy subtraction: %q is not a positive size (in %q)", f, a)
			}
			sets[i] = append(sets[i], v)
		}
	}
	// The analysis examines about the arcs times (the most from one heap
	// + 3), as for a graph file.
	moves := len(sets[0]) + len(sets[1])
	if est := float64(n+1) * float64(moves) * float64(moves+3); est > limit {
		return nil, tooLarge(&budget.TooLargeError{What: fmt.Sprintf("the heaps up to %d", n), Unit: "moves examined", Estimate: est, Limit: limit}, "--budget")
	}
	if est := graph.DigraphMemory(n+1, (n+1)*moves); est > mem {
		return nil, tooLarge(&budget.TooLargeError{What: fmt.Sprintf("the heaps up to %d", n), Unit: "bytes", Estimate: est, Limit: mem}, "--max-memory")
	}
	return graph.LoopySubtraction(sets[0], sets[1], n)
}

// loopyComponent reads "loopy FILE [START]": a game graph and the vertex
// of its token, given or the file's start vertex.
func loopyComponent(ctx context.Context, s string, f []string) (*component, error) {
	if len(f) > 1 && f[1] == "subtraction" {
		if len(f) != 6 {
			return nil, fmt.Errorf("%q: loopy subtraction takes the sizes to take, the sizes to add, the bound N and a heap", clip(s))
		}
		n, err1 := parseInt(f[4])
		h, err2 := parseInt(f[5])
		if err1 != nil || err2 != nil || n < 0 || n >= graph.MaxVertices || h < 0 || h > n {
			return nil, fmt.Errorf("%q: want a bound N and a heap from 0 to N, got %q and %q", clip(s), f[4], f[5])
		}
		d, err := loopySubtraction(f[2:4], n, loopyDefaultLimit, graph.DefaultMemory)
		if err != nil {
			return nil, fmt.Errorf("%q: %w", clip(s), err)
		}
		u, err := d.Component(ctx, h, &budget.Options{Limit: loopyDefaultLimit})
		if err != nil {
			return nil, fmt.Errorf("%q: %w", clip(s), err)
		}
		return &component{desc: s, units: []sg.Component{u}}, nil
	}
	if len(f) != 2 && len(f) != 3 {
		return nil, fmt.Errorf("%q: loopy takes a file and, unless the file gives one, a start vertex", clip(s))
	}
	file, err := os.Open(f[1])
	if err != nil {
		return nil, fmt.Errorf("%q: %w", clip(s), fileError(err))
	}
	defer file.Close()
	d, start, err := graph.ReadDigraph(file, f[1], nil)
	if err != nil {
		return nil, err
	}
	if len(f) == 3 {
		if start, err = parseInt(f[2]); err != nil {
			return nil, fmt.Errorf("%q: start vertex %q is not a number", clip(s), f[2])
		}
	}
	if start < 0 && len(f) == 2 {
		return nil, fmt.Errorf("%q: %s gives no start vertex: add one after the file", clip(s), f[1])
	}
	u, err := d.Component(ctx, start, &budget.Options{Limit: loopyDefaultLimit})
	if err != nil {
		return nil, fmt.Errorf("%q: %w", clip(s), err)
	}
	return &component{desc: s, units: []sg.Component{u}}, nil
}
