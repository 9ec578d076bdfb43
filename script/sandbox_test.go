package script

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/nimbers/grundy/budget"
)

// TestMain lets the tests run scripts in child processes of the test
// binary, as the command does.
func TestMain(m *testing.M) {
	ServeChild()
	os.Exit(m.Run())
}

// Sheets that no check between the interpreter's steps can stop: one
// str() of a tuple that holds one tuple twice, 40 levels deep (2^41
// zeros written out), and one string of 2^31 bytes.
const (
	expSheet  = "t = (0, 0)\nfor i in range(40):\n    t = (t, t)\nprint(\"start\")\nprint(str(t))\n"
	bigSheet  = "print(\"start\")\ns = \"x\" * (1 << 20)\nfor i in range(11):\n    s = s + s\nprint(len(s))\n"
	recSheet  = "def f(n):\n    return f(n + 1)\nf(0)\n"
	loopSheet = "x = 0\nwhile True:\n    x += 1\n"
)

// TestSandboxBounds runs sheets past each bound in a sandbox and checks
// that each stops with its one-line error, its lines printed before.
func TestSandboxBounds(t *testing.T) {
	for _, c := range []struct {
		name, src string
		opt       Options
		want      string // in the error
		budget    bool
	}{
		{"exponential str", expSheet, Options{Memory: 64 << 20}, "bytes", true},
		{"doubled string", bigSheet, Options{Memory: 64 << 20}, "bytes", true},
		{"deep recursion", recSheet, Options{}, "10000 nested calls", true},
		{"endless loop", loopSheet, Options{Steps: 1e6}, "steps", true},
		// Hashing the tuple visits its 2^41 zeros, in little memory.
		{"exponential hash", "t = (0, 0)\nfor i in range(40):\n    t = (t, t)\nprint(\"start\")\nd = {t: 1}\n", Options{Time: time.Second}, "1 seconds", true},
	} {
		var lines []string
		c.opt.Print = func(l string) { lines = append(lines, l) }
		b := newSandbox(&c.opt)
		_, err := b.Exec(t.Context(), "s.star", []byte(c.src))
		b.Close()
		t.Logf("%s: %v", c.name, err)
		var e *scriptError
		if !errors.As(err, &e) || !strings.Contains(e.Msg, c.want) || strings.Contains(e.Msg, "\n") ||
			errors.Is(err, budget.ErrTooLarge) != c.budget {
			t.Errorf("%s: %v; want an *scriptError with %q, budget %v", c.name, err, c.want, c.budget)
		}
		if c.src != recSheet && c.src != loopSheet && (len(lines) == 0 || lines[0] != "start") {
			t.Errorf("%s: printed %q before the error", c.name, lines)
		}
	}
}

// TestSandboxUnbounded runs a sheet with its bounds lifted, which the
// child must receive as such.
func TestSandboxUnbounded(t *testing.T) {
	b := newSandbox(&Options{Steps: -1, Memory: -1})
	defer b.Close()
	if v, ok, err := b.Eval(t.Context(), "s", []byte("game(\"{2|-1}\").mean()\n")); v != "1/2" || !ok || err != nil {
		t.Errorf("without bounds: %q %v %v; want 1/2 (Siegel, CGT, II.5)", v, ok, err)
	}
}

// TestSandboxSession checks that the globals of a sandbox's chunks last
// from one to the next, that a chunk cancelled by its context leaves the
// session alive, and that a chunk killed past the memory bound starts it
// again, saying so.
func TestSandboxSession(t *testing.T) {
	b := newSandbox(&Options{Memory: 64 << 20})
	defer b.Close()
	eval := func(ctx context.Context, src string) (string, bool, error) {
		return b.Eval(ctx, "<stdin>", []byte(src+"\n"))
	}
	if _, _, err := eval(t.Context(), `g = game("{2|-1}")`); err != nil {
		t.Fatal(err)
	}
	if v, ok, err := eval(t.Context(), `g.temperature()`); v != "3/2" || !ok || err != nil {
		t.Errorf("g.temperature() = %q %v %v; want 3/2 (Siegel, CGT, II.5)", v, ok, err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 200*time.Millisecond)
	defer cancel()
	_, _, err := eval(ctx, "while True:\n    pass\n")
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("cancelled loop: %v", err)
	}
	if v, _, err := eval(t.Context(), `g.mean()`); v != "1/2" || err != nil {
		t.Errorf("after the cancellation, g.mean() = %q %v; want 1/2", v, err)
	}
	if _, _, err := eval(t.Context(), "t = (0, 0)\nfor i in range(40):\n    t = (t, t)\n"); err != nil {
		t.Fatal(err)
	}
	_, _, err = eval(t.Context(), "t")
	if !errors.Is(err, budget.ErrTooLarge) || !strings.Contains(err.Error(), "the session starts anew, its names lost: ") {
		t.Errorf("exponential value: %v", err)
	}
	if _, _, err := eval(t.Context(), `g`); err == nil || !strings.Contains(err.Error(), "undefined: g") {
		t.Errorf("after the restart, g: %v", err)
	}
}
