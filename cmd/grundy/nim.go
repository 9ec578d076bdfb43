package main

import (
	"errors"
	"fmt"
	"strconv"

	"grundy/nimber"
)

// maxTable is the largest side of "nim table".
const maxTable = 4096

func nimArea() area {
	return area{
		name:    "nim",
		summary: "arithmetic in the field of nimbers below 2^64",
		verbs: []verb{
			{"add", "A B [C...]", "nim-sum A ⊕ B ⊕ … (bitwise xor)", "grundy nim add 5 3", nimAdd},
			{"mul", "[A B [C...]]", "nim-product A ⊗ B ⊗ …; with no operands, read \"T\" then T lines \"A B\" from stdin (Library Checker nim_product_64) and print T products", "grundy nim mul 8 8", nimMul},
			{"div", "A B", "A ⊗ B⁻¹ (B ≠ 0)", "grundy nim div 1 2", nimDiv},
			{"inv", "A", "the inverse A⁻¹ (A ≠ 0)", "grundy nim inv 2", nimInv},
			{"square", "A", "A ⊗ A", "grundy nim square 2", unary(nimber.Nimber.Square)},
			{"sqrt", "A", "the unique square root of A", "grundy nim sqrt 3", unary(nimber.Nimber.Sqrt)},
			{"pow", "A E", "A to the nim-power E (E an integer below 2^64)", "grundy nim pow 2 3", nimPow},
			{"log", "BASE X", "the least e with BASE^e = X (discrete log), or an error if none", "grundy nim log 2 3", nimLog},
			{"order", "A", "the multiplicative order of A (A ≠ 0); it divides 2^64−1", "grundy nim order 2", nimOrder},
			{"trace", "A", "the trace of A from GF(2^64) to GF(2): 0 or 1 (it is the top bit of A)", "grundy nim trace 0x8000000000000000", unary(nimber.Nimber.Trace)},
			{"solve", "B C", "the roots of x² ⊕ B⊗x ⊕ C = 0, one per line (none if there are none)", "grundy nim solve 1 1", nimSolve},
			{"table", "N", fmt.Sprintf("the N×N nim-product table (rows a, columns b; N ≤ %d)", maxTable), "grundy nim table 16", nimTable},
		},
	}
}

func printNimber(e *env, a nimber.Nimber) {
	var b [24]byte
	e.out.Write(append(strconv.AppendUint(b[:0], uint64(a), 10), '\n'))
}

// unary wraps a one-operand operation that cannot fail.
func unary(f func(nimber.Nimber) nimber.Nimber) func(*env, []string) error {
	return func(e *env, args []string) error {
		if len(args) != 1 {
			return errOperands("1 operand", len(args))
		}
		a, err := operand(args[0], 1)
		if err != nil {
			return err
		}
		printNimber(e, f(a))
		return nil
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
	printNimber(e, r)
	return nil
}

func nimAdd(e *env, args []string) error { return fold(e, args, nimber.Nimber.Add) }

func nimMul(e *env, args []string) error {
	if len(args) == 0 {
		return nimMulStream(e)
	}
	return fold(e, args, nimber.Nimber.Mul)
}

// nimMulStream reads "T" and then T pairs "A B" from stdin and prints the
// T products, one per line. The whole input is checked before anything is
// printed.
func nimMulStream(e *env) error {
	data, err := readAll(e.stdin, "stdin")
	if err != nil {
		return err
	}
	in := newTokens("stdin", data)
	// Each pair takes at least 4 bytes ("0 0\n"), which bounds T.
	t, err := in.count("the number of pairs T", uint64(len(data)/4+1))
	if err != nil {
		return err
	}
	out := make([]byte, 0, t*21)
	for i := range t {
		a, err := in.nimber(fmt.Sprintf("A of pair %d of %d", i+1, t))
		if err != nil {
			return err
		}
		b, err := in.nimber(fmt.Sprintf("B of pair %d of %d", i+1, t))
		if err != nil {
			return err
		}
		out = strconv.AppendUint(out, uint64(a.Mul(b)), 10)
		out = append(out, '\n')
	}
	if err := in.end(fmt.Sprintf("the %d pairs", t)); err != nil {
		return err
	}
	e.out.Write(out)
	return nil
}

func nimDiv(e *env, args []string) error {
	a, b, err := two(args)
	if err != nil {
		return err
	}
	q, err := a.Div(b)
	if errors.Is(err, nimber.ErrDivisionByZero) {
		return fmt.Errorf("division by zero: the divisor (operand 2) is 0")
	}
	printNimber(e, q)
	return nil
}

func nimInv(e *env, args []string) error {
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
	printNimber(e, a.Inv())
	return nil
}

func nimPow(e *env, args []string) error {
	a, x, err := two(args)
	if err != nil {
		return err
	}
	printNimber(e, a.Pow(uint64(x)))
	return nil
}

func nimLog(e *env, args []string) error {
	base, x, err := two(args)
	if err != nil {
		return err
	}
	l, err := x.Log(base)
	if err != nil {
		return fmt.Errorf("no solution: %d is not a power of %d", uint64(x), uint64(base))
	}
	printNimber(e, nimber.Nimber(l))
	return nil
}

func nimOrder(e *env, args []string) error {
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
	printNimber(e, nimber.Nimber(a.Order()))
	return nil
}

func nimSolve(e *env, args []string) error {
	b, c, err := two(args)
	if err != nil {
		return err
	}
	for _, r := range nimber.SolveQuadratic(b, c) {
		printNimber(e, r)
	}
	return nil
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
		e.out.Write(line)
	}
	return nil
}
