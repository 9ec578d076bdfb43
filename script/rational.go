package script

import (
	"encoding/binary"
	"fmt"

	"github.com/nimbers/grundy/partizan"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// A rationalValue is r + G, a rational number that is not dyadic plus a
// short game (partizan.RationalGame), as a Starlark value of type
// "rational": game("1/3*") makes one. It prints as CGSuite writes numbers
// (1/3, 1/3*, 4/3v[3]*, 1/3+{1|0}), adds and subtracts with games and
// other rationals, negates, and compares; a sum that is dyadic again is
// a game.
type rationalValue struct {
	s *session
	x partizan.RationalGame
}

var (
	_ starlark.HasBinary  = rationalValue{}
	_ starlark.HasUnary   = rationalValue{}
	_ starlark.Comparable = rationalValue{}
)

// String writes r + G as partizan.RationalGame does.
func (v rationalValue) String() string { return v.x.String() }

// Type returns "rational".
func (v rationalValue) Type() string { return "rational" }

// Freeze does nothing: the value is immutable.
func (v rationalValue) Freeze() {}

// Truth returns true: a rational that is not dyadic is never 0.
func (v rationalValue) Truth() starlark.Bool { return true }

// Hash returns a hash of the rational part and the short part.
func (v rationalValue) Hash() (uint32, error) {
	f, g := v.x.Parts()
	d := g.Digest()
	h, _ := starlark.String(f.RatString()).Hash()
	return h ^ binary.LittleEndian.Uint32(d[:]), nil
}

// rationalValue returns x as a Starlark value: a game when it is short.
func (s *session) rationalValue(x partizan.RationalGame) starlark.Value {
	if g, ok := x.Short(); ok {
		return gameValue{s, g}
	}
	return rationalValue{s, x}
}

// toRational returns v as r + G: a rational, or anything toGame reads,
// or a game's text with a rational that is not dyadic (as
// partizan.ParseRational reads it). ok is false when v is none of them.
func (s *session) toRational(v starlark.Value) (partizan.RationalGame, bool, error) {
	if r, ok := v.(rationalValue); ok {
		return r.x, true, nil
	}
	if g, err := s.toGame(v); err == nil {
		return partizan.RationalOf(g), true, nil
	}
	str, ok := v.(starlark.String)
	if !ok || len(str) > maxGameText {
		return partizan.RationalGame{}, false, nil
	}
	x, err := s.calc.ParseRational(s.context(), string(str))
	if err != nil {
		return partizan.RationalGame{}, false, nil
	}
	return x, true, nil
}

// Unary returns −x, and +x itself.
func (v rationalValue) Unary(op syntax.Token) (starlark.Value, error) {
	switch op {
	case syntax.MINUS:
		return rationalValue{v.s, v.x.Neg()}, nil
	case syntax.PLUS:
		return v, nil
	}
	return nil, nil
}

// Binary returns x + y and x − y for y a game, a rational, or their text.
func (v rationalValue) Binary(op syntax.Token, y starlark.Value, side starlark.Side) (starlark.Value, error) {
	if op != syntax.PLUS && op != syntax.MINUS {
		return nil, nil
	}
	w, ok, err := v.s.toRational(y)
	if err != nil || !ok {
		return nil, err
	}
	a, b := v.x, w
	if side == starlark.Right {
		a, b = b, a
	}
	if op == syntax.MINUS {
		b = b.Neg()
	}
	sum, err := v.s.calc.SumRational(v.s.context(), a, b)
	if err != nil {
		return nil, err
	}
	return v.s.rationalValue(sum), nil
}

// CompareSameType compares two rationals in the order of games.
func (v rationalValue) CompareSameType(op syntax.Token, y starlark.Value, _ int) (bool, error) {
	rel, err := v.s.calc.CompareRational(v.s.context(), v.x, y.(rationalValue).x)
	if err != nil {
		return false, err
	}
	return holds(op, rel, "rationals")
}

// holds reports whether the relation rel of x to y makes x op y true:
// for a fuzzy pair only != holds. what names the values in an error.
func holds(op syntax.Token, rel partizan.Relation, what string) (bool, error) {
	switch op {
	case syntax.EQL:
		return rel == partizan.Equal, nil
	case syntax.NEQ:
		return rel != partizan.Equal, nil
	case syntax.LT:
		return rel == partizan.Less, nil
	case syntax.LE:
		return rel == partizan.Less || rel == partizan.Equal, nil
	case syntax.GT:
		return rel == partizan.Greater, nil
	case syntax.GE:
		return rel == partizan.Greater || rel == partizan.Equal, nil
	}
	return false, fmt.Errorf("%s have no %s", what, op)
}

// relateRational returns the relation of a to b when either is a
// rational that is not dyadic; ok is false when neither is.
func (s *session) relateRational(a, b starlark.Value) (string, bool, error) {
	_, ra := a.(rationalValue)
	_, rb := b.(rationalValue)
	if !ra && !rb {
		return "", false, nil
	}
	x, okx, err := s.toRational(a)
	if err == nil && !okx {
		err = inputf("%s is not a game", a.Type())
	}
	if err != nil {
		return "", true, err
	}
	y, oky, err := s.toRational(b)
	if err == nil && !oky {
		err = inputf("%s is not a game", b.Type())
	}
	if err != nil {
		return "", true, err
	}
	rel, err := s.calc.CompareRational(s.context(), x, y)
	if err != nil {
		return "", true, err
	}
	return rel.String(), true, nil
}
