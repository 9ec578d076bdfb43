package nimber

import "errors"

// Nimber is an element of the field GF(2^64) of nimbers below 2^64.
// The zero value is the nimber 0. Nimbers are values; every method returns
// a new one.
type Nimber uint64

// ErrDivisionByZero is returned when dividing by the nimber 0.
var ErrDivisionByZero = errors.New("division by zero")

// Add returns the nim-sum a ⊕ b, the bitwise exclusive or. It is also the
// difference: every nimber is its own negative.
func (a Nimber) Add(b Nimber) Nimber { return a ^ b }

// Mul returns the nim-product a ⊗ b.
func (a Nimber) Mul(b Nimber) Nimber { return Nimber(mul(uint64(a), uint64(b))) }

// Square returns a ⊗ a. Squaring is the Frobenius automorphism of the field:
// it is GF(2)-linear and one-to-one.
func (a Nimber) Square() Nimber { return Nimber(squareMap.apply(uint64(a))) }

// Sqrt returns the unique nimber r with r ⊗ r = a. Square roots always exist
// in a field of characteristic 2; r = a^(2^63).
func (a Nimber) Sqrt() Nimber { return Nimber(sqrtMap.apply(uint64(a))) }

// Inv returns the multiplicative inverse of a, the nimber b with a ⊗ b = 1.
// Inv of 0 is 0, as with the power a^(2^64−2) that equals the inverse for
// every non-zero a; use Div for a checked division.
func (a Nimber) Inv() Nimber { return Nimber(inv64(uint64(a))) }

// Div returns a ⊗ b⁻¹, or ErrDivisionByZero when b is 0.
func (a Nimber) Div(b Nimber) (Nimber, error) {
	if b == 0 {
		return 0, ErrDivisionByZero
	}
	return a.Mul(b.Inv()), nil
}

// Pow returns a raised to the nim-power e: the nim-product of e copies of a.
// Pow(0) is 1 for every a, including 0.
func (a Nimber) Pow(e uint64) Nimber {
	r := Nimber(1)
	for ; e != 0; e >>= 1 {
		if e&1 != 0 {
			r = r.Mul(a)
		}
		a = a.Square()
	}
	return r
}

// fieldBits returns the number of bits 2^k of the smallest field
// GF(2^(2^k)) that contains a: 1, 2, 4, 8, 16, 32 or 64. The subfield
// GF(2^(2^k)) is exactly the set of nimbers below 2^(2^k).
func (a Nimber) fieldBits() uint {
	w := uint(1)
	for w < 64 && uint64(a)>>w != 0 {
		w <<= 1
	}
	return w
}

// mul32 multiplies two nimbers below 2^32 as 16-bit halves a1·2^16 ⊕ a0:
//
//	a ⊗ b = ((a1⊕a0)⊗(b1⊕b0) ⊕ a0⊗b0)·2^16 ⊕ a1⊗b1⊗0x8000 ⊕ a0⊗b0
//
// since 2^16 ⊗ 2^16 = 2^16 ⊕ 0x8000.
func mul32(a, b uint32) uint32 {
	la1, la0, las := log16[uint16(a>>16)], log16[uint16(a)], log16[uint16(a>>16^a)]
	lb1, lb0, lbs := log16[uint16(b>>16)], log16[uint16(b)], log16[uint16(b>>16^b)]
	e00 := uint32(exp16[la0+lb0])
	hi := uint32(exp16[las+lbs]) ^ e00
	lo := uint32(exp16[la1+lb1+logHalf]) ^ e00
	return hi<<16 | lo
}

// mul64 multiplies two nimbers as four 16-bit digits with Karatsuba at both
// levels. With X = X1·2^32 ⊕ X0 and 2^32 ⊗ 2^32 = 2^32 ⊕ 2^31:
//
//	x ⊗ y = ((X1⊕X0)⊗(Y1⊕Y0) ⊕ X0⊗Y0)·2^32 ⊕ X1⊗Y1⊗2^31 ⊕ X0⊗Y0
//
// and 2^31 = 2^16 ⊗ 0x8000. All products by the constant 0x8000 become
// additions of logHalf to an exponent sum, so the whole product is 18 log
// look-ups followed by 10 independent exp look-ups.
func mul64(x, y uint64) uint64 {
	if (x|y)>>32 == 0 {
		return uint64(mul32(uint32(x), uint32(y)))
	}
	x0, x1, x2, x3 := uint16(x), uint16(x>>16), uint16(x>>32), uint16(x>>48)
	y0, y1, y2, y3 := uint16(y), uint16(y>>16), uint16(y>>32), uint16(y>>48)
	// Digits of Xs = X1 ⊕ X0.
	xs1, xs0 := x3^x1, x2^x0
	ys1, ys0 := y3^y1, y2^y0

	lx0, lx1, lx01 := log16[x0], log16[x1], log16[x0^x1]
	ly0, ly1, ly01 := log16[y0], log16[y1], log16[y0^y1]
	lx2, lx3, lx23 := log16[x2], log16[x3], log16[x2^x3]
	ly2, ly3, ly23 := log16[y2], log16[y3], log16[y2^y3]
	lxs0, lxs1, lxs := log16[xs0], log16[xs1], log16[xs0^xs1]
	lys0, lys1, lys := log16[ys0], log16[ys1], log16[ys0^ys1]

	// Q0 = X0 ⊗ Y0.
	e00 := exp16[lx0+ly0]
	q0h := exp16[lx01+ly01] ^ e00
	q0l := exp16[lx1+ly1+logHalf] ^ e00
	// Qs = Xs ⊗ Ys.
	es0 := exp16[lxs0+lys0]
	qsh := exp16[lxs+lys] ^ es0
	qsl := exp16[lxs1+lys1+logHalf] ^ es0
	// X1 ⊗ Y1 ⊗ 2^31, expanded digit-wise with u = (x3⊕x2)⊗(y3⊕y2).
	th := exp16[lx23+ly23+logHalf] ^ exp16[lx3+ly3+2*logHalf]
	tl := exp16[lx23+ly23+2*logHalf] ^ exp16[lx2+ly2+2*logHalf]

	return uint64(qsh^q0h)<<48 | uint64(qsl^q0l)<<32 | uint64(th^q0h)<<16 | uint64(tl^q0l)
}

// inv32 inverts a nimber below 2^32 through the norm to GF(2^16): for
// a = a1·T ⊕ a0 with T = 2^16, T² = T ⊕ h (h = 0x8000), the conjugate
// a1·T ⊕ a1 ⊕ a0 times a is N = a1²⊗h ⊕ a1⊗a0 ⊕ a0², in GF(2^16).
func inv32(a uint32) uint32 {
	if a>>16 == 0 {
		if a == 0 {
			return 0
		}
		return uint32(exp16[order16-log16[uint16(a)]])
	}
	a1, a0 := uint16(a>>16), uint16(a)
	l1, l0 := log16[a1], log16[a0]
	n := exp16[2*l1+logHalf] ^ exp16[l1+l0] ^ exp16[2*l0]
	ln := order16 - log16[n]
	return uint32(exp16[l1+ln])<<16 | uint32(exp16[log16[a1^a0]+ln])
}

// inv64 inverts through the norm to GF(2^32), as inv32 does one level down,
// with T = 2^32 and T² = T ⊕ 2^31.
func inv64(a uint64) uint64 {
	if a>>32 == 0 {
		return uint64(inv32(uint32(a)))
	}
	a1, a0 := uint32(a>>32), uint32(a)
	n := mul32(mul32(a1, a1), 1<<31) ^ mul32(a1, a0) ^ mul32(a0, a0)
	ni := inv32(n)
	return uint64(mul32(a1, ni))<<32 | uint64(mul32(a1^a0, ni))
}
