package loopy

import (
	"context"

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
