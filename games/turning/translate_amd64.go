//go:build amd64 && !purego

package turning

//go:generate sh -c "cd ../../internal/asm && go run ./turning -out ../../games/turning/translate_amd64.s -stubs ../../games/turning/translate_amd64_stubs.go -pkg turning"

import "golang.org/x/sys/cpu"

// hasTranslateAVX512 reports whether this CPU runs xorTranslateAVX512.
var hasTranslateAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VBMI && cpu.X86.HasAVX512GFNI

// xorTranslateOr is xorTranslateGo, whole blocks of eight words at a time
// by xorTranslateAVX512 where the CPU has it.
func xorTranslateOr(dst, src []uint64, c uint64, from int) int {
	if !hasTranslateAVX512 || len(dst) < 8 {
		return xorTranslateGo(dst, src, c, from)
	}
	xorTranslateBlocks(dst, src, c, from)
	return len(dst) - from
}

// xorTranslateBlocks is xorTranslateGo on xorTranslateAVX512 (len(dst) a
// multiple of 8): the words before the first whole block from from in
// Go, then the blocks. Word w of dst takes word w ⊕ hi of src with bit i
// moved to i ⊕ lo (hi = c >> 6, lo = c & 63): in a block of eight words,
// byte p comes from byte p ⊕ (8·(hi & 7) + lo >> 3) of block b ⊕ hi >> 3,
// and bit i of a byte from bit i ⊕ (lo & 7).
func xorTranslateBlocks(dst, src []uint64, c uint64, from int) {
	first := (from + 7) &^ 7
	if from < first {
		xorTranslateGo(dst[:first], src, c, from)
	}
	if first == len(dst) {
		return
	}
	src = src[:len(dst)]
	hi, lo := c>>6, c&63
	var perm [64]byte
	x := byte((hi&7)<<3 | lo>>3)
	for p := range perm {
		perm[p] = byte(p) ^ x
	}
	// Row i of the matrix (byte 7 − i) picks the bit that goes to bit i.
	var affine uint64
	for i := range 8 {
		affine |= 1 << (uint64(i) ^ lo&7) << (8 * (7 - i))
	}
	xorTranslateAVX512(&dst[0], &src[0], first/8, len(dst)/8, int(hi>>3), &perm, affine)
}
