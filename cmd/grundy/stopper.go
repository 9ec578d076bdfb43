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
	"github.com/nimbers/grundy/internal/cli"
	"github.com/nimbers/grundy/partizan/loopy"
)

func stopperArea() cli.Command {
	return cli.Command{Name: "stopper", Flags: []cli.Flag{
		eachFlag,
		cli.BudgetFlag("steps", loopy.DefaultLimit, "the steps: a state of a comparison is a step, a position built 256"),
		cli.MemoryFlag(loopy.DefaultMemory, "the bytes held"),
	}, VerbFlags: map[string][]cli.Flag{
		"toads-frogs": {{Name: "jump", Arg: "N", Kind: cli.Int, Lo: 0, Hi: strip.MaxCells, Def: 1, Help: "how far a jump goes; 0 is Elephants and Rhinos"},
			{Name: "backsliding", Help: "let each also step back"}},
		"fox-geese": {{Name: "width", Arg: "W", Kind: cli.Int, Lo: 2, Hi: 64, Def: float64(grid.ClassicFoxAndGeese.Width), Help: "the board's width"},
			{Name: "range", Arg: "R", Kind: cli.Int, Lo: 1, Hi: 64, Def: float64(grid.ClassicFoxAndGeese.Range), Help: "how far the fox and geese move (2 for Ceylonese)"}},
	}, Verbs: []cli.Verb{
		{Name: "canon", Run: exprOp(loopy.Expr.Canon)},
		{Name: "compare", Run: cgt("xx", "2 game(s)", func(c *cgtCall) (any, error) {
			r, err := loopy.CompareExprs(c.ctx, c.exprs[0], c.exprs[1], c.opt)
			return one("relation", r.String()), err
		})},
		{Name: "sum", Run: cgt("x+", "1 game(s)", func(c *cgtCall) (any, error) {
			text, err := loopy.SumExprs(c.ctx, c.exprs, c.opt)
			return one("game", text), err
		})},
		{Name: "outcome", Run: exprOp(loopy.Expr.Outcome)},
		{Name: "sides", Run: exprOp(loopy.Expr.Sides)},
		{Name: "degree", Run: stopperOp("degree", "p", func(c *cgtCall) (loopy.Game, error) { return loopy.Degree(c.ctx, c.stoppers[0], c.opt) })},
		{Name: "upsum", Run: stopperOp("upsum", "pp", func(c *cgtCall) (loopy.Game, error) { return loopy.Upsum(c.ctx, c.stoppers[0], c.stoppers[1], c.opt) })},
		{Name: "downsum", Run: stopperOp("downsum", "pp", func(c *cgtCall) (loopy.Game, error) { return loopy.Downsum(c.ctx, c.stoppers[0], c.stoppers[1], c.opt) })},
		{Name: "variety", Run: stopperOp("variety", "p", func(c *cgtCall) (loopy.Game, error) { return loopy.Variety(c.ctx, c.stoppers[0], c.opt) })},
		{Name: "toads-frogs", Run: cgt("s", "1 strip", func(c *cgtCall) (any, error) {
			rules := "toads-frogs:jump=" + strconv.Itoa(c.e.Flags.Int("jump"))
			if c.e.Flags.Has("backsliding") {
				rules += ",backsliding"
			}
			return games.LoopyValue(c.ctx, rules, c.args[0], c.opt)
		})},
		{Name: "fox-geese", Run: cgt("s+", "1 position", func(c *cgtCall) (any, error) {
			rules := fmt.Sprintf("fox-geese:%d,%d", c.e.Flags.Int("width"), c.e.Flags.Int("range"))
			// The position may come as one operand or split at its spaces.
			return games.LoopyValue(c.ctx, rules, strings.Join(c.args, " "), c.opt)
		})},
	}}
}

// exprOp returns the run function of a verb that prints f of its loopy
// game, an error naming the operand.
func exprOp[T any](f func(loopy.Expr, context.Context, *budget.Options) (T, error)) func(*cli.Env, []string) error {
	return cgt("x", "1 game(s)", func(c *cgtCall) (any, error) {
		v, err := f(c.exprs[0], c.ctx, c.opt)
		return v, c.operandError(0, err)
	})
}

// maxStopperText bounds the bytes of a stopper the degree verbs write.
const maxStopperText = 1 << 20

// stopperOp returns the run function of a verb that prints the stopper
// f finds from its operands, stoppers of kinds ("p" or "pp"), as
// {"name": "…"} or its text.
func stopperOp(name, kinds string, f func(*cgtCall) (loopy.Game, error)) func(*cli.Env, []string) error {
	return cgt(kinds, fmt.Sprintf("%d stopper(s)", len(kinds)), func(c *cgtCall) (any, error) {
		g, err := f(c)
		if err != nil {
			return nil, err
		}
		text, ok := g.Text(maxStopperText)
		if !ok {
			return nil, fmt.Errorf("the %s is longer than %d bytes written out", name, maxStopperText)
		}
		return one(name, text), nil
	})
}
