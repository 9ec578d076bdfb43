//go:build amd64 && !purego

package turning

//go:generate sh -c "cd ../../internal/asm && go run ./turning -out ../../games/turning/translate_amd64.s -stubs ../../games/turning/translate_amd64_stubs.go -pkg turning"

import (
	"encoding/binary"

	"golang.org/x/sys/cpu"
)

// hasTranslateAVX512 reports whether this CPU runs xorTranslateAVX512.
var hasTranslateAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VBMI && cpu.X86.HasAVX512GFNI

// translateTiers lists the tiers of the translation this CPU runs.
func translateTiers() map[string]translator {
	s := map[string]translator{tierGo: xorTranslateGo}
	if cpu.X86.HasAVX2 {
		s[tierAVX2] = blocksOf(8, xorTranslateAVX2Blocks)
	}
	if hasTranslateAVX512 {
		s[tierAVX512] = blocksOf(8, xorTranslateAVX512Blocks)
	}
	return s
}

// blocksOf returns xorTranslateGo on a kernel for blocks of words words
// (a power of two): the words before the first whole block from from in
// Go, then the blocks, given dst (a whole number of blocks), src as long
// and the first block's word.
func blocksOf(words int, blocks func(dst, src []uint64, c uint64, first int)) translator {
	return func(dst, src []uint64, c uint64, from int) int {
		if len(dst) < words {
			return xorTranslateGo(dst, src, c, from)
		}
		first := (from + words - 1) &^ (words - 1)
		if from < first {
			xorTranslateGo(dst[:first], src, c, from)
		}
		if first < len(dst) {
			blocks(dst, src[:len(dst)], c, first)
		}
		return len(dst) - from
	}
}

// xorTranslateAVX512Blocks is xorTranslateGo on xorTranslateAVX512, from
// the block of eight words at first. Word w of dst takes word w ⊕ hi of
// src with bit i moved to i ⊕ lo (hi = c >> 6, lo = c & 63): in a block of
// eight words, byte p comes from byte p ⊕ (8·(hi & 7) + lo >> 3) of block
// b ⊕ hi >> 3, and bit i of a byte from bit i ⊕ (lo & 7).
func xorTranslateAVX512Blocks(dst, src []uint64, c uint64, first int) {
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

// xorTranslateAVX2Blocks is xorTranslateGo on xorTranslateAVX2, from the
// block of eight words at first: byte p of a half of four words comes
// from byte p ⊕ (c >> 3 & 31) of half h ⊕ (c >> 8 & 1) of block b ⊕ c >> 9,
// and bit i of a byte from bit i ⊕ (c & 7).
func xorTranslateAVX2Blocks(dst, src []uint64, c uint64, first int) {
	xorTranslateAVX2(&dst[0], &src[0], first/8, len(dst)/8, int(c>>9), int(c>>8&1), &avx2Perms[c>>3&31], &avx2Bits[c&7])
}

// avx2Perms[x] moves byte p of a block of 32 to p ⊕ x: the 32-bit words
// VPERMD takes (the lanes swapped for bit 4 of x), then the bytes VPSHUFB
// takes in each lane; avx2Bits[k] moves bit i of a byte to i ⊕ k: the
// bits of the byte's low four bits, then of its high four, both tables in
// both lanes.
var avx2Perms, avx2Bits = avx2Tables()

// avx2Tables returns avx2Perms and avx2Bits.
func avx2Tables() (perms [32][2][32]byte, bits [8][2][32]byte) {
	for x := range 32 {
		for w := range 8 {
			binary.LittleEndian.PutUint32(perms[x][0][4*w:], uint32(w^x>>4<<2))
		}
		for p := range 32 {
			perms[x][1][p] = byte(p&15 ^ x&15)
		}
	}
	for k := range 8 {
		for p := range 32 {
			for i := range 4 {
				if p&15>>i&1 != 0 {
					bits[k][0][p] |= 1 << (i ^ k)
					bits[k][1][p] |= 1 << ((i + 4) ^ k)
				}
			}
		}
	}
	return perms, bits
}
