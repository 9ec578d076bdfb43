package loopy

import (
	"bufio"
	"context"
	"fmt"
	"io"

	"github.com/nimbers/grundy/budget"
)

// A Report is the analysis of a digraph, with the good moves from a start
// position when there is one; its JSON is that of grundy loopy --json.
type Report struct {
	Vertices []Value `json:"vertices"`        // what Analyze finds of each position
	Start    *int    `json:"start,omitempty"` // the start position, if any
	Moves    []int   `json:"moves,omitempty"` // the best moves from Start
}

// NewReport analyses g as Analyze does, under opt, and when start ≥ 0
// lists the best moves from it: to P-positions from an N-position, to
// draws from a draw, and the longest-delaying ones from a P-position.
func NewReport(ctx context.Context, g Digraph, start int, opt *budget.Options) (*Report, error) {
	res, err := Analyze(ctx, g, opt)
	if err != nil {
		return nil, err
	}
	r := &Report{Vertices: res}
	if start >= 0 {
		r.Start = &start
		for _, u := range bestMoves(g, res, start) {
			r.Moves = append(r.Moves, int(u))
		}
	}
	return r, nil
}

// WriteTo writes r as grundy loopy prints it: with a start position, its
// number and Value, then "move to U VALUE" for each best move; else each
// position's number and Value a line. It returns the bytes written and
// the first error.
func (r *Report) WriteTo(w io.Writer) (int64, error) {
	b := bufio.NewWriter(w)
	var n int64
	line := func(format string, args ...any) {
		k, _ := fmt.Fprintf(b, format, args...)
		n += int64(k)
	}
	if r.Start != nil {
		line("%d %v\n", *r.Start, r.Vertices[*r.Start])
		for _, u := range r.Moves {
			line("move to %d %v\n", u, r.Vertices[u])
		}
	} else {
		for v, l := range r.Vertices {
			line("%d %v\n", v, l)
		}
	}
	return n, b.Flush()
}

// ReportBytes estimates the bytes of a report of every position of g
// (start −1), from g alone: as WriteTo writes it, at least each
// position's number and " win 1 1\n", and for each move at most a value
// of an ∞ set; in JSON, about 64 bytes a position.
func ReportBytes(g Digraph, json bool) float64 {
	n := g.Len()
	if json {
		return 64 * float64(n)
	}
	digits, arcs := float64(min(n, 1)), 0 // position 0's digit, then those of 1 to n−1
	for p, k := 1, 1; p < n; p, k = p*10, k+1 {
		digits += float64(k) * float64(min(n, p*10)-p)
	}
	for v := range n {
		arcs += len(g.Out(v))
	}
	return digits + 9*float64(n) + 2*float64(arcs)
}
