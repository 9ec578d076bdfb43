// Package nimpoly is polynomials with nimber coefficients: arithmetic,
// division, greatest common divisors, evaluation and interpolation at many
// points, and the roots in GF(2^64).
//
// Products pick their algorithm by size: schoolbook, Karatsuba, or an
// additive FFT over the Cantor basis of the nimbers. That basis, β0 = 1 and
// β_i² ⊕ β_i = β_(i−1), begins 1, 2, 4, 10, 20, 32, 76, 174, 338; each β_i
// has bit length i+1, so the span of β0 … β_(k−1) is exactly the nimbers
// 0 … 2^k − 1, and a transform of size 2^k evaluates at those points. Its
// subspace polynomials W_j(x) = Π_{v<2^j} (x − v) have coefficients 0 and
// 1 (W_j is x ↦ x² + x applied j times), so changing to the basis in which
// the transform works is division by sparse 0/1 polynomials: exclusive ors
// only.
//
// Read and Poly.WriteTo are the text of a polynomial: its coefficients,
// decimal or 0x-hex, constant term first.
package nimpoly

import (
	"strconv"

	"github.com/nimbers/grundy/internal/nimkern"
	"github.com/nimbers/grundy/nimber"
)

// Poly is a polynomial with nimber coefficients, constant term first:
// p[i] is the coefficient of x^i. Functions of this package return
// polynomials without trailing zero coefficients; the zero polynomial is
// empty. A Poly is treated as immutable: functions never modify their
// arguments.
type Poly []nimber.Nimber

// MarshalJSON writes p's coefficients, constant term first, as decimal
// strings, as grundy writes nimbers in JSON: ["1", "0", "3"], [] for the
// zero polynomial.
func (p Poly) MarshalJSON() ([]byte, error) {
	b := []byte{'['}
	for i, x := range p {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendQuote(b, strconv.FormatUint(uint64(x), 10))
	}
	return append(b, ']'), nil
}

// trim returns p without trailing zero coefficients (sharing storage).
func (p Poly) trim() Poly {
	n := len(p)
	for n > 0 && p[n-1] == 0 {
		n--
	}
	return p[:n]
}

// Degree returns the degree of p, or −1 for the zero polynomial.
func (p Poly) Degree() int { return len(p.trim()) - 1 }

// lead returns the leading coefficient (0 for the zero polynomial).
func (p Poly) lead() nimber.Nimber {
	p = p.trim()
	if len(p) == 0 {
		return 0
	}
	return p[len(p)-1]
}

// Add returns p + q (which is also p − q).
func (p Poly) Add(q Poly) Poly {
	if len(p) < len(q) {
		p, q = q, p
	}
	r := make(Poly, len(p))
	copy(r, p)
	nimkern.AddSlice(r[:len(q)], r[:len(q)], q)
	return r.trim()
}

// scale returns c·p.
func (p Poly) scale(c nimber.Nimber) Poly {
	r := make(Poly, len(p))
	nimber.MulConstSlice(r, c, p)
	return r.trim()
}

// monic returns p divided by its leading coefficient (p itself if zero).
func (p Poly) monic() Poly {
	lc := p.lead()
	if lc == 0 || lc == 1 {
		return p.trim()
	}
	return p.scale(lc.Inv())
}

// Eval returns p(x), by Horner's rule.
func (p Poly) Eval(x nimber.Nimber) nimber.Nimber {
	var r nimber.Nimber
	for i := len(p) - 1; i >= 0; i-- {
		r = r.Mul(x) ^ p[i]
	}
	return r
}

// derivative returns the formal derivative: i·p[i] is p[i] for odd i and 0
// for even i in characteristic 2.
func (p Poly) derivative() Poly {
	if len(p) <= 1 {
		return nil
	}
	r := make(Poly, len(p)-1)
	for i := 1; i < len(p); i += 2 {
		r[i-1] = p[i]
	}
	return r.trim()
}

// square returns p². In characteristic 2 it is Σ p[i]² x^(2i): linear time.
func (p Poly) square() Poly {
	p = p.trim()
	if len(p) == 0 {
		return nil
	}
	r := make(Poly, 2*len(p)-1)
	for i, c := range p {
		r[2*i] = c.Square()
	}
	return r
}

// Mul returns p·q, choosing schoolbook, Karatsuba or the additive FFT by
// size.
func (p Poly) Mul(q Poly) Poly {
	p, q = p.trim(), q.trim()
	if len(p) == 0 || len(q) == 0 {
		return nil
	}
	a, b := toElems(p), toElems(q)
	return fromElems(mulElems(a, b))
}

func toElems(p Poly) []nimber.Elem {
	e := make([]nimber.Elem, len(p))
	nimkern.ToElemSlice(e, p)
	return e
}

func fromElems(e []nimber.Elem) Poly {
	p := make(Poly, len(e))
	nimkern.FromElemSlice(p, e)
	return p.trim()
}
