package main

// The AVX2 tier (see the package doc).

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The constants of the AVX2 kernels, 32 bytes each, at these offsets of
// avx2Constants's table.
const (
	byteIndexMask = 0   // bytes 0x1f
	byteBitMask   = 32  // bytes 7
	byteSixteen   = 64  // bytes 16
	wordBitMask   = 96  // words 7
	byteLowSeven  = 128 // bytes 0x7f
)

// avx2Constants emits the table of the constants above.
func avx2Constants() Mem {
	c := GLOBL("avx2consts", RODATA|NOPTR)
	for _, row := range []struct {
		at   int
		byte func(j int) uint8
	}{
		{byteIndexMask, func(int) uint8 { return 0x1f }},
		{byteBitMask, func(int) uint8 { return 7 }},
		{byteSixteen, func(int) uint8 { return 16 }},
		{wordBitMask, func(j int) uint8 { return uint8(7 * (1 - j%2)) }}, // little-endian words 7
		{byteLowSeven, func(int) uint8 { return 0x7f }},
	} {
		for j := range 32 {
			DATA(row.at+j, U8(row.byte(j)))
		}
	}
	return c
}

// loadTables loads the 16·len(tabs) bytes of the set into tabs as the
// lookups of lookUpAVX2 read them: the first 16 bytes, then the xor of
// each 16 with the 16 before, all in both lanes.
func loadTables(set Register, tabs []VecVirtual) {
	for j, t := range tabs {
		VBROADCASTI128(Mem{Base: set, Disp: 16 * j}, t)
	}
	for j := len(tabs) - 1; j > 0; j-- {
		VPXOR(tabs[j-1], tabs[j], tabs[j])
	}
}

// lookUpAVX2 returns the bytes of the set (held in tabs by loadTables) at
// the indexes idx, each below 16·len(tabs); sixteen holds bytes 16.
func lookUpAVX2(idx Register, tabs []VecVirtual, sixteen Register) Register {
	out := YMM()
	VPSHUFB(idx, tabs[0], out)
	j := idx
	for _, t := range tabs[1:] {
		next, part := YMM(), YMM()
		VPSUBB(sixteen, j, next)
		VPSHUFB(next, t, part)
		VPXOR(part, out, out)
		j = next
	}
	return out
}

// scanAVX2 generates scanAVX2, scanAVX512 in ymm registers.
func scanAVX2(bitTable, consts Mem) {
	TEXT("scanAVX2", NOSPLIT, "func(a, b *byte, n int, set *[64]byte, remaining int) (i, left int)")
	Doc("scanAVX2 is scanAVX512 with AVX2: a block of 64 splits is two",
		"registers of bytes, and the 32 bytes of the set are looked up by",
		"two VPSHUFB.")
	a, b, n, set, rem, i := params()
	tabs := []VecVirtual{YMM(), YMM()}
	load := func() { loadTables(set, tabs) }
	load()
	bitm, idxMask, lowMask, sixteen := YMM(), YMM(), YMM(), YMM()
	VMOVDQU(bitTable, bitm)
	VMOVDQU(consts.Offset(byteIndexMask), idxMask)
	VMOVDQU(consts.Offset(byteBitMask), lowMask)
	VMOVDQU(consts.Offset(byteSixteen), sixteen)

	SUBQ(U8(64), n)
	Label("aloop")
	CMPQ(i, n)
	JGT(LabelRef("adone"))
	var r, bit [2]Register
	for h := range 2 {
		x, idx, low := YMM(), YMM(), YMM()
		VMOVDQU(Mem{Base: a, Index: i, Scale: 1, Disp: 32 * h}, x)
		VPXOR(Mem{Base: b, Index: i, Scale: 1, Disp: 32 * h}, x, x)
		VPSRLW(U8(3), x, idx)
		VPAND(idxMask, idx, idx) // idx[j] = x[j] >> 3
		bytes := lookUpAVX2(idx, tabs, sixteen)
		VPAND(lowMask, x, low)
		bit[h], r[h] = YMM(), YMM()
		VPSHUFB(low, bitm, bit[h]) // bit[j] = 1 << (x[j] & 7)
		VPAND(bytes, bit[h], r[h])
	}
	hits := blockHits(r, bit, false, "afound")
	ADDQ(U8(64), i)
	JMP(LabelRef("aloop"))
	Label("afound")
	takeHitBits(hits(), a, b, i, set, rem, 1, "aloop", "adone", load)
	finish("adone", i, rem)
}

// blockHits ends the lookups of a block, r[h] holding the bits bit[h] of
// the splits of its half h found in the set: a block with hits goes on at
// found, where the returned function emits their mask of splits (with
// interleaved, the halves' bytes in VPACKUSWB's order), and one without
// goes on after.
func blockHits(r, bit [2]Register, interleaved bool, found string) func() Register {
	or := YMM()
	VPOR(r[0], r[1], or)
	VPTEST(or, or)
	JNZ(LabelRef(found))
	return func() Register {
		var m [2]GPVirtual
		for h := range 2 {
			VPCMPEQB(bit[h], r[h], r[h])
			if interleaved {
				VPERMQ(U8(0xd8), r[h], r[h])
			}
			m[h] = GP64()
			VPMOVMSKB(r[h], m[h].As32())
		}
		SHLQ(U8(32), m[1])
		ORQ(m[1], m[0])
		return m[0]
	}
}

// scanWordsAVX2 generates scanWordsAVX2, scanWordsAVX512 in ymm
// registers.
func scanWordsAVX2(bitTable, consts Mem) {
	TEXT("scanWordsAVX2", NOSPLIT, "func(a, b *uint16, n int, set *[64]byte, remaining int) (i, left int)")
	Doc("scanWordsAVX2 is scanWordsAVX512 with AVX2: a block of 64 splits",
		"is four registers of words, narrowed to two of bytes, and the 64",
		"bytes of the set are looked up by four VPSHUFB.")
	a, b, n, set, rem, i := params()
	tabs := []VecVirtual{YMM(), YMM(), YMM(), YMM()}
	load := func() { loadTables(set, tabs) }
	load()
	sixteen := YMM()
	VMOVDQU(consts.Offset(byteSixteen), sixteen)
	wordBlocksAVX2(a, b, n, set, rem, i, bitTable, consts, "b", load, func(idx Register) Register {
		return lookUpAVX2(idx, tabs, sixteen)
	})
}

// scanWideAVX2 generates scanWideAVX2, scanWideAVX512 in ymm registers.
func scanWideAVX2(bitTable, consts Mem) {
	TEXT("scanWideAVX2", NOSPLIT, "func(a, b *uint16, n int, set *[256]byte, remaining int) (i, left int)")
	Doc("scanWideAVX2 is scanWordsAVX2 for values below 2048 and a 2048-bit",
		"set: the byte x >> 3 is looked up by its low seven bits in each half",
		"of the set, by eight VPSHUFB on tables kept on the stack, and bit 7",
		"picks one (VPBLENDVB). A block with hits is taken apart as in",
		"scanWordsAVX2.")
	a, b, n, set, rem, i := params()
	tabs := AllocLocal(16 * 32) // the 16 tables of loadTables, 8 a half
	load := func() {
		for half := range 2 {
			prev := YMM()
			VBROADCASTI128(Mem{Base: set, Disp: 128 * half}, prev)
			VMOVDQU(prev, tabs.Offset(32*8*half))
			for j := 1; j < 8; j++ {
				cur, d := YMM(), YMM()
				VBROADCASTI128(Mem{Base: set, Disp: 128*half + 16*j}, cur)
				VPXOR(prev, cur, d)
				VMOVDQU(d, tabs.Offset(32*(8*half+j)))
				prev = cur
			}
		}
	}
	load()
	sixteen, seven := YMM(), YMM()
	VMOVDQU(consts.Offset(byteSixteen), sixteen)
	VMOVDQU(consts.Offset(byteLowSeven), seven)
	wordBlocksAVX2(a, b, n, set, rem, i, bitTable, consts, "c", load, func(idx Register) Register {
		j, lo, hi := YMM(), YMM(), YMM()
		VPAND(seven, idx, j)
		for t := range 8 {
			if t > 0 {
				next := YMM()
				VPSUBB(sixteen, j, next)
				j = next
			}
			for h, out := range []Register{lo, hi} {
				tab := YMM()
				VMOVDQU(tabs.Offset(32*(8*h+t)), tab)
				if t == 0 {
					VPSHUFB(j, tab, out)
					continue
				}
				part := YMM()
				VPSHUFB(j, tab, part)
				VPXOR(part, out, out)
			}
		}
		bytes := YMM()
		VPBLENDVB(idx, hi, lo, bytes) // hi where bit 7 of x >> 3 is set
		return bytes
	})
}

// wordBlocksAVX2 emits the loop of a 16-bit AVX2 scanner (labels from
// prefix), after its set is loaded (load loads it again): lookUp returns
// the bytes of the set at the bytes x >> 3 of a register of splits.
func wordBlocksAVX2(a, b, n, set, rem, i Register, bitTable, consts Mem, prefix string, load func(), lookUp func(idx Register) Register) {
	bitm, lowMask := YMM(), YMM()
	VMOVDQU(bitTable, bitm)
	VMOVDQU(consts.Offset(wordBitMask), lowMask)
	loop, found, done := prefix+"loop", prefix+"found", prefix+"done"
	SUBQ(U8(64), n)
	Label(loop)
	CMPQ(i, n)
	JGT(LabelRef(done))
	var r, bit [2]Register
	for h := range 2 {
		x0, x1, h0, h1, idx, low := YMM(), YMM(), YMM(), YMM(), YMM(), YMM()
		VMOVDQU(Mem{Base: a, Index: i, Scale: 2, Disp: 64 * h}, x0)
		VPXOR(Mem{Base: b, Index: i, Scale: 2, Disp: 64 * h}, x0, x0)
		VMOVDQU(Mem{Base: a, Index: i, Scale: 2, Disp: 64*h + 32}, x1)
		VPXOR(Mem{Base: b, Index: i, Scale: 2, Disp: 64*h + 32}, x1, x1)
		VPSRLW(U8(3), x0, h0)
		VPSRLW(U8(3), x1, h1)
		VPACKUSWB(h1, h0, idx) // x >> 3, interleaved
		VPAND(lowMask, x0, x0)
		VPAND(lowMask, x1, x1)
		VPACKUSWB(x1, x0, low) // x & 7, interleaved alike
		bytes := lookUp(idx)
		bit[h], r[h] = YMM(), YMM()
		VPSHUFB(low, bitm, bit[h])
		VPAND(bytes, bit[h], r[h])
	}
	hits := blockHits(r, bit, true, found)
	ADDQ(U8(64), i)
	JMP(LabelRef(loop))
	Label(found)
	takeHitBits(hits(), a, b, i, set, rem, 2, loop, done, load)
	finish(done, i, rem)
}

// packRowsAVX2 generates packRowsAVX2, packRowsAVX512 with VPMOVMSKB.
func packRowsAVX2() {
	TEXT("packRowsAVX2", NOSPLIT, "func(tabs *byte, out *uint64, words int, merge bool)")
	Doc("packRowsAVX2 is packRowsAVX512 with AVX2: the flags, shifted to",
		"bit 7 of their bytes, are packed by VPMOVMSKB.")
	tabs := Load(Param("tabs"), GP64())
	out := Load(Param("out"), GP64())
	words := Load(Param("words"), GP64())
	merge := Load(Param("merge"), GP8())
	row, w, x, y := GP64(), GP64(), GP64(), GP64()
	zero, f0, f1 := YMM(), YMM(), YMM()
	VPXOR(zero, zero, zero)
	MOVQ(U32(fastRows), row)
	Label("prow")
	XORQ(w, w)
	CMPQ(w, words)
	JGE(LabelRef("pnext"))
	Label("pword")
	MOVQ(w, x)
	SHLQ(U8(6), x)
	VMOVDQU(Mem{Base: tabs, Index: x, Scale: 1}, f0)
	VMOVDQU(Mem{Base: tabs, Index: x, Scale: 1, Disp: 32}, f1)
	VMOVDQU(zero, Mem{Base: tabs, Index: x, Scale: 1})
	VMOVDQU(zero, Mem{Base: tabs, Index: x, Scale: 1, Disp: 32})
	VPSLLW(U8(7), f0, f0)
	VPSLLW(U8(7), f1, f1)
	VPMOVMSKB(f0, x.As32())
	VPMOVMSKB(f1, y.As32())
	SHLQ(U8(32), y)
	ORQ(y, x)
	TESTB(merge, merge)
	JZ(LabelRef("pstore"))
	ORQ(Mem{Base: out, Index: w, Scale: 8}, x)
	Label("pstore")
	MOVQ(x, Mem{Base: out, Index: w, Scale: 8})
	INCQ(w)
	CMPQ(w, words)
	JL(LabelRef("pword"))
	Label("pnext")
	ADDQ(U32(tableStride), tabs)
	ADDQ(U32(8*fastWords), out)
	DECQ(row)
	JNZ(LabelRef("prow"))
	VZEROUPPER()
	RET()
}

// scanGatherAVX2 generates scanGatherAVX2, the AVX2 dense scanner past
// 2048 values.
func scanGatherAVX2() {
	TEXT("scanGatherAVX2", NOSPLIT, "func(a, b *uint16, n int, set *[8192]byte, remaining int) (i, left int)")
	Doc("scanGatherAVX2 is scanWordsAVX2 for a set of 65536 values: a block",
		"of 64 splits is eight registers of 32-bit x, and for each x the",
		"32-bit word x >> 5 of the set is gathered (VPGATHERDD) and shifted",
		"left by 31 − (x & 31), which leaves bit x & 31 as its sign bit.")
	a, b, n, set, rem, i := params()
	low5 := YMM()
	VPCMPEQD(low5, low5, low5)
	VPSRLD(U8(27), low5, low5) // 32-bit words 31
	SUBQ(U8(64), n)
	Label("gloop")
	CMPQ(i, n)
	JGT(LabelRef("gdone"))
	// One mask register m serves every gather: with one of its own for
	// each, qemu 7.2 (the emulated AVX2 CPU of CI) lost the bits of a
	// group whose x took the register of the gather before.
	var r [8]Register
	or, m := YMM(), YMM()
	for g := range r {
		x, y, idx, w, c := YMM(), YMM(), YMM(), YMM(), YMM()
		VPMOVZXWD(Mem{Base: a, Index: i, Scale: 2, Disp: 16 * g}, x)
		VPMOVZXWD(Mem{Base: b, Index: i, Scale: 2, Disp: 16 * g}, y)
		VPXOR(y, x, x)
		VPSRLD(U8(5), x, idx)
		VPCMPEQD(m, m, m)
		VPXOR(w, w, w)
		VPGATHERDD(m, Mem{Base: set, Index: idx, Scale: 4}, w)
		VPANDN(low5, x, c) // 31 − (x & 31)
		r[g] = YMM()
		VPSLLVD(c, w, r[g])
		if g == 0 {
			VMOVDQA(r[g], or)
		} else {
			VPOR(r[g], or, or)
		}
	}
	t := GP32()
	VMOVMSKPS(or, t)
	TESTL(t, t)
	JNZ(LabelRef("gfound"))
	ADDQ(U8(64), i)
	JMP(LabelRef("gloop"))
	Label("gfound")
	hits := GP64()
	for g := range r {
		m := GP64()
		VMOVMSKPS(r[g], m.As32())
		if g == 0 {
			MOVQ(m, hits)
			continue
		}
		SHLQ(U8(8*g), m)
		ORQ(m, hits)
	}
	takeHitBits(hits, a, b, i, set, rem, 2, "gloop", "gdone", func() {})
	finish("gdone", i, rem)
}
