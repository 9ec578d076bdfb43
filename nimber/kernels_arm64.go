//go:build arm64 && !purego

package nimber

import (
	"github.com/nimbers/grundy/internal/nimkern"
	"golang.org/x/sys/cpu"
)

// The arm64 tier "neon-pmull", for CPUs with Advanced SIMD and PMULL (the
// 64-bit carry-less multiply of the Armv8 crypto extension). Products in
// the polynomial basis use PMULL/PMULL2 and a reduction by PMULL, four
// elements a step (kernels_arm64.s). Nimber-basis kernels change basis
// with byte look-ups in assembly, one element at a time, around a PMULL
// product; a NEON TBL basis change is not used: TBL looks up 16-byte
// tables, so a 64×64 bit matrix takes 128 nibble look-ups per 16 elements
// from 2 KiB of tables that do not fit the 32 vector registers, more
// instructions than the 24 of the byte look-ups.

// hasNEONKernels reports whether this CPU runs the neon-pmull tier.
var hasNEONKernels = cpu.ARM64.HasASIMD && cpu.ARM64.HasPMULL

// cpuFeatures names the extensions the arm64 kernels look for, with
// whether this CPU has them.
func cpuFeatures() []nimkern.Feature {
	return []nimkern.Feature{
		{Name: "ASIMD", Present: cpu.ARM64.HasASIMD},
		{Name: "PMULL", Present: cpu.ARM64.HasPMULL},
	}
}

// buildKernels chooses the kernels; the assembly reads the byte tables of
// the basis changes directly.
func buildKernels(fromCols, toCols *[64]uint64) {
	chooseKernels()
	mulByPMULL = hasNEONKernels
}

// mulByPMULL is set once the byte tables of both basis changes are built,
// on CPUs with PMULL.
var mulByPMULL bool

// mul returns the nim-product x ⊗ y. Operands below 2^32 take mul32;
// others, with PMULL, go through the polynomial basis (mulPMULL), as
// mulCLMUL does on amd64: 24 look-ups in 32 KiB of byte tables instead of
// 28 in the 780 KiB of log/exp tables.
func mul(x, y uint64) uint64 {
	if mulByPMULL && (x|y)>>32 != 0 {
		return mulPMULL(x, y, &toElemMap[0][0], &fromElemMap[0][0])
	}
	return mul64(x, y)
}

// elemMul multiplies in the polynomial basis, with PMULL when present.
func elemMul(a, b uint64) uint64 {
	if hasNEONKernels {
		return elemMulPMULL(a, b)
	}
	return elemMulTables(a, b)
}

// availableKernels lists every implementation this machine can run.
// The fastest comes last.
func availableKernels() []*kernelSet {
	if hasNEONKernels {
		return []*kernelSet{&genericKernels, &neonKernels}
	}
	return []*kernelSet{&genericKernels}
}

// quads returns the length handled by the NEON kernels: whole groups of 4.
func quads(n int) int { return n &^ 3 }

var neonKernels = kernelSet{
	name: "neon-pmull",
	mulSlice: func(dst, a, b []Nimber) {
		if len(a) > 0 {
			mulSlicePMULL(u64s(dst), u64s(a), u64s(b), len(a), &toElemMap[0][0], &fromElemMap[0][0])
		}
	},
	mulConstSlice: func(dst []Nimber, c Nimber, a []Nimber) {
		if len(a) > 0 {
			mulConstPMULL(u64s(dst), u64s(a), len(a), uint64(ToElem(c)), &toElemMap[0][0], &fromElemMap[0][0], false)
		}
	},
	mulAddConstSlice: func(dst []Nimber, c Nimber, a []Nimber) {
		if len(a) > 0 {
			mulConstPMULL(u64s(dst), u64s(a), len(a), uint64(ToElem(c)), &toElemMap[0][0], &fromElemMap[0][0], true)
		}
	},
	dotProduct: func(a, b []Nimber) Nimber {
		if len(a) == 0 {
			return 0
		}
		hi, lo := dotPMULL(u64s(a), u64s(b), len(a), &toElemMap[0][0])
		return Elem(reduce(hi, lo)).Nimber()
	},
	toElemSlice: func(dst []Elem, a []Nimber) {
		if len(a) > 0 {
			convertTables(u64s(dst), u64s(a), len(a), &toElemMap[0][0])
		}
	},
	fromElemSlice: func(dst []Nimber, a []Elem) {
		if len(a) > 0 {
			convertTables(u64s(dst), u64s(a), len(a), &fromElemMap[0][0])
		}
	},
	elemMulSlice: func(dst, a, b []Elem) {
		m := quads(len(a))
		if m > 0 {
			elemMulNEON(u64s(dst), u64s(a), u64s(b), m, false)
		}
		for i := m; i < len(a); i++ {
			dst[i] = Elem(elemMulPMULL(uint64(a[i]), uint64(b[i])))
		}
	},
	elemMulAddSlice: func(dst, a, b []Elem) {
		m := quads(len(a))
		if m > 0 {
			elemMulNEON(u64s(dst), u64s(a), u64s(b), m, true)
		}
		for i := m; i < len(a); i++ {
			dst[i] ^= Elem(elemMulPMULL(uint64(a[i]), uint64(b[i])))
		}
	},
	xorSlice: func(dst, a, b []uint64) {
		m := len(a) &^ 7
		if m > 0 {
			xorNEON(u64s(dst), u64s(a), u64s(b), m)
		}
		for i := m; i < len(a); i++ {
			dst[i] = a[i] ^ b[i]
		}
	},
	butterfly: func(lo, hi []Elem, c Elem, inverse bool) {
		m := quads(len(lo))
		if m > 0 {
			butterflyNEON(u64s(lo), u64s(hi), m, uint64(c), inverse)
		}
		genericKernels.butterfly(lo[m:], hi[m:], c, inverse)
	},
	elemMulConstSlice: func(dst []Elem, c Elem, a []Elem) {
		m := quads(len(a))
		if m > 0 {
			elemMulConstNEON(u64s(dst), u64s(a), m, uint64(c), false)
		}
		for i := m; i < len(a); i++ {
			dst[i] = Elem(elemMulPMULL(uint64(c), uint64(a[i])))
		}
	},
	elemMulAddConstSlice: func(dst []Elem, c Elem, a []Elem) {
		m := quads(len(a))
		if m > 0 {
			elemMulConstNEON(u64s(dst), u64s(a), m, uint64(c), true)
		}
		for i := m; i < len(a); i++ {
			dst[i] ^= Elem(elemMulPMULL(uint64(c), uint64(a[i])))
		}
	},
	elemDotProduct: func(a, b []Elem) Elem {
		m := quads(len(a))
		var hi, lo uint64
		if m > 0 {
			hi, lo = elemDotNEON(u64s(a), u64s(b), m)
		}
		for i := m; i < len(a); i++ {
			h, l := clmul(uint64(a[i]), uint64(b[i]))
			hi, lo = hi^h, lo^l
		}
		return Elem(reduce(hi, lo))
	},
}

// elemMulPMULL returns a·b mod p(x) with one PMULL.
func elemMulPMULL(a, b uint64) uint64

// mulPMULL returns the nim-product of a and b: both go to the polynomial
// basis through the byte tables at to, PMULL and a reduction multiply
// them, and the byte tables at from bring the product back.
//
//go:noescape
func mulPMULL(a, b uint64, to, from *uint64) uint64

// mulSlicePMULL sets dst[i] = a[i] ⊗ b[i] for n > 0 nimbers, as mulPMULL.
//
//go:noescape
func mulSlicePMULL(dst, a, b *uint64, n int, to, from *uint64)

// mulConstPMULL sets (or, with accumulate, adds to) dst[i] the nim-product
// of the polynomial-basis constant c and the nimber a[i], for n > 0
// elements.
//
//go:noescape
func mulConstPMULL(dst, a *uint64, n int, c uint64, to, from *uint64, accumulate bool)

// dotPMULL returns the unreduced 128-bit sum of the carry-less products of
// the polynomial-basis forms of a[i] and b[i], for n > 0 nimbers.
//
//go:noescape
func dotPMULL(a, b *uint64, n int, to *uint64) (hi, lo uint64)

// convertTables applies the byteMap whose tables are at tab to n > 0
// words.
//
//go:noescape
func convertTables(dst, src *uint64, n int, tab *uint64)

// elemMulNEON sets (or, with accumulate, adds to) dst[i] the product
// a[i]·b[i] mod p(x), for n (a positive multiple of 4) elements.
//
//go:noescape
func elemMulNEON(dst, a, b *uint64, n int, accumulate bool)

// elemMulConstNEON sets (or, with accumulate, adds to) dst[i] the product
// c·a[i] mod p(x), for n (a positive multiple of 4) elements.
//
//go:noescape
func elemMulConstNEON(dst, a *uint64, n int, c uint64, accumulate bool)

// butterflyNEON applies the additive-FFT butterfly lo ^= c·hi, hi ^= lo
// (or, with inverse, hi ^= lo, lo ^= c·hi) to n (a positive multiple of 4)
// pairs.
//
//go:noescape
func butterflyNEON(lo, hi *uint64, n int, c uint64, inverse bool)

// elemDotNEON returns the unreduced 128-bit sum of the carry-less products
// a[i]·b[i], for n (a positive multiple of 4) elements.
//
//go:noescape
func elemDotNEON(a, b *uint64, n int) (hi, lo uint64)

// xorNEON sets dst[i] = a[i] ^ b[i] for n (a positive multiple of 8) words.
//
//go:noescape
func xorNEON(dst, a, b *uint64, n int)
