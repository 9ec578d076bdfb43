// Command scan generates games/heap/scan_amd64.s, the AVX-512 and AVX2
// kernels of the sparse-space method, with avo:
//
//	cd internal/asm && go run ./heap -out ../../games/heap/scan_amd64.s -stubs ../../games/heap/scan_amd64_stubs.go -pkg heap
//
// scanAVX512 reads 64 splits at a time: the bytes x = a[i] ^ b[i], and for
// each the bit x & 7 of byte x >> 3 of a 256-bit set. Both lookups are
// VPERMB: the set's 32 bytes are broadcast to both halves of a register
// (so the stray bit 5 that a 16-bit shift brings into x >> 3 selects the
// same byte), and the bit masks 1 << (j & 7) fill a constant register. A
// block with hits is taken apart byte by byte, clearing the values found.
// scanWordsAVX512 and scanWideAVX512 do the same for 16-bit values below
// 512 and 2048, narrowing them to bytes first.
//
// The AVX2 tier (scanAVX2, scanWordsAVX2, scanWideAVX2, scanGatherAVX2,
// packRowsAVX2) keeps blocks of 64 splits, in two registers of bytes (in
// eight of 32-bit words for scanGatherAVX2, which gathers a word of the
// set for each split), so that the Go wrappers and the taking apart of
// hits are shared. AVX2 has no VPERMB
// over 32 bytes: VPSHUFB looks up 16 bytes by the low four bits of each
// index, within each 128-bit lane, and gives 0 where the index has bit 7
// set. A set of 16·t bytes S0, S1, … (16 each) is held as t tables, each
// in both lanes: S0, then S0 ^ S1, S1 ^ S2, … For an index j below 128,
// the lookups by j, j − 16, j − 32, … (bytes, wrapping) read the tables
// while the index is not negative, and give 0 once it has wrapped to
// bit 7: their xor telescopes to byte j of the set. Values below 2048
// have indexes up to 255: each half of the set is looked up by the low
// seven bits, and VPBLENDVB picks one by bit 7. The 16-bit scanners narrow
// x >> 3 and x & 7 to bytes with VPACKUSWB, which interleaves its two
// sources by 8 bytes within each lane (the bytes of a register are splits
// 0–7, 16–23, 8–15 and 24–31 of its 32); a block with hits puts its
// result back in order with VPERMQ before VPMOVMSKB makes it a mask.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/nimbers/grundy/internal/asm/isa"
)

func main() {
	ConstraintExpr("amd64,!purego")
	bitTable := GLOBL("scanbits", RODATA|NOPTR)
	for j := 0; j < 64; j++ {
		DATA(j, U8(1<<(j&7)))
	}
	scan(bitTable)
	scanWords(bitTable)
	groupBits := GLOBL("groupbits", RODATA|NOPTR)
	for l, b := range []uint8{8, 16, 0xe0} {
		for j := 0; j < 64; j++ {
			DATA(64*l+j, U8(b))
		}
	}
	scanWide(bitTable, groupBits)
	scanGroups("scan4096AVX512", 4, false, bitTable, groupBits)
	scanGroups("scan8192AVX512", 8, false, bitTable, groupBits)
	scanParts(bitTable, groupBits)
	packRows()
	avx2Consts := avx2Constants()
	scanAVX2(bitTable, avx2Consts)
	scanWordsAVX2(bitTable, avx2Consts)
	scanWideAVX2(bitTable, avx2Consts)
	scanGatherAVX2()
	packRowsAVX2()
	Generate()
}

// The layout of markSparse's byte tables (games/heap/sparse.go): rows
// of flags tableStride bytes apart, packed into fastWords words per row.
// They must equal the package's constants; TestPackRows, which checks the
// kernel against a reference laid out by those, fails if they drift.
const (
	fastRows    = 32
	tableStride = 2048 + 64
	fastWords   = 2048 / 64
)

// packRows packs the first 64·words flags of each row, with VPTESTMB.
func packRows() {
	TEXT("packRowsAVX512", NOSPLIT, "func(tabs *byte, out *uint64, words int, merge bool)")
	Doc("packRowsAVX512 packs, for each of the fastRows tables of flags",
		"(bytes 0 or 1) tableStride bytes apart from tabs, its first 64·words",
		"flags into words of out (fastWords words per table), or into them",
		"with merge, and zeroes the flags.")
	tabs := Load(Param("tabs"), GP64())
	out := Load(Param("out"), GP64())
	words := Load(Param("words"), GP64())
	merge := Load(Param("merge"), GP8())
	row, w, x := GP64(), GP64(), GP64()
	zero, f := ZMM(), ZMM()
	k := K()
	VPXORQ(zero, zero, zero)
	MOVQ(U32(fastRows), row)
	Label("row")
	XORQ(w, w)
	CMPQ(w, words)
	JGE(LabelRef("next"))
	Label("word")
	MOVQ(w, x)
	SHLQ(U8(6), x)
	VMOVDQU64(Mem{Base: tabs, Index: x, Scale: 1}, f)
	VMOVDQU64(zero, Mem{Base: tabs, Index: x, Scale: 1})
	VPTESTMB(f, f, k)
	KMOVQ(k, x)
	TESTB(merge, merge)
	JZ(LabelRef("store"))
	ORQ(Mem{Base: out, Index: w, Scale: 8}, x)
	Label("store")
	MOVQ(x, Mem{Base: out, Index: w, Scale: 8})
	INCQ(w)
	CMPQ(w, words)
	JL(LabelRef("word"))
	Label("next")
	ADDQ(U32(tableStride), tabs)
	ADDQ(U32(8*fastWords), out)
	DECQ(row)
	JNZ(LabelRef("row"))
	VZEROUPPER()
	RET()
}

// scan and scanWords read bitTable: byte j is 1 << (j & 7).
func scan(bitTable Mem) {

	TEXT("scanAVX512", NOSPLIT, "func(a, b *byte, n int, set *[64]byte, remaining int) (i, left int)")
	Doc("scanAVX512 reads the bytes x = a[i] ^ b[i], i < n, 64 at a time",
		"while a whole block fits, clearing each x it meets from the set",
		"(remaining counts the values in it), until the set is empty. It",
		"returns how far it read (the rest is less than a block) and the",
		"values left.")
	a, b, n, set, rem, i := params()
	need, bitm := ZMM(), ZMM()
	VBROADCASTI32X8(Mem{Base: set}, need)
	VMOVDQU64(bitTable, bitm)

	x, hi, bytes, bit := ZMM(), ZMM(), ZMM(), ZMM()
	k := K()
	SUBQ(U8(64), n)
	Label("loop")
	CMPQ(i, n)
	JGT(LabelRef("done"))
	VMOVDQU64(Mem{Base: a, Index: i, Scale: 1}, x)
	VPXORQ(Mem{Base: b, Index: i, Scale: 1}, x, x)
	VPSRLW(U8(3), x, hi)
	lookUp(hi, x, need, bitm, bytes, bit, k, i, "found", "loop")
	takeHits(k, a, b, i, set, rem, 1, "loop", "done", func() { VBROADCASTI32X8(Mem{Base: set}, need) })
	finish("done", i, rem)
}

// params loads the scanners' arguments and zeroes i.
func params() (a, b, n, set, rem, i Register) {
	a = Load(Param("a"), GP64())
	b = Load(Param("b"), GP64())
	n = Load(Param("n"), GP64())
	set = Load(Param("set"), GP64())
	rem = Load(Param("remaining"), GP64())
	i = GP64()
	XORQ(i, i)
	return
}

// lookUp ends a block: k gets the splits whose x (byte index idx = x >> 3,
// bit index low & 7) is in the set need; a block with hits goes on at
// found, one without at loop with i after it.
func lookUp(idx, low, need, bitm, bytes, bit, k, i Register, found, loop string) {
	VPERMB(need, idx, bytes) // bytes[j] = set[x[j] >> 3]
	testBits(low, bitm, bytes, bit, k, i, found, loop)
}

// testBits is lookUp once bytes holds each split's byte of the set.
func testBits(low, bitm, bytes, bit, k, i Register, found, loop string) {
	VPERMB(bitm, low, bit) // bit[j] = 1 << (x[j] & 7)
	VPTESTMB(bytes, bit, k)
	KORTESTQ(k, k)
	JNZ(LabelRef(found))
	ADDQ(U8(64), i)
	JMP(LabelRef(loop))
	Label(found)
}

// finish returns i and rem.
func finish(done string, i, rem Register) {
	Label(done)
	VZEROUPPER()
	Store(i, ReturnIndex(0))
	Store(rem, ReturnIndex(1))
	RET()
}

func scanWords(bitTable Mem) {
	TEXT("scanWordsAVX512", NOSPLIT, "func(a, b *uint16, n int, set *[64]byte, remaining int) (i, left int)")
	Doc("scanWordsAVX512 is scanAVX512 for 16-bit values below 512 and a",
		"512-bit set: 64 splits are two registers of words, whose x >> 3 and",
		"low bytes are narrowed to bytes for the lookups.")
	a, b, n, set, rem, i := params()
	need, bitm := ZMM(), ZMM()
	VMOVDQU64(Mem{Base: set}, need)
	VMOVDQU64(bitTable, bitm)

	bytes, bit := ZMM(), ZMM()
	k := K()
	SUBQ(U8(64), n)
	idx, low, _, _ := wordBlock(a, b, n, i, "wloop", "wdone")
	lookUp(idx, low, need, bitm, bytes, bit, k, i, "wfound", "wloop")
	takeHits(k, a, b, i, set, rem, 2, "wloop", "wdone", func() { VMOVDQU64(Mem{Base: set}, need) })
	finish("wdone", i, rem)
}

// wordBlock opens the loop of a 16-bit scanner (label loop), one block of
// 64 splits a time, with n less 64: past the last whole block it goes to
// done, else it returns the bytes x >> 3 and the low bytes of
// x = a[i] ^ b[i], and x itself in two registers of words.
func wordBlock(a, b, n, i Register, loop, done string) (idx, low, x0, x1 Register) {
	x0, x1 = ZMM(), ZMM()
	h0, h1 := ZMM(), ZMM()
	idx, low = ZMM(), ZMM()
	y0, y1 := YMM(), YMM()
	Label(loop)
	CMPQ(i, n)
	JGT(LabelRef(done))
	VMOVDQU64(Mem{Base: a, Index: i, Scale: 2}, x0)
	VPXORQ(Mem{Base: b, Index: i, Scale: 2}, x0, x0)
	VMOVDQU64(Mem{Base: a, Index: i, Scale: 2, Disp: 64}, x1)
	VPXORQ(Mem{Base: b, Index: i, Scale: 2, Disp: 64}, x1, x1)
	VPSRLW(U8(3), x0, h0)
	VPSRLW(U8(3), x1, h1)
	VPMOVWB(h0, y0)
	VPMOVWB(h1, y1)
	VINSERTI64X4(U8(1), y1, y0.AsZ(), idx) // idx[j] = x[j] >> 3
	VPMOVWB(x0, y0)
	VPMOVWB(x1, y1)
	VINSERTI64X4(U8(1), y1, y0.AsZ(), low) // low[j] = x[j] & 255
	return idx, low, x0, x1
}

// scanWide generates scanWideAVX512, scanGroups for values below 2048.
func scanWide(bitTable, groupBits Mem) {
	scanGroups("scanWideAVX512", 2, false, bitTable, groupBits,
		"scanWideAVX512 is scanWordsAVX512 for values below 2048 and a",
		"2048-bit set, held in four registers: the byte x >> 3 is looked up",
		"in both halves of the set (VPERMI2B reads 128 bytes by the low seven",
		"bits) and bit 7 of x >> 3 picks one. The values a block meets are",
		"not cleared at once but gathered (VPCOMPRESSW) into a buffer on the",
		"stack, which is emptied into the set when it holds as many values",
		"as the set does, or a block's worth: the scan then goes on without",
		"a branch per value, and reloads the set once per buffer (a value met",
		"again before that is gathered again, and cleared once). While most",
		"blocks meet a value (at the start of a scan), it gathers without a",
		"branch per block either.")
}

// scanGroups generates a scanner for values below 1024·groups (2048,
// 4096 or 8192) and a set of 128·groups bytes in 2·groups registers: the
// byte x >> 3 is looked up by its low seven bits in each group of 128
// bytes, and bits 10, 11, … of x pick the group, by a tree of blends
// (bit 10 is bit 7 of x >> 3; groupBits: 64 bytes 8, then 64 bytes 16,
// which test bits 3 and 4 of x >> 8, then 64 bytes 0xe0). With parts,
// the set in registers is one part of a larger set (see scanParts). doc
// is the kernel's doc comment, or empty for one naming it a
// scanWideAVX512 for more values.
func scanGroups(name string, groups int, parts bool, bitTable, groupBits Mem, doc ...string) {
	signature := fmt.Sprintf("func(a, b *uint16, n int, set *[%d]byte, remaining int) (i, left int)", 128*groups)
	if parts {
		signature = fmt.Sprintf("func(a, b *uint16, n int, set *[%d]byte, part, remaining int) (i, left int)", partSet)
	}
	TEXT(name, NOSPLIT, signature)
	if len(doc) == 0 {
		doc = []string{fmt.Sprintf("%s is scanWideAVX512 for values below %d and a", name, 1024*groups),
			fmt.Sprintf("%d-bit set, held in %d registers: the byte x >> 3 is looked up", 1024*groups, 2*groups),
			"by its low seven bits in each 128 bytes (VPERMI2B), and bits 10, 11,",
			"… of x pick one, by a tree of blends."}
	}
	Doc(doc...)
	a, b, n, set, rem, i := params()
	need := make([]Register, 2*groups)
	for j := range need {
		need[j] = ZMM()
	}
	regs := set // the bytes of the set held in need
	var partTop Register
	if parts {
		// regs = set + 128·groups·part, and partTop holds part << 5 in
		// each byte (bits 13 to 15 of x are bits 5 to 7 of x >> 8).
		p := GP64()
		Load(Param("part"), p)
		regs = GP64()
		MOVQ(p, regs)
		SHLQ(U8(10), regs)
		ADDQ(set, regs)
		SHLQ(U8(5), p)
		partTop = ZMM()
		VPBROADCASTB(p.As32(), partTop)
	}
	load := func() {
		for j, r := range need {
			VMOVDQU64(Mem{Base: regs, Disp: 64 * j}, r)
		}
	}
	load()
	bitm := ZMM()
	VMOVDQU64(bitTable, bitm)
	buf, cnt := GP64(), GP64()
	LEAQ(AllocLocal(2*wideBuffer), buf)
	XORQ(cnt, cnt)

	tail, done := name+"tail", name+"done"
	// lookUp emits the loop (label loop) up to the bytes of the set of
	// each split's x, and with parts, inPart: the splits whose x is in the
	// part.
	lookUp := func(loop string) (bytes, low, x0, x1, inPart Register) {
		idx, low, x0, x1 := wordBlock(a, b, n, i, loop, tail)
		pick := []Register{K()} // pick[l]: the bytes whose x has bit 10 + l set
		VPMOVB2M(idx, pick[0])
		if groups > 2 {
			// hi[j] = x[j] >> 8: bit 2 + l of it is bit 10 + l of x.
			h0, h1, hi := ZMM(), ZMM(), ZMM()
			y0, y1 := YMM(), YMM()
			VPSRLW(U8(8), x0, h0)
			VPSRLW(U8(8), x1, h1)
			VPMOVWB(h0, y0)
			VPMOVWB(h1, y1)
			VINSERTI64X4(U8(1), y1, y0.AsZ(), hi)
			for l := 1; 1<<l < groups; l++ {
				k := K()
				VPTESTMB(groupBits.Offset(64*(l-1)), hi, k)
				pick = append(pick, k)
			}
			if parts {
				top := ZMM()
				inPart = K()
				VPANDQ(groupBits.Offset(128), hi, top)
				VPCMPEQB(partTop, top, inPart)
			}
		}
		// The lookups, folded as they come: a stack of (register, level),
		// where a register of level l holds the bytes of 2^l groups picked
		// by the bits below l.
		type part struct {
			r     Register
			level int
		}
		var stack []part
		for g := range groups {
			r := ZMM()
			VMOVDQA64(idx, r)
			VPERMI2B(need[2*g+1], need[2*g], r) // group g's byte idx & 127
			p := part{r, 0}
			for len(stack) > 0 && stack[len(stack)-1].level == p.level {
				q := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				VPBLENDMB(p.r, q.r, pick[p.level], q.r) // bit set: the later groups
				p = part{q.r, p.level + 1}
			}
			stack = append(stack, p)
		}
		return stack[0].r, low, x0, x1, inPart
	}
	// test sets k to the splits whose x is in the set.
	test := func(bytes, low, inPart, bit, k Register) {
		VPERMB(bitm, low, bit) // bit[j] = 1 << (x[j] & 7)
		VPTESTMB(bytes, bit, k)
		if parts {
			KANDQ(inPart, k, k)
		}
	}
	// gatherBlock gathers the values of a block, and goes on at loop
	// unless the buffer holds as many values as the set or a block's worth
	// (then at flush, which follows).
	gatherBlock := func(k, x0, x1 Register, loop, flush string) {
		gather(k, x0, x1, buf, cnt)
		ADDQ(U8(64), i)
		CMPQ(cnt, rem)
		JAE(LabelRef(flush))
		CMPQ(cnt, U8(64))
		JB(LabelRef(loop))
		Label(flush)
	}
	// refill empties the buffer, returns if the set is empty, and reloads
	// the set.
	refill := func(label string) {
		clearGathered(buf, cnt, set, rem, label)
		TESTQ(rem, rem)
		JZ(LabelRef(done))
		load()
	}
	SUBQ(U8(64), n)
	// The first loop gathers without a branch, while values are met in
	// most blocks (at the start, most values met are new); once quietBlocks
	// blocks pass without the buffer filling, the second loop skips the
	// blocks without values met by a branch.
	deadline := AllocLocal(8) // the first loop goes on while i is at most this
	MOVQ(U32(64*quietBlocks), deadline)
	bytes, low, x0, x1, inPart := lookUp(name + "loop")
	bit, k := ZMM(), K()
	test(bytes, low, inPart, bit, k)
	gather(k, x0, x1, buf, cnt)
	ADDQ(U8(64), i)
	CMPQ(cnt, rem)
	JAE(LabelRef(name + "flush"))
	CMPQ(cnt, U8(64))
	JAE(LabelRef(name + "flush"))
	CMPQ(i, deadline)
	JBE(LabelRef(name + "loop"))
	JMP(LabelRef(name + "qloop"))
	Label(name + "flush")
	refill(name + "clear")
	next := GP64()
	LEAQ(Mem{Base: i, Disp: 64 * quietBlocks}, next)
	MOVQ(next, deadline)
	JMP(LabelRef(name + "loop"))
	bytes, low, x0, x1, inPart = lookUp(name + "qloop")
	bit, k = ZMM(), K()
	test(bytes, low, inPart, bit, k)
	KORTESTQ(k, k)
	JNZ(LabelRef(name + "found"))
	ADDQ(U8(64), i)
	JMP(LabelRef(name + "qloop"))
	Label(name + "found")
	gatherBlock(k, x0, x1, name+"qloop", name+"qflush")
	refill(name + "qclear")
	JMP(LabelRef(name + "qloop"))
	Label(tail)
	clearGathered(buf, cnt, set, rem, name+"last")
	finish(done, i, rem)
}

// quietBlocks is the most blocks scanGroups's first loop takes to fill its
// buffer: about half the blocks or more with values met, where a branch
// on them would often be mispredicted; past that, the gathering costs
// more than the branch.
const quietBlocks = 128

// partSet is the size of scanPartAVX512's set, of 65536 values.
const partSet = 8192

// scanParts generates scanPartAVX512, scanGroups with eight groups over
// one part of 8192 values of a larger set.
func scanParts(bitTable, groupBits Mem) {
	scanGroups("scanPartAVX512", 8, true, bitTable, groupBits,
		"scanPartAVX512 is scan8192AVX512 for the values x of a part of a",
		"set of 65536 values: those with x >> 13 = part, whose 1024 bytes",
		"it holds in registers (the lookups of scan8192AVX512 read the bits",
		"of x below 13, and the values of other parts are masked off). A",
		"set of 16384 values or more is read a part at a time: each pass",
		"reads the splits again, but meets only values of its part, where",
		"a filter of all the parts' values would meet every value met",
		"before again while another value of its byte is left.")
}

// wideBuffer is the number of 16-bit values scanWide's buffer holds: the
// values gathered before it is emptied (fewer than 64), a block's worth
// more, and room for a whole register stored past the last.
const wideBuffer = 128

// gather appends to the cnt values at buf the 16-bit values of x0
// (splits 0–31 of the block) and x1 (32–63) whose bits are set in k.
func gather(k, x0, x1, buf, cnt Register) {
	m, c := GP64(), GP64()
	z := ZMM()
	hiK := K()
	KMOVQ(k, m)
	isa.CompressWords(x0, k, z)
	VMOVDQU64(z, Mem{Base: buf, Index: cnt, Scale: 2})
	POPCNTL(m.As32(), c.As32())
	ADDQ(c, cnt)
	KSHIFTRQ(U8(32), k, hiK)
	isa.CompressWords(x1, hiK, z)
	VMOVDQU64(z, Mem{Base: buf, Index: cnt, Scale: 2})
	SHRQ(U8(32), m)
	POPCNTQ(m, c)
	ADDQ(c, cnt)
}

// clearGathered clears from the set the cnt values at buf, counting
// those it held off rem, and empties the buffer (label names its loop).
func clearGathered(buf, cnt, set, rem Register, label string) {
	v, w, t := GP64(), GP64(), GP64()
	TESTQ(cnt, cnt)
	JZ(LabelRef(label + "end"))
	Label(label)
	DECQ(cnt)
	MOVWQZX(Mem{Base: buf, Index: cnt, Scale: 2}, v)
	clearValue(v, w, t, set, rem)
	TESTQ(cnt, cnt)
	JNZ(LabelRef(label))
	Label(label + "end")
}

// clearValue clears the value x in v from the set (bit x & 63 of its
// little-endian word x >> 6, which is bit x & 7 of byte x >> 3) and takes
// one off rem if it was there, with w and t as scratch: BTRQ takes the bit
// modulo 64 and leaves it in the carry flag, which SBBQ takes off rem.
func clearValue(v, w, t GPVirtual, set, rem Register) {
	MOVQ(v, w)
	SHRQ(U8(6), w) // word
	MOVQ(Mem{Base: set, Index: w, Scale: 8}, t)
	BTRQ(v, t)
	SBBQ(U8(0), rem)
	MOVQ(t, Mem{Base: set, Index: w, Scale: 8})
}

// takeHits takes apart the block of 64 splits at a + scale·i and
// b + scale·i whose hits are in k: one by one, without branches, each
// value met is cleared from the set and counted off rem (a value met twice
// is cleared once). It jumps to done when the set is empty, and otherwise
// reloads the set (reload) and goes on at loop with i after the block.
func takeHits(k, a, b, i, set, rem Register, scale uint8, loop, done string, reload func()) {
	hits := GP64()
	KMOVQ(k, hits)
	takeHitBits(hits, a, b, i, set, rem, scale, loop, done, reload)
}

// takeHitBits is takeHits with the hits as the bits of a register.
func takeHitBits(hits, a, b, i, set, rem Register, scale uint8, loop, done string, reload func()) {
	pa, pb, t, v, w := GP64(), GP64(), GP64(), GP64(), GP64()
	LEAQ(Mem{Base: a, Index: i, Scale: scale}, pa)
	LEAQ(Mem{Base: b, Index: i, Scale: scale}, pb)
	ADDQ(U8(64), i)
	hit := loop + "hit"
	Label(hit)
	TZCNTQ(hits, t)
	if scale == 1 {
		MOVBQZX(Mem{Base: pa, Index: t, Scale: 1}, v)
		MOVBQZX(Mem{Base: pb, Index: t, Scale: 1}, w)
	} else {
		MOVWQZX(Mem{Base: pa, Index: t, Scale: 2}, v)
		MOVWQZX(Mem{Base: pb, Index: t, Scale: 2}, w)
	}
	XORQ(w, v) // v = x
	clearValue(v, w, t, set, rem)
	BLSRQ(hits, hits)
	JNZ(LabelRef(hit))
	TESTQ(rem, rem)
	JZ(LabelRef(done))
	reload()
	JMP(LabelRef(loop))
}
