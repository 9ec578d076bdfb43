package nimfield

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/nimber"
	"github.com/nimbers/grundy/nimmat"
)

// A Matrix is a matrix over the nim field as ReadMatrix reads it: of
// nimbers below 2^64, eliminated by the batch kernels of package nimmat
// within a budget, or, when an entry is transfinite, of ordinals.
type Matrix struct {
	nim *nimmat.Matrix // nil for a matrix of ordinals
	ord [][]Ordinal
}

// maxOrdinalText bounds the text of a matrix of ordinals.
const maxOrdinalText = 1 << 20

// ReadMatrix reads a matrix in the text format of nimmat.Read whose
// entries may also be ordinals written without blanks (w^2+1). A matrix
// with a transfinite entry is read from at most 1 MiB of text and has at
// most 64 rows and columns. name labels error messages.
func ReadMatrix(r io.Reader, name string) (*Matrix, error) {
	seen := &capped{max: maxOrdinalText}
	m, err := nimmat.Read(io.TeeReader(r, seen), name)
	if !isOrdinalEntry(err) {
		return &Matrix{nim: m}, err
	}
	if !seen.over {
		rest, _ := io.ReadAll(io.LimitReader(r, int64(maxOrdinalText-seen.b.Len()+1)))
		if text := append(seen.b.Bytes(), rest...); len(text) <= maxOrdinalText {
			return readOrdinals(text, name)
		}
	}
	return nil, fmt.Errorf("%w (a matrix of ordinals is read from at most %d bytes)", err, maxOrdinalText)
}

// isOrdinalEntry reports whether err is nimmat.Read's refusal of an
// entry written with w or ω.
func isOrdinalEntry(err error) bool {
	return err != nil && (strings.Contains(err.Error(), `"w`) || strings.Contains(err.Error(), "ω"))
}

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

// readOrdinals reads the text of a matrix of ordinals.
func readOrdinals(text []byte, name string) (*Matrix, error) {
	var lines [][]string
	for l := range strings.Lines(string(text)) {
		if f := strings.Fields(l); len(f) > 0 {
			lines = append(lines, f)
		}
	}
	if len(lines) == 0 {
		return nil, fmt.Errorf("%s: empty", name)
	}
	head := lines[0]
	dims := make([]int, len(head))
	for i, h := range head {
		v, err := strconv.Atoi(h)
		if err != nil || v < 0 || v > maxMatrix || len(head) > 2 {
			return nil, fmt.Errorf("%s: line 1 should be \"n\" or \"n m\" with n, m at most %d for a matrix of ordinals", name, maxMatrix)
		}
		dims[i] = v
	}
	rows, cols := dims[0], dims[len(dims)-1]
	if len(lines)-1 != rows {
		return nil, fmt.Errorf("%s: %d rows, want %d", name, len(lines)-1, rows)
	}
	m := make([][]Ordinal, rows)
	for i, l := range lines[1:] {
		if len(l) != cols {
			return nil, fmt.Errorf("%s: row %d has %d entries, want %d", name, i+1, len(l), cols)
		}
		m[i] = make([]Ordinal, cols)
		for j, s := range l {
			var err error
			if m[i][j], err = Parse(s); err != nil {
				return nil, fmt.Errorf("%s: row %d, entry %d: %v", name, i+1, j+1, err)
			}
		}
	}
	return &Matrix{ord: m}, nil
}

// dims returns the numbers of rows and columns of m.
func (m *Matrix) dims() (int, int) {
	if m.nim != nil {
		return m.nim.Rows(), m.nim.Cols()
	}
	if len(m.ord) == 0 {
		return 0, 0
	}
	return len(m.ord), len(m.ord[0])
}

// square returns an error unless m is square.
func (m *Matrix) square() error {
	if r, c := m.dims(); r != c {
		return explained{fmt.Sprintf("the matrix is %d×%d, not square", r, c), nimmat.ErrNotSquare}
	}
	return nil
}

// Calc returns op applied to m, as grundy nim prints it:
//   - "det" or "permanent": the determinant, which is also the permanent
//     (the field has characteristic 2), on a line; JSON {"value": "…"};
//   - "rank": the rank; JSON {"rank": n};
//   - "inverse": the inverse in the format ReadMatrix reads (an error
//     wrapping nimmat.ErrSingular if there is none); JSON
//     {"inverse": [[…], …]};
//   - "solve-linear": for the augmented matrix m = [A | b], a solution of
//     A·x = b with its free unknowns 0 on a line, then a basis of the null
//     space of A, a vector a line: every solution is the first plus a
//     combination of the others (an error wrapping
//     nimmat.ErrInconsistent if there is none); JSON
//     {"solution": […], "null_space": [[…], …]}.
//
// Entries are written as ReadMatrix reads them, ordinals without blanks
// (ω^2+ω·3+1), and in JSON as strings. A matrix of nimbers is eliminated
// by package nimmat within opt (its multiply-adds are estimated first and
// refused past opt's Limit, nimmat.DefaultLimit by default); one of
// ordinals by Gaussian elimination in the nim field.
func (m *Matrix) Calc(ctx context.Context, op string, opt *budget.Options) (*Result, error) {
	var res Result
	var err error
	switch op {
	case "det", "permanent":
		var d Ordinal
		d, err = m.determinant(ctx, opt)
		res.key, res.text = "value", d.String()
	case "rank":
		var r int
		r, err = m.rankOf(ctx, opt)
		res.key, res.text = "rank", strconv.Itoa(r)
	case "inverse":
		res.key = "inverse"
		res.x, err = m.invert(ctx, opt)
	case "solve-linear":
		res.key = "solution"
		res.x, res.null, err = m.solveSystem(ctx, opt)
	default:
		return nil, fmt.Errorf("unknown matrix operation %q", op)
	}
	if err != nil {
		return nil, err
	}
	return &res, nil
}

// determinant returns the determinant of m. A matrix of nimbers is
// eliminated within opt as nimmat.Matrix.Det is.
func (m *Matrix) determinant(ctx context.Context, opt *budget.Options) (Ordinal, error) {
	if err := m.square(); err != nil {
		return Ordinal{}, err
	}
	if m.nim == nil {
		return det(m.ord)
	}
	d, err := m.nim.Det(ctx, opt)
	return Nat(uint64(d)), err
}

// rankOf returns the rank of m, within opt as determinant.
func (m *Matrix) rankOf(ctx context.Context, opt *budget.Options) (int, error) {
	if m.nim == nil {
		return rank(m.ord)
	}
	return m.nim.Rank(ctx, opt)
}

// explained is an error of package nimmat in other words.
type explained struct {
	msg string
	err error
}

func (e explained) Error() string { return e.msg }
func (e explained) Unwrap() error { return e.err }

// The errors of invert and solveSystem.
var (
	errSingular     = explained{"the matrix is singular: it has no inverse", nimmat.ErrSingular}
	errInconsistent = explained{"no solution: the system is inconsistent", nimmat.ErrInconsistent}
)

// invert returns the inverse of m, or an error wrapping
// nimmat.ErrSingular, within opt as determinant.
func (m *Matrix) invert(ctx context.Context, opt *budget.Options) (*Matrix, error) {
	if err := m.square(); err != nil {
		return nil, err
	}
	var inv Matrix
	var err error
	if m.nim == nil {
		inv.ord, err = inverse(m.ord)
	} else {
		inv.nim, err = m.nim.Inverse(ctx, opt)
	}
	if errors.Is(err, nimmat.ErrSingular) {
		return nil, errSingular
	}
	return &inv, err
}

// solveSystem solves A·x = b for the augmented matrix m = [A | b]: it
// returns a solution with its free unknowns 0, one row, and a basis of
// the null space of A. It fails with an error wrapping
// nimmat.ErrInconsistent when there is no solution, and works within opt
// as determinant.
func (m *Matrix) solveSystem(ctx context.Context, opt *budget.Options) (*Matrix, *Matrix, error) {
	n, k := m.dims()
	if k < 2 {
		return nil, nil, fmt.Errorf("the augmented matrix [A | b] needs at least 2 columns, got %d", k)
	}
	k--
	if m.nim == nil {
		x, null, err := solveLinear(m.ord)
		if errors.Is(err, nimmat.ErrInconsistent) {
			return nil, nil, errInconsistent
		}
		if err != nil {
			return nil, nil, err
		}
		return &Matrix{ord: [][]Ordinal{x}}, &Matrix{ord: null}, nil
	}
	a, b := nimmat.New(n, k), make([]nimber.Nimber, n)
	for i := range n {
		copy(a.Row(i), m.nim.Row(i)[:k])
		b[i] = m.nim.At(i, k)
	}
	x, null, err := a.Solve(ctx, b, opt)
	if errors.Is(err, nimmat.ErrInconsistent) {
		return nil, nil, errInconsistent
	}
	if err != nil {
		return nil, nil, err
	}
	sx, sn := &Matrix{nim: nimmat.New(1, k)}, &Matrix{nim: nimmat.New(len(null), k)}
	copy(sx.nim.Row(0), x)
	for i, v := range null {
		copy(sn.nim.Row(i), v)
	}
	return sx, sn, nil
}

// rowText appends row i of m, blank-separated, and a newline: nimbers
// in decimal, ordinals without blanks (ω^2+ω·3+1), as ReadMatrix reads
// them.
func (m *Matrix) rowText(b []byte, i int) []byte {
	if m.nim != nil {
		for j, x := range m.nim.Row(i) {
			if j > 0 {
				b = append(b, ' ')
			}
			b = strconv.AppendUint(b, uint64(x), 10)
		}
	} else {
		for j, x := range m.ord[i] {
			if j > 0 {
				b = append(b, ' ')
			}
			b = append(b, strings.ReplaceAll(x.String(), " ", "")...)
		}
	}
	return append(b, '\n')
}

// writeRows writes head and then the rows of m, one per line.
func (m *Matrix) writeRows(w io.Writer, head string) (int64, error) {
	c := &counter{w: w}
	bw := bufio.NewWriter(c)
	bw.WriteString(head)
	var line []byte
	r, _ := m.dims()
	for i := range r {
		line = m.rowText(line[:0], i)
		bw.Write(line)
	}
	err := bw.Flush()
	return c.n, err
}

// counter counts the bytes written to w.
type counter struct {
	w io.Writer
	n int64
}

func (c *counter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// WriteTo writes m in the format ReadMatrix reads: "n" for a square
// matrix or "n m", then the rows.
func (m *Matrix) WriteTo(w io.Writer) (int64, error) {
	r, c := m.dims()
	head := fmt.Sprintf("%d %d\n", r, c)
	if r == c {
		head = fmt.Sprintf("%d\n", r)
	}
	return m.writeRows(w, head)
}

// MarshalJSON writes m as its rows of entries in strings: decimal for
// nimbers, as Ordinal.String for ordinals.
func (m *Matrix) MarshalJSON() ([]byte, error) {
	if m.nim != nil {
		return m.nim.MarshalJSON()
	}
	if m.ord == nil {
		return []byte("[]"), nil
	}
	return json.Marshal(m.ord)
}
