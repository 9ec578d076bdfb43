package games

import (
	"bytes"
	"context"
	"fmt"
	"io"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/partizan"
)

// A Query asks about a sum of positions of one ruleset, as the command
// line's "grundy game" and the playground's /api/game do. Its JSON field
// names are those of the web API.
type Query struct {
	// Ruleset is a registry name with its parameter: "octal:0.77".
	Ruleset string `json:"ruleset"`
	// Positions are the terms of the sum, each in the ruleset's notation.
	Positions []string `json:"positions"`
	// Moves asks for every option with its value.
	Moves bool `json:"moves,omitempty"`
	// Winning asks for each player's winning moves only (moving first):
	// the options after which the mover wins, with their outcome.
	Winning bool `json:"winning,omitempty"`
	// Outcome asks only who wins, by the search that needs no value.
	Outcome bool `json:"outcome,omitempty"`
	// Misere asks for misère play: the last player to move loses.
	Misere bool `json:"misere,omitempty"`
	// Impartial asks for the ruleset's impartial variant.
	Impartial bool `json:"impartial,omitempty"`
}

// An Answer is what Ask finds. Its JSON field names are those of the
// command line's --json and of the web API.
type Answer struct {
	Ruleset  string       `json:"ruleset"`         // the ruleset's name, "(impartial)" added for the variant
	Position string       `json:"position"`        // the sum, as the ruleset writes it
	Value    string       `json:"value,omitempty"` // Value's text; empty when only the outcome was asked
	Outcome  string       `json:"outcome"`         // the outcome class: L, R, N, P, D, …
	Winner   string       `json:"winner"`          // the outcome in words: Left, Right, first, second, draw, …
	Moves    []AnswerMove `json:"moves,omitempty"` // with Query.Moves or Query.Winning
}

// WriteTo writes a as grundy game prints it: the value (when asked), the
// winner, then each move a line, "Left: POSITION: VALUE" ("POSITION:
// VALUE" for an impartial ruleset). It returns the bytes written and the
// first error.
func (a *Answer) WriteTo(w io.Writer) (int64, error) {
	var b bytes.Buffer
	if a.Value != "" {
		fmt.Fprintln(&b, a.Value)
	}
	fmt.Fprintln(&b, a.Winner)
	for _, m := range a.Moves {
		if m.Player != "" {
			fmt.Fprintf(&b, "%s: ", m.Player)
		}
		fmt.Fprintf(&b, "%s: %s\n", m.Position, m.Value)
	}
	return b.WriteTo(w)
}

// An AnswerMove is an option of the position asked about.
type AnswerMove struct {
	Player   string `json:"player,omitempty"` // Left or Right; empty for an impartial ruleset
	Position string `json:"position"`         // the position moved to
	Value    string `json:"value"`            // the option's value, or with Query.Winning its outcome in words
	Outcome  string `json:"outcome"`
}

// A Session answers queries about positions of one ruleset through one
// Engine, so that what it valued for one position serves the next: a
// table of many positions costs little more than its largest. A Session
// is not safe for concurrent use.
type Session struct {
	q     Query
	rules Ruleset
	e     *Engine
}

// NewSession returns a session for q's ruleset and play (q.Positions
// are not read) within opt (see NewEngine). It fails with an error
// wrapping ErrInput for an unknown ruleset or a query asking for both
// the outcome alone and the moves.
func NewSession(q Query, opt *budget.Options) (*Session, error) {
	if q.Outcome && q.Moves {
		return nil, InputErrorf("ask for the outcome alone or for the moves, not both")
	}
	if q.Winning && q.Moves {
		return nil, InputErrorf("ask for every move or for the winning moves, not both")
	}
	rules, err := Lookup(q.Ruleset)
	if err != nil {
		return nil, err
	}
	if q.Impartial {
		rules = ImpartialVariant(rules)
	}
	return &Session{q: q, rules: rules, e: NewEngine(rules, opt)}, nil
}

// Ask answers q within opt: it looks the ruleset up, reads the positions
// and values their sum. It fails with an error wrapping ErrInput for an
// unknown ruleset or a malformed position (naming which, from 1), with a
// *budget.TooLargeError past opt's limits, and with ctx's error when ctx
// is cancelled.
func Ask(ctx context.Context, q Query, opt *budget.Options) (*Answer, error) {
	s, err := NewSession(q, opt)
	if err != nil {
		return nil, err
	}
	return s.Ask(ctx, q.Positions...)
}

// Canonical returns the canonical form of the position written s of the
// short ruleset named rules ("hackenbush-string"), within opt (see
// NewEngine). It fails, wrapping ErrInput, for an unknown or loopy
// ruleset or a position it cannot read, with a *budget.TooLargeError
// past opt's limits, and stops when ctx is cancelled.
func Canonical(ctx context.Context, rules, s string, opt *budget.Options) (*partizan.Game, error) {
	r, err := Lookup(rules)
	if err != nil {
		return nil, err
	}
	p, err := r.Parse(s)
	if err != nil {
		return nil, err
	}
	return NewEngine(r, opt).Canonical(ctx, p)
}

// Ask answers the session's query about the sum of the positions, each
// in the ruleset's notation. It fails as the function Ask does.
func (s *Session) Ask(ctx context.Context, positions ...string) (*Answer, error) {
	q, rules, e := s.q, s.rules, s.e
	if len(positions) == 0 {
		return nil, InputErrorf("no position")
	}
	var err error
	ps := make([]Position, len(positions))
	for i, t := range positions {
		if ps[i], err = rules.Parse(t); err != nil {
			if len(ps) == 1 {
				return nil, err
			}
			return nil, &InputError{fmt.Sprintf("position %d: %v", i+1, err)}
		}
	}
	p := Sum(ps...)
	var v Value
	switch {
	case q.Outcome && q.Misere:
		v.Outcome, err = e.MisereOutcome(ctx, p)
	case q.Outcome:
		v.Outcome, err = e.Outcome(ctx, p)
	case q.Misere:
		v, err = e.MisereValue(ctx, p)
	default:
		v, err = e.Value(ctx, p)
	}
	if err != nil {
		return nil, err
	}
	a := &Answer{Ruleset: rules.Name(), Position: p.String(), Outcome: v.Outcome.String(), Winner: v.Outcome.Words()}
	if !q.Outcome {
		a.Value = v.String()
	}
	var ms []Move
	switch {
	case q.Moves:
		ms, err = e.Moves(ctx, p, q.Misere)
	case q.Winning:
		for who := Left; who <= Right && err == nil; who++ {
			var w []Move
			w, err = e.WinningMoves(ctx, p, who, q.Misere)
			ms = append(ms, w...)
			if rules.Kind()&Impartial != 0 {
				break
			}
		}
	}
	if err != nil {
		return nil, err
	}
	for _, m := range ms {
		am := AnswerMove{Position: m.To.String(), Value: m.Value.String(), Outcome: m.Value.Outcome.String()}
		if rules.Kind()&Impartial == 0 {
			am.Player = m.Player.String()
		}
		a.Moves = append(a.Moves, am)
	}
	return a, nil
}
