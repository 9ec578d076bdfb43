package main

import (
	"fmt"
	"math/big"
	"strings"
	"testing"
)

func TestCGTCommands(t *testing.T) {
	cases := []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"cgt", "canon", "{0|*}"}, "", "^\n"},
		// Rationals that are not dyadic, as CGSuite has them (GameTest,
		// game.Rational; EvalTest): 6/23 is Left's, 1/2 + 1/3 is 5/6.
		{[]string{"cgt", "canon", "6/23"}, "", "6/23\n"},
		{[]string{"cgt", "sensible-lines", "'{{3|{1|1}}|}'"}, "", "left '{3|{1|1}}' -> '{1|1}' -> 1\n"},
		{[]string{"cgt", "sensible-lines", "'{{*|*},1|-1,{*|*}}'"}, "", "left 1\nright -1\n"},
		{[]string{"cgt", "outcome", "-6/23"}, "", "Right\n"},
		{[]string{"cgt", "sum", "1/2", "1/3"}, "", "5/6\n"},
		{[]string{"cgt", "compare", "-3", "14/5"}, "", "<\n"},
		{[]string{"cgt", "canon", "1/3 + *"}, "", "1/3*\n"},
		{[]string{"cgt", "canon", "--unicode", "1/3 + ^"}, "", "1/3↑\n"},
		{[]string{"cgt", "sum", "1/3*", "2/3*"}, "", "1\n"},
		{[]string{"cgt", "compare", "1/3*", "1/3"}, "", "||\n"},
		{[]string{"cgt", "outcome", "-1/3 + {1|0}"}, "", "first\n"},
		{[]string{"cgt", "thermo", "1/3 + +-3"}, "", "mean 1/3\ntemperature 3\nleft stop 10/3\nright stop -8/3\nleft wall -1:13/3 3:1/3\nright wall -1:-11/3 3:1/3\n"},
		{[]string{"cgt", "canon", "{0||0|-1}"}, "", "Tiny(1)\n"},
		{[]string{"cgt", "canon", "1000+*9"}, "", "1000*9\n"},
		{[]string{"cgt", "compare", "^+*", "0"}, "", "||\n"},
		{[]string{"cgt", "compare", "^+^+*", "0"}, "", ">\n"},
		{[]string{"cgt", "compare", "v", "-1/64"}, "", ">\n"},
		{[]string{"cgt", "compare", "*+*", "0"}, "", "=\n"},
		{[]string{"cgt", "compare", "-1", "v"}, "", "<\n"},
		{[]string{"cgt", "sum", "^", "v"}, "", "0\n"},
		{[]string{"cgt", "sum", "1/2", "*", "1/2"}, "", "1*\n"},
		{[]string{"cgt", "outcome", "{1|-1}"}, "", "first\n"},
		{[]string{"cgt", "outcome", "^"}, "", "Left\n"},
		{[]string{"cgt", "thermo", "+-3"}, "", "mean 0\ntemperature 3\nleft stop 3\nright stop -3\nleft wall -1:4 3:0\nright wall -1:-4 3:0\n"},
		{[]string{"cgt", "hackenbush", "BRR"}, "", "1/4\n"},
		{[]string{"cgt", "hackentree", "testdata/bluered.txt"}, "", "1*\n"},
		{[]string{"cgt", "hackentree"}, "3\n0 0\nBR\n", "0\n"},
		{[]string{"cgt", "cutcake", "1", "5"}, "", "4\n"},
		{[]string{"cgt", "canon", "-^"}, "", "v\n"},
		{[]string{"cgt", "canon", "-{1|0}", "--budget", "100"}, "", "{0|-1}\n"},
		{[]string{"cgt", "sum", "--budget=1000", "-^", "{0|-*}"}, "", "0\n"},
		{[]string{"cgt", "hackenbush", strings.Repeat("G", 200)}, "", "*200\n"},
		{[]string{"cgt", "hackenbush", strings.Repeat("B", 3000)}, "", "3000\n"},
		{[]string{"cgt", "canon", "--max-output", "none", "+-1++-2"}, "", "+-{3|1}\n"},
		{[]string{"domineering", "--board", "testdata/domineering.txt"}, "", "{1*|*}\nLeft\n"},
		{[]string{"domineering"}, "..\n..\n", "+-1\nfirst\n"},
		{[]string{"cgt", "canon", "73/16+v9*8"}, "", "73/16v9*8\n"},
		{[]string{"cgt", "canon", "--unicode", "^^*+v"}, "", "↑*\n"},
		{[]string{"cgt", "birthday", "73/16+v9*8"}, "", "27\n"},
		{[]string{"cgt", "incentives", "^"}, "", "left v\nright ^*\n"},
		{[]string{"cgt", "cool", "{2|-1}", "1"}, "", "{1|0}\n"},
		{[]string{"cgt", "heat", "*2", "2"}, "", "+-{2,{4|0}}\n"},
		{[]string{"cgt", "--json", "heat", "^", "2"}, "", `{"game":"{2||0|-4}"}` + "\n"},
		{[]string{"domineering"}, "...\n...\n...\n", "+-1\nfirst\n"},
		{[]string{"cgt", "heat", "^", "*"}, "", "0\n"},
		{[]string{"cgt", "canon", "2147483648+2147483648"}, "", "4294967296\n"},
		{[]string{"cgt", "canon", "1000000000000+*"}, "", "1000000000000*\n"},
		{[]string{"cgt", "birthday", "-123456789012345678901234567890"}, "", "123456789012345678901234567890\n"},
		{[]string{"cgt", "overheat", "{1|0}", "1", "1*"}, "", "{2*|-1*}\n"},
		{[]string{"cgt", "freeze", "{4|2}"}, "", "3*\n"},
		{[]string{"cgt", "freeze", "3/4"}, "", "3/4\n"},
		{[]string{"cgt", "reduced", "5/2^*"}, "", "5/2\n"},
		{[]string{"cgt", "atomic-weight", "{^^|vv}"}, "", "*\n"},
		{[]string{"cgt", "atomic-weight", "^3*"}, "", "3\n"},
		{[]string{"cgt", "norton", "3", "{2|1}"}, "", "{5|4}\n"},
		{[]string{"cgt", "conjunctive", "*", "*"}, "", "*\n"},
		{[]string{"cgt", "selective", "*", "*"}, "", "*2\n"},
		{[]string{"cgt", "properties", "{0|{0|-2}}"}, "", "number false\nnimber false\ninfinitesimal true\nall-small false\nparity neither\ntemper neither\n"},
		// CGSuite's values (CanonicalShortGameTestCase.scala, GameTest.scala,
		// CompoundGameTestCase.scala in github.com/aaron-siegel/cgsuite).
		{[]string{"cgt", "properties", "{3||2*|1*}"}, "", "number false\nnimber false\ninfinitesimal false\nall-small false\nparity neither\ntemper odd-tempered\n"},
		{[]string{"cgt", "properties", "{0|*||*|||*||||*}"}, "", "number false\nnimber false\ninfinitesimal true\nall-small true\nparity neither\ntemper neither\nuptimal 0.1111\n"},
		{[]string{"cgt", "properties", "1*"}, "", "number false\nnimber false\ninfinitesimal false\nall-small false\nparity even\ntemper odd-tempered\nuptimal 1*.0\n"},
		{[]string{"cgt", "hackenbush", "BRBGRRR"}, "", "3/4v[3]*\n"},
		{[]string{"cgt", "conway-product", "{3|1}", "^^"}, "", "{^6|^^}\n"},
		{[]string{"cgt", "conway-product", "*19", "*23"}, "", "*86\n"},
		{[]string{"cgt", "conway-product", "'{*|*}'", "3"}, "", "0\n"},
		{[]string{"cgt", "ordinal-product", "1/2", "1/4"}, "", "11/32\n"},
		{[]string{"cgt", "ordinal-product", "*5", "*6"}, "", "*30\n"},
		{[]string{"cgt", "ordinal-sum", "'{*|*}'", "3"}, "", "^[3]\n"},
		{[]string{"cgt", "ordinal-sum", "{*|*}", "3"}, "", "3\n"},
		{[]string{"cgt", "ordinal-sum", "+-1", "^^"}, "", "{1,+-1|-1,{1,+-1,+-{1,+-1}|-1,+-1}}\n"},
		{[]string{"cgt", "companion", "{0||0|-3/2}"}, "", "{0,*||*|-3/2}\n"},
		{[]string{"cgt", "stop-count", "*8"}, "", "4374\n"},
		{[]string{"cgt", "number", "omega-5"}, "", "number ω-5\nabs ω-5\nsign 1\nbirthday ω+5\noutcome Left\nordinal false\n"},
		{[]string{"cgt", "number", "-6/23"}, "", "number -6/23\nabs 6/23\nsign -1\nbirthday ω\noutcome Right\ndyadic false\n"},
		{[]string{"cgt", "sensible", "'{0,*,-1|1}'"}, "", "left 0\nright 1\n"},
		{[]string{"cgt", "sensible", "'{*,^|0,^}'"}, "", "left * ^\nright 0\n"},
		{[]string{"cgt", "selective", "*5", "*6"}, "", "*11\n"},
		{[]string{"cgt", "selective-cgsuite", "*5", "*6"}, "", "*8\n"},
		{[]string{"cgt", "followers", "{0||0|-3/2}"}, "", "-2\n-3/2\n-1\n0\nTiny(3/2)\n{0|-3/2}\n"},
		// In CGSuite's order with --unicode too; JSON in CGSuite's notation.
		{[]string{"cgt", "followers", "{^|-1}", "--unicode"}, "", "-1\n0\n*\n↑\n{↑|-1}\n"},
		{[]string{"cgt", "followers", "{^|-1}", "--unicode", "--json"}, "", `{"followers":["-1","0","*","^","{^|-1}"]}` + "\n"},
	}
	for _, c := range cases {
		out, errs, code := runCLI(c.stdin, c.args...)
		if code != 0 || out != c.want || errs != "" {
			t.Errorf("grundy %q <%q: exit %d, stdout %q, stderr %q; want %q", c.args, c.stdin, code, out, errs, c.want)
		}
	}
}

func TestCGTErrors(t *testing.T) {
	cases := []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"cgt", "canon", "{0|*"}, "", "offset 0: unbalanced"},
		{[]string{"cgt", "canon", "{0|*}}"}, "", "offset 5"},
		{[]string{"cgt", "birthday", "1/3"}, "", "1/3 is not a short game"},
		{[]string{"cgt", "canon", "{1/3|1}"}, "", "offset 1: 1/3 is not dyadic"},
		{[]string{"cgt", "canon", "3/0"}, "", "division by zero"},
		{[]string{"cgt", "canon", "1 + q"}, "", "offset 4"},
		{[]string{"cgt", "canon", ""}, "", "empty"},
		{[]string{"cgt", "compare", "1", "{"}, "", "operand 2"},
		{[]string{"cgt", "sum"}, "", "at least 1"},
		{[]string{"cgt", "cutcake", "3", "x"}, "", "operand 2"},
		{[]string{"cgt", "hackenbush", "BQ"}, "", "'Q'"},
		{[]string{"cgt", "hackentree"}, "3\n0 0\nB\n", "ends early"},
		{[]string{"cgt", "hackentree"}, "3\n0 0\nBRB\n", "more than 2"},
		{[]string{"cgt", "frob"}, "", "unknown verb"},
		{[]string{"cgt", "canon", "--budget", "100", switches(6)}, "", "more than 100 steps: raise it with --budget"},
		{[]string{"cgt", "canon", switches(29)}, "", "1.1e+09 games written out, more than the limit of 4194304: raise it with --max-output"},
		{[]string{"cgt", "compare", "--budget", "10", switches(5), "0"}, "", "raise it with --budget"},
		{[]string{"cgt", "canon", "--max-output", "10", switches(6)}, "", "the answer needs about 127 games written out, more than the limit of 10: raise it with --max-output"},
		{[]string{"cgt", "hackenbush", strings.Repeat("BG", 25)}, "", "raise it with --max-output"},
		{[]string{"cgt", "canon", "--budget", "x", "^"}, "", "--budget \"x\""},
		{[]string{"cgt", "canon", "^", "--max-output"}, "", "needs a value"},
		{[]string{"domineering"}, "..\n.\n", "row 2"},
		{[]string{"domineering"}, "", "no rows"},
		{[]string{"domineering"}, "......\n......\n......\n......\n......\n......\n", "raise it with --budget"},
		{[]string{"domineering", "--board", "testdata/missing.txt"}, "", "missing.txt"},
		{[]string{"cgt", "atomic-weight", "{1|-1}"}, "", "has no atomic weight: +-1 is not infinitesimally close"},
		{[]string{"cgt", "norton", "^"}, "", "want 2 operands"},
		{[]string{"cgt", "conjunctive", "1000000000000", "1000000000000"}, "", "the conjunctive compound needs about 1e+12 moves deep, more than the limit of 65536"},
		{[]string{"cgt", "selective", "40000", "-40000"}, "", "steps, more than the limit of 4194304: raise it with --budget"},
		{[]string{"cgt", "selective", "--budget", "none", "40000", "-40000"}, "", "moves deep, more than the limit of 65536"},
		{[]string{"cgt", "thermo", "1/" + new(big.Int).Lsh(big.NewInt(1), 40000).String()}, "", "more than the limit of 4194304: raise it with --budget"},
		{[]string{"cgt", "overheat", "^", "1", "{"}, "", "operand 3"},
		{[]string{"cgt", "conjunctive", "--budget", "10", switches(4), switches(4)}, "", "raise it with --budget"},
	}
	for _, c := range cases {
		out, errs, code := runCLI(c.stdin, c.args...)
		checkContract(t, strings.Join(c.args, " "), out, errs, code)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("grundy %q <%q: exit %d, stderr %q; want %q", c.args, c.stdin, code, errs, c.want)
		}
	}
}

// FuzzCGT checks the exit-status contract for any game expression.
func FuzzCGT(f *testing.F) {
	for _, s := range []string{"{0|*}", "^*", "1/3", "{0||0|-1}", "Tiny(2)", "+-1", "{", "3/0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 24 || strings.Count(s, "{") > 4 || strings.Count(s, "*") > 4 {
			return // keep the games small: canonical forms can take exponential time
		}
		out, errs, code := runCLI("", "cgt", "canon", s)
		checkContract(t, "cgt canon "+s, out, errs, code)
	})
}

func TestServeErrors(t *testing.T) {
	for _, args := range [][]string{{"serve", "--addr", "256.0.0.1:99999"}, {"serve", "now"}, {"serve", "--port", "80"}} {
		out, errs, code := runCLI("", args...)
		checkContract(t, strings.Join(args, " "), out, errs, code)
		if code != 2 {
			t.Errorf("grundy %q: exit %d", args, code)
		}
	}
}

// switches returns "+-1++-2+…++-n", a sum whose canonical form grows as
// 2^n.
func switches(n int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = fmt.Sprintf("+-%d", i+1)
	}
	return strings.Join(parts, "+")
}

// TestCgtEach checks --each: each line's answer is the one the verb gives
// that line's operands alone, a malformed line stops the run before any
// answer, and a line past the budget is answered by its error.
func TestCgtEach(t *testing.T) {
	in := "{0|*}\t^\n# a comment\n\n^\t*\n1\t1/2\n"
	out, errs, code := runCLI(in, "cgt", "compare", "--each", "-")
	if want := "{0|*}\t^\t=\n^\t*\t||\n1\t1/2\t>\n"; code != 0 || errs != "" || out != want {
		t.Errorf("compare --each: exit %d, stderr %q, output %q, want %q", code, errs, out, want)
	}
	out, _, _ = runCLI(in, "cgt", "compare", "--each", "-", "--json")
	if want := `{"input":["{0|*}","^"],"answer":{"relation":"="}}` + "\n" +
		`{"input":["^","*"],"answer":{"relation":"||"}}` + "\n" +
		`{"input":["1","1/2"],"answer":{"relation":">"}}` + "\n"; out != want {
		t.Errorf("compare --each --json: %q, want %q", out, want)
	}
	// A verb of several lines of answer: every line after the operands.
	for _, g := range []string{"{2|-1}", "^*"} {
		alone, _, _ := runCLI("", "cgt", "thermo", g)
		var want strings.Builder
		for _, l := range strings.SplitAfter(strings.TrimSuffix(alone, "\n"), "\n") {
			want.WriteString(g + "\t" + l)
		}
		want.WriteString("\n")
		if out, _, _ := runCLI(g+"\n", "cgt", "thermo", "--each", "-"); out != want.String() {
			t.Errorf("thermo --each %s: %q, want %q", g, out, want.String())
		}
	}
	big := "{{{5|4}|{3|2}}|{{1|0}|{-1|-2}}} + {3|{2|{1|0}}} + ^^ + *7"
	out, errs, code = runCLI("^\n"+big+"\n*\n", "cgt", "canon", "--each", "-", "--budget", "3")
	if lines := strings.Split(out, "\n"); code != 0 || errs != "" || len(lines) != 4 || lines[0] != "^\t^" ||
		!strings.HasPrefix(lines[1], big+"\terror: ") || !strings.Contains(lines[1], "--budget") || lines[2] != "*\t*" {
		t.Errorf("canon --each past the budget: exit %d, stderr %q, output %q", code, errs, out)
	}
	for _, c := range []struct {
		stdin string
		args  []string
		err   string
	}{
		{"^\n{{\n", []string{"cgt", "canon", "--each", "-"}, "stdin line 2: operand 1"},
		{"^\t^\n", []string{"cgt", "canon", "--each", "-"}, "stdin line 1: want 1 operand"},
		{"^\n", []string{"cgt", "canon", "^", "--each", "-"}, "operands come from its file"},
		{"1\n", []string{"cgt", "hackentree", "--each", "-"}, "does not apply"},
		{"^\n", []string{"cgt", "thermo", "--each", "-", "--svg", "-"}, "does not apply"},
	} {
		out, errs, code := runCLI(c.stdin, c.args...)
		if code != 2 || out != "" || !strings.Contains(errs, c.err) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%q on %q: exit %d, stdout %q, stderr %q, want %q", c.args, c.stdin, code, out, errs, c.err)
		}
	}
	// Stoppers take --each too.
	if out, _, code := runCLI("on\t0\n", "stopper", "compare", "--each", "-"); code != 0 || out != "on\t0\t>\n" {
		t.Errorf("stopper compare --each: exit %d, %q", code, out)
	}
}

// TestStdinDash checks that "-" names standard input where a verb reads
// a file, and that Domineering takes only '.' and '#'.
func TestStdinDash(t *testing.T) {
	for _, args := range [][]string{{"domineering", "-"}, {"domineering", "--board", "-"}, {"domineering"}} {
		if out, errs, code := runCLI("..\n..\n", args...); code != 0 || out != "+-1\nfirst\n" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
	if out, _, code := runCLI("3 3\n0 1\n1 2\n2 0\n", "hackenbush", "-"); code != 0 || out != "1\nfirst\n1\n" {
		t.Errorf("hackenbush -: exit %d, %q", code, out)
	}
	if out, errs, code := runCLI(".X\n..\n", "domineering"); code != 2 || out != "" || !strings.Contains(errs, "'X' is not '.' or '#'") {
		t.Errorf("a board with X: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}
