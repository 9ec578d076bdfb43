package main

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

func TestGraphCommands(t *testing.T) {
	cases := []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"hackenbush", "testdata/triangle.txt"}, "", "1\nfirst\n1\n"},
		// A stalk of two and a loop on the ground: 2 ⊕ 1 = 3; cut the top
		// of the stalk (edge 1) to leave 1 ⊕ 1.
		{[]string{"hackenbush"}, "3 3\n0 1\n1 2\n0 0\n", "3\nfirst\n1\n"},
		{[]string{"hackenbush"}, "2 2\n0 1\n0 1\n", "0\nsecond\n"},
		{[]string{"hackenbush"}, "4 1\n2 3\n", "0\nsecond\n"}, // not grounded
		{[]string{"hackenbush"}, "1 0\n", "0\nsecond\n"},
		{[]string{"cointree", "testdata/cointree.txt"}, "", "4\nfirst\n0\n"},
		{[]string{"cointree"}, "3\n0 1\nH T H\n", "5\nfirst\n0 2\n"},
		{[]string{"cointree"}, "1\n\nT\n", "0\nsecond\n"},
		{[]string{"leafdel", "testdata/leafdel.txt"}, "", "3\nfirst\n2 3\n"},
		{[]string{"leafdel"}, "1\n", "1\nfirst\n0\n"},
		{[]string{"leafdel"}, "2\n0\n", "0\nsecond\n"},
		// Codeforces 1149E, samples 2 to 4.
		{[]string{"dag"}, "4 2\n1 5 1 5\n1 2\n3 4\n", "LOSE\n"},
		{[]string{"dag"}, "3 3\n314 159 265\n1 2\n1 3\n3 2\n", "WIN\n0 0 0\n"},
		{[]string{"dag"}, "6 4\n2 2 5 5 6 6\n1 3\n2 4\n3 5\n4 6\n", "LOSE\n"},
		{[]string{"dag", "--value", "testdata/dag.txt"}, "", "ω^2 + ω·2 + 3\nWIN\n0 0 0\n"},
	}
	for _, c := range cases {
		out, errs, code := runCLI(c.stdin, c.args...)
		if code != 0 || out != c.want || errs != "" {
			t.Errorf("grundy %q <%q: exit %d, stdout %q, stderr %q; want %q", c.args, c.stdin, code, out, errs, c.want)
		}
	}
	// Sample 1: any winning move; check it leaves a LOSE.
	out, _, code := runCLI("4 2\n2 1 1 5\n1 2\n3 4\n", "dag")
	lines := strings.Split(out, "\n")
	if code != 0 || lines[0] != "WIN" {
		t.Fatalf("sample 1: %q", out)
	}
	after, _, _ := runCLI("4 2\n"+lines[1]+"\n1 2\n3 4\n", "dag")
	if after != "LOSE\n" {
		t.Errorf("sample 1: the move to %q leaves %q", lines[1], after)
	}
}

func TestGraphErrors(t *testing.T) {
	cases := []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"hackenbush"}, "0 0\n", "ground"},
		{[]string{"hackenbush"}, "2 1\n0 2\n", "not a vertex"},
		{[]string{"hackenbush"}, "2 2\n0 1\n", "ends early"},
		{[]string{"hackenbush"}, "2 1\n0 1\n1\n", "unexpected"},
		{[]string{"hackenbush"}, "2 1\n0 x\n", "edge 0"},
		{[]string{"hackenbush"}, "2 1\n0 18446744073709551616\n", "edge 0"},
		{[]string{"hackenbush", "a", "b"}, "", "at most 1 operand"},
		{[]string{"hackenbush", "/nonexistent/g.txt"}, "", "no such file"},
		{[]string{"cointree"}, "3\n0 3\nHHH\n", "not a vertex"},
		{[]string{"cointree"}, "3\n2 1\nHHH\n", "cycle"},
		{[]string{"cointree"}, "3\n0 0\nHXH\n", "not H or T"},
		{[]string{"cointree"}, "3\n0 0\nHH\n", "ends early"},
		{[]string{"cointree"}, "3\n0 0\nHHHH\n", "more than 3 coins"},
		{[]string{"leafdel"}, "0\n", "root"},
		{[]string{"leafdel"}, "3\n0\n", "ends early"},
		{[]string{"leafdel"}, "2\n1\n", "own parent"},
		{[]string{"dag"}, "2 2\n1 1\n1 2\n2 1\n", "vertex 1 is on a directed cycle"},
		{[]string{"dag"}, "2 1\n1 1\n0 2\n", "not a vertex"},
		{[]string{"dag"}, "2 1\n1 -1\n1 2\n", "vertex 2"},
		{[]string{"dag", "--bogus"}, "", "bogus"},
	}
	for _, c := range cases {
		out, errs, code := runCLI(c.stdin, c.args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, c.want) {
			t.Errorf("grundy %q <%q: exit %d, stdout %q, stderr %q; want exit 2 naming %q", c.args, c.stdin, code, out, errs, c.want)
		}
	}
}

// TestHackenbushLarge runs a graph of 10^5 edges through the command and
// checks each listed winning cut by recomputing the value without it.
func TestHackenbushLarge(t *testing.T) {
	const n, m = 50000, 100000
	var edges [][2]int
	var lines []string
	for salt := uint64(9); ; salt++ {
		r := rand.New(rand.NewPCG(salt, salt))
		var b strings.Builder
		fmt.Fprintf(&b, "%d %d\n", n, m)
		edges = make([][2]int, m)
		for i := range edges {
			if i > 0 && i < n {
				edges[i] = [2]int{r.IntN(i), i}
			} else {
				edges[i] = [2]int{r.IntN(n), r.IntN(n)}
			}
			fmt.Fprintf(&b, "%d %d\n", edges[i][0], edges[i][1])
		}
		out, errs, code := runCLI(b.String(), "hackenbush")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		if lines = strings.Fields(out); lines[0] != "0" {
			break
		}
	}
	if lines[1] != "first" || len(lines) < 3 {
		t.Fatalf("value %s, %s, %d moves", lines[0], lines[1], len(lines)-2)
	}
	for _, l := range lines[2:min(len(lines), 5)] {
		cut, _ := strconv.Atoi(l)
		var c strings.Builder
		fmt.Fprintf(&c, "%d %d\n", n, m-1)
		for i, e := range edges {
			if i != cut {
				fmt.Fprintf(&c, "%d %d\n", e[0], e[1])
			}
		}
		out, _, _ := runCLI(c.String(), "hackenbush")
		if !strings.HasPrefix(out, "0\nsecond\n") {
			t.Errorf("cutting edge %d leaves %q", cut, out[:min(len(out), 20)])
		}
	}
}

// FuzzGraphInput feeds fuzzed files to the graph commands and checks the
// contract: exit 0 with nothing on stderr, or exit 2 with one line on
// stderr and nothing on stdout; never a panic.
func FuzzGraphInput(f *testing.F) {
	for _, s := range []string{"hackenbush|3 3\n0 1\n1 2\n2 0\n", "cointree|3\n0 1\nHTH\n", "leafdel|4\n0 1 0\n",
		"dag|3 3\n1 2 3\n1 2\n2 3\n1 3\n", "dag|2 2\n1 1\n1 2\n2 1\n", "hackenbush|2 1\n0 5\n", "cointree|2\n1\nHH",
		"cgt hackentree|4\n0 1 1\nBRG\n", "cgt hackentree|3\n0 0\nBX\n", "domineering|..\n.#\n", "domineering|..\n.\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		verb, file, ok := strings.Cut(in, "|")
		if !ok || !map[string]bool{"hackenbush": true, "cointree": true, "leafdel": true, "dag": true, "cgt hackentree": true, "domineering": true}[verb] {
			return
		}
		if (verb == "domineering" && strings.Count(file, ".") > 16) || (verb == "cgt hackentree" && len(file) > 40) {
			return // keep the canonical forms small
		}
		for _, w := range strings.FieldsFunc(file, func(r rune) bool { return r < '0' || r > '9' }) {
			if len(w) > 5 {
				return // counts below 10^5, so runs stay short
			}
		}
		out, errs, code := runCLI(file, strings.Fields(verb)...)
		checkContract(t, fmt.Sprintf("grundy %s <%q", verb, file), out, errs, code)
	})
}

func TestSumWithGraphs(t *testing.T) {
	tri := "hackenbush testdata/triangle.txt"
	coins := "cointree testdata/cointree.txt"
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"sum", tri, "nim 3"}, "2\n2: nim 3: 3 -> 1\n"},
		// Ruler's values 1 2 1 4 1: heads 0, 3, 4 are worth 4.
		{[]string{"sum", "turning ruler HTTHH", "nim 3"}, "7\n1: turning ruler HTTHH: turn 1-3\n1: turning ruler HTTHH: turn 0-4\n"},
		{[]string{"sum", tri, "nim 1"}, "0\n"},
		// The triangle (value 1) can move to 2 (cut an edge at the ground)
		// or 0: against nim 2 the cuts at the ground win too.
		{[]string{"sum", tri, "nim 2"}, "3\n1: " + tri + ": cut 0\n1: " + tri + ": cut 2\n2: nim 2: 2 -> 1\n"},
		{[]string{"sum", tri, tri, "nim 2"}, "2\n3: nim 2: 2 -> (nothing)\n"},
		{[]string{"sum", coins, "nim 1 1"}, "4\n1: " + coins + ": turn 0\n"},
		{[]string{"sum", coins, "nim 5"}, "1\n1: " + coins + ": turn 2\n1: " + coins + ": turn 3\n2: nim 5: 5 -> 4\n"},
		// The leaf-deletion tree has value 3.
		{[]string{"sum", "leafdel testdata/leafdel.txt", "nim 1"}, "2\n1: leafdel testdata/leafdel.txt: delete 3\n"},
		{[]string{"sum", "--anti-sg", tri, "nim 3"}, "first\n2: nim 3: 3 -> (nothing)\n"},
		{[]string{"sum", "--anti-sg", tri, tri}, "first\n1: " + tri + ": cut 1\n2: " + tri + ": cut 1\n"},
		// Misère by search: every cut leaves a stalk of two edges, from
		// which the next player cuts the top one and wins.
		{[]string{"sum", "--misere", tri}, "second\n"},
	}
	for _, c := range cases {
		out, errs, code := runCLI("", c.args...)
		if code != 0 || out != c.want || errs != "" {
			t.Errorf("grundy %q: exit %d, stdout %q, stderr %q; want %q", c.args, code, out, errs, c.want)
		}
	}
	for _, args := range [][]string{{"sum", "--misere", "--anti-sg", "nim 1"}, {"sum", "hackenbush"}, {"sum", "cointree a b"}} {
		out, errs, code := runCLI("", args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 {
			t.Errorf("grundy %q: exit %d, stdout %q, stderr %q; want an error", args, code, out, errs)
		}
	}
}

// TestAntiSGMatchesMisereNim: on Nim the Anti-SG rule is Bouton's misère
// rule, which --misere applies by its own code.
func TestAntiSGMatchesMisereNim(t *testing.T) {
	r := rand.New(rand.NewPCG(10, 10))
	for range 300 {
		heaps := []string{"nim"}
		for range 1 + r.IntN(4) {
			heaps = append(heaps, strconv.Itoa(r.IntN(5)))
		}
		comp := strings.Join(heaps, " ")
		a, _, _ := runCLI("", "sum", "--anti-sg", comp)
		m, _, _ := runCLI("", "sum", "--misere", comp)
		if a != m {
			t.Fatalf("%q: --anti-sg %q, --misere %q", comp, a, m)
		}
	}
}
