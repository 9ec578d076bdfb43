package cli

import (
	"slices"
	"strings"
	"testing"
)

// TestParseFlags checks the one flag syntax against hand-worked cases:
// game operands that begin with a minus sign stay operands, flags take
// one style, and values are checked as declared.
func TestParseFlags(t *testing.T) {
	decls := []Flag{
		{Name: "n", Arg: "N", Kind: Int, Lo: 0, Hi: 100},
		{Name: "unicode"},
		BudgetFlag("steps", 1<<22, ""),
		MemoryFlag(0, ""),
		{Name: "rule", Arg: "R", Kind: List},
	}
	cases := []struct {
		args []string
		pos  []string
		get  func(*Values) any
		want any
		err  string
	}{
		{args: []string{"-^", "-1/2", "-{1|0}", "-5", "-over", "-", "x"}, pos: []string{"-^", "-1/2", "-{1|0}", "-5", "-over", "-", "x"}},
		{args: []string{"-n5", "a"}, pos: []string{"a"}, get: func(f *Values) any { return f.Int("n") }, want: 5},
		{args: []string{"-n", "7"}, get: func(f *Values) any { return f.Int("n") }, want: 7},
		{args: []string{"-n=8"}, get: func(f *Values) any { return f.Int("n") }, want: 8},
		{args: []string{"--budget=1e3"}, get: func(f *Values) any { return f.Limit("budget") }, want: 1e3},
		{args: []string{"--budget", "none"}, get: func(f *Values) any { return f.Limit("budget") }, want: -1.0},
		{args: []string{"--max-memory", "2K"}, get: func(f *Values) any { return f.Limit("max-memory") }, want: 2048.0},
		{args: []string{"--rule", "a", "--rule=b"}, get: func(f *Values) any { return strings.Join(f.List("rule"), ",") }, want: "a,b"},
		{args: []string{"--unicode", "--", "--unicode", "-n"}, pos: []string{"--unicode", "-n"}, get: func(f *Values) any { return f.Has("unicode") }, want: true},
		{args: []string{"--n", "5"}, err: `unknown flag "--n" (did you mean "-n"?`},
		{args: []string{"-budget", "5"}, err: `unknown flag "-budget" (did you mean "--budget"?`},
		{args: []string{"--bugdet", "5"}, err: `did you mean "--budget"?`},
		{args: []string{"--unicode=yes"}, err: "flag --unicode takes no value"},
		{args: []string{"--budget"}, err: "flag --budget needs a value"},
		{args: []string{"-n", "101"}, err: `-n "101": want an integer from 0 to 100`},
		{args: []string{"--budget", "0"}, err: `want a number of steps from 1 to 1e18 (default 2^22), or none`},
		{args: []string{"--max-memory", "8Q"}, err: `--max-memory "8Q": want bytes`},
	}
	for _, c := range cases {
		pos, fv, err := ParseFlags(c.args, decls)
		switch {
		case c.err != "":
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: error %v, want %q", c.args, err, c.err)
			}
		case err != nil:
			t.Errorf("%q: %v", c.args, err)
		case !slices.Equal(pos, c.pos):
			t.Errorf("%q: operands %q, want %q", c.args, pos, c.pos)
		case c.get != nil && c.get(fv) != c.want:
			t.Errorf("%q: value %v, want %v", c.args, c.get(fv), c.want)
		}
	}
	if _, _, err := ParseFlags(nil, []Flag{{Name: "n", Arg: "N", Kind: Int, Hi: 9, Need: true}}); err == nil || err.Error() != "missing flag -n" {
		t.Errorf("a missing -n: %v", err)
	}
}

// TestFlagText checks the defaults as help writes them.
func TestFlagText(t *testing.T) {
	for x, want := range map[float64]string{1 << 22: "2^22", 2e9: "2e9", 1e8: "1e8", 100000: "100000", 3: "3"} {
		if got := countText(x); got != want {
			t.Errorf("countText(%g) = %q, want %q", x, got, want)
		}
	}
	for x, want := range map[float64]string{4 << 30: "4G", 192 << 20: "192M", 5 << 28: "1.25G", 512: "512"} {
		if got := bytesText(x); got != want {
			t.Errorf("bytesText(%g) = %q, want %q", x, got, want)
		}
	}
}
