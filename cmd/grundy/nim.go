package main

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/nimbers/grundy/internal/cli"
	"github.com/nimbers/grundy/internal/nimkern"
	"github.com/nimbers/grundy/internal/scan"
	"github.com/nimbers/grundy/nimber"
	"github.com/nimbers/grundy/nimfield"
	"github.com/nimbers/grundy/plot"
)

// maxTable is the largest side of "nim table".
const maxTable = 4096

// N and O abbreviate the operand types of the nim verbs.
type (
	N = nimber.Nimber
	O = nimfield.Ordinal
)

func nimArea() cli.Command {
	return cli.Command{Name: "nim", Verbs: append([]cli.Verb{
		{Name: "add", Run: nimOp{n: -2, op: "add"}.run},
		{Name: "mul", Run: nimOp{n: -2, op: "mul", stream: nimMulStream}.run},
		{Name: "div", Run: nimOp{n: 2, op: "div"}.run},
		{Name: "inv", Run: nimOp{n: 1, op: "inv"}.run},
		{Name: "square", Run: nimOp{n: 1, op: "square"}.run},
		{Name: "sqrt", Run: nimOp{n: 1, op: "sqrt"}.run},
		{Name: "pow", Run: nimOp{n: 2, op: "pow"}.run},
		{Name: "log", Run: nimOp{n: 2, op: "log", stream: nimLogStream}.run},
		{Name: "order", Run: nimOp{n: 1, op: "order"}.run},
		{Name: "trace", Run: nimOp{n: 1, op: "trace"}.run},
		{Name: "solve", Run: nimOp{n: 2, op: "solve"}.run},
		{Name: "bench", Run: nimBench},
		{Name: "excess", Run: nimExcess},
		{Name: "table", Summary: fmt.Sprintf("the N×N nim-product table (rows a, columns b; N ≤ %d); with --png, a heat map of it written to FILE (- for stdout), coloured dark to bright across the least nim-field holding the table", maxTable), Run: nimTable},
	}, matrixVerbs()...), VerbFlags: nimVerbFlags()}
}

// A nimOp is the verb op of nimfield.Calc on n operands (-2: two or
// more): nimbers below 2^64, or ordinals when one is written with w or ω.
// With no operands the verb reads stream's input instead, if it has one.
type nimOp struct {
	n      int
	op     string
	stream func(*cli.Env) error
}

func (op nimOp) run(e *cli.Env, args []string) error {
	if len(args) == 0 && op.stream != nil {
		return op.stream(e)
	}
	// Transfinite operands are parsed before they are counted.
	var xs []O
	ord := slices.ContainsFunc(args, func(s string) bool { return strings.ContainsAny(s, "wω") })
	for i := 0; ord && i < len(args); i++ {
		x, err := nimfield.Parse(args[i])
		if err != nil {
			return fmt.Errorf("operand %d: %v", i+1, err)
		}
		xs = append(xs, x)
	}
	switch {
	case op.n == -2 && len(args) < 2:
		return cli.WantOperands("at least 2 operands", len(args))
	case op.n > 0 && len(args) != op.n:
		return cli.WantOperands(fmt.Sprintf("%d operand%s", op.n, cli.Plural(op.n)), len(args))
	}
	if !ord {
		ns, err := operands(args)
		if err != nil {
			return err
		}
		for _, x := range ns {
			xs = append(xs, nimfield.Nat(uint64(x)))
		}
	}
	r, err := nimfield.Calc(op.op, xs...)
	switch {
	case errors.Is(err, nimber.ErrNoLog):
		return fmt.Errorf("no solution: %v", err)
	case err != nil:
		return err
	case op.op == "solve":
		return emitValue(e, r)
	}
	return emitValue(e, r[0])
}

// emitValue prints a result: a number (as it prints) on a line, or
// {"value": "…"}; roots ([]string) one per line, or {"roots": ["…", …]}.
func emitValue(e *cli.Env, r any) error {
	roots, ok := r.([]string)
	if !ok {
		s := fmt.Sprint(r)
		return e.Emit(struct {
			Value string `json:"value"`
		}{s}, func() { fmt.Fprintln(e.Out, s) })
	}
	return e.Emit(struct {
		Roots []string `json:"roots"`
	}{roots}, func() {
		for _, x := range roots {
			fmt.Fprintln(e.Out, x)
		}
	})
}

// A pairInput names the parts of an input of a count T and T pairs, for
// messages: the count, the two operands and a line.
type pairInput struct {
	count, first, second, line, lines string
	max                               uint64
}

// readPairs reads from stdin the count T and then T pairs, and calls batch
// with T and runs of up to 4096 of them.
func readPairs(e *cli.Env, p pairInput, batch func(t int, a, b []N)) error {
	in := scan.New("stdin", e.Stdin)
	t, err := in.Count(p.count, p.max)
	if err != nil {
		return err
	}
	var ab [2][4096]N
	k := 0
	for i := range t {
		for j, name := range [2]string{p.first, p.second} {
			x, tok, ok := in.FastNimber()
			if !ok {
				return in.Explain(tok, fmt.Sprintf("%s of %s %d of %d", name, p.line, i+1, t))
			}
			ab[j][k] = x
		}
		if k++; k == len(ab[0]) || i == t-1 {
			batch(t, ab[0][:k], ab[1][:k])
			k = 0
		}
	}
	return in.Finish(fmt.Sprintf("the %d %s", t, p.lines))
}

// nimMulStream reads "T" and then T pairs "A B" from stdin (T at most 2^27)
// and prints the T products, one per line, held (8 bytes each) until the
// input is checked.
func nimMulStream(e *cli.Env) error {
	var prods []N
	err := readPairs(e, pairInput{"the number of pairs T", "A", "B", "pair", "pairs", 1 << 27}, func(t int, a, b []N) {
		if prods == nil {
			prods = make([]N, 0, min(t, 1<<20))
		}
		nimber.MulSlice(a, a, b)
		prods = append(prods, a...)
	})
	if err != nil {
		return err
	}
	if e.JSON { // decimals(prods) would double the memory of the text
		return emitNimbers(e, "products", prods, nil)
	}
	writeLines(e.Commit(), prods)
	return nil
}

// nimLogStream reads Codeforces 1310F's input from stdin, t (at most 2^20:
// a query takes about 10 µs) and then t lines "a b", and prints for each
// the least x with a^x = b, or -1 when b is not a power of a. The answers
// are held until the input is checked.
func nimLogStream(e *cli.Env) error {
	logs := []*decimal{}
	err := readPairs(e, pairInput{"the number of queries t", "a", "b", "query", "queries", 1 << 20}, func(_ int, a, b []N) {
		for i := range a {
			x, err := b[i].Log(a[i])
			logs = append(logs, nil)
			if err == nil {
				logs[len(logs)-1] = new(decimal(x))
			}
		}
	})
	if err != nil {
		return err
	}
	return e.Emit(struct {
		Logs []*decimal `json:"logs"`
	}{logs}, func() {
		w := e.Commit()
		for _, x := range logs {
			if x == nil {
				w.WriteString("-1\n")
			} else {
				fmt.Fprintln(w, uint64(*x))
			}
		}
	})
}

// nimExcess prints Lenstra's constants of an odd prime.
func nimExcess(e *cli.Env, args []string) error {
	if len(args) != 1 {
		return cli.WantOperands("1 operand", len(args))
	}
	p, err := strconv.Atoi(args[0])
	if err != nil || p < 3 {
		return fmt.Errorf("%q is not an odd prime", args[0])
	}
	c, err := nimfield.Constants(p)
	if err != nil {
		return err
	}
	return e.Emit(c, func() { fmt.Fprintln(e.Out, c) })
}

func nimTable(e *cli.Env, args []string) error {
	if len(args) != 1 {
		return cli.WantOperands("1 operand", len(args))
	}
	n, err := operand(args[0], 1)
	if err != nil {
		return err
	}
	if n > maxTable {
		return fmt.Errorf("table side %d is larger than %d", uint64(n), maxTable)
	}
	if path, ok := e.Flags.Text("png"), e.Flags.Has("png"); ok {
		if e.JSON {
			return cli.ErrNoJSON
		}
		if n == 0 {
			return fmt.Errorf("a picture of the empty table (side 0)")
		}
		img, err := plot.ProductTable(int(n))
		if err != nil {
			return err
		}
		return writePNG(e, path, img)
	}
	// Row a is a times the row of the numbers below n.
	b := make([]N, n)
	for i := range b {
		b[i] = N(i)
	}
	row := func(a int, dst []N) []N {
		nimber.MulConstSlice(dst, N(a), b)
		return dst
	}
	if e.JSON {
		rows := make([][]N, n)
		for a := range rows {
			rows[a] = row(a, make([]N, n))
		}
		return e.Emit(struct {
			Table [][]N `json:"table"`
		}{rows}, nil)
	}
	w, line, text := e.Commit(), make([]N, n), []byte{}
	for a := range int(n) {
		text = appendRow(text[:0], row(a, line))
		w.Write(text)
	}
	return nil
}

// nimBench times every multiplication path over N random pairs.
func nimBench(e *cli.Env, args []string) error {
	n := N(1 << 20)
	if len(args) > 1 {
		return cli.WantOperands("at most 1 operand", len(args))
	}
	if len(args) == 1 {
		var err error
		if n, err = operand(args[0], 1); err != nil {
			return err
		}
		if n < 1 || n > 1<<24 {
			return fmt.Errorf("the number of pairs %d is outside [1, 2^24]", uint64(n))
		}
	}
	r := nimkern.Bench(int(n))
	return e.Emit(r, func() { r.WriteTo(e.Out) })
}
