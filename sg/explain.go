package sg

import "context"

// An Explanation tells the player to move in an impartial game what a
// position is worth and why: its value, who wins, the winning moves and
// the move a perfect player makes. P describes a position as a front end
// draws it (heap sizes, rows of coins, edges). The rulesets' Explain
// methods return one; its JSON is the playground's /api/play answer.
type Explanation[P any] struct {
	Value   uint64             `json:"value"`
	Exact   bool               `json:"exact"`           // Value is the Grundy value; else 1 for a win and 0 for a loss
	Winning bool               `json:"winning"`         // the player to move wins
	Why     string             `json:"why"`             // the reason, in words
	Moves   []ExplainedMove[P] `json:"moves"`           // the first MaxExplained winning moves
	Reply   *ExplainedMove[P]  `json:"reply,omitempty"` // the first winning move, else a delaying one; nil when no move is left
}

// An ExplainedMove is a move in words and the position it leads to.
type ExplainedMove[P any] struct {
	Text     string `json:"text"`
	Position P      `json:"position"`
}

// MaxExplained is the most winning moves an Explanation lists.
const MaxExplained = 20

// Explain returns the explanation of the sum of comps without its Why:
// the value, the first MaxExplained winning moves and the reply (the
// first winning move, else delayingMove's), each described by describe.
// It stops with ctx's error when a component's MovesTo does.
func Explain[P any](ctx context.Context, comps []Component, describe func(ComponentMove) ExplainedMove[P]) (*Explanation[P], error) {
	win, moves, err := SumWinningMoves(ctx, comps)
	if err != nil {
		return nil, err
	}
	e := &Explanation[P]{Value: SumValue(comps), Exact: true, Winning: win, Moves: []ExplainedMove[P]{}}
	for _, m := range moves[:min(len(moves), MaxExplained)] {
		e.Moves = append(e.Moves, describe(m))
	}
	if len(e.Moves) > 0 {
		e.Reply = &e.Moves[0]
		return e, nil
	}
	m, ok, err := delayingMove(ctx, comps)
	if err != nil {
		return nil, err
	}
	if ok {
		e.Reply = new(describe(m))
	}
	return e, nil
}
