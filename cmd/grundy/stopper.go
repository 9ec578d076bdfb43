package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/games/grid"
	"github.com/nimbers/grundy/games/strip"
	"github.com/nimbers/grundy/outcome"
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
			{"canon", "G", "print the simplest form of the stopper G, its number of positions, and who wins with Left or Right first", `grundy stopper canon "{0|pass}+*"`, stopperVerb(loopy.Expr.Canon)},
			{"compare", "G H", "print <, >, = or || (fuzzy): the relation of G to H (of their sides, for games that are not stoppers)", `grundy stopper compare over "^"`, stopperCompare},
			{"sum", "G H ...", "print the value of the sum: its simplest form when it is a stopper, else its onside & offside", `grundy stopper sum over over 1`, stopperSum},
			{"outcome", "G", "print who wins any loopy game, stopper or not, with Left first and with Right first (Left, Right or draw)", `grundy stopper outcome "on+off"`, stopperOutcome},
			{"sides", "G", "print the value of any loopy game as its onside & offside (one simplest form for a stopper), its positions, and who wins", `grundy stopper sides "a{1||a|0}"`, stopperVerb(loopy.Expr.Sides)},
			{"degree", "G", "print the degree of the stopper G, G ⇑ −G (the onside of G − G): 0 for a short game, on for on and off, over for over and under (Siegel, CGT ch. VI)", `grundy stopper degree "{pass|3/2}"`, stopperDegree},
			{"upsum", "G H", "print the upsum G ⇑ H of two stoppers: the onside of G + H, in its simplest form", `grundy stopper upsum upon "^<on>"`, stopperSumSide(loopy.Upsum, "upsum")},
			{"downsum", "G H", "print the downsum G ⇓ H of two stoppers: the offside of G + H, in its simplest form", `grundy stopper downsum upon "^<on>"`, stopperSumSide(loopy.Downsum, "downsum")},
			{"variety", "G", "print the variety of the stopper G at its degree D: G ⇑ (−G ⇓ −D), equal to G ⇓ (−G ⇑ D) when G is stable (an error when it is not, or when D + D ≠ D)", `grundy stopper variety "{on|0||0}"`, stopperVariety},
			{"toads-frogs", "STRIP", "the value of Toads and Frogs: t toads (Left) step or jump right, f frogs (Right) left, . empty", `grundy stopper toads-frogs ttt..fff`, stopperToadsFrogs},
			{"fox-geese", "\"{(ROW,COL),...}, (ROW,COL)\"", "the value of Fox and Geese: the geese (Left) and the fox (Right) on the dark squares, row 1 at the bottom", `grundy stopper fox-geese "{(4,2),(4,4),(4,6),(4,8)}, (1,1)"`, stopperFoxGeese},
		}}
}

// stopperOperands reads the operands of a stopper verb: want games, or
// at least one when want is 0.
func stopperOperands(e *env, args []string, want int) ([]loopy.Expr, *budget.Options, error) {
	if want > 0 && len(args) != want || want == 0 && len(args) == 0 {
		return nil, nil, errOperands(fmt.Sprintf("%d game(s)", max(want, 1)), len(args))
	}
	opt := limits(e, "steps")
	xs := make([]loopy.Expr, len(args))
	for i, s := range args {
		if len(s) > maxGameText {
			return nil, nil, fmt.Errorf("operand %d: longer than %d bytes", i+1, maxGameText)
		}
		var err error
		if xs[i], err = loopy.ParseExpr(e.ctx, s, opt); err != nil {
			return nil, nil, fmt.Errorf("operand %d %q: %w", i+1, clip(s), limitError(err))
		}
	}
	return xs, opt, nil
}

// stopperVerb runs a stopper verb on one operand.
func stopperVerb(f func(loopy.Expr, context.Context, *budget.Options) (loopy.Value, error)) func(*env, []string) error {
	return func(e *env, args []string) error {
		xs, opt, err := stopperOperands(e, args, 1)
		if err != nil {
			return err
		}
		v, err := f(xs[0], e.ctx, opt)
		if err != nil {
			return fmt.Errorf("operand 1 %q: %w", clip(args[0]), limitError(err))
		}
		return e.emit(v, func() { fmt.Fprintln(e.out, v) })
	}
}

func stopperCompare(e *env, args []string) error {
	xs, opt, err := stopperOperands(e, args, 2)
	if err != nil {
		return err
	}
	r, err := loopy.CompareExprs(e.ctx, xs[0], xs[1], opt)
	if err != nil {
		return limitError(err)
	}
	return e.emit(map[string]string{"relation": r.String()}, func() { fmt.Fprintln(e.out, r) })
}

func stopperSum(e *env, args []string) error {
	xs, opt, err := stopperOperands(e, args, 0)
	if err != nil {
		return err
	}
	text, err := loopy.SumExprs(e.ctx, xs, opt)
	if err != nil {
		return limitError(err)
	}
	return e.emit(map[string]string{"game": text}, func() { fmt.Fprintln(e.out, text) })
}

func stopperOutcome(e *env, args []string) error {
	xs, opt, err := stopperOperands(e, args, 1)
	if err != nil {
		return err
	}
	c, err := xs[0].Outcome(e.ctx, opt)
	if err != nil {
		return fmt.Errorf("operand 1 %q: %w", clip(args[0]), limitError(err))
	}
	lf, rf := c.LeftFirst(), c.RightFirst()
	return e.emit(map[string]string{"left_first": lf.String(), "right_first": rf.String()}, func() {
		fmt.Fprintf(e.out, "Left first: %s, Right first: %s\n", loopyWinner(lf), loopyWinner(rf))
	})
}

// loopyWinner writes a result for text: "Left wins", "Right wins" or "draw".
func loopyWinner(r outcome.Result) string {
	if r == outcome.Draw {
		return "draw"
	}
	return r.String() + " wins"
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
	v, err := loopy.Describe(e.ctx, x, opt)
	if err != nil {
		return limitError(err)
	}
	return e.emit(v, func() { fmt.Fprintln(e.out, v) })
}

// maxStopperText bounds the bytes of a stopper the degree verbs write.
const maxStopperText = 1 << 20

// stoppers reads the operands of a verb on want stoppers, refusing games
// that are not stoppers.
func stoppers(e *env, args []string, want int) ([]loopy.Game, *budget.Options, error) {
	if len(args) != want {
		return nil, nil, errOperands(fmt.Sprintf("%d stopper(s)", want), len(args))
	}
	opt := limits(e, "steps")
	gs := make([]loopy.Game, want)
	for i, s := range args {
		if len(s) > maxGameText {
			return nil, nil, fmt.Errorf("operand %d: longer than %d bytes", i+1, maxGameText)
		}
		terms, err := loopy.ParseTerms(s, opt)
		if err == nil {
			gs[i], err = loopy.Sum(e.ctx, terms, opt)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("operand %d %q: %w", i+1, clip(s), limitError(err))
		}
		if !gs[i].IsStopper() {
			return nil, nil, fmt.Errorf("operand %d %q: not a stopper (it has an endless alternating line of play)", i+1, clip(s))
		}
	}
	return gs, opt, nil
}

// emitStopper prints a stopper as {"name": "…"}, or its text.
func emitStopper(e *env, name string, g loopy.Game) error {
	text, ok := g.Text(maxStopperText)
	if !ok {
		return fmt.Errorf("the %s is longer than %d bytes written out", name, maxStopperText)
	}
	return e.emit(map[string]string{name: text}, func() { fmt.Fprintln(e.out, text) })
}

func stopperDegree(e *env, args []string) error {
	gs, opt, err := stoppers(e, args, 1)
	if err != nil {
		return err
	}
	d, err := loopy.Degree(e.ctx, gs[0], opt)
	if err != nil {
		return limitError(err)
	}
	return emitStopper(e, "degree", d)
}

// stopperSumSide returns the run function of upsum or downsum.
func stopperSumSide(f func(context.Context, loopy.Game, loopy.Game, *budget.Options) (loopy.Game, error), name string) func(*env, []string) error {
	return func(e *env, args []string) error {
		gs, opt, err := stoppers(e, args, 2)
		if err != nil {
			return err
		}
		s, err := f(e.ctx, gs[0], gs[1], opt)
		if err != nil {
			return limitError(err)
		}
		return emitStopper(e, name, s)
	}
}

func stopperVariety(e *env, args []string) error {
	gs, opt, err := stoppers(e, args, 1)
	if err != nil {
		return err
	}
	v, err := loopy.Variety(e.ctx, gs[0], opt)
	if err != nil {
		return limitError(err)
	}
	return emitStopper(e, "variety", v)
}
