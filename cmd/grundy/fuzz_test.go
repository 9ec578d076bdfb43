package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// FuzzCLI runs fuzzed operands through the cheap commands and checks the
// contract: exit 0 with nothing on stderr, or exit 2 with one line on
// stderr and nothing on stdout; never a panic.
func FuzzCLI(f *testing.F) {
	for _, s := range []string{"octal|0.77|-n|20", "subtraction|1,3,4|-n|9|--period", "sum|octal 0.77 10|nim 3",
		"wythoff|-k|2|-n|5", "grundys-game|-n|30|--rare", "nim|mul|1|2", "nim|solve|3|5", "octal|-n", "sum|nim x",
		"turning|ruler|--position|HTTH", "turning|mock-turtles|-n|10", "turning|at-most:4|-n|30", "sum|--misere|nim 1 2", "octal|0.6|-n|50|--rare", "turning|mogul|-n|40",
		"octal|0.77|-n|20|--json", "sum|--json|nim 3 5", "nim|log|2|3|--json", "subtraction|1,2|-n|9|--period|--json", "misere|canon|*[2[2]321]", "misere|canon|{0,*2#}+*3",
		"values|testdata/0.6.values|--from|3|--to|9", "values|testdata/0.6.values|--rare", "survey|0.6|grundys-game|-n|50|--shard|1/2",
		"loopy|subtraction|1,2|1|-n|20|--start|3", "loopy|subtraction|2,3|-|-n|9|--json", "sum|loopy subtraction 1,2 1 8 3|nim 2"} {
		f.Add(s)
	}
	cheap := map[string]bool{"octal": true, "subtraction": true, "sum": true, "wythoff": true, "grundys-game": true, "nim": true, "turning": true, "values": true, "survey": true}
	f.Fuzz(func(t *testing.T, in string) {
		args := strings.Split(in, "|")
		if args[0] == "misere" && len(args) > 1 && args[1] == "canon" {
			args = append(args, "--budget", "1e5")
		} else if args[0] == "loopy" && len(args) > 1 && args[1] == "subtraction" {
			// Only the ruleset: a file operand could name a device that
			// never ends.
			args = append(args, "--budget", "1e5")
		} else if !cheap[args[0]] || (args[0] == "nim" && len(args) > 1 && (args[1] == "bench" || args[1] == "table" || args[1] == "mul" && len(args) == 2)) {
			return
		}
		for _, a := range args {
			if a == "--out" || a == "--checkpoint" || a == "--resume" || a == "--png" {
				return // these write files
			}
			for _, w := range strings.FieldsFunc(a, func(r rune) bool { return r < '0' || r > '9' }) {
				if len(w) > 4 {
					return // keep runs short: numbers below 10^4
				}
			}
		}
		out, errs, code := runCLI("", args...)
		checkContract(t, fmt.Sprintf("grundy %q", args), out, errs, code)
		if code == 0 && slices.Contains(args, "--json") && !json.Valid([]byte(out)) {
			t.Fatalf("grundy %q: --json printed %q, not JSON", args, out)
		}
	})
}

// checkContract fails unless a run exited 0 with nothing on stderr, or 2
// with one line on stderr and nothing on stdout.
func checkContract(t *testing.T, run, out, errs string, code int) {
	t.Helper()
	switch code {
	case 0:
		if errs != "" {
			t.Fatalf("%s: exit 0 with stderr %q", run, errs)
		}
	case 2:
		if out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "grundy: ") {
			t.Fatalf("%s: exit 2 with stdout %q, stderr %q", run, out, errs)
		}
	default:
		t.Fatalf("%s: exit %d", run, code)
	}
}

// FuzzCgtEach feeds cgt --each a list of games: an answer a line (or an
// error line past the budget) with exit 0, or one line on stderr, exit 2
// and nothing on stdout; with --json, every line one JSON object.
func FuzzCgtEach(f *testing.F) {
	for _, s := range []string{"{0|*}\n^\n", "^\t*\n1\t1/2\n", "# c\n\n{{\n", "1/3\n+-1\n", "{2|-1}\t1\n", "on\n", "\t\n", "*\t*\t*\n"} {
		f.Add(s, uint8(0), false)
	}
	verbs := []string{"canon", "compare", "sum", "thermo", "outcome", "cool", "sensible", "birthday"}
	f.Fuzz(func(t *testing.T, in string, verb uint8, asJSON bool) {
		args := []string{"cgt", verbs[int(verb)%len(verbs)], "--each", "-", "--budget", "1e4", "--max-output", "1e4"}
		if asJSON {
			args = append(args, "--json")
		}
		out, errs, code := runCLI(in, args...)
		checkContract(t, fmt.Sprintf("grundy %q on %q", args, in), out, errs, code)
		if code == 0 && asJSON {
			for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
				if line != "" && !json.Valid([]byte(line)) {
					t.Fatalf("grundy %q on %q: line %q is not JSON", args, in, line)
				}
			}
		}
	})
}
