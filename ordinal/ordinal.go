// Package ordinal is the arithmetic of ordinal nimbers below ω^ω: the
// values of impartial games whose positions may have infinitely many
// options, such as a move that lowers one number and sets others freely.
//
// An ordinal below ω^ω is written in Cantor normal form as
//
//	α = ω^k·c_k + … + ω·c_1 + c_0
//
// with natural coefficients c_i. Ordinals are compared lexicographically
// from the highest power down, and the nim-sum of two ordinals (the value
// of a disjunctive sum of games) is taken coefficient by coefficient:
// (α ⊕ β)_i = α_i ⊕ β_i. A position of value α has options of every value
// below α, so a sum is a loss for the player to move exactly when its
// nim-sum is 0 (Codeforces 1149E).
package ordinal

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// An Ordinal is an ordinal below ω^ω, an immutable value. The zero value
// is the ordinal 0.
type Ordinal struct {
	c []uint64 // c[i] is the coefficient of ω^i; no trailing zeros
}

// MaxDegree bounds the exponents Parse and New accept, so that a short
// input cannot ask for a huge coefficient vector.
const MaxDegree = 1 << 20

// New returns Σ ω^i·coeffs[i]: the coefficients from ω^0 upwards.
func New(coeffs ...uint64) Ordinal {
	n := len(coeffs)
	for n > 0 && coeffs[n-1] == 0 {
		n--
	}
	if n == 0 {
		return Ordinal{}
	}
	return Ordinal{c: slices.Clone(coeffs[:n])}
}

// Term returns ω^k·c.
func Term(k int, c uint64) Ordinal {
	if c == 0 {
		return Ordinal{}
	}
	v := make([]uint64, k+1)
	v[k] = c
	return Ordinal{c: v}
}

// IsZero reports whether a is 0.
func (a Ordinal) IsZero() bool { return len(a.c) == 0 }

// IsFinite reports whether a is a natural number.
func (a Ordinal) IsFinite() bool { return len(a.c) <= 1 }

// Degree returns the largest k with a nonzero coefficient of ω^k, or -1
// for 0.
func (a Ordinal) Degree() int { return len(a.c) - 1 }

// Coeff returns the coefficient of ω^k.
func (a Ordinal) Coeff(k int) uint64 {
	if k < 0 || k >= len(a.c) {
		return 0
	}
	return a.c[k]
}

// Coeffs returns the coefficients from ω^0 up to ω^Degree.
func (a Ordinal) Coeffs() []uint64 { return slices.Clone(a.c) }

// Cmp compares a and b as ordinals: -1 if a < b, 0 if equal, +1 if a > b.
func (a Ordinal) Cmp(b Ordinal) int {
	if len(a.c) != len(b.c) {
		if len(a.c) < len(b.c) {
			return -1
		}
		return 1
	}
	for i := len(a.c) - 1; i >= 0; i-- {
		if a.c[i] != b.c[i] {
			if a.c[i] < b.c[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// Equal reports whether a and b are the same ordinal.
func (a Ordinal) Equal(b Ordinal) bool { return a.Cmp(b) == 0 }

// NimSum returns a ⊕ b, the coefficient-wise nim-sum: the value of the sum
// of games of values a and b.
func (a Ordinal) NimSum(b Ordinal) Ordinal {
	if len(a.c) < len(b.c) {
		a, b = b, a
	}
	v := slices.Clone(a.c)
	for i, x := range b.c {
		v[i] ^= x
	}
	return New(v...)
}

// String writes a in Cantor normal form with ω, highest power first:
// "ω^2·3 + ω + 5"; 0 is "0".
func (a Ordinal) String() string {
	if a.IsZero() {
		return "0"
	}
	var b strings.Builder
	for i := len(a.c) - 1; i >= 0; i-- {
		c := a.c[i]
		if c == 0 {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(" + ")
		}
		switch i {
		case 0:
			b.WriteString(strconv.FormatUint(c, 10))
			continue
		case 1:
			b.WriteString("ω")
		default:
			b.WriteString("ω^" + strconv.Itoa(i))
		}
		if c != 1 {
			b.WriteString("·" + strconv.FormatUint(c, 10))
		}
	}
	return b.String()
}

// ErrSyntax is wrapped by every error of Parse.
var ErrSyntax = errors.New("invalid syntax")

// Parse reads an ordinal written as a sum of terms, each a natural number,
// ω, ω^k, ω·c, ω^k·c or c·ω^k (w may stand for ω and * for ·; blanks are
// ignored). Terms may come in any order and repeat: their coefficients are
// added as natural numbers (ordinal addition in normal form), so
// "ω + ω" is ω·2.
func Parse(s string) (Ordinal, error) {
	t := strings.NewReplacer("ω", "w", "·", "*", " ", "", "\t", "").Replace(s)
	if t == "" {
		return Ordinal{}, fmt.Errorf("%w: empty ordinal", ErrSyntax)
	}
	var v []uint64
	for _, term := range strings.Split(t, "+") {
		k, c, err := parseTerm(term)
		if err != nil {
			return Ordinal{}, fmt.Errorf("%w: %q: %s", ErrSyntax, s, err)
		}
		if k >= len(v) {
			v = append(v, make([]uint64, k+1-len(v))...)
		}
		if v[k]+c < v[k] {
			return Ordinal{}, fmt.Errorf("%w: %q: coefficient of ω^%d overflows 64 bits", ErrSyntax, s, k)
		}
		v[k] += c
	}
	return New(v...), nil
}

// parseTerm reads one term: its power of ω and its coefficient.
func parseTerm(t string) (int, uint64, error) {
	if t == "" {
		return 0, 0, errors.New("empty term")
	}
	factors := strings.Split(t, "*")
	if len(factors) > 2 {
		return 0, 0, fmt.Errorf("term %q has more than two factors", t)
	}
	k, c, sawPower, sawCoeff := 0, uint64(1), false, false
	for _, f := range factors {
		if strings.HasPrefix(f, "w") {
			if sawPower {
				return 0, 0, fmt.Errorf("term %q has two powers of ω", t)
			}
			sawPower, k = true, 1
			if rest := f[1:]; rest != "" {
				e, ok := strings.CutPrefix(rest, "^")
				if !ok {
					return 0, 0, fmt.Errorf("%q is not ω^k", f)
				}
				n, err := strconv.ParseUint(e, 10, 64)
				if err != nil || n > MaxDegree {
					return 0, 0, fmt.Errorf("exponent %q is not a natural number up to %d", e, MaxDegree)
				}
				k = int(n)
			}
			continue
		}
		if sawCoeff {
			return 0, 0, fmt.Errorf("term %q has two coefficients", t)
		}
		n, err := strconv.ParseUint(f, 10, 64)
		if err != nil {
			return 0, 0, fmt.Errorf("%q is not a natural number below 2^64", f)
		}
		sawCoeff, c = true, n
	}
	return k, c, nil
}
