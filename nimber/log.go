package nimber

import (
	"errors"
	"math/bits"
	"sync"
)

// groupOrder is the order 2^64 − 1 of the multiplicative group of GF(2^64).
const groupOrder = 1<<64 - 1

// groupPrimes are the prime factors of 2^64 − 1 = 3·5·17·257·641·65537·6700417,
// each to the first power.
var groupPrimes = [...]uint64{3, 5, 17, 257, 641, 65537, 6700417}

// PrimitiveRoot is the smallest primitive element of GF(2^64): its powers
// run through every non-zero nimber below 2^64. No nimber below 2^32 can be
// primitive, since those form the subfield GF(2^32).
const PrimitiveRoot Nimber = 0x100000006

// ErrNoLog is returned by Log when the target is not a power of the base.
var ErrNoLog = errors.New("no discrete logarithm: the target is not a power of the base")

// Order returns the multiplicative order of a: the least e > 0 with
// a^e = 1. It divides 2^64 − 1. Order of 0 is 0.
func (a Nimber) Order() uint64 {
	if a == 0 {
		return 0
	}
	ord := uint64(groupOrder)
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
		if a.Pow(groupOrder/p) == 1 {
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
// It uses Pohlig–Hellman over the prime factors p of 2^64 − 1: the parts
// base^((2^64−1)/p) and a^((2^64−1)/p) lie in the subgroup of order p, where
// their logarithms to a fixed generator are found by baby-step giant-step
// in tables built once (about 5 MB, on the first call). Each part gives x
// modulo p, and the Chinese remainder theorem combines them modulo the
// order of base. A call costs about 14 powers and 60 products.
func (a Nimber) Log(base Nimber) (uint64, error) {
	if a == 0 || base == 0 {
		return 0, ErrNoLog
	}
	tables := subgroupTables()
	// x modulo m, built up prime by prime; m ends as the order of base.
	x, m := uint64(0), uint64(1)
	for i, p := range groupPrimes {
		lb := tables[i].log(base.Pow(groupOrder / p))
		la := tables[i].log(a.Pow(groupOrder / p))
		if lb == 0 {
			// p does not divide the order of base: a must have no
			// component of order p either.
			if la != 0 {
				return 0, ErrNoLog
			}
			continue
		}
		// base^x = a in this part: lb·x ≡ la (mod p).
		r := mulMod(la, modInverse(lb, p), p)
		x, m = crt(x, m, r, p)
	}
	return x, nil
}

// subgroupTable finds logarithms in the subgroup of prime order p of
// GF(2^64)*, to the generator g = PrimitiveRoot^((2^64−1)/p), by baby-step
// giant-step: the baby steps g^j for j < s are an open-addressed hash
// table, and a target is multiplied by g^(−s) until it meets one.
type subgroupTable struct {
	p, s  uint64
	giant Nimber   // g^(−s)
	keys  []Nimber // g^j, or 0 for an empty slot (0 is no power of g)
	vals  []uint32 // j
	shift uint     // 64 − log2(len(keys))
}

// maxBabySteps bounds the baby steps of a subgroupTable: 2^17, so that the
// largest prime factor 6700417 takes at most 52 giant steps.
const maxBabySteps = 1 << 17

// subgroupTables returns a table for each prime of groupPrimes, built once.
var subgroupTables = sync.OnceValue(func() []subgroupTable {
	ts := make([]subgroupTable, len(groupPrimes))
	for i, p := range groupPrimes {
		ts[i] = newSubgroupTable(PrimitiveRoot.Pow(groupOrder/p), p)
	}
	return ts
})

func newSubgroupTable(g Nimber, p uint64) subgroupTable {
	s := min(p, maxBabySteps)
	size := 1 << bits.Len64(2*s-1) // a power of two at least 2s
	t := subgroupTable{
		p: p, s: s, giant: g.Pow(p - s%p),
		keys: make([]Nimber, size), vals: make([]uint32, size),
		shift: uint(64 - bits.TrailingZeros(uint(size))),
	}
	e := Nimber(1)
	for j := range s {
		t.insert(e, uint32(j))
		e = e.Mul(g)
	}
	return t
}

func (t *subgroupTable) slot(k Nimber) uint64 {
	return (uint64(k) * 0x9e3779b97f4a7c15) >> t.shift
}

func (t *subgroupTable) insert(k Nimber, v uint32) {
	mask := uint64(len(t.keys) - 1)
	for i := t.slot(k); ; i = (i + 1) & mask {
		if t.keys[i] == 0 {
			t.keys[i], t.vals[i] = k, v
			return
		}
	}
}

func (t *subgroupTable) lookup(k Nimber) (uint32, bool) {
	mask := uint64(len(t.keys) - 1)
	for i := t.slot(k); ; i = (i + 1) & mask {
		switch t.keys[i] {
		case k:
			return t.vals[i], true
		case 0:
			return 0, false
		}
	}
}

// log returns the r in [0, p) with g^r = y, for y in the subgroup.
func (t *subgroupTable) log(y Nimber) uint64 {
	for i := uint64(0); i*t.s < t.p; i++ {
		if j, ok := t.lookup(y); ok {
			return i*t.s + uint64(j)
		}
		y = y.Mul(t.giant)
	}
	panic("nimber: element outside the subgroup of its order")
}

// mulMod returns a·b mod p.
func mulMod(a, b, p uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	_, r := bits.Div64(hi%p, lo, p)
	return r
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
