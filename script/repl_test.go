package script

import (
	"context"
	"io"
	"os"
	"slices"
	"strings"
	"testing"
)

// lines returns a readLine over ls that records the more flag of each
// call, and calls at(i) before it returns line i.
func lines(ls []string, more *[]bool, at func(i int)) func(bool) (string, error) {
	i := 0
	return func(m bool) (string, error) {
		*more = append(*more, m)
		if i == len(ls) {
			return "", io.EOF
		}
		i++
		if at != nil {
			at(i - 1)
		}
		return ls[i-1], nil
	}
}

// TestRepl runs a session and checks each entry against what Starlark's
// rules give by hand: a compound statement is one entry up to its blank
// line, an expression has a value and a statement none, printed lines
// belong to their entry, and an error leaves the session going.
func TestRepl(t *testing.T) {
	var more []bool
	var got []Entry
	in := []string{"x = 1", "x + 1", "def f(n):", "    print(n)", "    return n * 2", "", "f(3)", "1/0", `game("{2|-1}").temperature()`}
	err := Repl(t.Context(), nil, lines(in, &more, nil), nil, func(en *Entry, err error) error {
		if (err != nil) != (en.Error != nil) {
			t.Errorf("%q: error %v, Entry.Error %v", en.Input, err, en.Error)
		}
		got = append(got, *en)
		return nil
	})
	str := func(p *string) string {
		if p == nil {
			return "nil"
		}
		return *p
	}
	want := []struct{ input, output, value, err string }{
		{"x = 1\n", "", "nil", "nil"},
		{"x + 1\n", "", "2", "nil"},
		{"def f(n):\n    print(n)\n    return n * 2\n\n", "", "nil", "nil"},
		{"f(3)\n", "3", "6", "nil"},
		{"1/0\n", "", "nil", "<stdin>:1:2: floating-point division by zero"},
		{"game(\"{2|-1}\").temperature()\n", "", "3/2", "nil"}, // Siegel, CGT, II.5
	}
	if err != nil || len(got) != len(want) {
		t.Fatalf("%v: %d entries %+v, want %d", err, len(got), got, len(want))
	}
	for i, w := range want {
		g := got[i]
		if g.Input != w.input || strings.Join(g.Output, ";") != w.output || str(g.Value) != w.value || str(g.Error) != w.err {
			t.Errorf("entry %d: %q %q %s %s, want %q %q %s %s", i, g.Input, g.Output, str(g.Value), str(g.Error), w.input, w.output, w.value, w.err)
		}
	}
	// The continuation lines are those of the def, and of the end.
	wantMore := []bool{false, false, false, true, true, true, false, false, false, false}
	if !slices.Equal(more, wantMore) {
		t.Errorf("more %v, want %v", more, wantMore)
	}
}

// TestReplInterrupt stops an endless loop by a signal, drops an entry
// whose reading was cancelled, and sends printed lines to opt.Print: the
// session keeps its names throughout.
func TestReplInterrupt(t *testing.T) {
	intr := make(chan os.Signal, 1)
	var printed, reported []string
	in := []string{"x = 1", "print(\"a\")", "if True:", "    print(\"go\")", "    while True:", "        pass", "", "if True:", "CANCEL", "x + 1"}
	i := 0
	read := func(more bool) (string, error) {
		if i == len(in) {
			return "", io.EOF
		}
		i++
		if in[i-1] == "CANCEL" {
			return "", context.Canceled
		}
		return in[i-1], nil
	}
	opt := &Options{Steps: -1, Print: func(l string) {
		printed = append(printed, l)
		if l == "go" { // the loop runs: interrupt it
			intr <- os.Interrupt
		}
	}}
	err := Repl(t.Context(), opt, read, intr, func(en *Entry, err error) error {
		s := en.Input + "=" + strings.Join(en.Output, ";")
		if en.Value != nil {
			s += "=" + *en.Value
		}
		if err != nil { // the place is where the loop was stopped
			place, msg, _ := strings.Cut(err.Error(), ": ")
			s += "=" + strings.Split(place, ":")[0] + ": " + msg
		}
		reported = append(reported, s)
		return nil
	})
	want := []string{"x = 1\n=", "print(\"a\")\n=", "if True:\n    print(\"go\")\n    while True:\n        pass\n\n==<stdin>: interrupted", "x + 1\n==2"}
	if err != nil || !slices.Equal(reported, want) || !slices.Equal(printed, []string{"a", "go"}) {
		t.Errorf("%v: entries %q, printed %q; want %q and [a go]", err, reported, printed, want)
	}
}
