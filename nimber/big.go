package nimber

import (
	"fmt"
	"math/big"
	"math/bits"
	"slices"
)

// Big is a nimber of any finite size: an element of the field
// GF(2^(2^k)) of nimbers below 2^(2^k), for every k. The fields nest, so
// the arithmetic of two Bigs happens in the smallest field holding both and
// the result does not depend on the field chosen.
//
// The zero value is the nimber 0. A Big is immutable: methods return new
// values and never modify their receiver or arguments.
//
// Products use the same halving as Nimber: with T = 2^(2^(k−1)) and
// H = T/2, T ⊗ T = T ⊕ H, so a product of two elements aT ⊕ b and cT ⊕ d
// is three products in the half field (Karatsuba) and one product by H.
type Big struct {
	// w holds the value in little-endian 64-bit words; len(w) is 0 for the
	// nimber 0 and otherwise the power of two 2^j with 64·2^j the number of
	// bits of the smallest field of at least 64 bits holding the value.
	w []uint64
}

// maxBigDigits bounds the length of a textual Big operand, so that a
// mistaken input cannot make parsing run for long.
const maxBigDigits = 1 << 16

// NewBig returns the nimber whose little-endian 64-bit words are given.
func NewBig(words ...uint64) Big { return normBig(slices.Clone(words)) }

// ParseBig reads a nimber of any size written as a decimal integer or as a
// 0x-prefixed hexadecimal integer. Signs, spaces, underscores, empty
// strings and operands of more than 65536 digits are errors.
func ParseBig(s string) (Big, error) {
	if !isNumber(s) {
		if s == "" {
			return Big{}, &parseError{s, "is empty: want a decimal or 0x-hex integer"}
		}
		if s[0] == '-' && len(s) > 1 && isNumber(s[1:]) {
			return Big{}, &parseError{s, "is negative: nimbers are non-negative integers"}
		}
		return Big{}, &parseError{s, "is not a decimal or 0x-hex integer"}
	}
	if len(s) > maxBigDigits {
		return Big{}, &parseError{s, fmt.Sprintf("has %d digits, more than the %d allowed", len(s), maxBigDigits)}
	}
	var v big.Int
	var ok bool
	if len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		_, ok = v.SetString(s[2:], 16)
	} else {
		_, ok = v.SetString(s, 10)
	}
	if !ok {
		return Big{}, &parseError{s, "is not a decimal or 0x-hex integer"}
	}
	return bigFromInt(&v), nil
}

func bigFromInt(v *big.Int) Big {
	ws := v.Bits()
	w := make([]uint64, 0, len(ws))
	if bits.UintSize == 64 {
		for _, x := range ws {
			w = append(w, uint64(x))
		}
	} else {
		for i := 0; i < len(ws); i += 2 {
			x := uint64(ws[i])
			if i+1 < len(ws) {
				x |= uint64(ws[i+1]) << 32
			}
			w = append(w, x)
		}
	}
	return normBig(w)
}

// Int returns the nimber as a non-negative integer.
func (x Big) Int() *big.Int {
	v := new(big.Int)
	for i := len(x.w) - 1; i >= 0; i-- {
		v.Lsh(v, 64)
		v.Or(v, new(big.Int).SetUint64(x.w[i]))
	}
	return v
}

// String returns the nimber in decimal.
func (x Big) String() string { return x.Int().String() }

// isZero reports whether x is the nimber 0.
func (x Big) isZero() bool { return len(x.w) == 0 }

// Equal reports whether x and y are the same nimber.
func (x Big) Equal(y Big) bool { return slices.Equal(x.w, y.w) }

// fieldBits returns the number of bits 2^k of the smallest field
// GF(2^(2^k)) that contains x: 1, 2, 4, …, 64, 128, 256, …
func (x Big) fieldBits() uint {
	if len(x.w) <= 1 {
		var v uint64
		if len(x.w) == 1 {
			v = x.w[0]
		}
		return Nimber(v).fieldBits()
	}
	return 64 * uint(len(x.w))
}

// Add returns the nim-sum x ⊕ y, the bitwise exclusive or.
func (x Big) Add(y Big) Big {
	a, b := pad(x, y)
	for i := range a {
		a[i] ^= b[i]
	}
	return normBig(a)
}

// Mul returns the nim-product x ⊗ y.
func (x Big) Mul(y Big) Big {
	if x.isZero() || y.isZero() {
		return Big{}
	}
	a, b := pad(x, y)
	return normBig(bigMul(a, b))
}

// square returns x ⊗ x.
func (x Big) square() Big {
	if x.isZero() {
		return Big{}
	}
	return normBig(bigSquare(x.w))
}

// Sqrt returns the unique nimber r with r ⊗ r = x.
func (x Big) Sqrt() Big {
	if x.isZero() {
		return Big{}
	}
	return normBig(bigSqrt(x.w))
}

// Inv returns the inverse of x, the nimber y with x ⊗ y = 1. Inv of 0 is 0,
// as for Nimber.Inv: x ⊗ y⁻¹ is x.Mul(y.Inv()) for y ≠ 0.
func (x Big) Inv() Big {
	if x.isZero() {
		return Big{}
	}
	return normBig(bigInv(x.w))
}

// Pow returns x raised to the nim-power e (e ≥ 0); Pow(0) is 1.
func (x Big) Pow(e *big.Int) Big {
	r := NewBig(1)
	if e.Sign() < 0 {
		panic("nimber: Big.Pow with a negative exponent")
	}
	for i := e.BitLen() - 1; i >= 0; i-- {
		r = r.square()
		if e.Bit(i) == 1 {
			r = r.Mul(x)
		}
	}
	return r
}

// pad returns copies of the words of x and y extended with zeros to a
// common power-of-two length.
func pad(x, y Big) ([]uint64, []uint64) {
	n := max(len(x.w), len(y.w), 1)
	a, b := make([]uint64, n), make([]uint64, n)
	copy(a, x.w)
	copy(b, y.w)
	return a, b
}

// normBig wraps w (which it may keep) as a Big: trailing zero words are cut
// and the length is rounded up to a power of two.
func normBig(w []uint64) Big {
	n := len(w)
	for n > 0 && w[n-1] == 0 {
		n--
	}
	if n == 0 {
		return Big{}
	}
	size := 1
	for size < n {
		size <<= 1
	}
	if size <= len(w) {
		clear(w[n:size])
		return Big{w: w[:size:size]}
	}
	out := make([]uint64, size)
	copy(out, w[:n])
	return Big{w: out}
}

// The recursive kernels below take slices whose length n is a power of two
// and return new slices of length n. An element of the 64n-bit field is
// a·T ⊕ b with a = v[n/2:], b = v[:n/2] and T = 2^(32n).

func xorWords(a, b []uint64) []uint64 {
	z := make([]uint64, len(a))
	for i := range z {
		z[i] = a[i] ^ b[i]
	}
	return z
}

func xorInto(dst, a, b []uint64) {
	for i := range dst {
		dst[i] = a[i] ^ b[i]
	}
}

// bigMul returns x ⊗ y: (ac ⊕ ad ⊕ bc)·T ⊕ ac⊗H ⊕ bd, with the middle
// term from Karatsuba, ad ⊕ bc = (a⊕b)(c⊕d) ⊕ ac ⊕ bd.
func bigMul(x, y []uint64) []uint64 {
	n := len(x)
	if n == 1 {
		return []uint64{mul(x[0], y[0])}
	}
	h := n / 2
	ac := bigMul(x[h:], y[h:])
	bd := bigMul(x[:h], y[:h])
	mid := bigMul(xorWords(x[h:], x[:h]), xorWords(y[h:], y[:h]))
	z := make([]uint64, n)
	xorInto(z[h:], mid, bd)
	xorInto(z[:h], bigMulHalf(ac), bd)
	return z
}

// bigMulHalf returns a ⊗ H where H = 2^(64n−1) is the top bit of the
// 64n-bit field. H = T ⊗ H' with H' the top bit of the half field, and
// (aT ⊕ b) ⊗ T = (a⊕b)T ⊕ a⊗H', so
// a ⊗ H = ((a⊕b)⊗H')·T ⊕ a⊗H'⊗H'.
func bigMulHalf(v []uint64) []uint64 {
	n := len(v)
	if n == 1 {
		return []uint64{mul(v[0], 1<<63)}
	}
	h := n / 2
	z := make([]uint64, n)
	copy(z[h:], bigMulHalf(xorWords(v[h:], v[:h])))
	copy(z[:h], bigMulHalf(bigMulHalf(v[h:])))
	return z
}

// bigSquare returns v ⊗ v = a²·T ⊕ a²⊗H ⊕ b².
func bigSquare(v []uint64) []uint64 {
	n := len(v)
	if n == 1 {
		return []uint64{squareMap.apply(v[0])}
	}
	h := n / 2
	a2, b2 := bigSquare(v[h:]), bigSquare(v[:h])
	z := make([]uint64, n)
	copy(z[h:], a2)
	xorInto(z[:h], bigMulHalf(a2), b2)
	return z
}

// bigInv returns the inverse through the norm to the half field:
// (aT ⊕ b)(aT ⊕ a ⊕ b) = a²⊗H ⊕ ab ⊕ b² = N, so the inverse is
// (aT ⊕ a ⊕ b) ⊗ N⁻¹. The inverse of 0 is 0.
func bigInv(v []uint64) []uint64 {
	n := len(v)
	if n == 1 {
		return []uint64{inv64(v[0])}
	}
	h := n / 2
	a, b := v[h:], v[:h]
	norm := bigMulHalf(bigSquare(a))
	xorInto(norm, norm, bigMul(a, b))
	xorInto(norm, norm, bigSquare(b))
	ni := bigInv(norm)
	z := make([]uint64, n)
	copy(z[h:], bigMul(a, ni))
	copy(z[:h], bigMul(xorWords(a, b), ni))
	return z
}

// bigSqrt returns the square root: √(aT ⊕ b) = √a·T ⊕ √a⊗√H ⊕ √b, because
// (T ⊕ √H)² = T ⊕ H ⊕ H = T.
func bigSqrt(v []uint64) []uint64 {
	n := len(v)
	if n == 1 {
		return []uint64{sqrtMap.apply(v[0])}
	}
	h := n / 2
	sa, sb := bigSqrt(v[h:]), bigSqrt(v[:h])
	top := make([]uint64, h)
	top[h-1] = 1 << 63
	z := make([]uint64, n)
	copy(z[h:], sa)
	xorInto(z[:h], bigMul(sa, bigSqrt(top)), sb)
	return z
}
