package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeTemp writes content to a file in a test directory and returns its path.
func writeTemp(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestPolyAndSpsVerbs(t *testing.T) {
	d := "testdata/"
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"poly", "mul", d + "p1.txt", d + "p2.txt"}, "2\n3\n3\n1\n"}, // (1+x+x²)(2+x)
		{[]string{"poly", "roots", d + "p1.txt"}, "2\n3\n"},
		{[]string{"poly", "divmod", d + "p1.txt", d + "p2.txt"}, "3 1\n0\n"},
		{[]string{"poly", "gcd", d + "p1.txt", d + "p2.txt"}, "2\n1\n"},
		{[]string{"sps", "cliques", d + "cliques.txt"}, "1 1 0\n2 3 1\n3 0 3\n4 6 2\n5 3 6\n"},
		{[]string{"sps", "conv", d + "s8one.txt", d + "s8one.txt"}, "1\n0\n0\n0\n0\n0\n0\n0\n"}, // g * g = g(∅)²
	}
	for _, c := range cases {
		out, errs, code := runCLI("", c.args...)
		if code != 0 || out != c.want || errs != "" {
			t.Errorf("grundy %v: exit %d, stdout %q, stderr %q; want %q", c.args, code, out, errs, c.want)
		}
	}
	// exp and log are inverse through files.
	for _, pair := range [][2]string{{"exp", "log"}, {"set-exp", "set-log"}} {
		out, _, code := runCLI("", "sps", pair[0], d+"s8.txt")
		if code != 0 {
			t.Fatalf("sps %s failed", pair[0])
		}
		back, _, code := runCLI("", "sps", pair[1], writeTemp(t, "g.txt", out))
		if code != 0 || strings.Fields(back)[7] != "7" || len(strings.Fields(back)) != 8 {
			t.Fatalf("sps %s ∘ %s: %q", pair[1], pair[0], back)
		}
	}
}

func TestPolyAndSpsBadInput(t *testing.T) {
	bad := writeTemp(t, "bad.txt", "1 2 x 4\n")
	zero := writeTemp(t, "zero.txt", "0 0\n")
	three := writeTemp(t, "three.txt", "0 1 2\n")
	big := writeTemp(t, "big.txt", "1 18446744073709551616\n")
	d := "testdata/"
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"poly", "mul", bad, d + "p1.txt"}, `coefficient 3: "x" is not`},
		{[]string{"poly", "mul", big, d + "p1.txt"}, "too large"},
		{[]string{"poly", "mul", d + "p1.txt"}, "want 2 file operands"},
		{[]string{"poly", "mul", "no/such", d + "p1.txt"}, "no such file"},
		{[]string{"poly", "roots", zero}, "zero polynomial"},
		{[]string{"poly", "gcd", d + "p1.txt", d + "p2.txt", "--budget", "1"}, "more than the limit of 1: raise it with --budget"},
		{[]string{"poly", "divmod", d + "p1.txt", zero}, "division by the zero polynomial"},
		{[]string{"sps", "exp", three}, "3 coefficients: a series has 2^n"},
		{[]string{"sps", "exp", d + "s8one.txt"}, "needs f_0 = 0"},
		{[]string{"sps", "log", d + "s8.txt"}, "needs g_0 = 1"},
		{[]string{"sps", "conv", d + "s8.txt", d + "p2.txt"}, "series of 8 and 2"},
		{[]string{"sps", "cliques", writeTemp(t, "empty.txt", "")}, "no clique values"},
		{[]string{"sps", "frob"}, "unknown verb"},
		{[]string{"sps", "exp", d + "s8.txt", "--max-memory", "500"}, "a series on 3 elements needs about 896 bytes, more than the limit of 500: raise it with --max-memory"},
		{[]string{"sps", "conv", d + "s8.txt", d + "s8.txt", "--max-memory", "800"}, "raise it with --max-memory"},
		{[]string{"sps", "cliques", d + "cliques.txt", "--max-memory", "100"}, "raise it with --max-memory"},
		{[]string{"sps", "set-log", d + "s8one.txt", "--max-memory", "8Q"}, `--max-memory "8Q": want bytes`},
		{[]string{"sps", "set-log", d + "s8one.txt", "--max-memory", "0"}, `--max-memory "0": want bytes`},
	}
	if out, errs, code := runCLI("", "sps", "set-exp", d+"s8.txt", "--max-memory", "none"); code != 0 || out == "" {
		t.Errorf("--max-memory none: exit %d, %q", code, errs)
	}
	for _, c := range cases {
		out, errs, code := runCLI("", c.args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, c.want) {
			t.Errorf("grundy %v: exit %d, stdout %q, stderr %q; want exit 2 mentioning %q", c.args, code, out, errs, c.want)
		}
	}
}
