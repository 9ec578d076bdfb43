package web

import (
	"fmt"
	"strings"
	"testing"
)

// TestScriptEndpoint runs sheets through /api/script and compares their
// answers with published values: Clobber xo = * and 2 × 2 Domineering
// ±1 (Winning Ways), {2|-1} of temperature 3/2 and mean 1/2 (Siegel,
// Combinatorial Game Theory, II.5), the Blue-Red-Blue Hackenbush string
// 3/4 (Winning Ways) as a ruleset the sheet defines.
func TestScriptEndpoint(t *testing.T) {
	h := Handler()
	sheet := `print(ruleset("clobber")("xo"))
d = ruleset("domineering")("..|..").value()
g = game("{2|-1}")
th = g.thermograph()
def cuts(colour):
    return lambda s: [s[:i] for i in range(len(s)) if s[i] == colour]
hb = ruleset("hackenbush", left=cuts("B"), right=cuts("R"))
brb = hb("BRB").value()
_hidden = 1
`
	body := fmt.Sprintf(`{"source": %q}`, sheet)
	code, out := post(t, h, "/api/script", body)
	if code != 200 {
		t.Fatalf("%d %v", code, out)
	}
	if o, _ := out["output"].([]any); len(o) != 1 || o[0] != "*" {
		t.Errorf("output %v; want [*]", out["output"])
	}
	g, _ := out["globals"].(map[string]any)
	th, _ := g["th"].(map[string]any)
	if g["d"] != "+-1" || g["g"] != "{2|-1}" || g["brb"] != "3/4" || th["temperature"] != "3/2" || th["mean"] != "1/2" {
		t.Errorf("globals %v", g)
	}
	if _, ok := g["_hidden"]; ok {
		t.Errorf("globals %v show _hidden", g)
	}
	if _, ok := g["cuts"]; ok {
		t.Errorf("globals %v show a function", g)
	}
}

// TestScriptErrors checks the statuses and places of a sheet's errors.
func TestScriptErrors(t *testing.T) {
	h := Handler()
	for _, c := range []struct {
		src       string
		code      int
		msg       string
		line, col float64
		heavy     bool // spends the whole budget: skipped with -short
	}{
		{"x = 1\ny = game(\"{1|\")\n", 400, "", 2, 9, false},
		{"print(1)\n  x = 2\n", 400, "indent", 2, 3, false},
		{"a = 1\nb = a +\n", 400, "", 2, 8, false},
		{"print(1)\nfail(\"no\")\n", 400, "no", 2, 5, false},
		{"x = 0\nwhile True:\n    x += 1\n", 413, "steps", 3, 0, true},
		// str() of 2^41 zeros, in one call of a built-in function.
		{"t = (0, 0)\nfor i in range(40):\n    t = (t, t)\nprint(str(t))\n", 413, "bytes", 0, 0, true},
		{"def f(n):\n    return f(n + 1)\nf(0)\n", 413, "10000 nested calls", 2, 0, false},
	} {
		// Under the race detector the interpreter is slower than the
		// server's 10 s allow for the whole budget.
		if c.heavy && testing.Short() {
			continue
		}
		code, out := post(t, h, "/api/script", fmt.Sprintf(`{"source": %q}`, c.src))
		msg, _ := out["error"].(string)
		if code != c.code || !strings.Contains(msg, c.msg) || msg == "" || c.line != 0 && out["line"] != c.line ||
			c.col != 0 && out["col"] != c.col {
			t.Errorf("%q: %d %v; want %d %q at %v:%v", c.src, code, out, c.code, c.msg, c.line, c.col)
		}
	}
	// The output printed before an error comes with it.
	_, out := post(t, h, "/api/script", `{"source": "print(\"before\")\nfail(\"no\")\n"}`)
	if o, _ := out["output"].([]any); len(o) != 1 || o[0] != "before" {
		t.Errorf("output before an error: %v", out)
	}
	for _, c := range []struct {
		body string
		code int
		msg  string
	}{
		{`{"source": "print(1)", "budget": 5}`, 400, `unknown field "budget"`},
		{`{"source": 5}`, 400, `field "source"`},
		{`{"source": "` + strings.Repeat("x", maxBody) + `"}`, 413, "over"},
	} {
		code, out := post(t, h, "/api/script", c.body)
		if msg, _ := out["error"].(string); code != c.code || !strings.Contains(msg, c.msg) {
			t.Errorf("%.40s: %d %v; want %d %q", c.body, code, out, c.code, c.msg)
		}
	}
}
