package heap

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/nimbers/grundy/sg"
)

// Explain explains the sum of heaps of g of the given sizes to the player
// to move (see sg.Explanation): the heaps' values and their nim-sum, and
// moves written "heap 2: 7 → 3 + 2", each leading to the sizes with that
// heap replaced by the heaps it leaves (0 for none). It fails as Heaps
// does.
func (g *Game) Explain(ctx context.Context, sizes ...int) (*sg.Explanation[[]int], error) {
	hs, err := g.Heaps(ctx, sizes...)
	if err != nil {
		return nil, err
	}
	comps := make([]sg.Component, len(hs))
	vals := make([]string, len(hs))
	for i, h := range hs {
		comps[i] = h
		vals[i] = fmt.Sprintf("G(%d) = %d", h.Size(), h.Value())
	}
	e, err := sg.Explain(ctx, comps, func(m sg.ComponentMove) sg.ExplainedMove[[]int] {
		i, s := m.Component, m.Move.(Split)
		left := s.Parts
		if len(left) == 0 {
			left = []int{0}
		}
		text := fmt.Sprintf("heap %d: %d → %s", i+1, s.Heap, joinSizes(left, " + "))
		return sg.ExplainedMove[[]int]{Text: text, Position: slices.Concat(sizes[:i], left, sizes[i+1:])}
	})
	if err != nil {
		return nil, err
	}
	s, v := joinSizes(sizes, " ⊕ "), e.Value
	switch {
	case g.isNim() && v == 0:
		e.Why = fmt.Sprintf("the nim-sum %s is 0: every move changes one heap, so it leaves a non-zero nim-sum, and the opponent can always restore 0", s)
	case g.isNim():
		e.Why = fmt.Sprintf("the nim-sum %s is %d: take a heap whose size has the top bit of %d and reduce it to size ⊕ %d, leaving nim-sum 0", s, v, v, v)
	default:
		e.Why = fmt.Sprintf("by the Sprague–Grundy theorem each heap is worth its value in %s: %s; their nim-sum is %d", g, strings.Join(vals, ", "), v)
		if v == 0 {
			e.Why += ": every move changes one value, leaving a non-zero sum"
		} else {
			e.Why += ": a winning move leaves heaps whose values nim-sum to 0"
		}
	}
	return e, nil
}

// joinSizes writes heap sizes separated by sep.
func joinSizes(sizes []int, sep string) string {
	out := make([]string, len(sizes))
	for i, n := range sizes {
		out[i] = strconv.Itoa(n)
	}
	return strings.Join(out, sep)
}

// maxExplainedValue bounds the heaps whose Grundy value Wythoff.Explain
// finds by search.
const maxExplainedValue = 64

// Explain explains heaps (x, y) to the player to move (see
// sg.Explanation) by the P-positions: the Grundy value when both heaps
// are at most 64, found by search, and beyond that only who wins (Exact
// false). Moves are written "(5, 3) → (1, 2)".
func (w Wythoff) Explain(ctx context.Context, x, y int) (*sg.Explanation[[2]int], error) {
	if x < 0 || y < 0 {
		return nil, fmt.Errorf("heap: a negative heap")
	}
	e := &sg.Explanation[[2]int]{Winning: !w.isP(x, y), Moves: []sg.ExplainedMove[[2]int]{}}
	if x <= maxExplainedValue && y <= maxExplainedValue {
		v, err := w.value(ctx, x, y, nil)
		if err != nil {
			return nil, err
		}
		e.Value, e.Exact = v, true
	} else if e.Winning {
		e.Value = 1
	}
	move := func(o [2]int) sg.ExplainedMove[[2]int] {
		return sg.ExplainedMove[[2]int]{Text: fmt.Sprintf("(%d, %d) → (%d, %d)", x, y, o[0], o[1]), Position: o}
	}
	for _, o := range w.winningMoves(x, y) {
		if len(e.Moves) < sg.MaxExplained {
			e.Moves = append(e.Moves, move(o))
		}
	}
	if len(e.Moves) > 0 {
		e.Reply = &e.Moves[0]
	} else if o, ok := w.delayingMove(x, y); ok {
		e.Reply = new(move(o))
	}
	pairs, diffs := fmt.Sprintf("(a, a + %d·k), a the least number in no earlier pair", w.K+1), fmt.Sprintf("0, %d, %d, …", w.K+1, 2*(w.K+1))
	if w.K == 0 {
		pairs, diffs = "(⌊kφ⌋, ⌊kφ²⌋), φ the golden ratio", "0, 1, 2, …"
	}
	if e.Winning {
		e.Why = fmt.Sprintf("(%d, %d) is not a P-position: those are the pairs %s, and some move reaches one, while from one every move leaves them", x, y, pairs)
	} else {
		e.Why = fmt.Sprintf("(%d, %d) is a P-position, a pair %s: the pairs use every number once and their differences are %s, each once, so no move joins two", x, y, pairs, diffs)
	}
	return e, nil
}
