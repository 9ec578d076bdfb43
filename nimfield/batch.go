package nimfield

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/nimbers/grundy/internal/scan"
	"github.com/nimbers/grundy/nimber"
)

// maxTable is the largest side of Table.
const maxTable = 4096

// none marks a query of Batch's "log" without a logarithm: every
// logarithm is below the order of the base, at most 2^64 − 1.
const none = ^nimber.Nimber(0)

// Answers are the answers of Batch, or the rows of Table, as grundy nim
// prints them. WriteTo writes one line each: a product, a logarithm or
// -1 where there is none, or a row of the table, its entries separated by
// blanks. The JSON is {"products": ["…", …]}, {"logs": ["…" or null, …]}
// or {"table": [[…], …]} (the entries as numbers).
type Answers struct {
	key  string          // "products", "logs" or "table"
	v    []nimber.Nimber // the products or logarithms (none for none)
	side int             // Table's side
}

// A batch is a format of Batch: the words of its messages and its
// largest count.
type batch struct {
	key, count, first, second, line, lines string
	max                                    uint64
}

var batches = map[string]batch{
	"mul": {"products", "the number of pairs T", "A", "B", "pair", "pairs", 1 << 27},
	"log": {"logs", "the number of queries t", "a", "b", "query", "queries", 1 << 20},
}

// Batch reads a contest input from r and answers it; name labels error
// messages ("stdin"). For op "mul" the input is Library Checker's
// nim_product_64, a count T (at most 2^27) and then T pairs "A B", and the
// answers are the products A ⊗ B; for op "log" it is Codeforces 1310F's,
// a count t (at most 2^20: a query takes about 10 µs) and then t pairs
// "a b", and the answers are the least x with a^x = b, or none when b is
// no power of a. Numbers are decimal or 0x-hex below 2^64. Any error of
// the input, a missing pair or a token after the last, fails the whole
// batch, naming the line.
func Batch(op string, r io.Reader, name string) (*Answers, error) {
	b, ok := batches[op]
	if !ok {
		return nil, fmt.Errorf("unknown batch operation %q (mul, log)", op)
	}
	in := scan.New(name, r)
	t, err := in.Count(b.count, b.max)
	if err != nil {
		return nil, err
	}
	a := &Answers{key: b.key, v: make([]nimber.Nimber, 0, min(t, 1<<20))}
	var ab [2][4096]nimber.Nimber
	k := 0
	for i := range t {
		for j, name := range [2]string{b.first, b.second} {
			v, tok, ok := in.FastNimber()
			if !ok {
				return nil, in.Explain(tok, fmt.Sprintf("%s of %s %d of %d", name, b.line, i+1, t))
			}
			ab[j][k] = v
		}
		if k++; k == len(ab[0]) || i == t-1 {
			a.answer(ab[0][:k], ab[1][:k])
			k = 0
		}
	}
	if err := in.Finish(fmt.Sprintf("the %d %s", t, b.lines)); err != nil {
		return nil, err
	}
	return a, nil
}

// answer appends the answers of the pairs (x[i], y[i]), overwriting x.
func (a *Answers) answer(x, y []nimber.Nimber) {
	if a.key == "products" {
		nimber.MulSlice(x, x, y)
		a.v = append(a.v, x...)
		return
	}
	for i := range x {
		l, err := y[i].Log(x[i])
		if err != nil {
			l = uint64(none)
		}
		a.v = append(a.v, nimber.Nimber(l))
	}
}

// Table returns the n×n nim-product table, row a holding a ⊗ b for the
// columns b = 0, …, n−1; n is at most 4096. Its rows are computed as they
// are written.
func Table(n uint64) (*Answers, error) {
	if n > maxTable {
		return nil, fmt.Errorf("table side %d is larger than %d", n, maxTable)
	}
	return &Answers{key: "table", side: int(n)}, nil
}

// rows calls f with each row of a table, in a buffer f may keep only
// until it returns.
func (a *Answers) rows(f func([]nimber.Nimber)) {
	b, row := make([]nimber.Nimber, a.side), make([]nimber.Nimber, a.side)
	for i := range b {
		b[i] = nimber.Nimber(i)
	}
	for i := range a.side {
		nimber.MulConstSlice(row, nimber.Nimber(i), b)
		f(row)
	}
}

// appendText appends one line of answers: each of xs in decimal, or -1
// for none when logs is set, separated by blanks.
func appendText(b []byte, xs []nimber.Nimber, logs bool) []byte {
	for i, x := range xs {
		if i > 0 {
			b = append(b, ' ')
		}
		if logs && x == none {
			b = append(b, "-1"...)
		} else {
			b = strconv.AppendUint(b, uint64(x), 10)
		}
	}
	return append(b, '\n')
}

// WriteTo writes the answers, one line each, as grundy nim prints them.
func (a *Answers) WriteTo(w io.Writer) (int64, error) {
	c := &counter{w: w}
	bw := bufio.NewWriterSize(c, 1<<16)
	var line []byte
	if a.key == "table" {
		a.rows(func(row []nimber.Nimber) {
			line = appendText(line[:0], row, false)
			bw.Write(line)
		})
	}
	for i := range a.v {
		line = appendText(line[:0], a.v[i:i+1], a.key == "logs")
		bw.Write(line)
	}
	err := bw.Flush()
	return c.n, err
}

// MarshalJSON writes the answers as one object: products and logarithms
// as decimal strings (null for no logarithm), the rows of a table as
// arrays of numbers.
func (a *Answers) MarshalJSON() ([]byte, error) {
	b := append(strconv.AppendQuote([]byte{'{'}, a.key), ":["...)
	if a.key == "table" {
		i := 0
		a.rows(func(row []nimber.Nimber) {
			if i++; i > 1 {
				b = append(b, ',')
			}
			b = append(b, '[')
			for j, x := range row {
				if j > 0 {
					b = append(b, ',')
				}
				b = strconv.AppendUint(b, uint64(x), 10)
			}
			b = append(b, ']')
		})
	}
	for i, x := range a.v {
		if i > 0 {
			b = append(b, ',')
		}
		if x == none && a.key == "logs" {
			b = append(b, "null"...)
		} else {
			b = append(strconv.AppendUint(append(b, '"'), uint64(x), 10), '"')
		}
	}
	return append(b, "]}"...), nil
}
