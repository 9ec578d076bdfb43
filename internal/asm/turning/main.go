// Command translate generates games/turning/translate_amd64.s, the
// AVX-512 and AVX2 passes of atMostBitmaps, with avo:
//
//	cd internal/asm && go run ./turning -out ../../games/turning/translate_amd64.s -stubs ../../games/turning/translate_amd64_stubs.go -pkg turning
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/nimbers/grundy/internal/asm/isa"
)

func main() {
	ConstraintExpr("amd64,!purego")
	TEXT("xorTranslateAVX512", NOSPLIT, "func(dst, src *uint64, from, to, hi int, perm *[64]byte, affine uint64)")
	Doc("xorTranslateAVX512 sets, for each block of eight words b from from",
		"to to (exclusive), dst block b |= src block b ^ hi with its bytes",
		"permuted by perm (VPERMB: byte p of the result is byte perm[p] of",
		"the source) and the bits of each byte by the matrix affine",
		"(VGF2P8AFFINEQB).")
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	b := Load(Param("from"), GP64())
	to := Load(Param("to"), GP64())
	hi := Load(Param("hi"), GP64())
	permPtr := Load(Param("perm"), GP64())
	aff := Load(Param("affine"), GP64())
	perm, matrix := ZMM(), ZMM()
	VMOVDQU64(Mem{Base: permPtr}, perm)
	VPBROADCASTQ(aff, matrix)
	s, x := GP64(), ZMM()
	CMPQ(b, to)
	JGE(LabelRef("done"))
	Label("loop")
	MOVQ(b, s)
	XORQ(hi, s)
	SHLQ(U8(6), s) // bytes
	VPERMB(Mem{Base: src, Index: s, Scale: 1}, perm, x)
	isa.Affine(matrix, x, x)
	MOVQ(b, s)
	SHLQ(U8(6), s)
	VPORQ(Mem{Base: dst, Index: s, Scale: 1}, x, x)
	VMOVDQU64(x, Mem{Base: dst, Index: s, Scale: 1})
	INCQ(b)
	CMPQ(b, to)
	JL(LabelRef("loop"))
	Label("done")
	VZEROUPPER()
	RET()
	translateAVX2()
	Generate()
}

// translateAVX2 generates xorTranslateAVX2, xorTranslateAVX512 on blocks
// of eight words, in two ymm registers of 32 bytes: byte p of a register
// comes from byte p ⊕ x of its source register, x < 32. Bit 4 of x swaps
// the 128-bit lanes (VPERMD by a table that is the identity or the swap),
// its low four bits move bytes within each lane (VPSHUFB), and the bits of
// each byte move by two VPSHUFB lookups, of its low and of its high four
// bits, whose results are or-ed.
func translateAVX2() {
	nibble := GLOBL("nibblemask", RODATA|NOPTR)
	for j := range 32 {
		DATA(j, U8(0x0f))
	}
	TEXT("xorTranslateAVX2", NOSPLIT, "func(dst, src *uint64, from, to, hi, swap int, perm, bits *[2][32]byte)")
	Doc("xorTranslateAVX2 sets, for each block of eight words b from from to",
		"to (exclusive), dst block b |= src block b ^ hi, its halves of four",
		"words swapped if swap is 1, each half with its 32-bit words permuted",
		"by perm[0] (VPERMD, little-endian indexes), its bytes within each",
		"128-bit lane by perm[1] (VPSHUFB), and each byte y replaced by",
		"bits[0][y & 15] | bits[1][y >> 4].")
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	t := Load(Param("from"), GP64())
	to := Load(Param("to"), GP64())
	hi := Load(Param("hi"), GP64())
	sw := Load(Param("swap"), GP64())
	permPtr := Load(Param("perm"), GP64())
	bitsPtr := Load(Param("bits"), GP64())
	lanes, perm, low, high, nib := YMM(), YMM(), YMM(), YMM(), YMM()
	VMOVDQU(Mem{Base: permPtr}, lanes)
	VMOVDQU(Mem{Base: permPtr, Disp: 32}, perm)
	VMOVDQU(Mem{Base: bitsPtr}, low)
	VMOVDQU(Mem{Base: bitsPtr, Disp: 32}, high)
	VMOVDQU(nibble, nib)
	// In bytes: t = 64·b, to = 64·to, hi = 64·hi, and the sources of the
	// halves of block b at half[0] + (t ^ hi) and half[1] + (t ^ hi).
	SHLQ(U8(6), t)
	SHLQ(U8(6), to)
	SHLQ(U8(6), hi)
	SHLQ(U8(5), sw)
	half := [2]Register{GP64(), src}
	LEAQ(Mem{Base: src, Index: sw, Scale: 1}, half[0])
	XORQ(U8(32), sw)
	ADDQ(sw, half[1])
	s := GP64()
	CMPQ(t, to)
	JGE(LabelRef("ydone"))
	Label("yloop")
	MOVQ(t, s)
	XORQ(hi, s)
	for h, src := range half {
		x, l, hb := YMM(), YMM(), YMM()
		VPERMD(Mem{Base: src, Index: s, Scale: 1}, lanes, x)
		VPSHUFB(perm, x, x)
		VPSRLW(U8(4), x, hb)
		VPAND(nib, x, l)
		VPAND(nib, hb, hb)
		VPSHUFB(l, low, l)
		VPSHUFB(hb, high, hb)
		VPOR(l, hb, x)
		VPOR(Mem{Base: dst, Index: t, Scale: 1, Disp: 32 * h}, x, x)
		VMOVDQU(x, Mem{Base: dst, Index: t, Scale: 1, Disp: 32 * h})
	}
	ADDQ(U8(64), t)
	CMPQ(t, to)
	JL(LabelRef("yloop"))
	Label("ydone")
	VZEROUPPER()
	RET()
}
