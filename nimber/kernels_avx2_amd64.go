//go:build amd64 && !purego

package nimber

import "unsafe"

// The AVX2 tiers: "avx2" multiplies with ymm VPCLMULQDQ (AMD Zen 3 and
// later, Intel Ice Lake and later), "avx2-pclmul" with xmm PCLMULQDQ (older
// AVX2 CPUs); both change basis with VPSHUFB nibble tables (convertAVX2).
// "avx2-gfni" is "avx2" changing basis with VEX VGF2P8AFFINEQB
// (convertAVX2GFNI), for CPUs with GFNI but no AVX-512 (Intel Alder Lake).
// Nimber-basis kernels convert a chunk into a stack buffer, work there in
// the polynomial basis, and convert back.

var (
	avx2Kernels       = avx2Set("avx2", true, false)
	avx2PclmulKernels = avx2Set("avx2-pclmul", false, false)
	avx2GFNIKernels   = avx2Set("avx2-gfni", true, true)
)

// chunk is the number of elements the nimber-basis kernels convert at a
// time: a multiple of 32, small enough for the stack buffers to stay in L1.
const chunk = 256

// convertY applies to n (a multiple of 32) elements the basis change to
// the polynomial basis (toElem) or back, with convertAVX2GFNI (gfni) or
// convertAVX2.
func convertY(gfni bool, dst, src *uint64, n int, toElem bool) {
	switch {
	case gfni && toElem:
		convertAVX2GFNI(dst, src, n, shuf.ptr(), int(unsafe.Offsetof(shuf.gfToElem)))
	case gfni:
		convertAVX2GFNI(dst, src, n, shuf.ptr(), int(unsafe.Offsetof(shuf.gfFromElem)))
	case toElem:
		convertAVX2(dst, src, n, shuf.ptr(), int(unsafe.Offsetof(shuf.toElem)))
	default:
		convertAVX2(dst, src, n, shuf.ptr(), int(unsafe.Offsetof(shuf.fromElem)))
	}
}

// elemMulY is elemMulAVX2 (vex) or elemMulAVX2CL.
func elemMulY(vex bool, dst, a, b *uint64, n int, accumulate bool) {
	if vex {
		elemMulAVX2(dst, a, b, n, accumulate)
	} else {
		elemMulAVX2CL(dst, a, b, n, accumulate)
	}
}

// elemMulConstY is elemMulConstAVX2 (vex) or elemMulConstAVX2CL.
func elemMulConstY(vex bool, dst, a *uint64, n int, c uint64, accumulate bool) {
	if vex {
		elemMulConstAVX2(dst, a, n, c, accumulate)
	} else {
		elemMulConstAVX2CL(dst, a, n, c, accumulate)
	}
}

// elemDotY is elemDotAVX2 (vex) or elemDotAVX2CL.
func elemDotY(vex bool, a, b *uint64, n int) (hi, lo uint64) {
	if vex {
		return elemDotAVX2(a, b, n)
	}
	return elemDotAVX2CL(a, b, n)
}

// butterflyY is butterflyAVX2 (vex) or butterflyAVX2CL.
func butterflyY(vex bool, lo, hi *uint64, n int, c uint64, inverse bool) {
	if vex {
		butterflyAVX2(lo, hi, n, c, inverse)
	} else {
		butterflyAVX2CL(lo, hi, n, c, inverse)
	}
}

// avx2Set returns the AVX2 kernels named name, with ymm VPCLMULQDQ when vex
// is set and xmm PCLMULQDQ otherwise, and with GFNI basis changes when gfni
// is set.
func avx2Set(name string, vex, gfni bool) kernelSet {
	quads := func(n int) int { return n &^ 3 }
	convs := func(n int) int { return n &^ 31 }
	return kernelSet{
		name: name,
		mulSlice: func(dst, a, b []Nimber) {
			m := convs(len(a))
			var ea, eb [chunk]uint64
			for i := 0; i < m; i += chunk {
				c := min(chunk, m-i)
				convertY(gfni, &ea[0], u64s(a[i:]), c, true)
				convertY(gfni, &eb[0], u64s(b[i:]), c, true)
				elemMulY(vex, &ea[0], &ea[0], &eb[0], c, false)
				convertY(gfni, u64s(dst[i:]), &ea[0], c, false)
			}
			genericKernels.mulSlice(dst[m:], a[m:], b[m:])
		},
		mulConstSlice: func(dst []Nimber, c Nimber, a []Nimber) {
			m := convs(len(a))
			ce := uint64(ToElem(c))
			var ea [chunk]uint64
			for i := 0; i < m; i += chunk {
				n := min(chunk, m-i)
				convertY(gfni, &ea[0], u64s(a[i:]), n, true)
				elemMulConstY(vex, &ea[0], &ea[0], n, ce, false)
				convertY(gfni, u64s(dst[i:]), &ea[0], n, false)
			}
			genericKernels.mulConstSlice(dst[m:], c, a[m:])
		},
		mulAddConstSlice: func(dst []Nimber, c Nimber, a []Nimber) {
			m := convs(len(a))
			ce := uint64(ToElem(c))
			var ea, eb [chunk]uint64
			for i := 0; i < m; i += chunk {
				n := min(chunk, m-i)
				convertY(gfni, &ea[0], u64s(a[i:]), n, true)
				elemMulConstY(vex, &ea[0], &ea[0], n, ce, false)
				convertY(gfni, &eb[0], &ea[0], n, false)
				xorAVX2(u64s(dst[i:]), u64s(dst[i:]), &eb[0], n)
			}
			genericKernels.mulAddConstSlice(dst[m:], c, a[m:])
		},
		dotProduct: func(a, b []Nimber) Nimber {
			m := convs(len(a))
			var ea, eb [chunk]uint64
			var hi, lo uint64
			for i := 0; i < m; i += chunk {
				n := min(chunk, m-i)
				convertY(gfni, &ea[0], u64s(a[i:]), n, true)
				convertY(gfni, &eb[0], u64s(b[i:]), n, true)
				h, l := elemDotY(vex, &ea[0], &eb[0], n)
				hi, lo = hi^h, lo^l
			}
			s := Elem(reduce(hi, lo)).Nimber()
			return s ^ genericKernels.dotProduct(a[m:], b[m:])
		},
		toElemSlice: func(dst []Elem, a []Nimber) {
			m := convs(len(a))
			if m > 0 {
				convertY(gfni, u64s(dst), u64s(a), m, true)
			}
			genericKernels.toElemSlice(dst[m:], a[m:])
		},
		fromElemSlice: func(dst []Nimber, a []Elem) {
			m := convs(len(a))
			if m > 0 {
				convertY(gfni, u64s(dst), u64s(a), m, false)
			}
			genericKernels.fromElemSlice(dst[m:], a[m:])
		},
		elemMulSlice: func(dst, a, b []Elem) {
			m := quads(len(a))
			if m > 0 {
				elemMulY(vex, u64s(dst), u64s(a), u64s(b), m, false)
			}
			for i := m; i < len(a); i++ {
				dst[i] = Elem(elemMul(uint64(a[i]), uint64(b[i])))
			}
		},
		elemMulAddSlice: func(dst, a, b []Elem) {
			m := quads(len(a))
			if m > 0 {
				elemMulY(vex, u64s(dst), u64s(a), u64s(b), m, true)
			}
			for i := m; i < len(a); i++ {
				dst[i] ^= Elem(elemMul(uint64(a[i]), uint64(b[i])))
			}
		},
		xorSlice: func(dst, a, b []uint64) {
			m := len(a) &^ 15
			if m > 0 {
				xorAVX2(u64s(dst), u64s(a), u64s(b), m)
			}
			for i := m; i < len(a); i++ {
				dst[i] = a[i] ^ b[i]
			}
		},
		butterfly: func(lo, hi []Elem, c Elem, inverse bool) {
			m := quads(len(lo))
			if m > 0 {
				butterflyY(vex, u64s(lo), u64s(hi), m, uint64(c), inverse)
			}
			genericKernels.butterfly(lo[m:], hi[m:], c, inverse)
		},
		elemMulConstSlice: func(dst []Elem, c Elem, a []Elem) {
			m := quads(len(a))
			if m > 0 {
				elemMulConstY(vex, u64s(dst), u64s(a), m, uint64(c), false)
			}
			for i := m; i < len(a); i++ {
				dst[i] = Elem(elemMul(uint64(c), uint64(a[i])))
			}
		},
		elemMulAddConstSlice: func(dst []Elem, c Elem, a []Elem) {
			m := quads(len(a))
			if m > 0 {
				elemMulConstY(vex, u64s(dst), u64s(a), m, uint64(c), true)
			}
			for i := m; i < len(a); i++ {
				dst[i] ^= Elem(elemMul(uint64(c), uint64(a[i])))
			}
		},
		elemDotProduct: func(a, b []Elem) Elem {
			m := quads(len(a))
			var hi, lo uint64
			if m > 0 {
				hi, lo = elemDotY(vex, u64s(a), u64s(b), m)
			}
			for i := m; i < len(a); i++ {
				h, l := clmul(uint64(a[i]), uint64(b[i]))
				hi, lo = hi^h, lo^l
			}
			return Elem(reduce(hi, lo))
		},
	}
}
