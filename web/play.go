package web

import (
	"context"
	"math"
	"strconv"
	"strings"

	"github.com/nimbers/grundy/games/graph"
	"github.com/nimbers/grundy/games/heap"
	"github.com/nimbers/grundy/games/turning"
	"github.com/nimbers/grundy/sg"
)

// playRequest is the body of /api/play: a position of one of the page's
// games. The answer is the library's sg.Explanation of it, whose reply is
// the computer's move.
type playRequest struct {
	Game     string   `json:"game"`     // "nim", "kayles", "wythoff", "corners" or "hackenbush"
	Position []int    `json:"position"` // heap sizes (two for Wythoff)
	Board    []string `json:"board"`    // Turning Corners: rows of H (heads) and T (tails)
	Edges    [][]int  `json:"edges"`    // Green Hackenbush: edges [u, v], vertex 0 the ground
}

// played is an explanation with its value as a decimal string, as the
// command line writes values in JSON.
type played[P any] struct {
	*sg.Explanation[P]
	Value string `json:"value"`
}

// asText returns e with its value as a string, or err.
func asText[P any](e *sg.Explanation[P], err error) (any, error) {
	if err != nil {
		return nil, err
	}
	return played[P]{e, strconv.FormatUint(e.Value, 10)}, nil
}

// kayles is the octal game 0.77: knock down one pin or two adjacent pins.
var kayles, _ = heap.ParseCode("0.77") // a valid code

func play(ctx context.Context, req playRequest) (any, error) {
	p := req.Position
	for _, h := range p {
		if h < 0 {
			return nil, badRequest("a heap of %d tokens", h)
		}
	}
	switch req.Game {
	case "nim", "kayles":
		top, game := math.MaxUint32, heap.Nim()
		if req.Game == "kayles" {
			top, game = maxKayles, kayles
		}
		if len(p) == 0 || len(p) > maxHeaps {
			return nil, badRequest("%s takes 1 to %d heaps", req.Game, maxHeaps)
		}
		for _, h := range p {
			if h > top {
				return nil, badRequest("a heap of %d tokens (at most %d)", h, top)
			}
		}
		return asText(game.Explain(ctx, p...))
	case "wythoff":
		if len(p) != 2 {
			return nil, badRequest("Wythoff's game takes 2 heaps")
		}
		if p[0] > maxWythoff || p[1] > maxWythoff {
			return nil, badRequest("a heap above %d", maxWythoff)
		}
		return asText(heap.Wythoff{}.Explain(ctx, p[0], p[1]))
	case "corners":
		c, err := parseCorners(req.Board)
		if err != nil {
			return nil, err
		}
		return asText(turning.TurningCorners().Explain(ctx, c))
	case "hackenbush":
		g, err := parseEdges(req.Edges)
		if err != nil {
			return nil, err
		}
		return asText(g.Explain(ctx))
	}
	return nil, badRequest("unknown game %q (nim, kayles, wythoff, corners, hackenbush)", req.Game)
}

// parseCorners reads a board of at most maxCorners × maxCorners coins.
func parseCorners(rows []string) (*turning.Coins, error) {
	if len(rows) == 0 || len(rows) > maxCorners {
		return nil, badRequest("a Turning Corners board has 1 to %d rows", maxCorners)
	}
	for _, row := range rows {
		if len(row) != len(rows[0]) || len(row) == 0 || len(row) > maxCorners {
			return nil, badRequest("board rows must have equal lengths of 1 to %d coins", maxCorners)
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

// parseEdges reads a Hackenbush picture of at most maxEdges edges between
// vertices 0 (the ground) to maxVertex.
func parseEdges(edges [][]int) (*graph.Graph, error) {
	if len(edges) > maxEdges {
		return nil, badRequest("a Hackenbush picture has at most %d edges", maxEdges)
	}
	given := make([][2]int, len(edges))
	for i, e := range edges {
		if len(e) != 2 {
			return nil, badRequest("edge %d: want two vertices [u, v], not %d", i+1, len(e))
		}
		for _, v := range e {
			if v < 0 || v > maxVertex {
				return nil, badRequest("edge %d: vertex %d is not one of 0 (the ground) to %d", i+1, v, maxVertex)
			}
		}
		given[i] = [2]int{e[0], e[1]}
	}
	g, err := graph.NewGraph(maxVertex+1, given)
	if err != nil {
		return nil, badRequest("%s", err)
	}
	return g, nil
}
