package misere

import (
	"context"
	"fmt"
	"strconv"

	"github.com/nimbers/grundy/budget"
)

// DefaultFormsLimit is the work Forms does unless its Options say
// otherwise. A unit is one option of a canonical form built.
const DefaultFormsLimit = 1 << 24

// Forms returns the misère canonical forms of the heaps 0…n of a heap
// game: heap h is the game whose options are the sums of the heaps each
// move leaves. Their genera are Conway's genus tables (Winning Ways,
// chapter 13).
//
// Canonical forms of wild games grow quickly with the heap, so the work,
// counted in options of the forms built, is bounded by opt's Limit
// (DefaultFormsLimit when unset); it is reported to opt's Progress as
// heaps done out of n and stops soon after ctx is cancelled.
func Forms(ctx context.Context, g HeapGame, n int, opt *budget.Options) ([]Game, error) {
	if n < 0 {
		return nil, fmt.Errorf("a heap bound of %d", n)
	}
	t := newTable(ctx, opt.Max(DefaultFormsLimit))
	t.what = "the misère canonical forms of heaps up to " + strconv.Itoa(n)
	forms := make([]*node, n+1)
	forms[0] = zero
	for h := 1; h <= n; h++ {
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
	}
	out := make([]Game, n+1)
	for h, f := range forms {
		out[h] = Game{f}
	}
	return out, nil
}
