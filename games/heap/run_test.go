package heap

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/nimbers/grundy/budget"
)

// readValuesPath reads the values file at path whole.
func readValuesPath(t *testing.T, path string) []uint64 {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	vr, err := newValuesReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var v []uint64
	for {
		frame, err := vr.Next(nil)
		if err == io.EOF {
			return v
		}
		if err != nil {
			t.Fatal(err)
		}
		v = append(v, frame...)
	}
}

// TestRun runs each kind of game in memory, to a values file, to a
// checkpoint, and stopped half-way then resumed into another checkpoint
// and a values file: every copy of the values is the direct mex's.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	before := debug.SetMemoryLimit(-1)
	for _, c := range []struct {
		game string
		n    int
	}{{"0.6", 20000}, {"grundys-game", 20000}, {"all-but:1,3", 1 << 17}, {"0.77", 20000}, {"0.007", 20000}} {
		g := gameNamed(t, c.game)
		want := directValues(g, c.n)
		s, err := g.Run(t.Context(), c.n, RunOptions{Options: budget.Options{Memory: 1 << 30}})
		if err != nil || !slices.Equal(s.Slice(), want) {
			t.Fatalf("%s in memory: %v, first difference at %d", c.game, err, firstDiff(s.Slice(), want))
		}
		out, ck, ck2 := filepath.Join(dir, "v"), filepath.Join(dir, "ck"), filepath.Join(dir, "ck2")
		s, err = g.Run(t.Context(), c.n, RunOptions{Out: out, Checkpoint: ck, Compact: true})
		if err != nil || !slices.Equal(s.copyValues(nil, 0, s.Len()), want) {
			t.Fatalf("%s saved: %v", c.game, err)
		}
		if got := readValuesPath(t, out); !slices.Equal(got, want) {
			t.Fatalf("%s: the values file differs at %d", c.game, firstDiff(got, want))
		}
		if _, got, err := ResumeCheckpoint(ck, g, c.n); err != nil || !slices.Equal(got, want) {
			t.Fatalf("%s: the checkpoint: %v", c.game, err)
		}

		ctx, cancel := context.WithCancel(t.Context())
		opt := RunOptions{Checkpoint: ck}
		opt.Progress = func(done, total int) {
			if done >= c.n/2 && done < c.n {
				cancel()
			}
		}
		_, err = g.Run(ctx, c.n, opt)
		if err != nil && !errors.Is(err, context.Canceled) {
			// A run may also finish before it next looks at ctx (a proven
			// period fills the values at once; a quiet machine may do the
			// last half between two reports): then the checkpoint is whole.
			t.Fatalf("%s stopped: %v", c.game, err)
		}
		cancel()
		ckc, part, err := ResumeCheckpoint(ck, g, c.n)
		if err != nil || len(part) > c.n || !slices.Equal(part, want[:len(part)]) {
			t.Fatalf("%s: the stopped run saved %d values (%v)", c.game, len(part), err)
		}
		ckc.Close()
		s, err = g.Run(t.Context(), c.n, RunOptions{Resume: ck, Checkpoint: ck2, Out: out})
		if err != nil || !slices.Equal(s.Slice(), want) {
			t.Fatalf("%s resumed: %v", c.game, err)
		}
		if got := readValuesPath(t, out); !slices.Equal(got, want) {
			t.Fatalf("%s resumed: the values file differs at %d", c.game, firstDiff(got, want))
		}
		if _, got, err := ResumeCheckpoint(ck2, g, c.n); err != nil || !slices.Equal(got, want) {
			t.Fatalf("%s resumed: the new checkpoint: %v", c.game, err)
		}
	}
	if after := debug.SetMemoryLimit(-1); after != before {
		t.Errorf("the runtime's memory limit is %d after the runs, %d before", after, before)
	}
}

// TestRunRefusals gives Run options it refuses, each with its typed error
// and before it writes a file.
func TestRunRefusals(t *testing.T) {
	dir := t.TempDir()
	g := gameNamed(t, "0.6")
	ck := filepath.Join(dir, "ck")
	if _, err := g.Run(t.Context(), 1000, RunOptions{Checkpoint: ck}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		n      int
		opt    RunOptions
		target error
	}{
		{1 << 20, RunOptions{Options: budget.Options{Memory: 1e6}}, budget.ErrTooLarge},
		{1 << 20, RunOptions{Options: budget.Options{Memory: 1e6}, Out: filepath.Join(dir, "x")}, budget.ErrTooLarge},
		{1000, RunOptions{Options: budget.Options{Limit: 1e9}, Checkpoint: filepath.Join(dir, "y")}, ErrRunOptions},
		{1000, RunOptions{Checkpoint: filepath.Join(dir, "z"), Out: filepath.Join(dir, "z.values")}, ErrRunOptions},
		{1000, RunOptions{Resume: ck, Out: ck}, ErrRunOptions},
		{1001, RunOptions{Resume: ck}, ErrCheckpoint},
		{1000, RunOptions{Resume: filepath.Join(dir, "y")}, os.ErrNotExist},
	} {
		if _, err := g.Run(t.Context(), c.n, c.opt); !errors.Is(err, c.target) {
			t.Errorf("%+v: %v, want %v", c.opt, err, c.target)
		}
	}
	for _, name := range []string{"x", "y", "z", "z.values"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			t.Errorf("a refused run wrote %s", name)
		}
	}
	// A bounded run ends with the bound's error and the values so far.
	s, err := g.Run(t.Context(), 1<<20, RunOptions{Options: budget.Options{Limit: 1e5}})
	var tl *budget.TooLargeError
	if !errors.As(err, &tl) || tl.Unit != "option evaluations" || s == nil {
		t.Errorf("a bounded run: %v", err)
	}
}

// TestPeriodFound checks the period found in the direct values of games
// of published periods (Kayles, 0.77: 12 from heap 71; subtraction
// 1,3,4: 7 from 0), none in too few of Kayles' terms, and the text of
// each against lines written by hand.
func TestPeriodFound(t *testing.T) {
	for _, c := range []struct {
		game string
		n    int
		want string
	}{
		{"octal 0.77", 300, "period 12 preperiod 71 (proven by the periodicity theorem)\n"},
		{"subtraction 1,3,4", 40, "period 7 preperiod 0 (proven by the periodicity theorem)\n"},
		{"octal 0.77", 20, "no period found below 20\n"},
	} {
		g := mustGame(t, c.game)
		f := g.PeriodFound(directValues(g, c.n))
		var b strings.Builder
		f.WriteTo(&b)
		if f.Terms != c.n || b.String() != c.want {
			t.Errorf("%s to %d: %d terms, %q; want %q", c.game, c.n, f.Terms, b.String(), c.want)
		}
	}
}

// TestValuesSaved checks the line and the JSON of a run's values file
// against text written by hand.
func TestValuesSaved(t *testing.T) {
	s := &ValuesSaved{Name: "octal 0.77", Terms: 1000, Out: "k.values"}
	var b strings.Builder
	s.WriteTo(&b)
	js, _ := json.Marshal(s)
	if b.String() != "octal 0.77: G(0) … G(999) written to k.values\n" || string(js) != `{"name":"octal 0.77","terms":1000,"out":"k.values"}` {
		t.Errorf("%q, %s", b.String(), js)
	}
}
