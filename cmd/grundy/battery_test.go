package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nimbers/grundy/internal/cli"
	"github.com/nimbers/grundy/internal/testsize"
)

// A batteryCase is one adversarial input and its documented outcome.
type batteryCase struct {
	args  []string
	stdin string
	code  int
	want  string // in stdout for exit 0, in stderr for exit 2
	long  bool   // run only with -tags long
	// cpu bounds the CPU time (user and system) of the run; 0 means
	// batteryCPU. mem bounds its peak resident memory in MiB; 0 means
	// batteryMem.
	cpu time.Duration
	mem int64
}

// The bounds of a run at the default limits: "a few CPU seconds or a few
// hundred MB" before an answer or a refusal.
const (
	batteryCPU = 4 * time.Second
	batteryMem = 400
)

// batteries lists the battery's areas; each returns its cases, and file
// writes a file of the test's own for them to read.
var batteries = []func(file func(name, text string) string) []batteryCase{
	coreBattery, stopperBattery, misereBattery, filesBattery, heapBattery, rulesetBattery,
}

// FuzzAdversarialBattery runs the inputs that once ran for minutes, ran
// out of memory, or answered wrongly, and checks each outcome: exit 0 with
// the right answer, or exit 2 with one line that names the flag raising
// the limit (or no flag, for a limit none raises), and nothing on stdout.
// Each listed case runs in a process of its own, whose CPU time and peak
// resident memory must stay within the case's bounds; the ones that take
// over a second at the default limits run with -tags long. With -fuzz,
// the battery is the corpus: mutated inputs (operands joined by NUL, and
// stdin) must keep the contract of checkContract, or be interrupted when
// their second is up (exit 130), which tests that the work stops when
// cancelled.
func FuzzAdversarialBattery(f *testing.F) {
	dir := f.TempDir()
	file := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			f.Fatal(err)
		}
		return p
	}
	listed := make(map[[2]string]batteryCase)
	for _, area := range batteries {
		for _, c := range area(file) {
			in := [2]string{strings.Join(c.args, "\x00"), c.stdin}
			listed[in] = c
			f.Add(in[0], in[1])
		}
	}
	f.Fuzz(func(t *testing.T, joined, stdin string) {
		c, isListed := listed[[2]string{joined, stdin}]
		if isListed && c.long && !testsize.Long || len(joined)+len(stdin) > 1<<17 {
			return
		}
		args := strings.Split(joined, "\x00")
		name := strings.Join(args, " ")
		if len(name) > 80 {
			name = name[:80] + "…"
		}
		if !isListed {
			ctx, cancel := context.WithTimeout(t.Context(), time.Second)
			defer cancel()
			var outb, errb bytes.Buffer
			code := run(ctx, args, strings.NewReader(stdin), &outb, &errb)
			if code == cli.ExitIntr && ctx.Err() != nil && outb.Len() == 0 {
				return
			}
			checkContract(t, "grundy "+name, outb.String(), errb.String(), code)
			return
		}
		out, errs, code, cpu, mem := runMeasured(t, c)
		t.Logf("%-82s exit %d in %v CPU, %d MiB", name, code, cpu.Round(time.Millisecond), mem)
		maxCPU, maxMem := c.cpu, c.mem
		if maxCPU == 0 {
			maxCPU = batteryCPU
		}
		if maxMem == 0 {
			maxMem = batteryMem
		}
		switch {
		case code != c.code:
			t.Errorf("grundy %s: exit %d (%q), want %d", name, code, errs, c.code)
		case code == 0 && !strings.Contains(out, c.want):
			t.Errorf("grundy %s: stdout %.200q does not contain %q", name, out, c.want)
		case code == 2 && (out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, c.want)),
			code == 2 && strings.Contains(errs, "bits a value") && strings.Contains(errs, "raise it"):
			t.Errorf("grundy %s: stdout %.100q, stderr %q; want one line naming %q", name, out, errs, c.want)
		}
		if cpu > maxCPU {
			t.Errorf("grundy %s: %v of CPU, more than its bound of %v", name, cpu.Round(time.Millisecond), maxCPU)
		}
		if mem > maxMem {
			t.Errorf("grundy %s: %d MiB resident, more than its bound of %d MiB", name, mem, maxMem)
		}
	})
}

// runMeasured runs c in a process of its own and returns what it printed,
// its exit status, its CPU time and its peak resident memory in MiB, as
// the process reports it (0 where the system does not say). A run that takes ten times its CPU
// bound in wall time is killed.
func runMeasured(t *testing.T, c batteryCase) (stdout, stderr string, code int, cpu time.Duration, mem int64) {
	t.Helper()
	limit := c.cpu
	if limit == 0 {
		limit = batteryCPU
	}
	ctx, cancel := context.WithTimeout(t.Context(), 10*limit+10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], c.args...)
	peak := filepath.Join(t.TempDir(), "peak")
	cmd.Env = append(os.Environ(), "GRUNDY_RUN_MAIN=1", "GRUNDY_PEAK_FILE="+peak)
	cmd.Stdin = strings.NewReader(c.stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if cmd.ProcessState == nil {
		t.Fatalf("grundy %v: %v", c.args, err)
	}
	if ctx.Err() != nil {
		t.Fatalf("grundy %v: killed after %v", c.args, 10*limit+10*time.Second)
	}
	ps := cmd.ProcessState
	kb, _ := os.ReadFile(peak) // absent where there is no /proc
	mem, _ = strconv.ParseInt(string(kb), 10, 64)
	return out.String(), errb.String(), ps.ExitCode(), ps.UserTime() + ps.SystemTime(), mem >> 10
}

// coreBattery holds the cases of the first audit.
func coreBattery(file func(name, text string) string) []batteryCase {
	var path strings.Builder // a 2000-node Blue-Red-Green path for hackentree
	path.WriteString("2000\n")
	for i := range 1999 {
		path.WriteString(strconv.Itoa(i) + " ")
	}
	path.WriteString("\n" + strings.Repeat("BRG", 667)[:1999] + "\n")
	switches := make([]string, 29) // +-1 + +-2 + … + +-29
	for i := range switches {
		switches[i] = "+-" + strconv.Itoa(i+1)
	}
	heads := func(n int) string { return strings.Repeat("H", n) }
	return []batteryCase{
		// Partizan games: a green stalk is *n, a blue one the integer;
		// alternating stalks and long sums of switches grow
		// exponentially and are refused by their limits.
		{args: []string{"cgt", "hackenbush", strings.Repeat("G", 150)}, want: "*150\n"},
		{args: []string{"cgt", "hackenbush", strings.Repeat("B", 3000)}, want: "3000\n"},
		{args: []string{"cgt", "hackenbush", strings.Repeat("BG", 25)}, code: 2, want: "--max-output"},
		{args: []string{"cgt", "hackentree", file("path.txt", path.String())}, code: 2, want: "--budget"},
		{args: []string{"cgt", "canon", strings.Join(switches, "+"), "--budget", "100000"}, code: 2, want: "--budget"},
		{args: []string{"cgt", "canon", strings.Join(switches, "+")}, code: 2, want: "--max-output", long: true},
		{args: []string{"cgt", "canon", "-^"}, want: "v\n"},
		{args: []string{"cgt", "canon", "-{1|0}"}, want: "{0|-1}\n"},
		{args: []string{"cgt", "canon", "{0|-*}"}, want: "^\n"},
		// Coin-turning games: estimates before the values, the bitmaps'
		// bound at once (no flag raises it), winning moves bounded by
		// --max-output.
		{args: []string{"turning", "ap", "--position", heads(30000)}, code: 2, want: "--budget"},
		{args: []string{"turning", "ap", "-n", "32768"}, code: 2, want: "--budget"},
		{args: []string{"turning", "runs:squares", "-n", "67108864"}, code: 2, want: "--budget"},
		{args: []string{"turning", "mogul", "-n", "332"}, code: 2, want: "at-most:7 to coin 330"},
		{args: []string{"turning", "exactly:9", "-n", "200"}, code: 2, want: "exactly:9 to coin 118"},
		{args: []string{"turning", "at-most:4", "-n", "6000"}, code: 2, want: "at-most:4 to coin 5376"},
		{args: []string{"turning", "at-most:4", "-n", "3000"}, code: 2, want: "--budget"},
		{args: []string{"turning", "motley", "-n", "65"}, code: 2, want: "limit of 64\n"},
		{args: []string{"turning", "ap", "--position", heads(20000)}, code: 2, want: "--budget", long: true},
		{args: []string{"turning", "ap", "--position", heads(3000), "--max-output", "1000"}, code: 2, want: "--max-output"},
		// A series file is read only as far as --max-memory admits.
		{args: []string{"sps", "exp", file("s13.txt", strings.Repeat("0\n", 1<<13)), "--max-memory", "1M"}, code: 2, want: "more than 4096 coefficients"},
		{args: []string{"tartan", "--rule", "ap", "--rule", "ap", "--size", "30000", "--count-winning"}, code: 2, want: "--budget"},
		{args: []string{"tartan", "--rule", "mogul", "--rule", "mogul", "--size", "1000", "--count-winning"}, code: 2, want: "--budget"},
		{args: []string{"tartan", "--rule", "ruler", "--rule", "ruler", "--size", "10000", "--count-winning"}, want: "38266888029\n"},
		{args: []string{"tartan", "--game", "rugs", "--size", "1000000", "--count-winning"}, code: 0, want: "\n", long: true},
		// Sums: a Nim heap's value is its size; misère searches count
		// the options they hold.
		{args: []string{"sum", "nim 100000"}, want: "100000\n"},
		{args: []string{"sum", "--misere", "octal 0.07 100000", "octal 0.07 99999"}, code: 2, want: "--budget", long: true},
		{args: []string{"sum", "--misere", "octal 0.07 10000"}, code: 2, want: "--budget", long: true},
		{args: []string{"sum", "--misere", "octal 0.77 30 30 30 30"}, want: "second\n"},
		{args: []string{"sum", "--misere", "octal 0.77 30 30", "octal 0.07 30 30"}, code: 2, want: "--budget", long: true},
		// Sequences: a finite subtraction set has a period and no saltus.
		{args: []string{"subtraction", "1,3,4", "-n", "20", "--period"}, want: "period 7 preperiod 0"},
		{args: []string{"subtraction", "1,3,4", "-n", "14", "--period"}, want: "period 7 preperiod 0"},
		{args: []string{"octal", "0.8", "-n", "10000"}, code: 2, want: "--budget"},
		{args: []string{"octal", "0.004", "-n", "1000000"}, code: 2, want: "needs about", long: true, cpu: 6 * time.Second},
		// Operands are data: "help" is a malformed number here.
		{args: []string{"nim", "mul", "help", "3"}, code: 2, want: `operand 1: "help"`},
		// Counts are never trusted: 2^27 pairs announced, one given.
		{args: []string{"nim", "mul"}, stdin: "134217728\n1 2\n", code: 2, want: "input ends early"},
		{args: []string{"hackenbush"}, stdin: "16777216 16777216\n0 1\n", code: 2, want: "input ends early"},
	}
}
