// Package surreal is the arithmetic of the numbers CGSuite computes with
// beyond the dyadic rationals of short games: rationals such as 1/3,
// born on day ω, and generalized ordinals, the ω-polynomials
//
//	x = ω^(e_1)·c_1 + ω^(e_2)·c_2 + … + ω^(e_k)·c_k,  e_1 > e_2 > … > e_k
//
// with ordinal exponents e_i (themselves ω-polynomials with positive
// coefficients) and nonzero integer coefficients c_i, such as ω − 5 or
// ω^ω − ω^19·5 + ω^2 + 1. As surreal numbers they are ordered
// lexicographically from the highest power down, added term by term,
// and multiplied term by term with ω^a · ω^b = ω^(a ⊕ b), a ⊕ b the
// natural sum of the exponents (Conway, ONAG ch. 3; Gonshor, An
// Introduction to the Theory of Surreal Numbers).
package surreal

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
)

// errSyntax is returned for text that is not a number of this package.
var errSyntax = errors.New("syntax error")

// A Poly is a generalized ordinal, an immutable value. The zero value is
// 0. Describe of its String gives its sign, absolute value and birthday.
type Poly struct {
	t []term // highest exponent first, no zero coefficients
}

type term struct {
	exp  Poly // an ordinal
	coef *big.Int
}

// Int returns the integer n as a Poly.
func Int(n int64) Poly { return fromBig(big.NewInt(n)) }

func fromBig(n *big.Int) Poly {
	if n.Sign() == 0 {
		return Poly{}
	}
	return Poly{t: []term{{coef: new(big.Int).Set(n)}}}
}

// omega returns ω.
func omega() Poly { return power(Int(1)) }

// power returns ω^e for an ordinal e; it panics for any other e.
func power(e Poly) Poly {
	if !e.isOrdinal() {
		panic("surreal: ω^e needs an ordinal e")
	}
	return Poly{t: []term{{exp: e, coef: big.NewInt(1)}}}
}

// isZero reports whether x = 0.
func (x Poly) isZero() bool { return len(x.t) == 0 }

// sign returns −1, 0 or +1: the sign of the leading coefficient.
func (x Poly) sign() int {
	if len(x.t) == 0 {
		return 0
	}
	return x.t[0].coef.Sign()
}

// isOrdinal reports whether x is an ordinal: every coefficient positive.
func (x Poly) isOrdinal() bool {
	for _, t := range x.t {
		if t.coef.Sign() < 0 {
			return false
		}
	}
	return true
}

// isInteger reports whether x is an integer (no power of ω).
func (x Poly) isInteger() bool { return len(x.t) == 0 || len(x.t) == 1 && x.t[0].exp.isZero() }

// Cmp returns −1, 0 or +1 as x < y, x = y or x > y.
func (x Poly) Cmp(y Poly) int { return x.Sub(y).sign() }

// equal reports whether x = y.
func (x Poly) equal(y Poly) bool { return x.Cmp(y) == 0 }

// Neg returns −x.
func (x Poly) Neg() Poly {
	out := make([]term, len(x.t))
	for i, t := range x.t {
		out[i] = term{exp: t.exp, coef: new(big.Int).Neg(t.coef)}
	}
	return Poly{t: out}
}

// Add returns x + y.
func (x Poly) Add(y Poly) Poly {
	var out []term
	i, j := 0, 0
	for i < len(x.t) || j < len(y.t) {
		var c int
		switch {
		case i == len(x.t):
			c = -1
		case j == len(y.t):
			c = 1
		default:
			c = x.t[i].exp.Cmp(y.t[j].exp)
		}
		switch {
		case c > 0:
			out = append(out, x.t[i])
			i++
		case c < 0:
			out = append(out, y.t[j])
			j++
		default:
			s := new(big.Int).Add(x.t[i].coef, y.t[j].coef)
			if s.Sign() != 0 {
				out = append(out, term{exp: x.t[i].exp, coef: s})
			}
			i++
			j++
		}
	}
	return Poly{t: out}
}

// Sub returns x − y.
func (x Poly) Sub(y Poly) Poly { return x.Add(y.Neg()) }

// Mul returns x·y, with ω^a · ω^b = ω^(a ⊕ b) for the natural sum a ⊕ b
// of ordinals, which is their sum as polynomials.
func (x Poly) Mul(y Poly) Poly {
	var s Poly
	for _, a := range x.t {
		for _, b := range y.t {
			s = s.Add(Poly{t: []term{{exp: a.exp.Add(b.exp), coef: new(big.Int).Mul(a.coef, b.coef)}}})
		}
	}
	return s
}

// abs returns |x|.
func (x Poly) abs() Poly {
	if x.sign() < 0 {
		return x.Neg()
	}
	return x
}

// birthday returns the day x is born, an ordinal: the sum of the terms
// with their coefficients made positive, ω^(e_1)·|c_1| + … (so ω − 5 is
// born on day ω + 5).
func (x Poly) birthday() Poly {
	out := make([]term, len(x.t))
	for i, t := range x.t {
		out[i] = term{exp: t.exp, coef: new(big.Int).Abs(t.coef)}
	}
	return Poly{t: out}
}

// String returns x as CGSuite writes it: ω^ω-ω^19×5+ω^2+1, ω×5, -ω+5,
// ω^(ω+1), ω^ω^2.
func (x Poly) String() string {
	if len(x.t) == 0 {
		return "0"
	}
	var b strings.Builder
	for i, t := range x.t {
		c := new(big.Int).Abs(t.coef)
		switch {
		case t.coef.Sign() < 0:
			b.WriteString("-")
		case i > 0:
			b.WriteString("+")
		}
		if t.exp.isZero() {
			b.WriteString(c.String())
			continue
		}
		b.WriteString("ω")
		if !t.exp.equal(Int(1)) {
			e := t.exp.String()
			if len(t.exp.t) > 1 || !t.exp.isInteger() && t.exp.t[0].coef.Cmp(big.NewInt(1)) != 0 {
				e = "(" + e + ")"
			}
			b.WriteString("^" + e)
		}
		if c.Cmp(big.NewInt(1)) != 0 {
			b.WriteString("×" + c.String())
		}
	}
	return b.String()
}

// maxText bounds the length of the text Parse reads.
const maxText = 1 << 12

// Parse reads a generalized ordinal: integers, ω (or omega, or w),
// powers ω^e for an ordinal e, products with * or ×, sums and
// differences with + and -, and parentheses: "w^w-5*w^19+w^2+1",
// "omega+5", "ω×5", "w^(w*4)+3".
func Parse(s string) (Poly, error) {
	if len(s) > maxText {
		return Poly{}, fmt.Errorf("%w: longer than %d bytes", errSyntax, maxText)
	}
	p := &parser{s: s}
	x, err := p.sum()
	if err != nil {
		return Poly{}, err
	}
	p.space()
	if p.i < len(p.s) {
		return Poly{}, p.errorf("unexpected %q", p.s[p.i:])
	}
	return x, nil
}

type parser struct {
	s     string
	i     int
	depth int
}

func (p *parser) errorf(format string, args ...any) error {
	return fmt.Errorf("%w at offset %d: %s", errSyntax, p.i, fmt.Sprintf(format, args...))
}

func (p *parser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

func (p *parser) at(tok string) bool {
	p.space()
	if strings.HasPrefix(p.s[p.i:], tok) {
		p.i += len(tok)
		return true
	}
	return false
}

// sum := ['-'] product (('+' | '-') product)*
func (p *parser) sum() (Poly, error) {
	neg := p.at("-")
	x, err := p.product()
	if err != nil {
		return Poly{}, err
	}
	if neg {
		x = x.Neg()
	}
	for {
		switch {
		case p.at("+"):
			y, err := p.product()
			if err != nil {
				return Poly{}, err
			}
			x = x.Add(y)
		case p.at("-"):
			y, err := p.product()
			if err != nil {
				return Poly{}, err
			}
			x = x.Sub(y)
		default:
			return x, nil
		}
	}
}

// product := power (('*' | '×') power)*
func (p *parser) product() (Poly, error) {
	x, err := p.power()
	if err != nil {
		return Poly{}, err
	}
	for p.at("*") || p.at("×") {
		y, err := p.power()
		if err != nil {
			return Poly{}, err
		}
		x = x.Mul(y)
	}
	return x, nil
}

// maxDepth bounds the nesting of parentheses and exponents.
const maxDepth = 64

// power := atom ['^' power], the base ω.
func (p *parser) power() (Poly, error) {
	if p.depth++; p.depth > maxDepth {
		return Poly{}, p.errorf("nested more than %d deep", maxDepth)
	}
	defer func() { p.depth-- }()
	start := p.i
	x, omega, err := p.atom()
	if err != nil {
		return Poly{}, err
	}
	if !p.at("^") {
		return x, nil
	}
	if !omega {
		p.i = start
		return Poly{}, p.errorf("only ω can be raised to a power")
	}
	e, err := p.power()
	if err != nil {
		return Poly{}, err
	}
	if !e.isOrdinal() {
		return Poly{}, p.errorf("the exponent %v is not an ordinal", e)
	}
	return power(e), nil
}

// atom := integer | ω | omega | w | '(' sum ')'; omega reports ω.
func (p *parser) atom() (Poly, bool, error) {
	p.space()
	switch {
	case p.at("("):
		x, err := p.sum()
		if err != nil {
			return Poly{}, false, err
		}
		if !p.at(")") {
			return Poly{}, false, p.errorf("expected )")
		}
		return x, false, nil
	case p.at("omega") || p.at("ω") || p.at("w"):
		return omega(), true, nil
	}
	start := p.i
	for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
		p.i++
	}
	if p.i == start {
		if p.i == len(p.s) {
			return Poly{}, false, p.errorf("unexpected end of text")
		}
		return Poly{}, false, p.errorf("unexpected %q", p.s[p.i:])
	}
	n, _ := new(big.Int).SetString(p.s[start:p.i], 10)
	return fromBig(n), false, nil
}

// ratBirthday returns the day a rational r is born: for a dyadic m/2^k
// in lowest terms, ⌊|r|⌋ + k + 1 (|r| for an integer); for any other
// rational, ω.
func ratBirthday(r *big.Rat) Poly {
	a := new(big.Rat).Abs(r)
	den := a.Denom()
	k := den.BitLen() - 1
	if new(big.Int).Lsh(big.NewInt(1), uint(k)).Cmp(den) != 0 {
		return omega()
	}
	fl := new(big.Int).Quo(a.Num(), den)
	if k == 0 {
		return fromBig(fl)
	}
	return fromBig(fl.Add(fl, big.NewInt(int64(k)+1)))
}

// sortedTerms reports whether x's terms are in strictly decreasing
// order of exponent, as every Poly's are.
func (x Poly) sortedTerms() bool {
	return slices.IsSortedFunc(x.t, func(a, b term) int { return b.exp.Cmp(a.exp) }) &&
		!slices.ContainsFunc(x.t, func(t term) bool { return t.coef.Sign() == 0 })
}

// A Number is what grundy cgt number reports of a rational or a
// generalized ordinal: the number as CGSuite writes it, its absolute
// value, sign, birthday and who wins it (Left for a positive number,
// Right for a negative one, the second player for 0), and, for a
// generalized ordinal, whether it is an ordinal, or for a rational,
// whether it is dyadic.
type Number struct {
	Number   string `json:"number"`
	Abs      string `json:"abs"`
	Sign     int    `json:"sign"`
	Birthday string `json:"birthday"`
	Outcome  string `json:"outcome"`
	Ordinal  *bool  `json:"ordinal,omitempty"`
	Dyadic   *bool  `json:"dyadic,omitempty"`
}

// Describe returns the Number report of s: a rational p/q (no decimal
// point or exponent) or a generalized ordinal as Parse reads it. It
// fails for anything else.
func Describe(s string) (Number, error) {
	var n Number
	text := strings.TrimSpace(s)
	if r, ok := new(big.Rat).SetString(text); ok && !strings.ContainsAny(text, "eE.") {
		b := ratBirthday(r)
		dyadic := b.isInteger()
		n = Number{Number: r.RatString(), Abs: new(big.Rat).Abs(r).RatString(), Sign: r.Sign(),
			Birthday: b.String(), Dyadic: &dyadic}
	} else {
		x, err := Parse(text)
		if err != nil {
			return n, err
		}
		ordinal := x.isOrdinal()
		n = Number{Number: x.String(), Abs: x.abs().String(), Sign: x.sign(), Birthday: x.birthday().String(), Ordinal: &ordinal}
	}
	n.Outcome = map[int]string{1: "Left", -1: "Right", 0: "second"}[n.Sign]
	return n, nil
}

// String returns the report one fact a line: "number …", "abs …",
// "sign …", "birthday …", "outcome …", then "ordinal …" or "dyadic …".
func (n Number) String() string {
	s := fmt.Sprintf("number %s\nabs %s\nsign %d\nbirthday %s\noutcome %s", n.Number, n.Abs, n.Sign, n.Birthday, n.Outcome)
	if n.Ordinal != nil {
		s += fmt.Sprintf("\nordinal %v", *n.Ordinal)
	}
	if n.Dyadic != nil {
		s += fmt.Sprintf("\ndyadic %v", *n.Dyadic)
	}
	return s
}
