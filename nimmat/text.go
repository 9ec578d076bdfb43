package nimmat

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/nimbers/grundy/internal/scan"
	"github.com/nimbers/grundy/nimber"
)

// Limits on matrices read from text.
const (
	maxDim     = 1 << 16 // rows or columns
	maxEntries = 1 << 25 // rows × columns
)

// Read reads a matrix in the text format of grundy: a first line "n" (an
// n×n matrix) or "n m" (n rows, m columns), then the n rows, one per line,
// with m entries each, decimal or 0x-hex, separated by blanks. Blank lines
// are ignored. name labels error messages (a file name, or "stdin").
// Ragged, truncated or malformed input, entries ≥ 2^64 and anything after
// the last row are errors that give the line, and so are matrices of
// more than 2^16 rows or columns or 2^25 entries.
func Read(r io.Reader, name string) (*Matrix, error) {
	in := scan.New(name, r)
	rows, err := in.Count("the number of rows", maxDim)
	if err != nil {
		return nil, err
	}
	cols := rows
	if !in.AtLineEnd() {
		if cols, err = in.Count("the number of columns", maxDim); err != nil {
			return nil, err
		}
		if !in.AtLineEnd() {
			return nil, in.Errorf("the first line should hold only \"n\" or \"n m\"")
		}
	}
	if rows*cols > maxEntries {
		return nil, in.Errorf("a %d×%d matrix is larger than %d entries", rows, cols, maxEntries)
	}
	m := New(rows, cols)
	for i := range rows {
		row := m.Row(i)
		for j := range cols {
			if j > 0 && in.AtLineEnd() {
				return nil, in.Errorf("row %d has %d entries, want %d", i+1, j, cols)
			}
			v, tok, ok := in.FastNimber()
			if !ok {
				return nil, in.Explain(tok, fmt.Sprintf("row %d, entry %d", i+1, j+1))
			}
			row[j] = v
		}
		if cols > 0 && !in.AtLineEnd() {
			return nil, in.Errorf("row %d has more than %d entries", i+1, cols)
		}
	}
	if err := in.Finish(fmt.Sprintf("the %d rows", rows)); err != nil {
		return nil, err
	}
	return m, nil
}

// Write writes m in the format Read reads: "n" for a square matrix or
// "n m", then the rows in decimal.
func Write(w io.Writer, m *Matrix) error {
	bw := bufio.NewWriter(w)
	if m.rows == m.cols {
		fmt.Fprintf(bw, "%d\n", m.rows)
	} else {
		fmt.Fprintf(bw, "%d %d\n", m.rows, m.cols)
	}
	writeRows(bw, m)
	return bw.Flush()
}

// writeRows writes the rows of m in decimal, one per line, without a
// header.
func writeRows(w io.Writer, m *Matrix) error {
	var line []byte
	for i := range m.rows {
		line = appendVector(line[:0], m.Row(i))
		if _, err := w.Write(line); err != nil {
			return err
		}
	}
	return nil
}

// appendVector appends v in decimal, blank-separated, and a newline.
func appendVector(b []byte, v []nimber.Nimber) []byte {
	for j, x := range v {
		if j > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendUint(b, uint64(x), 10)
	}
	return append(b, '\n')
}

// MarshalJSON writes m as its rows of entries in decimal strings, as
// grundy writes nimbers in JSON: [["1", "2"], ["3", "4"]].
func (m *Matrix) MarshalJSON() ([]byte, error) {
	b := []byte{'['}
	for i := range m.rows {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		for j, x := range m.Row(i) {
			if j > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendQuote(b, strconv.FormatUint(uint64(x), 10))
		}
		b = append(b, ']')
	}
	return append(b, ']'), nil
}
