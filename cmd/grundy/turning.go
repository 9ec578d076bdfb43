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
	"github.com/nimbers/grundy/internal/scan"
)

// maxBoardBytes bounds a board file.
const maxBoardBytes = 1 << 20

// maxCountSide bounds the side of the board whose winning moves are
// counted.
const maxCountSide = 1 << 22

func turningCommands() []area {
	rules := []string{"rules:"}
	for _, r := range turning.NamedRules() {
		name := r.Name
		if r.Alias != "" {
			name += " (or " + r.Alias + ")"
		}
		rules = append(rules, name+": "+r.Description)
	}
	return []area{
		{name: "turning", summary: "a coin-turning game on a row (coins numbered from 0)",
			usage: "RULE", run: runTurning,
			example: "grundy turning mock-turtles -n 10",
			more:    rules,
			flags: []flag{
				{name: "n", arg: "N", kind: intFlag, lo: 1, hi: turning.MaxValues, help: "print G(0), …, G(N−1)"},
				{name: "position", arg: "HT…", kind: textFlag, help: "the value of a row, then each winning move as the coins to turn (2-4 is 2, 3, 4)"},
				budgetOf("steps", turning.DefaultLimit, "the work of the values, estimated first (2^32: about 28 000 coins of ap)"),
				memoryOf(turning.DefaultMemory, "the bitmaps of at-most:T and exactly:T, estimated first"),
				outputOf("bytes", maxMovesOutput, "the bytes of winning moves printed"),
			}},
		{name: "tartan", summary: "a coin-turning game on a 2-D or 3-D board (Tartan product of rules)",
			run: runTartan, example: "grundy tartan --rule runs:squares --rule runs:triangular --size 100 --count-winning",
			more: rules,
			flags: []flag{
				{name: "rule", arg: "R", kind: listFlag, help: "2 or 3 times: the rules of the dimensions, the first for rows (layers in 3-D)"},
				{name: "game", arg: "G", kind: textFlag, help: "instead of rules: turning-corners, rugs, acrostic-twins, light-switching, or rules joined by * (ruler*twins)"},
				{name: "board", arg: "FILE", kind: fileFlag, help: "one row of H and T a line, 3-D layers separated by blank lines; prints the value, then each winning move as one coin set per dimension joined by \" x \""},
				{name: "size", arg: "N", kind: intFlag, lo: 1, hi: maxCountSide, help: "with --count-winning, the side of an all-heads N×N board"},
				{name: "count-winning", help: "count the winning first moves"},
				budgetOf("steps", turning.DefaultLimit, "the work of each rule's values and of listing its moves, estimated first (2^28 moves listed for rules without a faster count)"),
			}},
	}
}

func runTurning(e *env, args []string) error {
	pos, f := args, e.flags
	if len(pos) != 1 {
		return errOperands("1 operand (a rule such as mock-turtles)", len(pos))
	}
	if f.has("n") == f.has("position") {
		return fmt.Errorf("give exactly one of -n N and --position HT…")
	}
	opt := limits(e, pos[0])
	if f.has("position") {
		return turningRow(e, pos[0], f.text("position"), opt)
	}
	r, err := turning.Parse(pos[0])
	if err != nil {
		return err
	}
	g, err := r.Values(e.ctx, f.int("n"), opt)
	if err != nil {
		return limitError(err)
	}
	writeValues(e, r.Name(), g)
	return nil
}

// turningRow prints the value of a row of coins under the rule, as the
// registry's ruleset turning:RULE reads and values it, then its winning
// moves.
func turningRow(e *env, rule, row string, opt *budget.Options) error {
	r, err := turning.Parse(rule)
	if err != nil {
		return err
	}
	res, err := r.SolveRow(e.ctx, row, opt)
	if errors.Is(err, games.ErrInput) {
		return fmt.Errorf("--position: %w", err)
	} else if err != nil {
		return limitError(err)
	}
	size, limit := 0.0, (&budget.Options{Limit: e.flags.limit("max-output")}).Max(maxMovesOutput)
	for _, m := range res.Moves {
		if size += float64(len(turning.FormatSet(m)) + 1); size > limit {
			return tooLarge(&budget.TooLargeError{What: "printing the winning moves", Unit: "bytes of output", Limit: limit}, "--max-output")
		}
	}
	return e.emitTo(res)
}

// maxMovesOutput is the default bound on the bytes of winning moves
// "turning --position" prints: 16 MiB.
const maxMovesOutput = 1 << 24

func runTartan(e *env, args []string) error {
	f := e.flags
	ruleNames := f.list("rule")
	if len(args) != 0 {
		return errOperands("no operands (rules come with --rule)", len(args))
	}
	game, hasGame := f.text("game"), f.has("game")
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
	file, hasBoard := f.text("board"), f.has("board")
	if hasBoard == f.has("count-winning") {
		return fmt.Errorf("give either --board FILE or --size N --count-winning")
	}
	if f.has("count-winning") {
		if !f.has("size") {
			return fmt.Errorf("missing flag --size")
		}
		w, err := b.CountWinning(e.ctx, f.int("size"), limits(e, ""))
		if err != nil {
			return tooLarge(err, "--budget")
		}
		return e.emitTo(w)
	}
	if f.has("size") {
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
	res, err := b.Solve(e.ctx, c)
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	return e.emitTo(res)
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
