package graph

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/nimbers/grundy/internal/testsize"
)

// pollClock is a context that records when it is asked for its error, to
// show how long the analysis runs between two looks.
type pollClock struct {
	context.Context
	mu      sync.Mutex
	last    time.Time
	longest time.Duration
	looks   int
}

func (c *pollClock) Err() error {
	c.mu.Lock()
	now := time.Now()
	if !c.last.IsZero() {
		c.longest = max(c.longest, now.Sub(c.last))
	}
	c.last = now
	c.looks++
	c.mu.Unlock()
	return c.Context.Err()
}

// TestGraphCancelled checks that the value and the moves of a Hackenbush
// graph stop with ctx's error when ctx is done, and logs the longest run
// between two looks at the context on a large graph (not asserted: it
// depends on the machine).
func TestGraphCancelled(t *testing.T) {
	g := benchGraph(3, 6, 1)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := g.Value(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("Value: %v, want context.Canceled", err)
	}
	if _, ms, err := g.movesTo(ctx, 1); !errors.Is(err, context.Canceled) || ms != nil {
		t.Errorf("MovesTo: %v, %v; want context.Canceled", ms, err)
	}
	if _, err := g.Component(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("Component: %v, want context.Canceled", err)
	}

	n := 1 << 20
	if testsize.Long {
		n = 1 << 21
	}
	big := benchGraph(n, 2*n, 2)
	clock := &pollClock{Context: t.Context()}
	start := time.Now()
	v, moves, err := big.movesTo(clock, 0)
	if err != nil {
		t.Fatal(err)
	}
	if v != big.mustValue() || len(moves) != len(big.mustMovesTo(0)) {
		t.Fatalf("with a polling context: value %d, %d moves; want %d, %d", v, len(moves), big.mustValue(), len(big.mustMovesTo(0)))
	}
	t.Logf("%d edges: %v in all, %d looks at the context, at most %v apart", 2*n, time.Since(start), clock.looks, clock.longest)
}
