package main

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/nimbers/grundy/internal/nimkern"
	"github.com/nimbers/grundy/internal/scan"
	"github.com/nimbers/grundy/nimber"
	"github.com/nimbers/grundy/nimfield"
	"github.com/nimbers/grundy/plot"
)

// maxTable is the largest side of "nim table".
const maxTable = 4096

func nimArea() area {
	return area{
		name:    "nim",
		summary: "arithmetic in the field of nimbers below 2^64, and of ordinals below ω^(ω^ω)",
		verbs: append([]verb{
			{"add", "A B [C...]", "nim-sum A ⊕ B ⊕ … (bitwise xor); operands may be ordinals below ω^(ω^ω), as w^(w*4)+3, here and in mul, div, inv, square, sqrt and pow", "grundy nim add 5 3", nimAdd},
			{"mul", "[A B [C...]]", "nim-product A ⊗ B ⊗ …; with no operands, read \"T\" then T lines \"A B\" from stdin (Library Checker nim_product_64) and print T products", "grundy nim mul 8 8", nimMul},
			{"div", "A B", "A ⊗ B⁻¹ (B ≠ 0)", "grundy nim div 1 2", nimDiv},
			{"inv", "A", "the inverse A⁻¹ (A ≠ 0)", "grundy nim inv 2", nimInv},
			{"square", "A", "A ⊗ A", "grundy nim square 2", unary(nimber.Nimber.Square, nimfield.Ordinal.Square)},
			{"sqrt", "A", "the unique square root of A", "grundy nim sqrt 3", unary(nimber.Nimber.Sqrt, nimfield.Ordinal.Sqrt)},
			{"pow", "A E", "A to the nim-power E (E an integer below 2^64)", "grundy nim pow 2 3", nimPow},
			{"log", "[BASE X]", "the least e with BASE^e = X (discrete log), or an error if none (for transfinite operands, solved in the least finite field holding them, refused when the base's order has a prime factor above 2^36); with no operands, read Codeforces 1310F's input (t, then t lines \"a b\") and print x with a^x = b, or -1", "grundy nim log 2 3", nimLog},
			{"order", "A", "the multiplicative order of A (A ≠ 0); it divides 2^64−1, or 2^d−1 for a transfinite A in GF(2^d) (refused when 2^d−1 cannot be factored)", "grundy nim order 2", nimOrder},
			{"trace", "A", "the trace of A from GF(2^64) to GF(2): 0 or 1 (it is the top bit of A); for a transfinite A, from the least finite field GF(2^d) holding it", "grundy nim trace 0x8000000000000000", unary(nimber.Nimber.Trace, traceOrdinal)},
			{"solve", "B C", "the roots of x² ⊕ B⊗x ⊕ C = 0, one per line (none if there are none below 2^64; for transfinite operands the two roots, or one double root for B = 0, always exist in the nim field)", "grundy nim solve 1 1", nimSolve},
			{"bench", "[N]", "time the nim-product paths on this CPU over N random pairs (default 2^20) and print ns per product for each", "grundy nim bench 4096", nimBench},
			{"excess", "P", "Lenstra's constants of the odd prime P ≤ 353 (κ_P^P = α_P): f(P), the Q-set, the excess and α_P", "grundy nim excess 7", nimExcess},
			{"table", "N", fmt.Sprintf("the N×N nim-product table (rows a, columns b; N ≤ %d); with --png, a heat map of it written to FILE (- for stdout), coloured dark to bright across the least nim-field holding the table", maxTable), "grundy nim table 16", nimTable},
		}, matrixVerbs()...),
		verbFlags: nimVerbFlags(),
	}
}

func printNimber(e *env, a nimber.Nimber) {
	var b [24]byte
	e.out.Write(append(strconv.AppendUint(b[:0], uint64(a), 10), '\n'))
}

// unary wraps a one-operand operation that cannot fail, and its
// transfinite form g if it has one.
func unary(f func(nimber.Nimber) nimber.Nimber, g func(nimfield.Ordinal) (nimfield.Ordinal, error)) func(*env, []string) error {
	return func(e *env, args []string) error {
		if g != nil {
			if done, err := transfinite(e, args, 1, func(xs []nimfield.Ordinal) (nimfield.Ordinal, error) { return g(xs[0]) }); done {
				return err
			}
		}
		if len(args) != 1 {
			return errOperands("1 operand", len(args))
		}
		a, err := operand(args[0], 1)
		if err != nil {
			return err
		}
		return e.emitNimber(f(a))
	}
}

// two parses exactly two operands.
func two(args []string) (nimber.Nimber, nimber.Nimber, error) {
	if len(args) != 2 {
		return 0, 0, errOperands("2 operands", len(args))
	}
	xs, err := operands(args)
	if err != nil {
		return 0, 0, err
	}
	return xs[0], xs[1], nil
}

// fold applies op across two or more operands.
func fold(e *env, args []string, op func(a, b nimber.Nimber) nimber.Nimber) error {
	if len(args) < 2 {
		return errOperands("at least 2 operands", len(args))
	}
	xs, err := operands(args)
	if err != nil {
		return err
	}
	r := xs[0]
	for _, x := range xs[1:] {
		r = op(r, x)
	}
	return e.emitNimber(r)
}

func nimAdd(e *env, args []string) error {
	add := func(a, b nimfield.Ordinal) (nimfield.Ordinal, error) { return a.Add(b), nil }
	if done, err := transfinite(e, args, -2, foldOrdinals(add)); done {
		return err
	}
	return fold(e, args, nimber.Nimber.Add)
}

func nimMul(e *env, args []string) error {
	if len(args) == 0 {
		return nimMulStream(e)
	}
	if done, err := transfinite(e, args, -2, foldOrdinals(nimfield.Ordinal.Mul)); done {
		return err
	}
	return fold(e, args, nimber.Nimber.Mul)
}

// maxPairs bounds T in "nim mul" (the products are held until the input is
// checked: 8 bytes each).
const maxPairs = 1 << 27

// mulBatch is how many pairs are multiplied by one MulSlice call.
const mulBatch = 4096

// nimMulStream reads "T" and then T pairs "A B" from stdin and prints the
// T products, one per line. The input streams through a small buffer; the
// products are computed in batches with the slice kernels and held (8 bytes
// each) until the whole input is checked, then printed.
func nimMulStream(e *env) error {
	in := scan.New("stdin", e.stdin)
	t, err := in.Count("the number of pairs T", maxPairs)
	if err != nil {
		return err
	}
	prods := make([]nimber.Nimber, 0, min(t, 1<<20))
	var a, b [mulBatch]nimber.Nimber
	k := 0
	for i := range t {
		x, y, err := readPair(in, "A", "B", "pair", i, t)
		if err != nil {
			return err
		}
		a[k], b[k] = x, y
		if k++; k == mulBatch {
			nimber.MulSlice(a[:], a[:], b[:])
			prods, k = append(prods, a[:]...), 0
		}
	}
	nimber.MulSlice(a[:k], a[:k], b[:k])
	prods = append(prods, a[:k]...)
	if err := in.Finish(fmt.Sprintf("the %d pairs", t)); err != nil {
		return err
	}
	if e.json {
		return e.emit(struct {
			Products []decimal `json:"products"`
		}{decimals(prods)}, nil)
	}
	writeLines(e.commit(), prods)
	return nil
}

// readPair reads line i of t of a stream of pairs, naming its operands
// first and second and the line what in errors.
func readPair(in *scan.Tokens, first, second, what string, i, t int) (nimber.Nimber, nimber.Nimber, error) {
	x, tok, ok := in.FastNimber()
	if !ok {
		return 0, 0, in.Explain(tok, fmt.Sprintf("%s of %s %d of %d", first, what, i+1, t))
	}
	y, tok, ok := in.FastNimber()
	if !ok {
		return 0, 0, in.Explain(tok, fmt.Sprintf("%s of %s %d of %d", second, what, i+1, t))
	}
	return x, y, nil
}

func nimDiv(e *env, args []string) error {
	div := func(xs []nimfield.Ordinal) (nimfield.Ordinal, error) {
		if xs[1].IsZero() {
			return nimfield.Ordinal{}, errors.New("division by zero: the divisor (operand 2) is 0")
		}
		return xs[0].Div(xs[1])
	}
	if done, err := transfinite(e, args, 2, div); done {
		return err
	}
	a, b, err := two(args)
	if err != nil {
		return err
	}
	q, err := a.Div(b)
	if errors.Is(err, nimber.ErrDivisionByZero) {
		return fmt.Errorf("division by zero: the divisor (operand 2) is 0")
	}
	return e.emitNimber(q)
}

func nimInv(e *env, args []string) error {
	if done, err := transfinite(e, args, 1, func(xs []nimfield.Ordinal) (nimfield.Ordinal, error) { return xs[0].Inv() }); done {
		return err
	}
	if len(args) != 1 {
		return errOperands("1 operand", len(args))
	}
	a, err := operand(args[0], 1)
	if err != nil {
		return err
	}
	if a == 0 {
		return fmt.Errorf("0 has no inverse")
	}
	return e.emitNimber(a.Inv())
}

func nimPow(e *env, args []string) error {
	pow := func(xs []nimfield.Ordinal) (nimfield.Ordinal, error) {
		n, ok := xs[1].IsFinite()
		if !ok {
			return nimfield.Ordinal{}, errors.New("the exponent (operand 2) is not an integer below 2^64")
		}
		return xs[0].Pow(n)
	}
	if done, err := transfinite(e, args, 2, pow); done {
		return err
	}
	a, x, err := two(args)
	if err != nil {
		return err
	}
	return e.emitNimber(a.Pow(uint64(x)))
}

func nimLog(e *env, args []string) error {
	if len(args) == 0 {
		return nimLogStream(e)
	}
	if done, err := transfiniteLog(e, args); done {
		return err
	}
	base, x, err := two(args)
	if err != nil {
		return err
	}
	l, err := x.Log(base)
	if err != nil {
		return fmt.Errorf("no solution: %d is not a power of %d", uint64(x), uint64(base))
	}
	return e.emitNimber(nimber.Nimber(l))
}

// maxLogQueries bounds t in "nim log" with no operands: a query takes
// about 10 µs, so the largest input takes about 10 s.
const maxLogQueries = 1 << 20

// nimLogStream reads Codeforces 1310F's input from stdin, t and then t
// lines "a b", and prints for each the least x with a^x = b, or -1 when b
// is not a power of a. The answers are held until the input is checked.
func nimLogStream(e *env) error {
	in := scan.New("stdin", e.stdin)
	t, err := in.Count("the number of queries t", maxLogQueries)
	if err != nil {
		return err
	}
	// No logarithm is 2^64 − 1 (they are below the order of a), so that
	// value marks a query without one.
	const none = math.MaxUint64
	answers := make([]uint64, 0, min(t, 1<<16))
	for i := range t {
		a, b, err := readPair(in, "a", "b", "query", i, t)
		if err != nil {
			return err
		}
		x, err := b.Log(a)
		if err != nil {
			x = none
		}
		answers = append(answers, x)
	}
	if err := in.Finish(fmt.Sprintf("the %d queries", t)); err != nil {
		return err
	}
	if e.json {
		logs := make([]*decimal, len(answers))
		for i, x := range answers {
			if x != none {
				logs[i] = new(decimal(x))
			}
		}
		return e.emit(struct {
			Logs []*decimal `json:"logs"`
		}{logs}, nil)
	}
	w := e.commit()
	var buf [24]byte
	for _, x := range answers {
		if x == none {
			w.WriteString("-1\n")
			continue
		}
		w.Write(append(strconv.AppendUint(buf[:0], x, 10), '\n'))
	}
	return nil
}

func nimOrder(e *env, args []string) error {
	if done, err := transfiniteOrder(e, args); done {
		return err
	}
	if len(args) != 1 {
		return errOperands("1 operand", len(args))
	}
	a, err := operand(args[0], 1)
	if err != nil {
		return err
	}
	if a == 0 {
		return fmt.Errorf("0 has no multiplicative order")
	}
	return e.emitNimber(nimber.Nimber(a.Order()))
}

func nimSolve(e *env, args []string) error {
	if done, err := transfiniteSolve(e, args); done {
		return err
	}
	b, c, err := two(args)
	if err != nil {
		return err
	}
	roots := nimber.SolveQuadratic(b, c)
	return e.emit(struct {
		Roots []decimal `json:"roots"`
	}{decimals(roots)}, func() {
		for _, r := range roots {
			printNimber(e, r)
		}
	})
}

func nimTable(e *env, args []string) error {
	if len(args) != 1 {
		return errOperands("1 operand", len(args))
	}
	n, err := operand(args[0], 1)
	if err != nil {
		return err
	}
	if n > maxTable {
		return fmt.Errorf("table side %d is larger than %d", uint64(n), maxTable)
	}
	if path, ok := e.flags.text("png"), e.flags.has("png"); ok {
		if e.json {
			return errNoJSON
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
	if e.json {
		rows := make([][]uint64, n)
		for a := range n {
			rows[a] = make([]uint64, n)
			for b := range n {
				rows[a][b] = uint64(a.Mul(b))
			}
		}
		return e.emit(struct {
			Table [][]uint64 `json:"table"`
		}{rows}, nil)
	}
	w := e.commit()
	line := make([]byte, 0, 64)
	for a := range n {
		line = line[:0]
		for b := range n {
			if b > 0 {
				line = append(line, ' ')
			}
			line = strconv.AppendUint(line, uint64(a.Mul(b)), 10)
		}
		line = append(line, '\n')
		w.Write(line)
	}
	return nil
}

// nimBench times every multiplication path over n random pairs.
func nimBench(e *env, args []string) error {
	n := 1 << 20
	switch len(args) {
	case 0:
	case 1:
		v, err := operand(args[0], 1)
		if err != nil {
			return err
		}
		if v < 1 || v > 1<<24 {
			return fmt.Errorf("the number of pairs %d is outside [1, 2^24]", uint64(v))
		}
		n = int(v)
	default:
		return errOperands("at most 1 operand", len(args))
	}
	r := rand.New(rand.NewPCG(1, 2))
	a, b, dst := make([]nimber.Nimber, n), make([]nimber.Nimber, n), make([]nimber.Nimber, n)
	for i := range a {
		a[i], b[i] = nimber.Nimber(r.Uint64()), nimber.Nimber(r.Uint64())
	}
	ea, eb, edst := make([]nimber.Elem, n), make([]nimber.Elem, n), make([]nimber.Elem, n)
	nimkern.ToElemSlice(ea, a)
	nimkern.ToElemSlice(eb, b)
	type timing struct {
		Path         string  `json:"path"`
		NsPerProduct float64 `json:"ns_per_product"`
		// CPU time of the thread, which a loaded machine disturbs less; 0
		// where the system does not give it.
		CPUNsPerProduct float64 `json:"cpu_ns_per_product"`
	}
	var timings []timing
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	report := func(name string, f func()) {
		// Repeat until a tenth of a second has passed.
		reps, start := 0, time.Now()
		cpu0, ok := threadCPU()
		for time.Since(start) < 100*time.Millisecond {
			f()
			reps++
		}
		cpu1, _ := threadCPU()
		ns := float64(time.Since(start).Nanoseconds()) / float64(reps*n)
		var cpuNs float64
		if ok {
			cpuNs = float64((cpu1 - cpu0).Nanoseconds()) / float64(reps*n)
		}
		timings = append(timings, timing{name, ns, cpuNs})
	}
	report("Mul (scalar)", func() {
		for i := range a {
			dst[i] = a[i].Mul(b[i])
		}
	})
	wa, wb, wdst := nimkern.Words(a), nimkern.Words(b), nimkern.Words(dst)
	wea, web, wedst := nimkern.Words(ea), nimkern.Words(eb), nimkern.Words(edst)
	impls := nimkern.Tiers()
	for _, m := range impls {
		report("MulSlice "+m.Name, func() { m.MulSlice(wdst, wa, wb) })
		report("MulAddConstSlice "+m.Name, func() { m.MulAddConstSlice(wdst, wb[0], wa) })
		report("DotProduct "+m.Name, func() { wdst[0] = m.DotProduct(wa, wb) })
		report("ElemMulSlice "+m.Name, func() { m.ElemMulSlice(wedst, wea, web) })
		report("ElemMulAddConstSlice "+m.Name, func() { m.ElemMulAddConstSlice(wedst, web[0], wea) })
	}
	tier := impls[len(impls)-1].Name
	features := map[string]bool{}
	var have, lack []string
	for _, f := range nimkern.Features() {
		features[f.Name] = f.Present
		if f.Present {
			have = append(have, f.Name)
		} else {
			lack = append(lack, f.Name)
		}
	}
	return e.emit(struct {
		CPU      string          `json:"cpu"`
		Tier     string          `json:"tier"`
		Features map[string]bool `json:"cpu_features"`
		Timings  []timing        `json:"timings"`
	}{cpuModel(), tier, features, timings}, func() {
		if m := cpuModel(); m != "" {
			fmt.Fprintf(e.out, "CPU: %s\n", m)
		}
		fmt.Fprintf(e.out, "tier in use: %s; others this CPU runs (GRUNDY_KERNELS=name): %s\n", tier, orNone(implNames(impls[:len(impls)-1])))
		if have != nil || lack != nil {
			fmt.Fprintf(e.out, "CPU features: %s; missing: %s\n", orNone(have), orNone(lack))
		}
		for _, t := range timings {
			fmt.Fprintf(e.out, "%-34s %8.3f ns/product", t.Path, t.NsPerProduct)
			if t.CPUNsPerProduct > 0 {
				fmt.Fprintf(e.out, " (%.3f on the CPU)", t.CPUNsPerProduct)
			}
			fmt.Fprintln(e.out)
		}
	})
}

// cpuModel returns the processor's model name from /proc/cpuinfo, or ""
// where there is none (other systems, most arm64 kernels).
func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	for line := range strings.Lines(string(b)) {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// implNames returns the names of the implementations.
func implNames(impls []*nimkern.Set) []string {
	var names []string
	for _, m := range impls {
		names = append(names, m.Name)
	}
	return names
}

// orNone joins the words with blanks, or returns "none".
func orNone(words []string) string {
	if len(words) == 0 {
		return "none"
	}
	return strings.Join(words, " ")
}
