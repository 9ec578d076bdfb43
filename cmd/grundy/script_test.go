package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func init() {
	c := jsonCases["rulesets"]
	c.args, c.stdin, c.fields = []string{"script"}, "x = game('{0|*}')\nprint(x)\n", []string{"output", "globals", "steps"}
	jsonCases["script"] = c
	c.args, c.stdin, c.fields = []string{"repl"}, "g = game('{2|-1}')\ng.mean()\n", []string{"entries"}
	jsonCases["repl"] = c
}

// TestScript runs scripts through the command line: their output, their
// errors with the script's place, and their budgets.
func TestScript(t *testing.T) {
	dir := t.TempDir()
	file := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, c := range []struct {
		args       []string
		stdin      string
		code       int
		out, inErr string
	}{
		{[]string{"script"}, "print(ruleset('clobber')('xoxooo|xxxoox'))\n", 0, "v*\n", ""},
		{[]string{"script", file("ok.star", "print(game('^') + game('^'))\n")}, "", 0, "^^\n", ""},
		{[]string{"script", file("loop.star", "x = 0\nwhile True:\n    x += 1\n"), "--budget", "1e5"}, "", 2, "", "the script needs more than 100000 steps: raise it with --budget"},
		{[]string{"script", file("err.star", "print(1)\nprint(nosuch)\n")}, "", 2, "", "err.star:2:7: undefined: nosuch"},
		{[]string{"script", "--json"}, "x = nimber(8) * 8\nprint(x)\n", 0, `{"output":["*13"],"globals":{"x":"*13"},"steps":12}` + "\n", ""},
		{[]string{"repl"}, "x = 1\nx + 1\n1/0\nx\n", 0, "2\n1\n", "<stdin>:1:2: floating-point division by zero"},
		{[]string{"script", "a", "b"}, "", 2, "", "want at most 1 operand"},
		// str() of 2^41 zeros, one call of a built-in function; a
		// recursion without end; the same value typed in a repl, which
		// goes on without its names.
		{[]string{"script", "--max-memory", "64M"}, "t = (0, 0)\nfor i in range(40):\n    t = (t, t)\nprint(str(t))\n", 2, "", "grundy: script: the script needs more than 6.7e+07 bytes: raise it with --max-memory\n"},
		{[]string{"script", file("rec.star", "def f(n):\n    return f(n + 1)\nf(0)\n")}, "", 2, "", "rec.star:2:12: the script needs more than 10000 nested calls\n"},
		{[]string{"repl", "--max-memory", "64M"}, "x = 1\nt = (0, 0)\nfor i in range(40):\n    t = (t, t)\n\nt\nx\n2\n", 0, "2\n", "grundy: the session starts anew, its names lost: the script needs more than 6.7e+07 bytes: raise it with --max-memory\ngrundy: <stdin>:1:1: undefined: x\n"},
	} {
		out, errs, code := runCLI(c.stdin, c.args...)
		if code != c.code || out != c.out || !strings.Contains(errs, c.inErr) || (c.inErr == "" && errs != "") {
			t.Errorf("grundy %v: exit %d, stdout %q, stderr %q; want %d, %q, %q", c.args, code, out, errs, c.code, c.out, c.inErr)
		}
	}
}
