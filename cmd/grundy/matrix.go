package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/nimber"
	"github.com/nimbers/grundy/nimfield"
	"github.com/nimbers/grundy/nimmat"
)

// matrixVerbs are the linear-algebra verbs of the nim area.
func matrixVerbs() []verb {
	const format = "FILE (or stdin): a line \"n\" or \"n m\", then the rows, one per line"
	return []verb{
		{"det", "[FILE]", "the determinant of a square matrix; " + format, `printf '2\n1 2\n3 4\n' | grundy nim det`, nimDet},
		{"permanent", "[FILE]", "the permanent of a square matrix (equal to the determinant over nimbers)", `printf '2\n1 2\n3 4\n' | grundy nim permanent`, nimDet},
		{"rank", "[FILE]", "the rank of a matrix", `printf '2 3\n1 2 3\n2 3 1\n' | grundy nim rank`, nimRank},
		{"inverse", "[FILE]", "the inverse of a square matrix, in the same format (an error if singular)", `printf '2\n1 2\n3 4\n' | grundy nim inverse`, nimInverse},
		{"solve-linear", "[FILE]", "solve A·x = b for the n×m augmented matrix [A | b]: prints a solution x on the first line, then a basis of the null space of A, one vector per line; an error if there is no solution", `printf '2 4\n1 1 0 5\n0 1 1 6\n' | grundy nim solve-linear`, nimSolveLinear},
	}
}

// nimVerbFlags are the flags of the nim verbs that take any.
func nimVerbFlags() map[string][]flag {
	b := []flag{budgetOf("multiply-adds", nimmat.DefaultLimit, "the multiply-adds, estimated first")}
	return map[string][]flag{"det": b, "permanent": b, "rank": b, "inverse": b, "solve-linear": b,
		"table": {{name: "png", arg: "FILE", kind: fileFlag, help: "a heat map of the table written to FILE (- for stdout)"}}}
}

// readMatrix reads the matrix named by the only operand, or stdin, and
// the limits of its elimination: --budget in multiply-adds, and a
// progress bar over the pivots.
func readMatrix(e *env, args []string) (*nimmat.Matrix, *budget.Options, error) {
	pos := args
	opt := &budget.Options{Limit: e.flags.limit("budget"), Progress: e.progress("pivots")}
	var m *nimmat.Matrix
	var err error
	switch len(pos) {
	case 0:
		// Keep what the reader takes, to read it again as ordinals.
		seen := &capped{max: maxOrdinalText}
		m, err = nimmat.Read(io.TeeReader(e.stdin, seen), "stdin")
		if isOrdinalEntry(err) && !seen.over {
			rest, _ := io.ReadAll(io.LimitReader(e.stdin, maxOrdinalText))
			if len(rest) < maxOrdinalText {
				return nil, nil, readOrdinalMatrix(append(seen.b.Bytes(), rest...), "stdin")
			}
		}
	case 1:
		f, err := os.Open(pos[0])
		if err != nil {
			return nil, nil, fileError(err)
		}
		defer f.Close()
		m, err = nimmat.Read(f, pos[0])
		if isOrdinalEntry(err) {
			data, rerr := os.ReadFile(pos[0])
			if rerr == nil && len(data) <= maxOrdinalText {
				return nil, nil, readOrdinalMatrix(data, pos[0])
			}
		}
		if err != nil {
			return nil, nil, ordinalEntry(err)
		}
	default:
		return nil, nil, errOperands("at most 1 operand (a matrix file)", len(pos))
	}
	return m, opt, ordinalEntry(err)
}

// isOrdinalEntry reports whether err is the reader's refusal of an
// entry written with w or ω.
func isOrdinalEntry(err error) bool {
	return err != nil && (strings.Contains(err.Error(), `"w`) || strings.Contains(err.Error(), "ω"))
}

// ordinalEntry says why an ordinal entry is refused.
func ordinalEntry(err error) error {
	if isOrdinalEntry(err) {
		return fmt.Errorf("%w (a matrix of ordinals is read from at most %d bytes)", err, maxOrdinalText)
	}
	return err
}

// maxOrdinalText bounds the text of a matrix of ordinals.
const maxOrdinalText = 1 << 20

// capped keeps the first max bytes written to it, and notes more.
type capped struct {
	b    bytes.Buffer
	max  int
	over bool
}

func (c *capped) Write(p []byte) (int, error) {
	if c.over || c.b.Len()+len(p) > c.max {
		c.over = true
	} else {
		c.b.Write(p)
	}
	return len(p), nil
}

// An ordinalMatrix is a matrix with transfinite entries, which
// readMatrix returns as its error: every matrix verb takes it (package
// nimfield).
type ordinalMatrix struct{ rows [][]nimfield.Ordinal }

func (*ordinalMatrix) Error() string {
	return "a matrix of ordinals (read by det, permanent, rank, inverse and solve-linear)"
}

// writeOrdinalRows writes each row of ordinals on a line, each without
// blanks (ω^2+ω·3+1), as the matrix reader reads them.
func writeOrdinalRows(e *env, rows [][]nimfield.Ordinal) {
	for _, row := range rows {
		parts := make([]string, len(row))
		for i, a := range row {
			parts[i] = strings.ReplaceAll(a.String(), " ", "")
		}
		fmt.Fprintln(e.out, strings.Join(parts, " "))
	}
}

// readOrdinalMatrix reads the matrix format of nimmat.Read with entries
// that may be ordinals (w^2+1), returning an *ordinalMatrix, or the
// error of the text.
func readOrdinalMatrix(data []byte, name string) error {
	var lines [][]string
	for _, l := range strings.Split(string(data), "\n") {
		if f := strings.Fields(l); len(f) > 0 {
			lines = append(lines, f)
		}
	}
	if len(lines) == 0 {
		return fmt.Errorf("%s: empty", name)
	}
	head := lines[0]
	dims := make([]int, len(head))
	for i, h := range head {
		v, err := strconv.Atoi(h)
		if err != nil || v < 0 || v > nimfield.MaxMatrix || len(head) > 2 {
			return fmt.Errorf("%s: line 1 should be \"n\" or \"n m\" with n, m at most %d for a matrix of ordinals", name, nimfield.MaxMatrix)
		}
		dims[i] = v
	}
	rows, cols := dims[0], dims[len(dims)-1]
	if len(lines)-1 != rows {
		return fmt.Errorf("%s: %d rows, want %d", name, len(lines)-1, rows)
	}
	m := make([][]nimfield.Ordinal, rows)
	for i, l := range lines[1:] {
		if len(l) != cols {
			return fmt.Errorf("%s: row %d has %d entries, want %d", name, i+1, len(l), cols)
		}
		xs, _, err := ordinals(append([]string{"w"}, l...))
		if err != nil {
			return fmt.Errorf("%s: row %d: %v", name, i+1, err)
		}
		m[i] = xs[1:]
	}
	return &ordinalMatrix{m}
}

func readSquare(e *env, args []string) (*nimmat.Matrix, *budget.Options, error) {
	m, opt, err := readMatrix(e, args)
	if err != nil {
		return nil, nil, err
	}
	if m.Rows() != m.Cols() {
		return nil, nil, fmt.Errorf("the matrix is %d×%d, not square", m.Rows(), m.Cols())
	}
	return m, opt, nil
}

func nimDet(e *env, args []string) error {
	m, opt, err := readSquare(e, args)
	if om, ok := err.(*ordinalMatrix); ok {
		return e.emitOrdinal(nimfield.Det(om.rows))
	}
	if err != nil {
		return err
	}
	d, err := m.Det(e.ctx, opt)
	if err != nil {
		return tooLarge(err, "--budget")
	}
	return e.emitNimber(d)
}

func nimRank(e *env, args []string) error {
	m, opt, err := readMatrix(e, args)
	var r int
	if om, ok := err.(*ordinalMatrix); ok {
		if r, err = nimfield.Rank(om.rows); err != nil {
			return err
		}
	} else if err != nil {
		return err
	} else if r, err = m.Rank(e.ctx, opt); err != nil {
		return tooLarge(err, "--budget")
	}
	return e.emit(struct {
		Rank int `json:"rank"`
	}{r}, func() { fmt.Fprintln(e.out, r) })
}

func nimInverse(e *env, args []string) error {
	m, opt, err := readSquare(e, args)
	if om, ok := err.(*ordinalMatrix); ok {
		inv, err := nimfield.Inverse(om.rows)
		if errors.Is(err, nimmat.ErrSingular) {
			return fmt.Errorf("the matrix is singular: it has no inverse")
		}
		if err != nil {
			return err
		}
		return e.emit(map[string][][]nimfield.Ordinal{"inverse": inv}, func() {
			fmt.Fprintln(e.out, len(inv))
			writeOrdinalRows(e, inv)
		})
	}
	if err != nil {
		return err
	}
	inv, err := m.Inverse(e.ctx, opt)
	if errors.Is(err, nimmat.ErrSingular) {
		return fmt.Errorf("the matrix is singular: it has no inverse")
	}
	if err != nil {
		return tooLarge(err, "--budget")
	}
	if !e.json {
		return nimmat.Write(e.out, inv)
	}
	return e.emit(map[string]*nimmat.Matrix{"inverse": inv}, nil)
}

func nimSolveLinear(e *env, args []string) error {
	m, opt, err := readMatrix(e, args)
	if om, ok := err.(*ordinalMatrix); ok {
		x, null, err := nimfield.SolveLinear(om.rows)
		if errors.Is(err, nimmat.ErrInconsistent) {
			return fmt.Errorf("no solution: the system is inconsistent")
		}
		if err != nil {
			return err
		}
		return e.emit(struct {
			Solution  []nimfield.Ordinal   `json:"solution"`
			NullSpace [][]nimfield.Ordinal `json:"null_space"`
		}{x, nonNil(null)}, func() { writeOrdinalRows(e, append([][]nimfield.Ordinal{x}, null...)) })
	}
	if err != nil {
		return err
	}
	if m.Cols() < 2 {
		return fmt.Errorf("the augmented matrix [A | b] needs at least 2 columns, got %d", m.Cols())
	}
	n, k := m.Rows(), m.Cols()-1
	a, b := nimmat.New(n, k), make([]nimber.Nimber, n)
	for i := range n {
		copy(a.Row(i), m.Row(i)[:k])
		b[i] = m.At(i, k)
	}
	x, null, err := a.Solve(e.ctx, b, opt)
	if errors.Is(err, nimmat.ErrInconsistent) {
		return fmt.Errorf("no solution: the system is inconsistent")
	}
	if err != nil {
		return tooLarge(err, "--budget")
	}
	nullSpace := make([][]decimal, len(null))
	for i, v := range null {
		nullSpace[i] = decimals(v)
	}
	return e.emit(struct {
		Solution  []decimal   `json:"solution"`
		NullSpace [][]decimal `json:"null_space"`
	}{decimals(x), nullSpace}, func() {
		nimmat.WriteVector(e.out, x)
		for _, v := range null {
			nimmat.WriteVector(e.out, v)
		}
	})
}
