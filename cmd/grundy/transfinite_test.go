package main

import (
	"strings"
	"testing"
)

// TestNimTransfinite checks the nim verbs on ordinals against CGSuite's
// published products (GameTest.scala: ω⊗ω = ω², ω⊗ω² = 2,
// ω^ω⊗ω^(ω·4) = 4, ω^8⊗ω^8 = ω^5×2) and Conway's ω³ = 2 (ONAG, ch. 6),
// and nim excess against Lenstra (α_3 = 2, α_7 = ω + 1).
func TestNimTransfinite(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"nim", "mul", "w", "w"}, "ω^2\n"},
		{[]string{"nim", "mul", "w", "w^2"}, "2\n"},
		{[]string{"nim", "mul", "ω^ω", "w^(w*4)"}, "4\n"},
		{[]string{"nim", "mul", "w^8", "w^8"}, "ω^5·2\n"},
		{[]string{"nim", "pow", "w", "3"}, "2\n"},
		{[]string{"nim", "mul", "w", "w", "w"}, "2\n"},
		{[]string{"nim", "square", "w"}, "ω^2\n"},
		// ω⁻¹ = ω²⊗3, since ω³⊗3 = 2⊗3 = 1; and ω = (ω²⊗2)², since
		// ω⁴⊗3 = ω⊗2⊗3 = ω.
		{[]string{"nim", "inv", "w"}, "ω^2·3\n"},
		{[]string{"nim", "div", "1", "w"}, "ω^2·3\n"},
		{[]string{"nim", "sqrt", "w"}, "ω^2·2\n"},
		// Nim-addition adds coefficients by exclusive or: ω ⊕ ω = 0.
		{[]string{"nim", "add", "w^(w*4)+3", "w+5", "w"}, "ω^(ω·4) + 6\n"},
		{[]string{"nim", "mul", "w", "w", "--json"}, `{"value":"ω^2"}` + "\n"},
		// The finite path is unchanged: 8 ⊗ 8 = 13.
		{[]string{"nim", "mul", "8", "8"}, "13\n"},
		{[]string{"nim", "excess", "3"}, "f(p) 2  Q(p) {2}  excess 0  α_p 2\n"},
		// ω³ = 2 and 2 has order 3, so ω has order 9; ω lies in GF(64)
		// with trace 0, ω^2 is its second power, and the roots of
		// x² + x + ω have the sum 1 and the product ω.
		{[]string{"nim", "order", "w"}, "9\n"},
		{[]string{"nim", "order", "w^w", "--json"}, `{"value":"75"}` + "\n"},
		{[]string{"nim", "trace", "w"}, "0\n"},
		{[]string{"nim", "log", "w", "w^2"}, "2\n"},
		{[]string{"nim", "log", "w", "2"}, "3\n"},
		{[]string{"nim", "solve", "1", "w"}, "ω^2·3 + ω·2\nω^2·3 + ω·2 + 1\n"},
		{[]string{"nim", "solve", "0", "w", "--json"}, `{"roots":["ω^2·2"]}` + "\n"},
		{[]string{"nim", "excess", "7"}, "f(p) 3  Q(p) {3}  excess 1  α_p ω + 1\n"},
		// Past CGSuite's table, computed here (docs/notes.md).
		{[]string{"nim", "excess", "263"}, "f(p) 131  Q(p) {131}  excess 1  α_p ω^(ω^30) + 1\n"},
		{[]string{"nim", "excess", "7", "--json"}, `{"p":7,"f":3,"q":[3],"excess":"1","alpha":"ω + 1"}` + "\n"},
	} {
		out, errs, code := runCLI("", c.args...)
		if code != 0 || out != c.want {
			t.Errorf("%v: exit %d, %q %q; want %q", c.args, code, out, errs, c.want)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"nim", "excess", "359"}, "359 is past the table of the odd primes up to 353"},
		{[]string{"nim", "excess", "9"}, "9 is not an odd prime"},
		{[]string{"nim", "div", "w", "0"}, "division by zero"},
		{[]string{"nim", "pow", "w", "w"}, "the exponent (operand 2) is not an integer"},
		{[]string{"nim", "mul", "w^", "2"}, "operand 1: invalid syntax"},
		{[]string{"nim", "mul", "w"}, "at least 2 operands"},
		{[]string{"nim", "log", "2", "w"}, "ω is not a power of 2"},
		{[]string{"nim", "order", "0", "w"}, "1 operand"},
		{[]string{"nim", "table", "w"}, "not a decimal"},
	} {
		_, errs, code := runCLI("", c.args...)
		if code != 2 || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want one line with %q", c.args, code, errs, c.want)
		}
	}
}

// TestNimMatrixOrdinal: every matrix verb takes matrices of ordinals;
// det [[ω, 1], [1, ω]] = ω² + 1, and [[ω, 1], [ω², ω]] has rank 1
// (ω·ω = ω²). The inverse of [[ω, 1], [1, ω]] is the matrix itself over
// its determinant (the field has characteristic 2), whose inverse gives
// the matrix back; the system with right-hand side (1, 0) has that
// inverse's first column as its solution.
func TestNimMatrixOrdinal(t *testing.T) {
	for _, c := range []struct {
		args        []string
		stdin, want string
	}{
		{[]string{"nim", "det"}, "2\nw 1\n1 w\n", "ω^2 + 1\n"},
		{[]string{"nim", "permanent"}, "2\n\nw 1\n1 w\n", "ω^2 + 1\n"},
		{[]string{"nim", "rank"}, "2 3\nw 1 0\nw^2 w 0\n", "1\n"},
		{[]string{"nim", "det", "--json"}, "1\nw^(w*4)+3\n", `{"value":"ω^(ω·4) + 3"}` + "\n"},
		{[]string{"nim", "inverse"}, "2\nw 1\n1 w\n", "2\nω^2+ω·3+1 ω^2·3+ω+3\nω^2·3+ω+3 ω^2+ω·3+1\n"},
		{[]string{"nim", "inverse"}, "2\nω^2+ω·3+1 ω^2·3+ω+3\nω^2·3+ω+3 ω^2+ω·3+1\n", "2\nω 1\n1 ω\n"},
		{[]string{"nim", "solve-linear"}, "2 3\nw 1 1\n1 w 0\n", "ω^2+ω·3+1 ω^2·3+ω+3\n"},
		{[]string{"nim", "solve-linear", "--json"}, "1 3\nw 1 1\n", `{"solution":["ω^2·3","0"],"null_space":[["ω^2·3","1"]]}` + "\n"},
	} {
		out, errs, code := runCLI(c.stdin, c.args...)
		if code != 0 || out != c.want {
			t.Errorf("%v <%q: exit %d, %q %q; want %q", c.args, c.stdin, code, out, errs, c.want)
		}
	}
	for _, c := range [][2]string{{"inverse", "2\nw 1\nw 1\n"}, {"solve-linear", "2 3\nw 1 1\nw 1 0\n"}} {
		out, errs, code := runCLI(c[1], "nim", c[0])
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 {
			t.Errorf("nim %s of a singular matrix of ordinals: exit %d, %q %q", c[0], code, out, errs)
		}
	}
}

// FuzzOrdinalMatrix feeds matrices, some with ordinal entries, to the
// matrix verbs: each answers (exit 0, nothing on stderr) or refuses in
// one line on stderr with nothing on stdout (exit 2), never a panic.
func FuzzOrdinalMatrix(f *testing.F) {
	f.Add("2\nw 1\n1 w\n")
	f.Add("2 3\nw 1 1\n1 w 0\n")
	f.Add("1\nw^(w*4)+3\n")
	f.Add("2\nω^2+ω·3+1 1\n0 w\n")
	f.Add("3\nw\n")
	f.Fuzz(func(t *testing.T, in string) {
		for _, verb := range []string{"det", "rank", "inverse", "solve-linear"} {
			out, errs, code := runCLI(in, "nim", verb)
			switch {
			case code == 0 && errs == "" && out != "":
			case code == 2 && out == "" && strings.Count(errs, "\n") == 1:
			default:
				t.Fatalf("nim %s <%q: exit %d, stdout %q, stderr %q", verb, in, code, out, errs)
			}
		}
	})
}
