package nimfield

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/nimbers/grundy/nimber"
	"github.com/nimbers/grundy/nimmat"
)

// TestMatrixVerbs checks the matrix verbs on hand-worked cases: over
// nimbers, det [[1, 2], [3, 4]] = 1⊗4 ⊕ 2⊗3 = 4 ⊕ 1 = 5 and the inverse
// of diag(2, 3) is diag(3, 2) (2⊗3 = 1); over ordinals, det
// [[ω, 1], [1, ω]] = ω⊗ω ⊕ 1 = ω² + 1 (CGSuite: ω⊗ω = ω²), and the
// system ω·x + y = 1 has the solution x = ω⁻¹ = ω²⊗3 (ω³ = 2, 2⊗3 = 1).
func TestMatrixVerbs(t *testing.T) {
	ctx := t.Context()
	read := func(s string) *Matrix {
		m, err := ReadMatrix(strings.NewReader(s), "test")
		if err != nil {
			t.Fatalf("ReadMatrix(%q): %v", s, err)
		}
		return m
	}
	// calc checks the text and JSON of Calc(op) on in.
	calc := func(op, in, text, js string) {
		t.Helper()
		res, err := read(in).Calc(ctx, op, nil)
		if err != nil {
			t.Fatalf("%s %q: %v", op, in, err)
		}
		var b strings.Builder
		res.WriteTo(&b)
		j, _ := json.Marshal(res)
		if b.String() != text || string(j) != js {
			t.Errorf("%s %q: %q %s; want %q %s", op, in, b.String(), j, text, js)
		}
	}
	for _, c := range []struct{ in, det string }{
		{"2\n1 2\n3 4\n", "5"},
		{"2\nw 1\n1 w\n", "ω^2 + 1"},
		{"1\n0x10\n", "16"},
		{"0\n", "1"},
	} {
		calc("det", c.in, c.det+"\n", `{"value":"`+c.det+`"}`)
		calc("permanent", c.in, c.det+"\n", `{"value":"`+c.det+`"}`)
	}
	for _, c := range []struct{ in, rank string }{{"2 3\n1 2 3\n2 3 1\n", "1"}, {"2 3\nw 1 0\nw^2 w 0\n", "1"}, {"2\nw 1\n1 w\n", "2"}, {"0\n", "0"}} {
		calc("rank", c.in, c.rank+"\n", `{"rank":`+c.rank+`}`)
	}
	for _, c := range []struct{ in, text, json string }{
		{"2\n2 0\n0 3\n", "2\n3 0\n0 2\n", `{"inverse":[["3","0"],["0","2"]]}`},
		{"1\nw\n", "1\nω^2·3\n", `{"inverse":[["ω^2·3"]]}`},
	} {
		calc("inverse", c.in, c.text, c.json)
	}
	for _, c := range []struct{ in, text, json string }{
		{"1 3\nw 1 1\n", "ω^2·3 0\nω^2·3 1\n", `{"solution":["ω^2·3","0"],"null_space":[["ω^2·3","1"]]}`},
		{"2 3\n1 0 5\n0 1 6\n", "5 6\n", `{"solution":["5","6"],"null_space":[]}`},
		{"2 3\nw 0 1\n0 1 6\n", "ω^2·3 6\n", `{"solution":["ω^2·3","6"],"null_space":[]}`},
	} {
		calc("solve-linear", c.in, c.text, c.json)
	}
	if _, err := read("1\n1\n").Calc(ctx, "trace", nil); err == nil {
		t.Error("Calc(trace) on a matrix: no error")
	}
}

// TestMatrixErrors checks the refusals of the matrix verbs and of
// ReadMatrix.
func TestMatrixErrors(t *testing.T) {
	ctx := t.Context()
	for _, c := range []struct {
		in, verb, want string
		is             error
	}{
		{"2 3\n1 2 3\n4 5 6\n", "det", "the matrix is 2×3, not square", nimmat.ErrNotSquare},
		{"2 3\nw 2 3\n4 5 6\n", "inverse", "the matrix is 2×3, not square", nimmat.ErrNotSquare},
		{"2\n1 1\n1 1\n", "inverse", "the matrix is singular: it has no inverse", nimmat.ErrSingular},
		{"2\nw 1\nw 1\n", "inverse", "the matrix is singular: it has no inverse", nimmat.ErrSingular},
		{"2 3\n1 1 1\n1 1 2\n", "solve-linear", "no solution: the system is inconsistent", nimmat.ErrInconsistent},
		{"2 3\nw 1 1\nw 1 0\n", "solve-linear", "no solution: the system is inconsistent", nimmat.ErrInconsistent},
		{"1 1\nw\n", "solve-linear", "the augmented matrix [A | b] needs at least 2 columns, got 1", nil},
	} {
		m, err := ReadMatrix(strings.NewReader(c.in), "test")
		if err != nil {
			t.Fatalf("%q: %v", c.in, err)
		}
		if _, err = m.Calc(ctx, c.verb, nil); err == nil || err.Error() != c.want || c.is != nil && !errors.Is(err, c.is) {
			t.Errorf("%s %q: %v; want %q", c.verb, c.in, err, c.want)
		}
	}
	big := "1\nw" + strings.Repeat(" ", 1<<20) + "\n"
	for _, c := range [][2]string{
		{"2\nw x\n1 1\n", "test: row 1, entry 2: invalid syntax"},
		{"2\nw 1\n", "test: 1 rows, want 2"},
		{"2 3\nw 1\n1 w 0\n", "test: row 1 has 2 entries, want 3"},
		{"65\nw\n", "test: line 1 should be"},
		{"1\n1 2\n", "test: line 2: row 1 has more than 1 entries"},
		{big, "(a matrix of ordinals is read from at most 1048576 bytes)"},
	} {
		if _, err := ReadMatrix(strings.NewReader(c[0]), "test"); err == nil || !strings.Contains(err.Error(), c[1]) {
			t.Errorf("ReadMatrix(%.20q): %v; want %q", c[0], err, c[1])
		}
	}
}

// TestSolveLinearNimbers checks solveSystem on random systems of nimbers
// by multiplying out: A·x = b, and A·v = 0 for each vector v of the null
// space, which has n − rank(A) of them.
func TestSolveLinearNimbers(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	for range 50 {
		rows, cols := 1+r.IntN(5), 2+r.IntN(5)
		a := nimmat.New(rows, cols-1)
		var in strings.Builder
		fmt.Fprintf(&in, "%d %d\n", rows, cols)
		x0 := make([]nimber.Nimber, cols-1)
		for j := range x0 {
			x0[j] = nimber.Nimber(r.Uint64() >> r.IntN(64))
		}
		for i := range rows {
			for j := range cols - 1 {
				if r.IntN(3) > 0 {
					a.Row(i)[j] = nimber.Nimber(r.Uint64() >> r.IntN(64))
				}
				fmt.Fprintf(&in, "%d ", a.At(i, j))
			}
			fmt.Fprintf(&in, "%d\n", mulVec(a, x0)[i])
		}
		m, err := ReadMatrix(strings.NewReader(in.String()), "test")
		if err != nil {
			t.Fatal(err)
		}
		sx, null, err := m.solveSystem(t.Context(), nil)
		if err != nil {
			t.Fatalf("%q: %v", in.String(), err)
		}
		x := sx.nim.Row(0)
		for i, v := range mulVec(a, x) {
			if v != mulVec(a, x0)[i] {
				t.Fatalf("%q: A·x ≠ b for x = %v", in.String(), x)
			}
		}
		rank, _ := a.Rank(t.Context(), nil)
		if null.nim.Rows() != cols-1-rank {
			t.Fatalf("%q: null space of %d vectors, rank %d", in.String(), null.nim.Rows(), rank)
		}
		for i := range null.nim.Rows() {
			for _, v := range mulVec(a, null.nim.Row(i)) {
				if v != 0 {
					t.Fatalf("%q: null vector %d is not in the null space", in.String(), i)
				}
			}
		}
	}
}

// mulVec returns the product a·x by the definition.
func mulVec(a *nimmat.Matrix, x []nimber.Nimber) []nimber.Nimber {
	y := make([]nimber.Nimber, a.Rows())
	for i := range y {
		for j, v := range x {
			y[i] ^= a.At(i, j).Mul(v)
		}
	}
	return y
}
