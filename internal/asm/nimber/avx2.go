package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/nimbers/grundy/internal/asm/isa"
)

// Offsets in the Go struct shufTables (see kernels_amd64.go). The
// nibble tables follow at 96; the Go side passes their offsets.
const (
	shufPermOffset   = 0  // perm [32]byte
	shufUnpermOffset = 32 // unperm [32]byte
	shufMaskOffset   = 64 // mask [32]byte
)

const (
	blockAVX2      = 4        // elements in a ymm register
	convertBlock   = 32       // elements per step of the basis change
	localBytes     = 8 * 32   // the byte slices, spilled by convertAVX2
	variantVPCLMUL = "AVX2"   // kernels with ymm VPCLMULQDQ
	variantPCLMUL  = "AVX2CL" // kernels with xmm PCLMULQDQ, lane by lane
	clmulLo        = 0x00     // VPCLMULQDQ: the even qwords
	clmulHi        = 0x11     // VPCLMULQDQ: the odd qwords
)

// clmulY sets lo to the carry-less products of the even qwords of a and b
// (128 bits each, one per lane) and hi to those of the odd qwords. With
// vex it uses ymm VPCLMULQDQ; without, four xmm PCLMULQDQ and the scratch
// register t. lo, hi and t must differ from a and b.
func clmulY(vex bool, a, b, lo, hi, t VecPhysical) {
	if vex {
		isa.CLMULY(clmulLo, b, a, lo)
		isa.CLMULY(clmulHi, b, a, hi)
		return
	}
	// Upper lanes: a's in lo (for now), b's in t.
	VEXTRACTI128(U8(1), a, lo.AsX())
	VEXTRACTI128(U8(1), b, t.AsX())
	VPCLMULQDQ(U8(clmulHi), t.AsX(), lo.AsX(), hi.AsX())
	VPCLMULQDQ(U8(clmulLo), t.AsX(), lo.AsX(), t.AsX())
	VPCLMULQDQ(U8(clmulLo), b.AsX(), a.AsX(), lo.AsX())
	VINSERTI128(U8(1), t.AsX(), lo, lo)
	VPCLMULQDQ(U8(clmulHi), b.AsX(), a.AsX(), t.AsX())
	VINSERTI128(U8(1), hi.AsX(), t, hi)
}

// mulPolyY sets out to the products a[i]·b[i] mod p(x) of four pairs. It
// uses t1..t3; out may not alias a or b.
func mulPolyY(vex bool, a, b, out, t1, t2, t3 VecPhysical) {
	clmulY(vex, a, b, t1, t2, t3)
	VPUNPCKLQDQ(t2, t1, out) // low halves, in element order
	VPUNPCKHQDQ(t2, t1, t1)  // high halves h
	reducePolyY(t1, out, t2, t3)
}

// reducePolyY adds h·x^64 mod p(x) into lo, for the high halves h (which it
// destroys). It folds the overflow first: with r = x^4 + x^3 + x + 1, the
// bits of h·r beyond x^63 are o = h>>63 ^ h>>61 ^ h>>60, and o·r has
// degree below 8, so h·x^64 ≡ the low 64 bits of (h ^ o)·r. Both factor:
// h>>61 ^ h>>60 = (h ^ h>>1)>>60, and r = (1 + x)(1 + x^3). It uses t2, t3.
func reducePolyY(h, lo, t2, t3 VecPhysical) {
	VPSRLQ(U8(1), h, t2)
	VPXOR(h, t2, t2)
	VPSRLQ(U8(60), t2, t2)
	VPSRLQ(U8(63), h, t3)
	VPXOR(t3, t2, t2)
	VPXOR(t2, h, h) // h ^ o
	VPSLLQ(U8(1), h, t2)
	VPXOR(h, t2, t2) // (h ^ o)(1 + x)
	VPSLLQ(U8(3), t2, t3)
	VPXOR(t3, t2, t2) // (h ^ o)(1 + x)(1 + x^3)
	VPXOR(t2, lo, lo)
}

// loopY emits a loop over n (a multiple of step, in register n) in steps
// of step elements, calling body; the pointers advance by 8·step bytes.
func loopY(name string, step int, n GPPhysical, ptrs []GPPhysical, body func()) {
	Label(name + "_loop")
	CMPQ(n, U32(step))
	JB(LabelRef(name + "_done"))
	body()
	for _, p := range ptrs {
		ADDQ(U32(8*step), p)
	}
	SUBQ(U32(step), n)
	JMP(LabelRef(name + "_loop"))
	Label(name + "_done")
}

// genPolyAVX2 emits the polynomial-basis kernels of one AVX2 variant:
// suffix "AVX2" uses ymm VPCLMULQDQ, "AVX2CL" xmm PCLMULQDQ.
func genPolyAVX2(suffix string) {
	vex := suffix == variantVPCLMUL
	how := "ymm VPCLMULQDQ"
	if !vex {
		how = "xmm PCLMULQDQ"
	}
	name := func(s string) string { return s + suffix }

	TEXT(name("elemMul"), NOSPLIT, "func(dst, a, b *uint64, n int, accumulate bool)")
	Pragma("noescape")
	Doc(name("elemMul") + " sets (or, with accumulate, adds to) dst[i] the product a[i]·b[i] mod p(x), for n (a multiple of 4) elements, with " + how + ".")
	{
		dst, a, b, n, acc := RDI, RSI, RDX, RCX, RBX
		Load(Param("dst"), dst)
		Load(Param("a"), a)
		Load(Param("b"), b)
		Load(Param("n"), n)
		Load(Param("accumulate"), acc)
		l := name("elemmul")
		TESTB(acc.As8(), acc.As8())
		JNZ(LabelRef(l + "_add"))
		loopY(l, blockAVX2, n, []GPPhysical{dst, a, b}, func() {
			VMOVDQU(at(a), Y0)
			VMOVDQU(at(b), Y1)
			mulPolyY(vex, Y0, Y1, Y2, Y3, Y4, Y5)
			VMOVDQU(Y2, at(dst))
		})
		VZEROUPPER()
		RET()
		Label(l + "_add")
		loopY(l+"add", blockAVX2, n, []GPPhysical{dst, a, b}, func() {
			VMOVDQU(at(a), Y0)
			VMOVDQU(at(b), Y1)
			mulPolyY(vex, Y0, Y1, Y2, Y3, Y4, Y5)
			VPXOR(at(dst), Y2, Y2)
			VMOVDQU(Y2, at(dst))
		})
		VZEROUPPER()
		RET()
	}

	TEXT(name("elemMulConst"), NOSPLIT, "func(dst, a *uint64, n int, c uint64, accumulate bool)")
	Pragma("noescape")
	Doc(name("elemMulConst") + " sets (or, with accumulate, adds to) dst[i] the product c·a[i] mod p(x), for n (a multiple of 4) elements, with " + how + ".")
	{
		dst, a, n, c, acc := RDI, RSI, RCX, RDX, RBX
		Load(Param("dst"), dst)
		Load(Param("a"), a)
		Load(Param("n"), n)
		Load(Param("c"), c)
		Load(Param("accumulate"), acc)
		MOVQ(c, X7)
		VPBROADCASTQ(X7, Y7)
		l := name("elemmulconst")
		TESTB(acc.As8(), acc.As8())
		JNZ(LabelRef(l + "_add"))
		loopY(l, blockAVX2, n, []GPPhysical{dst, a}, func() {
			VMOVDQU(at(a), Y0)
			mulPolyY(vex, Y0, Y7, Y2, Y3, Y4, Y5)
			VMOVDQU(Y2, at(dst))
		})
		VZEROUPPER()
		RET()
		Label(l + "_add")
		loopY(l+"add", blockAVX2, n, []GPPhysical{dst, a}, func() {
			VMOVDQU(at(a), Y0)
			mulPolyY(vex, Y0, Y7, Y2, Y3, Y4, Y5)
			VPXOR(at(dst), Y2, Y2)
			VMOVDQU(Y2, at(dst))
		})
		VZEROUPPER()
		RET()
	}

	TEXT(name("butterfly"), NOSPLIT, "func(lo, hi *uint64, n int, c uint64, inverse bool)")
	Pragma("noescape")
	Doc(name("butterfly") + " applies the additive-FFT butterfly lo ^= c·hi, hi ^= lo (or, with inverse, hi ^= lo, lo ^= c·hi) to n (a multiple of 4) pairs, with " + how + ".")
	{
		lo, hi, n, c, inv := RDI, RSI, RCX, RDX, RBX
		Load(Param("lo"), lo)
		Load(Param("hi"), hi)
		Load(Param("n"), n)
		Load(Param("c"), c)
		Load(Param("inverse"), inv)
		MOVQ(c, X7)
		VPBROADCASTQ(X7, Y7)
		l := name("butterfly")
		TESTB(inv.As8(), inv.As8())
		JNZ(LabelRef(l + "_inverse"))
		loopY(l, blockAVX2, n, []GPPhysical{lo, hi}, func() {
			VMOVDQU(at(lo), Y0)
			VMOVDQU(at(hi), Y1)
			mulPolyY(vex, Y1, Y7, Y2, Y3, Y4, Y5)
			VPXOR(Y2, Y0, Y0)
			VPXOR(Y0, Y1, Y1)
			VMOVDQU(Y0, at(lo))
			VMOVDQU(Y1, at(hi))
		})
		VZEROUPPER()
		RET()
		Label(l + "_inverse")
		loopY(l+"inv", blockAVX2, n, []GPPhysical{lo, hi}, func() {
			VMOVDQU(at(lo), Y0)
			VMOVDQU(at(hi), Y1)
			VPXOR(Y0, Y1, Y1)
			mulPolyY(vex, Y1, Y7, Y2, Y3, Y4, Y5)
			VPXOR(Y2, Y0, Y0)
			VMOVDQU(Y0, at(lo))
			VMOVDQU(Y1, at(hi))
		})
		VZEROUPPER()
		RET()
	}

	TEXT(name("elemDot"), NOSPLIT, "func(a, b *uint64, n int) (hi, lo uint64)")
	Pragma("noescape")
	Doc(name("elemDot") + " returns the unreduced 128-bit sum of the carry-less products a[i]·b[i], for n (a multiple of 4) elements, with " + how + ".")
	{
		a, b, n := RSI, RDX, RCX
		Load(Param("a"), a)
		Load(Param("b"), b)
		Load(Param("n"), n)
		VPXOR(Y8, Y8, Y8)
		loopY(name("elemdot"), blockAVX2, n, []GPPhysical{a, b}, func() {
			VMOVDQU(at(a), Y0)
			VMOVDQU(at(b), Y1)
			clmulY(vex, Y0, Y1, Y2, Y3, Y4)
			VPXOR(Y2, Y8, Y8)
			VPXOR(Y3, Y8, Y8)
		})
		VEXTRACTI128(U8(1), Y8, X9)
		VPXOR(X9, X8, X8)
		MOVQ(X8, RAX)
		VPEXTRQ(U8(1), X8, RBX)
		Store(RBX, ReturnIndex(0))
		Store(RAX, ReturnIndex(1))
		VZEROUPPER()
		RET()
	}
}

// transposeWords transposes, in each 128-bit lane, the 8×8 matrix of
// 16-bit words held in r (row i in r[i]): afterwards t[k] holds word k of
// every row, and r holds scratch.
func transposeWords(r, t []VecPhysical) {
	// Interleave words, then dwords, then qwords (the usual three stages).
	for i := 0; i < 8; i += 2 {
		VPUNPCKLWD(r[i+1], r[i], t[i])
		VPUNPCKHWD(r[i+1], r[i], t[i+1])
	}
	// t[0] = words 0..3 of rows 0,1 interleaved; t[1] = words 4..7; etc.
	for h := 0; h < 8; h += 4 {
		VPUNPCKLDQ(t[h+2], t[h], r[h])
		VPUNPCKHDQ(t[h+2], t[h], r[h+1])
		VPUNPCKLDQ(t[h+3], t[h+1], r[h+2])
		VPUNPCKHDQ(t[h+3], t[h+1], r[h+3])
	}
	// r[h+m] now holds words 2m, 2m+1 of rows h..h+3.
	for m := 0; m < 4; m++ {
		VPUNPCKLQDQ(r[4+m], r[m], t[2*m])
		VPUNPCKHQDQ(r[4+m], r[m], t[2*m+1])
	}
}

// genConvertAVX2 emits convertAVX2, the basis change with VPSHUFB nibble
// look-ups, or with gfni convertAVX2GFNI, with VEX VGF2P8AFFINEQB.
func genConvertAVX2(gfni bool) {
	if gfni {
		TEXT("convertAVX2GFNI", NOSPLIT, "func(dst, src *uint64, n int, t *uint64, matOffset int)")
		Pragma("noescape")
		Doc("convertAVX2GFNI applies the basis change whose 8×8 blocks (each repeated in four qwords) are at t+matOffset to n (a multiple of 32) elements.")
	} else {
		TEXT("convertAVX2", NOSPLIT, "func(dst, src *uint64, n int, t *uint64, matOffset int)")
		Pragma("noescape")
		Doc("convertAVX2 applies the basis change whose nibble tables are at t+matOffset to n (a multiple of 32) elements.")
	}
	{
		dst, src, n, t, mat := RDI, RSI, RCX, R8, R9
		Load(Param("dst"), dst)
		Load(Param("src"), src)
		Load(Param("n"), n)
		Load(Param("t"), t)
		Load(Param("matOffset"), mat)
		ADDQ(t, mat)
		var slices Mem
		if !gfni {
			slices = AllocLocal(localBytes)
		}
		lo := []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7}
		hi := []VecPhysical{Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15}
		l := "convert2"
		if gfni {
			l = "convert2gfni"
		}
		loopY(l, convertBlock, n, []GPPhysical{dst, src}, func() {
			// Byte k of every element, in eight byte-slice registers.
			for i, y := range lo {
				VMOVDQU(Mem{Base: src, Disp: 32 * i}, y)
				VPSHUFB(Mem{Base: t, Disp: shufPermOffset}, y, y)
			}
			transposeWords(lo, hi)
			if gfni {
				affines(mat, lo, hi)
			} else {
				for k, y := range hi {
					VMOVDQU(y, slices.Offset(32*k))
				}
				nibbles(slices, mat, t, lo)
			}
			// Back to eight bytes an element.
			transposeWords(lo, hi)
			for i, y := range hi {
				VPSHUFB(Mem{Base: t, Disp: shufUnpermOffset}, y, y)
				VMOVDQU(y, Mem{Base: dst, Disp: 32 * i})
			}
		})
		VZEROUPPER()
		RET()
	}
}

// nibbles sets acc[j] to output byte j of the basis change whose nibble
// tables are at mat, for the byte slices spilled at slices: the xor over
// input byte k and nibble half h of a 16-entry VPSHUFB look-up. It uses
// Y8..Y12 and Y15.
func nibbles(slices Mem, mat, t GPPhysical, acc []VecPhysical) {
	mask, x, n0, n1, s0, s1 := Y15, Y8, Y9, Y10, Y11, Y12
	VMOVDQU(Mem{Base: t, Disp: shufMaskOffset}, mask)
	for k := 0; k < 8; k++ {
		VMOVDQU(slices.Offset(32*k), x)
		VPAND(x, mask, n0)
		VPSRLW(U8(4), x, n1)
		VPAND(n1, mask, n1)
		for j, a := range acc {
			tab := func(h int) Mem { return Mem{Base: mat, Disp: ((k*2+h)*8 + j) * 16} }
			VBROADCASTI128(tab(0), s0)
			VPSHUFB(n0, s0, s0)
			VBROADCASTI128(tab(1), s1)
			VPSHUFB(n1, s1, s1)
			if k == 0 {
				VPXOR(s0, s1, a)
			} else {
				VPXOR(s0, s1, s0)
				VPXOR(s0, a, a)
			}
		}
	}
}

// affines sets acc[j] to output byte j of the basis change whose 8×8
// blocks are at mat, for the byte slices in b: the xor over input byte k
// of VGF2P8AFFINEQB applying block (j, k) to b[k]. With all sixteen
// registers taken, acc[7] is the scratch register until the last output,
// and b[0], no longer needed then, after.
func affines(mat GPPhysical, acc, b []VecPhysical) {
	for j, a := range acc {
		tmp := acc[7]
		for k, x := range b {
			blk := Mem{Base: mat, Disp: (k*8 + j) * 32}
			switch {
			case k == 0:
				isa.AffineY(blk, x, a)
			default:
				if j == 7 {
					tmp = b[0]
				}
				isa.AffineY(blk, x, tmp)
				VPXOR(tmp, a, a)
			}
		}
	}
}

// genXorAVX2 emits xorAVX2.
func genXorAVX2() {
	TEXT("xorAVX2", NOSPLIT, "func(dst, a, b *uint64, n int)")
	Pragma("noescape")
	Doc("xorAVX2 sets dst[i] = a[i] ^ b[i] for n (a multiple of 16) words.")
	{
		dst, a, b, n := RDI, RSI, RDX, RCX
		Load(Param("dst"), dst)
		Load(Param("a"), a)
		Load(Param("b"), b)
		Load(Param("n"), n)
		ys := []VecPhysical{Y0, Y1, Y2, Y3}
		loopY("xor2", 16, n, []GPPhysical{dst, a, b}, func() {
			for k, y := range ys {
				VMOVDQU(Mem{Base: a, Disp: 32 * k}, y)
			}
			for k, y := range ys {
				VPXOR(Mem{Base: b, Disp: 32 * k}, y, y)
				VMOVDQU(y, Mem{Base: dst, Disp: 32 * k})
			}
		})
		VZEROUPPER()
		RET()
	}
}

// genCPUID emits cpuid, for the feature bits golang.org/x/sys/cpu reports
// only together with AVX-512.
func genCPUID() {
	TEXT("cpuid", NOSPLIT, "func(leaf, sub uint32) (eax, ebx, ecx, edx uint32)")
	Doc("cpuid returns the registers CPUID sets for the leaf and sub-leaf.")
	Load(Param("leaf"), EAX)
	Load(Param("sub"), ECX)
	CPUID()
	Store(EAX, Return("eax"))
	Store(EBX, Return("ebx"))
	Store(ECX, Return("ecx"))
	Store(EDX, Return("edx"))
	RET()
}

// genAVX2 emits every AVX2 kernel.
func genAVX2() {
	genPolyAVX2(variantVPCLMUL)
	genPolyAVX2(variantPCLMUL)
	genXorAVX2()
	genConvertAVX2(false)
	genConvertAVX2(true)
	genCPUID()
	genMulCLMUL()
}

// genMulCLMUL emits mulCLMUL, the scalar nim-product through the
// polynomial basis with byte tables.
func genMulCLMUL() {
	TEXT("mulCLMUL", NOSPLIT, "func(a, b uint64, to, from *uint64) uint64")
	Pragma("noescape")
	Doc("mulCLMUL returns the nim-product of a and b: both go to the polynomial basis through the byte tables at to, one PCLMULQDQ and a reduction multiply them, and the byte tables at from bring the product back.")
	a, b, to, from := RAX, RBX, RSI, RDI
	Load(Param("a"), a)
	Load(Param("b"), b)
	Load(Param("to"), to)
	Load(Param("from"), from)
	// apply xors the eight byte-table rows of x (destroyed) into r; the
	// two applications to a and b are interleaved.
	ea, eb, ia, ib := R8, R9, R10, R11
	XORQ(ea, ea)
	XORQ(eb, eb)
	for k := 0; k < 8; k++ {
		MOVBQZX(a.As8(), ia)
		MOVBQZX(b.As8(), ib)
		XORQ(Mem{Base: to, Index: ia, Scale: 8, Disp: 2048 * k}, ea)
		XORQ(Mem{Base: to, Index: ib, Scale: 8, Disp: 2048 * k}, eb)
		if k < 7 {
			SHRQ(U8(8), a)
			SHRQ(U8(8), b)
		}
	}
	MOVQ(ea, X0)
	MOVQ(eb, X1)
	PCLMULQDQ(U8(0), X1, X0)
	MOVQ(X0, a)          // low half
	PEXTRQ(U8(1), X0, b) // high half h
	// As reducePolyY: h ^= (h ^ h>>1)>>60 ^ h>>63, then a ^= the low
	// bits of h(1 + x)(1 + x^3).
	o, t := RCX, RDX
	MOVQ(b, t)
	SHRQ(U8(1), t)
	XORQ(b, t)
	SHRQ(U8(60), t)
	MOVQ(b, o)
	SHRQ(U8(63), o)
	XORQ(t, o)
	XORQ(o, b)
	MOVQ(b, t)
	SHLQ(U8(1), t)
	XORQ(b, t)
	MOVQ(t, o)
	SHLQ(U8(3), o)
	XORQ(o, t)
	XORQ(t, a)
	r := R8
	XORQ(r, r)
	for k := 0; k < 8; k++ {
		MOVBQZX(a.As8(), ia)
		XORQ(Mem{Base: from, Index: ia, Scale: 8, Disp: 2048 * k}, r)
		if k < 7 {
			SHRQ(U8(8), a)
		}
	}
	Store(r, ReturnIndex(0))
	RET()
}
