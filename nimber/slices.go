package nimber

import (
	"os"
	"unsafe"

	"github.com/nimbers/grundy/internal/nimkern"
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
//
// The kernels in the polynomial basis (Elem) and the tiers themselves are
// not part of the API: grundy's packages built on nimber (nimpoly, nimmat,
// sps) and "grundy nim bench" reach them through internal/nimkern, which
// register fills in.

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

	shared *nimkern.Set // the set on words, made once by share
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
	register()
}

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
func MulSlice(dst, a, b []Nimber) {
	checkLen3("MulSlice", len(dst), len(a), len(b))
	kernels.mulSlice(dst[:len(a)], a, b)
}

// MulConstSlice sets dst[i] = c ⊗ a[i] for every i < len(a). dst may be a.
// It panics if len(dst) < len(a).
func MulConstSlice(dst []Nimber, c Nimber, a []Nimber) {
	checkLen2("MulConstSlice", len(dst), len(a))
	kernels.mulConstSlice(dst[:len(a)], c, a)
}

// DotProduct returns the nim-sum of a[i] ⊗ b[i]. It panics if
// len(a) ≠ len(b).
func DotProduct(a, b []Nimber) Nimber {
	checkLen3("DotProduct", len(a), len(a), len(b))
	return kernels.dotProduct(a, b)
}

// as views 64-bit words as a slice of nimbers or elements.
func as[T ~uint64](s []uint64) []T {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*T)(unsafe.Pointer(&s[0])), len(s))
}

// share returns k on words, for package nimkern.
func (k *kernelSet) share() *nimkern.Set {
	if k.shared != nil {
		return k.shared
	}
	k.shared = &nimkern.Set{
		Name:     k.name,
		MulSlice: func(dst, a, b []uint64) { k.mulSlice(as[Nimber](dst), as[Nimber](a), as[Nimber](b)) },
		MulAddConstSlice: func(dst []uint64, c uint64, a []uint64) {
			k.mulAddConstSlice(as[Nimber](dst), Nimber(c), as[Nimber](a))
		},
		DotProduct:      func(a, b []uint64) uint64 { return uint64(k.dotProduct(as[Nimber](a), as[Nimber](b))) },
		ToElemSlice:     func(dst, a []uint64) { k.toElemSlice(as[Elem](dst), as[Nimber](a)) },
		FromElemSlice:   func(dst, a []uint64) { k.fromElemSlice(as[Nimber](dst), as[Elem](a)) },
		ElemMulSlice:    func(dst, a, b []uint64) { k.elemMulSlice(as[Elem](dst), as[Elem](a), as[Elem](b)) },
		ElemMulAddSlice: func(dst, a, b []uint64) { k.elemMulAddSlice(as[Elem](dst), as[Elem](a), as[Elem](b)) },
		XorSlice:        k.xorSlice,
		Butterfly: func(lo, hi []uint64, c uint64, inverse bool) {
			k.butterfly(as[Elem](lo), as[Elem](hi), Elem(c), inverse)
		},
		ElemMulConstSlice: func(dst []uint64, c uint64, a []uint64) {
			k.elemMulConstSlice(as[Elem](dst), Elem(c), as[Elem](a))
		},
		ElemMulAddConstSlice: func(dst []uint64, c uint64, a []uint64) {
			k.elemMulAddConstSlice(as[Elem](dst), Elem(c), as[Elem](a))
		},
	}
	return k.shared
}

// tiers returns every implementation this CPU runs, slowest first and the
// one in use last.
func tiers() []*kernelSet {
	var out []*kernelSet
	for _, k := range availableKernels() {
		if k != kernels {
			out = append(out, k)
		}
	}
	return append(out, kernels)
}

// register hands the kernels in use to package nimkern.
func register() {
	nimkern.Register(nimkern.Hooks{
		Active: kernels.share(),
		Tiers: func() []*nimkern.Set {
			var out []*nimkern.Set
			for _, k := range tiers() {
				out = append(out, k.share())
			}
			return out
		},
		Features: cpuFeatures,
		MulLoop: func(dst, a, b []uint64) {
			for i := range a {
				dst[i] = uint64(Nimber(a[i]).Mul(Nimber(b[i])))
			}
		},
		ParseBytes: func(b []byte) (uint64, error) {
			v, err := parseBytes(b)
			return uint64(v), err
		},
	})
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
