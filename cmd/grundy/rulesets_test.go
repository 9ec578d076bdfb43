package main

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/nimbers/grundy/games"
)

// TestRulesetExamples runs grundy game on every registered ruleset's
// example, and checks that grundy rulesets lists each.
func TestRulesetExamples(t *testing.T) {
	list, _, code := runCLI("", "rulesets")
	if code != 0 {
		t.Fatalf("rulesets: exit %d", code)
	}
	entries := games.Entries()
	if len(entries) < 20 {
		t.Errorf("%d rulesets registered", len(entries))
	}
	for _, r := range entries {
		if !strings.Contains(list, r.Name) {
			t.Errorf("grundy rulesets does not list %s", r.Name)
		}
		out, errs, code := runCLI("", append([]string{"game"}, r.Example...)...)
		if code != 0 || strings.Count(out, "\n") != 2 {
			t.Errorf("grundy game %q: exit %d, %q %q", r.Example, code, out, errs)
		}
	}
}

// firstLine returns the first line of the output of grundy args.
func firstLine(t *testing.T, args ...string) string {
	t.Helper()
	out, errs, code := runCLI("", args...)
	if code != 0 {
		t.Fatalf("grundy %q: exit %d, %s", args, code, errs)
	}
	line, _, _ := strings.Cut(out, "\n")
	return line
}

// nimText writes a Grundy value as grundy game does.
func nimText(v string) string {
	switch v {
	case "0":
		return "0"
	case "1":
		return "*"
	}
	return "*" + v
}

// TestCramIsImpartialDomineering checks the impartial variant of
// Domineering against Cram, and Cram on a row of n squares against
// Dawson's Kayles, the take-and-break game 0.07 (Winning Ways, ch. 4):
// a domino takes two adjacent squares, and may split the row.
func TestCramIsImpartialDomineering(t *testing.T) {
	for n := 1; n <= 30; n++ {
		row := strings.Repeat(".", n)
		want := firstLine(t, "game", "octal:0.07", strconv.Itoa(n))
		for _, args := range [][]string{{"game", "cram", row}, {"game", "domineering", row, "--impartial"}, {"game", "domineering", strings.Repeat(".|", n-1) + ".", "--impartial"}} {
			if got := firstLine(t, args...); got != want {
				t.Errorf("%q: %s, 0.07 gives %s", args, got, want)
			}
		}
	}
	rng := rand.New(rand.NewPCG(7, 1))
	for range 40 {
		rows := make([]string, 1+rng.IntN(3))
		for i := range rows {
			b := make([]byte, 4)
			for j := range b {
				b[j] = ".#"[min(rng.IntN(3), 1)]
			}
			rows[i] = string(b)
		}
		board := strings.Join(rows, "|")
		if got, want := firstLine(t, "game", "domineering", board, "--impartial"), firstLine(t, "game", "cram", board); got != want {
			t.Errorf("domineering %s --impartial: %s, cram gives %s", board, got, want)
		}
	}
}

// TestGameEach checks grundy game --each against one run a position, and
// its refusals: a malformed line stops the run before anything is
// printed; a line past the budget is answered by its error.
func TestGameEach(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 1))
	var lines []string
	for range 40 {
		s := make([]byte, 1+rng.IntN(7))
		for i := range s {
			s[i] = "tf.."[rng.IntN(4)]
		}
		lines = append(lines, string(s))
	}
	out, errs, code := runCLI(strings.Join(lines, "\n")+"\n# a comment\n\n", "game", "toads-frogs", "--each", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(got) != len(lines) {
		t.Fatalf("%d answers to %d lines", len(got), len(lines))
	}
	for i, l := range lines {
		one, _, _ := runCLI("", "game", "toads-frogs", l)
		if want := l + "\t" + strings.ReplaceAll(strings.TrimSuffix(one, "\n"), "\n", "\t"); got[i] != want {
			t.Errorf("line %d: %q, one at a time %q", i+1, got[i], want)
		}
	}
	if out, errs, code := runCLI("tt..ff\nttx\n", "game", "toads-frogs", "--each", "-"); code != 2 || out != "" || !strings.Contains(errs, "line 2") {
		t.Errorf("malformed line: exit %d, %q %q", code, out, errs)
	}
	out, _, code = runCLI("xo\nxoxo|oxox|xoxo\n", "game", "clobber", "--each", "-", "--budget", "50", "--json")
	if code != 0 || !strings.Contains(out, `"error":`) || !strings.Contains(out, `"value":"*"`) {
		t.Errorf("a line past the budget: exit %d, %q", code, out)
	}
}
