package sps

import (
	"context"
	"math/bits"

	"github.com/nimbers/grundy/internal/hugepage"
	"github.com/nimbers/grundy/internal/nimkern"
	"github.com/nimbers/grundy/nimber"
)

// subsetConv returns f * g for series of 2^n elements in the polynomial
// basis, by ranked zeta transforms: split f and g by the size of the set
// (rank), take the subset-sum (zeta) transform of each rank, multiply
// pointwise as polynomials in the rank, and invert (in characteristic 2
// the Möbius transform is the zeta transform again), keeping for each S
// the rank |S|. O(n² 2^n).
//
// It checks ctx once a rank, and returns its error when it is cancelled.
func subsetConv(ctx context.Context, f, g []nimber.Elem, n int) ([]nimber.Elem, error) {
	size := 1 << n
	out := make([]nimber.Elem, size)
	if n == 0 {
		out[0] = f[0].Mul(g[0])
		return out, nil
	}
	// One mapped region for the ranked transforms of f and g, and h.
	buf, release := hugepage.Alloc[nimber.Elem]((2*(n+1) + 1) * size)
	defer release()
	fr, gr := ranked(buf[:(n+1)*size], f, n), ranked(buf[(n+1)*size:2*(n+1)*size], g, n)
	h := buf[2*(n+1)*size:]
	rank := ranks(n)
	for r := 0; r <= n; r++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		clear(h)
		for i := 0; i <= r; i++ {
			nimkern.ElemMulAddSlice(h, fr[i], gr[r-i])
		}
		zeta(h, n)
		for s, k := range rank {
			if int(k) == r {
				out[s] = h[s]
			}
		}
	}
	return out, nil
}

// ranks returns the number of elements of every set of n elements.
func ranks(n int) []uint8 {
	r := make([]uint8, 1<<n)
	for s := 1; s < len(r); s++ {
		r[s] = r[s&(s-1)] + 1
	}
	return r
}

// ranked splits f by rank into the (n+1)·2^n words of mem and takes the
// zeta transform of each rank; it returns the n+1 rank slices.
func ranked(mem, f []nimber.Elem, n int) [][]nimber.Elem {
	size := 1 << n
	r := make([][]nimber.Elem, n+1)
	for k := range r {
		r[k] = mem[k*size : (k+1)*size : (k+1)*size]
	}
	for s, v := range f {
		r[bits.OnesCount(uint(s))][s] = v
	}
	for k := range r {
		zeta(r[k], n)
	}
	return r
}

// zeta replaces a by its subset sums, a(S) ← ⊕_{T ⊆ S} a(T), in place:
// for each bit, every set with the bit adds the set without it. From bit 3
// on, the pairs are whole blocks of at least eight and use the batch xor.
func zeta(a []nimber.Elem, n int) {
	size := len(a)
	// Bits 0, 1 and 2 within each group of eight.
	if n >= 3 {
		for s := 0; s < size; s += 8 {
			b := a[s : s+8 : s+8]
			b[1] ^= b[0]
			b[3] ^= b[2]
			b[5] ^= b[4]
			b[7] ^= b[6]
			b[2] ^= b[0]
			b[3] ^= b[1]
			b[6] ^= b[4]
			b[7] ^= b[5]
			b[4] ^= b[0]
			b[5] ^= b[1]
			b[6] ^= b[2]
			b[7] ^= b[3]
		}
	} else {
		for bit := 1; bit < size; bit <<= 1 {
			for s := range size {
				if s&bit != 0 {
					a[s] ^= a[s^bit]
				}
			}
		}
		return
	}
	for bit := 8; bit < size; bit <<= 1 {
		for s := 0; s < size; s += 2 * bit {
			hi := a[s+bit : s+2*bit]
			nimkern.AddSlice(hi, hi, a[s:s+bit])
		}
	}
}
