package nimber

import (
	"os"
	"unsafe"
)

// Batch operations on slices. Each has a pure-Go implementation and, on
// amd64, assembly ones (tiers): "avx512" (AVX-512 with VBMI, GFNI and
// VPCLMULQDQ, eight elements a step), "avx2-gfni" (AVX2 with the VEX forms
// of GFNI and VPCLMULQDQ), "avx2" (AVX2 with the ymm form of VPCLMULQDQ)
// and "avx2-pclmul" (AVX2 with xmm PCLMULQDQ); the AVX2 tiers work four
// elements a step, 32 in basis changes. On arm64 the tier "neon-pmull"
// (Advanced SIMD with PMULL) multiplies four elements a step. The fastest
// tier the CPU runs is chosen once at start-up; the environment variable
// GRUNDY_KERNELS (purego, avx2-pclmul, avx2, avx2-gfni, avx512 or
// neon-pmull) forces another, when the CPU runs it. Every tier gives
// identical results.
//
// Lengths are the caller's business, as with copy: these functions panic
// when dst is shorter than the input or the inputs differ in length.

// kernelSet is one implementation of every batch operation. The functions
// may assume the lengths were checked.
type kernelSet struct {
	name string

	mulSlice         func(dst, a, b []Nimber)
	mulConstSlice    func(dst []Nimber, c Nimber, a []Nimber)
	mulAddConstSlice func(dst []Nimber, c Nimber, a []Nimber)
	dotProduct       func(a, b []Nimber) Nimber

	toElemSlice   func(dst []Elem, a []Nimber)
	fromElemSlice func(dst []Nimber, a []Elem)

	elemMulSlice         func(dst, a, b []Elem)
	elemMulAddSlice      func(dst, a, b []Elem)
	xorSlice             func(dst, a, b []uint64)
	butterfly            func(lo, hi []Elem, c Elem, inverse bool)
	elemMulConstSlice    func(dst []Elem, c Elem, a []Elem)
	elemMulAddConstSlice func(dst []Elem, c Elem, a []Elem)
	elemDotProduct       func(a, b []Elem) Elem
}

// kernels is the implementation in use, chosen once at start-up.
var kernels = &genericKernels

// chooseKernels sets kernels to the tier named by GRUNDY_KERNELS when this
// CPU runs it, and otherwise to the fastest tier it runs.
func chooseKernels() {
	avail := availableKernels()
	kernels = avail[len(avail)-1]
	want := os.Getenv("GRUNDY_KERNELS")
	for _, k := range avail {
		if k.name == want {
			kernels = k
		}
	}
}

// A Feature is an instruction-set extension the kernels look for, and
// whether this CPU has it.
type Feature struct {
	Name    string
	Present bool
}

// CPUFeatures returns the extensions the assembly tiers look for, with
// whether this CPU has them; nil without assembly (other architectures,
// or the purego build tag).
func CPUFeatures() []Feature { return cpuFeatures() }

func checkLen2(op string, dst, a int) {
	if dst < a {
		panic("nimber: " + op + ": dst shorter than the input")
	}
}

func checkLen3(op string, dst, a, b int) {
	if a != b {
		panic("nimber: " + op + ": inputs of different lengths")
	}
	checkLen2(op, dst, a)
}

// MulSlice sets dst[i] = a[i] ⊗ b[i] for every i < len(a). dst may be a or
// b. It panics if len(a) ≠ len(b) or len(dst) < len(a).
func MulSlice(dst, a, b []Nimber) { Impl{kernels}.MulSlice(dst, a, b) }

// MulConstSlice sets dst[i] = c ⊗ a[i] for every i < len(a). dst may be a.
// It panics if len(dst) < len(a).
func MulConstSlice(dst []Nimber, c Nimber, a []Nimber) {
	checkLen2("MulConstSlice", len(dst), len(a))
	kernels.mulConstSlice(dst[:len(a)], c, a)
}

// DotProduct returns the nim-sum of a[i] ⊗ b[i]. It panics if
// len(a) ≠ len(b).
func DotProduct(a, b []Nimber) Nimber { return Impl{kernels}.DotProduct(a, b) }

// SquareSlice sets dst[i] = a[i] ⊗ a[i]. It panics if len(dst) < len(a).
func SquareSlice(dst, a []Nimber) {
	checkLen2("SquareSlice", len(dst), len(a))
	for i, x := range a {
		dst[i] = x.Square()
	}
}

// InvSlice sets dst[i] to the inverse of a[i] (0 for 0) with Montgomery's
// trick: one inversion and three products per element. dst may be a. It
// panics if len(dst) < len(a).
func InvSlice(dst, a []Nimber) {
	checkLen2("InvSlice", len(dst), len(a))
	// prefix[i] is the product of the non-zero a[j], j < i.
	prefix := make([]Nimber, len(a))
	acc := Nimber(1)
	for i, x := range a {
		prefix[i] = acc
		if x != 0 {
			acc = acc.Mul(x)
		}
	}
	inv := acc.Inv() // the inverse of the product of every non-zero a[j]
	for i := len(a) - 1; i >= 0; i-- {
		x := a[i]
		if x == 0 {
			dst[i] = 0
			continue
		}
		dst[i] = inv.Mul(prefix[i])
		inv = inv.Mul(x)
	}
}

// ToElemSlice sets dst[i] = ToElem(a[i]). It panics if len(dst) < len(a).
func ToElemSlice(dst []Elem, a []Nimber) {
	checkLen2("ToElemSlice", len(dst), len(a))
	kernels.toElemSlice(dst[:len(a)], a)
}

// FromElemSlice sets dst[i] = a[i].Nimber(). It panics if len(dst) < len(a).
func FromElemSlice(dst []Nimber, a []Elem) {
	checkLen2("FromElemSlice", len(dst), len(a))
	kernels.fromElemSlice(dst[:len(a)], a)
}

// ElemMulSlice sets dst[i] = a[i]·b[i] in the polynomial basis. It panics
// if len(a) ≠ len(b) or len(dst) < len(a).
func ElemMulSlice(dst, a, b []Elem) { Impl{kernels}.ElemMulSlice(dst, a, b) }

// ElemMulAddSlice sets dst[i] ^= a[i]·b[i]. It panics if len(a) ≠ len(b)
// or len(dst) < len(a).
func ElemMulAddSlice(dst, a, b []Elem) {
	checkLen3("ElemMulAddSlice", len(dst), len(a), len(b))
	kernels.elemMulAddSlice(dst[:len(a)], a, b)
}

// ElemButterfly applies the butterfly of the additive FFT to the pairs
// (lo[i], hi[i]): lo[i] ^= c·hi[i], then hi[i] ^= lo[i]. With inverse it
// applies the inverse: hi[i] ^= lo[i], then lo[i] ^= c·hi[i]. It panics if
// len(lo) ≠ len(hi).
func ElemButterfly(lo, hi []Elem, c Elem, inverse bool) {
	checkLen3("ElemButterfly", len(lo), len(lo), len(hi))
	kernels.butterfly(lo, hi, c, inverse)
}

// AddSlice sets dst[i] = a[i] ⊕ b[i]. dst may be a or b. It panics if
// len(a) ≠ len(b) or len(dst) < len(a).
func AddSlice(dst, a, b []Nimber) {
	checkLen3("AddSlice", len(dst), len(a), len(b))
	kernels.xorSlice(words(dst[:len(a)]), words(a), words(b))
}

// ElemAddSlice sets dst[i] = a[i] + b[i] (exclusive or, as AddSlice). It
// panics if len(a) ≠ len(b) or len(dst) < len(a).
func ElemAddSlice(dst, a, b []Elem) {
	checkLen3("ElemAddSlice", len(dst), len(a), len(b))
	kernels.xorSlice(words(dst[:len(a)]), words(a), words(b))
}

// words views a slice of nimbers or elements as its 64-bit words.
func words[T ~uint64](s []T) []uint64 {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*uint64)(unsafe.Pointer(&s[0])), len(s))
}

// ElemMulConstSlice sets dst[i] = c·a[i]. It panics if len(dst) < len(a).
func ElemMulConstSlice(dst []Elem, c Elem, a []Elem) {
	checkLen2("ElemMulConstSlice", len(dst), len(a))
	kernels.elemMulConstSlice(dst[:len(a)], c, a)
}

// ElemMulAddConstSlice sets dst[i] ^= c·a[i]: the row operation of Gaussian
// elimination in the polynomial basis. It panics if len(dst) < len(a).
func ElemMulAddConstSlice(dst []Elem, c Elem, a []Elem) {
	Impl{kernels}.ElemMulAddConstSlice(dst, c, a)
}

// ElemDotProduct returns the sum of a[i]·b[i]. It panics if
// len(a) ≠ len(b).
func ElemDotProduct(a, b []Elem) Elem {
	checkLen3("ElemDotProduct", len(a), len(a), len(b))
	return kernels.elemDotProduct(a, b)
}

// An Impl is one implementation of the batch operations, for comparing
// them (as "grundy nim bench" does). The package functions use the fastest
// one the CPU runs, or the one GRUNDY_KERNELS names.
type Impl struct{ k *kernelSet }

// Impls returns every implementation this CPU runs, slowest first and the
// one the package functions use last: "purego" everywhere; on amd64
// "avx2-pclmul" with AVX2 and PCLMULQDQ, "avx2" with AVX2 and VPCLMULQDQ,
// "avx2-gfni" with AVX2, VPCLMULQDQ and GFNI, and "avx512" with AVX-512
// (F, BW, VL, VBMI), GFNI and VPCLMULQDQ; on arm64 "neon-pmull" with
// Advanced SIMD and PMULL.
func Impls() []Impl {
	var out []Impl
	for _, k := range availableKernels() {
		if k != kernels {
			out = append(out, Impl{k})
		}
	}
	return append(out, Impl{kernels})
}

// Name returns the implementation's name.
func (m Impl) Name() string { return m.k.name }

// MulSlice is MulSlice with this implementation.
func (m Impl) MulSlice(dst, a, b []Nimber) {
	checkLen3("MulSlice", len(dst), len(a), len(b))
	m.k.mulSlice(dst[:len(a)], a, b)
}

// MulAddConstSlice sets dst[i] ^= c ⊗ a[i] for every i < len(a), the row
// operation of Gaussian elimination, with this implementation. It panics
// if len(dst) < len(a).
func (m Impl) MulAddConstSlice(dst []Nimber, c Nimber, a []Nimber) {
	checkLen2("MulAddConstSlice", len(dst), len(a))
	m.k.mulAddConstSlice(dst[:len(a)], c, a)
}

// DotProduct is DotProduct with this implementation.
func (m Impl) DotProduct(a, b []Nimber) Nimber {
	checkLen3("DotProduct", len(a), len(a), len(b))
	return m.k.dotProduct(a, b)
}

// ElemMulSlice is ElemMulSlice with this implementation.
func (m Impl) ElemMulSlice(dst, a, b []Elem) {
	checkLen3("ElemMulSlice", len(dst), len(a), len(b))
	m.k.elemMulSlice(dst[:len(a)], a, b)
}

// ElemMulAddConstSlice is ElemMulAddConstSlice with this implementation.
func (m Impl) ElemMulAddConstSlice(dst []Elem, c Elem, a []Elem) {
	checkLen2("ElemMulAddConstSlice", len(dst), len(a))
	m.k.elemMulAddConstSlice(dst[:len(a)], c, a)
}

// genericKernels is the pure-Go implementation.
var genericKernels = kernelSet{
	name: "purego",
	mulSlice: func(dst, a, b []Nimber) {
		for i := range a {
			dst[i] = a[i].Mul(b[i])
		}
	},
	mulConstSlice: func(dst []Nimber, c Nimber, a []Nimber) {
		for i := range a {
			dst[i] = c.Mul(a[i])
		}
	},
	mulAddConstSlice: func(dst []Nimber, c Nimber, a []Nimber) {
		for i := range a {
			dst[i] ^= c.Mul(a[i])
		}
	},
	dotProduct: func(a, b []Nimber) Nimber {
		var s Nimber
		for i := range a {
			s ^= a[i].Mul(b[i])
		}
		return s
	},
	toElemSlice: func(dst []Elem, a []Nimber) {
		for i, x := range a {
			dst[i] = ToElem(x)
		}
	},
	fromElemSlice: func(dst []Nimber, a []Elem) {
		for i, x := range a {
			dst[i] = x.Nimber()
		}
	},
	elemMulSlice: func(dst, a, b []Elem) {
		for i := range a {
			dst[i] = Elem(elemMul(uint64(a[i]), uint64(b[i])))
		}
	},
	elemMulAddSlice: func(dst, a, b []Elem) {
		for i := range a {
			dst[i] ^= Elem(elemMul(uint64(a[i]), uint64(b[i])))
		}
	},
	xorSlice: func(dst, a, b []uint64) {
		for i := range a {
			dst[i] = a[i] ^ b[i]
		}
	},
	butterfly: func(lo, hi []Elem, c Elem, inverse bool) {
		hi = hi[:len(lo)]
		for i := range lo {
			if inverse {
				hi[i] ^= lo[i]
				lo[i] ^= Elem(elemMul(uint64(c), uint64(hi[i])))
			} else {
				lo[i] ^= Elem(elemMul(uint64(c), uint64(hi[i])))
				hi[i] ^= lo[i]
			}
		}
	},
	elemMulConstSlice: func(dst []Elem, c Elem, a []Elem) {
		for i := range a {
			dst[i] = Elem(elemMul(uint64(c), uint64(a[i])))
		}
	},
	elemMulAddConstSlice: func(dst []Elem, c Elem, a []Elem) {
		for i := range a {
			dst[i] ^= Elem(elemMul(uint64(c), uint64(a[i])))
		}
	},
	elemDotProduct: func(a, b []Elem) Elem {
		var s uint64
		for i := range a {
			s ^= elemMul(uint64(a[i]), uint64(b[i]))
		}
		return Elem(s)
	},
}
