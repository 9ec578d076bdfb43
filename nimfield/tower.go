package nimfield

import (
	"math/big"
	"slices"

	"github.com/nimbers/grundy/nimber"
)

// A tower is a finite subfield of the nim field, built as the finite field
// GF(2^(2^j)) of nimbers below 2^(2^j) followed by binomial extensions:
// level i ≥ 1 adjoins x_i = κ_(q_i) with x_i^(r_i) = β_i, β_i a sum of
// lower generators and a finite constant. An element of level L is a
// slice of size[L] base words, the coefficient of Π x_i^(a_i) at index
// Σ a_i·size[i−1]. The basis elements are the monomials ω^e of the
// ordinals, so the index is also the ordinal's exponent, digit by digit.
type tower struct {
	j    int      // base field GF(2^(2^j)), j ≤ 6
	q    []int    // q[i]: the prime power κ_q of level i (q[0] unused)
	r    []int    // r[i]: the degree of level i over level i−1
	size []int    // size[i]: words of an element of level i; size[0] = 1
	beta []sparse // beta[i]: x_i^(r_i)
	// level maps a prime power q to the level adjoining κ_q.
	level map[int]int
	// scratch buffers per level, for products and squares
	mulTmp [][]uint64
	sqTmp  [][]uint64
	plans  map[int]*frobPlan // by k, for frob (see frob.go)
}

// sparse is Σ x_g over gens, plus the base constant c.
type sparse struct {
	gens []int
	c    uint64
}

// top returns the highest level.
func (t *tower) top() int { return len(t.r) - 1 }

// degree returns the degree of the tower's field over GF(2).
func (t *tower) degree() int { return t.size[t.top()] << t.j }

func (t *tower) addLevel(q, r int, beta sparse) {
	if len(t.r) == 0 {
		t.q, t.r, t.size, t.beta = []int{0}, []int{1}, []int{1}, []sparse{{}}
		t.mulTmp, t.sqTmp = [][]uint64{nil}, [][]uint64{nil}
	}
	s := t.size[len(t.size)-1]
	t.q = append(t.q, q)
	t.r = append(t.r, r)
	t.size = append(t.size, s*r)
	t.beta = append(t.beta, beta)
	t.mulTmp = append(t.mulTmp, make([]uint64, (2*r-1)*s))
	t.sqTmp = append(t.sqTmp, make([]uint64, s))
}

func baseMul(a, b uint64) uint64 {
	if (a|b)>>8 == 0 {
		return uint64(mul8[a<<8|b])
	}
	return uint64(nimber.Nimber(a).Mul(nimber.Nimber(b)))
}

// mul8 is the product table of GF(2^8), the base field of most towers.
var mul8 = func() *[1 << 16]uint8 {
	var t [1 << 16]uint8
	for i := range t {
		t[i] = uint8(nimber.Nimber(i >> 8).Mul(nimber.Nimber(i & 0xff)))
	}
	return &t
}()

// mulAcc sets dst ^= a·b at level L.
func (t *tower) mulAcc(dst, a, b []uint64, L int) {
	if L == 0 {
		if a[0] != 0 && b[0] != 0 {
			dst[0] ^= baseMul(a[0], b[0])
		}
		return
	}
	r, s := t.r[L], t.size[L-1]
	tmp := t.mulTmp[L]
	clear(tmp)
	t.polyMul(tmp, a, b, r, L-1)
	for k := 2*r - 2; k >= r; k-- {
		t.betaAcc(tmp[(k-r)*s:(k-r+1)*s], tmp[k*s:(k+1)*s], L)
	}
	xorInto(dst, tmp[:r*s])
}

// karatsubaMin is the least number of blocks polyMul splits.
const karatsubaMin = 12

// polyMul sets dst ^= a·b for polynomials of n blocks over level L (dst
// has 2n−1 blocks): schoolbook below karatsubaMin blocks, Karatsuba above.
func (t *tower) polyMul(dst, a, b []uint64, n, L int) {
	s := t.size[L]
	if L == 0 && n < karatsubaMin {
		if t.j <= 3 {
			for i, x := range a[:n] {
				if x == 0 {
					continue
				}
				row := mul8[x<<8 : x<<8+256]
				for k, y := range b[:n] {
					dst[i+k] ^= uint64(row[y])
				}
			}
			return
		}
		for i, x := range a[:n] {
			if x == 0 {
				continue
			}
			for k, y := range b[:n] {
				if y != 0 {
					dst[i+k] ^= baseMul(x, y)
				}
			}
		}
		return
	}
	if n < karatsubaMin {
		for i := range n {
			ai := a[i*s : (i+1)*s]
			if isZero(ai) {
				continue
			}
			for k := range n {
				bk := b[k*s : (k+1)*s]
				if isZero(bk) {
					continue
				}
				t.mulAcc(dst[(i+k)*s:(i+k+1)*s], ai, bk, L)
			}
		}
		return
	}
	h := n / 2
	m := n - h // m ≥ h
	z0 := make([]uint64, (2*h-1)*s)
	z2 := make([]uint64, (2*m-1)*s)
	z1 := make([]uint64, (2*m-1)*s)
	t.polyMul(z0, a[:h*s], b[:h*s], h, L)
	t.polyMul(z2, a[h*s:n*s], b[h*s:n*s], m, L)
	sa := slices.Clone(a[h*s : n*s])
	sb := slices.Clone(b[h*s : n*s])
	xorInto(sa, a[:h*s])
	xorInto(sb, b[:h*s])
	t.polyMul(z1, sa, sb, m, L)
	xorInto(z1, z0)
	xorInto(z1, z2)
	xorInto(dst, z0)
	xorInto(dst[2*h*s:], z2)
	xorInto(dst[h*s:], z1)
}

// betaAcc sets dst ^= β_L·a, for a and dst of level L−1.
func (t *tower) betaAcc(dst, a []uint64, L int) {
	if isZero(a) {
		return
	}
	b := t.beta[L]
	for _, g := range b.gens {
		t.genAcc(dst, a, g, L-1)
	}
	if b.c == 1 {
		xorInto(dst, a)
	} else if b.c != 0 {
		for i, x := range a {
			if x != 0 {
				dst[i] ^= baseMul(b.c, x)
			}
		}
	}
}

// genAcc sets dst ^= x_g·a at level M ≥ g.
func (t *tower) genAcc(dst, a []uint64, g, M int) {
	r, s := t.r[M], t.size[M-1]
	if g < M {
		for i := range r {
			t.genAcc(dst[i*s:(i+1)*s], a[i*s:(i+1)*s], g, M-1)
		}
		return
	}
	xorInto(dst[s:], a[:(r-1)*s])
	t.betaAcc(dst[:s], a[(r-1)*s:], M)
}

// sq sets dst = a² at level L; dst and a must not overlap.
func (t *tower) sq(dst, a []uint64, L int) {
	if L == 0 {
		dst[0] = uint64(nimber.Nimber(a[0]).Square())
		return
	}
	r, s := t.r[L], t.size[L-1]
	clear(dst[:r*s])
	tmp := t.sqTmp[L]
	for i := range r {
		ai := a[i*s : (i+1)*s]
		if isZero(ai) {
			continue
		}
		t.sq(tmp, ai, L-1)
		if 2*i < r {
			xorInto(dst[2*i*s:(2*i+1)*s], tmp)
		} else {
			t.betaAcc(dst[(2*i-r)*s:(2*i-r+1)*s], tmp, L)
		}
	}
}

func isZero(a []uint64) bool {
	for _, x := range a {
		if x != 0 {
			return false
		}
	}
	return true
}

func xorInto(dst, a []uint64) {
	for i, x := range a {
		dst[i] ^= x
	}
}

// The methods below work on whole elements of the top level.

func (t *tower) zero() []uint64 { return make([]uint64, t.size[t.top()]) }

func (t *tower) one() []uint64 {
	v := t.zero()
	v[0] = 1
	return v
}

func (t *tower) mul(a, b []uint64) []uint64 {
	v := t.zero()
	t.mulAcc(v, a, b, t.top())
	return v
}

func (t *tower) square(a []uint64) []uint64 {
	v := t.zero()
	t.sq(v, a, t.top())
	return v
}

// frob returns a^(2^k): by k squarings for a small k, else by the
// substitution of frobPlan.
func (t *tower) frob(a []uint64, k int) []uint64 {
	if k %= t.degree(); k > frobSquarings {
		v := t.zero()
		t.frobAt(v, a, t.top(), t.plan(k))
		return v
	}
	return t.frobSquare(a, k)
}

// frobSquare returns a^(2^k) by k squarings.
func (t *tower) frobSquare(a []uint64, k int) []uint64 {
	v, w := append([]uint64(nil), a...), t.zero()
	for range k {
		t.sq(w, v, t.top())
		v, w = w, v
	}
	return v
}

// pow returns a^e: by squaring and multiplying, with a sliding window of
// powWindow bits for a long e and a dense a (about n/(w+1) products for
// n bits instead of n/2).
func (t *tower) pow(a []uint64, e *big.Int) []uint64 {
	n := e.BitLen()
	if n <= 64 || sparseWords(a) {
		// A sparse a (κ + m, as the excess test raises) multiplies
		// cheaply; the window's odd powers would be dense.
		r := t.one()
		for i := n - 1; i >= 0; i-- {
			r = t.square(r)
			if e.Bit(i) == 1 {
				r = t.mul(r, a)
			}
		}
		return r
	}
	// odd[k] = a^(2k+1).
	odd := make([][]uint64, 1<<(powWindow-1))
	odd[0] = a
	a2 := t.square(a)
	for k := 1; k < len(odd); k++ {
		odd[k] = t.mul(odd[k-1], a2)
	}
	r := t.one()
	for i := n - 1; i >= 0; {
		if e.Bit(i) == 0 {
			r = t.square(r)
			i--
			continue
		}
		// The longest window e[i..j] of at most powWindow bits ending in a 1.
		j := max(i-powWindow+1, 0)
		for e.Bit(j) == 0 {
			j++
		}
		v := 0
		for k := i; k >= j; k-- {
			r = t.square(r)
			v = v<<1 | int(e.Bit(k))
		}
		r = t.mul(r, odd[v>>1])
		i = j - 1
	}
	return r
}

// powWindow is the window of pow for exponents past 64 bits.
const powWindow = 5

// sparseWords reports whether fewer than one word in 16 of a is not 0.
func sparseWords(a []uint64) bool {
	n := 0
	for _, w := range a {
		if w != 0 {
			n++
		}
	}
	return n*16 < len(a)
}

// normTo returns a^((2^E−1)/(2^d−1)) for the field degree E, a multiple
// of d: the product of the conjugates a^(2^(d·i)), i < E/d, which is the
// norm of a to the subfield GF(2^d). It doubles the number of conjugates
// held, so it takes about E squarings and 2·log2(E/d) products.
func (t *tower) normTo(a []uint64, d int) []uint64 {
	n := t.degree() / d
	y, u := a, 1 // y = Π_{i<u} a^(2^(d·i))
	for b := bitLen(n) - 2; b >= 0; b-- {
		y = t.mul(y, t.frob(y, d*u))
		u *= 2
		if n>>b&1 == 1 {
			y = t.mul(a, t.frob(y, d))
			u++
		}
	}
	return y
}

// inv returns a^(2^E−2), the inverse of a non-zero a (Itoh and Tsujii:
// a^(2^m−1) by doubling m, about E squarings and 2·log2(E) products).
func (t *tower) inv(a []uint64) []uint64 {
	m := t.degree() - 1
	y, u := a, 1 // y = a^(2^u−1)
	for b := bitLen(m) - 2; b >= 0; b-- {
		y = t.mul(t.frob(y, u), y)
		u *= 2
		if m>>b&1 == 1 {
			y = t.mul(t.square(y), a)
			u++
		}
	}
	return t.square(y)
}

func bitLen(n int) int {
	b := 0
	for ; n > 0; n >>= 1 {
		b++
	}
	return b
}

func equalWords(a, b []uint64) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
