package games_test

import (
	"bytes"
	"errors"
	"testing"
	"time"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	_ "github.com/nimbers/grundy/games/grid"
	"github.com/nimbers/grundy/outcome"
)

// solveCounting returns the outcome of pos under clobber with a fresh
// engine that first reads tables (when not nil), and the positions it
// expanded.
func solveCounting(t *testing.T, pos string, tables []byte) (outcome.Class, int, *games.Engine) {
	t.Helper()
	r, err := games.Lookup("clobber")
	if err != nil {
		t.Fatal(err)
	}
	steps := 0
	e := games.NewEngine(r, &budget.Options{Progress: func(done, _ int) { steps = done }})
	if tables != nil {
		if err := e.LoadTables(bytes.NewReader(tables)); err != nil {
			t.Fatal(err)
		}
	}
	p, err := r.Parse(pos)
	if err != nil {
		t.Fatal(err)
	}
	o, err := e.Outcome(t.Context(), p)
	if err != nil {
		t.Fatal(err)
	}
	return o, steps, e
}

// TestTablesResume checks that an engine that reads the tables another
// saved finds the same outcome while expanding far fewer positions, and
// that a search saves its tables while it runs when asked.
func TestTablesResume(t *testing.T) {
	const pos = "xoxoxoxox|oxoxoxoxo"
	want, steps, e := solveCounting(t, pos, nil)
	var buf bytes.Buffer
	if err := e.SaveTables(&buf); err != nil {
		t.Fatal(err)
	}
	got, again, _ := solveCounting(t, pos, buf.Bytes())
	if got != want || again*10 > steps {
		t.Errorf("after reading the tables: %v in %d positions; the first search %v in %d", got, again, want, steps)
	}

	r, _ := games.Lookup("clobber")
	e = games.NewEngine(r, nil)
	saves := 0
	e.Checkpoint = func() error {
		saves++
		return e.SaveTables(&bytes.Buffer{})
	}
	e.CheckpointEvery = time.Nanosecond
	p, _ := r.Parse(pos)
	if o, err := e.Outcome(t.Context(), p); err != nil || o != want || saves == 0 {
		t.Errorf("with checkpoints: %v, %v after %d saves", o, err, saves)
	}
	stop := errors.New("stop")
	e = games.NewEngine(r, nil)
	e.Checkpoint, e.CheckpointEvery = func() error { return stop }, time.Nanosecond
	if _, err := e.Outcome(t.Context(), p); !errors.Is(err, stop) {
		t.Errorf("a failing checkpoint: %v", err)
	}
}

// TestTablesHostile checks that every truncation, a changed byte, another
// ruleset and a bound too small are refused with an input error, and
// leave the engine's tables as they were.
func TestTablesHostile(t *testing.T) {
	_, _, e := solveCounting(t, "xoxox|oxoxo", nil)
	var buf bytes.Buffer
	if err := e.SaveTables(&buf); err != nil {
		t.Fatal(err)
	}
	file := buf.Bytes()
	r, _ := games.Lookup("clobber")
	check := func(what string, data []byte, e *games.Engine) {
		t.Helper()
		if e == nil {
			e = games.NewEngine(r, nil)
		}
		if err := e.LoadTables(bytes.NewReader(data)); !errors.Is(err, games.ErrInput) {
			t.Errorf("%s: %v, want an input error", what, err)
		}
	}
	for n := range len(file) {
		check("truncated", file[:n], nil)
	}
	for _, i := range []int{0, len(file) / 2, len(file) - 5, len(file) - 1} {
		bad := bytes.Clone(file)
		bad[i] ^= 0x40
		check("a changed byte", bad, nil)
	}
	check("data after the end", append(bytes.Clone(file), 0), nil)
	other, _ := games.Lookup("domineering")
	check("another ruleset", file, games.NewEngine(other, nil))
	check("past the memory bound", file, games.NewEngine(r, &budget.Options{Memory: 64}))
	if err := games.NewEngine(r, nil).LoadTables(bytes.NewReader(file)); err != nil {
		t.Errorf("the file itself: %v", err)
	}
}

func FuzzLoadTables(f *testing.F) {
	r, _ := games.Lookup("clobber")
	e := games.NewEngine(r, nil)
	p, _ := r.Parse("xoxo|oxox")
	if _, err := e.Outcome(f.Context(), p); err != nil {
		f.Fatal(err)
	}
	var buf bytes.Buffer
	e.SaveTables(&buf)
	f.Add(buf.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		e := games.NewEngine(r, &budget.Options{Memory: 1 << 20})
		err := e.LoadTables(bytes.NewReader(data))
		if err != nil && !errors.Is(err, games.ErrInput) {
			t.Fatalf("%v: not an input error", err)
		}
		if err == nil {
			var out bytes.Buffer
			if err := e.SaveTables(&out); err != nil {
				t.Fatal(err)
			}
		}
	})
}
