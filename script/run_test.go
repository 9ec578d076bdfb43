package script

import (
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

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

// TestRunReader checks that RunReader runs what it reads (1 + 2 is 3),
// and refuses, naming the input, a script of 4 MiB and a byte, and one
// whose reading fails.
func TestRunReader(t *testing.T) {
	r, err := RunReader(t.Context(), nil, "in", strings.NewReader("x = 1 + 2\nprint(x)\n"))
	if b, _ := json.Marshal(r.Globals); err != nil || strings.Join(r.Output, ";") != "3" || string(b) != `{"x":3}` {
		t.Errorf("%+v %v", r, err)
	}
	long := strings.NewReader("#" + strings.Repeat("x", 1<<22))
	if _, err := RunReader(t.Context(), nil, "in", long); err == nil || err.Error() != "in: longer than 4194304 bytes" {
		t.Errorf("long script: %v", err)
	}
	bad := iotest.ErrReader(errors.New("broken"))
	if _, err := RunReader(t.Context(), nil, "in", bad); err == nil || err.Error() != "in: broken" {
		t.Errorf("failed read: %v", err)
	}
}

// TestLineReader checks the lines LineReader returns, io.EOF at the
// end, and that a line of more than 4 MiB is an error, not cut.
func TestLineReader(t *testing.T) {
	read := LineReader(strings.NewReader("a = 1\n\nb\n"))
	var got []string
	for {
		line, err := read(false)
		if err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		got = append(got, line)
	}
	if strings.Join(got, "|") != "a = 1||b" {
		t.Errorf("lines %q", got)
	}
	read = LineReader(strings.NewReader(strings.Repeat("x", 1<<22+1) + "\n"))
	if _, err := read(false); err == nil || err == io.EOF {
		t.Errorf("long line: %v, want an error", err)
	}
}
