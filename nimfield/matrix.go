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

// Det returns the determinant of m, which is also its permanent (the
// field has characteristic 2). A matrix of nimbers is eliminated within
// opt as nimmat.Matrix.Det is.
func (m *Matrix) Det(ctx context.Context, opt *budget.Options) (Ordinal, error) {
	if err := m.square(); err != nil {
		return Ordinal{}, err
	}
	if m.nim == nil {
		return det(m.ord)
	}
	d, err := m.nim.Det(ctx, opt)
	return Nat(uint64(d)), err
}

// Rank returns the rank of m, within opt as Det.
func (m *Matrix) Rank(ctx context.Context, opt *budget.Options) (int, error) {
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

// The errors of Inverse and SolveLinear.
var (
	errSingular     = explained{"the matrix is singular: it has no inverse", nimmat.ErrSingular}
	errInconsistent = explained{"no solution: the system is inconsistent", nimmat.ErrInconsistent}
)

// Inverse returns the inverse of m, or an error wrapping
// nimmat.ErrSingular, within opt as Det.
func (m *Matrix) Inverse(ctx context.Context, opt *budget.Options) (*Matrix, error) {
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

// A Solution is a solution of a linear system with its free unknowns 0,
// and a basis of the null space of the system's matrix: every solution is
// the first plus a combination of the others.
type Solution struct {
	x, null *Matrix // x has one row
}

// SolveLinear solves A·x = b for the augmented matrix m = [A | b]. It
// fails with an error wrapping nimmat.ErrInconsistent when there is no
// solution, and works within opt as Det.
func (m *Matrix) SolveLinear(ctx context.Context, opt *budget.Options) (*Solution, error) {
	n, k := m.dims()
	if k < 2 {
		return nil, fmt.Errorf("the augmented matrix [A | b] needs at least 2 columns, got %d", k)
	}
	k--
	if m.nim == nil {
		x, null, err := solveLinear(m.ord)
		if errors.Is(err, nimmat.ErrInconsistent) {
			return nil, errInconsistent
		}
		if err != nil {
			return nil, err
		}
		return &Solution{&Matrix{ord: [][]Ordinal{x}}, &Matrix{ord: null}}, nil
	}
	a, b := nimmat.New(n, k), make([]nimber.Nimber, n)
	for i := range n {
		copy(a.Row(i), m.nim.Row(i)[:k])
		b[i] = m.nim.At(i, k)
	}
	x, null, err := a.Solve(ctx, b, opt)
	if errors.Is(err, nimmat.ErrInconsistent) {
		return nil, errInconsistent
	}
	if err != nil {
		return nil, err
	}
	s := &Solution{&Matrix{nim: nimmat.New(1, k)}, &Matrix{nim: nimmat.New(len(null), k)}}
	copy(s.x.nim.Row(0), x)
	for i, v := range null {
		copy(s.null.nim.Row(i), v)
	}
	return s, nil
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

// WriteTo writes the solution on a line and then the basis of the null
// space, a vector a line, as Matrix.WriteTo writes rows.
func (s *Solution) WriteTo(w io.Writer) (int64, error) {
	n, err := s.x.writeRows(w, "")
	if err != nil {
		return n, err
	}
	k, err := s.null.writeRows(w, "")
	return n + k, err
}

// MarshalJSON writes s as {"solution": […], "null_space": [[…], …]}.
func (s *Solution) MarshalJSON() ([]byte, error) {
	x, err := s.x.MarshalJSON()
	if err != nil {
		return nil, err
	}
	null, err := s.null.MarshalJSON()
	return fmt.Appendf(nil, `{"solution":%s,"null_space":%s}`, bytes.TrimSuffix(bytes.TrimPrefix(x, []byte("[")), []byte("]")), null), err
}
