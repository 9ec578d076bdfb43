package turning

import (
	"fmt"

	"github.com/nimbers/grundy/sg"
)

// A Turn is a move of a coin-turning row: the coins turned, increasing,
// the last a head.
type Turn []int

// String writes the move as "turn 2-4" or "turn 0,3".
func (t Turn) String() string { return "turn " + FormatSet(t) }

// Row returns a row of coins (heads[x] for coin x) under r as a component
// of sums: its value is the nim-sum of the rule's values over the heads,
// and its moves are Turns. The values are computed once, here.
func (r *Rule) Row(heads []bool) (sg.Component, error) {
	if len(heads) == 0 {
		return nil, fmt.Errorf("an empty row")
	}
	g, err := r.Values(len(heads))
	if err != nil {
		return nil, err
	}
	return row{r, g, heads}, nil
}

type row struct {
	r     *Rule
	g     []uint64
	heads []bool
}

func (c row) Value() uint64 { return RowValue(c.g, c.heads) }

func (c row) MovesTo(target uint64) ([]sg.Move, error) {
	ms, err := c.r.MovesTo(c.g, c.heads, target)
	out := make([]sg.Move, len(ms))
	for i, m := range ms {
		out[i] = Turn(m)
	}
	return out, err
}
