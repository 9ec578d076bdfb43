//go:build long

package grid

import (
	"context"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/internal/gametest"
	"github.com/nimbers/grundy/outcome"
)

// TestNoGoPublishedLong checks the NoGo outcomes of MCGS's tests
// (github.com/ualberta-mueller-group/MCGS, input/autotests/nogo_autotests/
// nogo.test and nogo_4x4_filled.test, nogo_1xn_autotests/
// nogo_1xn_empty.test) that take seconds each.
func TestNoGoPublishedLong(t *testing.T) {
	e := games.NewEngine(NoGoRules, &budget.Options{Limit: -1, Memory: -1})
	for _, c := range []struct {
		board string
		want  outcome.Class
	}{
		{"............", outcome.N}, {"..............", outcome.N},
		{"....|..OX|OX..|....", outcome.P}, {"X.O.|.O..|....|....", outcome.R}, {"..X.|....|.O..|XO..", outcome.N},
		{"..XX|....|...O|.O..", outcome.R}, {"....|..OX|.O..|....", outcome.R}, {"....|....|.OO.|...X", outcome.R},
		{"....|....|..XO|....", outcome.N}, {"..O.|X...|..X.|....", outcome.N}, {"O...|.O..|....|.X..", outcome.R},
	} {
		o, err := e.Outcome(context.Background(), gametest.Parse(t, NoGoRules, c.board))
		if err != nil || o != c.want {
			t.Errorf("NoGo %s: %v %v, MCGS gives %v", c.board, o, err, c.want)
		}
	}
}
