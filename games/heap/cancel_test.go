package heap

import (
	"context"
	"errors"
	"runtime"
	"testing"
	"time"

	"github.com/nimbers/grundy/budget"
)

// TestValuesCancelled cancels long computations by each engine (the
// direct mex, the split scanners on two cores, sparse space, Grundy's
// game) and checks that each stops with context.Canceled and leaves no
// goroutine behind. The time from the cancellation to the return is
// logged, not asserted; a computation that ignored the cancellation would
// run for minutes and hit the guard.
func TestValuesCancelled(t *testing.T) {
	before := runtime.NumGoroutine()
	for _, c := range []struct {
		code string
		n    int
	}{
		{"0.8", 20000},      // the direct mex: three heaps from one
		{"0.004", 1 << 22},  // the split scanners
		{"0.6", 1 << 26},    // sparse space
		{"grundy", 1 << 26}, // Grundy's game by sparse space
	} {
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error, 1)
		go func() {
			var err error
			if c.code == "grundy" {
				_, _, err = grundySparse(ctx, c.n, nil, defaultLoops)
			} else {
				g, _ := ParseCode(c.code)
				_, err = g.Values(ctx, c.n, &budget.Options{Limit: -1})
			}
			done <- err
		}()
		time.Sleep(200 * time.Millisecond) // well into the computation
		start := time.Now()
		cancel()
		select {
		case err := <-done:
			if !errors.Is(err, context.Canceled) {
				t.Errorf("%s: %v, want context.Canceled", c.code, err)
			}
			t.Logf("%s: stopped %v after the cancellation", c.code, time.Since(start))
		case <-time.After(time.Minute):
			t.Fatalf("%s: still running a minute after the cancellation", c.code)
		}
	}
	for range 100 {
		if runtime.NumGoroutine() <= before {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Errorf("%d goroutines left running, %d before", runtime.NumGoroutine(), before)
}

// TestMovesToCancelled checks that a heap's move search returns ctx's
// error once ctx is done, and finds the moves with a live context (a heap
// of 4 000 tokens of Dawson's Kayles, 0.07, has about 2 000 splits).
func TestMovesToCancelled(t *testing.T) {
	g, _ := ParseCode("0.07")
	hs, err := g.Heaps(t.Context(), 4000)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := hs[0].MovesTo(t.Context(), 0)
	if err != nil || len(ms) == 0 {
		t.Fatalf("live context: %d moves, %v", len(ms), err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if ms, err := hs[0].MovesTo(ctx, 0); !errors.Is(err, context.Canceled) || ms != nil {
		t.Errorf("cancelled: %d moves, %v; want context.Canceled", len(ms), err)
	}
}
