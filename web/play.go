package web

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/nimbers/grundy/games/heap"
	"github.com/nimbers/grundy/sg"
)

// PlayRequest is the body of /api/play: a position, and whether the
// computer should answer it with a move.
type PlayRequest struct {
	Game     string   `json:"game"`     // "nim", "kayles", "wythoff", "corners" or "hackenbush"
	Position []int    `json:"position"` // heap sizes (two for Wythoff)
	Board    []string `json:"board"`    // Turning Corners: rows of H (heads) and T (tails)
	Edges    [][]int  `json:"edges"`    // Green Hackenbush: edges [u, v], vertex 0 the ground
	Reply    bool     `json:"reply"`    // make the computer's move
}

// A Move is a move and the position it leads to: heaps, a board of coins
// or the edges left standing, as the game has.
type Move struct {
	Text     string   `json:"text"`
	Position []int    `json:"position,omitempty"`
	Board    []string `json:"board,omitempty"`
	Edges    [][2]int `json:"edges,omitempty"`
	Edge     *int     `json:"edge,omitempty"` // Hackenbush: the index of the edge cut
}

// PlayAnswer describes a position: its value (the Grundy value; for
// Wythoff heaps above MaxWythoffValue, 0 or 1 for P or N), who wins, the
// winning moves with the reason, and the computer's reply when asked.
type PlayAnswer struct {
	Value   uint64 `json:"value"`
	Exact   bool   `json:"exact"`   // Value is the Grundy value, not just 0 or not
	Winning bool   `json:"winning"` // the player to move wins
	Why     string `json:"why"`
	Moves   []Move `json:"moves"` // the winning moves (at most 20)
	Reply   *Move  `json:"reply,omitempty"`
	Over    bool   `json:"over"` // no move is left
}

// MaxWythoffValue bounds the Wythoff positions whose Grundy value is
// computed (by search); beyond it only P or N is given, from the Beatty
// pairs.
const MaxWythoffValue = 64

func play(ctx context.Context, req PlayRequest) (any, error) {
	for _, h := range req.Position {
		if h < 0 {
			return nil, badRequest("a heap of %d tokens", h)
		}
	}
	switch req.Game {
	case "corners":
		return playCorners(ctx, req)
	case "hackenbush":
		return playHackenbush(ctx, req)
	case "nim":
		return playNim(ctx, req)
	case "kayles":
		return playKayles(ctx, req)
	case "wythoff":
		return playWythoff(ctx, req)
	}
	return nil, badRequest("unknown game %q (nim, kayles, wythoff, corners, hackenbush)", req.Game)
}

func heapsText(p []int) string {
	parts := make([]string, len(p))
	for i, h := range p {
		parts[i] = fmt.Sprint(h)
	}
	return strings.Join(parts, " ⊕ ")
}

func playNim(ctx context.Context, req PlayRequest) (any, error) {
	p := req.Position
	if len(p) == 0 || len(p) > MaxHeaps {
		return nil, badRequest("Nim takes 1 to %d heaps", MaxHeaps)
	}
	for _, h := range p {
		if h > math.MaxUint32 {
			return nil, badRequest("a heap above 2^32")
		}
	}
	comps, err := heapComponents(ctx, heap.Nim(), p)
	if err != nil {
		return nil, err
	}
	s := sg.SumValue(comps)
	_, moves, err := sg.SumWinningMoves(ctx, comps)
	if err != nil {
		return nil, err
	}
	ans := &PlayAnswer{Value: s, Exact: true, Winning: s != 0}
	for _, m := range moves {
		ans.Moves = append(ans.Moves, nimMove(p, m))
	}
	if s == 0 {
		ans.Why = fmt.Sprintf("the nim-sum %s is 0: every move changes one heap, so it leaves a non-zero nim-sum, and the opponent can always restore 0", heapsText(p))
	} else {
		ans.Why = fmt.Sprintf("the nim-sum %s is %d: take a heap whose size has the top bit of %d and reduce it to size ⊕ %d, leaving nim-sum 0", heapsText(p), s, s, s)
	}
	if err := ans.answer(ctx, req, comps, func(m sg.ComponentMove) Move { return nimMove(p, m) }); err != nil {
		return nil, err
	}
	trim(ans)
	return ans, nil
}

// nimMove describes move m of the Nim heaps p.
func nimMove(p []int, m sg.ComponentMove) Move {
	i, split := m.Component, m.Move.(heap.Split)
	q := slices.Clone(p)
	q[i] = 0
	if len(split.Parts) > 0 {
		q[i] = split.Parts[0]
	}
	return Move{Text: fmt.Sprintf("heap %d: %d → %d", i+1, p[i], q[i]), Position: q}
}

// heapComponents returns the heaps p of g as components of a sum.
func heapComponents(ctx context.Context, g *heap.Game, p []int) ([]sg.Component, error) {
	hs, err := g.Heaps(ctx, p...)
	if err != nil {
		return nil, err
	}
	comps := make([]sg.Component, len(hs))
	for i, h := range hs {
		comps[i] = h
	}
	return comps, nil
}

// answer sets Over, and the computer's reply when one is asked for and a
// move is left: the first winning move, or else the library's delaying
// move (see sg.DelayingMove) of the components, described by move.
func (a *PlayAnswer) answer(ctx context.Context, req PlayRequest, comps []sg.Component, move func(sg.ComponentMove) Move) error {
	m, ok, err := sg.DelayingMove(ctx, comps)
	if err != nil {
		return err
	}
	a.Over = !ok
	a.reply(req, func() Move { return move(m) })
	return nil
}

// reply sets the computer's reply when one is asked for and a move is
// left: the first winning move, or else the move delay gives.
func (a *PlayAnswer) reply(req PlayRequest, delay func() Move) {
	if !req.Reply || a.Over {
		return
	}
	if len(a.Moves) > 0 {
		a.Reply = &a.Moves[0]
		return
	}
	a.Reply = new(delay())
}

// trim keeps the first 20 winning moves, and makes none an empty list
// rather than null in the JSON.
func trim(a *PlayAnswer) {
	if len(a.Moves) > 20 {
		a.Moves = a.Moves[:20]
	}
	if a.Moves == nil {
		a.Moves = []Move{}
	}
}

// kayles is the octal game 0.77: knock down one pin or two adjacent pins,
// possibly splitting the row.
func playKayles(ctx context.Context, req PlayRequest) (any, error) {
	p := req.Position
	if len(p) == 0 || len(p) > MaxHeaps {
		return nil, badRequest("Kayles takes 1 to %d rows", MaxHeaps)
	}
	top := 0
	for _, h := range p {
		if h > MaxKayles {
			return nil, badRequest("a row of %d pins (at most %d)", h, MaxKayles)
		}
		top = max(top, h)
	}
	g, _ := heap.ParseCode("0.77") // a valid code
	comps, err := heapComponents(ctx, g, p)
	if err != nil {
		return nil, err
	}
	s := sg.SumValue(comps)
	parts := make([]string, len(p))
	for i, c := range comps {
		parts[i] = fmt.Sprintf("G(%d) = %d", p[i], c.Value())
	}
	_, moves, err := sg.SumWinningMoves(ctx, comps)
	if err != nil {
		return nil, err
	}
	ans := &PlayAnswer{Value: s, Exact: true, Winning: s != 0}
	move := func(m sg.ComponentMove) Move {
		i, split := m.Component, m.Move.(heap.Split)
		q := append(append(slices.Clone(p[:i]), split.Parts...), p[i+1:]...)
		return Move{Text: fmt.Sprintf("row %d of %d pins → %s", i+1, split.Heap, rowsText(split.Parts)), Position: q}
	}
	for _, m := range moves {
		ans.Moves = append(ans.Moves, move(m))
	}
	ans.Why = fmt.Sprintf("Kayles values by row (period 12 from 71 on): %s; their nim-sum is %d", strings.Join(parts, ", "), s)
	if s == 0 {
		ans.Why += ": every move leaves a non-zero sum"
	} else {
		ans.Why += ": a winning move leaves rows whose values nim-sum to 0"
	}
	if err := ans.answer(ctx, req, comps, move); err != nil {
		return nil, err
	}
	trim(ans)
	return ans, nil
}

func rowsText(heaps []int) string {
	if len(heaps) == 0 {
		return "nothing"
	}
	parts := make([]string, len(heaps))
	for i, h := range heaps {
		parts[i] = fmt.Sprint(h)
	}
	return "rows of " + strings.Join(parts, " and ")
}

func playWythoff(ctx context.Context, req PlayRequest) (any, error) {
	p := req.Position
	if len(p) != 2 {
		return nil, badRequest("Wythoff's game takes 2 heaps")
	}
	if p[0] > MaxWythoff || p[1] > MaxWythoff {
		return nil, badRequest("a heap above %d", MaxWythoff)
	}
	w := heap.Wythoff{}
	x := [2]int{p[0], p[1]}
	ans := &PlayAnswer{Winning: !w.IsP(x[0], x[1]), Over: x == [2]int{}}
	if x[0] <= MaxWythoffValue && x[1] <= MaxWythoffValue {
		v, err := w.Value(ctx, x[0], x[1], nil)
		if err != nil {
			return nil, err
		}
		ans.Value, ans.Exact = v, true
	} else if ans.Winning {
		ans.Value = 1
	}
	for _, o := range w.WinningMoves(x[0], x[1]) {
		ans.Moves = append(ans.Moves, Move{Text: fmt.Sprintf("(%d, %d) → (%d, %d)", x[0], x[1], o[0], o[1]), Position: []int{o[0], o[1]}})
	}
	if ans.Winning {
		ans.Why = fmt.Sprintf("(%d, %d) is not a pair (⌊kφ⌋, ⌊kφ²⌋): some move reaches one, and from a pair every move leaves one", x[0], x[1])
	} else {
		ans.Why = fmt.Sprintf("(%d, %d) is a pair (⌊kφ⌋, ⌊kφ²⌋), φ the golden ratio: the pairs use every number once with differences 0, 1, 2, …, so no move joins two", x[0], x[1])
	}
	ans.reply(req, func() Move {
		q, _ := w.DelayingMove(x[0], x[1]) // a move is left
		return Move{Text: fmt.Sprintf("(%d, %d) → (%d, %d)", x[0], x[1], q[0], q[1]), Position: q[:]}
	})
	trim(ans)
	return ans, nil
}
