package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/games/turning"
	"github.com/nimbers/grundy/internal/cli"
	"github.com/nimbers/grundy/internal/scan"
)

// maxBoardBytes bounds a board file.
const maxBoardBytes = 1 << 20

// maxCountSide bounds the side of the board whose winning moves are
// counted.
const maxCountSide = 1 << 22

func turningCommands() []cli.Command {
	rules := []string{"rules:"}
	for _, r := range turning.NamedRules() {
		name := r.Name
		if r.Alias != "" {
			name += " (or " + r.Alias + ")"
		}
		rules = append(rules, name+": "+r.Description)
	}
	return []cli.Command{
		{Name: "turning", Run: runTurning, More: rules, Flags: []cli.Flag{
			{Name: "n", Arg: "N", Kind: cli.Int, Lo: 1, Hi: turning.MaxValues, Help: "print G(0), …, G(N−1)"},
			{Name: "position", Arg: "HT…", Kind: cli.Text, Help: "the value of a row, then each winning move as the coins to turn (2-4 is 2, 3, 4)"},
			cli.BudgetFlag("steps", turning.DefaultLimit, "the work of the values, estimated first (2^32: about 28 000 coins of ap)"),
			cli.MemoryFlag(turning.DefaultMemory, "the bitmaps of at-most:T and exactly:T, estimated first"),
			cli.OutputFlag("bytes", maxMovesOutput, "the bytes of winning moves printed"),
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
	opt := e.Limits(pos[0])
	if f.Has("position") {
		return turningRow(e, pos[0], f.Text("position"), opt)
	}
	r, err := turning.Parse(pos[0])
	if err != nil {
		return err
	}
	g, err := r.Values(e.Ctx, f.Int("n"), opt)
	if err != nil {
		return cli.LimitError(err)
	}
	writeValues(e, r.Name(), g)
	return nil
}

// turningRow prints the value of a row of coins under the rule, as the
// registry's ruleset turning:RULE reads and values it, then its winning
// moves.
func turningRow(e *cli.Env, rule, row string, opt *budget.Options) error {
	r, err := turning.Parse(rule)
	if err != nil {
		return err
	}
	res, err := r.SolveRow(e.Ctx, row, opt)
	if errors.Is(err, games.ErrInput) {
		return fmt.Errorf("--position: %w", err)
	} else if err != nil {
		return cli.LimitError(err)
	}
	size, limit := 0.0, (&budget.Options{Limit: e.Flags.Limit("max-output")}).Max(maxMovesOutput)
	for _, m := range res.Moves {
		if size += float64(len(turning.FormatSet(m)) + 1); size > limit {
			return cli.TooLarge(&budget.TooLargeError{What: "printing the winning moves", Unit: "bytes of output", Limit: limit}, "--max-output")
		}
	}
	return e.EmitTo(res)
}

// maxMovesOutput is the default bound on the bytes of winning moves
// "turning --position" prints: 16 MiB.
const maxMovesOutput = 1 << 24

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
	file, hasBoard := f.Text("board"), f.Has("board")
	if hasBoard == f.Has("count-winning") {
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
	text, err := readLimited(file, maxBoardBytes)
	if err != nil {
		return err
	}
	c, err := turning.ParseCoins(text)
	if err != nil {
		return fmt.Errorf("%s: %s", file, err)
	}
	res, err := b.Solve(e.Ctx, c)
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	return e.EmitTo(res)
}

// readLimited reads a whole file of at most limit bytes.
func readLimited(name string, limit int64) (string, error) {
	f, err := os.Open(name)
	if err != nil {
		return "", scan.PathError(err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return "", scan.PathError(err)
	}
	if int64(len(b)) > limit {
		return "", fmt.Errorf("%s: larger than %d bytes", name, limit)
	}
	return string(b), nil
}
