package main

import (
	"strings"
	"testing"
)

func TestLoopyCommand(t *testing.T) {
	for _, c := range []struct {
		args        []string
		stdin, want string
	}{
		{[]string{"loopy", "testdata/loopy.txt"}, "", "0 loss 4 0\n1 win 3 1\n2 loss 2 0\n3 win 1 1\n4 loss 0 0\n5 draw - ∞{}\n"},
		// A 3-cycle with a way out from 0 to a sink: 0 wins at once, 2
		// loses by moving to 0, 1 wins by moving to 2.
		{[]string{"loopy"}, "4 4\n0 1\n1 2\n2 0\n0 3\n", "0 win 1 2\n1 win 3 1\n2 loss 2 0\n3 loss 0 0\n"},
		// A position that can move to a loss or loop for ever: ∞{0} wins.
		{[]string{"loopy"}, "3 3\n0 0\n0 1\n2 2\n", "0 win 1 ∞{0}\n1 loss 0 0\n2 draw - ∞{}\n"},
		{[]string{"loopy"}, "3 3\n0 1\n1 2\n2 0\n0\n", "0 draw - ∞{}\nmove to 1 draw - ∞{}\n"},
		{[]string{"loopy"}, "3 2\n0 1\n0 2\n0\n", "0 win 1 1\nmove to 1 loss 0 0\nmove to 2 loss 0 0\n"},
		{[]string{"loopy"}, "1 0\n", "0 loss 0 0\n"},
		// Take 1 or 2, or add 1 to a heap within 4: heaps 1 and 2 empty
		// it, heap 3 escapes to 4, whence both sides keep adding back.
		{[]string{"loopy", "subtraction", "1,2", "1", "-n", "4"}, "", "0 loss 0 0\n1 win 1 ∞{0}\n2 win 1 ∞{0}\n3 draw - ∞{}\n4 draw - ∞{}\n"},
		{[]string{"loopy", "subtraction", "1,2", "1", "-n", "4", "--start", "3"}, "", "3 draw - ∞{}\nmove to 4 draw - ∞{}\n"},
		// No additions: the subtraction game 1,2, values h mod 3.
		{[]string{"loopy", "subtraction", "1,2", "-", "-n", "4"}, "", "0 loss 0 0\n1 win 1 1\n2 win 1 2\n3 loss 2 0\n4 win 3 1\n"},
	} {
		out, errs, code := runCLI(c.stdin, c.args...)
		if code != 0 || out != c.want || errs != "" {
			t.Errorf("grundy %q <%q: exit %d, stdout %q, stderr %q; want %q", c.args, c.stdin, code, out, errs, c.want)
		}
	}
	for _, c := range []struct {
		stdin, want string
		args        []string
	}{
		{"3 1\n0 3\n", "arc 1: vertex 3 is not a vertex (0 to 2)", nil},
		{"3 2\n0 1\n", "", nil},
		{"2 1\n0 1\n5\n", "start vertex 5", nil},
		{"2 1\n0 1\n1 1\n", "unexpected", nil},
		{"x", "the number of vertices", nil},
		{"3 3\n0 1\n1 2\n2 0\n", "raise it with --budget", []string{"--budget", "2"}},
		{"", "--n goes with loopy subtraction", []string{"-n", "3"}},
		{"", "\"0\" is not a positive size", []string{"subtraction", "0", "1", "-n", "3"}},
		{"", "\"x\" is not a positive size", []string{"subtraction", "1", "1,x", "-n", "3"}},
		{"", "the sizes to take and the sizes to add", []string{"subtraction", "1", "-n", "3"}},
		{"", "-n", []string{"subtraction", "1", "1"}},
		{"", "want an integer from 0 to 3", []string{"subtraction", "1", "1", "-n", "3", "--start", "4"}},
		{"", "raise it with --budget", []string{"subtraction", "1", "1", "-n", "1000000000"}},
	} {
		out, errs, code := runCLI(c.stdin, append([]string{"loopy"}, c.args...)...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, c.want) {
			t.Errorf("loopy <%q: exit %d, stdout %q, stderr %q; want an error naming %q", c.stdin, code, out, errs, c.want)
		}
	}
}

func TestSumWithLoopy(t *testing.T) {
	checkOutputs(t, []cliCase{
		// ∞ with no finite option: every move in nim 3 keeps the draw.
		{[]string{"sum", "loopy testdata/loopy.txt 5", "nim 3"}, "draw\n1: loopy testdata/loopy.txt 5: to 5\n2: nim 3: 3 -> 2\n2: nim 3: 3 -> 1\n2: nim 3: 3 -> (nothing)\n"},
		{[]string{"sum", "loopy testdata/loopy.txt 1", "nim 3"}, "2\n2: nim 3: 3 -> 1\n"},
		{[]string{"sum", "loopy testdata/loopy.txt 1", "nim 1"}, "0\n"},
		{[]string{"sum", "loopy testdata/loopy-inf.txt", "nim 1"}, "draw\n1: loopy testdata/loopy-inf.txt: to 0\n"},                                                                                     // not 1 -> (nothing), which ∞{0} wins
		{[]string{"sum", "loopy testdata/loopy-inf.txt", "octal 0.77 4"}, "draw\n1: loopy testdata/loopy-inf.txt: to 0\n2: octal 0.77 4: 4 -> 3\n2: octal 0.77 4: 4 -> 1 2\n2: octal 0.77 4: 4 -> 2\n"}, // not 4 -> 1 1, of value 0, which ∞{0} wins
		{[]string{"sum", "loopy testdata/loopy-inf.txt", "nim 2 2"}, "first\n1: loopy testdata/loopy-inf.txt: to 1\n"},
		// Heap 2 of take 1 or 2, add 1 within 8 is ∞{0}: with nim 2 a
		// draw, kept by any move but those leaving the sum of value 0.
		{[]string{"sum", "loopy subtraction 1,2 1 8 2", "nim 2"}, "draw\n1: loopy subtraction 1,2 1 8 2: to 1\n1: loopy subtraction 1,2 1 8 2: to 3\n2: nim 2: 2 -> 1\n"},
		{[]string{"sum", "loopy subtraction 1,2 1 8 2", "nim 0"}, "first\n1: loopy subtraction 1,2 1 8 2: to 0\n"},
		{[]string{"sum", "loopy testdata/loopy-inf.txt", "loopy testdata/loopy-inf.txt"}, "draw\n1: loopy testdata/loopy-inf.txt: to 0\n2: loopy testdata/loopy-inf.txt: to 0\n"},
	})
	checkRefusals(t, []cliCase{
		{[]string{"sum", "--misere", "loopy testdata/loopy-inf.txt"}, "misère play of a sum with an infinite loopy component"},
		{[]string{"sum", "loopy testdata/loopy.txt"}, "gives no start vertex"},
		{[]string{"sum", "loopy testdata/loopy.txt 9"}, "start vertex 9 is not one of 0 to 5"},
		{[]string{"sum", "loopy testdata/loopy.txt x"}, "start vertex \"x\" is not a number"},
		{[]string{"sum", "loopy no/such 1"}, "no such file"},
	})
}
