package loopy

import (
	"context"
	"errors"
	"fmt"
	"math/big"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/outcome"
	"github.com/nimbers/grundy/partizan"
)

// An Expr is a game as written: a short game, held in canonical form, or
// else the terms of a sum of loopy games (one term when the text writes
// no sum), not yet added, so that a sum whose simplest form simplestSum
// finds term by term never builds its graph.
type Expr struct {
	short *partizan.Game
	terms []Game
}

// maxValueText bounds the bytes of a value written out.
const maxValueText = 1 << 20

// ParseExpr reads s: as a short game when package partizan reads it,
// else as a sum of loopy games in CGSuite's notation (see Parse).
func ParseExpr(ctx context.Context, s string, opt *budget.Options) (Expr, error) {
	g, err := partizan.NewCalculator(opt).Parse(ctx, s)
	if err == nil {
		return Expr{short: g}, nil
	}
	if !errors.Is(err, partizan.ErrSyntax) {
		return Expr{}, err
	}
	ts, err := parseTerms(s, opt)
	return Expr{terms: ts}, err
}

// A Value is what is known of the value of a loopy game: its simplest
// form, or its onside & offside; its positions; who wins it.
type Value struct {
	Game      string   `json:"game"`              // the value as CGSuite writes it
	Onside    string   `json:"onside,omitempty"`  // simplest forms of the sides
	Offside   string   `json:"offside,omitempty"` // (empty from Canon)
	Stopper   *bool    `json:"stopper,omitempty"` // the game itself is a stopper (nil from Canon)
	Positions *big.Int `json:"positions"`         // of the game's graph
	Outcome
}

// String writes the value, then "n positions; Left first: Left wins,
// Right first: draw".
func (v Value) String() string {
	ps := v.Positions.String() + " positions"
	if v.Positions.IsInt64() && v.Positions.Int64() == 1 {
		ps = "1 position"
	}
	return fmt.Sprintf("%s\n%s; %s", v.Game, ps, v.Outcome)
}

// An Outcome is who wins a loopy game with each player moving first.
type Outcome struct {
	LeftFirst  string `json:"left_first"` // "Left", "Right" or "draw"
	RightFirst string `json:"right_first"`
}

// outcomeOf returns the outcome of the class c.
func outcomeOf(c outcome.Class) Outcome {
	return Outcome{c.LeftFirst().String(), c.RightFirst().String()}
}

// String writes "Left first: Left wins, Right first: draw".
func (o Outcome) String() string {
	return fmt.Sprintf("Left first: %s, Right first: %s", winWords(o.LeftFirst), winWords(o.RightFirst))
}

func winWords(r string) string {
	if r == outcome.Draw.String() {
		return r
	}
	return r + " wins"
}

// game returns x as one loopy game: its terms added.
func (x Expr) game(ctx context.Context, opt *budget.Options) (Game, error) {
	switch {
	case x.short != nil:
		return FromShort(x.short)
	case len(x.terms) == 1:
		return x.terms[0], nil
	}
	return Sum(ctx, x.terms, opt)
}

// simplest returns the simplest form of x when simplestSum finds it
// without adding the terms' graphs, else x added.
func (x Expr) simplest(ctx context.Context, opt *budget.Options) (Game, bool, error) {
	if x.short == nil {
		if s, ok, err := simplestSum(ctx, x.terms, opt); ok || err != nil {
			return s, ok, err
		}
	}
	g, err := x.game(ctx, opt)
	return g, false, err
}

// positions returns the positions of x's graph as Sum builds it: the
// product of its terms', the short terms added first.
func (x Expr) positions(ctx context.Context, opt *budget.Options) (*big.Int, error) {
	n := big.NewInt(1)
	var shorts []*partizan.Game
	for _, t := range x.terms {
		if g, ok := t.Short(); ok {
			shorts = append(shorts, g)
			continue
		}
		n.Mul(n, big.NewInt(int64(t.len())))
	}
	if len(shorts) > 0 {
		s, err := partizan.NewCalculator(opt).Sum(ctx, shorts...)
		if err != nil {
			return nil, err
		}
		if !s.Equal(partizan.Zero) || len(shorts) == len(x.terms) {
			n.Mul(n, shortPositions(s))
		}
	}
	return n, nil
}

// short returns the value of a short game: its canonical form, the
// positions of that form and who wins.
func shortValue(ctx context.Context, g *partizan.Game, opt *budget.Options) (Value, error) {
	text, ok := shortText(g, maxValueText)
	if !ok {
		return Value{}, fmt.Errorf("the canonical form is longer than %d bytes written out", maxValueText)
	}
	c, err := playShort(ctx, g, opt)
	return Value{Game: text, Positions: shortPositions(g), Outcome: outcomeOf(c)}, err
}

// stopperValue returns the value of a stopper in its simplest form s,
// with n positions.
func stopperValue(s Game, n *big.Int) (Value, error) {
	text, ok := s.Text(maxValueText)
	if !ok {
		return Value{}, fmt.Errorf("the simplest form has %d positions and is longer than %d bytes written out", s.len(), maxValueText)
	}
	c, err := Play(s)
	return Value{Game: text, Positions: n, Outcome: outcomeOf(c)}, err
}

// Canon returns the simplest form of the stopper x, its positions and
// who wins it; a game that is not a stopper is refused.
func (x Expr) Canon(ctx context.Context, opt *budget.Options) (Value, error) {
	if x.short != nil {
		return shortValue(ctx, x.short, opt)
	}
	s, ok, err := x.simplest(ctx, opt)
	if err == nil && !ok {
		s, err = simplestForm(ctx, s, opt)
	}
	if err != nil {
		return Value{}, err
	}
	return stopperValue(s, big.NewInt(int64(s.len())))
}

// Sides returns the value of x as its onside & offside (one simplest
// form for a stopper), the positions of its graph and who wins it.
func (x Expr) Sides(ctx context.Context, opt *budget.Options) (Value, error) {
	if x.short != nil {
		v, err := shortValue(ctx, x.short, opt)
		v.Onside, v.Offside, v.Stopper = v.Game, v.Game, new(bool)
		*v.Stopper = true
		return v, err
	}
	s, ok, err := x.simplest(ctx, opt)
	if err != nil {
		return Value{}, err
	}
	if !ok {
		return Describe(ctx, s, opt)
	}
	n, err := x.positions(ctx, opt)
	if err != nil {
		return Value{}, err
	}
	v, err := stopperValue(s, n)
	v.Onside, v.Offside, v.Stopper = v.Game, v.Game, new(bool)
	*v.Stopper = true
	return v, err
}

// Describe returns the value of the loopy game x as Sides does.
func Describe(ctx context.Context, x Game, opt *budget.Options) (Value, error) {
	on, off, err := Sides(ctx, x, opt)
	if err != nil {
		return Value{}, err
	}
	text, ok := SidedText(on, off, maxValueText)
	if !ok {
		return Value{}, fmt.Errorf("the value is longer than %d bytes written out", maxValueText)
	}
	c, err := Play(x)
	v := Value{Game: text, Stopper: new(bool), Positions: big.NewInt(int64(x.len())), Outcome: outcomeOf(c)}
	*v.Stopper = x.IsStopper()
	v.Onside, _ = on.Text(maxValueText)
	v.Offside, _ = off.Text(maxValueText)
	return v, err
}

// Outcome returns who wins x, stopper or not, with Left and with Right
// moving first.
func (x Expr) Outcome(ctx context.Context, opt *budget.Options) (Outcome, error) {
	var c outcome.Class
	var err error
	if x.short != nil {
		c, err = playShort(ctx, x.short, opt)
	} else {
		// A sum that is a stopper has no draws, and who wins it is
		// decided by its value: its simplest form plays as it does.
		var s Game
		if s, _, err = x.simplest(ctx, opt); err == nil {
			c, err = Play(s)
		}
	}
	if err != nil {
		return Outcome{}, err
	}
	return outcomeOf(c), nil
}

// CompareExprs returns the relation of x to y: of their values for
// stoppers, of their sides for other games.
func CompareExprs(ctx context.Context, x, y Expr, opt *budget.Options) (partizan.Relation, error) {
	if x.short != nil && y.short != nil {
		r, err := partizan.NewCalculator(opt).Compare(ctx, x.short, y.short)
		return r, err
	}
	// G compares with H as G − H does with 0, when simplestSum finds
	// G − H: when it is a sum of stoppers none of which has a Left move
	// on a cycle, or none a Right move.
	var terms []Game
	for i, e := range []Expr{x, y} {
		ts := e.terms
		if e.short != nil {
			t, err := FromShort(e.short)
			if err != nil {
				terms = nil
				break
			}
			ts = []Game{t}
		}
		for _, t := range ts {
			if i == 1 {
				t = t.Neg()
			}
			terms = append(terms, t)
		}
	}
	if terms != nil {
		d, ok, err := simplestSum(ctx, terms, opt)
		if err != nil {
			return 0, err
		}
		if ok {
			return Compare(ctx, d, Game{}, opt)
		}
	}
	gx, _, err := x.simplest(ctx, opt)
	if err != nil {
		return 0, err
	}
	gy, _, err := y.simplest(ctx, opt)
	if err != nil {
		return 0, err
	}
	return Compare(ctx, gx, gy, opt)
}

// SumExprs returns the value of the sum of xs as CGSuite writes it: its
// simplest form when the sum is a stopper, else its onside & offside.
func SumExprs(ctx context.Context, xs []Expr, opt *budget.Options) (string, error) {
	var shorts []*partizan.Game
	terms := []Game{}
	for _, x := range xs {
		if x.short != nil {
			shorts = append(shorts, x.short)
		}
		terms = append(terms, x.terms...)
	}
	if len(shorts) > 0 {
		s, err := partizan.NewCalculator(opt).Sum(ctx, shorts...)
		if err != nil {
			return "", err
		}
		if len(shorts) == len(xs) {
			if text, ok := shortText(s, maxValueText); ok {
				return text, nil
			}
			return "", fmt.Errorf("the canonical form is longer than %d bytes written out", maxValueText)
		}
		t, err := FromShort(s)
		if err != nil {
			return "", err
		}
		terms = append(terms, t)
	}
	on, ok, err := simplestSum(ctx, terms, opt)
	off := on
	if err == nil && !ok {
		var sum Game
		if sum, err = Sum(ctx, terms, opt); err == nil {
			on, off, err = Sides(ctx, sum, opt)
		}
	}
	if err != nil {
		return "", err
	}
	text, ok := SidedText(on, off, maxValueText)
	if !ok {
		return "", fmt.Errorf("the value is longer than %d bytes written out", maxValueText)
	}
	return text, nil
}
