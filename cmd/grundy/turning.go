package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/games/turning"
	"github.com/nimbers/grundy/internal/cli"
)

// maxCountSide bounds the side of the board whose winning moves are
// counted.
const maxCountSide = 1 << 22

func turningCommands() []cli.Command {
	rules := []string{"rules:"}
	for _, r := range turning.NamedRules() {
		rules = append(rules, r.String())
	}
	return []cli.Command{
		{Name: "turning", Run: runTurning, More: rules, Flags: []cli.Flag{
			{Name: "n", Arg: "N", Kind: cli.Int, Lo: 1, Hi: turning.MaxValues, Help: "print G(0), …, G(N−1)"},
			{Name: "position", Arg: "HT…", Kind: cli.Text, Help: "the value of a row, then each winning move as the coins to turn (2-4 is 2, 3, 4)"},
			cli.BudgetFlag("steps", turning.DefaultLimit, "the work of the values, estimated first (2^32: about 28 000 coins of ap)"),
			cli.MemoryFlag(turning.DefaultMemory, "the bitmaps of at-most:T and exactly:T, estimated first"),
			cli.OutputFlag("bytes", turning.DefaultOutput, "the bytes of winning moves printed"),
		}},
		{Name: "tartan", Run: runTartan, More: rules, Flags: []cli.Flag{
			{Name: "rule", Arg: "R", Kind: cli.List, Help: "2 or 3 times: the rules of the dimensions, the first for rows (layers in 3-D)"},
			{Name: "game", Arg: "G", Kind: cli.Text, Help: "instead of rules: turning-corners, rugs, acrostic-twins, light-switching, or rules joined by * (ruler*twins)"},
			{Name: "board", Arg: "FILE", Kind: cli.File, Help: "one row of H and T a line, 3-D layers separated by blank lines; prints the value, then each winning move as one coin set per dimension joined by \" x \""},
			{Name: "size", Arg: "N", Kind: cli.Int, Lo: 1, Hi: maxCountSide, Help: "with --count-winning, the side of an all-heads N×N board"},
			{Name: "count-winning", Help: "count the winning first moves"},
			cli.BudgetFlag("steps", turning.DefaultLimit, "the work of each rule's values and of listing its moves, estimated first (2^28 moves listed for rules without a faster count)"),
		}},
	}
}

func runTurning(e *cli.Env, args []string) error {
	pos, f := args, e.Flags
	if len(pos) != 1 {
		return cli.WantOperands("1 operand (a rule such as mock-turtles)", len(pos))
	}
	if f.Has("n") == f.Has("position") {
		return fmt.Errorf("give exactly one of -n N and --position HT…")
	}
	r, err := turning.Parse(pos[0])
	if err != nil {
		return err
	}
	if f.Has("position") {
		res, err := r.SolveRow(e.Ctx, f.Text("position"), e.Limits(pos[0]), f.Limit("max-output"))
		var tl *budget.TooLargeError
		switch {
		case errors.Is(err, games.ErrInput):
			return fmt.Errorf("--position: %w", err)
		case errors.As(err, &tl) && tl.Unit == "bytes of output":
			return cli.TooLarge(err, "--max-output")
		case err != nil:
			return cli.LimitError(err)
		}
		return e.EmitTo(res)
	}
	g, err := r.Values(e.Ctx, f.Int("n"), e.Limits(pos[0]))
	if err != nil {
		return cli.LimitError(err)
	}
	writeValues(e, r.Name(), g)
	return nil
}

func runTartan(e *cli.Env, args []string) error {
	f := e.Flags
	ruleNames := f.List("rule")
	if len(args) != 0 {
		return cli.WantOperands("no operands (rules come with --rule)", len(args))
	}
	game, hasGame := f.Text("game"), f.Has("game")
	switch {
	case hasGame && len(ruleNames) > 0:
		return fmt.Errorf("give --game or --rule, not both")
	case !hasGame && (len(ruleNames) < 2 || len(ruleNames) > 3):
		return fmt.Errorf("give 2 or 3 rules with --rule (got %d), or --game", len(ruleNames))
	case !hasGame:
		game = strings.Join(ruleNames, "*")
	}
	b, err := turning.ParseBoard(game)
	if err != nil {
		return err
	}
	if f.Has("board") == f.Has("count-winning") {
		return fmt.Errorf("give either --board FILE or --size N --count-winning")
	}
	if f.Has("count-winning") {
		if !f.Has("size") {
			return fmt.Errorf("missing flag --size")
		}
		w, err := b.CountWinning(e.Ctx, f.Int("size"), e.Limits(""))
		if err != nil {
			return cli.TooLarge(err, "--budget")
		}
		return e.EmitTo(w)
	}
	if f.Has("size") {
		return fmt.Errorf("--size goes with --count-winning; a board file gives its own size")
	}
	res, err := b.SolveFile(e.Ctx, f.Text("board"))
	if err != nil {
		return err
	}
	return e.EmitTo(res)
}
