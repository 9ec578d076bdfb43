package web

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestGuard checks that only this machine's pages and programs are served:
// a foreign Host (DNS rebinding) or Origin gets 403, a POST that is not
// application/json 415; loopback names and addresses pass.
func TestGuard(t *testing.T) {
	h := Handler()
	body := `{"op":"mul","a":"8","b":"8"}`
	for _, c := range []struct {
		host, origin, ctype string
		status              int
	}{
		{"127.0.0.1:8080", "", "application/json", 200},
		{"localhost:8080", "http://localhost:8080", "application/json; charset=utf-8", 200},
		{"[::1]:8080", "", "application/json", 200},
		{"192.168.1.5:8080", "", "application/json", 200},
		{"evil.example:8080", "", "application/json", 403},
		{"127.0.0.1:8080", "http://evil.example", "application/json", 403},
		{"127.0.0.1:8080", "http://127.0.0.1:9999", "application/json", 403},
		{"127.0.0.1:8080", "", "text/plain", 415},
		{"127.0.0.1:8080", "", "", 415},
	} {
		r := httptest.NewRequest("POST", "/api/nimber", strings.NewReader(body))
		r.Host = c.host
		if c.origin != "" {
			r.Header.Set("Origin", c.origin)
		}
		if c.ctype != "" {
			r.Header.Set("Content-Type", c.ctype)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		if rec.Code != c.status || !strings.Contains(rec.Body.String(), `"`) {
			t.Errorf("host %q origin %q type %q: %d %s, want %d", c.host, c.origin, c.ctype, rec.Code, rec.Body, c.status)
		}
	}
}

// TestStrictJSON checks that a body is one JSON object of known fields,
// and that errors speak of the body, not of Go.
func TestStrictJSON(t *testing.T) {
	h := Handler()
	for _, c := range []struct{ body, want string }{
		{`{"op":"mul","a":"8","b":"8"} {"op":"add"}`, "something follows the object"},
		{`{"op":"mul","a":"8","b":"8"}x`, "something follows the object"},
		{`{"op":"mul","a":"8","b":"8","c":"1"}`, `unknown field "c"`},
		{`{"op":"mul","a":8,"b":"8"}`, `field "a": want a string, not a number`},
		{`[1, 2]`, "the body is a JSON array, not an object"},
		{``, "the body is empty"},
		{`{"op":`, "malformed JSON"},
	} {
		status, out := post(t, h, "/api/nimber", c.body)
		msg, _ := out["error"].(string)
		if status != http.StatusBadRequest || !strings.Contains(msg, c.want) || strings.Contains(msg, "Go") || strings.Contains(msg, "struct") {
			t.Errorf("%q: %d %q, want 400 %q", c.body, status, msg, c.want)
		}
	}
	status, out := post(t, h, "/api/play", `{"game":"nim","position":[1,2,3]}`)
	if moves, ok := out["moves"].([]any); status != 200 || !ok || len(moves) != 0 {
		t.Errorf("a lost Nim position: %d, moves %v (want an empty list)", status, out["moves"])
	}
}

// TestBusy fills the limiter of the expensive endpoints and checks that
// one request more is refused at once with 503 and Retry-After, while the
// cheap endpoint still answers.
func TestBusy(t *testing.T) {
	l := newLimiter(1, 1)
	release1, ok1 := l.acquire(t.Context())
	waited := make(chan bool)
	go func() {
		release, ok := l.acquire(t.Context()) // waits for the slot
		if ok {
			release()
		}
		waited <- ok
	}()
	// The second request is in the queue once waiting counts it.
	for i := 0; l.waiting.Load() < 2; i++ {
		if i == 5000 {
			t.Fatal("the second request never queued")
		}
		time.Sleep(time.Millisecond)
	}
	rec := httptest.NewRecorder()
	guard(limited(l, func(w http.ResponseWriter, r *http.Request) { t.Error("a third request ran") })).ServeHTTP(rec, jsonRequest("/api/sequence", "{}"))
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" {
		t.Errorf("a full queue: %d, Retry-After %q", rec.Code, rec.Header().Get("Retry-After"))
	}
	release1()
	if !ok1 || !<-waited {
		t.Error("the waiting request never ran")
	}
}

// TestTimeoutRetryAfter checks that a computation that takes too long is
// answered 503 with Retry-After, as a full queue is.
func TestTimeoutRetryAfter(t *testing.T) {
	slow := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
	rec := httptest.NewRecorder()
	guard(http.TimeoutHandler(slow, time.Millisecond, `{"error": "too long"}`)).ServeHTTP(rec, jsonRequest("/api/sequence", "{}"))
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" {
		t.Errorf("a timeout: %d, Retry-After %q", rec.Code, rec.Header().Get("Retry-After"))
	}
	rec = httptest.NewRecorder()
	guard(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusOK) })).ServeHTTP(rec, jsonRequest("/api/sequence", "{}"))
	if rec.Code != http.StatusOK || rec.Header().Get("Retry-After") != "" {
		t.Errorf("an answer: %d, Retry-After %q", rec.Code, rec.Header().Get("Retry-After"))
	}
}

// TestTooLarge checks that a sequence over the work budget is refused at
// once with 413 and the estimate.
func TestTooLarge(t *testing.T) {
	status, out := post(t, Handler(), "/api/sequence", `{"game":"octal","code":"0.8","n":10000}`)
	if msg, _ := out["error"].(string); status != http.StatusRequestEntityTooLarge || !strings.Contains(msg, "more than the limit") {
		t.Errorf("0.8 to 10000 terms: %d %q", status, msg)
	}
}
