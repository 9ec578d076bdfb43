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
			{"canon", "G", "print the simplest form of the stopper G, its number of positions, and who wins with Left or Right first", `grundy stopper canon "{0|pass}+*"`,
				exprOp(loopy.Expr.Canon)},
			{"compare", "G H", "print <, >, = or || (fuzzy): the relation of G to H (of their sides, for games that are not stoppers)", `grundy stopper compare over "^"`,
				cgt("xx", "2 game(s)", func(c *cgtCall) (any, error) {
					r, err := loopy.CompareExprs(c.ctx, c.exprs[0], c.exprs[1], c.opt)
					return one("relation", r.String()), err
				})},
			{"sum", "G H ...", "print the value of the sum: its simplest form when it is a stopper, else its onside & offside", `grundy stopper sum over over 1`,
				cgt("x+", "1 game(s)", func(c *cgtCall) (any, error) {
					text, err := loopy.SumExprs(c.ctx, c.exprs, c.opt)
					return one("game", text), err
				})},
			{"outcome", "G", "print who wins any loopy game, stopper or not, with Left first and with Right first (Left, Right or draw)", `grundy stopper outcome "on+off"`,
				cgt("x", "1 game(s)", stopperOutcome)},
			{"sides", "G", "print the value of any loopy game as its onside & offside (one simplest form for a stopper), its positions, and who wins", `grundy stopper sides "a{1||a|0}"`,
				exprOp(loopy.Expr.Sides)},
			{"degree", "G", "print the degree of the stopper G, G ⇑ −G (the onside of G − G): 0 for a short game, on for on and off, over for over and under (Siegel, CGT ch. VI)", `grundy stopper degree "{pass|3/2}"`,
				stopperOp("degree", loopy.Degree)},
			{"upsum", "G H", "print the upsum G ⇑ H of two stoppers: the onside of G + H, in its simplest form", `grundy stopper upsum upon "^<on>"`,
				stoppersOp("upsum", loopy.Upsum)},
			{"downsum", "G H", "print the downsum G ⇓ H of two stoppers: the offside of G + H, in its simplest form", `grundy stopper downsum upon "^<on>"`,
				stoppersOp("downsum", loopy.Downsum)},
			{"variety", "G", "print the variety of the stopper G at its degree D: G ⇑ (−G ⇓ −D), equal to G ⇓ (−G ⇑ D) when G is stable (an error when it is not, or when D + D ≠ D)", `grundy stopper variety "{on|0||0}"`,
				stopperOp("variety", loopy.Variety)},
			{"toads-frogs", "STRIP", "the value of Toads and Frogs: t toads (Left) step or jump right, f frogs (Right) left, . empty", `grundy stopper toads-frogs ttt..fff`,
				cgt("s", "1 strip", func(c *cgtCall) (any, error) {
					rules := "toads-frogs:jump=" + strconv.Itoa(c.e.flags.int("jump"))
					if c.e.flags.has("backsliding") {
						rules += ",backsliding"
					}
					return c.loopyPosition(rules, c.args[0])
				})},
			{"fox-geese", "\"{(ROW,COL),...}, (ROW,COL)\"", "the value of Fox and Geese: the geese (Left) and the fox (Right) on the dark squares, row 1 at the bottom", `grundy stopper fox-geese "{(4,2),(4,4),(4,6),(4,8)}, (1,1)"`,
				cgt("s+", "1 position", func(c *cgtCall) (any, error) {
					rules := fmt.Sprintf("fox-geese:%d,%d", c.e.flags.int("width"), c.e.flags.int("range"))
					// The position may come as one operand or split at its spaces.
					return c.loopyPosition(rules, strings.Join(c.args, " "))
				})},
		}}
}

// exprOp returns the run function of a verb that prints f of its loopy
// game, an error naming the operand.
func exprOp(f func(loopy.Expr, context.Context, *budget.Options) (loopy.Value, error)) func(*env, []string) error {
	return cgt("x", "1 game(s)", func(c *cgtCall) (any, error) {
		v, err := f(c.exprs[0], c.ctx, c.opt)
		return v, c.operandError(0, err)
	})
}

// stopperOp returns the run function of a verb that prints f of its
// stopper, named name in JSON.
func stopperOp(name string, f func(context.Context, loopy.Game, *budget.Options) (loopy.Game, error)) func(*env, []string) error {
	return cgt("p", "1 stopper(s)", func(c *cgtCall) (any, error) {
		return stopperAnswer(name)(f(c.ctx, c.stoppers[0], c.opt))
	})
}

// stoppersOp returns the run function of a verb that prints f of its two
// stoppers, named name in JSON.
func stoppersOp(name string, f func(context.Context, loopy.Game, loopy.Game, *budget.Options) (loopy.Game, error)) func(*env, []string) error {
	return cgt("pp", "2 stopper(s)", func(c *cgtCall) (any, error) {
		return stopperAnswer(name)(f(c.ctx, c.stoppers[0], c.stoppers[1], c.opt))
	})
}

func stopperOutcome(c *cgtCall) (any, error) {
	o, err := c.exprs[0].Outcome(c.ctx, c.opt)
	if err != nil {
		return nil, c.operandError(0, err)
	}
	lf, rf := o.LeftFirst(), o.RightFirst()
	return shown{json: map[string]string{"left_first": lf.String(), "right_first": rf.String()},
		text: fmt.Sprintf("Left first: %s, Right first: %s\n", loopyWinner(lf), loopyWinner(rf))}, nil
}

// loopyWinner writes a result for text: "Left wins", "Right wins" or "draw".
func loopyWinner(r outcome.Result) string {
	if r == outcome.Draw {
		return "draw"
	}
	return r.String() + " wins"
}

// loopyPosition returns the value of the position s of the loopy ruleset
// named rules, as the registry reads and values it: its sides, the
// positions of its graph and who wins it.
func (c *cgtCall) loopyPosition(rules, s string) (any, error) {
	r, err := games.Lookup(rules)
	if err != nil {
		return nil, err
	}
	p, err := r.Parse(s)
	if err != nil {
		return nil, err
	}
	x, err := games.LoopyGame(c.ctx, r, p, c.opt)
	if err != nil {
		return nil, err
	}
	return loopy.Describe(c.ctx, x, c.opt)
}

// maxStopperText bounds the bytes of a stopper the degree verbs write.
const maxStopperText = 1 << 20

// stopperAnswer returns a function answering a stopper named name as
// {"name": "…"}, or its text.
func stopperAnswer(name string) func(loopy.Game, error) (any, error) {
	return func(g loopy.Game, err error) (any, error) {
		if err != nil {
			return nil, err
		}
		text, ok := g.Text(maxStopperText)
		if !ok {
			return nil, fmt.Errorf("the %s is longer than %d bytes written out", name, maxStopperText)
		}
		return one(name, text), nil
	}
}
