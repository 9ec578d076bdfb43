package heap

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/nimbers/grundy/budget"
)

// TestExtendResumes stops runs at random points, through their progress
// reports, and resumes them from the values they returned: every
// stopped run must hand back a prefix of the values, and every resumed
// one the same values as a run that was never stopped. The reference
// is the direct mex for the short runs and an uninterrupted Values for
// the long ones (itself checked against the direct mex elsewhere). The
// games cover each path of Values: the direct mex (0.8, all-but sets,
// whose mex keeps counts across heaps), the split scanners (0.004),
// proven periods (0.77), sparse space (0.6, 0.16) and Grundy's game.
func TestExtendResumes(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 1))
	for _, c := range []struct {
		game   string
		n      int
		direct bool
	}{
		{"0.8", 1500, true},
		{"all-but:1,3", 5000, true},
		{"0.77", 3000, true},
		{"0.6", 7000, true},
		{"0.004", 1 << 16, false},
		{"0.6", 1 << 18, false},
		{"0.16", 1 << 17, false},
		{"grundys-game", 1 << 18, false},
	} {
		if testing.Short() && c.n > 1<<16 {
			continue // the race detector's run: the others cover each path
		}
		g := gameNamed(t, c.game)
		var want []uint64
		if c.direct {
			want = directValues(g, c.n)
		} else {
			var err error
			if want, err = g.Values(t.Context(), c.n, &budget.Options{Limit: -1}); err != nil {
				t.Fatal(err)
			}
		}
		for range 3 {
			// Stop after a random number of progress reports, then go on.
			var v []uint64
			for stops := 0; len(v) < c.n; stops++ {
				ctx, cancel := context.WithCancel(t.Context())
				reports, at := 0, rng.IntN(40)
				opt := &budget.Options{Limit: -1, Progress: func(done, total int) {
					if reports++; reports == at {
						cancel()
					}
				}}
				got, err := g.extend(ctx, slices.Clip(v), c.n, opt, nil, nil)
				cancel()
				if err != nil && !errors.Is(err, context.Canceled) {
					t.Fatalf("%s: %v", c.game, err)
				}
				if len(got) < len(v) || !slices.Equal(got, want[:len(got)]) {
					t.Fatalf("%s: stopped after %d stops with %d values, not a prefix of the %d from heap %d (first difference %d, report %d)", c.game, stops, len(got), c.n, len(v), firstDiff(got, want[:min(len(got), c.n)]), at)
				}
				if stops > 1000 {
					t.Fatalf("%s: no progress", c.game)
				}
				v = got
			}
		}
		// A resumed run from any prefix, with no stop.
		for range 4 {
			k := rng.IntN(c.n)
			got, err := g.extend(t.Context(), slices.Clone(want[:k]), c.n, &budget.Options{Limit: -1}, nil, nil)
			if err != nil || !slices.Equal(got, want) {
				t.Fatalf("%s resumed at %d: %v, first difference at %d", c.game, k, err, firstDiff(got, want))
			}
		}
	}
}

// TestExtendBudget checks that a run stopped by its budget keeps the
// values it found, and that the budget counts only the work past them.
func TestExtendBudget(t *testing.T) {
	g := GrundysGame()
	want := directValues(g, 5000)
	got, err := g.extend(t.Context(), slices.Clone(want[:2000]), 1<<20, &budget.Options{Limit: 1e6}, nil, nil)
	if !errors.Is(err, budget.ErrTooLarge) || len(got) < 2000 || len(got) > len(want) || !slices.Equal(got, want[:len(got)]) {
		t.Fatalf("refused run: %d values, %v", len(got), err)
	}
	// 2000 to 3000 costs about 1.25e6 split evaluations, 2000 about 5e5.
	got, err = g.extend(t.Context(), slices.Clone(want[:2000]), 3000, &budget.Options{Limit: 1.5e6}, nil, nil)
	if err != nil || !slices.Equal(got, want[:3000]) {
		t.Fatalf("from 2000 to 3000 within 1.5e6: %v", err)
	}
	// Three heaps from one: refused before it starts.
	h, _ := ParseCode("0.8")
	if got, err := h.extend(t.Context(), nil, 1<<20, nil, nil, nil); !errors.Is(err, budget.ErrTooLarge) || len(got) != 0 {
		t.Fatalf("0.8 to 2^20: %d values, %v; want a refusal before any work", len(got), err)
	}
}

func gameNamed(t *testing.T, name string) *Game {
	t.Helper()
	var g *Game
	var err error
	switch {
	case name == "grundys-game":
		g = GrundysGame()
	case name[0] == '0' || name[0] == '4':
		g, err = ParseCode(name)
	default:
		g, err = ParseSubtraction(name)
	}
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// extendWide extends v as extend does, giving the values found so far
// to save every interval, when the run ends and when it is stopped.
func extendWide(g *Game, ctx context.Context, v []uint64, n int, opt *budget.Options, every time.Duration, save func(v []uint64) error) ([]uint64, error) {
	sv := &saving{every: every, last: time.Now(), save: func(s *Sequence) error { return save(s.wide) }}
	v, err := g.extend(ctx, v, n, opt, sv, nil)
	if sv.err != nil {
		return v, sv.err
	}
	if serr := save(v); serr != nil {
		return v, serr
	}
	return v, err
}

// TestExtendSaving saves at every chance within runs of each path and
// wants every save a growing prefix of the values, the last one whole;
// a failing save stops the run with its error.
func TestExtendSaving(t *testing.T) {
	for _, c := range []struct {
		game string
		n    int
	}{{"0.6", 1 << 18}, {"grundys-game", 1 << 18}, {"0.004", 1 << 16}, {"all-but:1,3", 5000}} {
		g := gameNamed(t, c.game)
		want, err := g.Values(t.Context(), c.n, &budget.Options{Limit: -1})
		if err != nil {
			t.Fatal(err)
		}
		var saved []int
		save := func(v []uint64) error {
			if !slices.Equal(v, want[:len(v)]) || len(saved) > 0 && len(v) < saved[len(saved)-1] {
				t.Fatalf("%s: a save of %d values after %v is no growing prefix", c.game, len(v), saved)
			}
			saved = append(saved, len(v))
			return nil
		}
		got, err := extendWide(g, t.Context(), nil, c.n, &budget.Options{Limit: -1}, time.Nanosecond, save)
		if err != nil || !slices.Equal(got, want) || saved[len(saved)-1] != c.n {
			t.Fatalf("%s: %v, saves at %v", c.game, err, saved)
		}
		if c.n >= 1<<16 && len(saved) < 3 {
			t.Errorf("%s: saved only at %v", c.game, saved)
		}
		failed := errors.New("disk full")
		calls := 0
		_, err = extendWide(g, t.Context(), nil, c.n, &budget.Options{Limit: -1}, time.Nanosecond, func(v []uint64) error {
			calls++
			return failed
		})
		if !errors.Is(err, failed) || calls != 1 {
			t.Errorf("%s: a failing save gave %v after %d calls", c.game, err, calls)
		}
	}
}
