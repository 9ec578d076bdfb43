package nimfield

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/nimbers/grundy/nimber"
	"github.com/nimbers/grundy/ordinal"
)

// omegaExp is ω as an exponent.
var omegaExp = ordinal.Term(1, 1)

// An Ordinal is an ordinal below ω^(ω^ω) with coefficients below 2^64, an
// immutable value. The zero value is the ordinal 0.
type Ordinal struct {
	t []term // exponents strictly decreasing, coefficients non-zero
}

// A term is ω^e·c.
type term struct {
	e ordinal.Ordinal
	c uint64
}

// Nat returns the finite ordinal n.
func Nat(n uint64) Ordinal { return monomial(ordinal.Ordinal{}, n) }

// monomial returns ω^e·c.
func monomial(e ordinal.Ordinal, c uint64) Ordinal {
	if c == 0 {
		return Ordinal{}
	}
	return Ordinal{t: []term{{e, c}}}
}

// kappa returns κ_q for a prime power q: 2^(2^(n−1)) for q = 2^n, and
// ω^(ω^(k−1)·p^n) for q = p^(n+1) with p the k-th odd prime. It panics if q
// is not a prime power, or is a power of 2 beyond 2^6.
func kappa(q int) Ordinal {
	p, n := primePower(q)
	if p == 0 {
		panic(fmt.Sprintf("nimfield: kappa(%d): not a prime power", q))
	}
	if p == 2 {
		if n > 6 {
			panic(fmt.Sprintf("nimfield: kappa(%d) is not below 2^64", q))
		}
		return Nat(1 << (1 << (n - 1)))
	}
	return monomial(ordinal.Term(oddPrimeIndex(p), pow(uint64(p), n-1)), 1)
}

func pow(b uint64, n int) uint64 {
	r := uint64(1)
	for range n {
		r *= b
	}
	return r
}

// IsZero reports whether a is 0.
func (a Ordinal) IsZero() bool { return len(a.t) == 0 }

// IsFinite reports whether a is a natural number, and returns it.
func (a Ordinal) IsFinite() (uint64, bool) {
	switch {
	case len(a.t) == 0:
		return 0, true
	case len(a.t) == 1 && a.t[0].e.IsZero():
		return a.t[0].c, true
	}
	return 0, false
}

// cmp compares a and b as ordinals: -1 if a < b, 0 if equal, +1 if a > b.
func (a Ordinal) cmp(b Ordinal) int {
	for i := 0; ; i++ {
		switch {
		case i == len(a.t) && i == len(b.t):
			return 0
		case i == len(a.t):
			return -1
		case i == len(b.t):
			return 1
		}
		if c := a.t[i].e.Cmp(b.t[i].e); c != 0 {
			return c
		}
		if a.t[i].c != b.t[i].c {
			if a.t[i].c < b.t[i].c {
				return -1
			}
			return 1
		}
	}
}

// Equal reports whether a and b are the same ordinal.
func (a Ordinal) Equal(b Ordinal) bool { return a.cmp(b) == 0 }

// Add returns the nim-sum a ⊕ b: coefficients of equal powers of ω are
// added by exclusive or.
func (a Ordinal) Add(b Ordinal) Ordinal {
	v := make([]term, 0, len(a.t)+len(b.t))
	i, j := 0, 0
	for i < len(a.t) || j < len(b.t) {
		var c int
		switch {
		case i == len(a.t):
			c = 1
		case j == len(b.t):
			c = -1
		default:
			c = b.t[j].e.Cmp(a.t[i].e)
		}
		switch {
		case c < 0:
			v = append(v, a.t[i])
			i++
		case c > 0:
			v = append(v, b.t[j])
			j++
		default:
			if x := a.t[i].c ^ b.t[j].c; x != 0 {
				v = append(v, term{a.t[i].e, x})
			}
			i++
			j++
		}
	}
	if len(v) == 0 {
		return Ordinal{}
	}
	return Ordinal{t: v}
}

// fromTerms builds an ordinal from terms in any order, nim-adding the
// coefficients of equal exponents.
func fromTerms(ts []term) Ordinal {
	slices.SortFunc(ts, func(x, y term) int { return y.e.Cmp(x.e) })
	v := ts[:0]
	for _, t := range ts {
		if n := len(v); n > 0 && v[n-1].e.Equal(t.e) {
			v[n-1].c ^= t.c
			continue
		}
		v = append(v, t)
	}
	w := v[:0]
	for _, t := range v {
		if t.c != 0 {
			w = append(w, t)
		}
	}
	if len(w) == 0 {
		return Ordinal{}
	}
	return Ordinal{t: w}
}

// String writes a in Cantor normal form, highest power first, as
// "ω^(ω·4) + ω^ω·2 + ω + 3": an exponent other than a natural number or ω
// is in parentheses, and a coefficient other than 1 follows "·".
func (a Ordinal) String() string {
	if a.IsZero() {
		return "0"
	}
	var b strings.Builder
	for i, t := range a.t {
		if i > 0 {
			b.WriteString(" + ")
		}
		if t.e.IsZero() {
			b.WriteString(strconv.FormatUint(t.c, 10))
			continue
		}
		b.WriteString("ω")
		switch {
		case t.e.Equal(ordinal.New(1)):
		case t.e.IsFinite() || t.e.Equal(omegaExp):
			b.WriteString("^" + t.e.String())
		default:
			b.WriteString("^(" + t.e.String() + ")")
		}
		if t.c != 1 {
			b.WriteString("·" + strconv.FormatUint(t.c, 10))
		}
	}
	return b.String()
}

// MarshalText writes a as String does.
func (a Ordinal) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// UnmarshalText reads a as Parse does.
func (a *Ordinal) UnmarshalText(b []byte) error {
	x, err := Parse(string(b))
	if err != nil {
		return err
	}
	*a = x
	return nil
}

// maxParse bounds the length of a text Parse reads.
const maxParse = 1 << 16

// Parse reads an ordinal written as a sum of terms, each a natural number
// below 2^64, a power of ω, or a power of ω times a natural number (either
// order). A power of ω is ω, ω^k, ω^ω, ω^ω^k (that is ω^(ω^k)) or ω^(E)
// with E an ordinal below ω^ω as package ordinal reads it. w stands for
// ω, and * or × for ·; blanks are ignored. Terms may come in any order and
// repeat: their coefficients are added as natural numbers, as in package
// ordinal, so "ω + ω" is ω·2. A text that is only a natural number may
// also be 0x-hex, as package nimber reads it. Examples: "w^(w*4)+3",
// "ω^ω^2·5 + ω^3", "0xff".
func Parse(s string) (Ordinal, error) {
	if n, err := nimber.Parse(s); err == nil {
		return Nat(uint64(n)), nil
	}
	if len(s) > maxParse {
		return Ordinal{}, fmt.Errorf("%w: %d bytes, more than %d", ordinal.ErrSyntax, len(s), maxParse)
	}
	t := strings.NewReplacer("ω", "w", "·", "*", "×", "*", " ", "", "\t", "").Replace(s)
	if t == "" {
		return Ordinal{}, fmt.Errorf("%w: empty ordinal", ordinal.ErrSyntax)
	}
	var ts []term
	for _, part := range splitTop(t) {
		e, c, err := parseTerm(part)
		if err != nil {
			return Ordinal{}, fmt.Errorf("%w: %q: %s", ordinal.ErrSyntax, s, err)
		}
		if c == 0 {
			continue
		}
		found := false
		for i := range ts {
			if ts[i].e.Equal(e) {
				if ts[i].c+c < c {
					return Ordinal{}, fmt.Errorf("%w: %q: a coefficient overflows 64 bits", ordinal.ErrSyntax, s)
				}
				ts[i].c += c
				found = true
				break
			}
		}
		if !found {
			ts = append(ts, term{e, c})
		}
	}
	if len(ts) == 0 {
		return Ordinal{}, nil
	}
	return fromTerms(ts), nil
}

// splitTop splits t at the pluses outside parentheses.
func splitTop(t string) []string {
	var parts []string
	depth, start := 0, 0
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case '(':
			depth++
		case ')':
			depth--
		case '+':
			if depth == 0 {
				parts = append(parts, t[start:i])
				start = i + 1
			}
		}
	}
	return append(parts, t[start:])
}

// parseTerm reads one term: its exponent and coefficient.
func parseTerm(t string) (ordinal.Ordinal, uint64, error) {
	if t == "" {
		return ordinal.Ordinal{}, 0, errors.New("empty term")
	}
	var e ordinal.Ordinal
	c := uint64(1)
	sawPower, sawCoeff := false, false
	for t != "" {
		if t[0] == 'w' {
			if sawPower {
				return e, 0, errors.New("a term has two powers of ω")
			}
			sawPower = true
			var err error
			e, t, err = parsePower(t[1:])
			if err != nil {
				return e, 0, err
			}
		} else {
			if sawCoeff {
				return e, 0, errors.New("a term has two coefficients")
			}
			sawCoeff = true
			n := 0
			for n < len(t) && t[n] >= '0' && t[n] <= '9' {
				n++
			}
			v, err := strconv.ParseUint(t[:n], 10, 64)
			if err != nil {
				return e, 0, fmt.Errorf("%q is not a natural number below 2^64", t[:n])
			}
			c, t = v, t[n:]
		}
		if t == "" {
			break
		}
		if t[0] != '*' || len(t) == 1 {
			return e, 0, fmt.Errorf("unexpected %q", t)
		}
		t = t[1:]
	}
	return e, c, nil
}

// parsePower reads what follows an ω: nothing, or ^ and an exponent. It
// returns the exponent and the rest of the text.
func parsePower(t string) (ordinal.Ordinal, string, error) {
	one := ordinal.New(1)
	if !strings.HasPrefix(t, "^") {
		return one, t, nil
	}
	t = t[1:]
	switch {
	case strings.HasPrefix(t, "("):
		end := strings.IndexByte(t, ')')
		if end < 0 {
			return one, t, errors.New("unclosed parenthesis")
		}
		e, err := ordinal.Parse(t[1:end])
		if err != nil {
			return one, t, fmt.Errorf("exponent %q: %v", t[1:end], err)
		}
		return e, t[end+1:], nil
	case strings.HasPrefix(t, "w"):
		// ω^ω or ω^ω^k.
		t = t[1:]
		if !strings.HasPrefix(t, "^") {
			return omegaExp, t, nil
		}
		k, rest, err := natural(t[1:])
		if err != nil || k > ordinal.MaxDegree {
			return one, t, fmt.Errorf("ω^ω^k needs a natural number k up to %d", ordinal.MaxDegree)
		}
		return ordinal.Term(int(k), 1), rest, nil
	default:
		k, rest, err := natural(t)
		if err != nil {
			return one, t, fmt.Errorf("exponent: %v", err)
		}
		return ordinal.New(k), rest, nil
	}
}

// natural reads a leading natural number below 2^64.
func natural(t string) (uint64, string, error) {
	n := 0
	for n < len(t) && t[n] >= '0' && t[n] <= '9' {
		n++
	}
	v, err := strconv.ParseUint(t[:n], 10, 64)
	if err != nil {
		return 0, t, fmt.Errorf("%q is not a natural number below 2^64", t[:n])
	}
	return v, t[n:], nil
}
