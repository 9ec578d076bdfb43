package script

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"

	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/partizan"
	"github.com/nimbers/grundy/plot"
	"go.starlark.net/starlark"
	"go.starlark.net/starlarkstruct"
	"go.starlark.net/syntax"
)

// maxText bounds the games a value writes out when printed: a canonical
// form is a DAG, and its text a tree that can be exponentially longer.
const maxText = 1 << 20

// maxCopies bounds n in n * G.
const maxCopies = 1 << 20

// inputError wraps an error of the script's input so that it matches
// games.ErrInput.
type inputError struct{ error }

func (e inputError) Is(target error) bool { return target == games.ErrInput }
func (e inputError) Unwrap() error        { return e.error }

// inputf returns an error of the script's input.
func inputf(format string, args ...any) error {
	return inputError{fmt.Errorf(format, args...)}
}

// A gameValue is a short partizan game in canonical form, as a Starlark value
// of type "game". It prints in CGSuite's notation, adds, subtracts,
// negates and compares, and has the toolbox as methods.
type gameValue struct {
	s *session
	g *partizan.Game
}

var (
	_ starlark.HasBinary  = gameValue{}
	_ starlark.HasUnary   = gameValue{}
	_ starlark.HasAttrs   = gameValue{}
	_ starlark.Comparable = gameValue{}
)

// String writes the game in CGSuite's notation, or says how large it is
// when it writes out more than maxText games.
func (x gameValue) String() string {
	if n := x.g.TreeSize(); n > maxText {
		return fmt.Sprintf("<a game of %s games written out>", strconv.FormatFloat(n, 'g', 3, 64))
	}
	return x.g.String()
}

// Type returns "game".
func (x gameValue) Type() string { return "game" }

// Freeze does nothing: a game is immutable.
func (x gameValue) Freeze() {}

// Truth returns whether the game is not 0.
func (x gameValue) Truth() starlark.Bool { return starlark.Bool(!x.g.Equal(partizan.Zero)) }

// Hash returns a hash of the canonical form.
func (x gameValue) Hash() (uint32, error) {
	d := x.g.Digest()
	return binary.LittleEndian.Uint32(d[:]), nil
}

// CompareSameType compares two games in the partial order of games:
// G < H, G <= H and so on hold as in CGSuite, so that for a fuzzy pair
// both G < H and G >= H are false.
func (x gameValue) CompareSameType(op syntax.Token, y starlark.Value, _ int) (bool, error) {
	h := y.(gameValue).g
	if op == syntax.EQL || op == syntax.NEQ {
		return x.g.Equal(h) == (op == syntax.EQL), nil
	}
	rel, err := x.s.relate(x.g, h)
	if err != nil {
		return false, err
	}
	switch op {
	case syntax.LT:
		return rel == "<", nil
	case syntax.LE:
		return rel == "<" || rel == "=", nil
	case syntax.GT:
		return rel == ">", nil
	case syntax.GE:
		return rel == ">" || rel == "=", nil
	}
	return false, fmt.Errorf("games have no %s", op)
}

// relate returns the relation of g to h: "<", ">", "=" or "||".
func (s *session) relate(g, h *partizan.Game) (string, error) {
	o, err := s.calc.Compare(s.context(), g, h)
	if err != nil {
		return "", err
	}
	return o.String(), nil
}

// Unary returns -G, and +G itself.
func (x gameValue) Unary(op syntax.Token) (starlark.Value, error) {
	switch op {
	case syntax.MINUS:
		return gameValue{x.s, x.g.Neg()}, nil
	case syntax.PLUS:
		return x, nil
	}
	return nil, nil
}

// Binary returns G + H and G - H, H any value that is a game (a
// number, a nimber, a game's text), and n * G.
func (x gameValue) Binary(op syntax.Token, y starlark.Value, side starlark.Side) (starlark.Value, error) {
	switch op {
	case syntax.PLUS, syntax.MINUS:
		h, err := x.s.toGame(y)
		if err != nil {
			return nil, nil // not a game: Starlark reports the operands
		}
		a, b := x.g, h
		if side == starlark.Right {
			a, b = b, a
		}
		if op == syntax.MINUS {
			b = b.Neg()
		}
		g, err := x.s.calc.Sum(x.s.context(), a, b)
		if err != nil {
			return nil, err
		}
		return gameValue{x.s, g}, nil
	case syntax.STAR:
		n, ok := y.(starlark.Int)
		if !ok {
			return nil, nil
		}
		k, ok := n.Int64()
		if !ok || k < -maxCopies || k > maxCopies {
			return nil, inputf("%v copies of a game: want at most %d", n, maxCopies)
		}
		return x.s.copies(x.g, k)
	}
	return nil, nil
}

// copies returns k * g by doubling.
func (s *session) copies(g *partizan.Game, k int64) (starlark.Value, error) {
	if k < 0 {
		g, k = g.Neg(), -k
	}
	sum, p := partizan.Zero, g
	for ; k > 0; k >>= 1 {
		var err error
		if k&1 == 1 {
			if sum, err = s.calc.Sum(s.context(), sum, p); err != nil {
				return nil, err
			}
		}
		if k > 1 {
			if p, err = s.calc.Sum(s.context(), p, p); err != nil {
				return nil, err
			}
		}
	}
	return gameValue{s, sum}, nil
}

// gameMethods are the methods of a game.
var gameMethods = map[string]func(x gameValue, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error){
	"left_stop":  noArgs(func(x gameValue) (starlark.Value, error) { return x.dyadic(x.g.LeftStop()), nil }),
	"right_stop": noArgs(func(x gameValue) (starlark.Value, error) { return x.dyadic(x.g.RightStop()), nil }),
	"mean": noArgs(func(x gameValue) (starlark.Value, error) {
		return x.thermo(func(t *partizan.Thermograph) *big.Rat { return t.Mean })
	}),
	"temperature": noArgs(func(x gameValue) (starlark.Value, error) {
		return x.thermo(func(t *partizan.Thermograph) *big.Rat { return t.Temperature })
	}),
	"thermograph": noArgs(gameValue.thermograph),
	"thermograph_svg": noArgs(func(x gameValue) (starlark.Value, error) {
		th, err := x.s.calc.Thermograph(x.s.context(), partizan.RationalOf(x.g))
		if err != nil {
			return nil, err
		}
		title := []rune(x.String())
		if len(title) > 60 {
			title = append(title[:59], '…')
		}
		return starlark.String(plot.ThermographSVG(th, string(title))), nil
	}),
	"birthday":  noArgs(func(x gameValue) (starlark.Value, error) { return starlark.MakeBigInt(x.g.Birthday()), nil }),
	"outcome":   noArgs(gameValue.outcome),
	"winner":    noArgs(gameValue.winner),
	"is_number": noArgs(func(x gameValue) (starlark.Value, error) { _, ok := x.g.AsNumber(); return starlark.Bool(ok), nil }),
	"is_nimber": noArgs(func(x gameValue) (starlark.Value, error) { _, ok := x.g.AsNimber(); return starlark.Bool(ok), nil }),
	"is_infinitesimal": noArgs(func(x gameValue) (starlark.Value, error) {
		return starlark.Bool(x.g.Properties().Infinitesimal), nil
	}),
	"is_all_small": noArgs(func(x gameValue) (starlark.Value, error) { return starlark.Bool(x.g.Properties().AllSmall), nil }),
	"atomic_weight": noArgs(func(x gameValue) (starlark.Value, error) {
		return x.op(func() (*partizan.Game, error) { return x.s.calc.AtomicWeight(x.s.context(), x.g) })
	}),
	"reduced": noArgs(func(x gameValue) (starlark.Value, error) {
		return x.op(func() (*partizan.Game, error) { return x.s.calc.ReducedCanonicalForm(x.s.context(), x.g) })
	}),
	"freeze": noArgs(func(x gameValue) (starlark.Value, error) {
		return x.op(func() (*partizan.Game, error) { return x.s.calc.Freeze(x.s.context(), x.g) })
	}),
	"incentives": noArgs(gameValue.incentives),
	"cool":       gameValue.cool,
	"heat": gameArgs(1, func(x gameValue, hs []*partizan.Game) (*partizan.Game, error) {
		return x.s.calc.Heat(x.s.context(), x.g, hs[0])
	}),
	"overheat": gameArgs(2, func(x gameValue, hs []*partizan.Game) (*partizan.Game, error) {
		return x.s.calc.Overheat(x.s.context(), x.g, hs[0], hs[1])
	}),
	"norton": gameArgs(1, func(x gameValue, hs []*partizan.Game) (*partizan.Game, error) {
		return x.s.calc.NortonMultiply(x.s.context(), x.g, hs[0])
	}),
	"conjunctive": gameArgs(1, func(x gameValue, hs []*partizan.Game) (*partizan.Game, error) {
		return x.s.calc.Conjunctive(x.s.context(), x.g, hs[0])
	}),
	"selective": gameArgs(1, func(x gameValue, hs []*partizan.Game) (*partizan.Game, error) {
		return x.s.calc.Selective(x.s.context(), x.g, hs[0])
	}),
	"ordinal_sum": gameArgs(1, func(x gameValue, hs []*partizan.Game) (*partizan.Game, error) {
		return x.s.calc.OrdinalSum(x.s.context(), x.g, hs[0])
	}),
}

// noArgs makes a method of no arguments.
func noArgs(f func(x gameValue) (starlark.Value, error)) func(gameValue, starlark.Tuple, []starlark.Tuple) (starlark.Value, error) {
	return func(x gameValue, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
		if len(args)+len(kw) > 0 {
			return nil, inputf("takes no arguments, got %d", len(args)+len(kw))
		}
		return f(x)
	}
}

// gameArgs makes a method of n games that returns a game.
func gameArgs(n int, f func(x gameValue, hs []*partizan.Game) (*partizan.Game, error)) func(gameValue, starlark.Tuple, []starlark.Tuple) (starlark.Value, error) {
	return func(x gameValue, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
		if len(args) != n || len(kw) > 0 {
			return nil, inputf("takes %d games, got %d arguments", n, len(args)+len(kw))
		}
		hs := make([]*partizan.Game, n)
		for i, a := range args {
			h, err := x.s.toGame(a)
			if err != nil {
				return nil, fmt.Errorf("argument %d: %w", i+1, err)
			}
			hs[i] = h
		}
		return x.op(func() (*partizan.Game, error) { return f(x, hs) })
	}
}

// op runs a calculator's operation that returns a game.
func (x gameValue) op(f func() (*partizan.Game, error)) (starlark.Value, error) {
	g, err := f()
	if err != nil {
		if errors.Is(err, partizan.ErrNotAtomic) {
			return nil, inputError{err}
		}
		return nil, err
	}
	return gameValue{x.s, g}, nil
}

// Attr returns a method of the game, or its options as left and right.
func (x gameValue) Attr(name string) (starlark.Value, error) {
	switch name {
	case "left", "right":
		opts := x.g.Left()
		if name == "right" {
			opts = x.g.Right()
		}
		l := make([]starlark.Value, len(opts))
		for i, o := range opts {
			l[i] = gameValue{x.s, o}
		}
		return starlark.NewList(l), nil
	}
	m, ok := gameMethods[name]
	if !ok {
		return nil, nil
	}
	return starlark.NewBuiltin(name, func(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
		return m(x, args, kw)
	}), nil
}

// AttrNames returns the names of the methods and of left and right.
func (x gameValue) AttrNames() []string {
	names := []string{"left", "right"}
	for k := range gameMethods {
		names = append(names, k)
	}
	return sorted(names)
}

// dyadic returns a number as a game.
func (x gameValue) dyadic(d partizan.Dyadic) starlark.Value {
	return gameValue{x.s, partizan.Number(d)}
}

// ratGame returns a dyadic rational as a game.
func (s *session) ratGame(r *big.Rat) (gameValue, error) {
	den := r.Denom()
	exp := den.BitLen() - 1
	if den.Cmp(new(big.Int).Lsh(big.NewInt(1), uint(exp))) != 0 {
		return gameValue{}, fmt.Errorf("%s is not a dyadic rational", r.RatString())
	}
	d, err := partizan.NewDyadicBig(r.Num(), exp)
	if err != nil {
		return gameValue{}, err
	}
	return gameValue{s, partizan.Number(d)}, nil
}

func (x gameValue) thermo(f func(*partizan.Thermograph) *big.Rat) (starlark.Value, error) {
	th, err := x.s.calc.Thermograph(x.s.context(), partizan.RationalOf(x.g))
	if err != nil {
		return nil, err
	}
	return x.s.ratGame(f(th))
}

// thermograph returns a struct: mean, temperature, and the walls as
// lists of (t, x) breakpoints.
func (x gameValue) thermograph() (starlark.Value, error) {
	th, err := x.s.calc.Thermograph(x.s.context(), partizan.RationalOf(x.g))
	if err != nil {
		return nil, err
	}
	mean, err := x.s.ratGame(th.Mean)
	if err != nil {
		return nil, err
	}
	temp, err := x.s.ratGame(th.Temperature)
	if err != nil {
		return nil, err
	}
	wall := func(bs []partizan.Breakpoint) (starlark.Value, error) {
		var ps []starlark.Value
		for _, b := range bs {
			t, err := x.s.ratGame(b.T)
			if err != nil {
				return nil, err
			}
			v, err := x.s.ratGame(b.X)
			if err != nil {
				return nil, err
			}
			ps = append(ps, starlark.Tuple{t, v})
		}
		return starlark.NewList(ps), nil
	}
	lw, err := wall(th.LeftWall)
	if err != nil {
		return nil, err
	}
	rw, err := wall(th.RightWall)
	if err != nil {
		return nil, err
	}
	return starlarkstruct.FromStringDict(starlark.String("thermograph"), starlark.StringDict{
		"mean": mean, "temperature": temp, "left_wall": lw, "right_wall": rw,
		"left_stop": x.dyadic(x.g.LeftStop()), "right_stop": x.dyadic(x.g.RightStop()),
	}), nil
}

// outcome returns the outcome class: "L", "R", "N" or "P".
func (x gameValue) outcome() (starlark.Value, error) {
	rel, err := x.s.calc.Compare(x.s.context(), x.g, partizan.Zero)
	if err != nil {
		return nil, err
	}
	return starlark.String(rel.Outcome().String()), nil
}

// winner returns who wins: "Left", "Right", "first" or "second".
func (x gameValue) winner() (starlark.Value, error) {
	rel, err := x.s.calc.Compare(x.s.context(), x.g, partizan.Zero)
	if err != nil {
		return nil, err
	}
	return starlark.String(rel.Outcome().Words()), nil
}

// incentives returns (Left's incentives, Right's incentives).
func (x gameValue) incentives() (starlark.Value, error) {
	l, r, err := x.s.calc.Incentives(x.s.context(), x.g)
	if err != nil {
		return nil, err
	}
	list := func(gs []*partizan.Game) *starlark.List {
		vs := make([]starlark.Value, len(gs))
		for i, g := range gs {
			vs[i] = gameValue{x.s, g}
		}
		return starlark.NewList(vs)
	}
	return starlark.Tuple{list(l), list(r)}, nil
}

// cool returns G cooled by a number t.
func (x gameValue) cool(args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	if len(args) != 1 || len(kw) > 0 {
		return nil, inputf("takes 1 number, got %d arguments", len(args)+len(kw))
	}
	t, err := x.s.toGame(args[0])
	if err != nil {
		return nil, err
	}
	d, ok := t.AsNumber()
	if !ok {
		return nil, inputf("cool by %s: want a number", t)
	}
	return x.op(func() (*partizan.Game, error) { return x.s.calc.Cool(x.s.context(), x.g, d) })
}

// toGame returns v as a game: a game, an int, a float (a dyadic
// rational), a string in CGSuite's notation, a nimber up to *255, or a
// position of a short ruleset (its canonical form).
func (s *session) toGame(v starlark.Value) (*partizan.Game, error) {
	switch v := v.(type) {
	case gameValue:
		return v.g, nil
	case starlark.Int:
		if v.BigInt().BitLen() > maxIntBits {
			return nil, inputf("%v: a number of more than %d bits", v, maxIntBits)
		}
		d, err := partizan.NewDyadicBig(v.BigInt(), 0)
		if err != nil {
			return nil, inputError{err}
		}
		return partizan.Number(d), nil
	case starlark.Float:
		f := float64(v)
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return nil, inputf("%v is not a number of a short game", v)
		}
		g, err := s.ratGame(new(big.Rat).SetFloat64(f))
		if err != nil {
			return nil, inputError{err}
		}
		return g.g, nil
	case starlark.String:
		if len(v) > maxGameText {
			return nil, inputf("a game's text of %d bytes, more than %d", len(v), maxGameText)
		}
		g, err := s.calc.Parse(s.context(), string(v))
		if err != nil {
			if errors.Is(err, partizan.ErrSyntax) || errors.Is(err, partizan.ErrRange) {
				return nil, inputError{err}
			}
			return nil, err
		}
		return g, nil
	case nimberValue:
		if uint64(v.n) > partizan.MaxNimber {
			return nil, inputf("*%d: a game's nimber is at most *%d", uint64(v.n), partizan.MaxNimber)
		}
		return partizan.Nimber(int(v.n)), nil
	case *positionValue:
		val, err := v.value()
		if err != nil {
			return nil, err
		}
		if g, ok := val.(gameValue); ok {
			return g.g, nil
		}
		return nil, inputf("%s has no short game: its value is %s", v.p, val)
	}
	return nil, inputf("%s is not a game", v.Type())
}

// maxGameText bounds a game's text.
const maxGameText = 1 << 16

// maxIntBits bounds the integers taken for games.
const maxIntBits = 1 << 12
