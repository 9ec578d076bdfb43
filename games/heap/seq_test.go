package heap

import (
	"context"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/nimbers/grundy/budget"
)

// TestSequence checks the compact store against a plain slice, with
// values past 16 bits and widening.
func TestSequence(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var s Sequence
	var want []uint64
	for range 5000 {
		x := uint64(rng.IntN(300))
		switch rng.IntN(50) {
		case 0:
			x = escape16
		case 1:
			x = 1<<16 + uint64(rng.IntN(1<<20))
		case 2:
			x = rng.Uint64()
		}
		s.push(x)
		want = append(want, x)
	}
	check := func(when string) {
		t.Helper()
		if s.Len() != len(want) || s.Max() != slices.Max(want) {
			t.Fatalf("%s: %d values, max %d; want %d, %d", when, s.Len(), s.Max(), len(want), slices.Max(want))
		}
		for h, x := range want {
			if s.At(h) != x {
				t.Fatalf("%s: At(%d) = %d, want %d", when, h, s.At(h), x)
			}
		}
		for range 100 {
			a := rng.IntN(len(want))
			b := a + rng.IntN(len(want)-a+1)
			if got := s.copyValues([]uint64{7}, a, b); got[0] != 7 || !slices.Equal(got[1:], want[a:b]) {
				t.Fatalf("%s: Values(%d, %d) differs", when, a, b)
			}
		}
	}
	check("compact")
	s.widen(0)
	check("widened")
}

// TestExtendSequence stops compact runs at random points and resumes them
// from the Sequence they leave: every stop leaves a prefix of the values
// of an unbroken Values, and every save is a longer prefix. The games
// cover sparse space from its start and resumed at once (0.6, 0.16,
// Grundy's game), a proven period (0.77, 0.07) and games sparse space
// does not take (all-but sets, a subtraction game), which widen.
func TestExtendSequence(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 3))
	for _, c := range []struct {
		game string
		n    int
	}{
		{"0.6", 1 << 17},
		{"0.16", 1 << 16},
		{"grundys-game", 1 << 17},
		{"0.77", 20000},
		{"0.07", 9000},
		{"all-but:1,3", 5000},
		{"1,3,4", 1 << 14},
	} {
		if testing.Short() && c.n > 1<<16 {
			continue
		}
		g := gameNamed(t, c.game)
		want, err := g.Values(t.Context(), c.n, &budget.Options{Limit: -1})
		if err != nil {
			t.Fatal(err)
		}
		s := &Sequence{}
		saved := 0
		save := func(s *Sequence) error {
			got := s.copyValues(nil, 0, s.Len())
			if s.Len() < saved || !slices.Equal(got, want[:len(got)]) {
				t.Fatalf("%s: a save of %d values after one of %d, or not a prefix (first difference %d)", c.game, s.Len(), saved, firstDiff(got, want))
			}
			saved = s.Len()
			return nil
		}
		for stops := 0; s.Len() < c.n; stops++ {
			ctx, cancel := context.WithCancel(t.Context())
			reports, at := 0, rng.IntN(30)
			opt := &budget.Options{Limit: -1, Progress: func(done, total int) {
				if reports++; reports == at {
					cancel()
				}
			}}
			before := s.Len()
			err := g.extendSaving(ctx, s, c.n, opt, time.Millisecond, save)
			cancel()
			if err != nil && !errors.Is(err, context.Canceled) {
				t.Fatalf("%s: %v", c.game, err)
			}
			got := s.copyValues(nil, 0, s.Len())
			if s.Len() < before || !slices.Equal(got, want[:len(got)]) {
				t.Fatalf("%s: stopped with %d values from %d, not a prefix (first difference %d)", c.game, s.Len(), before, firstDiff(got, want))
			}
			if saved != s.Len() {
				t.Fatalf("%s: last save %d values, the run %d", c.game, saved, s.Len())
			}
			if stops > 1000 {
				t.Fatalf("%s: no progress", c.game)
			}
		}
		if s.isWide {
			t.Errorf("%s: left wide", c.game)
		}
	}
}

// TestResumeSequence saves a compact run in a checkpoint, stops it, and
// resumes it from the checkpoint into a Sequence.
func TestResumeSequence(t *testing.T) {
	g := GrundysGame()
	n := 1 << 15
	want, err := g.Values(t.Context(), n, nil)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "ck")
	ck, err := CreateCheckpoint(path, g, n)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	s := &Sequence{}
	opt := &budget.Options{Progress: func(done, total int) {
		if done >= n/2 && done < n {
			cancel()
		}
	}}
	if err := g.extendSaving(ctx, s, n, opt, time.Hour, ck.saveSequence); !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped run: %v", err)
	}
	ck.Close()
	ck, s, err = resumeSequence(path, g, n)
	if err != nil {
		t.Fatal(err)
	}
	defer ck.Close()
	if s.Len() < n/2 || s.Len() >= n || int64(s.Len()) != ck.count() {
		t.Fatalf("resumed %d values of %d, the checkpoint says %d", s.Len(), n, ck.count())
	}
	if err := g.extendSaving(t.Context(), s, n, nil, time.Hour, ck.saveSequence); err != nil {
		t.Fatal(err)
	}
	if got := s.copyValues(nil, 0, s.Len()); !slices.Equal(got, want) {
		t.Fatalf("first difference at %d", firstDiff(got, want))
	}
	_, v, err := ResumeCheckpoint(path, g, n)
	if err != nil || !slices.Equal(v, want) {
		t.Fatalf("the checkpoint holds %d values (%v), first difference at %d", len(v), err, firstDiff(v, want))
	}
}
