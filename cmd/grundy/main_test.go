package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/nimbers/grundy/internal/cli"
	"github.com/nimbers/grundy/internal/nimkern"
	"github.com/nimbers/grundy/nimber"
	"github.com/nimbers/grundy/script"
)

// TestMain lets scripts run in child processes of the test binary, as
// they do of grundy. It runs the command itself when the test binary is started with
// GRUNDY_RUN_MAIN set, so that tests can signal and measure a real
// process. With GRUNDY_PEAK_FILE set too, it runs the command without
// its signal handling and then writes there the process's peak resident
// memory (VmHWM of /proc/self/status): the child's own, where the
// rusage of a process started by fork and exec also counts its parent's.
func TestMain(m *testing.M) {
	script.ServeChild()
	if os.Getenv("GRUNDY_RUN_MAIN") != "" {
		os.Args = append([]string{"grundy"}, os.Args[1:]...)
		if peak := os.Getenv("GRUNDY_PEAK_FILE"); peak != "" {
			code := run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
			if status, err := os.ReadFile("/proc/self/status"); err == nil {
				for line := range strings.Lines(string(status)) {
					if kb, ok := strings.CutPrefix(line, "VmHWM:"); ok {
						os.WriteFile(peak, []byte(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(kb), "kB"))), 0o644)
					}
				}
			}
			os.Exit(code)
		}
		main()
	}
	os.Exit(m.Run())
}

// runCLI runs the command line in-process.
func runCLI(stdin string, args ...string) (stdout, stderr string, code int) {
	return runCLIReader(strings.NewReader(stdin), args...)
}

func runCLIReader(stdin io.Reader, args ...string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	code = run(context.Background(), args, stdin, &out, &errb)
	return out.String(), errb.String(), code
}

func TestNimVerbs(t *testing.T) {
	cases := []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"nim", "add", "5", "3"}, "", "6\n"},
		{[]string{"nim", "add", "1", "2", "4"}, "", "7\n"},
		{[]string{"nim", "mul", "8", "8"}, "", "13\n"},
		{[]string{"nim", "mul", "0x10", "0x10"}, "", "24\n"},
		{[]string{"nim", "mul", "2", "2", "2"}, "", "1\n"}, // 2 has order 3
		{[]string{"nim", "mul", "18446744073709551615", "1"}, "", "18446744073709551615\n"},
		{[]string{"nim", "div", "1", "2"}, "", "3\n"},
		{[]string{"nim", "inv", "3"}, "", "2\n"},
		{[]string{"nim", "square", "2"}, "", "3\n"},
		{[]string{"nim", "sqrt", "3"}, "", "2\n"},
		{[]string{"nim", "pow", "2", "3"}, "", "1\n"},
		{[]string{"nim", "pow", "0", "0"}, "", "1\n"},
		{[]string{"nim", "log", "2", "3"}, "", "2\n"},
		{[]string{"nim", "order", "2"}, "", "3\n"},
		{[]string{"nim", "order", "0x100000006"}, "", "18446744073709551615\n"},
		{[]string{"nim", "trace", "0"}, "", "0\n"},
		{[]string{"nim", "solve", "1", "1"}, "", "2\n3\n"},
		{[]string{"nim", "solve", "0", "3"}, "", "2\n"},
		{[]string{"nim", "solve", "1", "0"}, "", "0\n1\n"},
		{[]string{"nim", "table", "0"}, "", ""},
		{[]string{"nim", "table", "3"}, "", "0 0 0\n0 1 2\n0 2 3\n"},
		{[]string{"nim", "mul"}, "3\n1 2\n3 3\n0xff 0x100\n", "2\n2\n65280\n"},
		{[]string{"nim", "mul"}, "0\n", ""},
		{[]string{"nim", "mul"}, "  2 \r\n 4 4\t 16\n16", "6\n24\n"},
	}
	for _, c := range cases {
		out, errs, code := runCLI(c.stdin, c.args...)
		if code != 0 || out != c.want || errs != "" {
			t.Errorf("grundy %v: exit %d, stdout %q, stderr %q; want %q", c.args, code, out, errs, c.want)
		}
	}
}

func TestNimSolveNoRoots(t *testing.T) {
	// x² + x + c has no root when c has trace 1; find such a c.
	// Trace is linear and 0 on GF(2^32), so look among the powers of two.
	c := nimber.Nimber(1 << 32)
	for c.Trace() == 0 {
		c <<= 1
	}
	out, errs, code := runCLI("", "nim", "solve", "1", strconv.FormatUint(uint64(c), 10))
	if code != 0 || out != "" || errs != "" {
		t.Errorf("no roots: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

func TestNimTableMatchesMul(t *testing.T) {
	out, _, code := runCLI("", "nim", "table", "64")
	if code != 0 {
		t.Fatal("table failed")
	}
	rows := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(rows) != 64 {
		t.Fatalf("%d rows", len(rows))
	}
	for a, row := range rows {
		for b, f := range strings.Fields(row) {
			if f != strconv.FormatUint(uint64(nimber.Nimber(a).Mul(nimber.Nimber(b))), 10) {
				t.Fatalf("table[%d][%d] = %s", a, b, f)
			}
		}
	}
}

func TestBadInput(t *testing.T) {
	cases := []struct {
		args  []string
		stdin string
		want  string // part of the message
	}{
		{[]string{"nim", "mul", "1", "abc"}, "", `operand 2: "abc" is not a decimal`},
		{[]string{"nim", "mul", "-1", "2"}, "", "negative"},
		{[]string{"nim", "mul", "18446744073709551616", "2"}, "", "too large"},
		{[]string{"nim", "mul", "0x1ffffffffffffffff", "2"}, "", "too large"},
		{[]string{"nim", "mul", "5"}, "", "want at least 2 operands, got 1"},
		{[]string{"nim", "add"}, "", "want at least 2 operands, got 0"},
		{[]string{"nim", "div", "5", "0"}, "", "division by zero"},
		{[]string{"nim", "div", "5"}, "", "want 2 operands"},
		{[]string{"nim", "inv", "0"}, "", "0 has no inverse"},
		{[]string{"nim", "inv", "1", "2"}, "", "want 1 operand, got 2"},
		{[]string{"nim", "sqrt"}, "", "want 1 operand, got 0"},
		{[]string{"nim", "order", "0"}, "", "no multiplicative order"},
		{[]string{"nim", "log", "2", "5"}, "", "no solution"},
		{[]string{"nim", "log", "0", "5"}, "", "no solution"},
		{[]string{"nim", "pow", "2", "-1"}, "", "negative"},
		{[]string{"nim", "table", "5000"}, "", "larger than 4096"},
		{[]string{"nim", "solve", "1", "x"}, "", "operand 2"},
		{[]string{"nim", "frobnicate"}, "", `unknown verb "frobnicate"`},
		{[]string{"octopus"}, "", `unknown command "octopus" (run`},
		{[]string{"octl", "0.77"}, "", `unknown command "octl" (did you mean "octal"? run`},
		{[]string{"hackenbsuh"}, "", `(did you mean "hackenbush"?`},
		{[]string{"Turning"}, "", `(did you mean "turning"?`},
		{[]string{"nim", "mull", "8", "8"}, "", `unknown verb "mull" (did you mean "mul"?`},
		{[]string{"cgt", "xyz"}, "", `unknown verb "xyz" (run`},
		{[]string{"nim", "mul"}, "", "input ends early: expected the number of pairs"},
		{[]string{"nim", "mul"}, "2\n1 2\n", "line 3: input ends early: expected A of pair 2 of 2"},
		{[]string{"nim", "mul"}, "2\n1 2\n3", "expected B of pair 2 of 2"},
		{[]string{"nim", "mul"}, "1\n1 x\n", `line 2: B of pair 1 of 1: "x" is not`},
		{[]string{"nim", "mul"}, "1\n1 2 3\n", `unexpected "3" after the 1 pairs`},
		{[]string{"nim", "mul"}, "-1\n", "negative"},
		{[]string{"nim", "mul"}, "99999999999\n1 1\n", "is larger than"},
		{[]string{"nim", "mul"}, "1\n1 99999999999999999999\n", "too large"},
		{[]string{"nim", "mul"}, "1\n1 2\x00\n", "not a decimal"},
		{[]string{"nim", "mul", "1\n2", "3"}, "", "operand 1"},
	}
	for _, c := range cases {
		out, errs, code := runCLI(c.stdin, c.args...)
		if code != 2 || out != "" {
			t.Errorf("grundy %q: exit %d, stdout %q; want exit 2 and no output", c.args, code, out)
		}
		if !strings.HasPrefix(errs, "grundy: ") || strings.Count(errs, "\n") != 1 || !strings.HasSuffix(errs, "\n") {
			t.Errorf("grundy %q: stderr %q is not one line", c.args, errs)
		}
		if !strings.Contains(errs, c.want) {
			t.Errorf("grundy %q: stderr %q does not mention %q", c.args, errs, c.want)
		}
	}
}

func TestNimBench(t *testing.T) {
	out, errs, code := runCLI("", "nim", "bench", "64")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	// The CPU's name (where known), the tier, the CPU features (with
	// assembly), then the timings.
	if strings.HasPrefix(lines[0], "CPU: ") {
		lines = lines[1:]
	}
	if len(lines) < 7 || !strings.HasPrefix(lines[0], "tier in use: "+tierInUse()+";") {
		t.Fatalf("output %q", out)
	}
	lines = lines[1:]
	if strings.HasPrefix(lines[0], "CPU features: ") {
		lines = lines[1:]
	}
	if !strings.HasPrefix(lines[0], "Mul (scalar)") {
		t.Fatalf("output %q", out)
	}
	for _, l := range lines {
		// "path  ns ns/product", then "(cpu on the CPU)" where known.
		f := strings.Fields(l)
		i := slices.Index(f, "ns/product")
		if i < 1 {
			t.Fatalf("line %q", l)
		}
		if v, err := strconv.ParseFloat(f[i-1], 64); err != nil || v <= 0 {
			t.Fatalf("line %q: bad figure", l)
		}
		if rest := strings.Join(f[i+1:], " "); rest != "" && (!strings.HasPrefix(rest, "(") || !strings.HasSuffix(rest, " on the CPU)")) {
			t.Fatalf("line %q: bad CPU figure", l)
		}
	}
	for _, bad := range []string{"0", "99999999", "x"} {
		if _, _, code := runCLI("", "nim", "bench", bad); code != 2 {
			t.Errorf("nim bench %s: exit %d", bad, code)
		}
	}
}

// TestHelpIsAnOperand checks that the word help past the area and verb is
// an operand like any other, not a request for help.
func TestHelpIsAnOperand(t *testing.T) {
	for _, args := range [][]string{{"cgt", "canon", "help"}, {"sum", "nim 3", "help"}, {"nim", "mul", "help", "3"}} {
		out, errs, code := runCLI("", args...)
		if code != 2 || out != "" || !strings.Contains(errs, "help") {
			t.Errorf("grundy %q: exit %d, stdout %q, stderr %q; want the operand refused", args, code, out, errs)
		}
	}
}

// TestNoArguments checks that grundy alone, a mistake, prints its
// usage on stderr and exits with status 2.
func TestNoArguments(t *testing.T) {
	for _, args := range [][]string{{}, {"--json"}} {
		out, errs, code := runCLI("", args...)
		if code != 2 || out != "" || !strings.HasPrefix(errs, "usage: grundy <area>") || !strings.Contains(errs, "grundy --help") {
			t.Errorf("grundy %q: exit %d, stdout %q, stderr %q; want the usage on stderr, exit 2", args, code, out, errs)
		}
	}
}

// TestVersion checks that grundy version names the release and the Go
// release that built the test binary (go test records no commit).
func TestVersion(t *testing.T) {
	out, errs, code := runCLI("", "version")
	want := "grundy " + version + "\n" + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH + "\n"
	if code != 0 || errs != "" || !strings.HasPrefix(out, want) || strings.Count(out, "\n") != 3 {
		t.Errorf("grundy version: exit %d, stderr %q, stdout %q; want it to begin %q, and a commit line", code, errs, out, want)
	}
	if lines := strings.Split(out, "\n"); !strings.HasPrefix(lines[2], "commit ") {
		t.Errorf("grundy version: third line %q names no commit", lines[2])
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"help"}, {"nim"}, {"nim", "--help"}, {"nim", "help"}, {"nim", "mul", "-h"}, {"octal", "help"}} {
		out, errs, code := runCLI("", args...)
		if code != 0 || errs != "" || !strings.Contains(out, "grundy") {
			t.Errorf("grundy %v: exit %d, stderr %q", args, code, errs)
		}
	}
	// "help AREA [VERB]" prints what "AREA [VERB] --help" prints.
	for _, args := range [][]string{{"turning"}, {"nim", "mul"}, {"cgt"}} {
		want, _, _ := runCLI("", append(args, "--help")...)
		got, errs, code := runCLI("", append([]string{"help"}, args...)...)
		if code != 0 || errs != "" || got != want || !strings.Contains(got, args[0]) {
			t.Errorf("grundy help %v: exit %d, stderr %q, output %q, want %q", args, code, errs, got, want)
		}
	}
	if out, errs, code := runCLI("", "help", "nosuch"); code != 2 || out != "" || !strings.Contains(errs, "nosuch") {
		t.Errorf("grundy help nosuch: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	// Every verb's help names its example, and every example runs, from
	// a directory of its own, as a shell runs it.
	runExample := exampleShell(t)
	for _, a := range program.Commands() {
		for _, v := range a.Verbs {
			if !runsCommand(v.Example, a.Name, v.Name) {
				t.Errorf("example %q does not run %s %s", v.Example, a.Name, v.Name)
				continue
			}
			runExample(v.Example)
		}
	}
	// Every help page keeps to 100 columns, and every single command's
	// example runs it. (serve's would start a server.)
	pages := [][]string{{"--help"}}
	for _, a := range program.Commands() {
		pages = append(pages, []string{a.Name, "--help"})
		for _, v := range a.Verbs {
			pages = append(pages, []string{a.Name, v.Name, "--help"})
		}
		if a.Run == nil || a.Name == "serve" {
			continue
		}
		if !runsCommand(a.Example, a.Name) {
			t.Errorf("example %q does not run %s", a.Example, a.Name)
		} else {
			runExample(a.Example)
		}
	}
	for _, args := range pages {
		out, _, _ := runCLI("", args...)
		if !strings.Contains(out, "\n      e.g. ") && !strings.Contains(out, "\nexample: ") {
			t.Errorf("grundy %v names no example", args)
		}
		for _, line := range strings.Split(out, "\n") {
			if n := utf8.RuneCountInString(line); n > 100 {
				t.Errorf("grundy %v: a line of %d columns: %q", args, n, line)
			}
			// A word alone on a line is a hand-made break gone wrong, or
			// a widow the wrapping should have avoided.
			if f := strings.Fields(line); len(f) == 1 && !strings.HasSuffix(f[0], ":") {
				t.Errorf("grundy %v: a line of one word: %q", args, line)
			}
		}
	}
	// Each area's summary fits on its line of the areas list.
	for _, a := range program.Commands() {
		if n := utf8.RuneCountInString(a.Summary); 16+n > 100 {
			t.Errorf("%s: a summary of %d columns wraps in grundy --help", a.Name, n)
		}
	}
}

// runsCommand reports whether the shell command line example runs
// grundy followed by the words want.
func runsCommand(example string, want ...string) bool {
	want = append([]string{"grundy"}, want...)
	fields := shellWords(example)
	for i := range fields {
		if i+len(want) <= len(fields) && slices.Equal(fields[i:i+len(want)], want) {
			return true
		}
	}
	return false
}

// exampleShell returns a function that runs a help example with sh in an
// empty directory of its own, grundy on the PATH being this test binary
// run as the command, and reports an example that fails or prints
// nothing. Without sh (or on Windows), examples that are a plain grundy
// command line run in-process, and the others are skipped.
func exampleShell(t *testing.T) func(example string) {
	sh, err := exec.LookPath("sh")
	exe, err2 := os.Executable()
	if err != nil || err2 != nil || runtime.GOOS == "windows" {
		return func(example string) {
			fields := shellWords(example)
			if len(fields) < 2 || fields[0] != "grundy" || strings.ContainsAny(example, "|;>") {
				t.Logf("example %q not run: no sh", example)
				return
			}
			if out, errs, code := runCLI("", fields[1:]...); code != 0 || out == "" {
				t.Errorf("example %q: exit %d, stdout %q, stderr %q", example, code, out, errs)
			}
		}
	}
	bin := t.TempDir()
	if err := os.Symlink(exe, filepath.Join(bin, "grundy")); err != nil {
		t.Fatal(err)
	}
	return func(example string) {
		cmd := exec.Command(sh, "-c", example)
		cmd.Dir = t.TempDir()
		cmd.Env = append(os.Environ(), "GRUNDY_RUN_MAIN=1", "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
		var out, errs bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errs
		if err := cmd.Run(); err != nil || out.Len() == 0 {
			t.Errorf("example %q: %v, stdout %q, stderr %q", example, err, out.String(), errs.String())
		}
	}
}

// shellWords splits a command line as a shell would for the examples:
// at blanks, except inside double or single quotes, which are removed.
func shellWords(s string) []string {
	var out []string
	var cur strings.Builder
	inWord, quote := false, byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			cur.WriteByte(c)
		case c == '"' || c == '\'':
			quote, inWord = c, true
		case c == ' ':
			if inWord {
				out = append(out, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		out = append(out, cur.String())
	}
	return out
}

// refStream is an independent reading of the nim_product_64 format with
// strings.Fields and strconv, returning the products or false.
func refPairs(in string) ([][2]nimber.Nimber, bool) {
	f := strings.Fields(in)
	if len(f) == 0 {
		return nil, false
	}
	parse := func(s string) (uint64, bool) {
		if len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
			if s[2] == '+' || s[2] == '-' || s[2] == '_' {
				return 0, false
			}
			v, err := strconv.ParseUint(s[2:], 16, 64)
			return v, err == nil
		}
		if s[0] == '+' {
			return 0, false
		}
		v, err := strconv.ParseUint(s, 10, 64)
		return v, err == nil
	}
	t, ok := parse(f[0])
	if !ok || t > uint64(len(f)) || uint64(len(f)) != 1+2*t {
		return nil, false
	}
	var out [][2]nimber.Nimber
	for i := uint64(0); i < t; i++ {
		a, ok1 := parse(f[1+2*i])
		b, ok2 := parse(f[2+2*i])
		if !ok1 || !ok2 {
			return nil, false
		}
		out = append(out, [2]nimber.Nimber{nimber.Nimber(a), nimber.Nimber(b)})
	}
	return out, true
}

// refStream returns the products of the pairs of a nim_product_64 input.
func refStream(in string) ([]uint64, bool) {
	pairs, ok := refPairs(in)
	var out []uint64
	for _, p := range pairs {
		out = append(out, uint64(p[0].Mul(p[1])))
	}
	return out, ok
}

// FuzzNimLogStream feeds "nim log" Codeforces 1310F inputs and checks
// every answer by a^x = b, and every -1 by b^ord(a) ≠ 1.
func FuzzNimLogStream(f *testing.F) {
	f.Add("2\n2 3\n8 2\n")
	f.Add("1\n1 1\n")
	f.Add("1\n0 0\n")
	f.Add("1\n0x100000006 18446744073709551615\n")
	f.Add("2\n1 2\n")
	f.Fuzz(func(t *testing.T, in string) {
		out, errs, code := runCLI(in, "nim", "log")
		pairs, ok := refPairs(in)
		if !ok {
			if code != 2 || out != "" || strings.Count(errs, "\n") != 1 {
				t.Fatalf("input %q: exit %d, stdout %q, stderr %q; want a one-line error", in, code, out, errs)
			}
			return
		}
		lines := strings.Fields(out)
		if code != 0 || len(lines) != len(pairs) {
			t.Fatalf("input %q: exit %d, %d answers for %d queries", in, code, len(lines), len(pairs))
		}
		for i, p := range pairs {
			a, b := p[0], p[1]
			if lines[i] == "-1" {
				if a != 0 && b != 0 && b.Pow(a.Order()) == 1 {
					t.Fatalf("%d^x = %d: -1, but %d lies in the subgroup of %d", a, b, b, a)
				}
				continue
			}
			x, err := strconv.ParseUint(lines[i], 10, 64)
			if err != nil || a.Pow(x) != b {
				t.Fatalf("%d^x = %d: answer %q is wrong", a, b, lines[i])
			}
		}
	})
}

func FuzzNimMulStream(f *testing.F) {
	f.Add("3\n1 2\n3 3\n0xff 0x100\n")
	f.Add("1\n18446744073709551615 18446744073709551615\n")
	f.Add("2\n1 2\n")
	f.Add("")
	f.Add("1\n1\v2\n")
	f.Fuzz(func(t *testing.T, in string) {
		out, errs, code := runCLI(in, "nim", "mul")
		want, ok := refStream(in)
		if !ok {
			if code != 2 || out != "" || strings.Count(errs, "\n") != 1 {
				t.Fatalf("input %q: exit %d, stdout %q, stderr %q; want a one-line error", in, code, out, errs)
			}
			return
		}
		var sb strings.Builder
		for _, p := range want {
			fmt.Fprintf(&sb, "%d\n", p)
		}
		if code != 0 || out != sb.String() {
			t.Fatalf("input %q: exit %d, stdout %q, stderr %q; want %q", in, code, out, errs, sb.String())
		}
	})
}

func TestNimMulStreamLarge(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var in strings.Builder
	n := 5000
	fmt.Fprintf(&in, "%d\n", n)
	for range n {
		fmt.Fprintf(&in, "%d %#x\n", r.Uint64(), r.Uint64())
	}
	want, ok := refStream(in.String())
	out, errs, code := runCLI(in.String(), "nim", "mul")
	if !ok || code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Fields(out)
	for i, w := range want {
		if lines[i] != strconv.FormatUint(w, 10) {
			t.Fatalf("product %d: %s, want %d", i, lines[i], w)
		}
	}
}

// TestNimLogBatch feeds Codeforces 1310F's input (t, then t lines "a b")
// and checks each answer independently: a^x = b by repeated squaring, and
// -1 only when b is no power of a, that is b^ord(a) ≠ 1 (in a cyclic group
// the subgroup of order d is the set of roots of y^d = 1).
func TestNimLogBatch(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 10))
	var in strings.Builder
	type query struct{ a, b nimber.Nimber }
	var qs []query
	for i := range 300 {
		a := nimber.Nimber(r.Uint64() | 1)
		if i%3 == 0 {
			a = nimber.Nimber(r.Uint64N(1<<16) + 1) // a small subgroup
		}
		b := nimber.Nimber(r.Uint64() | 1)
		if i%2 == 0 {
			b = a.Pow(r.Uint64())
		}
		qs = append(qs, query{a, b})
	}
	qs = append(qs, query{1, 1}, query{1, 2}, query{2, 3}, query{8, 2})
	fmt.Fprintf(&in, "%d\n", len(qs))
	for _, q := range qs {
		fmt.Fprintf(&in, "%d %d\n", q.a, q.b)
	}
	out, errs, code := runCLI(in.String(), "nim", "log")
	lines := strings.Fields(out)
	if code != 0 || errs != "" || len(lines) != len(qs) {
		t.Fatalf("exit %d, %d lines, stderr %q", code, len(lines), errs)
	}
	none := 0
	for i, q := range qs {
		if lines[i] == "-1" {
			none++
			if q.b.Pow(q.a.Order()) == 1 {
				t.Errorf("%d^x = %d: -1, but %d lies in the subgroup of %d", q.a, q.b, q.b, q.a)
			}
			continue
		}
		x, err := strconv.ParseUint(lines[i], 10, 64)
		if err != nil || q.a.Pow(x) != q.b {
			t.Errorf("%d^x = %d: answer %q is wrong", q.a, q.b, lines[i])
		}
	}
	if none == 0 || none == len(qs) {
		t.Errorf("%d of %d queries without a logarithm: the test exercises one case only", none, len(qs))
	}
	for _, bad := range []string{"2\n1 2\n", "1\n0x 1\n", "1\n1 18446744073709551616\n", "x\n"} {
		out, errs, code := runCLI(bad, "nim", "log")
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 {
			t.Errorf("nim log <<%q: exit %d, stdout %q, stderr %q", bad, code, out, errs)
		}
	}
}

// TestInterrupted cancels a long run, as Ctrl-C does: exit status 130,
// "interrupted" on stderr and nothing on stdout.
func TestInterrupted(t *testing.T) {
	for _, args := range [][]string{
		{"octal", "0.004", "-n", "4000000", "--budget", "none"},
		{"grundys-game", "-n", "67108864"},
		{"sum", "--misere", "octal 0.8 3000"},
	} {
		ctx, cancel := context.WithTimeout(t.Context(), 200*time.Millisecond)
		var out, errb bytes.Buffer
		code := run(ctx, args, strings.NewReader(""), &out, &errb)
		cancel()
		if code != cli.ExitIntr || out.Len() != 0 || errb.String() != "grundy: interrupted\n" {
			t.Errorf("%v interrupted: exit %d, stdout %d bytes, stderr %q", args, code, out.Len(), errb.String())
		}
	}
}

// TestMissingFile checks that a file that cannot be opened is named with
// the reason, not with Go's "open" operation.
func TestMissingFile(t *testing.T) {
	for _, args := range [][]string{
		{"nim", "det", "testdata/none.txt"}, {"poly", "roots", "testdata/none.txt"},
		{"letters", "testdata/none.txt"}, {"hackenbush", "testdata/none.txt"},
		{"tartan", "--game", "rugs", "--board", "testdata/none.txt"}, {"sum", "cointree testdata/none.txt"},
	} {
		out, errs, code := runCLI("", args...)
		if code != 2 || out != "" || !strings.Contains(errs, "testdata/none.txt: no such file or directory") || strings.Contains(errs, "open ") {
			t.Errorf("grundy %q: exit %d, stderr %q", args, code, errs)
		}
	}
}

// A cliCase is a command line and what it should print: all of standard
// output, or a part of the one line of a refusal.
type cliCase struct {
	args []string
	want string
}

// checkOutputs wants each command to exit 0, print want and nothing on
// standard error.
func checkOutputs(t *testing.T, cases []cliCase) {
	t.Helper()
	for _, c := range cases {
		out, errs, code := runCLI("", c.args...)
		if code != 0 || out != c.want || errs != "" {
			t.Errorf("%q: %q %q %d; want %q", c.args, out, errs, code, c.want)
		}
	}
}

// checkRefusals wants each command to exit 2 with nothing on standard
// output and one line on standard error naming want.
func checkRefusals(t *testing.T, cases []cliCase) {
	t.Helper()
	for _, c := range cases {
		out, errs, code := runCLI("", c.args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, c.want) {
			t.Errorf("%q: %q %q %d; want an error naming %q", c.args, out, errs, code, c.want)
		}
	}
}

// tierInUse names the kernel tier nimber uses.
func tierInUse() string {
	ts := nimkern.Tiers()
	return ts[len(ts)-1].Name
}

func TestHelpFile(t *testing.T) {
	if err := program.CheckHelp(); err != nil {
		t.Error(err)
	}
}
