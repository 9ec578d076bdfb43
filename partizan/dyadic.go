// Package partizan is the theory of short partizan games (Conway, On
// Numbers and Games; Siegel, Combinatorial Game Theory):
// surreal numbers, which for short games are the dyadic rationals, the
// simplicity rule that values a game whose options are numbers, and the
// canonical forms of short games {L | R}: dominated options removed and
// reversible ones bypassed, so that equal games have the same form.
package partizan

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"
)

// A Dyadic is a dyadic rational n / 2^k, the numbers a short game can
// equal. The zero value is 0. Numerators and exponents are bounded (see
// MaxExp and MaxNum) so that sums and comparisons are exact in 64 bits;
// operations that would leave those bounds report ErrRange.
type Dyadic struct {
	num int64 // odd unless exp == 0
	exp uint8 // the value is num / 2^exp
}

// Bounds of a Dyadic: |num| ≤ MaxNum and exp ≤ MaxExp, so that aligning two
// values for a sum or comparison never overflows 64 bits.
const (
	MaxExp = 30
	MaxNum = 1 << 31
)

// ErrRange reports a result outside the bounds of a Dyadic.
var ErrRange = errors.New("dyadic number out of range")

// ErrSyntax is wrapped by the errors of ParseDyadic.
var ErrSyntax = errors.New("syntax error")

// Int returns the integer n as a Dyadic; n must be within ±MaxNum.
func Int(n int64) (Dyadic, error) { return NewDyadic(n, 0) }

// NewDyadic returns num / 2^exp in lowest terms.
func NewDyadic(num int64, exp int) (Dyadic, error) {
	if exp < 0 {
		return Dyadic{}, fmt.Errorf("%w: negative exponent %d", ErrRange, exp)
	}
	for exp > 0 && num%2 == 0 {
		num /= 2
		exp--
	}
	if num == 0 {
		exp = 0
	}
	if exp > MaxExp || num > MaxNum || num < -MaxNum {
		return Dyadic{}, fmt.Errorf("%w: %d/2^%d (numerators within ±2^31, denominators up to 2^30)", ErrRange, num, exp)
	}
	return Dyadic{num: num, exp: uint8(exp)}, nil
}

// Num returns n of the lowest terms n / 2^k.
func (a Dyadic) Num() int64 { return a.num }

// Exp returns k of the lowest terms n / 2^k: 0 for an integer.
func (a Dyadic) Exp() int { return int(a.exp) }

// IsInt reports whether a is an integer.
func (a Dyadic) IsInt() bool { return a.exp == 0 }

// Sign returns -1, 0 or +1.
func (a Dyadic) Sign() int {
	switch {
	case a.num < 0:
		return -1
	case a.num > 0:
		return 1
	}
	return 0
}

// align returns the numerators of a and b over the common denominator
// 2^max(exp).
func align(a, b Dyadic) (x, y int64, exp int) {
	e := max(a.exp, b.exp)
	return a.num << (e - a.exp), b.num << (e - b.exp), int(e)
}

// Cmp returns -1, 0 or +1 as a is less than, equal to or greater than b.
func (a Dyadic) Cmp(b Dyadic) int {
	x, y, _ := align(a, b)
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// Add returns a + b.
func (a Dyadic) Add(b Dyadic) (Dyadic, error) {
	x, y, e := align(a, b)
	return NewDyadic(x+y, e) // |x|, |y| < 2^61: no overflow
}

// Mul returns a·b.
func (a Dyadic) Mul(b Dyadic) (Dyadic, error) {
	return NewDyadic(a.num*b.num, int(a.exp)+int(b.exp)) // |num| ≤ 2^31: no overflow
}

// Neg returns -a.
func (a Dyadic) Neg() Dyadic { return Dyadic{num: -a.num, exp: a.exp} }

// Floor returns the largest integer ≤ a.
func (a Dyadic) Floor() int64 { return a.num >> a.exp }

// Ceil returns the least integer ≥ a.
func (a Dyadic) Ceil() int64 { return -(-a.num >> a.exp) }

// Float64 returns a as a float64 (exact: a has at most 32 significant bits).
func (a Dyadic) Float64() float64 { return math.Ldexp(float64(a.num), -int(a.exp)) }

// String writes a as an integer or a fraction n/2^k in lowest terms, as
// CGSuite does: "3", "-1/2", "3/4".
func (a Dyadic) String() string {
	if a.exp == 0 {
		return strconv.FormatInt(a.num, 10)
	}
	return strconv.FormatInt(a.num, 10) + "/" + strconv.FormatUint(1<<a.exp, 10)
}

// ParseDyadic reads an integer or a fraction n/d whose denominator d is a
// power of two ("3/4", "-5/8", "+2"); other denominators are not the
// value of any short game.
func ParseDyadic(s string) (Dyadic, error) {
	numS, denS, frac := strings.Cut(s, "/")
	n, err := strconv.ParseInt(numS, 10, 64)
	if err != nil || n > MaxNum || n < -MaxNum {
		return Dyadic{}, fmt.Errorf("%w: %q: numerator %q is not an integer within ±2^31", ErrSyntax, s, numS)
	}
	if !frac {
		return NewDyadic(n, 0)
	}
	d, err := strconv.ParseUint(denS, 10, 64)
	switch {
	case err != nil || denS == "" || denS[0] == '+':
		return Dyadic{}, fmt.Errorf("%w: %q: denominator %q is not a positive integer", ErrSyntax, s, denS)
	case d == 0:
		return Dyadic{}, fmt.Errorf("%w: %q: division by zero", ErrSyntax, s)
	case d&(d-1) != 0:
		return Dyadic{}, fmt.Errorf("%w: %q: the denominator %d is not a power of 2, so no short game has this value", ErrSyntax, s, d)
	}
	k := bits.TrailingZeros64(d)
	if k > MaxExp {
		return Dyadic{}, fmt.Errorf("%w: %q: the denominator is above 2^%d", ErrSyntax, s, MaxExp)
	}
	return NewDyadic(n, k)
}

// Simplest returns the simplest number strictly between lo and hi (which
// must satisfy lo < hi): the value of the game {lo | hi}. By the
// simplicity rule it is the integer of least absolute value in the interval when
// there is one, and otherwise the dyadic rational of least denominator in
// it (there is exactly one).
func Simplest(lo, hi Dyadic) (Dyadic, error) {
	if lo.Cmp(hi) >= 0 {
		return Dyadic{}, fmt.Errorf("no number lies strictly between %v and %v", lo, hi)
	}
	// Integers strictly inside: floor(lo)+1 … ceil(hi)-1.
	a, b := lo.Floor()+1, hi.Ceil()-1
	if a <= b {
		switch {
		case a > 0:
			return NewDyadic(a, 0)
		case b < 0:
			return NewDyadic(b, 0)
		}
		return Dyadic{}, nil
	}
	// No integer: lo and hi lie in one unit interval [m, m+1]. Try
	// denominators 2, 4, …: the first with a multiple strictly inside. With
	// both over 2^(e+1), the numerators differ by 2 or more, so the last
	// try succeeds.
	x, y, e := align(lo, hi)
	x, y, e = 2*x, 2*y, e+1
	k := 1
	for ; k < e; k++ {
		// Is there j with x/2^e < j/2^k < y/2^e, i.e. x < j·2^(e-k) < y?
		step := int64(1) << (e - k)
		if j := floorDiv(x, step) + 1; j*step < y {
			return NewDyadic(j, k)
		}
	}
	return NewDyadic(x+1, e)
}

// floorDiv returns ⌊x / d⌋ for d > 0.
func floorDiv(x, d int64) int64 {
	q := x / d
	if x%d != 0 && x < 0 {
		q--
	}
	return q
}
