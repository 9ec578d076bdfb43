package script

import (
	"errors"
	"testing"
)

// FuzzScript runs arbitrary scripts within a small budget: they may fail,
// but only with an *scriptError, and never panic or run away.
func FuzzScript(f *testing.F) {
	for _, s := range []string{
		`print(game("{0|*}") + game("^"))`,
		`r = ruleset("clobber"); print(r("xo.x"), r("xo").moves())`,
		"def m(n):\n    return [n - 1] if n else []\nr = ruleset('r', moves=m)\nprint(table(r, range(5)))\n",
		`h = ruleset("h", left=lambda s: [s[1:]], right=lambda s: []); print(h("ab"))`,
		`print(nimber(8) * 8, misere("*2+*"), loopy("on") - loopy("over"))`,
		`while True: pass`,
		`print(game("{2|-1}").thermograph(), compare(1, "*"))`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		_, err := newSession(&Options{Steps: 1e5, Memory: 64 << 20}).exec(t.Context(), "fuzz.star", []byte(src))
		var se *scriptError
		if err != nil && !errors.As(err, &se) {
			t.Fatalf("%q: %T %v is not an *scriptError", src, err, err)
		}
	})
}
