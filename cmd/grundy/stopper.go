package main

import (
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/games/grid"
	"github.com/nimbers/grundy/games/strip"
	"github.com/nimbers/grundy/outcome"
	"github.com/nimbers/grundy/partizan"
	"github.com/nimbers/grundy/partizan/loopy"
)

func stopperArea() area {
	return area{name: "stopper", summary: "partizan loopy games: stoppers, their simplest forms, sums and comparisons",
		more: []string{"G: a loopy game in CGSuite's notation: on, off, over, under, upon, dud, {0|pass} (pass: the game itself), a:{0|{*|a}} or a{0|{*|a}} (a label for a game that recurs), any short game (3/4, ^*, +-1, {2||1|0}), sums with + and -",
			"a short game (a number, a sum of numbers, any game with no cycle) is answered by its canonical form, without a search",
			"a comparison of games of n and m positions takes about 2·n·m states, a sum the product of its terms' positions"},
		flags: []flag{
			budgetOf("steps", loopy.DefaultLimit, "the steps: a state of a comparison is a step, a position built 256"),
			memoryOf(loopy.DefaultMemory, "the bytes held"),
		},
		verbFlags: map[string][]flag{
			"toads-frogs": {{name: "jump", arg: "N", kind: intFlag, lo: 0, hi: strip.MaxCells, def: 1, help: "how far a jump goes; 0 is Elephants and Rhinos"},
				{name: "backsliding", help: "let each also step back"}},
			"fox-geese": {{name: "width", arg: "W", kind: intFlag, lo: 2, hi: 64, def: float64(grid.ClassicFoxAndGeese.Width), help: "the board's width"},
				{name: "range", arg: "R", kind: intFlag, lo: 1, hi: 64, def: float64(grid.ClassicFoxAndGeese.Range), help: "how far the fox and geese move (2 for Ceylonese)"}},
		},
		verbs: []verb{
			{"canon", "G", "print the simplest form of the stopper G, its number of positions, and who wins with Left or Right first", `grundy stopper canon "{0|pass}+*"`, stopperCanon},
			{"compare", "G H", "print <, >, = or || (fuzzy): the relation of G to H (of their sides, for games that are not stoppers)", `grundy stopper compare over "^"`, stopperCompare},
			{"sum", "G H ...", "print the value of the sum: its simplest form when it is a stopper, else its onside & offside", `grundy stopper sum over over 1`, stopperSum},
			{"outcome", "G", "print who wins any loopy game, stopper or not, with Left first and with Right first (Left, Right or draw)", `grundy stopper outcome "on+off"`, stopperOutcome},
			{"sides", "G", "print the value of any loopy game as its onside & offside (one simplest form for a stopper), its positions, and who wins", `grundy stopper sides "a{1||a|0}"`, stopperSides},
			{"toads-frogs", "STRIP", "the value of Toads and Frogs: t toads (Left) step or jump right, f frogs (Right) left, . empty", `grundy stopper toads-frogs ttt..fff`, stopperToadsFrogs},
			{"fox-geese", "\"{(ROW,COL),...}, (ROW,COL)\"", "the value of Fox and Geese: the geese (Left) and the fox (Right) on the dark squares, row 1 at the bottom", `grundy stopper fox-geese "{(4,2),(4,4),(4,6),(4,8)}, (1,1)"`, stopperFoxGeese},
		}}
}

// A stopperOperand is a game read from the command line: a short game,
// held in canonical form, or else the terms of a sum of loopy games
// (one term when the text writes no sum), not yet added.
type stopperOperand struct {
	text  string
	short *partizan.Game
	terms []loopy.Game
}

// fail names the operand, the i-th (from 1), in err, and the flag that
// raises a limit it passes.
func (o stopperOperand) fail(i int, err error) error {
	return fmt.Errorf("operand %d %q: %w", i, clip(o.text), limitError(err))
}

// game returns the operand as a loopy game: its terms added.
func (o stopperOperand) game(e *env, opt *budget.Options) (loopy.Game, error) {
	switch {
	case o.short != nil:
		return loopy.FromShort(o.short)
	case len(o.terms) == 1:
		return o.terms[0], nil
	}
	return loopy.Sum(e.ctx, o.terms, opt)
}

// simplest returns the simplest form of the sum of the operand's terms
// when loopy.SimplestSum finds it without adding their graphs, and
// false otherwise.
func (o stopperOperand) simplest(e *env, opt *budget.Options) (loopy.Game, bool, error) {
	if o.short != nil {
		return loopy.Game{}, false, nil
	}
	return loopy.SimplestSum(e.ctx, o.terms, opt)
}

// positions returns the positions of the operand's graph as loopy.Sum
// builds it: the product of its terms', as every pair of their
// positions is reached, the short terms added first.
func (o stopperOperand) positions(e *env, opt *budget.Options) (*big.Int, error) {
	n := big.NewInt(1)
	var shorts []*partizan.Game
	for _, x := range o.terms {
		if g, ok := x.Short(); ok {
			shorts = append(shorts, g)
			continue
		}
		n.Mul(n, big.NewInt(int64(x.Len())))
	}
	if len(shorts) > 0 {
		s, err := partizan.NewCalculator(opt).Sum(e.ctx, shorts...)
		if err != nil {
			return nil, err
		}
		if !s.Equal(partizan.Zero) || len(shorts) == len(o.terms) {
			n.Mul(n, loopy.ShortPositions(s))
		}
	}
	return n, nil
}

// parseStopper reads operand i (from 1): as a short game when package
// partizan reads it, else as a loopy game.
func parseStopper(e *env, s string, i int, opt *budget.Options) (stopperOperand, error) {
	if len(s) > maxGameText {
		return stopperOperand{}, fmt.Errorf("operand %d: longer than %d bytes", i, maxGameText)
	}
	o := stopperOperand{text: s}
	g, err := partizan.NewCalculator(opt).Parse(e.ctx, s)
	if err == nil {
		o.short = g
		return o, nil
	}
	if errors.Is(err, partizan.ErrSyntax) {
		if o.terms, err = loopy.ParseTerms(s, opt); err == nil {
			return o, nil
		}
	}
	return o, o.fail(i, err)
}

// stopperOperands reads the operands of a stopper verb and its limits:
// want operands, or at least one when want is 0.
func stopperOperands(e *env, args []string, want int) ([]stopperOperand, *budget.Options, error) {
	pos := args
	if want > 0 && len(pos) != want || want == 0 && len(pos) == 0 {
		return nil, nil, errOperands(fmt.Sprintf("%d game(s)", max(want, 1)), len(pos))
	}
	opt := limits(e, "steps")
	var err error
	xs := make([]stopperOperand, len(pos))
	for i, s := range pos {
		if xs[i], err = parseStopper(e, s, i+1, opt); err != nil {
			return nil, nil, err
		}
	}
	return xs, opt, nil
}

// stopperText writes a simplest form, or refuses one too long to print.
func stopperText(g loopy.Game) (string, error) {
	s, ok := g.Text(maxCanonText)
	if !ok {
		return "", fmt.Errorf("the simplest form has %d positions and is longer than %d bytes written out", g.Len(), maxCanonText)
	}
	return s, nil
}

// shortText writes a short game's canonical form, or refuses one too
// long to print.
func shortText(g *partizan.Game) (string, error) {
	s, ok := loopy.ShortText(g, maxCanonText)
	if !ok {
		return "", fmt.Errorf("the canonical form is longer than %d bytes written out", maxCanonText)
	}
	return s, nil
}

// A stopperValue is what canon and sides print of a game.
type stopperValue struct {
	text, onside, offside string
	stopper               bool
	positions             *big.Int
	leftFirst, rightFirst outcome.Result
}

// shortValue returns the value of a short game: its canonical form,
// the positions of that form and who wins.
func shortValue(e *env, g *partizan.Game, opt *budget.Options) (stopperValue, error) {
	text, err := shortText(g)
	if err != nil {
		return stopperValue{}, err
	}
	cls, err := loopy.PlayShort(e.ctx, g, opt)
	lf, rf := cls.LeftFirst(), cls.RightFirst()
	if err != nil {
		return stopperValue{}, limitError(err)
	}
	return stopperValue{text, text, text, true, loopy.ShortPositions(g), lf, rf}, nil
}

func stopperCanon(e *env, args []string) error {
	xs, opt, err := stopperOperands(e, args, 1)
	if err != nil {
		return err
	}
	var v stopperValue
	if g := xs[0].short; g != nil {
		if v, err = shortValue(e, g, opt); err != nil {
			return err
		}
	} else {
		s, ok, err := xs[0].simplest(e, opt)
		if err == nil && !ok {
			var x loopy.Game
			if x, err = xs[0].game(e, opt); err == nil {
				s, err = loopy.Simplify(e.ctx, x, opt)
			}
		}
		if err != nil {
			return xs[0].fail(1, err)
		}
		if v.text, err = stopperText(s); err != nil {
			return err
		}
		if v.leftFirst, v.rightFirst, err = play(s); err != nil {
			return err
		}
		v.positions = big.NewInt(int64(s.Len()))
	}
	return e.emit(struct {
		Game       string   `json:"game"`
		Positions  *big.Int `json:"positions"`
		LeftFirst  string   `json:"left_first"`
		RightFirst string   `json:"right_first"`
	}{v.text, v.positions, v.leftFirst.String(), v.rightFirst.String()}, func() {
		fmt.Fprintln(e.out, v.text)
		fmt.Fprintf(e.out, "%s; Left first: %s, Right first: %s\n", positions(v.positions), loopyWinner(v.leftFirst), loopyWinner(v.rightFirst))
	})
}

// positions writes "1 position" or "n positions".
func positions(n *big.Int) string {
	if n.IsInt64() && n.Int64() == 1 {
		return "1 position"
	}
	return n.String() + " positions"
}

// play returns the results of x with Left and with Right moving first.
func play(x loopy.Game) (leftFirst, rightFirst outcome.Result, err error) {
	c, err := loopy.Play(x)
	return c.LeftFirst(), c.RightFirst(), err
}

// loopyWinner writes a result for text: "Left wins", "Right wins" or "draw".
func loopyWinner(r outcome.Result) string {
	if r == outcome.Draw {
		return "draw"
	}
	return r.String() + " wins"
}

// shortRelation is the relation of two short games as loopy writes it.
var shortRelation = map[partizan.Relation]loopy.Relation{
	partizan.Equal: loopy.Equal, partizan.Greater: loopy.Greater, partizan.Less: loopy.Less, partizan.Fuzzy: loopy.Fuzzy,
}

func stopperCompare(e *env, args []string) error {
	xs, opt, err := stopperOperands(e, args, 2)
	if err != nil {
		return err
	}
	var r loopy.Relation
	if g, h := xs[0].short, xs[1].short; g != nil && h != nil {
		o, err := partizan.NewCalculator(opt).Compare(e.ctx, g, h)
		if err != nil {
			return limitError(err)
		}
		r = shortRelation[o]
	} else if d, ok, err := stopperDifference(e, xs, opt); err != nil {
		return limitError(err)
	} else if ok {
		// G compares with H as G − H, a stopper, does with 0.
		if r, err = loopy.Compare(e.ctx, d, loopy.Game{}, opt); err != nil {
			return limitError(err)
		}
	} else {
		// Stoppers compare by their values: by the simplest forms of
		// the sums, when SimplestSum finds both.
		var gs [2]loopy.Game
		for i, x := range xs {
			s, ok, err := x.simplest(e, opt)
			if err == nil && !ok {
				s, err = x.game(e, opt)
			}
			if err != nil {
				return x.fail(i+1, err)
			}
			gs[i] = s
		}
		if r, err = loopy.Compare(e.ctx, gs[0], gs[1], opt); err != nil {
			return limitError(err)
		}
	}
	return e.emit(struct {
		Relation string `json:"relation"`
	}{r.String()}, func() { fmt.Fprintln(e.out, r) })
}

// stopperDifference returns the simplest form of G − H for the operands
// G and H, and true, when loopy.SimplestSum finds it: when it is a sum of
// stoppers none of which has a Left move on a cycle, or none a Right
// move.
func stopperDifference(e *env, xs []stopperOperand, opt *budget.Options) (loopy.Game, bool, error) {
	var terms []loopy.Game
	for i, x := range xs {
		ts := x.terms
		if x.short != nil {
			t, err := loopy.FromShort(x.short)
			if err != nil {
				return loopy.Game{}, false, nil
			}
			ts = []loopy.Game{t}
		}
		for _, t := range ts {
			if i == 1 {
				t = t.Neg()
			}
			terms = append(terms, t)
		}
	}
	return loopy.SimplestSum(e.ctx, terms, opt)
}

func stopperSum(e *env, args []string) error {
	xs, opt, err := stopperOperands(e, args, 0)
	if err != nil {
		return err
	}
	shorts := make([]*partizan.Game, 0, len(xs))
	for _, x := range xs {
		if x.short != nil {
			shorts = append(shorts, x.short)
		}
	}
	var text string
	if len(shorts) == len(xs) {
		s, err := partizan.NewCalculator(opt).Sum(e.ctx, shorts...)
		if err != nil {
			return limitError(err)
		}
		if text, err = shortText(s); err != nil {
			return err
		}
	} else {
		// All the operands' terms, the short operands added first.
		terms := []loopy.Game{}
		for _, x := range xs {
			terms = append(terms, x.terms...)
		}
		if len(shorts) > 0 {
			s, err := partizan.NewCalculator(opt).Sum(e.ctx, shorts...)
			if err != nil {
				return limitError(err)
			}
			x, err := loopy.FromShort(s)
			if err != nil {
				return err
			}
			terms = append(terms, x)
		}
		on, ok, err := loopy.SimplestSum(e.ctx, terms, opt)
		off := on
		if err == nil && !ok {
			var sum loopy.Game
			if sum, err = loopy.Sum(e.ctx, terms, opt); err == nil {
				on, off, err = loopy.Sides(e.ctx, sum, opt)
			}
		}
		if err != nil {
			return limitError(err)
		}
		if text, ok = loopy.SidedText(on, off, maxCanonText); !ok {
			return fmt.Errorf("the value is longer than %d bytes written out", maxCanonText)
		}
	}
	return e.emit(struct {
		Game string `json:"game"`
	}{text}, func() { fmt.Fprintln(e.out, text) })
}

func stopperOutcome(e *env, args []string) error {
	xs, opt, err := stopperOperands(e, args, 1)
	if err != nil {
		return err
	}
	var lf, rf outcome.Result
	if g := xs[0].short; g != nil {
		var c outcome.Class
		c, err = loopy.PlayShort(e.ctx, g, opt)
		lf, rf = c.LeftFirst(), c.RightFirst()
	} else {
		// A sum that is a stopper has no draws, and who wins it is
		// decided by its value: its simplest form plays as it does.
		var x loopy.Game
		var ok bool
		x, ok, err = xs[0].simplest(e, opt)
		if err == nil && !ok {
			x, err = xs[0].game(e, opt)
		}
		if err != nil {
			return xs[0].fail(1, err)
		}
		lf, rf, err = play(x)
	}
	if err != nil {
		return limitError(err)
	}
	return e.emit(struct {
		LeftFirst  string `json:"left_first"`
		RightFirst string `json:"right_first"`
	}{lf.String(), rf.String()}, func() {
		fmt.Fprintf(e.out, "Left first: %s, Right first: %s\n", loopyWinner(lf), loopyWinner(rf))
	})
}

func stopperSides(e *env, args []string) error {
	xs, opt, err := stopperOperands(e, args, 1)
	if err != nil {
		return err
	}
	if g := xs[0].short; g != nil {
		v, err := shortValue(e, g, opt)
		if err != nil {
			return err
		}
		return emitStopperValue(e, v)
	}
	if s, ok, err := xs[0].simplest(e, opt); err != nil {
		return xs[0].fail(1, err)
	} else if ok {
		text, err := stopperText(s)
		if err != nil {
			return err
		}
		v := stopperValue{text: text, onside: text, offside: text, stopper: true}
		if v.positions, err = xs[0].positions(e, opt); err != nil {
			return limitError(err)
		}
		if v.leftFirst, v.rightFirst, err = play(s); err != nil {
			return err
		}
		return emitStopperValue(e, v)
	}
	x, err := xs[0].game(e, opt)
	if err != nil {
		return xs[0].fail(1, err)
	}
	return emitValue(e, x, opt)
}

func stopperToadsFrogs(e *env, args []string) error {
	if len(args) != 1 {
		return errOperands("1 strip", len(args))
	}
	rules := "toads-frogs:jump=" + strconv.Itoa(e.flags.int("jump"))
	if e.flags.has("backsliding") {
		rules += ",backsliding"
	}
	return loopyPosition(e, rules, args[0])
}

func stopperFoxGeese(e *env, args []string) error {
	if len(args) == 0 {
		return errOperands("1 position", 0)
	}
	rules := fmt.Sprintf("fox-geese:%d,%d", e.flags.int("width"), e.flags.int("range"))
	// The position may come as one operand or split at its spaces.
	return loopyPosition(e, rules, strings.Join(args, " "))
}

// loopyPosition prints the value of the position s of the loopy ruleset
// named rules, as the registry reads and values it, within the limits of
// the flags vals.
func loopyPosition(e *env, rules, s string) error {
	opt := limits(e, "steps")
	r, err := games.Lookup(rules)
	if err != nil {
		return err
	}
	p, err := r.Parse(s)
	if err != nil {
		return err
	}
	x, err := games.LoopyGame(e.ctx, r, p, opt)
	if err != nil {
		return limitError(err)
	}
	return emitValue(e, x, opt)
}

// emitValue prints the value of a loopy game, as its sides, with the
// positions of its graph and who wins it.
func emitValue(e *env, x loopy.Game, opt *budget.Options) error {
	on, off, err := loopy.Sides(e.ctx, x, opt)
	if err != nil {
		return limitError(err)
	}
	text, ok := loopy.SidedText(on, off, maxCanonText)
	if !ok {
		return fmt.Errorf("the value is longer than %d bytes written out", maxCanonText)
	}
	v := stopperValue{text: text, stopper: x.IsStopper(), positions: big.NewInt(int64(x.Len()))}
	v.onside, _ = on.Text(maxCanonText)
	v.offside, _ = off.Text(maxCanonText)
	if v.leftFirst, v.rightFirst, err = play(x); err != nil {
		return err
	}
	return emitStopperValue(e, v)
}

// emitStopperValue prints a value, its positions and who wins it.
func emitStopperValue(e *env, v stopperValue) error {
	return e.emit(struct {
		Game       string   `json:"game"`
		Onside     string   `json:"onside"`
		Offside    string   `json:"offside"`
		Stopper    bool     `json:"stopper"`
		Positions  *big.Int `json:"positions"`
		LeftFirst  string   `json:"left_first"`
		RightFirst string   `json:"right_first"`
	}{v.text, v.onside, v.offside, v.stopper, v.positions, v.leftFirst.String(), v.rightFirst.String()}, func() {
		fmt.Fprintln(e.out, v.text)
		fmt.Fprintf(e.out, "%s; Left first: %s, Right first: %s\n", positions(v.positions), loopyWinner(v.leftFirst), loopyWinner(v.rightFirst))
	})
}
