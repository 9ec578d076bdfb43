package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"sync/atomic"
)

// guard lets through only requests that the playground's own page, or a
// program on this machine, can make: the Host names this machine by an IP
// address or "localhost" (a page elsewhere that rebinds its own name to
// this address sends that name), a browser's Origin is the page's own,
// and a POST says Content-Type: application/json (which no other site's
// page can send without asking first). Others get 403 or 415.
func guard(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !localHost(r.Host) {
			writeJSON(w, http.StatusForbidden, map[string]string{"error": fmt.Sprintf("host %q is not this machine's address or localhost", r.Host)})
			return
		}
		if o := r.Header.Get("Origin"); o != "" {
			u, err := url.Parse(o)
			if err != nil || u.Host != r.Host {
				writeJSON(w, http.StatusForbidden, map[string]string{"error": fmt.Sprintf("requests from %q are not served", o)})
				return
			}
		}
		if r.Method == http.MethodPost {
			ct, _, _ := strings.Cut(r.Header.Get("Content-Type"), ";")
			if strings.TrimSpace(strings.ToLower(ct)) != "application/json" {
				writeJSON(w, http.StatusUnsupportedMediaType, map[string]string{"error": "send the body as Content-Type: application/json"})
				return
			}
		}
		h.ServeHTTP(retryAfter{w}, r)
	})
}

// retryAfter adds Retry-After to every 503 answer written through it: a
// full queue, a computation that took too long (http.TimeoutHandler's
// answer) or one cancelled; each is worth trying again later.
type retryAfter struct{ http.ResponseWriter }

func (w retryAfter) WriteHeader(code int) {
	if code == http.StatusServiceUnavailable && w.Header().Get("Retry-After") == "" {
		w.Header().Set("Retry-After", "1")
	}
	w.ResponseWriter.WriteHeader(code)
}

// Unwrap returns the ResponseWriter underneath, for http.ResponseController.
func (w retryAfter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// localHost reports whether a Host header names this machine: by an IP
// address, or as localhost.
func localHost(host string) bool {
	name := host
	if h, _, err := net.SplitHostPort(host); err == nil {
		name = h
	}
	name = strings.TrimSuffix(strings.TrimPrefix(name, "["), "]")
	return strings.EqualFold(name, "localhost") || net.ParseIP(name) != nil
}

// A limiter runs at most a few expensive requests at once and lets a few
// more wait; past those it refuses at once, so that a burst of expensive
// requests neither piles up work nor keeps the page from answering.
type limiter struct {
	slots   chan struct{}
	waiting atomic.Int64
	queue   int64
}

func newLimiter(running, waiting int) *limiter {
	return &limiter{slots: make(chan struct{}, running), queue: int64(waiting)}
}

// acquire waits for a slot and returns the function that frees it; false
// when the queue is full or ctx ends first.
func (l *limiter) acquire(ctx context.Context) (func(), bool) {
	if l.waiting.Add(1) > l.queue+int64(cap(l.slots)) {
		l.waiting.Add(-1)
		return nil, false
	}
	select {
	case l.slots <- struct{}{}:
		return func() { <-l.slots; l.waiting.Add(-1) }, true
	case <-ctx.Done():
		l.waiting.Add(-1)
		return nil, false
	}
}

// limited wraps a handler so that it runs under l: 503 (with Retry-After,
// from guard) when l is full.
func limited(l *limiter, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		release, ok := l.acquire(r.Context())
		if !ok {
			writeJSON(w, http.StatusServiceUnavailable, map[string]string{"error": "the server is busy with other computations; try again"})
			return
		}
		defer release()
		h(w, r)
	}
}

// decodeStrict reads one JSON object into req: no unknown field, nothing
// after it, and errors in the terms of the body, not of Go.
func decodeStrict[Req any](body []byte, req *Req) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	var fields map[string]json.RawMessage
	if err := dec.Decode(&fields); err != nil {
		return jsonError(err)
	}
	if err := dec.Decode(&struct{}{}); err != io.EOF {
		return errors.New("malformed JSON: something follows the object")
	}
	known := jsonFields(reflect.TypeFor[Req]())
	for k := range fields {
		if !known[k] {
			return fmt.Errorf("unknown field %q", k)
		}
	}
	if err := json.Unmarshal(body, req); err != nil {
		return jsonError(err)
	}
	return nil
}

// jsonFields returns the JSON names of the fields of a struct type.
func jsonFields(t reflect.Type) map[string]bool {
	out := map[string]bool{}
	for f := range t.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" {
			name = f.Name
		}
		out[name] = true
	}
	return out
}

// jsonError words a decoding error in the terms of the body.
func jsonError(err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF):
		return errors.New("the body is empty: send a JSON object")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("malformed JSON: the body ends early")
	case errors.As(err, &syn):
		return fmt.Errorf("malformed JSON at byte %d", syn.Offset)
	case errors.As(err, &typ) && typ.Field == "":
		return fmt.Errorf("the body is a JSON %s, not an object", typ.Value)
	case errors.As(err, &typ):
		return fmt.Errorf("field %q: want %s, not a %s", typ.Field, kindName(typ.Type), typ.Value)
	}
	return errors.New("malformed JSON")
}

// kindName names what a field of type t holds, for messages.
func kindName(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Int, reflect.Int64, reflect.Uint64:
		return "an integer"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list of " + strings.TrimPrefix(strings.TrimPrefix(kindName(t.Elem()), "a "), "an ") + "s"
	}
	return "a " + t.Kind().String()
}
