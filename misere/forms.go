package misere

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/nimbers/grundy/budget"
)

// DefaultFormsLimit is the work Forms does unless its Options say
// otherwise: a second or two. A unit, a step, is one form built or one
// of its options.
const DefaultFormsLimit = 1 << 23

// Forms returns the misère canonical forms of the heaps 0…n of a heap
// game: heap h is the game whose options are the sums of the heaps each
// move leaves. Their genera are Conway's genus tables (Winning Ways,
// chapter 13).
//
// Canonical forms of wild games grow quickly with the heap, so the work,
// counted in steps, is bounded by opt's Limit (DefaultFormsLimit when
// unset). It is estimated before the forms are built: each heap's form
// takes a step and a step a move at least. As they are built, the steps
// each move of the last heap took, times the moves of the heaps left,
// estimate the rest: the forms are refused when that passes the limit.
// The work is reported to opt's Progress as heaps done out of n and
// stops soon after ctx is cancelled.
func Forms(ctx context.Context, g HeapGame, n int, opt *budget.Options) (HeapForms, error) {
	if n < 0 {
		return nil, fmt.Errorf("a heap bound of %d", n)
	}
	t := newTable(ctx, opt.Max(DefaultFormsLimit))
	t.what = "the misère canonical forms of heaps up to " + strconv.Itoa(n)
	// left[h] is the steps the forms of heaps h to n take at least.
	left := make([]float64, n+2)
	for h := 1; h <= n; h++ {
		for range g.Moves(h) {
			left[h]++
		}
		left[h]++
		if left[0] += left[h]; t.limit >= 0 && left[0] > t.limit {
			// Counting more moves would take as long as building forms.
			for k := h + 1; k <= n; k++ {
				left[0]++
			}
			return nil, &budget.TooLargeError{What: t.what, Unit: "steps", Estimate: left[0], Limit: t.limit}
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	for h := n; h >= 1; h-- {
		left[h] += left[h+1]
	}
	forms := make([]*node, n+1)
	forms[0] = zero
	for h := 1; h <= n; h++ {
		before := t.spent
		var opts []*node
		for parts := range g.Moves(h) {
			s := zero
			for _, p := range parts {
				if p < 0 || p >= h {
					return nil, fmt.Errorf("a move from a heap of %d leaves a heap of %d", h, p)
				}
				var err error
				if s, err = t.sum(s, forms[p]); err != nil {
					return nil, err
				}
			}
			opts = append(opts, s)
		}
		f, err := t.fromOptions(opts)
		if err != nil {
			return nil, err
		}
		forms[h] = f
		opt.Report(h, n)
		// The steps a move of this heap took, for each move left.
		if rate := (t.spent - before) / (left[h] - left[h+1]); t.limit >= 0 && h >= 8 && t.spent+rate*left[h+1] > t.limit {
			return nil, &budget.TooLargeError{What: t.what, Unit: "steps", Estimate: t.spent + rate*left[h+1], Limit: t.limit}
		}
	}
	out := make(HeapForms, n+1)
	for h, f := range forms {
		out[h] = Game{f}
	}
	return out, nil
}

// HeapForms are the misère canonical forms of heaps 0, 1, …, as Forms
// returns them, or the followers that take the place of heaps in
// ClosureQuotient.
type HeapForms []Game

// Notations returns each form in CGSuite's notation, as Game.Notation
// writes it, or a *budget.TooLargeError when together they take more
// than limit bytes.
func (fs HeapForms) Notations(limit int) ([]string, error) {
	out := make([]string, len(fs))
	size := 0
	for i, f := range fs {
		s, err := f.Notation(limit)
		if size += len(s); err != nil || size > limit {
			return nil, &budget.TooLargeError{What: "writing out the forms", Unit: "bytes", Limit: float64(limit), Fixed: true}
		}
		out[i] = s
	}
	return out, nil
}

// MarshalJSON returns the JSON of grundy misere genus --json:
// {"heaps": [each heap's Summary, with Heap set]}.
func (fs HeapForms) MarshalJSON() ([]byte, error) {
	heaps := make([]Summary, len(fs))
	for h, f := range fs {
		heaps[h] = f.Summary()
		heaps[h].Heap = &h
	}
	return json.Marshal(map[string][]Summary{"heaps": heaps})
}

// WriteTo writes fs as grundy misere genus prints it: a heap a line, its
// size, genus and phylum. It returns the bytes written and the first
// error.
func (fs HeapForms) WriteTo(w io.Writer) (int64, error) {
	var b bytes.Buffer
	for h, f := range fs {
		fmt.Fprintf(&b, "%4d  %-12s %s\n", h, f.Genus(), f.Phylum())
	}
	return b.WriteTo(w)
}
