package main

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/nimbers/grundy/nimber"
	"github.com/nimbers/grundy/nimfield"
)

// ordinals reads the operands as ordinals of the nim field when one of
// them is transfinite (written with w or ω); ok is false when none is,
// and the verb then takes its finite path.
func ordinals(args []string) (xs []nimfield.Ordinal, ok bool, err error) {
	if !slices.ContainsFunc(args, func(s string) bool { return strings.ContainsAny(s, "wω") }) {
		return nil, false, nil
	}
	xs = make([]nimfield.Ordinal, len(args))
	for i, s := range args {
		if a, err := nimber.Parse(s); err == nil {
			xs[i] = nimfield.Nat(uint64(a))
		} else if xs[i], err = nimfield.Parse(s); err != nil {
			return nil, true, fmt.Errorf("operand %d: %v", i+1, err)
		}
	}
	return xs, true, nil
}

// emitOrdinal prints an ordinal: a line, or {"value": "…"}.
func (e *env) emitOrdinal(a nimfield.Ordinal, err error) error {
	if errors.Is(err, nimfield.ErrDivisionByZero) {
		return errors.New("division by zero")
	}
	if err != nil {
		return err
	}
	return e.emit(struct {
		Value nimfield.Ordinal `json:"value"`
	}{a}, func() { fmt.Fprintln(e.out, a) })
}

// transfinite runs a verb on ordinals when an operand is transfinite:
// done is false when none is. want is the number of operands, or -2
// for two or more.
func transfinite(e *env, args []string, want int, f func(xs []nimfield.Ordinal) (nimfield.Ordinal, error)) (done bool, err error) {
	xs, ok, err := ordinals(args)
	if !ok || err != nil {
		return ok, err
	}
	switch {
	case want == -2 && len(xs) < 2:
		return true, errOperands("at least 2 operands", len(xs))
	case want > 0 && len(xs) != want:
		return true, errOperands(fmt.Sprintf("%d operands", want), len(xs))
	}
	r, err := f(xs)
	return true, e.emitOrdinal(r, err)
}

// foldOrdinals applies op across the operands.
func foldOrdinals(op func(a, b nimfield.Ordinal) (nimfield.Ordinal, error)) func([]nimfield.Ordinal) (nimfield.Ordinal, error) {
	return func(xs []nimfield.Ordinal) (nimfield.Ordinal, error) {
		r := xs[0]
		for _, x := range xs[1:] {
			var err error
			if r, err = op(r, x); err != nil {
				return r, err
			}
		}
		return r, nil
	}
}

// nimExcess prints Lenstra's constants of an odd prime from nimfield's
// table: f(p), the Q-set, the excess and α_p.
func nimExcess(e *env, args []string) error {
	if len(args) != 1 {
		return errOperands("1 operand", len(args))
	}
	p, err := strconv.Atoi(args[0])
	ps := nimfield.Primes()
	last := ps[len(ps)-1].P
	if err != nil || p < 3 {
		return fmt.Errorf("%q is not an odd prime", args[0])
	}
	if p > last {
		return fmt.Errorf("%d is past the table of the odd primes up to %d", p, last)
	}
	for _, c := range ps {
		if c.P != p {
			continue
		}
		q := make([]string, len(c.Q))
		for i, x := range c.Q {
			q[i] = strconv.Itoa(x)
		}
		return e.emit(struct {
			nimfield.Prime
			Alpha nimfield.Ordinal `json:"alpha"`
		}{c, c.Alpha()}, func() {
			fmt.Fprintf(e.out, "f(p) %d  Q(p) {%s}  excess %d  α_p %v\n", c.F, strings.Join(q, ", "), c.Excess, c.Alpha())
		})
	}
	return fmt.Errorf("%d is not an odd prime", p)
}

// traceOrdinal is the trace of a transfinite a, from the least finite
// field holding it.
func traceOrdinal(a nimfield.Ordinal) (nimfield.Ordinal, error) {
	tr, err := a.Trace()
	return nimfield.Nat(uint64(tr)), err
}

// emitBig prints a number that may pass 2^64: a line, or {"value": "…"}.
func (e *env) emitBig(n *big.Int) error {
	return e.emit(struct {
		Value string `json:"value"`
	}{n.String()}, func() { fmt.Fprintln(e.out, n) })
}

// transfiniteOrder runs nim order on a transfinite operand.
func transfiniteOrder(e *env, args []string) (bool, error) {
	xs, ok, err := ordinals(args)
	if !ok || err != nil {
		return ok, err
	}
	if len(xs) != 1 {
		return true, errOperands("1 operand", len(xs))
	}
	n, err := xs[0].Order()
	if errors.Is(err, nimfield.ErrDivisionByZero) {
		return true, errors.New("0 has no multiplicative order")
	}
	if err != nil {
		return true, err
	}
	return true, e.emitBig(n)
}

// transfiniteLog runs nim log BASE X on transfinite operands.
func transfiniteLog(e *env, args []string) (bool, error) {
	xs, ok, err := ordinals(args)
	if !ok || err != nil {
		return ok, err
	}
	if len(xs) != 2 {
		return true, errOperands("2 operands", len(xs))
	}
	l, err := xs[1].Log(xs[0])
	if errors.Is(err, nimfield.ErrNoLog) {
		return true, fmt.Errorf("no solution: %v is not a power of %v", xs[1], xs[0])
	}
	if err != nil {
		return true, err
	}
	return true, e.emitBig(l)
}

// transfiniteSolve runs nim solve B C on transfinite operands.
func transfiniteSolve(e *env, args []string) (bool, error) {
	xs, ok, err := ordinals(args)
	if !ok || err != nil {
		return ok, err
	}
	if len(xs) != 2 {
		return true, errOperands("2 operands", len(xs))
	}
	roots, err := nimfield.SolveQuadratic(xs[0], xs[1])
	if err != nil {
		return true, err
	}
	return true, e.emit(struct {
		Roots []nimfield.Ordinal `json:"roots"`
	}{roots}, func() {
		for _, r := range roots {
			fmt.Fprintln(e.out, r)
		}
	})
}
