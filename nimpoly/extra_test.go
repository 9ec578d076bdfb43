package nimpoly

// Operations the tests use as references.

// extGCD returns the monic g = gcd(a, b) and s, t with s·a + t·b = g.
func extGCD(a, b Poly) (g, s, t Poly) {
	r0, r1 := a.trim(), b.trim()
	s0, s1 := Poly{1}, Poly(nil)
	t0, t1 := Poly(nil), Poly{1}
	for len(r1) > 0 {
		q, r, _ := DivMod(r0, r1)
		r0, r1 = r1, r
		s0, s1 = s1, s0.Add(q.Mul(s1))
		t0, t1 = t1, t0.Add(q.Mul(t1))
	}
	if lc := r0.lead(); lc != 0 && lc != 1 {
		inv := lc.Inv()
		r0, s0, t0 = r0.scale(inv), s0.scale(inv), t0.scale(inv)
	}
	return r0, s0, t0
}

// compose returns p(q(x)), by Horner's rule on polynomials.
func compose(p, q Poly) Poly {
	var r Poly
	p = p.trim()
	for i := len(p) - 1; i >= 0; i-- {
		r = r.Mul(q).Add(Poly{p[i]})
	}
	return r
}

// powMod returns p^e mod m. It returns errZeroDivisor when m is zero.
func powMod(p Poly, e uint64, m Poly) (Poly, error) {
	if len(m.trim()) == 0 {
		return nil, errZeroDivisor
	}
	_, base, _ := DivMod(p, m)
	_, r, _ := DivMod(Poly{1}, m)
	for ; e != 0; e >>= 1 {
		if e&1 != 0 {
			_, r, _ = DivMod(r.Mul(base), m)
		}
		_, base, _ = DivMod(base.square(), m)
	}
	return r, nil
}

// equal reports whether p and q are the same polynomial.
func (p Poly) equal(q Poly) bool {
	p, q = p.trim(), q.trim()
	if len(p) != len(q) {
		return false
	}
	for i := range p {
		if p[i] != q[i] {
			return false
		}
	}
	return true
}
