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
	"math/big"
	"strings"
)

// A Dyadic is a dyadic rational n / 2^k, the numbers a short game can
// equal, exact and of any size, as in math/big. The zero value is 0.
// Values with |n| ≤ 2^31 and k ≤ 30 are held in a machine word, so that
// their sums and comparisons take no allocation; larger ones are held in
// a big.Int. Dyadics are immutable.
type Dyadic struct {
	num int64    // the numerator when big is nil: odd unless exp == 0
	big *big.Int // the numerator of a value outside the small range; never modified
	exp int      // the value is num / 2^exp
}

// The small range: aligning two small values for a sum or comparison
// never overflows 64 bits.
const (
	smallExp = 30
	smallNum = 1 << 31
)

// ErrRange reports a number that is not a short game's value, such as
// a negative exponent.
var ErrRange = errors.New("dyadic number out of range")

// ErrSyntax is wrapped by the errors of ParseDyadic.
var ErrSyntax = errors.New("syntax error")

// Int returns the integer n as a Dyadic.
func Int(n int64) Dyadic { return newDyadic(n, 0) }

// NewDyadicBig returns num / 2^exp in lowest terms; exp must not be
// negative. It does not keep num.
func NewDyadicBig(num *big.Int, exp int) (Dyadic, error) {
	if exp < 0 {
		return Dyadic{}, fmt.Errorf("%w: negative exponent %d", ErrRange, exp)
	}
	return fromBig(new(big.Int).Set(num), exp), nil
}

// newDyadic returns num / 2^exp in lowest terms for exp ≥ 0.
func newDyadic(num int64, exp int) Dyadic {
	for exp > 0 && num%2 == 0 {
		num /= 2
		exp--
	}
	if num == 0 {
		exp = 0
	}
	if exp <= smallExp && num <= smallNum && num >= -smallNum {
		return Dyadic{num: num, exp: exp}
	}
	return fromBig(big.NewInt(num), exp)
}

// fromBig returns n / 2^exp in lowest terms, taking n.
func fromBig(n *big.Int, exp int) Dyadic {
	if n.Sign() == 0 {
		return Dyadic{}
	}
	if s := min(int(n.TrailingZeroBits()), exp); s > 0 {
		n.Rsh(n, uint(s)) // exact: only zero bits go
		exp -= s
	}
	if exp <= smallExp && n.IsInt64() {
		if v := n.Int64(); v <= smallNum && v >= -smallNum {
			return Dyadic{num: v, exp: exp}
		}
	}
	return Dyadic{big: n, exp: exp}
}

// numerator returns the numerator, which the caller must not modify.
func (a Dyadic) numerator() *big.Int {
	if a.big != nil {
		return a.big
	}
	return big.NewInt(a.num)
}

// Num returns n of the lowest terms n / 2^k.
func (a Dyadic) Num() *big.Int { return new(big.Int).Set(a.numerator()) }

// toInt64 returns a as an int64, and whether a is an integer that fits.
func (a Dyadic) toInt64() (int64, bool) {
	if a.big != nil {
		return a.big.Int64(), a.exp == 0 && a.big.IsInt64()
	}
	return a.num, a.exp == 0
}

// IsInt reports whether a is an integer.
func (a Dyadic) IsInt() bool { return a.exp == 0 }

// Sign returns -1, 0 or +1.
func (a Dyadic) Sign() int {
	switch {
	case a.big != nil:
		return a.big.Sign()
	case a.num < 0:
		return -1
	case a.num > 0:
		return 1
	}
	return 0
}

// small reports whether a and b are both held in machine words.
func small(a, b Dyadic) bool { return a.big == nil && b.big == nil }

// align returns the numerators of two small values over the common
// denominator 2^max(exp).
func align(a, b Dyadic) (x, y int64, exp int) {
	e := max(a.exp, b.exp)
	return a.num << (e - a.exp), b.num << (e - b.exp), e
}

// alignBig returns the numerators of a and b over the common
// denominator 2^max(exp), as new big.Ints.
func alignBig(a, b Dyadic) (x, y *big.Int, exp int) {
	e := max(a.exp, b.exp)
	x = new(big.Int).Lsh(a.numerator(), uint(e-a.exp))
	y = new(big.Int).Lsh(b.numerator(), uint(e-b.exp))
	return x, y, e
}

// Cmp returns -1, 0 or +1 as a is less than, equal to or greater than b.
func (a Dyadic) Cmp(b Dyadic) int {
	// The common case, inlined: two small values over one denominator
	// (two integers, such as the stops of infinitesimals).
	if a.exp == b.exp && a.big == nil && b.big == nil {
		d := a.num - b.num // small values: no overflow
		return int(d>>63) | int(uint64(-d)>>63)
	}
	return a.cmpSlow(b)
}

// cmpSlow is Cmp for values over different denominators or outside the
// small range.
func (a Dyadic) cmpSlow(b Dyadic) int {
	if small(a, b) {
		x, y, _ := align(a, b)
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	}
	if s, t := a.Sign(), b.Sign(); s != t {
		return max(-1, min(1, s-t))
	}
	x, y, _ := alignBig(a, b)
	return x.Cmp(y)
}

// Add returns a + b.
func (a Dyadic) Add(b Dyadic) Dyadic {
	if small(a, b) {
		x, y, e := align(a, b)
		return newDyadic(x+y, e) // |x|, |y| < 2^62: no overflow
	}
	x, y, e := alignBig(a, b)
	return fromBig(x.Add(x, y), e)
}

// Sub returns a − b.
func (a Dyadic) Sub(b Dyadic) Dyadic { return a.Add(b.Neg()) }

// Mul returns a·b.
func (a Dyadic) Mul(b Dyadic) Dyadic {
	if small(a, b) {
		return newDyadic(a.num*b.num, a.exp+b.exp) // |num| ≤ 2^31: no overflow
	}
	return fromBig(new(big.Int).Mul(a.numerator(), b.numerator()), a.exp+b.exp)
}

// Neg returns -a.
func (a Dyadic) Neg() Dyadic {
	if a.big != nil {
		return Dyadic{big: new(big.Int).Neg(a.big), exp: a.exp}
	}
	return Dyadic{num: -a.num, exp: a.exp}
}

// floor returns the largest integer ≤ a.
func (a Dyadic) floor() Dyadic {
	if a.big == nil {
		return newDyadic(a.num>>a.exp, 0)
	}
	return fromBig(new(big.Int).Rsh(a.big, uint(a.exp)), 0) // Rsh rounds down
}

// ceil returns the least integer ≥ a.
func (a Dyadic) ceil() Dyadic { return a.Neg().floor().Neg() }

// rat returns a as a big.Rat.
func (a Dyadic) rat() *big.Rat {
	return new(big.Rat).SetFrac(a.numerator(), new(big.Int).Lsh(big.NewInt(1), uint(a.exp)))
}

// String writes a as an integer or a fraction n/2^k in lowest terms, as
// CGSuite does: "3", "-1/2", "3/4".
func (a Dyadic) String() string {
	n := a.numerator().String()
	if a.exp == 0 {
		return n
	}
	return n + "/" + new(big.Int).Lsh(big.NewInt(1), uint(a.exp)).String()
}

// isDecimal reports whether s is a non-empty run of decimal digits.
func isDecimal(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// ParseDyadic reads an integer or a fraction n/d of any size whose
// denominator d is a power of two ("3/4", "-5/8", "+2"); other
// denominators are not the value of any short game.
func ParseDyadic(s string) (Dyadic, error) {
	numS, denS, frac := strings.Cut(s, "/")
	digits := strings.TrimLeft(numS, "+-")
	if len(numS)-len(digits) > 1 || !isDecimal(digits) {
		return Dyadic{}, fmt.Errorf("%w: %q: numerator %q is not an integer", ErrSyntax, s, numS)
	}
	n, _ := new(big.Int).SetString(digits, 10)
	if numS[0] == '-' {
		n.Neg(n)
	}
	if !frac {
		return fromBig(n, 0), nil
	}
	if !isDecimal(denS) {
		return Dyadic{}, fmt.Errorf("%w: %q: denominator %q is not a positive integer", ErrSyntax, s, denS)
	}
	d, _ := new(big.Int).SetString(denS, 10)
	switch k := int(d.TrailingZeroBits()); {
	case d.Sign() == 0:
		return Dyadic{}, fmt.Errorf("%w: %q: division by zero", ErrSyntax, s)
	case d.BitLen() != k+1:
		return Dyadic{}, fmt.Errorf("%w: %q: the denominator %s is not a power of 2, so no short game has this value", ErrSyntax, s, clipDigits(denS))
	default:
		return fromBig(n, k), nil
	}
}

// clipDigits shortens a long run of digits for a message.
func clipDigits(s string) string {
	if len(s) > 24 {
		return s[:10] + "…" + s[len(s)-10:] + fmt.Sprintf(" (%d digits)", len(s))
	}
	return s
}

// simplest returns the simplest number strictly between lo and hi (which
// must satisfy lo < hi): the value of the game {lo | hi}. By the
// simplicity rule it is the integer of least absolute value in the interval when
// there is one, and otherwise the dyadic rational of least denominator in
// it (there is exactly one).
func simplest(lo, hi Dyadic) (Dyadic, error) {
	if lo.Cmp(hi) >= 0 {
		return Dyadic{}, fmt.Errorf("no number lies strictly between %v and %v", lo, hi)
	}
	if small(lo, hi) {
		return simplestSmall(lo, hi), nil
	}
	return simplestBig(lo, hi), nil
}

// simplestBig is simplest in big.Ints, for lo < hi.
func simplestBig(lo, hi Dyadic) Dyadic {
	// Integers strictly inside: floor(lo)+1 … ceil(hi)-1.
	one := Int(1)
	a, b := lo.floor().Add(one), hi.ceil().Sub(one)
	if a.Cmp(b) <= 0 {
		switch {
		case a.Sign() > 0:
			return a
		case b.Sign() < 0:
			return b
		}
		return Dyadic{}
	}
	// No integer: lo and hi lie in one unit interval. Over 2^(e+1) their
	// numerators X < Y differ by 2 or more, so some multiple of 2^s lies
	// strictly between them for s = 0, and if one does for s then one does
	// for every smaller s. The answer is the one for the greatest such s,
	// found by bisection.
	x, y, e := alignBig(lo, hi)
	x.Lsh(x, 1)
	y.Lsh(y, 1)
	e++
	// above returns the least multiple of 2^s above x, and whether it is
	// below y.
	above := func(s int) (*big.Int, bool) {
		m := new(big.Int).Rsh(x, uint(s)) // ⌊x / 2^s⌋
		m.Add(m, big.NewInt(1))
		return m, new(big.Int).Lsh(m, uint(s)).Cmp(y) < 0
	}
	good, bad := 0, e // a multiple of 2^good lies inside; none of 2^bad does
	for bad-good > 1 {
		if mid := (good + bad) / 2; func() bool { _, ok := above(mid); return ok }() {
			good = mid
		} else {
			bad = mid
		}
	}
	m, _ := above(good)
	return fromBig(m, e-good)
}

// simplestSmall is simplest for values held in machine words, without
// allocating.
func simplestSmall(lo, hi Dyadic) Dyadic {
	a, b := lo.num>>lo.exp+1, -(-hi.num>>hi.exp)-1
	if a <= b {
		switch {
		case a > 0:
			return newDyadic(a, 0)
		case b < 0:
			return newDyadic(b, 0)
		}
		return Dyadic{}
	}
	// Try denominators 2, 4, …: the first with a multiple strictly
	// inside; over 2^(e+1) the numerators differ by 2 or more, so the
	// last try succeeds.
	x, y, e := align(lo, hi)
	x, y, e = 2*x, 2*y, e+1
	for k := 1; k < e; k++ {
		step := int64(1) << (e - k)
		if j := floorDiv(x, step) + 1; j*step < y {
			return newDyadic(j, k)
		}
	}
	return newDyadic(x+1, e)
}

// floorDiv returns ⌊x / d⌋ for d > 0.
func floorDiv(x, d int64) int64 {
	q := x / d
	if x%d != 0 && x < 0 {
		q--
	}
	return q
}

// float64 returns the float64 nearest to a (exact when a is held in a
// machine word).
func (a Dyadic) float64() float64 {
	if a.big == nil {
		return math.Ldexp(float64(a.num), -a.exp)
	}
	f, _ := new(big.Float).SetMantExp(new(big.Float).SetInt(a.big), -a.exp).Float64()
	return f
}
