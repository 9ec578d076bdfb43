package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games/heap"
	"github.com/nimbers/grundy/internal/scan"
	"github.com/nimbers/grundy/plot"
)

// sequenceCommand runs octal, subtraction and grundys-game: want is the
// number of operands (the game's rule; none for grundys-game), operands
// says what they are, and parse reads them.
func sequenceCommand(e *env, args []string, want int, operands string, parse func([]string) (*heap.Game, error)) error {
	if len(args) != want {
		return errOperands(operands, len(args))
	}
	f := e.flags
	path, picture, out, period, rare := f.text("png"), f.has("png"), f.has("out"), f.has("period"), f.has("rare")
	switch {
	case picture && e.json:
		return errNoJSON
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
	n := f.int("n")
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
	var found heap.PeriodFound
	if picture || period {
		found.Terms = len(v)
		if p, ok := g.Period(v); ok {
			found.Period = &p
		}
	}
	switch {
	case picture:
		return writePNG(e, path, plot.Sequence(g.Name(), v, found.Period))
	case period:
		return e.emitTo(&found)
	case rare:
		return e.emitTo(heap.SparseClasses(v))
	case out:
		return e.emit(struct {
			Name  string `json:"name"`
			Terms int    `json:"terms"`
			Out   string `json:"out"`
		}{g.String(), n, f.text("out")}, func() {
			fmt.Fprintf(e.commit(), "%s: G(0) … G(%d) written to %s\n", g, n-1, f.text("out"))
		})
	}
	writeValues(e, g.Name(), v)
	return nil
}

// runSequence computes the first n values of g under the flags: the
// memory and work budgets, a checkpoint to save to or resume from, and
// a values file to write; keep says whether the caller takes the values
// as a slice (Sequence.Slice).
func runSequence(e *env, g *heap.Game, n int, keep bool) (*heap.Sequence, error) {
	f := e.flags
	opt := heap.RunOptions{Options: budget.Options{Limit: f.limit("budget"), Memory: f.limit("max-memory"), Progress: e.progress(g.Name())},
		Checkpoint: f.text("checkpoint"), Resume: f.text("resume"), Out: f.text("out"), Every: f.duration("checkpoint-every"), Compact: !keep}
	switch {
	case opt.Every > 0 && opt.Checkpoint == "" && opt.Resume == "":
		return nil, fmt.Errorf("--checkpoint-every goes with --checkpoint or --resume")
	case f.has("budget") && (opt.Checkpoint != "" || opt.Resume != ""):
		return nil, fmt.Errorf("--budget does not go with --checkpoint or --resume: a checkpointed run has no bound on its work")
	}
	if opt.Checkpoint != "" || opt.Resume != "" || opt.Out != "" {
		// Ctrl-C waits for the run to save what it found.
		defer holdSaves(e.ctx)()
	}
	s, err := g.Run(e.ctx, n, opt)
	return s, sequenceError(err)
}

// sequenceError names the flag that raises the bound err passes.
func sequenceError(err error) error {
	var tl *budget.TooLargeError
	switch {
	case errors.As(err, &tl) && tl.Unit == "bytes":
		return tooLarge(err, "--max-memory")
	case errors.Is(err, budget.ErrTooLarge):
		return fmt.Errorf("%w: ask for fewer terms, or raise --budget", err)
	}
	return scan.PathError(err)
}

func runOctal(e *env, args []string) error {
	return sequenceCommand(e, args, 1, "1 operand (a code such as 0.77)", func(pos []string) (*heap.Game, error) { return heap.ParseCode(pos[0]) })
}

func runSubtraction(e *env, args []string) error {
	return sequenceCommand(e, args, 1, "1 operand (a set such as 1,3,4)", func(pos []string) (*heap.Game, error) { return heap.ParseSubtraction(pos[0]) })
}

func runGrundysGame(e *env, args []string) error {
	return sequenceCommand(e, args, 0, "no operands", func([]string) (*heap.Game, error) { return heap.GrundysGame(), nil })
}

// runValues reads a values file: the values from --from to --to, or the
// summaries at every power of two.
func runValues(e *env, args []string) error {
	f := e.flags
	if len(args) != 1 {
		return errOperands("1 operand (a values file)", len(args))
	}
	from, to := f.int("from"), f.int("to")
	if from >= to {
		return fmt.Errorf("--from %d is not below --to %d", from, to)
	}
	if f.has("rare") && (f.has("from") || f.has("to")) {
		return fmt.Errorf("--rare summarizes the whole file: it takes neither --from nor --to")
	}
	r, err := heap.OpenValuesRange(args[0], from, to, &budget.Options{Limit: f.limit("budget")})
	if err != nil {
		return tooLarge(scan.PathError(err), "--budget")
	}
	defer r.Close()
	if f.has("rare") {
		c, err := r.Census()
		if err != nil {
			return scan.PathError(err)
		}
		return e.emit(c, func() { c.WriteTo(e.commit()) })
	}
	// The output starts with the first values read, so that an error
	// before them is the command's alone.
	var p *valuesPrinter
	start := func() {
		if p == nil {
			p = newValuesPrinter(e, r.Game(), fmt.Sprintf(`,"from":%d`, from))
		}
	}
	if err := r.Each(func(v []uint64) { start(); p.add(v) }); err != nil {
		return scan.PathError(err)
	}
	start()
	p.end()
	return nil
}

// runSurvey computes each code of a list, or this shard's share of it,
// printing a JSON line per code as soon as it is found. --budget bounds
// the option evaluations of the whole run, shared equally among its
// games. --resume FILE skips the games whose lines an interrupted run
// left in FILE.
func runSurvey(e *env, args []string) error {
	f := e.flags
	if len(args) == 0 {
		return errOperands("codes, or @FILE with a code a line", 0)
	}
	var opt heap.SurveyOptions
	if s := f.text("shard"); f.has("shard") {
		a, b, found := strings.Cut(s, "/")
		i, err1 := parseInt(a)
		k, err2 := parseInt(b)
		if !found || err1 != nil || err2 != nil || k < 1 || k > 1<<20 || i < 1 || i > k {
			return fmt.Errorf("--shard %q: want i/n with 1 ≤ i ≤ n, such as 3/8", s)
		}
		opt.Shard, opt.Shards = i, k
	}
	n := f.int("n")
	if f.has("resume") {
		done, err := heap.SurveyDone(f.text("resume"), n)
		if err != nil {
			return fmt.Errorf("--resume: %w", err)
		}
		opt.Done = func(game string) bool { return done[game] }
	}
	opt.Limit, opt.Memory = f.limit("budget"), f.limit("max-memory")
	var progress func(done, total int)
	opt.Progress = func(done, total int) {
		if progress != nil {
			progress(done, total)
		}
	}
	survey, err := heap.NewSurvey(args, n, opt)
	if err != nil {
		return tooLarge(err, "--budget")
	}
	progress = e.progress(fmt.Sprintf("survey (at most %s evaluations)", budget.Format(survey.Most)))
	// Each line is written, whole, as soon as its game is done, so that
	// an interrupted run keeps every line it found.
	w := e.commit()
	lines := json.NewEncoder(w)
	lines.SetEscapeHTML(false)
	return survey.Run(e.ctx, func(r heap.SurveyResult) error {
		if r.Err != nil {
			r.Error = sequenceError(r.Err).Error()
		}
		lines.Encode(r)
		return w.Flush()
	})
}
