// Command kernels generates nimber/kernels_amd64.s, the AVX-512 and AVX2
// batch kernels of package nimber, with avo:
//
//	cd internal/asm && go run ./nimber -out ../../nimber/kernels_amd64.s -stubs ../../nimber/kernels_amd64_stubs.go -pkg nimber
//
// The kernels work eight 64-bit elements (one zmm register) at a time.
//
// Polynomial-basis products: VPCLMULQDQ gives 128-bit carry-less products
// of matching qwords, and the reduction modulo p(x) = x^64 + x^4 + x^3 +
// x + 1 is done with shifts, since x^64 ≡ x^4 + x^3 + x + 1.
//
// Basis changes are 64×64 bit matrices applied with GFNI: block (j, k) of
// the matrix is an 8×8 matrix taking byte k of the input to byte j of the
// output, which VGF2P8AFFINEQB applies to every byte of a qword. For each k,
// VPERMB gathers byte k of the eight inputs into every qword (lane j gets
// the bytes that block (j, k) needs), one VGF2P8AFFINEQB applies the eight
// blocks (j, k) at once, and the partial results are added; a last VPERMB
// transposes the 8×8 bytes back so that each qword is one output.
//
// avo v0.5 knows neither GFNI nor the zmm forms of VPCLMULQDQ: package
// isa emits them.
//
// The AVX2 kernels (avx2.go) work four elements (one ymm register) at a
// time, in two variants: suffix AVX2 multiplies with the ymm (VEX) form of
// VPCLMULQDQ, suffix AVX2CL with four xmm PCLMULQDQ and lane moves. Without
// VPTERNLOGQ the reduction folds the overflow first: with r = x^4 + x^3 +
// x + 1, the bits of h·r beyond x^63 are o = h>>63 ^ h>>61 ^ h>>60, and
// since o·r has degree below 8, h·x^64 ≡ the low 64 bits of (h ^ o)·r.
//
// The AVX2 basis change has neither GFNI nor VPERMB. It works on 32
// elements in byte-sliced form: a VPSHUFB in each register puts the bytes
// of the two elements of a 128-bit lane side by side (byte 2k+e is byte k
// of element e), and an 8×8 transpose of 16-bit words (three rounds of
// unpacks) leaves byte k of all 32 elements in register k. Output byte j
// is then the xor, over input byte k and nibble half h, of VPSHUFB looking
// the nibbles up in a 16-byte table of byte j of the images of the 16
// nibble values: 128 look-ups for 32 elements, from 2 KiB of tables a
// direction. The same transpose and the inverse byte shuffle go back.
// CPUs with GFNI but no AVX-512 replace the 128 look-ups by 64 VEX
// VGF2P8AFFINEQB, one a block (j, k) of the matrix (convertAVX2GFNI).
//
// mulCLMUL is the scalar nim-product for CPUs with PCLMULQDQ: eight byte
// look-ups take each operand to the polynomial basis, one PCLMULQDQ and
// the reduction multiply, and eight more bring the product back. Its 32
// KiB of tables stay in the cache where the 780 KiB of 16-bit log/exp
// tables do not.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/nimbers/grundy/internal/asm/isa"
)

// Offsets in the Go struct gfniTables (see kernels_amd64.go).
const (
	permOffset     = 0       // perm [9][64]byte
	toElemOffset   = 9 * 64  // toElem [8][8]uint64
	fromElemOffset = 17 * 64 // fromElem [8][8]uint64
)

// zregs are the first working registers, for unrolled loops.
var zregs = []VecPhysical{Z0, Z1, Z2, Z3}

// Registers holding the nine byte permutations while a kernel runs.
var perm = []VecPhysical{Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31, Z23}

// xor3 sets dst ^= a ^ b.
func xor3(a, b, dst Op) { VPTERNLOGQ(U8(0x96), a, b, dst) }

// loadPerms loads the nine byte permutations from the tables at t.
func loadPerms(t GPPhysical) {
	for k, z := range perm {
		VMOVDQU64(Mem{Base: t, Disp: permOffset + 64*k}, z)
	}
}

// convert applies the basis change whose eight matrices start at
// t + matOffset to the eight elements in x, leaving them in out. It uses
// t1 and t2, which, like out, must differ from x.
func convert(x, out, t1, t2 VecPhysical, t GPPhysical, matOffset int) {
	mat := func(k int) Mem { return Mem{Base: t, Disp: matOffset + 64*k} }
	// k = 0 goes to t2 first in case x == out.
	VPERMB(x, perm[0], t2)
	isa.Affine(mat(0), t2, t2)
	for k := 1; k < 8; k += 2 {
		VPERMB(x, perm[k], t1)
		isa.Affine(mat(k), t1, t1)
		if k+1 < 8 {
			VPERMB(x, perm[k+1], out)
			isa.Affine(mat(k+1), out, out)
			xor3(t1, out, t2)
		} else {
			VPXORQ(t1, t2, t2)
		}
	}
	VPERMB(t2, perm[8], out)
}

// mulPoly sets out to the products a[i]·b[i] mod p(x) of the eight pairs.
// It uses t1..t4; out may not alias a or b.
func mulPoly(a, b, out, t1, t2, t3, t4 VecPhysical) {
	isa.CLMUL(0x00, b, a, t1) // products of the even qwords, 128 bits each
	isa.CLMUL(0x11, b, a, t2) // products of the odd qwords
	VPUNPCKLQDQ(t2, t1, out)  // low halves, in element order
	VPUNPCKHQDQ(t2, t1, t1)   // high halves h
	reducePoly(t1, out, t2, t3, t4)
}

// reducePoly adds h·x^64 mod p(x) into lo, for the high halves h (which it
// destroys). It uses t2..t4.
func reducePoly(h, lo, t2, t3, t4 VecPhysical) {
	// Low 64 bits of h·(x^4 + x^3 + x + 1).
	VPSLLQ(U8(1), h, t2)
	xor3(h, t2, lo)
	VPSLLQ(U8(3), h, t2)
	VPSLLQ(U8(4), h, t3)
	xor3(t2, t3, lo)
	// The bits of h·(x^4 + x^3 + x + 1) beyond x^63, reduced once more.
	VPSRLQ(U8(63), h, t2)
	VPSRLQ(U8(61), h, t3)
	VPSRLQ(U8(60), h, t4)
	xor3(t3, t4, t2)
	VPSLLQ(U8(1), t2, t3)
	xor3(t2, t3, lo)
	VPSLLQ(U8(3), t2, t3)
	VPSLLQ(U8(4), t2, t4)
	xor3(t3, t4, lo)
}

// loop emits a loop over n (a multiple of 8, in register n) in steps of
// eight, calling body; the pointers in ptrs advance by 64 bytes a step.
func loop(name string, n GPPhysical, ptrs []GPPhysical, body func()) {
	Label(name + "_loop")
	CMPQ(n, Imm(8))
	JB(LabelRef(name + "_done"))
	body()
	for _, p := range ptrs {
		ADDQ(Imm(64), p)
	}
	SUBQ(Imm(8), n)
	JMP(LabelRef(name + "_loop"))
	Label(name + "_done")
}

func at(p GPPhysical) Mem { return Mem{Base: p} }

func main() {
	ConstraintExpr("amd64,!purego")

	// Basis change of eight elements at a time.
	TEXT("convertAVX512", NOSPLIT, "func(dst, src *uint64, n int, t *uint64, matOffset int)")
	Pragma("noescape")
	Doc("convertAVX512 applies the basis change at t+matOffset to n (a multiple of 8) elements.")
	{
		dst, src, n, t, off := RDI, RSI, RCX, R8, R9
		Load(Param("dst"), dst)
		Load(Param("src"), src)
		Load(Param("n"), n)
		Load(Param("t"), t)
		Load(Param("matOffset"), off)
		ADDQ(t, off) // matrices at off; permutations at t
		loadPerms(t)
		loop("convert", n, []GPPhysical{dst, src}, func() {
			VMOVDQU64(at(src), Z0)
			convert(Z0, Z1, Z2, Z3, off, 0)
			VMOVDQU64(Z1, at(dst))
		})
		VZEROUPPER()
		RET()
	}

	TEXT("elemMulAVX512", NOSPLIT, "func(dst, a, b *uint64, n int, accumulate bool)")
	Pragma("noescape")
	Doc("elemMulAVX512 sets (or, with accumulate, adds to) dst[i] the product a[i]·b[i] mod p(x), for n (a multiple of 8) elements.")
	{
		dst, a, b, n, acc := RDI, RSI, RDX, RCX, RBX
		Load(Param("dst"), dst)
		Load(Param("a"), a)
		Load(Param("b"), b)
		Load(Param("n"), n)
		Load(Param("accumulate"), acc)
		TESTB(acc.As8(), acc.As8())
		JNZ(LabelRef("elemmul_add"))
		loop("elemmul", n, []GPPhysical{dst, a, b}, func() {
			VMOVDQU64(at(a), Z0)
			VMOVDQU64(at(b), Z1)
			mulPoly(Z0, Z1, Z2, Z3, Z4, Z5, Z6)
			VMOVDQU64(Z2, at(dst))
		})
		VZEROUPPER()
		RET()
		Label("elemmul_add")
		loop("elemmuladdv", n, []GPPhysical{dst, a, b}, func() {
			VMOVDQU64(at(a), Z0)
			VMOVDQU64(at(b), Z1)
			mulPoly(Z0, Z1, Z2, Z3, Z4, Z5, Z6)
			VPXORQ(at(dst), Z2, Z2)
			VMOVDQU64(Z2, at(dst))
		})
		VZEROUPPER()
		RET()
	}

	TEXT("butterflyAVX512", NOSPLIT, "func(lo, hi *uint64, n int, c uint64, inverse bool)")
	Pragma("noescape")
	Doc("butterflyAVX512 applies the additive-FFT butterfly lo ^= c·hi, hi ^= lo (or, with inverse, its inverse hi ^= lo, lo ^= c·hi) to n (a multiple of 8) pairs.")
	{
		lo, hi, n, c, inv := RDI, RSI, RCX, RDX, RBX
		Load(Param("lo"), lo)
		Load(Param("hi"), hi)
		Load(Param("n"), n)
		Load(Param("c"), c)
		Load(Param("inverse"), inv)
		VPBROADCASTQ(c, Z7)
		TESTB(inv.As8(), inv.As8())
		JNZ(LabelRef("butterfly_inverse"))
		loop("butterfly", n, []GPPhysical{lo, hi}, func() {
			VMOVDQU64(at(lo), Z0)
			VMOVDQU64(at(hi), Z1)
			mulPoly(Z1, Z7, Z2, Z3, Z4, Z5, Z6)
			VPXORQ(Z2, Z0, Z0)
			VPXORQ(Z0, Z1, Z1)
			VMOVDQU64(Z0, at(lo))
			VMOVDQU64(Z1, at(hi))
		})
		VZEROUPPER()
		RET()
		Label("butterfly_inverse")
		loop("ibutterfly", n, []GPPhysical{lo, hi}, func() {
			VMOVDQU64(at(lo), Z0)
			VMOVDQU64(at(hi), Z1)
			VPXORQ(Z0, Z1, Z1)
			mulPoly(Z1, Z7, Z2, Z3, Z4, Z5, Z6)
			VPXORQ(Z2, Z0, Z0)
			VMOVDQU64(Z0, at(lo))
			VMOVDQU64(Z1, at(hi))
		})
		VZEROUPPER()
		RET()
	}

	TEXT("xorAVX512", NOSPLIT, "func(dst, a, b *uint64, n int)")
	Pragma("noescape")
	Doc("xorAVX512 sets dst[i] = a[i] ^ b[i] for n (a multiple of 8) words.")
	{
		dst, a, b, n := RDI, RSI, RDX, RCX
		Load(Param("dst"), dst)
		Load(Param("a"), a)
		Load(Param("b"), b)
		Load(Param("n"), n)
		// Four registers a step while 32 words remain, then one.
		Label("xor4_loop")
		CMPQ(n, Imm(32))
		JB(LabelRef("xor4_done"))
		for k := 0; k < 4; k++ {
			VMOVDQU64(Mem{Base: a, Disp: 64 * k}, VecPhysical(zregs[k]))
		}
		for k := 0; k < 4; k++ {
			VPXORQ(Mem{Base: b, Disp: 64 * k}, zregs[k], zregs[k])
			VMOVDQU64(zregs[k], Mem{Base: dst, Disp: 64 * k})
		}
		for _, p := range []GPPhysical{dst, a, b} {
			ADDQ(U32(256), p)
		}
		SUBQ(Imm(32), n)
		JMP(LabelRef("xor4_loop"))
		Label("xor4_done")
		loop("xor", n, []GPPhysical{dst, a, b}, func() {
			VMOVDQU64(at(a), Z0)
			VPXORQ(at(b), Z0, Z0)
			VMOVDQU64(Z0, at(dst))
		})
		VZEROUPPER()
		RET()
	}

	TEXT("elemMulConstAVX512", NOSPLIT, "func(dst, a *uint64, n int, c uint64, accumulate bool)")
	Pragma("noescape")
	Doc("elemMulConstAVX512 sets (or, with accumulate, adds to) dst[i] the product c·a[i] mod p(x), for n (a multiple of 8) elements.")
	{
		dst, a, n, c, acc := RDI, RSI, RCX, RDX, RBX
		Load(Param("dst"), dst)
		Load(Param("a"), a)
		Load(Param("n"), n)
		Load(Param("c"), c)
		Load(Param("accumulate"), acc)
		VPBROADCASTQ(c, Z7)
		TESTB(acc.As8(), acc.As8())
		JNZ(LabelRef("elemmulconst_add"))
		loop("elemmulconst", n, []GPPhysical{dst, a}, func() {
			VMOVDQU64(at(a), Z0)
			mulPoly(Z0, Z7, Z2, Z3, Z4, Z5, Z6)
			VMOVDQU64(Z2, at(dst))
		})
		VZEROUPPER()
		RET()
		Label("elemmulconst_add")
		loop("elemmuladd", n, []GPPhysical{dst, a}, func() {
			VMOVDQU64(at(a), Z0)
			mulPoly(Z0, Z7, Z2, Z3, Z4, Z5, Z6)
			VPXORQ(at(dst), Z2, Z2)
			VMOVDQU64(Z2, at(dst))
		})
		VZEROUPPER()
		RET()
	}

	TEXT("elemDotAVX512", NOSPLIT, "func(a, b *uint64, n int) (hi, lo uint64)")
	Pragma("noescape")
	Doc("elemDotAVX512 returns the unreduced 128-bit sum of the carry-less products a[i]·b[i], for n (a multiple of 8) elements.")
	{
		a, b, n := RSI, RDX, RCX
		Load(Param("a"), a)
		Load(Param("b"), b)
		Load(Param("n"), n)
		VPXORQ(Z8, Z8, Z8)
		loop("elemdot", n, []GPPhysical{a, b}, func() {
			VMOVDQU64(at(a), Z0)
			VMOVDQU64(at(b), Z1)
			isa.CLMUL(0x00, Z1, Z0, Z2)
			isa.CLMUL(0x11, Z1, Z0, Z3)
			xor3(Z2, Z3, Z8)
		})
		sum128(Z8)
		RET()
	}

	TEXT("mulSliceAVX512", NOSPLIT, "func(dst, a, b *uint64, n int, t *uint64)")
	Pragma("noescape")
	Doc("mulSliceAVX512 sets dst[i] = a[i] ⊗ b[i] for n (a multiple of 8) nimbers.")
	{
		dst, a, b, n, t := RDI, RSI, RDX, RCX, R8
		Load(Param("dst"), dst)
		Load(Param("a"), a)
		Load(Param("b"), b)
		Load(Param("n"), n)
		Load(Param("t"), t)
		loadPerms(t)
		loop("mulslice", n, []GPPhysical{dst, a, b}, func() {
			VMOVDQU64(at(a), Z0)
			VMOVDQU64(at(b), Z1)
			convert(Z0, Z10, Z2, Z3, t, toElemOffset)
			convert(Z1, Z11, Z4, Z5, t, toElemOffset)
			mulPoly(Z10, Z11, Z12, Z2, Z3, Z4, Z5)
			convert(Z12, Z13, Z2, Z3, t, fromElemOffset)
			VMOVDQU64(Z13, at(dst))
		})
		VZEROUPPER()
		RET()
	}

	TEXT("mulConstSliceAVX512", NOSPLIT, "func(dst, a *uint64, n int, c uint64, t *uint64, accumulate bool)")
	Pragma("noescape")
	Doc("mulConstSliceAVX512 sets (or, with accumulate, adds to) dst[i] the nim-product of the polynomial-basis constant c and the nimber a[i], for n (a multiple of 8) elements.")
	{
		dst, a, n, c, t, acc := RDI, RSI, RCX, RDX, R8, RBX
		Load(Param("dst"), dst)
		Load(Param("a"), a)
		Load(Param("n"), n)
		Load(Param("c"), c)
		Load(Param("t"), t)
		Load(Param("accumulate"), acc)
		loadPerms(t)
		VPBROADCASTQ(c, Z7)
		TESTB(acc.As8(), acc.As8())
		JNZ(LabelRef("mulconst_add"))
		loop("mulconst", n, []GPPhysical{dst, a}, func() {
			VMOVDQU64(at(a), Z0)
			convert(Z0, Z10, Z2, Z3, t, toElemOffset)
			mulPoly(Z10, Z7, Z12, Z2, Z3, Z4, Z5)
			convert(Z12, Z13, Z2, Z3, t, fromElemOffset)
			VMOVDQU64(Z13, at(dst))
		})
		VZEROUPPER()
		RET()
		Label("mulconst_add")
		loop("muladd", n, []GPPhysical{dst, a}, func() {
			VMOVDQU64(at(a), Z0)
			convert(Z0, Z10, Z2, Z3, t, toElemOffset)
			mulPoly(Z10, Z7, Z12, Z2, Z3, Z4, Z5)
			convert(Z12, Z13, Z2, Z3, t, fromElemOffset)
			VPXORQ(at(dst), Z13, Z13)
			VMOVDQU64(Z13, at(dst))
		})
		VZEROUPPER()
		RET()
	}

	TEXT("dotAVX512", NOSPLIT, "func(a, b *uint64, n int, t *uint64) (hi, lo uint64)")
	Pragma("noescape")
	Doc("dotAVX512 returns the unreduced 128-bit sum of the carry-less products of the polynomial-basis forms of a[i] and b[i], for n (a multiple of 8) nimbers.")
	{
		a, b, n, t := RSI, RDX, RCX, R8
		Load(Param("a"), a)
		Load(Param("b"), b)
		Load(Param("n"), n)
		Load(Param("t"), t)
		loadPerms(t)
		VPXORQ(Z8, Z8, Z8)
		loop("dot", n, []GPPhysical{a, b}, func() {
			VMOVDQU64(at(a), Z0)
			VMOVDQU64(at(b), Z1)
			convert(Z0, Z10, Z2, Z3, t, toElemOffset)
			convert(Z1, Z11, Z4, Z5, t, toElemOffset)
			isa.CLMUL(0x00, Z11, Z10, Z2)
			isa.CLMUL(0x11, Z11, Z10, Z3)
			xor3(Z2, Z3, Z8)
		})
		sum128(Z8)
		RET()
	}

	TEXT("elemMulCLMUL", NOSPLIT, "func(a, b uint64) uint64")
	Doc("elemMulCLMUL returns a·b mod p(x) with one PCLMULQDQ.")
	{
		a, b := RAX, RBX
		Load(Param("a"), a)
		Load(Param("b"), b)
		MOVQ(a, X0)
		MOVQ(b, X1)
		PCLMULQDQ(U8(0), X1, X0)
		MOVQ(X0, a)          // low half
		PEXTRQ(U8(1), X0, b) // high half h
		// a ^= h ^ h<<1 ^ h<<3 ^ h<<4; o = h>>63 ^ h>>61 ^ h>>60;
		// a ^= o ^ o<<1 ^ o<<3 ^ o<<4.
		h, o, s := RCX, RDX, RSI
		MOVQ(b, h)
		XORQ(h, a)
		for _, sh := range []uint8{1, 3, 4} {
			MOVQ(h, s)
			SHLQ(U8(sh), s)
			XORQ(s, a)
		}
		MOVQ(h, o)
		SHRQ(U8(63), o)
		for _, sh := range []uint8{61, 60} {
			MOVQ(h, s)
			SHRQ(U8(sh), s)
			XORQ(s, o)
		}
		XORQ(o, a)
		for _, sh := range []uint8{1, 3, 4} {
			MOVQ(o, s)
			SHLQ(U8(sh), s)
			XORQ(s, a)
		}
		Store(a, ReturnIndex(0))
		RET()
	}

	genAVX2()

	Generate()
}

// sum128 adds the four 128-bit lanes of z and stores the result as the
// return values hi and lo.
func sum128(z VecPhysical) {
	VEXTRACTI64X4(U8(1), z, Y9)
	VPXOR(Y9, z.AsY(), Y9)
	VEXTRACTI128(U8(1), Y9, X10)
	VPXOR(X10, X9, X10)
	MOVQ(X10, RAX)
	PEXTRQ(U8(1), X10, RBX)
	Store(RBX, ReturnIndex(0))
	Store(RAX, ReturnIndex(1))
	VZEROUPPER()
}
