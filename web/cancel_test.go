package web

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestCancelledRequestStops sends a long sequence request to the
// endpoint's handler and cancels it after 100 ms, as the server does when
// the client goes away or the request times out: the handler must return,
// its computation stopped. The time it takes is logged; the guard is below
// the time of the whole computation, so a handler that kept computing
// would fail.
func TestCancelledRequestStops(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 100*time.Millisecond)
	defer cancel()
	// 0.8 (a token taken, the rest split in three) costs cubic time: 4000
	// terms take about 1.6 s by the direct mex, within the budget.
	req := httptest.NewRequestWithContext(ctx, "POST", "/api/sequence",
		strings.NewReader(`{"game": "octal", "code": "0.8", "n": 4000}`))
	done := make(chan struct{})
	go func() {
		jsonHandler(sequence).ServeHTTP(httptest.NewRecorder(), req)
		close(done)
	}()
	<-ctx.Done()
	start := time.Now()
	select {
	case <-done:
		t.Logf("the handler returned %v after the cancellation", time.Since(start))
	case <-time.After(time.Second):
		t.Fatal("the handler still computes a second after the cancellation")
	}
}
