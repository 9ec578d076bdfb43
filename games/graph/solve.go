package graph

import (
	"context"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/ordinal"
	"github.com/nimbers/grundy/outcome"
)

// The results below are what the command line prints for a graph game;
// their JSON is that of its --json. Values that can pass 2^53 are decimal
// strings; Winner is "first" or "second", the player who wins moving
// first.

// A HackenbushResult is the value of Green Hackenbush on a graph and its
// winning cuts.
type HackenbushResult struct {
	Value  uint64 `json:"value,string"`
	Winner string `json:"winner"`
	Cuts   []int  `json:"cuts"` // edge indices, increasing; [] when the mover loses
}

// Solve returns the value of Green Hackenbush on g and its winning cuts.
// It stops with ctx's error soon after ctx is cancelled.
func (g *Graph) Solve(ctx context.Context) (*HackenbushResult, error) {
	v, err := g.Value(ctx)
	if err != nil {
		return nil, err
	}
	cuts := []int{}
	if v != 0 {
		if _, cuts, err = g.movesTo(ctx, 0); err != nil {
			return nil, err
		}
		cuts = slices.Sorted(slices.Values(cuts))
	}
	return &HackenbushResult{v, winner(v != 0), cuts}, nil
}

// A CoinTreeResult is the value of coin flipping on a tree and its
// winning moves.
type CoinTreeResult struct {
	Value  string     `json:"value"` // in decimal
	Winner string     `json:"winner"`
	Moves  []CoinMove `json:"moves"` // [] when the mover loses
}

// Solve returns the value of c and its winning moves.
func (c *CoinTree) Solve() *CoinTreeResult {
	v := c.Value()
	moves := c.WinningMoves()
	if moves == nil {
		moves = []CoinMove{}
	}
	return &CoinTreeResult{v.String(), winner(v.Sign() != 0), moves}
}

// A LeafDeletionResult is who wins leaf deletion on a tree, its value
// when the search for it is small enough, and a winning move.
type LeafDeletionResult struct {
	Value  *uint64 `json:"value,string"` // nil past 2^20 positions (leafDeletionLimit)
	Winner string  `json:"winner"`
	Delete []int   `json:"delete"` // the leaves of a winning move; nil when the mover loses
}

// SolveLeafDeletion returns the result of leaf deletion on t: the winner
// and a winning move by LeafDeletionMove, the value by LeafDeletion when
// it stores at most 2^20 positions. It stops with ctx's
// error soon after ctx is cancelled.
func (t *Tree) SolveLeafDeletion(ctx context.Context) (*LeafDeletionResult, error) {
	r := new(LeafDeletionResult)
	if c, err := LeafDeletion(ctx, t, &budget.Options{Limit: leafDeletionLimit}); err == nil {
		r.Value = new(c.Value())
	} else if !errors.Is(err, budget.ErrTooLarge) {
		return nil, err
	}
	move, wins := LeafDeletionMove(t)
	r.Winner = winner(wins)
	if wins {
		r.Delete = move
	}
	return r, nil
}

// A DAGResult is the ordinal value of a DAG position and the numbers
// after a winning move.
type DAGResult struct {
	Value  string   `json:"value"` // the ordinal, as ordinal.Ordinal writes it
	Winner string   `json:"winner"`
	After  []string `json:"after"` // the numbers after a winning move, in decimal; nil when the mover loses
	// ShowValue makes WriteTo write the value first.
	ShowValue bool `json:"-"`
}

// Solve returns the value of d and the numbers after a winning move.
func (d *DAG) Solve() *DAGResult {
	v := d.Nimber()
	r := &DAGResult{Value: v.String(), Winner: winner(!v.IsZero())}
	if !v.IsZero() {
		for _, h := range d.MoveTo(ordinal.Ordinal{}).(*DAG).h {
			r.After = append(r.After, strconv.FormatUint(h, 10))
		}
	}
	return r
}

// winner names the player who wins moving first.
func winner(firstWins bool) string {
	if firstWins {
		return outcome.N.Words()
	}
	return outcome.P.Words()
}

// WriteTo writes r as grundy hackenbush prints it: the value, the
// winner, then each winning cut a line. It returns the bytes written and
// the first error.
func (r *HackenbushResult) WriteTo(w io.Writer) (int64, error) {
	b := strconv.AppendUint(nil, r.Value, 10)
	b = append(append(append(b, '\n'), r.Winner...), '\n')
	for _, c := range r.Cuts {
		b = append(strconv.AppendInt(b, int64(c), 10), '\n')
	}
	n, err := w.Write(b)
	return int64(n), err
}

// WriteTo writes r as grundy cointree prints it: the value, the winner,
// then each winning move a line, its head first, then the descendants
// turned. It returns the bytes written and the first error.
func (r *CoinTreeResult) WriteTo(w io.Writer) (int64, error) {
	b := append(append(append([]byte(r.Value), '\n'), r.Winner...), '\n')
	for _, m := range r.Moves {
		b = strconv.AppendInt(b, int64(m.Node), 10)
		for _, f := range m.Flip {
			b = strconv.AppendInt(append(b, ' '), int64(f), 10)
		}
		b = append(b, '\n')
	}
	n, err := w.Write(b)
	return int64(n), err
}

// WriteTo writes r as grundy leafdel prints it: the value (? when it was
// not computed), the winner, then the leaves of a winning move on one
// line. It returns the bytes written and the first error.
func (r *LeafDeletionResult) WriteTo(w io.Writer) (int64, error) {
	b := []byte("?")
	if r.Value != nil {
		b = strconv.AppendUint(b[:0], *r.Value, 10)
	}
	b = append(append(append(b, '\n'), r.Winner...), '\n')
	if r.Delete != nil {
		for i, x := range r.Delete {
			if i > 0 {
				b = append(b, ' ')
			}
			b = strconv.AppendInt(b, int64(x), 10)
		}
		b = append(b, '\n')
	}
	n, err := w.Write(b)
	return int64(n), err
}

// WriteTo writes r as grundy dag prints it: the value if ShowValue is
// set, then WIN and the numbers after a winning move on one line, or
// LOSE. It returns the bytes written and the first error.
func (r *DAGResult) WriteTo(w io.Writer) (int64, error) {
	var b []byte
	if r.ShowValue {
		b = append(append(b, r.Value...), '\n')
	}
	if r.After == nil {
		b = append(b, "LOSE\n"...)
	} else {
		b = append(append(append(b, "WIN\n"...), strings.Join(r.After, " ")...), '\n')
	}
	n, err := w.Write(b)
	return int64(n), err
}
