package nimber

import (
	"errors"
	"math/bits"
)

// GroupOrder is the order 2^64 − 1 of the multiplicative group of GF(2^64).
const GroupOrder = 1<<64 - 1

// groupPrimes are the prime factors of 2^64 − 1 = 3·5·17·257·641·65537·6700417,
// each to the first power.
var groupPrimes = [...]uint64{3, 5, 17, 257, 641, 65537, 6700417}

// PrimitiveRoot is the smallest primitive element of GF(2^64): its powers
// run through every non-zero nimber below 2^64. No nimber below 2^32 can be
// primitive, since those form the subfield GF(2^32).
const PrimitiveRoot Nimber = 0x100000006

// ErrNoLog is returned by Log when the target is not a power of the base.
var ErrNoLog = errors.New("nimber: no discrete logarithm: the target is not a power of the base")

// Order returns the multiplicative order of a: the least e > 0 with
// a^e = 1. It divides 2^64 − 1. Order of 0 is 0.
func (a Nimber) Order() uint64 {
	if a == 0 {
		return 0
	}
	ord := uint64(GroupOrder)
	for _, p := range groupPrimes {
		if a.Pow(ord/p) == 1 {
			ord /= p
		}
	}
	return ord
}

// IsPrimitive reports whether a generates the multiplicative group of
// GF(2^64), that is, whether its order is 2^64 − 1.
func (a Nimber) IsPrimitive() bool {
	if a == 0 {
		return false
	}
	for _, p := range groupPrimes {
		if a.Pow(GroupOrder/p) == 1 {
			return false
		}
	}
	return true
}

// Log returns the discrete logarithm of a to the given base: the least
// x ≥ 0 with base^x = a, which is below the order of base. It returns
// ErrNoLog when a is not a power of base; 0 is no power of anything, and no
// power of 0 other than 0^0 = 1 is defined here, so a zero a or base is an
// ErrNoLog.
//
// It uses Pohlig–Hellman over the prime factors of 2^64 − 1, solving each
// prime-order part by baby-step giant-step, and combines the parts by the
// Chinese remainder theorem modulo the order of base.
func (a Nimber) Log(base Nimber) (uint64, error) {
	if a == 0 || base == 0 {
		return 0, ErrNoLog
	}
	// x modulo m, built up prime by prime; m ends as the order of base.
	x, m := uint64(0), uint64(1)
	for _, p := range groupPrimes {
		gp := base.Pow(GroupOrder / p)
		tp := a.Pow(GroupOrder / p)
		if gp == 1 {
			// p does not divide the order of base: a must have no
			// component of order p either.
			if tp != 1 {
				return 0, ErrNoLog
			}
			continue
		}
		r, ok := logPrime(gp, tp, p)
		if !ok {
			return 0, ErrNoLog
		}
		x, m = crt(x, m, r, p)
	}
	if base.Pow(x) != a {
		return 0, ErrNoLog
	}
	return x, nil
}

// logPrime solves g^r = t for r in [0, p) where g has prime order p, by
// baby-step giant-step.
func logPrime(g, t Nimber, p uint64) (uint64, bool) {
	s := uint64(1)
	for s*s < p {
		s++
	}
	baby := make(map[Nimber]uint64, s)
	e := Nimber(1)
	for j := range s {
		if _, seen := baby[e]; !seen {
			baby[e] = j
		}
		e = e.Mul(g)
	}
	giant := g.Pow(p - s) // g^(−s)
	y := t
	for i := range s + 1 {
		if j, ok := baby[y]; ok {
			return (i*s + j) % p, true
		}
		y = y.Mul(giant)
	}
	return 0, false
}

// crt returns the y mod m·p with y ≡ x (mod m) and y ≡ r (mod p), for
// coprime m and p whose product fits in 64 bits.
func crt(x, m, r, p uint64) (uint64, uint64) {
	// y = x + m·k with m·k ≡ r − x (mod p); k = (r − x)·m⁻¹ mod p.
	mi := modInverse(m%p, p)
	d := (r + p - x%p) % p
	hi, lo := bits.Mul64(d, mi)
	_, k := bits.Div64(hi, lo, p)
	return x + m*k, m * p
}

// modInverse returns the inverse of a modulo the prime p (a not 0 mod p),
// by the extended Euclidean algorithm.
func modInverse(a, p uint64) uint64 {
	t, newT := int64(0), int64(1)
	r, newR := int64(p), int64(a)
	for newR != 0 {
		q := r / newR
		t, newT = newT, t-q*newT
		r, newR = newR, r-q*newR
	}
	if t < 0 {
		t += int64(p)
	}
	return uint64(t)
}
