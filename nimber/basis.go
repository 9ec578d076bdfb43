package nimber

import "math/bits"

// The polynomial basis.
//
// GF(2^64) is also GF(2)[x]/(p(x)) for the irreducible
//
//	p(x) = x^64 + x^4 + x^3 + x + 1,
//
// where a product is a carry-less multiplication and a reduction, which
// x86-64 does in hardware. The nimber θ = 0x402884ca01f7c6b2 is a root of p among the nimbers (the
// smallest of its 64 conjugates θ, θ², θ⁴, …), so the map
//
//	Σ e_i x^i  ↦  ⊕ e_i ⊗ θ^i
//
// is a field isomorphism from the polynomial field onto the nimbers. It is a
// GF(2)-linear map of 64-bit words: a 64×64 bit matrix whose column i is
// θ^i, applied by table look-ups in pure Go and on arm64, and by GFNI
// affine transformations or nibble shuffles on amd64.
const (
	// fieldPoly holds the low terms of p(x) = x^64 + x^4 + x^3 + x + 1.
	fieldPoly = 1<<4 | 1<<3 | 1<<1 | 1
	// fieldRoot is the smallest nimber θ with p(θ) = 0.
	fieldRoot Nimber = 0x402884ca01f7c6b2
)

// Elem is an element of GF(2^64) in the polynomial basis: bit i is the
// coefficient of x^i modulo p(x) = x^64 + x^4 + x^3 + x + 1. Convert with
// ToElem and Elem.Nimber; both are exact field isomorphisms, so a long
// computation can convert once, work on Elems, and convert back with the
// same result as on Nimbers.
type Elem uint64

var (
	toElemMap   byteMap // Nimber -> Elem
	fromElemMap byteMap // Elem -> Nimber
)

// ToElem returns the polynomial-basis form of a.
func ToElem(a Nimber) Elem { return Elem(toElemMap.apply(uint64(a))) }

// Nimber returns the nimber that e represents.
func (e Elem) Nimber() Nimber { return Nimber(fromElemMap.apply(uint64(e))) }

// Mul returns the product e·f modulo p(x).
func (e Elem) Mul(f Elem) Elem { return Elem(elemMul(uint64(e), uint64(f))) }

// Inv returns the inverse of e (0 for 0, as for Nimber.Inv).
func (e Elem) Inv() Elem { return ToElem(e.Nimber().Inv()) }

// buildBasis tabulates both directions of the isomorphism: column i of the
// matrix is θ^i, and the inverse matrix comes from Gaussian elimination.
func buildBasis() {
	var cols [64]uint64
	pw := Nimber(1)
	for i := range 64 {
		cols[i] = uint64(pw)
		pw = pw.Mul(fieldRoot)
	}
	fromElemMap.fill(&cols)
	inv, ok := invertBitMatrix(cols)
	if !ok {
		panic("nimber: the powers of fieldRoot are dependent") // cannot happen: tested
	}
	toElemMap.fill(&inv)
	buildKernels(&cols, &inv)
}

// invertBitMatrix inverts the 64×64 GF(2) matrix with the given columns
// (column i is the image of bit i) and returns the columns of the inverse.
func invertBitMatrix(cols [64]uint64) ([64]uint64, bool) {
	var b xorBasis
	for i := range 64 {
		if !b.insert(cols[i], 1<<i) {
			return [64]uint64{}, false
		}
	}
	var inv [64]uint64
	for i := range 64 {
		inv[i], _ = b.solve(1 << i)
	}
	return inv, true
}

// clmul returns the 128-bit carry-less product of a and b.
func clmul(a, b uint64) (hi, lo uint64) {
	// Four-bit windows of b against a table of a times every 4-bit
	// polynomial.
	var tl, th [16]uint64
	for i := 1; i < 16; i++ {
		low := i & -i
		s := bits.TrailingZeros(uint(low))
		tl[i] = tl[i^low] ^ a<<s
		if s > 0 {
			th[i] = th[i^low] ^ a>>(64-s)
		} else {
			th[i] = th[i^low]
		}
	}
	for s := 60; s >= 0; s -= 4 {
		w := b >> s & 15
		hi = hi<<4 | lo>>60
		lo <<= 4
		lo ^= tl[w]
		hi ^= th[w]
	}
	return hi, lo
}

// reduce returns hi·x^64 + lo modulo p(x): x^64 ≡ x^4 + x^3 + x + 1, and
// the bits that overflow once more reduce a second time.
func reduce(hi, lo uint64) uint64 {
	over := hi>>63 ^ hi>>61 ^ hi>>60
	lo ^= hi ^ hi<<1 ^ hi<<3 ^ hi<<4
	return lo ^ over ^ over<<1 ^ over<<3 ^ over<<4
}

// elemMulTables multiplies in the polynomial basis through the nimbers:
// without hardware carry-less multiplication, three basis changes and a
// table-driven nim-product beat a software carry-less product.
func elemMulTables(a, b uint64) uint64 {
	return uint64(ToElem(Elem(a).Nimber().Mul(Elem(b).Nimber())))
}
