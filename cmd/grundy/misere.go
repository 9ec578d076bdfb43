package main

import (
	"fmt"
	"strings"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games/heap"
	"github.com/nimbers/grundy/internal/cli"
	"github.com/nimbers/grundy/misere"
)

func misereArea() cli.Command {
	return cli.Command{Name: "misere", VerbFlags: map[string][]cli.Flag{
		"canon": {cli.BudgetFlag("steps", misere.DefaultSumLimit, "the steps, a second or two")},
		"genus": {heapsFlag(true), cli.BudgetFlag("steps", misere.DefaultFormsLimit, "the steps, a second or two")},
		"quotient": {heapsFlag(false), cli.BudgetFlag("steps", misere.DefaultLimit, "the steps, a second or two"),
			cli.MemoryFlag(misere.DefaultMemory, "the memory of a quotient: candidates of about 3000 elements")},
	}, Verbs: []cli.Verb{
		{Name: "canon", Run: misereCanon},
		{Name: "genus", Run: misereGenus},
		{Name: "quotient", Run: misereQuotient},
	}}
}

// heapsFlag is -n of a misère verb on heap games.
func heapsFlag(need bool) cli.Flag {
	return cli.Flag{Name: "n", Arg: "N", Kind: cli.Int, Lo: 0, Hi: maxQuotientHeap, Need: need, Help: "the largest heap"}
}

// maxQuotientHeap bounds -n of misere quotient: the moves of every heap
// up to it are listed first, about N²/2 of them for a code that splits.
const maxQuotientHeap = 4096

// heapGameArgs reads the operands of a verb on the heaps of a game: the
// game, -n N, --budget and --max-memory.
func heapGameArgs(e *cli.Env, pos []string) (*heap.Game, int, *budget.Options, error) {
	if len(pos) != 1 {
		return nil, 0, nil, cli.WantOperands("1 game", len(pos))
	}
	g, err := heap.ParseGame(pos[0])
	if err != nil {
		return nil, 0, nil, err
	}
	if !e.Flags.Has("n") {
		return nil, 0, nil, fmt.Errorf("missing flag -n")
	}
	return g, e.Flags.Int("n"), e.Limits("heaps"), nil
}

func misereQuotient(e *cli.Env, args []string) error {
	if len(args) == 1 && isMisereGame(args[0]) {
		return misereClosure(e, args[0])
	}
	g, n, opt, err := heapGameArgs(e, args)
	if err != nil {
		return err
	}
	q, err := misere.Compute(e.Ctx, g, n, opt)
	if err != nil {
		return cli.LimitError(err)
	}
	t := q.Table()
	t.Game = g.Name()
	return e.Emit(t, func() { t.WriteTo(e.Commit()) })
}

// isMisereGame reports whether a quotient's operand is a game in
// CGSuite's notation rather than a heap game.
func isMisereGame(s string) bool {
	return s == "0" || strings.HasPrefix(s, "*") || strings.HasPrefix(s, "{") || strings.Contains(s, "+")
}

// misereClosure prints the quotient of the closure of a game G.
func misereClosure(e *cli.Env, text string) error {
	if e.Flags.Has("n") {
		return fmt.Errorf("-n applies to heap games; the quotient of %q is that of its followers", clip(text))
	}
	if len(text) > maxGameText {
		return fmt.Errorf("operand 1: longer than %d bytes", maxGameText)
	}
	g, err := misere.Parse(e.Ctx, text, nil)
	if err != nil {
		return fmt.Errorf("operand 1 %q: %w", clip(text), err)
	}
	q, fs, err := misere.ClosureQuotient(e.Ctx, g, e.Limits("followers"))
	if err != nil {
		return cli.LimitError(err)
	}
	t := q.Table()
	if t.Followers, err = fs.Notations(maxCanonText); err != nil {
		return fmt.Errorf("the followers of %q take more than %d bytes written out", clip(text), maxCanonText)
	}
	return e.Emit(t, func() { t.WriteTo(e.Commit()) })
}

// maxCanonText bounds the canonical form misere canon writes out.
const maxCanonText = 1 << 20

func misereCanon(e *cli.Env, args []string) error {
	pos := args
	if len(pos) != 1 {
		return cli.WantOperands("1 game", len(pos))
	}
	if len(pos[0]) > maxGameText {
		return fmt.Errorf("operand 1: longer than %d bytes", maxGameText)
	}
	g, err := misere.Parse(e.Ctx, pos[0], e.Limits(""))
	if err != nil {
		return fmt.Errorf("operand 1 %q: %w", clip(pos[0]), cli.TooLarge(err, "--budget"))
	}
	text, err := g.Notation(maxCanonText)
	if err != nil {
		return err
	}
	d := g.Summary()
	d.Game = text
	return e.EmitTo(&d)
}

func misereGenus(e *cli.Env, args []string) error {
	g, n, opt, err := heapGameArgs(e, args)
	if err != nil {
		return err
	}
	forms, err := misere.Forms(e.Ctx, g, n, opt)
	if err != nil {
		return cli.TooLarge(err, "--budget")
	}
	return e.EmitTo(forms)
}
