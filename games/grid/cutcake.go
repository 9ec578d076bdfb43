package grid

import (
	"context"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/partizan"
)

// MaxCutcake bounds the sides of a Cutcake rectangle: valuing h × w takes
// time h·w·(h+w).
const MaxCutcake = 200

// Cutcake returns the value of Cutcake on a rows × cols cake scored into
// unit squares: Left cuts along a vertical score line, splitting the
// columns, and Right along a horizontal one; a cut piece is played as a
// separate cake. The values are integers (Winning Ways, chapter 2). It
// fails, wrapping games.ErrInput, for sides outside 1 … MaxCutcake.
func Cutcake(rows, cols int) (*partizan.Game, error) {
	if rows < 1 || cols < 1 || rows > MaxCutcake || cols > MaxCutcake {
		return nil, games.InputErrorf("a %d×%d cake (sides 1 to %d)", rows, cols, MaxCutcake)
	}
	// v[h][w] for h ≤ rows, w ≤ cols, built up from the small cakes.
	k, ctx := partizan.NewCalculator(unlimited), context.Background()
	v := make([][]*partizan.Game, rows+1)
	for h := 1; h <= rows; h++ {
		v[h] = make([]*partizan.Game, cols+1)
		for w := 1; w <= cols; w++ {
			var l, r []*partizan.Game
			for a := 1; a < w; a++ {
				s, err := k.Sum(ctx, v[h][a], v[h][w-a])
				if err != nil {
					return nil, err
				}
				l = append(l, s)
			}
			for a := 1; a < h; a++ {
				s, err := k.Sum(ctx, v[a][w], v[h-a][w])
				if err != nil {
					return nil, err
				}
				r = append(r, s)
			}
			g, err := partizan.New(l, r)
			if err != nil {
				return nil, err
			}
			v[h][w] = g
		}
	}
	return v[rows][cols], nil
}

// unlimited lifts a Calculator's limit, for sums whose work the caller
// has bounded already.
var unlimited = &budget.Options{Limit: -1}
