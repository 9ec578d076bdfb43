package nimfield

import (
	"errors"
	"fmt"
	"math/big"
	"slices"

	"github.com/nimbers/grundy/nimber"
)

// The multiplicative structure of the finite subfields: orders, traces,
// logarithms and quadratic equations. Each works in the least finite
// field holding its operands, GF(2^d); its multiplicative group is
// cyclic of order 2^d − 1.

// maxRho bounds the steps of Pollard's rho on one factor of 2^d − 1.
const maxRho = 1 << 20

// maxBSGS bounds the prime factors of an order that Log solves by baby
// steps and giant steps: about √p elements held.
const maxBSGS = 1 << 36

// Trace returns the absolute trace of a from the least finite field
// holding it, GF(2^d): a + a^2 + a^4 + … + a^(2^(d−1)), which is 0 or 1.
// (From a larger field GF(2^(dk)) the trace is k times this.)
func (a Ordinal) Trace() (int, error) {
	t, vs, err := field(a)
	if err != nil {
		return 0, err
	}
	d, err := a.fieldDeg()
	if err != nil {
		return 0, err
	}
	s := t.trace(vs[0], d)
	if isZero(s) {
		return 0, nil
	}
	return 1, nil
}

// trace returns x + x^2 + … + x^(2^(d−1)).
func (t *tower) trace(x []uint64, d int) []uint64 {
	s := append([]uint64(nil), x...)
	y := x
	for range d - 1 {
		y = t.square(y)
		xorInto(s, y)
	}
	return s
}

// Order returns the multiplicative order of a non-zero a: the least
// n ≥ 1 with a^n = 1, a divisor of 2^d − 1 for d the degree of a over GF(2). It fails,
// wrapping errOutOfReach, when it cannot factor 2^d − 1.
func (a Ordinal) Order() (*big.Int, error) {
	if a.IsZero() {
		return nil, nimber.ErrDivisionByZero
	}
	t, vs, err := field(a)
	if err != nil {
		return nil, err
	}
	d, err := a.fieldDeg()
	if err != nil {
		return nil, err
	}
	return t.order(vs[0], d)
}

// order returns the order of x, an element of GF(2^d) in t.
func (t *tower) order(x []uint64, d int) (*big.Int, error) {
	n := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(d)), big.NewInt(1))
	ps, err := mersenneFactors(d)
	if err != nil {
		return nil, err
	}
	one := t.one()
	for _, p := range ps {
		for {
			q, r := new(big.Int).QuoRem(n, p, new(big.Int))
			if r.Sign() != 0 || !equalWords(t.pow(x, q), one) {
				break
			}
			n = q
		}
	}
	return n, nil
}

// Log returns the least e ≥ 0 with base^e = a, failing with nimber.ErrNoLog when
// there is none. It solves in each prime-power part of the base's order
// (Pohlig and Hellman), each prime by baby and giant steps, and fails,
// wrapping errOutOfReach, when a prime factor of the order is above 2^36
// or 2^d − 1 cannot be factored.
func (a Ordinal) Log(base Ordinal) (*big.Int, error) {
	if base.IsZero() || a.IsZero() {
		// The powers of 0 are 1 (e = 0) and 0; those of any other base
		// are never 0.
		switch {
		case base.IsZero() && a.IsZero():
			return big.NewInt(1), nil
		case base.IsZero() && a.Equal(Nat(1)):
			return new(big.Int), nil
		}
		return nil, nimber.ErrNoLog
	}
	t, vs, err := field(base, a)
	if err != nil {
		return nil, err
	}
	g, h := vs[0], vs[1]
	d, err := base.fieldDeg()
	if err != nil {
		return nil, err
	}
	n, err := t.order(g, d)
	if err != nil {
		return nil, err
	}
	// In a cyclic group, h is a power of g exactly when h^n = 1.
	if !equalWords(t.pow(h, n), t.one()) {
		return nil, nimber.ErrNoLog
	}
	ps, err := primeFactors(n)
	if err != nil {
		return nil, err
	}
	x, mod := new(big.Int), big.NewInt(1)
	for _, p := range ps {
		if p.Cmp(big.NewInt(maxBSGS)) > 0 {
			return nil, fmt.Errorf("%w: the order %v of the base has the prime factor %v, above 2^36", errOutOfReach, n, p)
		}
		pk := big.NewInt(1)
		k := 0
		for r := new(big.Int).Set(n); new(big.Int).Mod(r, p).Sign() == 0; r.Quo(r, p) {
			pk.Mul(pk, p)
			k++
		}
		cof := new(big.Int).Quo(n, pk)
		gi, hi := t.pow(g, cof), t.pow(h, cof) // of order dividing p^k
		gamma := t.pow(gi, new(big.Int).Quo(pk, p))
		xi := new(big.Int)
		pj := big.NewInt(1)
		for j := range k {
			// (gi^−xi · hi)^(p^(k−1−j)) = gamma^digit.
			y := t.mul(t.inv(t.pow(gi, xi)), hi)
			e := new(big.Int).Exp(p, big.NewInt(int64(k-1-j)), nil)
			digit, ok := t.bsgs(gamma, t.pow(y, e), p.Int64())
			if !ok {
				return nil, nimber.ErrNoLog
			}
			xi.Add(xi, new(big.Int).Mul(big.NewInt(digit), pj))
			pj.Mul(pj, p)
		}
		// Chinese remainders: x ≡ xi (mod p^k).
		inv := new(big.Int).ModInverse(mod, pk)
		diff := new(big.Int).Sub(xi, x)
		diff.Mul(diff, inv).Mod(diff, pk)
		x.Add(x, diff.Mul(diff, mod))
		mod.Mul(mod, pk)
	}
	x.Mod(x, n)
	if !equalWords(t.pow(g, x), h) {
		return nil, nimber.ErrNoLog
	}
	return x, nil
}

// bsgs returns the e < p with g^e = h, for g of order p.
func (t *tower) bsgs(g, h []uint64, p int64) (int64, bool) {
	m := int64(1)
	for m*m < p {
		m++
	}
	key := func(v []uint64) string {
		b := make([]byte, 8*len(v))
		for i, w := range v {
			for k := range 8 {
				b[8*i+k] = byte(w >> (8 * k))
			}
		}
		return string(b)
	}
	baby := make(map[string]int64, m)
	v := t.one()
	for j := range m {
		if _, ok := baby[key(v)]; !ok {
			baby[key(v)] = j
		}
		v = t.mul(v, g)
	}
	step := t.inv(v) // g^−m
	y := h
	for i := range m + 1 {
		if j, ok := baby[key(y)]; ok {
			return i*m + j, true
		}
		y = t.mul(y, step)
	}
	return 0, false
}

// SolveQuadratic returns the roots of x² + b·x + c = 0 in the nim field,
// least first: the nim field is algebraically closed, so there are two,
// or one double root √c when b = 0. With y = x/b it solves y² + y = c/b²
// in the least field holding b and c when that value's trace is 0, else
// in the field of twice the degree. It fails, wrapping ErrRange, when
// that field needs the finite nimbers of 2^128 or more.
func SolveQuadratic(b, c Ordinal) ([]Ordinal, error) {
	if b.IsZero() {
		r, err := c.Sqrt()
		return []Ordinal{r}, err
	}
	t, vs, err := field(b, c)
	if err != nil {
		return nil, err
	}
	bi := t.inv(vs[0])
	u := t.mul(vs[1], t.square(bi)) // c/b²
	if !isZero(t.trace(u, t.degree())) {
		// The roots lie in the quadratic extension: double the base field.
		if t.j >= 6 {
			return nil, fmt.Errorf("%w: the roots lie in a field past the nimbers below 2^128", ErrRange)
		}
		if t, vs, err = field(b, c, Nat(1<<(1<<t.j))); err != nil {
			return nil, err
		}
		bi = t.inv(vs[0])
		u = t.mul(vs[1], t.square(bi))
	}
	y, err := t.artinSchreier(u)
	if err != nil {
		return nil, err
	}
	y1 := append([]uint64(nil), y...)
	y1[0] ^= 1
	roots := []Ordinal{t.toOrdinal(t.mul(y, vs[0])), t.toOrdinal(t.mul(y1, vs[0]))}
	slices.SortFunc(roots, Ordinal.cmp)
	return roots, nil
}

// artinSchreier returns a y with y² + y = u, for u of trace 0 in t's
// field of degree E: the half trace when E is odd, else
// y = Σ_{i<E} u^(2^i) · Σ_{i<j<E} δ^(2^j) for a δ of trace 1.
func (t *tower) artinSchreier(u []uint64) ([]uint64, error) {
	E := t.degree()
	var y []uint64
	if E%2 == 1 {
		y = append([]uint64(nil), u...)
		v := u
		for range (E - 1) / 2 {
			v = t.square(t.square(v))
			xorInto(y, v)
		}
	} else {
		delta := t.traceOne()
		if delta == nil {
			return nil, errors.New("nimfield: no element of trace 1 found")
		}
		pows := make([][]uint64, E) // δ^(2^j)
		pows[0] = delta
		for j := 1; j < E; j++ {
			pows[j] = t.square(pows[j-1])
		}
		s := t.zero() // Σ_{j>i} δ^(2^j), from i = E−1 down
		sums := make([][]uint64, E)
		for i := E - 1; i >= 0; i-- {
			sums[i] = append([]uint64(nil), s...)
			xorInto(s, pows[i])
		}
		y = t.zero()
		v := u
		for i := range E {
			xorInto(y, t.mul(v, sums[i]))
			v = t.square(v)
		}
	}
	check := t.square(y)
	xorInto(check, y)
	if !equalWords(check, u) {
		return nil, errors.New("nimfield: the quadratic's root failed its check")
	}
	return y, nil
}

// traceOne returns an element of trace 1 of t's field, searching the
// monomials and then sums of them.
func (t *tower) traceOne() []uint64 {
	E := t.degree()
	n := len(t.zero())
	try := func(v []uint64) bool { return !isZero(t.trace(v, E)) }
	for i := range n {
		for bit := 0; bit < 64; bit++ {
			v := t.zero()
			v[i] = 1 << bit
			if try(v) {
				return v
			}
		}
	}
	return nil
}

// mersenneFactors returns the distinct prime factors of 2^d − 1, from
// the factors of the cyclotomic values Φ_e(2), e | d.
func mersenneFactors(d int) ([]*big.Int, error) {
	var ps []*big.Int
	for e := 1; e <= d; e++ {
		if d%e != 0 {
			continue
		}
		fs, err := primeFactors(cyclotomic2(e))
		if err != nil {
			return nil, fmt.Errorf("%w: factoring 2^%d − 1: %v", errOutOfReach, d, err)
		}
		for _, f := range fs {
			if !slices.ContainsFunc(ps, func(p *big.Int) bool { return p.Cmp(f) == 0 }) {
				ps = append(ps, f)
			}
		}
	}
	slices.SortFunc(ps, (*big.Int).Cmp)
	return ps, nil
}

// cyclotomic2 returns Φ_e(2) = Π_{k|e} (2^k − 1)^μ(e/k).
func cyclotomic2(e int) *big.Int {
	num, den := big.NewInt(1), big.NewInt(1)
	for k := 1; k <= e; k++ {
		if e%k != 0 {
			continue
		}
		v := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(k)), big.NewInt(1))
		switch mobius(e / k) {
		case 1:
			num.Mul(num, v)
		case -1:
			den.Mul(den, v)
		}
	}
	return num.Quo(num, den)
}

func mobius(n int) int {
	m := 1
	for p := 2; p*p <= n; p++ {
		if n%p == 0 {
			n /= p
			if n%p == 0 {
				return 0
			}
			m = -m
		}
	}
	if n > 1 {
		m = -m
	}
	return m
}

// primeFactors returns the distinct prime factors of n ≥ 1: trial
// division by small primes, then Pollard's rho (Brent's variant) on what
// is left until every part is a probable prime.
func primeFactors(n *big.Int) ([]*big.Int, error) {
	n = new(big.Int).Set(n)
	var ps []*big.Int
	for p := int64(2); p < 1<<12; p++ {
		bp := big.NewInt(p)
		if !bp.ProbablyPrime(0) {
			continue
		}
		if new(big.Int).Mod(n, bp).Sign() == 0 {
			ps = append(ps, bp)
			for new(big.Int).Mod(n, bp).Sign() == 0 {
				n.Quo(n, bp)
			}
		}
	}
	stack := []*big.Int{n}
	for len(stack) > 0 {
		m := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch {
		case m.Cmp(big.NewInt(1)) == 0:
			continue
		case m.ProbablyPrime(32):
			if !slices.ContainsFunc(ps, func(p *big.Int) bool { return p.Cmp(m) == 0 }) {
				ps = append(ps, m)
			}
			continue
		}
		f := rho(m)
		if f == nil {
			return nil, fmt.Errorf("no factor of the %d-bit number %v found in %d steps", m.BitLen(), m, maxRho)
		}
		stack = append(stack, f, new(big.Int).Quo(m, f))
	}
	slices.SortFunc(ps, (*big.Int).Cmp)
	return ps, nil
}

// rho returns a proper factor of the composite n, or nil if Brent's
// rho finds none in maxRho steps.
func rho(n *big.Int) *big.Int {
	one := big.NewInt(1)
	for c := int64(1); c < 8; c++ {
		bc := big.NewInt(c)
		f := func(x *big.Int) *big.Int {
			x.Mul(x, x).Add(x, bc).Mod(x, n)
			return x
		}
		y, x, g, q := big.NewInt(2), new(big.Int), big.NewInt(1), big.NewInt(1)
		ys := new(big.Int)
		steps := 0
		for r := 1; g.Cmp(one) == 0 && steps < maxRho; r *= 2 {
			x.Set(y)
			for range r {
				f(y)
			}
			for k := 0; k < r && g.Cmp(one) == 0; k += 128 {
				ys.Set(y)
				for i := 0; i < 128 && i < r-k; i++ {
					f(y)
					diff := new(big.Int).Sub(x, y)
					q.Mul(q, diff.Abs(diff)).Mod(q, n)
				}
				g.GCD(nil, nil, q, n)
				steps += 128
			}
		}
		if g.Cmp(n) == 0 {
			// Back up one step at a time from ys.
			for {
				f(ys)
				diff := new(big.Int).Sub(x, ys)
				g.GCD(nil, nil, diff.Abs(diff), n)
				if g.Cmp(one) != 0 {
					break
				}
			}
		}
		if g.Cmp(one) != 0 && g.Cmp(n) != 0 {
			return g
		}
	}
	return nil
}
