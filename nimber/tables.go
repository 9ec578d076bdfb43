package nimber

import "math/bits"

// The 16-bit log/exp tables.
//
// gen16 is a primitive element of GF(2^16) (the nimbers below 2^16) chosen so
// that gen16^3 = 0x8000: the constant 0x8000 that appears in the halving
// rule 2^16 ⊗ 2^16 = 2^16 ⊕ 2^15 then has logarithm 3, and a product by it
// folds into the exponent sum. The smallest primitive element is 258.
const (
	gen16   = 10279
	order16 = 1<<16 - 1
	logHalf = 3 // log of 0x8000 to the base gen16

	// zeroLog is the logarithm given to 0. It exceeds every sum of two
	// logarithms of non-zero elements plus 2·logHalf, so any exponent sum
	// containing it lands in the zero part of exp16.
	zeroLog = 2*(order16-1) + 2*logHalf + 1
	expLen  = 2*zeroLog + 2*logHalf + 1
)

var (
	// log16[x] is the discrete log of x to the base gen16, or zeroLog for 0.
	log16 [1 << 16]uint32
	// exp16[i] is gen16^i for i < zeroLog and 0 beyond.
	exp16 [expLen]uint16

	// Linear maps over GF(2) stored as eight byte tables each.
	squareMap byteMap // x -> x ⊗ x
	sqrtMap   byteMap // x -> the square root of x
	asMap     byteMap // d -> y with y ⊗ y ⊕ y = d, when Trace(d) = 0

	// traceMask has bit i set when the trace of 2^i, computed from the
	// definition at start-up, is 1. It turns out to be 1<<63 (tested): the
	// trace is the top bit.
	traceMask uint64
)

// byteMap is a GF(2)-linear map on 64-bit words, applied as the xor of
// eight table look-ups, one per byte of the argument.
type byteMap [8][256]uint64

func (m *byteMap) apply(x uint64) uint64 {
	return m[0][uint8(x)] ^ m[1][uint8(x>>8)] ^ m[2][uint8(x>>16)] ^ m[3][uint8(x>>24)] ^
		m[4][uint8(x>>32)] ^ m[5][uint8(x>>40)] ^ m[6][uint8(x>>48)] ^ m[7][uint8(x>>56)]
}

// fill sets the tables of m from the images of the 64 unit vectors.
func (m *byteMap) fill(unit *[64]uint64) {
	for b := 0; b < 8; b++ {
		for v := 1; v < 256; v++ {
			low := v & -v
			m[b][v] = m[b][v^low] ^ unit[8*b+bits.TrailingZeros(uint(low))]
		}
	}
}

func init() {
	buildLogExp()
	buildLinearMaps()
	buildBasis()
	register()
}

func buildLogExp() {
	// Multiplication by gen16 is GF(2)-linear: tabulate it per byte using
	// the table-free product, then walk the powers.
	var step [2][256]uint16
	for b := 0; b < 2; b++ {
		for v := 1; v < 256; v++ {
			low := v & -v
			unit := uint64(1) << (8*b + bits.TrailingZeros(uint(low)))
			step[b][v] = step[b][v^low] ^ uint16(mulSlow(unit, gen16))
		}
	}
	x := uint16(1)
	for i := 0; i < order16; i++ {
		exp16[i] = x
		exp16[i+order16] = x
		log16[x] = uint32(i)
		x = step[0][uint8(x)] ^ step[1][x>>8]
	}
	if x != 1 {
		panic("nimber: gen16 is not primitive") // cannot happen: tested
	}
	// Exponent sums of non-zero elements reach at most zeroLog-1 < 3·order16.
	for i := 2 * order16; i < zeroLog; i++ {
		exp16[i] = exp16[i-order16]
	}
	log16[0] = zeroLog
}

func buildLinearMaps() {
	var sq, rt [64]uint64
	for i := range 64 {
		u := uint64(1) << i
		sq[i] = mul64(u, u)
	}
	squareMap.fill(&sq)

	// sqrt(x) = x^(2^63): 63 squarings of each unit vector.
	for i := range 64 {
		r := uint64(1) << i
		for range 63 {
			r = squareMap.apply(r)
		}
		rt[i] = r
	}
	sqrtMap.fill(&rt)

	// Trace(x) = x ⊕ x^2 ⊕ x^4 ⊕ ... ⊕ x^(2^63).
	for i := range 64 {
		r, t := uint64(1)<<i, uint64(0)
		for range 64 {
			t ^= r
			r = squareMap.apply(r)
		}
		if t == 1 {
			traceMask |= 1 << i
		} else if t != 0 {
			panic("nimber: trace outside GF(2)") // cannot happen: tested
		}
	}
	buildArtinSchreier()
}

// buildArtinSchreier tabulates a linear right inverse of L(y) = y² ⊕ y on
// the hyperplane Trace = 0. L is linear with kernel {0, 1}; its image is
// exactly the elements of trace 0. A general d is first projected onto the
// hyperplane along e = 2^j, a unit vector of trace 1.
func buildArtinSchreier() {
	var b xorBasis
	for i := range 64 {
		b.insert(squareMap.apply(1<<i)^(1<<i), 1<<i)
	}
	e := traceMask & -traceMask
	var unit [64]uint64
	for i := range 64 {
		d := uint64(1) << i
		if bits.OnesCount64(d&traceMask)&1 == 1 {
			d ^= e
		}
		unit[i], _ = b.solve(d)
	}
	asMap.fill(&unit)
}

// xorBasis is an echelon basis of a subspace of GF(2)^64, kept with the
// combination of inserted vectors that each basis vector is: for solving
// linear systems over GF(2).
type xorBasis struct {
	vec, pre [64]uint64 // vec[p] has top bit p (or is 0); pre[p] makes it
}

// insert adds v, the image of y; it reports false when v depends on the
// vectors inserted before.
func (b *xorBasis) insert(v, y uint64) bool {
	for v != 0 {
		p := 63 - bits.LeadingZeros64(v)
		if b.vec[p] == 0 {
			b.vec[p], b.pre[p] = v, y
			return true
		}
		v, y = v^b.vec[p], y^b.pre[p]
	}
	return false
}

// solve returns a y whose image is d, and what of d is outside the span
// (0 when d is in it).
func (b *xorBasis) solve(d uint64) (y, rest uint64) {
	for d != 0 {
		p := 63 - bits.LeadingZeros64(d)
		if b.vec[p] == 0 {
			return y, d
		}
		d, y = d^b.vec[p], y^b.pre[p]
	}
	return y, 0
}

// mulSlow is the table-free nim-product by Fermat-power halving, used only
// to build the tables.
func mulSlow(a, b uint64) uint64 {
	return mulSlowHalf(a, b, 32)
}

func mulSlowHalf(a, b uint64, half uint) uint64 {
	if a < 2 || b < 2 {
		return a * b
	}
	for a>>half == 0 && b>>half == 0 {
		half >>= 1
	}
	m := uint64(1)<<half - 1
	a1, a0, b1, b0 := a>>half, a&m, b>>half, b&m
	c := mulSlowHalf(a1, b1, half/2)
	lo := mulSlowHalf(a0, b0, half/2)
	hi := mulSlowHalf(a1^a0, b1^b0, half/2) ^ lo
	return hi<<half ^ mulSlowHalf(c, 1<<(half-1), half/2) ^ lo
}
