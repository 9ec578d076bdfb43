package turning

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/nimbers/grundy/sg"
)

// maxExplainedHeads bounds the heads whose values Explain lists.
const maxExplainedHeads = 12

// Explain explains the coins c of board b to the player to move (see
// sg.Explanation): by the Tartan theorem, the value of each head (the
// first 12) as the nim-product of the rules' values at its coordinates,
// and their nim-sum. Moves are written "turn (0,0) (0,2) (1,0) (1,2)",
// the corners for a 2-D board, and lead to the rows after the move. It
// fails as Component does.
func (b *Board) Explain(ctx context.Context, c *Coins) (*sg.Explanation[[]string], error) {
	comp, err := b.Component(ctx, c)
	if err != nil {
		return nil, err
	}
	e, err := sg.Explain(ctx, []sg.Component{comp}, func(m sg.ComponentMove) sg.ExplainedMove[[]string] {
		bm := m.Move.(BoardMove)
		q, _ := c.apply(bm) // a move the board found
		return sg.ExplainedMove[[]string]{Text: "turn " + corners(bm), Position: q.rows()}
	})
	if err != nil {
		return nil, err
	}
	vals := comp.(*boardPosition).vals
	var heads []string
	for i, h := range c.Heads {
		if !h {
			continue
		}
		if len(heads) == maxExplainedHeads {
			heads = append(heads, "…")
			break
		}
		coord, factors, op := c.coord(i), []string{}, "⊗"
		for d, x := range coord {
			if b.acrostic {
				factors, op = append(factors, strconv.Itoa(x)), "⊕"
			} else {
				factors = append(factors, strconv.FormatUint(vals[d][x], 10))
			}
		}
		heads = append(heads, fmt.Sprintf("%s: %s = %d", point(coord), strings.Join(factors, op), b.coinValue(vals, coord)))
	}
	list := "no heads"
	if len(heads) > 0 {
		list = "heads " + strings.Join(heads, ", ")
	}
	names := make([]string, len(b.rules))
	for i, r := range b.rules {
		names[i] = r.Name()
	}
	e.Why = fmt.Sprintf("%s is the product %s, so by the Tartan theorem a head is worth the nim-product of the rules' values at its coordinates: %s; their nim-sum is %d", b.name, strings.Join(names, " × "), list, e.Value)
	if b.acrostic {
		e.Why = fmt.Sprintf("in %s a head at (r,c) is worth r⊕c: %s; their nim-sum is %d", b.name, list, e.Value)
	}
	if e.Value == 0 {
		e.Why += ". A move changes the sum by the nim-sum of the values of the coins it turns, never 0, so every move leaves a non-zero sum"
	} else {
		e.Why += ". A winning move turns coins whose values nim-sum to the sum, leaving 0"
	}
	return e, nil
}

// corners writes the coins a move turns as points, the coins of each
// dimension's set taken in every combination, the first varying slowest.
func corners(m BoardMove) string {
	var out []string
	var walk func(d int, at []int)
	walk = func(d int, at []int) {
		if d == len(m) {
			out = append(out, point(at))
			return
		}
		for _, x := range m[d] {
			walk(d+1, append(at, x))
		}
	}
	walk(0, nil)
	return strings.Join(out, " ")
}

// point writes coordinates as "(1,2)".
func point(coord []int) string {
	s := make([]string, len(coord))
	for i, x := range coord {
		s[i] = strconv.Itoa(x)
	}
	return "(" + strings.Join(s, ",") + ")"
}
