package script

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/misere"
	"github.com/nimbers/grundy/nimber"
	"github.com/nimbers/grundy/partizan/loopy"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// A nimberValue is an element of the field of nimbers below 2^64, as a
// Starlark value of type "nimber": + and - are nim addition, * nim
// multiplication, / division by the nim inverse.
type nimberValue struct{ n nimber.Nimber }

var (
	_ starlark.HasBinary  = nimberValue{}
	_ starlark.Comparable = nimberValue{}
	_ starlark.HasAttrs   = nimberValue{}
)

// String writes *n as CGSuite does: 0, *, *2, ….
func (x nimberValue) String() string {
	switch x.n {
	case 0:
		return "0"
	case 1:
		return "*"
	}
	return fmt.Sprintf("*%d", uint64(x.n))
}

// Type returns "nimber".
func (x nimberValue) Type() string { return "nimber" }

// Freeze does nothing: a nimber is immutable.
func (x nimberValue) Freeze() {}

// Truth returns whether the nimber is not 0.
func (x nimberValue) Truth() starlark.Bool { return x.n != 0 }

// Hash returns a hash of the nimber.
func (x nimberValue) Hash() (uint32, error) { return uint32(x.n ^ x.n>>32), nil }

// CompareSameType compares nimbers for equality only: they have no
// order as games.
func (x nimberValue) CompareSameType(op syntax.Token, y starlark.Value, _ int) (bool, error) {
	switch op {
	case syntax.EQL:
		return x.n == y.(nimberValue).n, nil
	case syntax.NEQ:
		return x.n != y.(nimberValue).n, nil
	}
	return false, fmt.Errorf("nimbers have no order (%s)", op)
}

// toNimber returns v as a nimber: a nimber or an int from 0 to 2^64-1.
func toNimber(v starlark.Value) (nimber.Nimber, bool) {
	switch v := v.(type) {
	case nimberValue:
		return v.n, true
	case starlark.Int:
		u, ok := v.Uint64()
		return nimber.Nimber(u), ok
	}
	return 0, false
}

// Binary returns nim sums, products and quotients of nimbers, an int
// taken for the nimber of its value.
func (x nimberValue) Binary(op syntax.Token, y starlark.Value, side starlark.Side) (starlark.Value, error) {
	m, ok := toNimber(y)
	if !ok {
		return nil, nil
	}
	a, b := x.n, m
	if side == starlark.Right {
		a, b = b, a
	}
	switch op {
	case syntax.PLUS, syntax.MINUS:
		return nimberValue{a.Add(b)}, nil
	case syntax.STAR:
		return nimberValue{a.Mul(b)}, nil
	case syntax.SLASH:
		q, err := a.Div(b)
		if err != nil {
			return nil, inputError{err}
		}
		return nimberValue{q}, nil
	}
	return nil, nil
}

// nimberMethods are the methods of a nimber.
var nimberMethods = map[string]func(x nimberValue, args starlark.Tuple) (starlark.Value, error){
	"inv": func(x nimberValue, _ starlark.Tuple) (starlark.Value, error) {
		if x.n == 0 {
			return nil, inputf("0 has no inverse")
		}
		return nimberValue{x.n.Inv()}, nil
	},
	"sqrt":   func(x nimberValue, _ starlark.Tuple) (starlark.Value, error) { return nimberValue{x.n.Sqrt()}, nil },
	"square": func(x nimberValue, _ starlark.Tuple) (starlark.Value, error) { return nimberValue{x.n.Square()}, nil },
	"order": func(x nimberValue, _ starlark.Tuple) (starlark.Value, error) {
		return starlark.MakeUint64(x.n.Order()), nil
	},
	"is_primitive": func(x nimberValue, _ starlark.Tuple) (starlark.Value, error) {
		return starlark.Bool(x.n.IsPrimitive()), nil
	},
	"pow": func(x nimberValue, args starlark.Tuple) (starlark.Value, error) {
		var e starlark.Int
		if err := starlark.UnpackPositionalArgs("pow", args, nil, 1, &e); err != nil {
			return nil, inputError{err}
		}
		u, ok := e.Uint64()
		if !ok {
			return nil, inputf("pow: exponent %v is not from 0 to 2^64-1", e)
		}
		return nimberValue{x.n.Pow(u)}, nil
	},
	"log": func(x nimberValue, args starlark.Tuple) (starlark.Value, error) {
		var b starlark.Value
		if err := starlark.UnpackPositionalArgs("log", args, nil, 1, &b); err != nil {
			return nil, inputError{err}
		}
		base, ok := toNimber(b)
		if !ok {
			return nil, inputf("log: base %s is not a nimber", b.Type())
		}
		k, err := x.n.Log(base)
		if err != nil {
			return nil, inputError{err}
		}
		return starlark.MakeUint64(k), nil
	},
}

// Attr returns a method of the nimber, or its value as an int.
func (x nimberValue) Attr(name string) (starlark.Value, error) {
	if name == "value" {
		return starlark.MakeUint64(uint64(x.n)), nil
	}
	m, ok := nimberMethods[name]
	if !ok {
		return nil, nil
	}
	return starlark.NewBuiltin(name, func(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
		if len(kw) > 0 {
			return nil, inputf("%s takes no keyword arguments", name)
		}
		if name != "pow" && name != "log" && len(args) > 0 {
			return nil, inputf("%s takes no arguments", name)
		}
		return m(x, args)
	}), nil
}

// AttrNames returns the methods and value.
func (x nimberValue) AttrNames() []string {
	names := []string{"value"}
	for k := range nimberMethods {
		names = append(names, k)
	}
	return sorted(names)
}

// A misereValue is an impartial game in misère canonical form, as a Starlark
// value of type "misere": + is the disjunctive sum, == misère equality.
type misereValue struct {
	s *session
	g misere.Game
}

var (
	_ starlark.HasBinary  = misereValue{}
	_ starlark.Comparable = misereValue{}
	_ starlark.HasAttrs   = misereValue{}
)

// String writes the form in CGSuite's notation.
func (x misereValue) String() string {
	t, err := x.g.Notation(maxText)
	if err != nil {
		return "<a misère form longer than 2^20 bytes>"
	}
	return t
}

// Type returns "misere".
func (x misereValue) Type() string { return "misere" }

// Freeze does nothing: a form is immutable.
func (x misereValue) Freeze() {}

// Truth returns whether the form is not 0.
func (x misereValue) Truth() starlark.Bool { return x.g.Birthday() != 0 }

// Hash returns the nim value, the misère value and the birthday mixed:
// equal forms have equal hashes.
func (x misereValue) Hash() (uint32, error) {
	return uint32(x.g.Genus().G*31+x.g.Genus().Gamma[0])*1000003 + uint32(x.g.Birthday()), nil
}

// CompareSameType compares forms for misère equality.
func (x misereValue) CompareSameType(op syntax.Token, y starlark.Value, _ int) (bool, error) {
	switch op {
	case syntax.EQL:
		return x.g.Equal(y.(misereValue).g), nil
	case syntax.NEQ:
		return !x.g.Equal(y.(misereValue).g), nil
	}
	return false, fmt.Errorf("misère forms have no order (%s)", op)
}

// Binary returns the sum of two forms.
func (x misereValue) Binary(op syntax.Token, y starlark.Value, _ starlark.Side) (starlark.Value, error) {
	h, ok := y.(misereValue)
	if !ok || op != syntax.PLUS {
		return nil, nil
	}
	left, err := x.s.left()
	if err != nil {
		return nil, err
	}
	g, err := misere.Sum(x.s.context(), &budget.Options{Limit: min(left, misere.DefaultSumLimit)}, x.g, h.g)
	if err != nil {
		return nil, err
	}
	return misereValue{x.s, g}, nil
}

// Attr returns a method or the options of the form.
func (x misereValue) Attr(name string) (starlark.Value, error) {
	var f func() starlark.Value
	switch name {
	case "options":
		opts := x.g.Options()
		vs := make([]starlark.Value, len(opts))
		for i, o := range opts {
			vs[i] = misereValue{x.s, o}
		}
		return starlark.NewList(vs), nil
	case "outcome":
		f = func() starlark.Value {
			if x.g.Genus().Gamma[0] == 0 {
				return starlark.String("P")
			}
			return starlark.String("N")
		}
	case "genus":
		f = func() starlark.Value { return starlark.String(x.g.Genus().String()) }
	case "birthday":
		f = func() starlark.Value { return starlark.MakeInt(x.g.Birthday()) }
	case "nim_value":
		f = func() starlark.Value { return starlark.MakeInt(x.g.Genus().G) }
	case "misere_value":
		f = func() starlark.Value { return starlark.MakeInt(x.g.Genus().Gamma[0]) }
	case "mate":
		f = func() starlark.Value { return misereValue{x.s, x.g.Mate()} }
	case "phylum":
		f = func() starlark.Value { return starlark.String(x.g.Phylum().String()) }
	default:
		return nil, nil
	}
	return starlark.NewBuiltin(name, func(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
		if len(args)+len(kw) > 0 {
			return nil, inputf("%s takes no arguments", name)
		}
		return f(), nil
	}), nil
}

// AttrNames returns the methods and options.
func (x misereValue) AttrNames() []string {
	return []string{"birthday", "genus", "mate", "misere_value", "nim_value", "options", "outcome", "phylum"}
}

// A loopyValue is a loopy partizan game in CGSuite's notation (a stopper such
// as on, over, upon, or any graph such as dud), as a Starlark value of
// type "loopy": + and - are sums, and comparisons hold as they do for
// stoppers.
type loopyValue struct {
	s *session
	x loopy.Game
}

var (
	_ starlark.HasBinary  = loopyValue{}
	_ starlark.HasUnary   = loopyValue{}
	_ starlark.Comparable = loopyValue{}
	_ starlark.HasAttrs   = loopyValue{}
)

// String writes the game in CGSuite's notation.
func (x loopyValue) String() string {
	t, _ := x.x.Text(maxText)
	return t
}

// Type returns "loopy".
func (x loopyValue) Type() string { return "loopy" }

// Freeze does nothing: a game is immutable.
func (x loopyValue) Freeze() {}

// Truth returns true.
func (x loopyValue) Truth() starlark.Bool { return true }

// Hash fails: loopy games are compared by a search.
func (x loopyValue) Hash() (uint32, error) { return 0, errors.New("loopy games are not hashable") }

// opt returns the budget of a loopy game's operation.
func (s *session) loopyOpt() (*budget.Options, error) {
	left, err := s.left()
	if err != nil {
		return nil, err
	}
	return &budget.Options{Limit: left, Memory: s.memory}, nil
}

// CompareSameType compares two games: = , <, <= and so on.
func (x loopyValue) CompareSameType(op syntax.Token, y starlark.Value, _ int) (bool, error) {
	opt, err := x.s.loopyOpt()
	if err != nil {
		return false, err
	}
	rel, err := loopy.Compare(x.s.context(), x.x, y.(loopyValue).x, opt)
	if err != nil {
		return false, err
	}
	return holds(op, rel, "loopy games")
}

// Unary returns -G.
func (x loopyValue) Unary(op syntax.Token) (starlark.Value, error) {
	if op == syntax.MINUS {
		return loopyValue{x.s, x.x.Neg()}, nil
	}
	return nil, nil
}

// Binary returns G + H and G - H; a short game is taken as a loopy one.
func (x loopyValue) Binary(op syntax.Token, y starlark.Value, side starlark.Side) (starlark.Value, error) {
	if op != syntax.PLUS && op != syntax.MINUS {
		return nil, nil
	}
	var h loopy.Game
	switch y := y.(type) {
	case loopyValue:
		h = y.x
	case gameValue:
		var err error
		if h, err = loopy.FromShort(y.g); err != nil {
			return nil, err
		}
	default:
		return nil, nil
	}
	a, b := x.x, h
	if side == starlark.Right {
		a, b = b, a
	}
	if op == syntax.MINUS {
		b = b.Neg()
	}
	opt, err := x.s.loopyOpt()
	if err != nil {
		return nil, err
	}
	g, err := loopy.Sum(x.s.context(), []loopy.Game{a, b}, opt)
	if err != nil {
		return nil, err
	}
	return loopyValue{x.s, g}, nil
}

// Attr returns the methods outcome, is_stopper and short.
func (x loopyValue) Attr(name string) (starlark.Value, error) {
	var f func() (starlark.Value, error)
	switch name {
	case "outcome":
		f = func() (starlark.Value, error) {
			c, err := loopy.Play(x.x)
			if err != nil {
				return nil, err
			}
			return starlark.String(c.String()), nil
		}
	case "winner":
		f = func() (starlark.Value, error) {
			c, err := loopy.Play(x.x)
			if err != nil {
				return nil, err
			}
			return starlark.String(c.Words()), nil
		}
	case "is_stopper":
		f = func() (starlark.Value, error) { return starlark.Bool(x.x.IsStopper()), nil }
	case "short":
		f = func() (starlark.Value, error) {
			if g, ok := x.x.Short(); ok {
				return gameValue{x.s, g}, nil
			}
			return starlark.None, nil
		}
	default:
		return nil, nil
	}
	return starlark.NewBuiltin(name, func(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
		if len(args)+len(kw) > 0 {
			return nil, inputf("%s takes no arguments", name)
		}
		return f()
	}), nil
}

// AttrNames returns the methods.
func (x loopyValue) AttrNames() []string { return []string{"is_stopper", "outcome", "short", "winner"} }

// mex returns the least non-negative integer not among xs.
func mex(xs []*big.Int) int {
	seen := map[int]bool{}
	for _, x := range xs {
		if x.IsInt64() && x.Int64() >= 0 && x.Int64() <= int64(len(xs)) {
			seen[int(x.Int64())] = true
		}
	}
	n := 0
	for seen[n] {
		n++
	}
	return n
}
