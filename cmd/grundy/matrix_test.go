package main

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/nimbers/grundy/nimber"
	"github.com/nimbers/grundy/nimmat"
)

func TestMatrixVerbs(t *testing.T) {
	cases := []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"nim", "det"}, "2\n1 2\n3 4\n", "5\n"}, // 1⊗4 ⊕ 2⊗3 = 4 ⊕ 1
		{[]string{"nim", "det", "testdata/m3.txt"}, "", "3\n"},
		{[]string{"nim", "permanent"}, "1\n7\n", "7\n"},
		{[]string{"nim", "rank"}, "2 3\n1 2 3\n2 3 1\n", "1\n"}, // row 2 = 2 ⊗ row 1
		{[]string{"nim", "rank"}, "0\n", "0\n"},
		{[]string{"nim", "inverse"}, "2\n2 0\n0 3\n", "2\n3 0\n0 2\n"},
		{[]string{"nim", "solve-linear", "testdata/system.txt"}, "", "3 6 0\n1 1 1\n"},
		{[]string{"nim", "solve-linear"}, "2 3\n1 0 5\n0 1 6\n", "5 6\n"},
	}
	for _, c := range cases {
		out, errs, code := runCLI(c.stdin, c.args...)
		if code != 0 || out != c.want || errs != "" {
			t.Errorf("grundy %v <<%q: exit %d, stdout %q, stderr %q; want %q", c.args, c.stdin, code, out, errs, c.want)
		}
	}
}

func TestMatrixVerbsLarge(t *testing.T) {
	// A random 150×150 matrix: the CLI agrees with the library, and the
	// inverse it prints is an inverse.
	r := rand.New(rand.NewPCG(3, 3))
	n := 150
	var in strings.Builder
	fmt.Fprintf(&in, "%d\n", n)
	m := nimmat.New(n, n)
	for i := range n {
		for j := range n {
			v := nimber.Nimber(r.Uint64())
			m.Row(i)[j] = v
			if j > 0 {
				in.WriteByte(' ')
			}
			in.WriteString(strconv.FormatUint(uint64(v), 10))
		}
		in.WriteByte('\n')
	}
	out, _, code := runCLI(in.String(), "nim", "det")
	d, _ := m.Det(t.Context(), nil)
	if code != 0 || out != fmt.Sprintf("%d\n", d) {
		t.Fatalf("det: %q, want %d", out, d)
	}
	out, _, code = runCLI(in.String(), "nim", "inverse")
	inv, err := nimmat.Read(strings.NewReader(out), "output")
	if code != 0 || err != nil {
		t.Fatalf("inverse: exit %d, %v", code, err)
	}
	p := m.Mul(inv)
	for i := range n {
		for j := range n {
			if (i == j) != (p.At(i, j) == 1) || i != j && p.At(i, j) != 0 {
				t.Fatalf("inverse: the product has %d at (%d, %d)", p.At(i, j), i, j)
			}
		}
	}
}

func TestMatrixBadInput(t *testing.T) {
	cases := []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"nim", "det"}, "2 3\n1 2 3\n4 5 6\n", "2×3, not square"},
		{[]string{"nim", "det", "--budget", "10"}, "3\n1 2 3\n4 5 6\n7 8 9\n", "the determinant of a 3×3 matrix needs about 24 multiply-adds, more than the limit of 10: raise it with --budget"},
		{[]string{"nim", "inverse", "--budget=x"}, "1\n1\n", "--budget \"x\""},
		{[]string{"nim", "inverse"}, "2 3\n1 2 3\n4 5 6\n", "not square"},
		{[]string{"nim", "inverse"}, "2\n1 1\n1 1\n", "singular"},
		{[]string{"nim", "det"}, "2\n1 2\n3\n", "row 2 has 1 entries"},
		{[]string{"nim", "det"}, "2\n1 2\n", "ends early"},
		{[]string{"nim", "det"}, "1\n18446744073709551616\n", "too large"},
		{[]string{"nim", "det"}, "1\nabc\n", "not a decimal"},
		{[]string{"nim", "det"}, "", "ends early"},
		{[]string{"nim", "det", "no/such/file"}, "", "no such file"},
		{[]string{"nim", "det", "a", "b"}, "", "at most 1 operand"},
		{[]string{"nim", "rank"}, "2 2\n1 2 3\n4 5\n", "more than 2 entries"},
		{[]string{"nim", "solve-linear"}, "2 3\n1 1 1\n1 1 2\n", "inconsistent"},
		{[]string{"nim", "solve-linear"}, "1\n5\n", "at least 2 columns"},
	}
	for _, c := range cases {
		out, errs, code := runCLI(c.stdin, c.args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, c.want) {
			t.Errorf("grundy %v <<%q: exit %d, stdout %q, stderr %q; want exit 2 mentioning %q", c.args, c.stdin, code, out, errs, c.want)
		}
	}
}
