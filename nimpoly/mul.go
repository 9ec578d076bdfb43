package nimpoly

import (
	"github.com/nimbers/grundy/internal/nimkern"
	"github.com/nimbers/grundy/nimber"
)

// Crossovers between the product algorithms, in coefficients of the
// shorter factor (schoolbook below karatsubaMin) and of the product (the
// FFT from fftMin on). Tuned with BenchmarkCrossover.
const (
	karatsubaMin = 256
	fftMin       = 1024
)

// mulElems returns the product of a and b (both non-empty) in the
// polynomial basis.
func mulElems(a, b []nimber.Elem) []nimber.Elem {
	if len(a) < len(b) {
		a, b = b, a
	}
	n := len(a) + len(b) - 1
	switch {
	case len(b) < karatsubaMin:
		return mulSchoolbook(a, b)
	case n >= fftMin && len(b) >= karatsubaMin:
		return mulFFT(a, b)
	}
	return mulUnbalanced(a, b)
}

// mulSchoolbook returns a·b with one row operation per coefficient of b.
func mulSchoolbook(a, b []nimber.Elem) []nimber.Elem {
	out := make([]nimber.Elem, len(a)+len(b)-1)
	mulSchoolbookInto(out, a, b)
	return out
}

// mulSchoolbookInto adds a·b to out.
func mulSchoolbookInto(out, a, b []nimber.Elem) {
	if len(a) < len(b) {
		a, b = b, a
	}
	for i, c := range b {
		if c != 0 {
			nimkern.ElemMulAddConstSlice(out[i:i+len(a)], c, a)
		}
	}
}

// mulUnbalanced returns a·b for len(a) ≥ len(b) by Karatsuba products of
// len(b)-sized blocks of a.
func mulUnbalanced(a, b []nimber.Elem) []nimber.Elem {
	m := len(b)
	out := make([]nimber.Elem, len(a)+m-1)
	block := make([]nimber.Elem, m)
	for s := 0; s < len(a); s += m {
		e := min(s+m, len(a))
		clear(block)
		copy(block, a[s:e])
		prod := karatsuba(block, b)
		nimkern.AddSlice(out[s:min(s+len(prod), len(out))], out[s:min(s+len(prod), len(out))], prod[:min(len(prod), len(out)-s)])
	}
	return out
}

// karatsuba returns a·b for len(a) == len(b): with a = a0 + x^h a1 and
// likewise b, a·b = a0b0 + x^h((a0+a1)(b0+b1) − a0b0 − a1b1) + x^2h a1b1.
func karatsuba(a, b []nimber.Elem) []nimber.Elem {
	n := len(a)
	if n < karatsubaMin {
		return mulSchoolbook(a, b)
	}
	h := n / 2
	a0, a1, b0, b1 := a[:h], a[h:], b[:h], b[h:]
	z0 := karatsuba(a0, b0)
	z2 := karatsuba(a1, b1)
	as, bs := make([]nimber.Elem, n-h), make([]nimber.Elem, n-h)
	copy(as, a1)
	copy(bs, b1)
	nimkern.AddSlice(as[:h], as[:h], a0)
	nimkern.AddSlice(bs[:h], bs[:h], b0)
	z1 := karatsuba(as, bs)
	nimkern.AddSlice(z1[:len(z0)], z1[:len(z0)], z0)
	nimkern.AddSlice(z1[:len(z2)], z1[:len(z2)], z2)
	out := make([]nimber.Elem, 2*n-1)
	copy(out, z0)
	copy(out[2*h:], z2)
	nimkern.AddSlice(out[h:h+len(z1)], out[h:h+len(z1)], z1)
	return out
}
