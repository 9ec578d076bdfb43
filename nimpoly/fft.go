package nimpoly

import (
	"math/bits"

	"github.com/nimbers/grundy/internal/nimkern"
	"github.com/nimbers/grundy/nimber"
)

// cantor is the Cantor basis: cantor[0] = 1 and cantor[i]² ⊕ cantor[i] =
// cantor[i−1], the even root, for i < 64.
var cantor = func() [64]nimber.Nimber {
	var b [64]nimber.Nimber
	b[0] = 1
	for i := 1; i < 64; i++ {
		roots := nimber.SolveQuadratic(1, b[i-1])
		b[i] = roots[0] // the two roots differ by 1; the smaller is even
	}
	return b
}()

// omega returns the evaluation point of index t: the nimber sum of the
// Cantor basis elements at the set bits of t.
func omega(t int) nimber.Nimber {
	var w nimber.Nimber
	for u := uint(t); u != 0; u &= u - 1 {
		w ^= cantor[bits.TrailingZeros(u)]
	}
	return w
}

// twiddles returns, in the polynomial basis, ω(2t) for t < n/2: the
// constant of the butterflies of block t (of any size 2^l, with
// start t·2^l) is W_(l−1)(ω(t·2^l)) = ω(2t), because W_i(β_j) = β_(j−i)
// for the Cantor basis.
func twiddles(n int) []nimber.Elem {
	tw := make([]nimber.Elem, max(n/2, 1))
	for t := range tw {
		tw[t] = nimber.ToElem(omega(2 * t))
	}
	return tw
}

// cacheBlock is the block size (in elements) below which the transforms
// and basis changes run all their remaining levels on one block before
// moving to the next, while it stays in cache.
const cacheBlock = 1 << 13

// forwardFFT evaluates the polynomial with coefficients a in the novel
// basis X_i = Π_{j ∈ bits(i)} W_j at the points ω(0), …, ω(n−1), in place
// (len(a) = n, a power of two). The butterfly of block t of size 2h is
// lo ^= c·hi, hi ^= lo with c = ω(2t): the evaluations on the two cosets
// of the block's subspace.
func forwardFFT(a, tw []nimber.Elem) { forwardBlock(a, tw, 0) }

func forwardBlock(a, tw []nimber.Elem, start int) {
	n := len(a)
	if n > cacheBlock {
		h := n / 2
		nimkern.ElemButterfly(a[:h], a[h:], tw[start/n], false)
		forwardBlock(a[:h], tw, start)
		forwardBlock(a[h:], tw, start+h)
		return
	}
	for h := n / 2; h >= 1; h /= 2 {
		for s := 0; s < n; s += 2 * h {
			butterfly(a[s:s+h], a[s+h:s+2*h], tw[(start+s)/(2*h)], false)
		}
	}
}

// inverseFFT undoes forwardFFT.
func inverseFFT(a, tw []nimber.Elem) { inverseBlock(a, tw, 0) }

func inverseBlock(a, tw []nimber.Elem, start int) {
	n := len(a)
	if n > cacheBlock {
		h := n / 2
		inverseBlock(a[:h], tw, start)
		inverseBlock(a[h:], tw, start+h)
		nimkern.ElemButterfly(a[:h], a[h:], tw[start/n], true)
		return
	}
	for h := 1; h < n; h *= 2 {
		for s := 0; s < n; s += 2 * h {
			butterfly(a[s:s+h], a[s+h:s+2*h], tw[(start+s)/(2*h)], true)
		}
	}
}

// butterfly is ElemButterfly with the short halves of the last levels
// done inline, where a kernel call would cost more than the work.
func butterfly(lo, hi []nimber.Elem, c nimber.Elem, inverse bool) {
	if len(lo) >= 8 {
		nimkern.ElemButterfly(lo, hi, c, inverse)
		return
	}
	hi = hi[:len(lo)]
	for i := range lo {
		if inverse {
			hi[i] ^= lo[i]
		}
		if c != 0 {
			lo[i] ^= c.Mul(hi[i])
		}
		if !inverse {
			hi[i] ^= lo[i]
		}
	}
}

// subspaceExps returns the exponents of the non-leading terms of
// W_j(x) = Σ_{i ⊆ j} x^(2^i), largest first.
func subspaceExps(j int) []int {
	var e []int
	for i := j - 1; ; i = (i - 1) & j {
		i &= j
		if i != j {
			e = append(e, 1<<i)
		}
		if i == 0 {
			break
		}
	}
	return e
}

// toNovel converts coefficients of length n (a power of two) from the
// monomial basis to the novel basis, in place: f = g + W_(k−1)·h for
// len(f) = 2^k, recursively on g and h.
func toNovel(a []nimber.Elem) {
	n := len(a)
	if n <= 1 {
		return
	}
	if n > cacheBlock {
		divideSubspace(a, n/2, subspaceExps(bits.Len(uint(n))-2))
		toNovel(a[:n/2])
		toNovel(a[n/2:])
		return
	}
	for j := bits.Len(uint(n)) - 2; j >= 0; j-- {
		d := 1 << j
		exps := subspaceExps(j)
		for start := 0; start < n; start += 2 * d {
			divideSubspace(a[start:start+2*d], d, exps)
		}
	}
}

// fromNovel undoes toNovel.
func fromNovel(a []nimber.Elem) {
	n := len(a)
	if n <= 1 {
		return
	}
	if n > cacheBlock {
		fromNovel(a[:n/2])
		fromNovel(a[n/2:])
		undivideSubspace(a, n/2, subspaceExps(bits.Len(uint(n))-2))
		return
	}
	for j := 0; j <= bits.Len(uint(n))-2; j++ {
		d := 1 << j
		exps := subspaceExps(j)
		for start := 0; start < n; start += 2 * d {
			undivideSubspace(a[start:start+2*d], d, exps)
		}
	}
}

// divideSubspace divides f (length 2d) by W = x^d + Σ x^e (e in exps, all
// below d, largest first) in place: afterwards f[:d] is the remainder and
// f[d:] the quotient. Long division subtracts f[i]·x^(i−d)·W for i from the
// top; in chunks of d − exps[0] positions no step feeds another, so each
// chunk is one exclusive or per term.
func divideSubspace(f []nimber.Elem, d int, exps []int) {
	if len(exps) == 0 {
		return
	}
	if d <= 8 {
		for i := 2*d - 1; i >= d; i-- {
			for _, e := range exps {
				f[i-d+e] ^= f[i]
			}
		}
		return
	}
	s := d - exps[0]
	for hi := 2 * d; hi > d; hi -= s {
		lo := max(hi-s, d)
		for _, e := range exps {
			off := d - e
			dst := f[lo-off : hi-off]
			nimkern.AddSlice(dst, dst, f[lo:hi])
		}
	}
}

// undivideSubspace undoes divideSubspace: f = remainder + W·quotient, by
// the steps of the division in reverse order.
func undivideSubspace(f []nimber.Elem, d int, exps []int) {
	if len(exps) == 0 {
		return
	}
	if d <= 8 {
		for i := d; i < 2*d; i++ {
			for _, e := range exps {
				f[i-d+e] ^= f[i]
			}
		}
		return
	}
	s := d - exps[0]
	for lo := d; lo < 2*d; lo += s {
		hi := min(lo+s, 2*d)
		for _, e := range exps {
			off := d - e
			dst := f[lo-off : hi-off]
			nimkern.AddSlice(dst, dst, f[lo:hi])
		}
	}
}

// mulFFT returns a·b by the additive FFT: change to the novel basis,
// evaluate, multiply pointwise, interpolate and change back.
//
// A transform of size n computes the product modulo W_k(x) = x^n + Σ x^e
// (e ≤ n/2). When the product has m = n + t coefficients with t ≤ n/4, the
// size-n transform still serves: the t coefficients that wrap around are
// those of x^n … x^(n+t−1), which only the top t coefficients of a and b
// reach, so a product of size t gives them, and a·b = (a·b mod W_k) +
// Q·W_k.
func mulFFT(a, b []nimber.Elem) []nimber.Elem {
	m := len(a) + len(b) - 1
	n := 1
	for n < m {
		n *= 2
	}
	t := 0
	if n >= 64 && m-n/2 <= n/8 {
		n /= 2
		t = m - n
	}
	exps := subspaceExps(bits.Len(uint(n)) - 1) // W_k for n = 2^k
	tw := twiddles(n)
	fa, fb := reduceSubspace(a, n, exps), reduceSubspace(b, n, exps)
	toNovel(fa)
	forwardFFT(fa, tw)
	toNovel(fb)
	forwardFFT(fb, tw)
	nimkern.ElemMulSlice(fa, fa, fb)
	inverseFFT(fa, tw)
	fromNovel(fa)
	if t == 0 {
		return fa[:m]
	}
	oa, ob := max(0, len(a)-t), max(0, len(b)-t)
	top := mulElems(a[oa:], b[ob:])
	q := top[n-oa-ob : n-oa-ob+t]
	out := make([]nimber.Elem, m)
	copy(out, fa)
	copy(out[n:], q)
	for _, e := range exps {
		nimkern.AddSlice(out[e:e+t], out[e:e+t], q)
	}
	return out
}

// reduceSubspace returns a copy of p (length at most n + n/2) of length n
// reduced modulo W_k = x^n + Σ x^e: the part above x^n folds onto each x^e.
func reduceSubspace(p []nimber.Elem, n int, exps []int) []nimber.Elem {
	f := make([]nimber.Elem, n)
	copy(f, p)
	if len(p) > n {
		hi := p[n:]
		for _, e := range exps {
			nimkern.AddSlice(f[e:e+len(hi)], f[e:e+len(hi)], hi)
		}
	}
	return f
}
