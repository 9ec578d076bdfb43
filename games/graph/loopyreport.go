package graph

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games/heap"
	"github.com/nimbers/grundy/loopy"
)

// LoopyOutput is the bytes of a report of every position
// (LoopyGame.Report) unless its Output says otherwise: 2^26.
const LoopyOutput = 1 << 26

// ErrLoopyOutput is matched (errors.Is) by the error of LoopyGame.Report
// for a report of every position that would pass its Output bound.
var ErrLoopyOutput = errors.New("loopy report too long")

// A LoopyGame is a loopy impartial game to report on (loopy.Report),
// with its bounds: the game graph read from In, or, when In is nil,
// loopy subtraction (heap.LoopySubtraction).
type LoopyGame struct {
	// In is the input of a game graph (ReadDigraph), with Name naming
	// it in errors; the start position is the one the input gives.
	In   io.Reader
	Name string
	// Take and Add are the sizes loopy subtraction takes and adds on
	// heaps 0 to N; Start is the start heap, −1 for none.
	Take, Add string
	N, Start  int
	// Limit bounds the moves examined (0: LoopyLimit), Memory the bytes
	// of the graph (0: DefaultMemory) and Output the bytes of a report
	// of every position (0: LoopyOutput), written as JSON if JSON is
	// set; a negative bound is none.
	Limit, Memory, Output float64
	JSON                  bool
}

// outputError is the *budget.TooLargeError of a report past its Output
// bound: it matches ErrLoopyOutput too.
type outputError struct{ *budget.TooLargeError }

func (e outputError) Unwrap() error      { return e.TooLargeError }
func (outputError) Is(target error) bool { return target == ErrLoopyOutput }

// Report builds g's game graph and returns its report (loopy.NewReport)
// within g's bounds. It returns the errors of the input, a
// *budget.TooLargeError for a graph past Memory (checked before its arcs
// are read) or an analysis past Limit (estimated before it starts), and
// one that also matches ErrLoopyOutput for a report of every position
// past Output, estimated (loopy.ReportBytes) before the analysis.
func (g *LoopyGame) Report(ctx context.Context) (*loopy.Report, error) {
	limit := (&budget.Options{Limit: g.Limit}).Max(LoopyLimit)
	mem := (&budget.Options{Memory: g.Memory}).MaxMemory(DefaultMemory)
	var d loopy.Digraph
	var err error
	start := g.Start
	if g.In == nil {
		d, err = heap.LoopySubtraction(g.Take, g.Add, g.N, &budget.Options{Limit: limit, Memory: mem})
	} else {
		d, start, err = ReadDigraph(g.In, g.Name, &budget.Options{Memory: mem})
	}
	if err != nil {
		return nil, err
	}
	if most := (&budget.Options{Limit: g.Output}).Max(LoopyOutput); start < 0 {
		if est := loopy.ReportBytes(d, g.JSON); est > most {
			return nil, outputError{&budget.TooLargeError{What: fmt.Sprintf("printing the %d vertices", d.Len()), Unit: "bytes", Estimate: est, Limit: most}}
		}
	}
	return loopy.NewReport(ctx, d, start, &budget.Options{Limit: limit})
}
