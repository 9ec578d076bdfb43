package web

import (
	"context"
	"fmt"
	"strings"

	"github.com/nimbers/grundy/games/turning"
	"github.com/nimbers/grundy/sg"
)

// Turning Corners: a move turns the four corners (r', c'), (r', c),
// (r, c'), (r, c) of a rectangle, r' < r and c' < c, and (r, c) must go
// from heads to tails. It is Twins × Twins, so by the Tartan theorem a
// head at (r, c) is worth the nim-product r ⊗ c.

// parseCorners reads a board of at most MaxCorners × MaxCorners coins.
func parseCorners(rows []string) (*turning.Coins, error) {
	if len(rows) == 0 || len(rows) > MaxCorners {
		return nil, badRequest("a Turning Corners board has 1 to %d rows", MaxCorners)
	}
	for _, row := range rows {
		if len(row) != len(rows[0]) || len(row) == 0 || len(row) > MaxCorners {
			return nil, badRequest("board rows must have equal lengths of 1 to %d coins", MaxCorners)
		}
		if strings.ContainsAny(row, " \t\r\n") {
			return nil, badRequest("board rows hold H and T only")
		}
	}
	c, err := turning.ParseCoins(strings.Join(rows, "\n"))
	if err != nil {
		return nil, badRequest("%s", err)
	}
	return c, nil
}

// cornersMove describes a move: the corners of rows rr × columns cc.
func cornersMove(b *turning.Coins, m turning.BoardMove) Move {
	q, _ := b.Apply(m) // a move of the library, on the board
	rr, cc := m[0], m[1]
	text := fmt.Sprintf("turn (%d,%d) (%d,%d) (%d,%d) (%d,%d)", rr[0], cc[0], rr[0], cc[1], rr[1], cc[0], rr[1], cc[1])
	return Move{Text: text, Board: q.Rows()}
}

func playCorners(ctx context.Context, req PlayRequest) (any, error) {
	coins, err := parseCorners(req.Board)
	if err != nil {
		return nil, err
	}
	game := turning.TurningCorners()
	comp, err := game.Component(ctx, coins)
	if err != nil {
		return nil, err
	}
	v := comp.Value()
	ans := &PlayAnswer{Value: v, Exact: true, Winning: v != 0}
	var parts []string
	cols := coins.Shape[1]
	for i, h := range coins.Heads {
		r, c := i/cols, i%cols
		if !h {
			continue
		}
		if len(parts) == 12 {
			parts = append(parts, "…")
			break
		}
		x, _ := game.CoinValue(ctx, coins.Shape, []int{r, c}) // a coin of the board
		parts = append(parts, fmt.Sprintf("(%d,%d): %d⊗%d = %d", r, c, r, c, x))
	}
	moves, err := game.WinningMoves(ctx, coins)
	if err != nil {
		return nil, err
	}
	for _, m := range moves {
		ans.Moves = append(ans.Moves, cornersMove(coins, m))
		if len(ans.Moves) == 20 {
			break
		}
	}
	heads := "no heads"
	if len(parts) > 0 {
		heads = "heads " + strings.Join(parts, ", ")
	}
	ans.Why = fmt.Sprintf("Turning Corners is Twins × Twins, so by the Tartan theorem a head at (r,c) is worth the nim-product r⊗c: %s; their nim-sum is %d", heads, v)
	if v == 0 {
		ans.Why += ". Turning the corners of rows r'<r and columns c'<c changes the sum by (r⊕r')⊗(c⊕c'), never 0, so every move leaves a non-zero sum"
	} else {
		ans.Why += ". A winning move turns corners whose change (r⊕r')⊗(c⊕c') equals the sum, leaving 0"
	}
	err = ans.answer(ctx, req, []sg.Component{comp}, func(m sg.ComponentMove) Move { return cornersMove(coins, m.Move.(turning.BoardMove)) })
	if err != nil {
		return nil, err
	}
	trim(ans)
	return ans, nil
}
