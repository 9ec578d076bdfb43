package main

import (
	"errors"
	"fmt"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/games/heap"
	"github.com/nimbers/grundy/games/letters"
	"github.com/nimbers/grundy/internal/cli"
	"github.com/nimbers/grundy/misere"
	"github.com/nimbers/grundy/sg"
)

// maxTerms bounds the number of P-positions wythoff prints.
const maxTerms = 1 << 24

// sequenceFlags are the flags of octal, subtraction and grundys-game.
var sequenceFlags = []cli.Flag{
	{Name: "n", Arg: "N", Kind: cli.Int, Lo: 1, Hi: heap.MaxTerms, Need: true, Help: "print G(0), …, G(N−1) on one line"},
	{Name: "period", Help: "the period and preperiod, proven when the periodicity theorem applies"},
	{Name: "rare", Help: "the sparse-space mask that makes the fewest late values sparse, then each sparse heap as \"n G(n)\""},
	{Name: "png", Arg: "FILE", Kind: cli.File, Help: "a bar chart of the values with the period shaded (- for stdout)"},
	cli.BudgetFlag("option evaluations", heap.DefaultLimit, "option evaluations to spend on a code with no proven period; not with --checkpoint or --resume"),
	cli.MemoryFlag(budget.DefaultMemory, "bytes the run may take, checked first: 2 a heap with --out and a one-line summary, 11 for a plain run"),
	{Name: "out", Arg: "FILE", Kind: cli.File, Help: "write the values to a values file (read it with grundy values) and print one line"},
	{Name: "checkpoint", Arg: "FILE", Kind: cli.File, Help: "save the run every 2 minutes to FILE and FILE.values"},
	{Name: "checkpoint-every", Arg: "T", Kind: cli.Duration, Help: "how often a checkpoint is saved, such as 30s"},
	{Name: "resume", Arg: "FILE", Kind: cli.File, Help: "go on from the checkpoint FILE, with the same game and N"},
}

// gameCommands are the areas that are single commands.
func gameCommands() []cli.Command {
	return []cli.Command{
		{Name: "octal", Run: runOctal, Flags: sequenceFlags},
		{Name: "subtraction", Run: runSubtraction, Flags: sequenceFlags},
		{Name: "grundys-game", Run: runGrundysGame, Flags: sequenceFlags},
		{Name: "values", Run: runValues, Flags: []cli.Flag{
			{Name: "from", Arg: "A", Kind: cli.Int, Lo: 0, Hi: 1 << 62, Help: "the first heap printed"},
			{Name: "to", Arg: "B", Kind: cli.Int, Lo: 1, Hi: 1 << 62, Def: 1 << 62, Help: "the heap after the last printed"},
			{Name: "rare", Help: "per power of two 2^k, the largest value below 2^k and its first heap, the sparse heaps below 2^k and the last of them, under the mask that makes the fewest heaps of the file sparse"},
			cli.BudgetFlag("values read", heap.DefaultReadLimit, "the values read, counted from the frames' heads before any is inflated"),
		}},
		{Name: "survey", Run: runSurvey, Flags: []cli.Flag{
			sequenceFlags[0],
			{Name: "shard", Arg: "I/K", Kind: cli.Text, Help: "only the games whose place in the list (from 0) is I−1 modulo K, for batch schedulers"},
			{Name: "resume", Arg: "OUT", Kind: cli.File, Help: "skip the games of the lines OUT holds, so that a run stopped with Ctrl-C goes on, appending to OUT"},
			cli.BudgetFlag("option evaluations", heap.DefaultLimit, "the option evaluations of the whole run, shared equally among its games; a run whose games cannot each have one a term and 1e5 is refused"),
			cli.MemoryFlag(budget.DefaultMemory, "bytes each game may take"),
		}},
		{Name: "wythoff", Run: runWythoff, Flags: []cli.Flag{
			{Name: "k", Arg: "K", Kind: cli.Int, Lo: 0, Hi: heap.MaxWythoffK, Help: "the parameter"},
			{Name: "n", Arg: "N", Kind: cli.Int, Lo: 1, Hi: maxTerms, Need: true, Help: "the number of P-positions"},
		}},
		{Name: "letters", Run: runLetters},
		{Name: "sum", Run: runSum, Flags: []cli.Flag{
			{Name: "misere", Help: "last mover loses (heap games); prints first or second, then the winning moves found by a search of the sum"},
			{Name: "anti-sg", Help: "the Anti-SG rule, exact when play ends once every component has value 0"},
			cli.BudgetFlag("positions", games.SumSearchLimit, "the positions of a misère or loopy search, about a second"),
		}},
	}
}

// writeValues writes a sequence of values on one line, or under --json
// as {"name": name, "values": [...]}, streamed rather than built in memory.
func writeValues(e *cli.Env, name string, v []uint64) {
	heap.WriteValues(e.Commit(), name, v, e.JSON)
}

func runWythoff(e *cli.Env, args []string) error {
	if len(args) != 0 {
		return cli.WantOperands("no operands", len(args))
	}
	ps := (heap.Wythoff{K: e.Flags.Int("k")}).PPositions(e.Flags.Int("n"))
	return e.Emit(ps, func() { ps.WriteTo(e.Commit()) })
}

func runSum(e *cli.Env, args []string) error {
	limit, set := e.Flags.Limit("budget"), e.Flags.Has
	if len(args) == 0 {
		return cli.WantOperands("at least 1 component", 0)
	}
	if set("misere") && set("anti-sg") {
		return fmt.Errorf("give at most one of --misere and --anti-sg")
	}
	play := sg.Normal
	switch {
	case set("misere"):
		play = sg.Misere
	case set("anti-sg"):
		play = sg.AntiSG
	}
	opt := &budget.Options{Limit: limit, Progress: e.Progress("positions")}
	sum, err := games.SumTerms(e.Ctx, args, play, opt)
	switch {
	case errors.Is(err, budget.ErrTooLarge):
		return cli.TooLarge(err, "--budget")
	case errors.Is(err, misere.ErrNoSearch):
		return fmt.Errorf("%w; --anti-sg applies the Anti-SG rule to any components", err)
	case err != nil:
		return err
	}
	return e.EmitTo(sum)
}

func runLetters(e *cli.Env, args []string) error {
	if len(args) != 1 {
		return cli.WantOperands("1 file operand", len(args))
	}
	masks, err := readInput(e, args, letters.Read)
	if err != nil {
		return err
	}
	res, err := letters.Solve(letters.Alphabet, masks)
	if err != nil {
		return err
	}
	return e.EmitTo(res)
}
