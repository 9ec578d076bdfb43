package script

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/nimbers/grundy/budget"
)

// TestRun checks Run's result: the lines printed, the globals, and an
// error's place; a list that holds one list twice, 40 levels deep (2^40
// values written out), is cut at 2^20 values.
func TestRun(t *testing.T) {
	r, err := Run(t.Context(), nil, "s", []byte("print(1)\nx = game(\"{1|-1}\")\nl = []\nfor i in range(40):\n    l = [l, l]\n"))
	b, _ := json.Marshal(r.Globals)
	if err != nil || strings.Join(r.Output, ";") != "1" || string(b) != `{"i":39,"x":"+-1"}` || !r.Truncated {
		t.Errorf("%v %v: %s", r.Output, err, b)
	}
	// The list of 2^40 values: toJSON writes 2^20 of them.
	s := newSession(nil)
	g, _ := s.exec(t.Context(), "s", []byte("l = []\nfor i in range(40):\n    l = [l, l]\n"))
	j, _ := jsonOf(g["l"])
	b, _ = json.Marshal(j)
	if n := strings.Count(string(b), "[") + strings.Count(string(b), "…"); n < 1<<20 || n > 1<<20+40 {
		t.Errorf("toJSON wrote %d values of the list, not 2^20 and the 40 levels' last", n)
	}
	r, err = Run(t.Context(), nil, "s", []byte("print(1)\n\nx = 1 +\n"))
	var e *scriptError
	if !errors.As(err, &e) || r.Line != 3 || r.Col != 8 || r.Error == "" || len(r.Output) != 0 {
		t.Errorf("syntax error: %+v %v", r, err)
	}
	// A loop stopped by its budget, at each of the steps of its body:
	// the place is in the body, never the jump back's (the sheet's start).
	for n := range 8 {
		r, err = Run(t.Context(), &Options{Steps: 100000 + float64(n)}, "s", []byte("print(1)\nx = 0\nwhile True:\n    x += 1\n"))
		if !errors.Is(err, budget.ErrTooLarge) || r.Line != 4 || strings.Join(r.Output, ";") != "1" {
			t.Errorf("budget: %+v %v", r, err)
		}
	}
	// The globals are {} when there are none, and absent after an error,
	// as docs/http-api.md has it.
	r, _ = Run(t.Context(), nil, "s", []byte("print(1)\n"))
	b, _ = json.Marshal(r)
	r2, _ := Run(t.Context(), nil, "s", []byte("x = 1\ny = x / 0\n"))
	b2, _ := json.Marshal(r2)
	if !strings.HasPrefix(string(b), `{"output":["1"],"globals":{},"steps":`) || strings.Contains(string(b2), "globals") {
		t.Errorf("no globals: %s; an error: %s", b, b2)
	}
	r, _ = Run(t.Context(), nil, "s", []byte("for i in range(2000):\n    print(\"x\" * 1000)\n"))
	if !r.Truncated || len(r.Output) < 1000 || len(r.Output) > 1100 {
		t.Errorf("output of 2 MB: %d lines, truncated %v", len(r.Output), r.Truncated)
	}
}
