// Package isa emits, for the avo generators of this module, the
// instructions that avo v0.5 does not know: GFNI's VGF2P8AFFINEQB (zmm and
// ymm), the zmm and ymm forms of VPCLMULQDQ, and VBMI2's VPCOMPRESSW. The Go assembler
// accepts them as raw instructions, and encodes the ymm forms with VEX.
package isa

import (
	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/ir"
	. "github.com/mmcloughlin/avo/operand"
)

// Affine emits VGF2P8AFFINEQB $0, matrix, x, dst (GFNI): every byte of
// qword q of x is multiplied by the 8×8 bit matrix in qword q of matrix.
func Affine(matrix, x, dst Op) {
	Instruction(&ir.Instruction{
		Opcode:   "VGF2P8AFFINEQB",
		Operands: []Op{U8(0), matrix, x, dst},
		Inputs:   []Op{matrix, x},
		Outputs:  []Op{dst},
		ISA:      []string{"AVX512F", "GFNI"},
	})
}

// AffineY emits VGF2P8AFFINEQB $0, matrix, x, dst on ymm registers (VEX
// form, AVX and GFNI, no AVX-512): as Affine, for four qwords.
func AffineY(matrix, x, dst Op) {
	Instruction(&ir.Instruction{
		Opcode:   "VGF2P8AFFINEQB",
		Operands: []Op{U8(0), matrix, x, dst},
		Inputs:   []Op{matrix, x},
		Outputs:  []Op{dst},
		ISA:      []string{"AVX", "GFNI"},
	})
}

// CLMUL emits VPCLMULQDQ $imm, b, a, dst: in every 128-bit lane, the
// carry-less product of the qword of a chosen by imm bit 0 and the qword
// of b chosen by imm bit 4.
func CLMUL(imm uint8, b, a, dst Op) {
	Instruction(&ir.Instruction{
		Opcode:   "VPCLMULQDQ",
		Operands: []Op{U8(imm), b, a, dst},
		Inputs:   []Op{b, a},
		Outputs:  []Op{dst},
		ISA:      []string{"AVX512F", "VPCLMULQDQ"},
	})
}

// CLMULY emits VPCLMULQDQ $imm, b, a, dst on ymm registers (VEX form,
// AVX2 and VPCLMULQDQ, no AVX-512): as CLMUL, in both 128-bit lanes.
func CLMULY(imm uint8, b, a, dst Op) {
	Instruction(&ir.Instruction{
		Opcode:   "VPCLMULQDQ",
		Operands: []Op{U8(imm), b, a, dst},
		Inputs:   []Op{b, a},
		Outputs:  []Op{dst},
		ISA:      []string{"AVX2", "VPCLMULQDQ"},
	})
}

// CompressWords emits VPCOMPRESSW.Z x, k, z (AVX512_VBMI2): z gets the
// words of x whose bits are set in k, packed from word 0, and zeros after
// them.
func CompressWords(x, k, z Op) {
	Instruction(&ir.Instruction{
		Opcode:   "VPCOMPRESSW",
		Suffixes: []string{"Z"},
		Operands: []Op{x, k, z},
		Inputs:   []Op{x, k},
		Outputs:  []Op{z},
		ISA:      []string{"AVX512VBMI2"},
	})
}
