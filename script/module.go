package script

import (
	"context"
	"errors"
	"math/big"
	"slices"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/misere"
	"github.com/nimbers/grundy/nimber"
	"github.com/nimbers/grundy/partizan"
	"github.com/nimbers/grundy/partizan/loopy"
	"go.starlark.net/starlark"
	"go.starlark.net/starlarkstruct"

	// Every ruleset registers itself.
	_ "github.com/nimbers/grundy/games/graph"
	_ "github.com/nimbers/grundy/games/grid"
	_ "github.com/nimbers/grundy/games/heap"
	_ "github.com/nimbers/grundy/games/letters"
	_ "github.com/nimbers/grundy/games/strip"
	_ "github.com/nimbers/grundy/games/turning"
)

// moduleNames are the functions of the grundy module, which a script has as
// globals and may also load("grundy", …).
var moduleNames = []string{"compare", "fuzzy", "game", "loopy", "mex", "misere", "nimber", "ruleset", "rulesets", "table", "values"}

// module returns the module's functions, and the module as "grundy".
func module() starlark.StringDict {
	fs := map[string]func(s *session, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error){
		"game":     builtinGame,
		"fuzzy":    builtinFuzzy,
		"compare":  builtinCompare,
		"nimber":   builtinNimber,
		"mex":      builtinMex,
		"misere":   builtinMisere,
		"loopy":    builtinLoopy,
		"ruleset":  builtinRuleset,
		"rulesets": builtinRulesets,
		"table": func(s *session, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
			return tabulate(s, "table", args, kw)
		},
		"values": func(s *session, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
			return tabulate(s, "values", args, kw)
		},
	}
	d := starlark.StringDict{}
	for _, name := range moduleNames {
		f := fs[name]
		d[name] = starlark.NewBuiltin(name, func(t *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
			return f(sessionOf(t), args, kw)
		})
	}
	m := starlark.StringDict{}
	for k, v := range d {
		m[k] = v
	}
	d["grundy"] = &starlarkstruct.Module{Name: "grundy", Members: m}
	for _, name := range costly {
		d[name] = charged(name)
	}
	return d
}

// context returns the context of the run under way.
func (s *session) context() context.Context {
	if s.ctx == nil {
		return context.Background()
	}
	return s.ctx
}

func sorted(names []string) []string {
	slices.Sort(names)
	return names
}

func nimberOf(n uint64) nimber.Nimber { return nimber.Nimber(n) }

// builtinGame returns game(x): x as a game, or the canonical form of
// {left | right}.
func builtinGame(s *session, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	var x starlark.Value = starlark.MakeInt(0)
	var left, right starlark.Value
	if err := starlark.UnpackArgs("game", args, kw, "x?", &x, "left?", &left, "right?", &right); err != nil {
		return nil, inputError{err}
	}
	if left == nil && right == nil {
		g, err := s.toGame(x)
		if err != nil {
			if r, ok, rerr := s.toRational(x); rerr == nil && ok {
				return s.rationalValue(r), nil // 1/3, 1/3*: born on day ω
			}
			return nil, err
		}
		return gameValue{s, g}, nil
	}
	if len(args) > 0 {
		return nil, inputf("game: give x, or left and right, not both")
	}
	var sides [2][]*gameValue
	for i, v := range []starlark.Value{left, right} {
		if v == nil {
			continue
		}
		it, ok := v.(starlark.Iterable)
		if !ok {
			return nil, inputf("game: options are a list of games, got %s", v.Type())
		}
		iter := it.Iterate()
		var o starlark.Value
		for iter.Next(&o) {
			g, err := s.toGame(o)
			if err != nil {
				iter.Done()
				return nil, err
			}
			sides[i] = append(sides[i], &gameValue{s, g})
		}
		iter.Done()
	}
	l, r := games0(sides[0]), games0(sides[1])
	g, err := s.calc.New(s.context(), l, r)
	if err != nil {
		return nil, err
	}
	return gameValue{s, g}, nil
}

// builtinFuzzy returns fuzzy(g, h): whether g and h are incomparable.
func builtinFuzzy(s *session, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	rel, err := relation(s, "fuzzy", args, kw)
	if err != nil {
		return nil, err
	}
	return starlark.Bool(rel == "||"), nil
}

// builtinCompare returns compare(g, h): "<", ">", "=" or "||".
func builtinCompare(s *session, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	rel, err := relation(s, "compare", args, kw)
	if err != nil {
		return nil, err
	}
	return starlark.String(rel), nil
}

func relation(s *session, name string, args starlark.Tuple, kw []starlark.Tuple) (string, error) {
	var a, b starlark.Value
	if err := starlark.UnpackPositionalArgs(name, args, kw, 2, &a, &b); err != nil {
		return "", inputError{err}
	}
	if x, ok := a.(loopyValue); ok {
		if y, ok := b.(loopyValue); ok {
			opt, err := s.loopyOpt()
			if err != nil {
				return "", err
			}
			rel, err := loopy.Compare(s.context(), x.x, y.x, opt)
			if err != nil {
				return "", err
			}
			return rel.String(), nil
		}
	}
	if rel, ok, err := s.relateRational(a, b); ok {
		return rel, err
	}
	g, err := s.toGame(a)
	if err != nil {
		return "", err
	}
	h, err := s.toGame(b)
	if err != nil {
		return "", err
	}
	return s.relate(g, h)
}

// builtinNimber returns nimber(n).
func builtinNimber(s *session, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	var x starlark.Value
	if err := starlark.UnpackPositionalArgs("nimber", args, kw, 1, &x); err != nil {
		return nil, inputError{err}
	}
	if t, ok := x.(starlark.String); ok {
		n, err := nimber.Parse(string(t))
		if err != nil {
			return nil, inputError{err}
		}
		return nimberValue{n}, nil
	}
	if g, ok := x.(gameValue); ok {
		if n, ok := g.g.AsNimber(); ok {
			return nimberValue{nimber.Nimber(n)}, nil
		}
		return nil, inputf("nimber: %s is not a nimber", g)
	}
	n, ok := toNimber(x)
	if !ok {
		return nil, inputf("nimber: want an int from 0 to 2^64-1, got %s", x)
	}
	return nimberValue{n}, nil
}

// builtinMex returns mex(xs): the least non-negative int not in xs.
func builtinMex(s *session, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	var it starlark.Iterable
	if err := starlark.UnpackPositionalArgs("mex", args, kw, 1, &it); err != nil {
		return nil, inputError{err}
	}
	var xs []*big.Int
	iter := it.Iterate()
	defer iter.Done()
	var x starlark.Value
	for iter.Next(&x) {
		switch x := x.(type) {
		case starlark.Int:
			xs = append(xs, x.BigInt())
		case nimberValue:
			xs = append(xs, new(big.Int).SetUint64(uint64(x.n)))
		case gameValue:
			n, ok := x.g.AsNimber()
			if !ok {
				return nil, inputf("mex: %s is not a nimber", x)
			}
			xs = append(xs, big.NewInt(int64(n)))
		default:
			return nil, inputf("mex: want ints or nimbers, got %s", x.Type())
		}
	}
	return starlark.MakeInt(mex(xs)), nil
}

// builtinMisere returns misere(text): a misère form.
func builtinMisere(s *session, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	var text string
	if err := starlark.UnpackPositionalArgs("misere", args, kw, 1, &text); err != nil {
		return nil, inputError{err}
	}
	left, err := s.left()
	if err != nil {
		return nil, err
	}
	g, err := misere.Parse(s.context(), text, &budget.Options{Limit: min(left, misere.DefaultSumLimit)})
	if err != nil {
		return nil, inputOr(err)
	}
	return misereValue{s, g}, nil
}

// builtinLoopy returns loopy(text): a loopy game.
func builtinLoopy(s *session, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	var text string
	if err := starlark.UnpackPositionalArgs("loopy", args, kw, 1, &text); err != nil {
		return nil, inputError{err}
	}
	opt, err := s.loopyOpt()
	if err != nil {
		return nil, err
	}
	x, err := loopy.Parse(context.Background(), text, opt)
	if err != nil {
		return nil, inputOr(err)
	}
	return loopyValue{s, x}, nil
}

// builtinRuleset returns ruleset(name) from the registry, or the
// ruleset the script defines by moves=, or left= and right=.
func builtinRuleset(s *session, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	var name string
	var moves, left, right, split, key starlark.Callable
	isLoopy := false
	if err := starlark.UnpackArgs("ruleset", args, kw, "name", &name, "moves?", &moves, "left?", &left,
		"right?", &right, "split?", &split, "key?", &key, "loopy?", &isLoopy); err != nil {
		return nil, inputError{err}
	}
	if moves == nil && left == nil && right == nil {
		if split != nil || key != nil || isLoopy {
			return nil, inputf("ruleset %s: split, key and loopy are for a ruleset the script defines", name)
		}
		if en, ok := s.engines[name]; ok {
			return &rulesetValue{s: s, eng: en}, nil
		}
		r, err := games.Lookup(name)
		if err != nil {
			return nil, err
		}
		en := s.newEngine(r, nil)
		s.engines[name] = en
		return &rulesetValue{s: s, eng: en}, nil
	}
	u := &userRules{s: s, name: name, split: split, keyf: key}
	switch {
	case moves != nil && left == nil && right == nil:
		u.kind, u.left = games.Impartial, moves
	case moves == nil && left != nil && right != nil:
		u.left, u.right = left, right
	default:
		return nil, inputf("ruleset %s: give moves= for an impartial ruleset, or both left= and right=", name)
	}
	if isLoopy {
		u.kind |= games.Loopy
	}
	return &rulesetValue{s: s, eng: s.newEngine(u, u)}, nil
}

// builtinRulesets returns the names of the registered rulesets.
func builtinRulesets(s *session, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	if err := starlark.UnpackArgs("rulesets", args, kw); err != nil {
		return nil, inputError{err}
	}
	var vs []starlark.Value
	for _, e := range games.Entries() {
		vs = append(vs, starlark.String(e.Name))
	}
	return starlark.NewList(vs), nil
}

// tabulate returns table(r, xs, what="value"), a dict from each x to
// the position's value, or values(…), the list of those values. what
// is "value", "outcome", "winner", "grundy", "canonical" or "misere".
func tabulate(s *session, name string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	var r *rulesetValue
	var xs starlark.Iterable
	what := "value"
	if err := starlark.UnpackArgs(name, args, kw, "ruleset", &r, "positions", &xs, "what?", &what); err != nil {
		return nil, inputError{err}
	}
	m, ok := positionMethods[what]
	if !ok || what == "left" || what == "right" || what == "options" || what == "impartial" {
		return nil, inputf("%s: what=%q: want value, outcome, winner, grundy, canonical, misere, moves or winning_moves", name, what)
	}
	dict := starlark.NewDict(0)
	var list []starlark.Value
	iter := xs.Iterate()
	defer iter.Done()
	var x starlark.Value
	for iter.Next(&x) {
		p, err := r.position(x)
		if err != nil {
			return nil, err
		}
		v, err := m(p, nil, nil)
		if err != nil {
			return nil, err
		}
		if name == "values" {
			list = append(list, v)
		} else if err := dict.SetKey(x, v); err != nil {
			return nil, err
		}
	}
	if name == "values" {
		return starlark.NewList(list), nil
	}
	return dict, nil
}

// games0 returns the games' forms.
func games0(gs []*gameValue) []*partizan.Game {
	out := make([]*partizan.Game, len(gs))
	for i, g := range gs {
		out[i] = g.g
	}
	return out
}

// inputOr returns err as an error of the script's input, unless it is
// a budget's or a context's.
func inputOr(err error) error {
	if errors.Is(err, budget.ErrTooLarge) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return inputError{err}
}

// costly are Starlark's built-in functions that run through their
// arguments without counting steps: the module charges them the lengths
// of their arguments, as steps and as memory, before they run.
var costly = []string{"all", "any", "dict", "enumerate", "list", "max", "min", "reversed", "set", "sorted", "tuple", "zip"}

// valueBytes is about what an element of a list or tuple costs.
const valueBytes = 16

// charged returns Starlark's built-in name charged for its arguments'
// lengths.
func charged(name string) *starlark.Builtin {
	orig := starlark.Universe[name].(*starlark.Builtin)
	return starlark.NewBuiltin(name, func(t *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
		s := sessionOf(t)
		n := 0.0
		for _, a := range args {
			if l := starlark.Len(a); l > 0 {
				n += float64(l)
			}
		}
		if n > 0 {
			left, err := s.left()
			if err != nil {
				return nil, err
			}
			if n > left {
				return nil, &budget.TooLargeError{What: name + " of " + budget.Format(n) + " elements", Unit: "steps", Estimate: n, Limit: s.limit}
			}
			if used := float64(heapBytes(liveBytes)) - float64(s.base); used+n*valueBytes > s.memory {
				return nil, &budget.TooLargeError{What: name + " of " + budget.Format(n) + " elements", Unit: "bytes", Estimate: used + n*valueBytes, Limit: s.memory}
			}
			s.spend(n)
		}
		return orig.CallInternal(t, args, kw)
	})
}
