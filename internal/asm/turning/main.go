// Command translate generates games/turning/translate_amd64.s, the
// AVX-512 pass of atMostBitmaps, with avo:
//
//	cd internal/asm && go run ./turning -out ../../games/turning/translate_amd64.s -stubs ../../games/turning/translate_amd64_stubs.go -pkg turning
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"

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
	Generate()
}
