//go:build amd64 && !purego

package nimber

import "unsafe"

// The AVX2 tiers: "avx2" multiplies with ymm VPCLMULQDQ (AMD Zen 3 and
// later, Intel Ice Lake and later), "avx2-pclmul" with xmm PCLMULQDQ (older
// AVX2 CPUs). Both change basis with VPSHUFB nibble tables (convertAVX2).
// Nimber-basis kernels convert a chunk into a stack buffer, work there in
// the polynomial basis, and convert back.

var (
	avx2Kernels       = avx2Set("avx2", true)
	avx2PclmulKernels = avx2Set("avx2-pclmul", false)
)

// chunk is the number of elements the nimber-basis kernels convert at a
// time: a multiple of 32, small enough for the stack buffers to stay in L1.
const chunk = 256

// Offsets of the nibble tables for convertAVX2.
var (
	toElemShuf   = int(unsafe.Offsetof(shuf.toElem))
	fromElemShuf = int(unsafe.Offsetof(shuf.fromElem))
)

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
// is set and xmm PCLMULQDQ otherwise.
func avx2Set(name string, vex bool) kernelSet {
	quads := func(n int) int { return n &^ 3 }
	convs := func(n int) int { return n &^ 31 }
	return kernelSet{
		name: name,
		mulSlice: func(dst, a, b []Nimber) {
			m := convs(len(a))
			var ea, eb [chunk]uint64
			for i := 0; i < m; i += chunk {
				c := min(chunk, m-i)
				convertAVX2(&ea[0], u64s(a[i:]), c, shuf.ptr(), toElemShuf)
				convertAVX2(&eb[0], u64s(b[i:]), c, shuf.ptr(), toElemShuf)
				elemMulY(vex, &ea[0], &ea[0], &eb[0], c, false)
				convertAVX2(u64s(dst[i:]), &ea[0], c, shuf.ptr(), fromElemShuf)
			}
			genericKernels.mulSlice(dst[m:], a[m:], b[m:])
		},
		mulConstSlice: func(dst []Nimber, c Nimber, a []Nimber) {
			m := convs(len(a))
			ce := uint64(ToElem(c))
			var ea [chunk]uint64
			for i := 0; i < m; i += chunk {
				n := min(chunk, m-i)
				convertAVX2(&ea[0], u64s(a[i:]), n, shuf.ptr(), toElemShuf)
				elemMulConstY(vex, &ea[0], &ea[0], n, ce, false)
				convertAVX2(u64s(dst[i:]), &ea[0], n, shuf.ptr(), fromElemShuf)
			}
			genericKernels.mulConstSlice(dst[m:], c, a[m:])
		},
		mulAddConstSlice: func(dst []Nimber, c Nimber, a []Nimber) {
			m := convs(len(a))
			ce := uint64(ToElem(c))
			var ea, eb [chunk]uint64
			for i := 0; i < m; i += chunk {
				n := min(chunk, m-i)
				convertAVX2(&ea[0], u64s(a[i:]), n, shuf.ptr(), toElemShuf)
				elemMulConstY(vex, &ea[0], &ea[0], n, ce, false)
				convertAVX2(&eb[0], &ea[0], n, shuf.ptr(), fromElemShuf)
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
				convertAVX2(&ea[0], u64s(a[i:]), n, shuf.ptr(), toElemShuf)
				convertAVX2(&eb[0], u64s(b[i:]), n, shuf.ptr(), toElemShuf)
				h, l := elemDotY(vex, &ea[0], &eb[0], n)
				hi, lo = hi^h, lo^l
			}
			s := Elem(reduce(hi, lo)).Nimber()
			return s ^ genericKernels.dotProduct(a[m:], b[m:])
		},
		toElemSlice: func(dst []Elem, a []Nimber) {
			m := convs(len(a))
			if m > 0 {
				convertAVX2(u64s(dst), u64s(a), m, shuf.ptr(), toElemShuf)
			}
			genericKernels.toElemSlice(dst[m:], a[m:])
		},
		fromElemSlice: func(dst []Nimber, a []Elem) {
			m := convs(len(a))
			if m > 0 {
				convertAVX2(u64s(dst), u64s(a), m, shuf.ptr(), fromElemShuf)
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
