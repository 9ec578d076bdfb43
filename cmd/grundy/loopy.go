package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games/graph"
	"github.com/nimbers/grundy/sg"
)

func loopyCommand() area {
	return area{name: "loopy", summary: "games on directed graphs with cycles: win, loss or draw, remoteness, generalized Sprague–Grundy values",
		usage: "[FILE]", run: runLoopy, example: "grundy loopy testdata/loopy.txt",
		more: []string{
			"FILE (or stdin): \"n m\", then m arcs \"u v\" (vertices 0..n−1; a move slides a token along an arc, who cannot move loses), then optionally a start vertex",
			"prints per vertex: the vertex, win, loss or draw for the player to move, the remoteness (- for a draw) and the value: a nim value, or ∞ with the finite values of the options, ∞{0,2}",
			"with a start vertex: its line, then its good moves: to the losing options from a win, to the drawn ones from a draw, the longest-delaying ones from a loss",
			"--budget N bounds the moves examined, estimated first as the arcs times (the most arcs from one vertex + 3); default 2^31",
		}}
}

// loopyDefaultLimit is the default --budget of loopy: about a minute.
const loopyDefaultLimit = 1 << 31

var outcomeWord = map[sg.Outcome]string{sg.N: "win", sg.P: "loss", sg.D: "draw"}

func loopyJSON(l sg.Loopy) any {
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

func loopyLine(v int, l sg.Loopy) string {
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
	args, vals, _, err := flagArgs(args, []string{"budget"}, nil)
	if err != nil {
		return err
	}
	limit, err := budgetFlag(vals, "moves examined", loopyDefaultLimit)
	if err != nil {
		return err
	}
	if limit == 0 {
		limit = loopyDefaultLimit
	}
	r, name, done, err := openInput(e, args)
	if err != nil {
		return err
	}
	defer done()
	d, start, err := graph.ReadDigraph(r, name)
	if err != nil {
		return err
	}
	res, err := sg.AnalyzeLoopy(e.ctx, d, &budget.Options{Limit: limit})
	var tl *budget.TooLargeError
	if errors.As(err, &tl) {
		return tooLarge(err, "--budget")
	}
	if err != nil {
		return err
	}
	vs := make([]any, len(res))
	for v, l := range res {
		vs[v] = loopyJSON(l)
	}
	out := struct {
		Vertices []any `json:"vertices"`
		Start    *int  `json:"start,omitempty"`
		Moves    []int `json:"moves,omitempty"`
	}{Vertices: vs}
	var moves []int
	if start >= 0 {
		for _, u := range sg.BestMoves(d, res, start) {
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

// loopyComponent reads "loopy FILE [START]": a game graph and the vertex
// of its token, given or the file's start vertex.
func loopyComponent(ctx context.Context, s string, f []string) (*component, error) {
	if len(f) != 2 && len(f) != 3 {
		return nil, fmt.Errorf("%q: loopy takes a file and, unless the file gives one, a start vertex", clip(s))
	}
	file, err := os.Open(f[1])
	if err != nil {
		return nil, fmt.Errorf("%q: %w", clip(s), fileError(err))
	}
	defer file.Close()
	d, start, err := graph.ReadDigraph(file, f[1])
	if err != nil {
		return nil, err
	}
	if len(f) == 3 {
		if start, err = strconv.Atoi(f[2]); err != nil {
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
