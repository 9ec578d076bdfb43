package nimfield

import (
	"bufio"
	"bytes"
	"encoding/json"
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

// A Result is what Batch, Table and Matrix.Calc return, as grundy nim
// prints it: WriteTo writes its lines, and its JSON is one object. The
// answers of Batch are a product, or a logarithm or -1 where there is
// none, a line, in JSON {"products": ["…", …]} or {"logs": ["…" or null,
// …]}; a table is its rows, entries separated by blanks, in JSON
// {"table": [[…], …]} with the entries as numbers; Matrix.Calc says its
// own.
type Result struct {
	key     string          // the JSON key: products, logs, table, value, rank, inverse or solution
	v       []nimber.Nimber // the products or logarithms (none for none)
	side    int             // a table's side
	text    string          // a value or a rank
	x, null *Matrix         // an inverse, or a solution (one row) and the null space
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
// a count t (at most 2^20; BenchmarkBatch times a query) and then t pairs
// "a b", and the answers are the least x with a^x = b, or none when b is
// no power of a. Numbers are decimal or 0x-hex below 2^64. Any error of
// the input, a missing pair or a token after the last, fails the whole
// batch, naming the line.
func Batch(op string, r io.Reader, name string) (*Result, error) {
	b, ok := batches[op]
	if !ok {
		return nil, fmt.Errorf("unknown batch operation %q (mul, log)", op)
	}
	in := scan.New(name, r)
	t, err := in.Count(b.count, b.max)
	if err != nil {
		return nil, err
	}
	res := &Result{key: b.key, v: make([]nimber.Nimber, 0, min(t, 1<<20))}
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
			res.answer(ab[0][:k], ab[1][:k])
			k = 0
		}
	}
	if err := in.Finish(fmt.Sprintf("the %d %s", t, b.lines)); err != nil {
		return nil, err
	}
	return res, nil
}

// answer appends the answers of the pairs (x[i], y[i]), overwriting x.
func (res *Result) answer(x, y []nimber.Nimber) {
	if res.key == "products" {
		nimber.MulSlice(x, x, y)
		res.v = append(res.v, x...)
		return
	}
	for i := range x {
		l, err := y[i].Log(x[i])
		if err != nil {
			l = uint64(none)
		}
		res.v = append(res.v, nimber.Nimber(l))
	}
}

// Table returns the n×n nim-product table, row a holding a ⊗ b for the
// columns b = 0, …, n−1; n is at most 4096. Its rows are computed as they
// are written.
func Table(n uint64) (*Result, error) {
	if n > maxTable {
		return nil, fmt.Errorf("table side %d is larger than %d", n, maxTable)
	}
	return &Result{key: "table", side: int(n)}, nil
}

// rows calls f with each row of a table, in a buffer f may keep only
// until it returns.
func (res *Result) rows(f func([]nimber.Nimber)) {
	b, row := make([]nimber.Nimber, res.side), make([]nimber.Nimber, res.side)
	for i := range b {
		b[i] = nimber.Nimber(i)
	}
	for i := range res.side {
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

// WriteTo writes res's lines, as grundy nim prints them.
func (res *Result) WriteTo(w io.Writer) (int64, error) {
	switch res.key {
	case "value", "rank":
		n, err := io.WriteString(w, res.text+"\n")
		return int64(n), err
	case "inverse":
		return res.x.WriteTo(w)
	case "solution":
		n, err := res.x.writeRows(w, "")
		if err != nil {
			return n, err
		}
		k, err := res.null.writeRows(w, "")
		return n + k, err
	}
	c := &counter{w: w}
	bw := bufio.NewWriterSize(c, 1<<16)
	var line []byte
	if res.key == "table" {
		res.rows(func(row []nimber.Nimber) {
			line = appendText(line[:0], row, false)
			bw.Write(line)
		})
	}
	for i := range res.v {
		line = appendText(line[:0], res.v[i:i+1], res.key == "logs")
		bw.Write(line)
	}
	err := bw.Flush()
	return c.n, err
}

// MarshalJSON writes res as one object: products and logarithms as
// decimal strings (null for no logarithm), the rows of a table as arrays
// of numbers, a value as a string, a rank as a number, and the entries of
// matrices and solutions as Matrix.MarshalJSON writes them.
func (res *Result) MarshalJSON() ([]byte, error) {
	b := append(strconv.AppendQuote([]byte{'{'}, res.key), ':')
	switch res.key {
	case "value":
		t, err := json.Marshal(res.text)
		return append(append(b, t...), '}'), err
	case "rank":
		return append(append(b, res.text...), '}'), nil
	case "inverse", "solution":
		x, err := res.x.MarshalJSON()
		if err != nil {
			return nil, err
		}
		if res.key == "inverse" {
			return append(append(b, x...), '}'), nil
		}
		null, err := res.null.MarshalJSON()
		return fmt.Appendf(b, `%s,"null_space":%s}`, bytes.TrimSuffix(bytes.TrimPrefix(x, []byte("[")), []byte("]")), null), err
	}
	b = append(b, '[')
	if res.key == "table" {
		i := 0
		res.rows(func(row []nimber.Nimber) {
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
	for i, x := range res.v {
		if i > 0 {
			b = append(b, ',')
		}
		if x == none && res.key == "logs" {
			b = append(b, "null"...)
		} else {
			b = append(strconv.AppendUint(append(b, '"'), uint64(x), 10), '"')
		}
	}
	return append(b, "]}"...), nil
}
