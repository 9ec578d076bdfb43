package nimfield

import (
	"errors"
	"strings"
	"testing"

	"github.com/nimbers/grundy/nimber"
)

// TestCalc checks Calc against values worked by hand from the
// definitions: 2 ⊗ 2 = 3 and 8 ⊗ 8 = 13 (Conway), so 2⁻¹ = 3, √3 = 2,
// 2 has order 3 and log₂ 3 = 2; x² ⊕ x ⊕ 1 has the roots 2 and 3; the
// top bit of a nimber below 2^64 is its trace; and ω³ = 2 (Lenstra), so
// ω has order 9.
func TestCalc(t *testing.T) {
	for _, c := range []struct {
		op, in, want string
	}{
		{"add", "5 3", "6"},
		{"add", "5 3 6", "0"},
		{"mul", "2 2", "3"},
		{"mul", "8 8", "13"},
		{"mul", "2 2 2", "1"},
		{"div", "1 2", "3"},
		{"inv", "2", "3"},
		{"square", "2", "3"},
		{"sqrt", "3", "2"},
		{"pow", "2 3", "1"},
		{"log", "2 3", "2"},
		{"order", "2", "3"},
		{"trace", "9223372036854775808", "1"},
		{"trace", "5", "0"},
		{"solve", "1 1", "2 3"},
		{"solve", "0 3", "2"},
		{"add", "w 1", "ω + 1"},
		{"mul", "w w", "ω^2"},
		{"pow", "w 3", "2"},
		{"order", "w", "9"},
	} {
		var xs []Ordinal
		for _, s := range strings.Fields(c.in) {
			x, err := Parse(s)
			if err != nil {
				t.Fatal(err)
			}
			xs = append(xs, x)
		}
		got, err := Calc(c.op, xs...)
		if err != nil || strings.Join(got, " ") != c.want {
			t.Errorf("%s %s = %q, %v; want %s", c.op, c.in, got, err, c.want)
		}
	}
}

// TestCalcErrors checks the errors: counts, zero operands, an exponent
// that is no integer, and a logarithm that does not exist (the powers of
// 2 are 1, 2 and 3).
func TestCalcErrors(t *testing.T) {
	for _, c := range []struct {
		op   string
		xs   []Ordinal
		want string
	}{
		{"add", []Ordinal{Nat(1)}, "at least 2"},
		{"div", []Ordinal{Nat(1)}, "takes 2 operands"},
		{"div", []Ordinal{Nat(1), Nat(0)}, "division by zero: the divisor (operand 2) is 0"},
		{"inv", []Ordinal{Nat(0)}, "0 has no inverse"},
		{"order", []Ordinal{Nat(0)}, "0 has no multiplicative order"},
		{"pow", []Ordinal{Nat(2), omega}, "the exponent (operand 2) is not an integer below 2^64"},
		{"log", []Ordinal{Nat(2), Nat(5)}, "5 is not a power of 2"},
		{"cube", []Ordinal{Nat(2)}, `unknown operation "cube"`},
	} {
		_, err := Calc(c.op, c.xs...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %v: %v; want %q", c.op, c.xs, err, c.want)
		}
	}
	for _, op := range []string{"inv", "order"} {
		if _, err := Calc(op, Nat(0)); !errors.Is(err, nimber.ErrDivisionByZero) {
			t.Errorf("%s 0: %v does not match nimber.ErrDivisionByZero", op, err)
		}
	}
	if _, err := Calc("div", Nat(3), Nat(0)); !errors.Is(err, nimber.ErrDivisionByZero) {
		t.Errorf("div 3 0: %v does not match nimber.ErrDivisionByZero", err)
	}
	if _, err := Calc("log", Nat(2), Nat(5)); !errors.Is(err, nimber.ErrNoLog) {
		t.Errorf("log 2 5: %v does not match nimber.ErrNoLog", err)
	}
}
