package nimpoly

import (
	"io"
	"strconv"

	"github.com/nimbers/grundy/internal/scan"
)

// maxRead bounds the coefficients Read reads.
const maxRead = 1 << 24

// Read reads a polynomial as text: its coefficients, decimal or 0x-hex,
// separated by blanks or newlines, constant term first, at most 2^24 of
// them; an empty text is the zero polynomial. name labels error messages
// (a file name, or "stdin"), which give the line and the coefficient.
func Read(r io.Reader, name string) (Poly, error) {
	return scan.New(name, r).All("coefficient", maxRead)
}

// WriteTo writes p's coefficients on one line, constant term first,
// separated by blanks, as Read reads them: 0 for the zero polynomial.
func (p Poly) WriteTo(w io.Writer) (int64, error) {
	if len(p) == 0 {
		p = Poly{0}
	}
	var b []byte
	for i, x := range p {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendUint(b, uint64(x), 10)
	}
	n, err := w.Write(append(b, '\n'))
	return int64(n), err
}
