package script

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"strconv"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/partizan"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// An engine is a games.Engine within the session's budget: each call
// may expand as many positions as the budget has steps left, and the
// positions it expands are counted as steps.
type engine struct {
	s     *session
	rules games.Ruleset
	user  *userRules // the script's functions, for a ruleset it defines
	e     *games.Engine
	opt   *budget.Options
	spent int
	busy  bool
}

func (s *session) newEngine(r games.Ruleset, u *userRules) *engine {
	en := &engine{s: s, rules: r, user: u}
	en.opt = &budget.Options{Memory: s.memory, Progress: func(done, _ int) { en.spent = done }}
	en.e = games.NewEngine(r, en.opt)
	return en
}

// run runs f, a call of the engine, within the budget left.
func (en *engine) run(f func(ctx context.Context, e *games.Engine) error) error {
	if en.busy {
		return inputf("ruleset %s: its own functions may not value its positions", en.rules.Name())
	}
	left, err := en.s.left()
	if err != nil {
		return err
	}
	en.opt.Limit = max(left, 1)
	ctx, cancel := context.WithCancel(en.s.context())
	defer cancel()
	if en.user != nil {
		en.user.err, en.user.abort = nil, cancel
	}
	en.busy, en.spent = true, 0
	err = f(ctx, en.e)
	en.busy = false
	en.s.spend(float64(en.spent + 1))
	if en.user != nil && en.user.err != nil {
		// The tables may hold values made of the options a failing
		// function did not give: start afresh.
		err = en.user.err
		en.user.err, en.user.abort = nil, nil
		en.e = games.NewEngine(en.rules, en.opt)
	}
	return err
}

// A rulesetValue is a ruleset as a Starlark value of type "ruleset": a
// registered one or one the script defines. Calling it on a position
// (its text, or any hashable value for a ruleset the script defines)
// returns the position, valued.
type rulesetValue struct {
	s   *session
	eng *engine
}

var (
	_ starlark.Callable = (*rulesetValue)(nil)
	_ starlark.HasAttrs = (*rulesetValue)(nil)
)

// String returns <ruleset NAME>.
func (r *rulesetValue) String() string { return "<ruleset " + r.eng.rules.Name() + ">" }

// Type returns "ruleset".
func (r *rulesetValue) Type() string { return "ruleset" }

// Freeze does nothing: a ruleset's state is its engine's tables.
func (r *rulesetValue) Freeze() {}

// Truth returns true.
func (r *rulesetValue) Truth() starlark.Bool { return true }

// Hash hashes the ruleset's identity.
func (r *rulesetValue) Hash() (uint32, error) {
	h := fnv.New32a()
	h.Write([]byte(fmt.Sprintf("%p", r.eng)))
	return h.Sum32(), nil
}

// Name returns the ruleset's name.
func (r *rulesetValue) Name() string { return r.eng.rules.Name() }

// position returns the position v of the ruleset.
func (r *rulesetValue) position(v starlark.Value) (*positionValue, error) {
	if u := r.eng.user; u != nil {
		p, err := u.position(v)
		if err != nil {
			return nil, err
		}
		if r.eng.rules.Kind()&games.Impartial != 0 && u.kind&games.Impartial == 0 {
			return &positionValue{r: r, p: games.ImpartialPosition(p)}, nil
		}
		return &positionValue{r: r, p: p}, nil
	}
	var text string
	switch v := v.(type) {
	case starlark.String:
		text = string(v)
	case starlark.Int:
		text = v.String()
	default:
		return nil, inputf("ruleset %s: a position is written as a string, got %s", r.Name(), v.Type())
	}
	p, err := r.eng.rules.Parse(text)
	if err != nil {
		return nil, err
	}
	return &positionValue{r: r, p: p}, nil
}

// CallInternal returns the position of the argument, valued.
func (r *rulesetValue) CallInternal(_ *starlark.Thread, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	if len(args) != 1 || len(kw) > 0 {
		return nil, inputf("a ruleset takes one position, got %d arguments", len(args)+len(kw))
	}
	p, err := r.position(args[0])
	if err != nil {
		return nil, err
	}
	if _, err := p.value(); err != nil {
		return nil, err
	}
	return p, nil
}

// Attr returns the name, kind, position(x) and impartial().
func (r *rulesetValue) Attr(name string) (starlark.Value, error) {
	switch name {
	case "name":
		return starlark.String(r.Name()), nil
	case "kind":
		return starlark.String(r.eng.rules.Kind().String()), nil
	case "position":
		return starlark.NewBuiltin("position", func(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
			if len(args) != 1 || len(kw) > 0 {
				return nil, inputf("takes one position, got %d arguments", len(args)+len(kw))
			}
			return r.position(args[0])
		}), nil
	case "impartial":
		return starlark.NewBuiltin("impartial", func(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
			if len(args)+len(kw) > 0 {
				return nil, inputf("takes no arguments")
			}
			return r.impartial(), nil
		}), nil
	}
	return nil, nil
}

// AttrNames returns the attributes.
func (r *rulesetValue) AttrNames() []string { return []string{"impartial", "kind", "name", "position"} }

// impartial returns the impartial variant of the ruleset.
func (r *rulesetValue) impartial() *rulesetValue {
	if r.eng.rules.Kind()&games.Impartial != 0 {
		return r
	}
	v := games.ImpartialVariant(r.eng.rules)
	if u := r.eng.user; u != nil {
		if u.variant == nil {
			u.variant = &rulesetValue{s: r.s, eng: r.s.newEngine(v, u)}
		}
		return u.variant
	}
	en, ok := r.s.engines[v.Name()]
	if !ok {
		en = r.s.newEngine(v, nil)
		r.s.engines[v.Name()] = en
	}
	return &rulesetValue{s: r.s, eng: en}
}

// A positionValue is a position of a ruleset as a Starlark value of type
// "position". It prints as its value; its methods value it in the ways
// its ruleset allows.
type positionValue struct {
	r   *rulesetValue
	p   games.Position
	val starlark.Value
	key string
}

var (
	_ starlark.HasAttrs   = (*positionValue)(nil)
	_ starlark.HasBinary  = (*positionValue)(nil)
	_ starlark.Comparable = (*positionValue)(nil)
)

// String writes the position's value, or says why it has none.
func (p *positionValue) String() string {
	v, err := p.value()
	if err != nil {
		return fmt.Sprintf("<%s %s: %v>", p.r.Name(), clip(p.p.String()), err)
	}
	if t, ok := v.(starlark.String); ok {
		return string(t)
	}
	return v.String()
}

// clip shortens a text for a message.
func clip(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:57]) + "..."
	}
	return s
}

// Type returns "position".
func (p *positionValue) Type() string { return "position" }

// Freeze does nothing: a position is immutable.
func (p *positionValue) Freeze() {}

// Truth returns true.
func (p *positionValue) Truth() starlark.Bool { return true }

// keyOf returns the position's key in its ruleset.
func (p *positionValue) keyOf() string {
	if p.key == "" {
		p.key = string(p.p.AppendKey([]byte{1}))
	}
	return p.key
}

// Hash hashes the position's key.
func (p *positionValue) Hash() (uint32, error) {
	h := fnv.New32a()
	h.Write([]byte(p.keyOf()))
	return h.Sum32(), nil
}

// CompareSameType reports whether two positions of one ruleset have the
// same key (and so the same value).
func (p *positionValue) CompareSameType(op syntax.Token, y starlark.Value, _ int) (bool, error) {
	q := y.(*positionValue)
	eq := p.r.eng == q.r.eng && p.keyOf() == q.keyOf()
	switch op {
	case syntax.EQL:
		return eq, nil
	case syntax.NEQ:
		return !eq, nil
	}
	return false, fmt.Errorf("positions have no order (%s): compare their values", op)
}

// Binary returns the disjunctive sum of two positions of one ruleset.
func (p *positionValue) Binary(op syntax.Token, y starlark.Value, side starlark.Side) (starlark.Value, error) {
	q, ok := y.(*positionValue)
	if !ok || op != syntax.PLUS || q.r.eng != p.r.eng {
		return nil, nil
	}
	a, b := p.p, q.p
	if side == starlark.Right {
		a, b = b, a
	}
	return &positionValue{r: p.r, p: games.Sum(a, b)}, nil
}

// value returns the position's value, worked out once.
func (p *positionValue) value() (starlark.Value, error) {
	if p.val != nil {
		return p.val, nil
	}
	var v games.Value
	err := p.r.eng.run(func(ctx context.Context, e *games.Engine) (err error) {
		v, err = e.Value(ctx, p.p)
		return err
	})
	if err != nil {
		return nil, err
	}
	p.val = p.r.s.fromValue(v)
	return p.val, nil
}

// fromValue returns an engine's value as a Starlark value: a game, a
// nimber past *255, a misère form, a stopper, or the value's text.
func (s *session) fromValue(v games.Value) starlark.Value {
	switch {
	case v.Game != nil:
		return gameValue{s, v.Game}
	case v.Nim != nil && *v.Nim <= partizan.MaxNimber:
		return gameValue{s, partizan.Nimber(int(*v.Nim))}
	case v.Nim != nil:
		return nimberValue{nimberOf(*v.Nim)}
	case v.Misere != nil:
		return misereValue{s, *v.Misere}
	case v.Onside != nil && v.Offside != nil && v.Onside.IsStopper() && v.String() == (loopyValue{s, *v.Onside}).String():
		return loopyValue{s, *v.Onside}
	}
	return starlark.String(v.String())
}

// who reads a player: "left" or "right" (any case, or L and R).
func who(v starlark.Value) (games.Player, error) {
	s, ok := starlark.AsString(v)
	switch {
	case !ok:
	case s == "left" || s == "Left" || s == "L" || s == "l":
		return games.Left, nil
	case s == "right" || s == "Right" || s == "R" || s == "r":
		return games.Right, nil
	}
	return 0, inputf("a player is \"left\" or \"right\", got %s", v)
}

// wrap returns positions of the ruleset.
func (p *positionValue) wrap(ps []games.Position) *starlark.List {
	vs := make([]starlark.Value, len(ps))
	for i, q := range ps {
		vs[i] = &positionValue{r: p.r, p: q}
	}
	return starlark.NewList(vs)
}

// options returns who's options, the script's functions called within
// the budget.
func (p *positionValue) options(w games.Player) (*starlark.List, error) {
	var ps []games.Position
	err := p.r.eng.run(func(context.Context, *games.Engine) error {
		ps = p.p.Options(w)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return p.wrap(ps), nil
}

func (p *positionValue) impartial() bool { return p.r.eng.rules.Kind()&games.Impartial != 0 }

// positionMethods are the methods of a position.
var positionMethods = map[string]func(p *positionValue, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error){
	"value": func(p *positionValue, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
		if err := starlark.UnpackArgs("value", args, kw); err != nil {
			return nil, inputError{err}
		}
		return p.value()
	},
	"canonical": func(p *positionValue, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
		if err := starlark.UnpackArgs("canonical", args, kw); err != nil {
			return nil, inputError{err}
		}
		var g *partizan.Game
		err := p.r.eng.run(func(ctx context.Context, e *games.Engine) (err error) {
			g, err = e.Canonical(ctx, p.p)
			return err
		})
		if err != nil {
			return nil, err
		}
		return gameValue{p.r.s, g}, nil
	},
	"grundy": func(p *positionValue, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
		if err := starlark.UnpackArgs("grundy", args, kw); err != nil {
			return nil, inputError{err}
		}
		if !p.impartial() {
			return nil, inputf("%s is partizan: take the Grundy value of its impartial variant, r.impartial()", p.r.Name())
		}
		var n uint64
		err := p.r.eng.run(func(ctx context.Context, e *games.Engine) (err error) {
			n, err = e.Grundy(ctx, p.p)
			return err
		})
		if err != nil {
			return nil, err
		}
		return starlark.MakeUint64(n), nil
	},
	"outcome": func(p *positionValue, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
		return p.outcome("outcome", args, kw, false)
	},
	"winner": func(p *positionValue, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
		return p.outcome("winner", args, kw, true)
	},
	"misere": func(p *positionValue, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
		if err := starlark.UnpackArgs("misere", args, kw); err != nil {
			return nil, inputError{err}
		}
		var v games.Value
		err := p.r.eng.run(func(ctx context.Context, e *games.Engine) (err error) {
			v, err = e.MisereValue(ctx, p.p)
			return err
		})
		if err != nil {
			return nil, err
		}
		if v.Misere == nil {
			return starlark.String(v.Outcome.String()), nil
		}
		return p.r.s.fromValue(v), nil
	},
	"left": func(p *positionValue, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
		if err := starlark.UnpackArgs("left", args, kw); err != nil {
			return nil, inputError{err}
		}
		return p.options(games.Left)
	},
	"right": func(p *positionValue, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
		if err := starlark.UnpackArgs("right", args, kw); err != nil {
			return nil, inputError{err}
		}
		return p.options(games.Right)
	},
	"options": func(p *positionValue, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
		var player starlark.Value = starlark.None
		if err := starlark.UnpackArgs("options", args, kw, "player?", &player); err != nil {
			return nil, inputError{err}
		}
		w := games.Left
		if player != starlark.None {
			var err error
			if w, err = who(player); err != nil {
				return nil, err
			}
		} else if !p.impartial() {
			return nil, inputf("%s is partizan: name the player, options(\"left\"), or call left() or right()", p.r.Name())
		}
		return p.options(w)
	},
	"moves":         (*positionValue).moves,
	"winning_moves": (*positionValue).winningMoves,
	"impartial": func(p *positionValue, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
		if err := starlark.UnpackArgs("impartial", args, kw); err != nil {
			return nil, inputError{err}
		}
		r := p.r.impartial()
		if r == p.r {
			return p, nil
		}
		return &positionValue{r: r, p: games.ImpartialPosition(p.p)}, nil
	},
}

// outcome returns the outcome class, or who wins, under normal play or
// misère play.
func (p *positionValue) outcome(name string, args starlark.Tuple, kw []starlark.Tuple, words bool) (starlark.Value, error) {
	mis := false
	if err := starlark.UnpackArgs(name, args, kw, "misere?", &mis); err != nil {
		return nil, inputError{err}
	}
	var v games.Value
	err := p.r.eng.run(func(ctx context.Context, e *games.Engine) (err error) {
		if mis {
			v.Outcome, err = e.MisereOutcome(ctx, p.p)
		} else {
			v.Outcome, err = e.Outcome(ctx, p.p)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	if words {
		return starlark.String(v.Outcome.Words()), nil
	}
	return starlark.String(v.Outcome.String()), nil
}

// moves returns every option as a tuple (player, position, value), the
// player "left" or "right" ("left" for an impartial ruleset).
func (p *positionValue) moves(args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	mis := false
	if err := starlark.UnpackArgs("moves", args, kw, "misere?", &mis); err != nil {
		return nil, inputError{err}
	}
	var ms []games.Move
	err := p.r.eng.run(func(ctx context.Context, e *games.Engine) (err error) {
		ms, err = e.Moves(ctx, p.p, mis)
		return err
	})
	if err != nil {
		return nil, err
	}
	vs := make([]starlark.Value, len(ms))
	for i, m := range ms {
		var val starlark.Value = p.r.s.fromValue(m.Value)
		if mis && m.Value.Misere == nil {
			val = starlark.String(m.Value.Outcome.String())
		}
		q := &positionValue{r: p.r, p: m.To}
		if !mis {
			q.val = val
		}
		vs[i] = starlark.Tuple{starlark.String(playerName(m.Player)), q, val}
	}
	return starlark.NewList(vs), nil
}

func playerName(w games.Player) string {
	if w == games.Left {
		return "left"
	}
	return "right"
}

// winningMoves returns the options after which the player wins.
func (p *positionValue) winningMoves(args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	var player starlark.Value = starlark.String("left")
	mis := false
	if err := starlark.UnpackArgs("winning_moves", args, kw, "player?", &player, "misere?", &mis); err != nil {
		return nil, inputError{err}
	}
	w, err := who(player)
	if err != nil {
		return nil, err
	}
	var ms []games.Move
	err = p.r.eng.run(func(ctx context.Context, e *games.Engine) (err error) {
		ms, err = e.WinningMoves(ctx, p.p, w, mis)
		return err
	})
	if err != nil {
		return nil, err
	}
	ps := make([]games.Position, len(ms))
	for i, m := range ms {
		ps[i] = m.To
	}
	return p.wrap(ps), nil
}

// Attr returns a method, or the position itself as position, and its
// ruleset as ruleset.
func (p *positionValue) Attr(name string) (starlark.Value, error) {
	switch name {
	case "position":
		if u, ok := p.p.(*userPos); ok {
			return u.v, nil
		}
		return starlark.String(p.p.String()), nil
	case "ruleset":
		return p.r, nil
	}
	m, ok := positionMethods[name]
	if !ok {
		return nil, nil
	}
	return starlark.NewBuiltin(name, func(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
		return m(p, args, kw)
	}), nil
}

// AttrNames returns the methods, position and ruleset.
func (p *positionValue) AttrNames() []string {
	names := []string{"position", "ruleset"}
	for k := range positionMethods {
		names = append(names, k)
	}
	return sorted(names)
}

// userRules is a ruleset a script defines by its functions: moves for an
// impartial one, left and right for a partizan one, and optionally split
// and key. It is a games.Ruleset, valued by a games.Engine like any.
type userRules struct {
	s                        *session
	name                     string
	kind                     games.Kind
	left, right, split, keyf starlark.Callable
	variant                  *rulesetValue
	err                      error              // the first error of a function in a call of the engine
	abort                    context.CancelFunc // stops that call
}

func (u *userRules) Name() string     { return u.name }
func (u *userRules) Kind() games.Kind { return u.kind }

// Parse fails: a script's ruleset has no notation.
func (u *userRules) Parse(string) (games.Position, error) {
	return nil, games.InputErrorf("ruleset %s is defined by a script: call it on a position", u.name)
}

// fail records the first error of a function and stops the engine.
func (u *userRules) fail(err error) {
	if u.err == nil {
		u.err = err
	}
	if u.abort != nil {
		u.abort()
	}
}

// position returns the position v, with its key.
func (u *userRules) position(v starlark.Value) (*userPos, error) {
	k := v
	if u.keyf != nil {
		var err error
		if k, err = starlark.Call(u.s.thread, u.keyf, starlark.Tuple{v}, nil); err != nil {
			return nil, err
		}
	}
	key, err := appendKey(nil, k, 0)
	if err != nil {
		return nil, inputf("ruleset %s: position %s: %v", u.name, clip(v.String()), err)
	}
	v.Freeze()
	return &userPos{u: u, v: v, key: string(key)}, nil
}

// positions calls f on v and returns the positions it lists.
func (u *userRules) positions(f starlark.Callable, v starlark.Value) ([]games.Position, error) {
	res, err := starlark.Call(u.s.thread, f, starlark.Tuple{v}, nil)
	if err != nil {
		return nil, err
	}
	if res == starlark.None {
		return nil, nil
	}
	it, ok := res.(starlark.Iterable)
	if !ok {
		return nil, inputf("ruleset %s: %s returned %s, not a list of positions", u.name, f.Name(), res.Type())
	}
	var out []games.Position
	iter := it.Iterate()
	defer iter.Done()
	var x starlark.Value
	for iter.Next(&x) {
		q, err := u.position(x)
		if err != nil {
			return nil, err
		}
		out = append(out, q)
	}
	return out, nil
}

// userPos is a position of a userRules: a hashable Starlark value.
type userPos struct {
	u   *userRules
	v   starlark.Value
	key string
}

// String writes the value: a string as it is, any other value as
// Starlark prints it.
func (p *userPos) String() string {
	if s, ok := p.v.(starlark.String); ok {
		return string(s)
	}
	return p.v.String()
}

// AppendKey appends the encoding of the value (or of its key).
func (p *userPos) AppendKey(b []byte) []byte { return append(b, p.key...) }

// Options calls the script's function; after an error it returns none,
// and the engine's call stops.
func (p *userPos) Options(w games.Player) []games.Position {
	u := p.u
	if u.err != nil {
		return nil
	}
	f := u.left
	if w == games.Right && u.kind&games.Impartial == 0 {
		f = u.right
	}
	ps, err := u.positions(f, p.v)
	if err != nil {
		u.fail(err)
		return nil
	}
	return ps
}

// Components calls the script's split function, if there is one.
func (p *userPos) Components() []games.Position {
	u := p.u
	if u.split == nil || u.err != nil {
		return nil
	}
	ps, err := u.positions(u.split, p.v)
	if err != nil {
		u.fail(err)
		return nil
	}
	if len(ps) == 1 {
		return nil
	}
	return ps
}

// maxKeyDepth bounds the nesting of tuples in a position.
const maxKeyDepth = 64

// appendKey appends an encoding of a hashable value that two values
// share only when they are equal: None, bools, ints, floats, strings,
// bytes, tuples of these, games and nimbers.
func appendKey(b []byte, v starlark.Value, depth int) ([]byte, error) {
	if depth > maxKeyDepth {
		return nil, fmt.Errorf("tuples nested more than %d deep", maxKeyDepth)
	}
	str := func(tag byte, s string) []byte {
		b = append(b, tag)
		b = binary.AppendUvarint(b, uint64(len(s)))
		return append(b, s...)
	}
	switch v := v.(type) {
	case starlark.NoneType:
		return append(b, 'N'), nil
	case starlark.Bool:
		if v {
			return append(b, 'T'), nil
		}
		return append(b, 'F'), nil
	case starlark.Int:
		return str('i', v.String()), nil
	case starlark.Float:
		f := float64(v)
		if f == math.Trunc(f) && math.Abs(f) < 1<<53 {
			return str('i', strconv.FormatInt(int64(f), 10)), nil // 1.0 == 1
		}
		return str('f', strconv.FormatFloat(f, 'g', -1, 64)), nil
	case starlark.String:
		return str('s', string(v)), nil
	case starlark.Bytes:
		return str('b', string(v)), nil
	case starlark.Tuple:
		b = append(b, '(')
		b = binary.AppendUvarint(b, uint64(len(v)))
		for _, x := range v {
			var err error
			if b, err = appendKey(b, x, depth+1); err != nil {
				return nil, err
			}
		}
		return b, nil
	case gameValue:
		d := v.g.Digest()
		return append(append(b, 'g'), d[:]...), nil
	case nimberValue:
		return binary.AppendUvarint(append(b, 'n'), uint64(v.n)), nil
	}
	return nil, errors.New("a position is None, a bool, a number, a string or a tuple of these, not a " + v.Type() + " (make a list a tuple)")
}
