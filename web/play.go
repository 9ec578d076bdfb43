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
		return playCorners(req)
	case "hackenbush":
		return playHackenbush(req)
	case "nim":
		return playNim(req)
	case "kayles":
		return playKayles(req)
	case "wythoff":
		return playWythoff(req)
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

func playNim(req PlayRequest) (any, error) {
	p := req.Position
	if len(p) == 0 || len(p) > MaxHeaps {
		return nil, badRequest("Nim takes 1 to %d heaps", MaxHeaps)
	}
	for _, h := range p {
		if h > math.MaxUint32 {
			return nil, badRequest("a heap above 2^32")
		}
	}
	s := 0
	for _, h := range p {
		s ^= h
	}
	ans := &PlayAnswer{Value: uint64(s), Exact: true, Winning: s != 0, Over: !slices.ContainsFunc(p, func(h int) bool { return h > 0 })}
	for i, h := range p {
		if t := h ^ s; t < h && s != 0 {
			q := slices.Clone(p)
			q[i] = t
			ans.Moves = append(ans.Moves, Move{Text: fmt.Sprintf("heap %d: %d → %d", i+1, h, t), Position: q})
		}
	}
	if s == 0 {
		ans.Why = fmt.Sprintf("the nim-sum %s is 0: every move changes one heap, so it leaves a non-zero nim-sum, and the opponent can always restore 0", heapsText(p))
	} else {
		ans.Why = fmt.Sprintf("the nim-sum %s is %d: take a heap whose size has the top bit of %d and reduce it to size ⊕ %d, leaving nim-sum 0", heapsText(p), s, s, s)
	}
	ans.answer(req, func() *Move { return nimLoss(p) })
	trim(ans)
	return ans, nil
}

// nimLoss takes one token from the largest heap, the move that prolongs
// a lost game the most.
func nimLoss(p []int) *Move {
	i := 0
	for j, h := range p {
		if h > p[i] {
			i = j
		}
	}
	q := slices.Clone(p)
	q[i]--
	return &Move{Text: fmt.Sprintf("heap %d: %d → %d", i+1, p[i], q[i]), Position: q}
}

// answer sets the computer's reply when one is asked for and a move is
// left: the first winning move, or else lost's move, which a loser plays
// to make the game last.
func (a *PlayAnswer) answer(req PlayRequest, lost func() *Move) {
	if !req.Reply || a.Over {
		return
	}
	if len(a.Moves) > 0 {
		a.Reply = &a.Moves[0]
		return
	}
	a.Reply = lost()
}

func trim(a *PlayAnswer) {
	if len(a.Moves) > 20 {
		a.Moves = a.Moves[:20]
	}
}

// kayles is the octal game 0.77: knock down one pin or two adjacent pins,
// possibly splitting the row.
func playKayles(req PlayRequest) (any, error) {
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
	v, err := g.Values(top+1, nil)
	if err != nil {
		return nil, err
	}
	s := uint64(0)
	parts := make([]string, len(p))
	for i, h := range p {
		s ^= v[h]
		parts[i] = fmt.Sprintf("G(%d) = %d", h, v[h])
	}
	ans := &PlayAnswer{Value: s, Exact: true, Winning: s != 0}
	var any *Move
	for i, h := range p {
		g.Moves(h, func(heaps ...int) {
			t := s ^ v[h]
			for _, k := range heaps {
				t ^= v[k]
			}
			q := append(append(slices.Clone(p[:i]), heaps...), p[i+1:]...)
			m := Move{Text: fmt.Sprintf("row %d of %d pins → %s", i+1, h, rowsText(heaps)), Position: q}
			if any == nil {
				any = &m
			}
			if t == 0 {
				ans.Moves = append(ans.Moves, m)
			}
		})
	}
	ans.Over = any == nil
	ans.Why = fmt.Sprintf("Kayles values by row (period 12 from 71 on): %s; their nim-sum is %d", strings.Join(parts, ", "), s)
	if s == 0 {
		ans.Why += ": every move leaves a non-zero sum"
	} else {
		ans.Why += ": a winning move leaves rows whose values nim-sum to 0"
	}
	ans.answer(req, func() *Move { return any })
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

func playWythoff(req PlayRequest) (any, error) {
	p := req.Position
	if len(p) != 2 {
		return nil, badRequest("Wythoff's game takes 2 heaps")
	}
	if p[0] > MaxWythoff || p[1] > MaxWythoff {
		return nil, badRequest("a heap above %d", MaxWythoff)
	}
	w := heap.Wythoff{}
	// P-positions: the Beatty pairs (⌊kφ⌋, ⌊kφ²⌋) and their mirrors.
	isP := map[[2]int]bool{}
	for _, pp := range w.PPositions(MaxWythoff + 1) {
		a, b := int(pp[0]), int(pp[1])
		isP[[2]int{a, b}], isP[[2]int{b, a}] = true, true
	}
	x := [2]int{p[0], p[1]}
	ans := &PlayAnswer{Winning: !isP[x], Over: x == [2]int{}}
	if x[0] <= MaxWythoffValue && x[1] <= MaxWythoffValue {
		s := sg.NewSolver[[2]int](w, 1<<13)
		v, err := w.Value(s, x[0], x[1])
		if err != nil {
			return nil, err
		}
		ans.Value, ans.Exact = v, true
	} else if ans.Winning {
		ans.Value = 1
	}
	opts := w.Options(x, nil)
	for _, o := range opts {
		m := Move{Text: fmt.Sprintf("(%d, %d) → (%d, %d)", x[0], x[1], o[0], o[1]), Position: []int{o[0], o[1]}}
		if isP[o] {
			ans.Moves = append(ans.Moves, m)
		}
	}
	if ans.Winning {
		ans.Why = fmt.Sprintf("(%d, %d) is not a pair (⌊kφ⌋, ⌊kφ²⌋): some move reaches one, and from a pair every move leaves one", x[0], x[1])
	} else {
		ans.Why = fmt.Sprintf("(%d, %d) is a pair (⌊kφ⌋, ⌊kφ²⌋), φ the golden ratio: the pairs use every number once with differences 0, 1, 2, …, so no move joins two", x[0], x[1])
	}
	ans.answer(req, func() *Move {
		// Take one token from the larger heap.
		q := []int{x[0], x[1]}
		if q[0] >= q[1] {
			q[0]--
		} else {
			q[1]--
		}
		return &Move{Text: fmt.Sprintf("(%d, %d) → (%d, %d)", x[0], x[1], q[0], q[1]), Position: q}
	})
	trim(ans)
	return ans, nil
}
