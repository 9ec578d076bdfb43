package heap

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"time"

	"github.com/nimbers/grundy/budget"
)

// RunOptions says how Run computes a sequence: its bounds, and the files
// it saves to. The zero RunOptions computes the values in memory under
// the default bounds.
type RunOptions struct {
	// Limit bounds the option evaluations (0: DefaultLimit, or no bound
	// for Grundy's game, which has no period to stop at; negative: no
	// bound). A run with a checkpoint has no bound: Limit must not be
	// positive. Memory bounds the bytes the run keeps live, estimated
	// before it starts (0: budget.DefaultMemory; negative: no bound).
	// Progress is called with the values found and n.
	budget.Options
	// Checkpoint, if set, is the path of a checkpoint (see Checkpoint)
	// that the run saves to every Every (2 minutes if 0),
	// when it ends and when it is stopped.
	Checkpoint string
	// Resume, if set, is the path of a checkpoint of the same game and n
	// to go on from; the run saves to it unless Checkpoint names another.
	Resume string
	Every  time.Duration
	// Out, if set, is the path of a values file (see ValuesWriter) that
	// the run writes the values to as it goes.
	Out string
	// Compact says that the caller reads the values from the Sequence
	// or the values file, never as one slice (Sequence.Slice): a run
	// that saves then needs 8 bytes a value less.
	Compact bool
}

// A ValuesSaved is the values file a run wrote; its JSON is that of
// grundy octal --out --json.
type ValuesSaved struct {
	Name  string `json:"name"` // the game, as Game.String writes it
	Terms int    `json:"terms"`
	Out   string `json:"out"` // the path of the values file
}

// WriteTo writes s as grundy octal --out prints it: "NAME: G(0) …
// G(TERMS−1) written to OUT". It returns the bytes written and the error.
func (s *ValuesSaved) WriteTo(w io.Writer) (int64, error) {
	n, err := fmt.Fprintf(w, "%s: G(0) … G(%d) written to %s\n", s.Name, s.Terms-1, s.Out)
	return int64(n), err
}

// MaxTerms bounds the n of Run: past it the values no longer fit in the
// 32-bit heap numbers of sparse space.
const MaxTerms = 1 << 32

// defaultCheckpointEvery is how often a run with a checkpoint saves
// unless its RunOptions say otherwise.
const defaultCheckpointEvery = 2 * time.Minute

// ErrRunOptions is matched (errors.Is) by the errors of Run for options
// that do not go together.
var ErrRunOptions = errors.New("run options that do not go together")

// optionsError says which of Run's options do not go together.
type optionsError string

func (e optionsError) Error() string      { return string(e) }
func (optionsError) Is(target error) bool { return target == ErrRunOptions }

// Run returns G(0), …, G(n−1) as Values does, under opt: it refuses with
// a *budget.TooLargeError a run that would pass opt's memory bound, and
// while it runs lowers the Go runtime's soft memory limit
// (runtime/debug.SetMemoryLimit) to that bound, so that garbage is
// collected before the run passes it. A run that saves (a checkpoint, a
// resumed one, or a values file) keeps its values in about 2 bytes each
// for the games sparse space takes (see SequenceMemory).
//
// It returns a *CheckpointError for a checkpoint it cannot resume, and
// the errors of the files it writes. When ctx is cancelled or the work
// bound is passed, it returns the values found so far with the error,
// saved first if the run saves.
func (g *Game) Run(ctx context.Context, n int, opt RunOptions) (*Sequence, error) {
	checkpointed := opt.Checkpoint != "" || opt.Resume != ""
	saving := checkpointed || opt.Out != ""
	need := valuesMemory(n)
	if saving {
		need = g.SequenceMemory(n)
		if !opt.Compact {
			need += 8 * float64(n)
		}
	}
	limit := opt.MaxMemory(budget.DefaultMemory)
	if need > limit {
		return nil, &budget.TooLargeError{What: fmt.Sprintf("%d terms of %s", n, g), Unit: "bytes", Estimate: need, Limit: limit}
	}
	work := opt.Limit
	switch {
	case checkpointed && work > 0:
		return nil, optionsError("a run with a checkpoint has no bound on its work: give it no Limit")
	case checkpointed, g.kind == famGrundys && work == 0:
		work = -1
	}
	ckPath := opt.Checkpoint
	if ckPath == "" {
		ckPath = opt.Resume
	}
	if err := checkPaths(ckPath, opt.Resume, opt.Out); err != nil {
		return nil, err
	}
	if !math.IsInf(limit, 1) {
		// A finite limit only lowers the runtime's, for the run.
		if prev := debug.SetMemoryLimit(-1); int64(limit) < prev {
			debug.SetMemoryLimit(int64(limit))
			defer debug.SetMemoryLimit(prev)
		}
	}
	bopt := &budget.Options{Limit: work, Progress: opt.Progress}
	if !saving {
		v, err := g.extend(ctx, nil, n, bopt, nil, nil)
		return wideSequence(v), err
	}
	saves, s, closeAll, err := g.openSaves(ckPath, opt.Resume, opt.Out, n)
	if err != nil {
		return nil, err
	}
	defer closeAll()
	save := func(s *Sequence) error {
		for _, f := range saves {
			if err := f(s); err != nil {
				return err
			}
		}
		return nil
	}
	if s.Len() > 0 {
		bopt.Report(s.Len(), n)
	}
	every := opt.Every
	if every <= 0 {
		every = defaultCheckpointEvery
	}
	return s, g.extendSaving(ctx, s, n, bopt, every, save)
}

// openSaves opens the files a run saves to: the checkpoint at ckPath,
// going on from the one at resume if it is set, and the values file out.
// It returns a save for each, the values resumed, and what closes them.
func (g *Game) openSaves(ckPath, resume, out string, n int) (saves []func(*Sequence) error, s *Sequence, closeAll func(), err error) {
	s = &Sequence{}
	var closers []func() error
	closeAll = func() {
		for _, c := range closers {
			c()
		}
	}
	if ckPath != "" {
		var ck *Checkpoint
		if resume != "" {
			ck, s, err = resumeSequence(resume, g, n)
			if err == nil && ckPath != resume {
				// Go on in a new checkpoint: save the resumed values there.
				ck.Close()
				ck, err = CreateCheckpoint(ckPath, g, n)
				if err == nil {
					err = ck.saveSequence(s)
				}
			}
		} else {
			ck, err = CreateCheckpoint(ckPath, g, n)
		}
		if err != nil {
			if ck != nil {
				ck.Close()
			}
			return nil, nil, nil, err
		}
		closers = append(closers, ck.Close)
		saves = append(saves, ck.saveSequence)
	}
	if out != "" {
		f, err := os.Create(out)
		if err != nil {
			closeAll()
			return nil, nil, nil, err
		}
		closers = append(closers, f.Close)
		vw, err := NewValuesWriter(f, g)
		if err != nil {
			closeAll()
			return nil, nil, nil, err
		}
		saves = append(saves, func(s *Sequence) error {
			if err := vw.writeSequence(s); err != nil {
				return err
			}
			if s.Len() == n {
				return vw.Close()
			}
			return vw.Flush()
		})
	}
	return saves, s, closeAll, nil
}

// checkPaths refuses a values file that is one of the files of the
// checkpoint saved to or resumed from: writing one would destroy the
// other.
func checkPaths(ckPath, resume, out string) error {
	if out == "" {
		return nil
	}
	for _, ck := range []string{ckPath, resume} {
		if ck == "" {
			continue
		}
		for _, p := range []string{ck, ck + ".values", ck + ".tmp"} {
			if samePath(p, out) {
				return optionsError(fmt.Sprintf("the values file %s is a file of the checkpoint %s: give them different names", out, ck))
			}
		}
	}
	return nil
}

// samePath reports whether the paths a and b name the same file: the
// same path once made absolute and cleaned, or, for files that exist,
// the same file (os.SameFile, through links).
func samePath(a, b string) bool {
	if x, err := filepath.Abs(a); err == nil {
		if y, err := filepath.Abs(b); err == nil && x == y {
			return true
		}
	}
	fa, err1 := os.Stat(a)
	fb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(fa, fb)
}
