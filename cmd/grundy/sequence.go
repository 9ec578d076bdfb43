package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games/heap"
	"github.com/nimbers/grundy/internal/cli"
	"github.com/nimbers/grundy/internal/scan"
	"github.com/nimbers/grundy/plot"
)

// sequenceCommand runs octal, subtraction and grundys-game: want is the
// number of operands (the game's rule; none for grundys-game), operands
// says what they are, and parse reads them.
func sequenceCommand(e *cli.Env, args []string, want int, operands string, parse func([]string) (*heap.Game, error)) error {
	if len(args) != want {
		return cli.WantOperands(operands, len(args))
	}
	f := e.Flags
	path, picture, out, period, rare := f.Text("png"), f.Has("png"), f.Has("out"), f.Has("period"), f.Has("rare")
	switch {
	case picture && e.JSON:
		return cli.ErrNoJSON
	case picture && period:
		return fmt.Errorf("--png and --period do not go together (the chart names the period)")
	case rare && (picture || period):
		return fmt.Errorf("--rare goes with neither --png nor --period")
	case picture && out:
		return fmt.Errorf("--png and --out do not go together")
	}
	g, err := parse(args)
	if err != nil {
		return err
	}
	n := f.Int("n")
	// Only a run that writes its values to a file and prints a summary
	// needs none of them in memory at the end.
	keep := !out || period || rare
	s, err := runSequence(e, g, n, keep)
	if err != nil {
		return err
	}
	var v []uint64
	if keep {
		v = s.Slice()
	}
	switch {
	case picture:
		return writePNG(e, path, plot.Sequence(g.Name(), v, g.PeriodFound(v).Period))
	case period:
		return e.EmitTo(g.PeriodFound(v))
	case rare:
		return e.EmitTo(heap.SparseClasses(v))
	case out:
		return e.EmitTo(&heap.ValuesSaved{Name: g.String(), Terms: n, Out: f.Text("out")})
	}
	writeValues(e, g.Name(), v)
	return nil
}

// runSequence computes the first n values of g under the Flags: the
// memory and work budgets, a checkpoint to save to or resume from, and
// a values file to write; keep says whether the caller takes the values
// as a slice (Sequence.Slice).
func runSequence(e *cli.Env, g *heap.Game, n int, keep bool) (*heap.Sequence, error) {
	f := e.Flags
	opt := heap.RunOptions{Options: budget.Options{Limit: f.Limit("budget"), Memory: f.Limit("max-memory"), Progress: e.Progress(g.Name())},
		Checkpoint: f.Text("checkpoint"), Resume: f.Text("resume"), Out: f.Text("out"), Every: f.Duration("checkpoint-every"), Compact: !keep}
	switch {
	case opt.Every > 0 && opt.Checkpoint == "" && opt.Resume == "":
		return nil, fmt.Errorf("--checkpoint-every goes with --checkpoint or --resume")
	case f.Has("budget") && (opt.Checkpoint != "" || opt.Resume != ""):
		return nil, fmt.Errorf("--budget does not go with --checkpoint or --resume: a checkpointed run has no bound on its work")
	}
	if opt.Checkpoint != "" || opt.Resume != "" || opt.Out != "" {
		// Ctrl-C waits for the run to save what it found.
		defer cli.HoldSaves(e.Ctx)()
	}
	s, err := g.Run(e.Ctx, n, opt)
	return s, sequenceError(err)
}

// sequenceError names the flag that raises the bound err passes.
func sequenceError(err error) error {
	var tl *budget.TooLargeError
	switch {
	case errors.As(err, &tl) && tl.Unit == "bytes":
		return cli.TooLarge(err, "--max-memory")
	case errors.Is(err, budget.ErrTooLarge):
		return fmt.Errorf("%w: ask for fewer terms, or raise --budget", err)
	}
	return scan.PathError(err)
}

func runOctal(e *cli.Env, args []string) error {
	return sequenceCommand(e, args, 1, "1 operand (a code such as 0.77)", func(pos []string) (*heap.Game, error) { return heap.ParseCode(pos[0]) })
}

func runSubtraction(e *cli.Env, args []string) error {
	return sequenceCommand(e, args, 1, "1 operand (a set such as 1,3,4)", func(pos []string) (*heap.Game, error) { return heap.ParseSubtraction(pos[0]) })
}

func runGrundysGame(e *cli.Env, args []string) error {
	return sequenceCommand(e, args, 0, "no operands", func([]string) (*heap.Game, error) { return heap.GrundysGame(), nil })
}

// runValues reads a values file: the values from --from to --to, or the
// summaries at every power of two.
func runValues(e *cli.Env, args []string) error {
	f := e.Flags
	if len(args) != 1 {
		return cli.WantOperands("1 operand (a values file)", len(args))
	}
	from, to := f.Int("from"), f.Int("to")
	if from >= to {
		return fmt.Errorf("--from %d is not below --to %d", from, to)
	}
	if f.Has("rare") && (f.Has("from") || f.Has("to")) {
		return fmt.Errorf("--rare summarizes the whole file: it takes neither --from nor --to")
	}
	r, err := heap.OpenValuesRange(args[0], from, to, &budget.Options{Limit: f.Limit("budget")})
	if err != nil {
		return cli.TooLarge(scan.PathError(err), "--budget")
	}
	defer r.Close()
	if f.Has("rare") {
		c, err := r.Census()
		if err != nil {
			return scan.PathError(err)
		}
		return e.Emit(c, func() { c.WriteTo(e.Commit()) })
	}
	// The output starts with the values, once a first pass has checked
	// them, so that an error before them is the command's alone.
	return scan.PathError(r.WriteText(committing{e}, e.JSON))
}

// committing writes to e's output, committing it at the first write.
type committing struct{ e *cli.Env }

func (c committing) Write(p []byte) (int, error) { return c.e.Commit().Write(p) }

// runSurvey computes each code of a list, or this shard's share of it,
// printing a JSON line per code as soon as it is found. --budget bounds
// the option evaluations of the whole run, shared equally among its
// games. --resume FILE skips the games whose lines an interrupted run
// left in FILE.
func runSurvey(e *cli.Env, args []string) error {
	f := e.Flags
	if len(args) == 0 {
		return cli.WantOperands("codes, or @FILE with a code a line", 0)
	}
	opt := heap.SurveyOptions{Limit: f.Limit("budget"), Memory: f.Limit("max-memory")}
	if s := f.Text("shard"); f.Has("shard") {
		a, b, found := strings.Cut(s, "/")
		i, err1 := scan.Int(a)
		k, err2 := scan.Int(b)
		if !found || err1 != nil || err2 != nil || k < 1 || k > 1<<20 || i < 1 || i > k {
			return fmt.Errorf("--shard %q: want i/n with 1 ≤ i ≤ n, such as 3/8", s)
		}
		opt.Shard, opt.Shards = i, k
	}
	n := f.Int("n")
	if f.Has("resume") {
		var err error
		if opt.Done, err = heap.SurveyDone(f.Text("resume"), n); err != nil {
			return fmt.Errorf("--resume: %w", err)
		}
	}
	survey, err := heap.NewSurvey(args, n, opt)
	if err != nil {
		return cli.TooLarge(err, "--budget")
	}
	survey.Progress = e.Progress(fmt.Sprintf("survey (at most %s evaluations)", budget.Format(survey.Most)))
	survey.Explain = sequenceError
	return survey.Run(e.Ctx, e.Commit())
}
