package main

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestGameCommands(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"octal", "0.77", "-n", "12"}, "0 1 2 3 1 4 3 2 1 4 2 6\n"},
		{[]string{"octal", "-n=12", "0.77"}, "0 1 2 3 1 4 3 2 1 4 2 6\n"},
		{[]string{"octal", "0.77", "-n", "500", "--period"}, "period 12 preperiod 71 (proven by the periodicity theorem)\n"},
		{[]string{"octal", "0.07", "-n", "300", "--period"}, "period 34 preperiod 53 (proven by the periodicity theorem)\n"},
		{[]string{"octal", "0.77", "-n", "20", "--period"}, "no period found below 20\n"},
		{[]string{"subtraction", "1,3,4", "-n", "14"}, "0 1 0 1 2 3 2 0 1 0 1 2 3 2\n"},
		{[]string{"subtraction", "all-but:", "-n", "30", "--period"}, "period 1 preperiod 0 saltus 1 (observed below 30, not proven)\n"},
		{[]string{"grundys-game", "-n", "21"}, "0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0\n"},
		{[]string{"grundys-game", "-n", "30", "--rare"}, "mask 0xffffffffffffffff: 13 sparse heaps\n1 0\n2 0\n4 0\n7 0\n10 0\n13 3\n16 3\n19 3\n20 0\n22 3\n23 0\n25 3\n26 0\n"},
		{[]string{"wythoff", "-n", "4"}, "0 0\n1 2\n3 5\n4 7\n"},
		{[]string{"wythoff", "-k", "1", "-n", "3"}, "0 0\n1 3\n2 6\n"},
		{[]string{"sum", "octal 0.77 10", "nim 3"}, "1\n1: octal 0.77 10: 10 -> 1 7\n2: nim 3: 3 -> 2\n"},
		{[]string{"sum", "nim 1 2 3"}, "0\n"},
		{[]string{"sum", "subtraction 1,2 4"}, "1\n1: subtraction 1,2 4: 4 -> 3\n"},
		{[]string{"sum", "--misere", "nim 1 1 1"}, "second\n"},
		{[]string{"sum", "--misere", "nim 1 1 3"}, "first\n1: nim 1 1 3: 3 -> 1\n"},
		{[]string{"sum", "--misere", "octal 0.77 4"}, "second\n"},
		// Kayles's quotient proves its period at heap 168, so heaps of any size are decided by it.
		{[]string{"sum", "--misere", "octal 0.77 100000", "octal 0.77 99999"}, "first\n1: octal 0.77 100000: 100000 -> 99999\n2: octal 0.77 99999: 99999 -> 99997\n2: octal 0.77 99999: 99999 -> 3 99994\n2: octal 0.77 99999: 99999 -> 6 99991\n2: octal 0.77 99999: 99999 -> 18 99979\n2: octal 0.77 99999: 99999 -> 39 99958\n"},
		{[]string{"sum", "--misere", "octal 0.77 5 6", "grundys-game 7"}, "first\n1: octal 0.77 5 6: 5 -> 3\n1: octal 0.77 5 6: 5 -> 1 2\n1: octal 0.77 5 6: 6 -> 4\n"},
		{[]string{"letters", "testdata/words.txt"}, "first b c d e f g h i j k l m n o p q r s t u v w x y z\n"},
	}
	for _, c := range cases {
		out, errs, code := runCLI("", c.args...)
		if code != 0 || out != c.want || errs != "" {
			t.Errorf("grundy %q: exit %d, stdout %q, stderr %q; want %q", c.args, code, out, errs, c.want)
		}
	}
	// A long periodic octal game is filled from its proven period.
	out, _, code := runCLI("", "octal", "0.77", "-n", "1000000")
	if f := strings.Fields(out); code != 0 || len(f) != 1000000 || f[999999] != f[999999-12] {
		t.Errorf("octal 0.77 to 10^6: exit %d, %d values", code, len(f))
	}
	// Treblecross to 3000 costs about 1.4·10^5 option evaluations: over a
	// budget of 10^5, within the default and without one.
	def, _, _ := runCLI("", "octal", "0.007", "-n", "3000")
	out, errs, code := runCLI("", "octal", "0.007", "-n", "3000", "--budget", "none")
	if code != 0 || errs != "" || out != def || len(strings.Fields(out)) != 3000 {
		t.Errorf("octal 0.007 --budget none: exit %d, stderr %q, same as default %v", code, errs, out == def)
	}
	out, errs, code = runCLI("", "octal", "0.007", "-n", "3000", "--budget=1e5")
	if code != 2 || out != "" || !strings.Contains(errs, "raise --budget") || strings.Count(errs, "\n") != 1 {
		t.Errorf("octal 0.007 --budget 1e5: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

func TestGameCommandErrors(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"octal", "0.7x", "-n", "5"}, "not a digit"},
		{[]string{"octal", "077", "-n", "5"}, "want digits"},
		{[]string{"octal", "0.77"}, "missing flag -n"},
		{[]string{"octal", "0.77", "-n", "abc"}, "want an integer"},
		{[]string{"octal", "0.77", "-n", "0"}, "want an integer from 1"},
		{[]string{"octal", "0.77", "-n", "999999999"}, "needs about 1.1e+10 bytes, more than the limit of 4.3e+09: raise it with --max-memory"},
		{[]string{"octal", "0.77", "-n", "4294967297"}, "want an integer from 1 to 4294967296"},
		{[]string{"grundys-game", "-n", "4294967297"}, "want an integer from 1 to 4294967296"},
		{[]string{"grundys-game", "-n", "300000000", "--max-memory", "1G"}, "more than the limit of 1.1e+09: raise it with --max-memory"},
		{[]string{"wythoff", "-n", "16777217"}, "want an integer from 1 to 16777216"},
		{[]string{"octal", "0.77", "-n", "5", "--frob"}, "unknown flag"},
		{[]string{"octal", "0.77", "-n"}, "needs a value"},
		{[]string{"octal", "0.8", "-n", "100000"}, "more than the limit of 2e+09: ask for fewer terms, or raise --budget"},
		{[]string{"octal", "0.77", "-n", "5", "--budget", "x"}, "want a number of option evaluations"},
		{[]string{"octal", "0.77", "-n", "5", "--budget=0"}, "want a number of option evaluations"},
		{[]string{"octal", "0.77", "-n", "5", "--budget=-1"}, "want a number of option evaluations"},
		{[]string{"octal", "0.77", "-n", "5", "--budget", "NaN"}, "want a number of option evaluations"},
		{[]string{"subtraction", "1,2", "-n", "5", "--budget", "1e19"}, "want a number of option evaluations"},
		{[]string{"octal", "0.77", "-n", "5", "--budget"}, "needs a value"},
		{[]string{"subtraction", "1,x", "-n", "5"}, "not a positive size"},
		{[]string{"subtraction", "-n", "5"}, "want 1 operand"},
		{[]string{"wythoff", "-k", "-1", "-n", "5"}, "want an integer"},
		{[]string{"sum", "chess 5"}, "unknown game"},
		{[]string{"sum", "nim"}, "no heaps"},
		{[]string{"sum", "--misere", "octal 0.77 60 61", "octal 0.07 62"}, "needs more than 262144 positions: raise it with --budget"},
		{[]string{"sum", "--misere", "octal 0.07 100000", "octal 0.07 99999"}, "raise it with --budget"},
		{[]string{"sum", "--misere", "octal 0.77 20 21", "octal 0.07 9", "--budget", "1000"}, "more than 1000 positions"},
		{[]string{"sum", "--budget", "x", "nim 1"}, "--budget \"x\""},
		{[]string{"sum", "nim -3"}, "not a size"},
		{[]string{"sum"}, "at least 1 component"},
		{[]string{"letters", "testdata/p1.txt"}, "not a letter"},
		{[]string{"letters", "no/such"}, "no such file"},
	}
	for _, c := range cases {
		out, errs, code := runCLI("", c.args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, c.want) {
			t.Errorf("grundy %q: exit %d, stdout %q, stderr %q; want exit 2 mentioning %q", c.args, code, out, errs, c.want)
		}
	}
}

// TestOctalRare checks --rare against the values and the mask it prints:
// the heaps listed are those from 1 on with an even number of the mask's
// bits set in G(n) (the other way round for odd n when twisted).
func TestOctalRare(t *testing.T) {
	for _, args := range [][]string{{"octal", "0.6", "-n", "5000"}, {"octal", "0.74", "-n", "3000"}, {"subtraction", "1,4,5", "-n", "300"}, {"octal", "4.7", "-n", "400"}, {"octal", "0.35", "-n", "5000"}} {
		plain, _, code := runCLI("", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d", args, code)
		}
		var v []uint64
		for _, f := range strings.Fields(plain) {
			x, _ := strconv.ParseUint(f, 10, 64)
			v = append(v, x)
		}
		out, errs, code := runCLI("", append(args, "--rare")...)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		var mask uint64
		var count int
		head := strings.Replace(lines[0], ", twisted by heap parity", "", 1)
		twist := head != lines[0]
		if code != 0 || errs != "" {
			t.Fatalf("%v --rare: exit %d, %q", args, code, errs)
		}
		if _, err := fmt.Sscanf(head, "mask %v: %d sparse heaps", &mask, &count); err != nil || count != len(lines)-1 {
			t.Fatalf("%v --rare: first line %q (%v)", args, lines[0], err)
		}
		var want []string
		for h := 1; h < len(v); h++ {
			odd := twist && h%2 == 1
			if (bits.OnesCount64(v[h]&mask)%2 == 0) != odd {
				want = append(want, fmt.Sprintf("%d %d", h, v[h]))
			}
		}
		if !slices.Equal(lines[1:], want) {
			t.Fatalf("%v --rare: %d heaps listed, %d by the mask %#x", args, len(lines)-1, len(want), mask)
		}
	}
	for _, args := range [][]string{{"octal", "0.6", "-n", "50", "--rare", "--period"}, {"octal", "0.6", "-n", "50", "--rare", "--png", "-"}} {
		out, errs, code := runCLI("", args...)
		if code != 2 || out != "" || !strings.Contains(errs, "--rare goes with neither") {
			t.Errorf("%v: exit %d, %q, %q", args, code, out, errs)
		}
	}
}
