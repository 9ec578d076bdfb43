package web

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestCancelledRequestStops sends long requests to the endpoints'
// handlers and cancels each after 100 ms, as the server does when the
// client goes away or the request times out: the handler must return,
// its computation stopped. The time it takes is logged; the guard is below
// the time of the whole computation, so a handler that kept computing
// would fail.
func TestCancelledRequestStops(t *testing.T) {
	for _, c := range []struct {
		path, body string
		h          http.Handler
	}{
		// 0.8 (a token taken, the rest split in three) costs cubic time:
		// 4000 terms take about 1.6 s by the direct mex, within the budget.
		{"/api/sequence", `{"game": "octal", "code": "0.8", "n": 4000}`, jsonHandler(sequence)},
		// A 3 × 6 Clobber board passes the estimate and searches about
		// 11 s before its sums pass the limit.
		{"/api/game", `{"ruleset": "clobber", "positions": ["xoxoxo|oxoxox|xoxoxo"]}`, jsonHandler(game)},
		// A sheet in one call of str(), which writes 2^41 zeros: its
		// process is killed.
		{"/api/script", `{"source": "t = (0, 0)\nfor i in range(40):\n    t = (t, t)\nprint(str(t))\n"}`, jsonHandler(runScript)},
	} {
		ctx, cancel := context.WithTimeout(t.Context(), 100*time.Millisecond)
		req := httptest.NewRequestWithContext(ctx, "POST", c.path, strings.NewReader(c.body))
		done := make(chan struct{})
		go func() {
			c.h.ServeHTTP(httptest.NewRecorder(), req)
			close(done)
		}()
		<-ctx.Done()
		start := time.Now()
		select {
		case <-done:
			t.Logf("%s: the handler returned %v after the cancellation", c.path, time.Since(start))
		case <-time.After(time.Second):
			t.Fatalf("%s: the handler still computes a second after the cancellation", c.path)
		}
		cancel()
	}
}
