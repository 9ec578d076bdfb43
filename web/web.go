// Package web is the playground: one page, embedded, and the JSON
// endpoints it calls, with limits on every request so that a bad or huge
// one gets a 400 or 413 and the server keeps serving.
//
// Endpoints (all answer JSON; errors are {"error": "..."}):
//
//	POST /api/nimber    {"op": "add|mul|inv|sqrt|log", "a": "0x1f", "b": "3"}
//	GET  /api/table.png?bits=k     the 2^k × 2^k nim-product table as a heat map, k ≤ 10
//	POST /api/sequence  {"game": "octal|subtraction", "code": "0.77", "n": 200}
//	POST /api/play      {"game": "nim|kayles|wythoff", "position": [3, 5, 6]}
//	                    {"game": "corners", "board": ["TTH", "THH"]}
//	                    {"game": "hackenbush", "edges": [[0, 1], [1, 2], [2, 0]]}
//	GET  /api/rulesets             every registered ruleset (games.Entry)
//	POST /api/game      {"ruleset": "clobber", "positions": ["xo|ox"], "moves": true} (games.Query)
//	POST /api/script    {"source": "print(game(\"{1|-1}\").temperature())"} (script.Result)
package web

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games/heap"
	"github.com/nimbers/grundy/nimber"
	"github.com/nimbers/grundy/nimfield"
)

//go:embed static
var static embed.FS

// Limits of a request.
const (
	maxBody     = 1 << 14          // bytes of a request body
	maxTerms    = 10000            // terms of a Grundy sequence
	maxHeaps    = 64               // heaps in a Nim or Kayles position
	maxKayles   = 1000             // tokens in a Kayles heap
	maxWythoff  = 10000            // tokens in a Wythoff heap
	maxTableBit = 10               // the table picture is at most 2^10 pixels square
	maxCorners  = 16               // rows and columns of a Turning Corners board
	maxEdges    = 120              // edges of a Hackenbush picture
	maxVertex   = 255              // the largest vertex number in a Hackenbush picture
	timeout     = 10 * time.Second // the longest any request may compute
)

// Handler returns the playground: the page at / and the endpoints.
func Handler() http.Handler {
	mux := http.NewServeMux()
	sub, _ := fs.Sub(static, "static") // the directory is embedded above
	mux.Handle("GET /", http.FileServerFS(sub))
	// Sequences, games and pictures run a few at a time: as many as
	// there are processors, with as many again waiting.
	busy := newLimiter(runtime.GOMAXPROCS(0), runtime.GOMAXPROCS(0))
	mux.HandleFunc("POST /api/nimber", jsonHandler(nimberOp))
	mux.HandleFunc("POST /api/sequence", limited(busy, jsonHandler(sequence)))
	mux.HandleFunc("POST /api/play", limited(busy, jsonHandler(play)))
	mux.HandleFunc("GET /api/table.png", limited(busy, tablePNG))
	mux.HandleFunc("GET /api/rulesets", rulesets)
	mux.HandleFunc("POST /api/game", limited(busy, jsonHandler(game)))
	mux.HandleFunc("POST /api/script", limited(busy, jsonHandler(runScript)))
	return guard(http.TimeoutHandler(mux, timeout, `{"error": "the computation took too long"}`))
}

// Server returns an http.Server for the playground at addr, with timeouts
// for slow clients.
func Server(addr string) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           Handler(),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      timeout + 5*time.Second,
		MaxHeaderBytes:    1 << 14,
	}
}

// A requestError is the client's fault: a 400, or another status, with
// {"error": msg} or with body when it is not nil.
type requestError struct {
	status int
	msg    string
	body   any
}

func (e *requestError) Error() string { return e.msg }

func badRequest(format string, args ...any) error {
	return &requestError{http.StatusBadRequest, fmt.Sprintf(format, args...), nil}
}

// jsonHandler decodes a body of at most maxBody bytes into the request
// type, calls f, and writes its answer or error as JSON.
func jsonHandler[Req any](f func(ctx context.Context, req Req) (any, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req Req
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeJSON(w, http.StatusRequestEntityTooLarge, map[string]string{"error": fmt.Sprintf("the body is over %d bytes", maxBody)})
			return
		}
		if err == nil {
			err = decodeStrict(body, &req)
		}
		if err != nil {
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": err.Error()})
			return
		}
		out, err := f(r.Context(), req)
		var re *requestError
		switch {
		case errors.As(err, &re) && re.body != nil:
			writeJSON(w, re.status, re.body)
		case errors.As(err, &re):
			writeJSON(w, re.status, map[string]string{"error": re.msg})
		case errors.Is(err, budget.ErrTooLarge):
			writeJSON(w, http.StatusRequestEntityTooLarge, map[string]string{"error": err.Error()})
		case r.Context().Err() != nil:
			writeJSON(w, http.StatusServiceUnavailable, map[string]string{"error": "the request was cancelled"})
		case err != nil:
			writeJSON(w, http.StatusInternalServerError, map[string]string{"error": err.Error()})
		default:
			writeJSON(w, http.StatusOK, out)
		}
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(v); err != nil {
		status = http.StatusInternalServerError
		buf.Reset()
		buf.WriteString(`{"error": "encoding the answer failed"}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}

// nimberRequest is the body of /api/nimber: an operation and operands,
// decimal or 0x-hex.
type nimberRequest struct {
	Op string `json:"op"`
	A  string `json:"a"`
	B  string `json:"b"`
}

// nimberAnswer is a nimber in both bases.
type nimberAnswer struct {
	Decimal string `json:"decimal"`
	Hex     string `json:"hex"`
}

func nimberOp(_ context.Context, req nimberRequest) (any, error) {
	parse := func(s, name string) (nimfield.Ordinal, error) {
		x, err := nimber.Parse(strings.TrimSpace(s))
		if err != nil {
			return nimfield.Ordinal{}, badRequest("%s: %v", name, err)
		}
		return nimfield.Nat(uint64(x)), nil
	}
	a, err := parse(req.A, "a")
	if err != nil {
		return nil, err
	}
	xs := []nimfield.Ordinal{a}
	switch req.Op {
	case "add", "mul", "log":
		b, err := parse(req.B, "b")
		if err != nil {
			return nil, err
		}
		xs = append(xs, b)
	case "inv", "sqrt":
	default:
		return nil, badRequest("unknown op %q (add, mul, inv, sqrt, log)", req.Op)
	}
	r, err := nimfield.Calc(req.Op, xs...)
	if err != nil {
		return nil, badRequest("%s", err)
	}
	v, _ := strconv.ParseUint(r[0], 10, 64) // a nimber's decimal
	return nimberAnswer{r[0], "0x" + strconv.FormatUint(v, 16)}, nil
}

// sequenceRequest is the body of /api/sequence.
type sequenceRequest struct {
	Game string `json:"game"` // "octal" (codes like 0.77, 4.07) or "subtraction" ("1,2,5" or "!1,2")
	Code string `json:"code"`
	N    int    `json:"n"`
}

// sequenceAnswer is a Grundy sequence and its period, if one was found.
type sequenceAnswer struct {
	Name   string       `json:"name"`
	Values []uint64     `json:"values"`
	Period *heap.Period `json:"period,omitempty"`
}

func sequence(ctx context.Context, req sequenceRequest) (any, error) {
	var g *heap.Game
	var err error
	switch req.Game {
	case "octal":
		g, err = heap.ParseCode(req.Code)
	case "subtraction":
		g, err = heap.ParseSubtraction(req.Code)
	default:
		return nil, badRequest("unknown game %q (octal, subtraction)", req.Game)
	}
	if err != nil {
		return nil, badRequest("%s", err)
	}
	if req.N < 1 || req.N > maxTerms {
		return nil, &requestError{http.StatusRequestEntityTooLarge, fmt.Sprintf("n = %d: want 1 to %d terms", req.N, maxTerms), nil}
	}
	v, err := g.Values(ctx, req.N, nil)
	if err != nil {
		return nil, err
	}
	ans := sequenceAnswer{Name: g.Name(), Values: v}
	if p, ok := g.Period(v); ok {
		ans.Period = &p
	}
	return ans, nil
}
