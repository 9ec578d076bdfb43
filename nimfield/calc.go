package nimfield

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/nimbers/grundy/nimber"
)

// Calc returns op applied to xs, as grundy nim and the playground's
// calculator apply it: add and mul (two or more operands), div, pow (the
// exponent an integer below 2^64), log (the least e with xs[0]^e =
// xs[1]) and solve (the roots of x² ⊕ xs[0]⊗x ⊕ xs[1] = 0), on two;
// inv, square, sqrt, order and trace on one. When every operand is
// finite the work is in the nimbers below 2^64, where solve finds only
// the roots below 2^64; otherwise it is in the least field holding the
// operands. The answer is text: the result, or for solve the roots in
// increasing order. When log finds none the error matches nimber.ErrNoLog and
// reads "X is not a power of BASE"; a zero where div, inv or order needs
// a nonzero operand gives an error matching nimber.ErrDivisionByZero.
func Calc(op string, xs ...Ordinal) ([]string, error) {
	want, nonZero, zero := 1, 0, ""
	switch op {
	case "add", "mul":
		want = -2
	case "div":
		want, nonZero, zero = 2, 2, "division by zero: the divisor (operand 2) is 0"
	case "pow", "log", "solve":
		want = 2
	case "inv":
		nonZero, zero = 1, "0 has no inverse"
	case "order":
		nonZero, zero = 1, "0 has no multiplicative order"
	case "square", "sqrt", "trace":
	default:
		return nil, fmt.Errorf("unknown operation %q", op)
	}
	switch {
	case want < 0 && len(xs) < 2:
		return nil, fmt.Errorf("%s takes at least 2 operands, not %d", op, len(xs))
	case want > 0 && len(xs) != want:
		return nil, fmt.Errorf("%s takes %d operands, not %d", op, want, len(xs))
	case nonZero > 0 && xs[nonZero-1].IsZero():
		return nil, zeroError(zero)
	}
	ns := make([]nimber.Nimber, len(xs))
	for i, x := range xs {
		n, ok := x.IsFinite()
		if !ok {
			return calcOrdinal(op, xs)
		}
		ns[i] = nimber.Nimber(n)
	}
	return calcFinite(op, ns)
}

// zeroError is the error of an operation that needs a nonzero operand:
// it matches nimber.ErrDivisionByZero.
type zeroError string

func (e zeroError) Error() string { return string(e) }

func (e zeroError) Is(target error) bool { return target == nimber.ErrDivisionByZero }

// calcFinite is Calc on nimbers below 2^64.
func calcFinite(op string, x []nimber.Nimber) ([]string, error) {
	var r nimber.Nimber
	switch op {
	case "add", "mul":
		r = x[0]
		for _, y := range x[1:] {
			if op == "add" {
				r = r.Add(y)
			} else {
				r = r.Mul(y)
			}
		}
	case "div":
		r = x[0].Mul(x[1].Inv())
	case "inv":
		r = x[0].Inv()
	case "square":
		r = x[0].Square()
	case "sqrt":
		r = x[0].Sqrt()
	case "pow":
		r = x[0].Pow(uint64(x[1]))
	case "log":
		l, err := x[1].Log(x[0])
		if err != nil {
			return nil, noLog(x[1], x[0], err)
		}
		r = nimber.Nimber(l)
	case "order":
		r = nimber.Nimber(x[0].Order())
	case "trace":
		r = x[0].Trace()
	case "solve":
		roots := nimber.SolveQuadratic(x[0], x[1])
		out := make([]string, len(roots))
		for i, y := range roots {
			out[i] = strconv.FormatUint(uint64(y), 10)
		}
		return out, nil
	}
	return []string{strconv.FormatUint(uint64(r), 10)}, nil
}

// calcOrdinal is Calc on ordinals, one at least transfinite.
func calcOrdinal(op string, x []Ordinal) ([]string, error) {
	var r fmt.Stringer
	var err error
	switch op {
	case "add", "mul":
		p := x[0]
		for _, y := range x[1:] {
			if op == "add" {
				p = p.Add(y)
			} else if p, err = p.Mul(y); err != nil {
				return nil, err
			}
		}
		r = p
	case "div":
		r, err = x[0].Div(x[1])
	case "inv":
		r, err = x[0].Inv()
	case "square":
		r, err = x[0].Square()
	case "sqrt":
		r, err = x[0].Sqrt()
	case "pow":
		n, ok := x[1].IsFinite()
		if !ok {
			return nil, errors.New("the exponent (operand 2) is not an integer below 2^64")
		}
		r, err = x[0].Pow(n)
	case "log":
		r, err = x[1].Log(x[0])
		if err != nil {
			return nil, noLog(x[1], x[0], err)
		}
	case "order":
		r, err = x[0].Order()
	case "trace":
		t, err := x[0].Trace()
		if err != nil {
			return nil, err
		}
		return []string{strconv.Itoa(t)}, nil
	case "solve":
		roots, err := SolveQuadratic(x[0], x[1])
		if err != nil {
			return nil, err
		}
		out := make([]string, len(roots))
		for i, y := range roots {
			out[i] = y.String()
		}
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	return []string{r.String()}, nil
}

// noLog words nimber.ErrNoLog as "X is not a power of BASE"; other errors pass.
func noLog(x, base any, err error) error {
	if errors.Is(err, nimber.ErrNoLog) {
		return &noLogError{fmt.Sprintf("%v is not a power of %v", x, base)}
	}
	return err
}

// A noLogError is nimber.ErrNoLog with the operands in its message.
type noLogError struct{ msg string }

func (e *noLogError) Error() string        { return e.msg }
func (e *noLogError) Is(target error) bool { return target == nimber.ErrNoLog }
