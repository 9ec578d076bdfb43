//go:build arm64 && !purego

#include "textflag.h"

// The arm64 tier "neon-pmull" (see kernels_arm64.go). Products in the
// polynomial basis are one PMULL (64×64 → 128 bits, carry-less) and a
// reduction modulo p(x) = x^64 + x^4 + x^3 + x + 1: with the product
// hi·x^64 + lo, hi·K where K = x^4 + x^3 + x + 1 = 0x1b is at most 68
// bits (rlo, rhi), and rhi·K fits in 8 bits, so the reduced product is
// lo ^ rlo ^ rhi·K. Basis changes are byte look-ups in the eight 2 KiB
// tables of a byteMap, one base register per table.

// REDUCE sets lo to hi·x^64 + lo mod p(x) with shifts, in general
// registers (as reduce in basis.go); t is clobbered.
#define REDUCE(hi, lo, t) \
	EOR	hi, lo, lo; \
	EOR	hi<<1, lo, lo; \
	EOR	hi<<3, lo, lo; \
	EOR	hi<<4, lo, lo; \
	LSR	$63, hi, t; \
	EOR	hi>>61, t, t; \
	EOR	hi>>60, t, t; \
	EOR	t, lo, lo; \
	EOR	t<<1, lo, lo; \
	EOR	t<<3, lo, lo; \
	EOR	t<<4, lo, lo

// BASES sets b0…b7 to the eight byte tables of the byteMap at tab.
#define BASES(tab, b0, b1, b2, b3, b4, b5, b6, b7) \
	MOVD	tab, b0; \
	ADD	$2048, b0, b1; \
	ADD	$2048, b1, b2; \
	ADD	$2048, b2, b3; \
	ADD	$2048, b3, b4; \
	ADD	$2048, b4, b5; \
	ADD	$2048, b5, b6; \
	ADD	$2048, b6, b7

// LOOK xors into out the entry of byte lsb/8 of x in the table at base.
#define LOOK(x, lsb, base, t, out) \
	UBFX	$lsb, x, $8, t; \
	MOVD	(base)(t<<3), t; \
	EOR	t, out, out

// APPLY sets out to the byteMap whose tables are at b0…b7 applied to x;
// x, out and t must differ.
#define APPLY(x, out, t, b0, b1, b2, b3, b4, b5, b6, b7) \
	AND	$0xff, x, t; \
	MOVD	(b0)(t<<3), out; \
	LOOK(x, 8, b1, t, out); \
	LOOK(x, 16, b2, t, out); \
	LOOK(x, 24, b3, t, out); \
	LOOK(x, 32, b4, t, out); \
	LOOK(x, 40, b5, t, out); \
	LOOK(x, 48, b6, t, out); \
	LSR	$56, x, t; \
	MOVD	(b7)(t<<3), t; \
	EOR	t, out, out

// The Nimber→Elem tables live in R8–R15, the Elem→Nimber tables in R19–R26.
#define TO_ELEM(x, out, t) APPLY(x, out, t, R8, R9, R10, R11, R12, R13, R14, R15)
#define FROM_ELEM(x, out, t) APPLY(x, out, t, R19, R20, R21, R22, R23, R24, R25, R26)

// CLMUL_REDUCE sets lo to x·y mod p(x) for x, y in general registers,
// through V0–V2; hi is clobbered.
#define CLMUL_REDUCE(x, y, hi, lo, t) \
	FMOVD	x, F0; \
	FMOVD	y, F1; \
	VPMULL	V1.D1, V0.D1, V2.Q1; \
	VMOV	V2.D[0], lo; \
	VMOV	V2.D[1], hi; \
	REDUCE(hi, lo, t)

// REDUCE_PAIR sets out to the reduced low qwords of the 128-bit products
// p0 and p1, (p0 mod p, p1 mod p), with K in both lanes of V31; p0, p1,
// r0 and r1 are clobbered.
#define REDUCE_PAIR(p0, p1, r0, r1, out) \
	VPMULL2	V31.D2, p0.D2, r0.Q1; \
	VPMULL2	V31.D2, p1.D2, r1.Q1; \
	VEOR	r0.B16, p0.B16, p0.B16; \
	VEOR	r1.B16, p1.B16, p1.B16; \
	VPMULL2	V31.D2, r0.D2, r0.Q1; \
	VPMULL2	V31.D2, r1.D2, r1.Q1; \
	VEOR	r0.B16, p0.B16, p0.B16; \
	VEOR	r1.B16, p1.B16, p1.B16; \
	VZIP1	p1.D2, p0.D2, out.D2

// PRODUCTS4 sets V4–V7 to the 128-bit carry-less products of the lanes of
// (x0, x1) and (y0, y1): x0[0]·y0[0], x0[1]·y0[1], x1[0]·y1[0], x1[1]·y1[1].
#define PRODUCTS4(x0, x1, y0, y1) \
	VPMULL	y0.D1, x0.D1, V4.Q1; \
	VPMULL2	y0.D2, x0.D2, V5.Q1; \
	VPMULL	y1.D1, x1.D1, V6.Q1; \
	VPMULL2	y1.D2, x1.D2, V7.Q1

// SETK puts K = 0x1b in both lanes of V31, through R5.
#define SETK \
	MOVD	$0x1b, R5; \
	VDUP	R5, V31.D2

// func elemMulPMULL(a, b uint64) uint64
TEXT ·elemMulPMULL(SB), NOSPLIT, $0-24
	MOVD	a+0(FP), R0
	MOVD	b+8(FP), R1
	CLMUL_REDUCE(R0, R1, R3, R2, R4)
	MOVD	R2, ret+16(FP)
	RET

// func mulPMULL(a, b uint64, to, from *uint64) uint64
TEXT ·mulPMULL(SB), NOSPLIT, $0-40
	MOVD	to+16(FP), R0
	MOVD	from+24(FP), R1
	BASES(R0, R8, R9, R10, R11, R12, R13, R14, R15)
	BASES(R1, R19, R20, R21, R22, R23, R24, R25, R26)
	MOVD	a+0(FP), R0
	MOVD	b+8(FP), R1
	TO_ELEM(R0, R2, R4)
	TO_ELEM(R1, R3, R4)
	CLMUL_REDUCE(R2, R3, R5, R6, R4)
	FROM_ELEM(R6, R0, R4)
	MOVD	R0, ret+32(FP)
	RET

// func mulSlicePMULL(dst, a, b *uint64, n int, to, from *uint64)
TEXT ·mulSlicePMULL(SB), NOSPLIT, $0-48
	MOVD	to+32(FP), R4
	MOVD	from+40(FP), R5
	BASES(R4, R8, R9, R10, R11, R12, R13, R14, R15)
	BASES(R5, R19, R20, R21, R22, R23, R24, R25, R26)
	MOVD	dst+0(FP), R0
	MOVD	a+8(FP), R1
	MOVD	b+16(FP), R2
	MOVD	n+24(FP), R3
	CBZ	R3, mulSliceDone

mulSliceLoop:
	MOVD.P	8(R1), R4
	MOVD.P	8(R2), R5
	TO_ELEM(R4, R6, R16)
	TO_ELEM(R5, R7, R16)
	CLMUL_REDUCE(R6, R7, R4, R5, R16)
	FROM_ELEM(R5, R6, R16)
	MOVD.P	R6, 8(R0)
	SUBS	$1, R3, R3
	BNE	mulSliceLoop

mulSliceDone:
	RET

// func mulConstPMULL(dst, a *uint64, n int, c uint64, to, from *uint64, accumulate bool)
TEXT ·mulConstPMULL(SB), NOSPLIT, $0-49
	MOVD	to+32(FP), R4
	MOVD	from+40(FP), R5
	BASES(R4, R8, R9, R10, R11, R12, R13, R14, R15)
	BASES(R5, R19, R20, R21, R22, R23, R24, R25, R26)
	MOVD	dst+0(FP), R0
	MOVD	a+8(FP), R1
	MOVD	n+16(FP), R3
	MOVD	c+24(FP), R2
	MOVBU	accumulate+48(FP), R17
	CBZ	R3, mulConstDone

mulConstLoop:
	MOVD.P	8(R1), R4
	TO_ELEM(R4, R6, R16)
	CLMUL_REDUCE(R6, R2, R4, R5, R16)
	FROM_ELEM(R5, R6, R16)
	CBZ	R17, mulConstStore
	MOVD	(R0), R7
	EOR	R7, R6, R6

mulConstStore:
	MOVD.P	R6, 8(R0)
	SUBS	$1, R3, R3
	BNE	mulConstLoop

mulConstDone:
	RET

// func dotPMULL(a, b *uint64, n int, to *uint64) (hi, lo uint64)
TEXT ·dotPMULL(SB), NOSPLIT, $0-48
	MOVD	to+24(FP), R4
	BASES(R4, R8, R9, R10, R11, R12, R13, R14, R15)
	MOVD	a+0(FP), R1
	MOVD	b+8(FP), R2
	MOVD	n+16(FP), R3
	VEOR	V3.B16, V3.B16, V3.B16
	CBZ	R3, dotDone

dotLoop:
	MOVD.P	8(R1), R4
	MOVD.P	8(R2), R5
	TO_ELEM(R4, R6, R16)
	TO_ELEM(R5, R7, R16)
	FMOVD	R6, F0
	FMOVD	R7, F1
	VPMULL	V1.D1, V0.D1, V2.Q1
	VEOR	V2.B16, V3.B16, V3.B16
	SUBS	$1, R3, R3
	BNE	dotLoop

dotDone:
	VMOV	V3.D[0], R0
	VMOV	V3.D[1], R1
	MOVD	R1, hi+32(FP)
	MOVD	R0, lo+40(FP)
	RET

// func convertTables(dst, src *uint64, n int, tab *uint64)
TEXT ·convertTables(SB), NOSPLIT, $0-32
	MOVD	tab+24(FP), R4
	BASES(R4, R8, R9, R10, R11, R12, R13, R14, R15)
	MOVD	dst+0(FP), R0
	MOVD	src+8(FP), R1
	MOVD	n+16(FP), R3
	CBZ	R3, convertDone

convertLoop:
	MOVD.P	8(R1), R4
	TO_ELEM(R4, R6, R16)
	MOVD.P	R6, 8(R0)
	SUBS	$1, R3, R3
	BNE	convertLoop

convertDone:
	RET

// func elemMulNEON(dst, a, b *uint64, n int, accumulate bool)
TEXT ·elemMulNEON(SB), NOSPLIT, $0-33
	MOVD	dst+0(FP), R0
	MOVD	a+8(FP), R1
	MOVD	b+16(FP), R2
	MOVD	n+24(FP), R3
	MOVBU	accumulate+32(FP), R4
	SETK
	CBZ	R3, elemMulDone

elemMulLoop:
	VLD1.P	32(R1), [V0.D2, V1.D2]
	VLD1.P	32(R2), [V2.D2, V3.D2]
	PRODUCTS4(V0, V1, V2, V3)
	REDUCE_PAIR(V4, V5, V8, V9, V0)
	REDUCE_PAIR(V6, V7, V10, V11, V1)
	CBZ	R4, elemMulStore
	VLD1	(R0), [V2.D2, V3.D2]
	VEOR	V2.B16, V0.B16, V0.B16
	VEOR	V3.B16, V1.B16, V1.B16

elemMulStore:
	VST1.P	[V0.D2, V1.D2], 32(R0)
	SUBS	$4, R3, R3
	BNE	elemMulLoop

elemMulDone:
	RET

// func elemMulConstNEON(dst, a *uint64, n int, c uint64, accumulate bool)
TEXT ·elemMulConstNEON(SB), NOSPLIT, $0-33
	MOVD	dst+0(FP), R0
	MOVD	a+8(FP), R1
	MOVD	n+16(FP), R3
	MOVD	c+24(FP), R2
	MOVBU	accumulate+32(FP), R4
	VDUP	R2, V30.D2
	SETK
	CBZ	R3, elemMulConstDone

elemMulConstLoop:
	VLD1.P	32(R1), [V0.D2, V1.D2]
	PRODUCTS4(V0, V1, V30, V30)
	REDUCE_PAIR(V4, V5, V8, V9, V0)
	REDUCE_PAIR(V6, V7, V10, V11, V1)
	CBZ	R4, elemMulConstStore
	VLD1	(R0), [V2.D2, V3.D2]
	VEOR	V2.B16, V0.B16, V0.B16
	VEOR	V3.B16, V1.B16, V1.B16

elemMulConstStore:
	VST1.P	[V0.D2, V1.D2], 32(R0)
	SUBS	$4, R3, R3
	BNE	elemMulConstLoop

elemMulConstDone:
	RET

// func butterflyNEON(lo, hi *uint64, n int, c uint64, inverse bool)
TEXT ·butterflyNEON(SB), NOSPLIT, $0-33
	MOVD	lo+0(FP), R0
	MOVD	hi+8(FP), R1
	MOVD	n+16(FP), R3
	MOVD	c+24(FP), R2
	MOVBU	inverse+32(FP), R4
	VDUP	R2, V30.D2
	SETK
	CBZ	R3, butterflyDone

butterflyLoop:
	VLD1	(R0), [V0.D2, V1.D2]
	VLD1	(R1), [V2.D2, V3.D2]
	CBZ	R4, butterflyMul
	VEOR	V0.B16, V2.B16, V2.B16 // inverse: hi ^= lo first
	VEOR	V1.B16, V3.B16, V3.B16

butterflyMul:
	PRODUCTS4(V2, V3, V30, V30)
	REDUCE_PAIR(V4, V5, V8, V9, V12)
	REDUCE_PAIR(V6, V7, V10, V11, V13)
	VEOR	V12.B16, V0.B16, V0.B16 // lo ^= c·hi
	VEOR	V13.B16, V1.B16, V1.B16
	CBNZ	R4, butterflyStore
	VEOR	V0.B16, V2.B16, V2.B16 // forward: hi ^= lo last
	VEOR	V1.B16, V3.B16, V3.B16

butterflyStore:
	VST1.P	[V0.D2, V1.D2], 32(R0)
	VST1.P	[V2.D2, V3.D2], 32(R1)
	SUBS	$4, R3, R3
	BNE	butterflyLoop

butterflyDone:
	RET

// func elemDotNEON(a, b *uint64, n int) (hi, lo uint64)
TEXT ·elemDotNEON(SB), NOSPLIT, $0-40
	MOVD	a+0(FP), R0
	MOVD	b+8(FP), R1
	MOVD	n+16(FP), R3
	VEOR	V16.B16, V16.B16, V16.B16
	VEOR	V17.B16, V17.B16, V17.B16
	CBZ	R3, elemDotDone

elemDotLoop:
	VLD1.P	32(R0), [V0.D2, V1.D2]
	VLD1.P	32(R1), [V2.D2, V3.D2]
	PRODUCTS4(V0, V1, V2, V3)
	VEOR	V4.B16, V16.B16, V16.B16
	VEOR	V5.B16, V17.B16, V17.B16
	VEOR	V6.B16, V16.B16, V16.B16
	VEOR	V7.B16, V17.B16, V17.B16
	SUBS	$4, R3, R3
	BNE	elemDotLoop

elemDotDone:
	VEOR	V17.B16, V16.B16, V16.B16
	VMOV	V16.D[0], R0
	VMOV	V16.D[1], R1
	MOVD	R1, hi+24(FP)
	MOVD	R0, lo+32(FP)
	RET

// func xorNEON(dst, a, b *uint64, n int)
TEXT ·xorNEON(SB), NOSPLIT, $0-32
	MOVD	dst+0(FP), R0
	MOVD	a+8(FP), R1
	MOVD	b+16(FP), R2
	MOVD	n+24(FP), R3
	CBZ	R3, xorDone

xorLoop:
	VLD1.P	64(R1), [V0.D2, V1.D2, V2.D2, V3.D2]
	VLD1.P	64(R2), [V4.D2, V5.D2, V6.D2, V7.D2]
	VEOR	V4.B16, V0.B16, V0.B16
	VEOR	V5.B16, V1.B16, V1.B16
	VEOR	V6.B16, V2.B16, V2.B16
	VEOR	V7.B16, V3.B16, V3.B16
	VST1.P	[V0.D2, V1.D2, V2.D2, V3.D2], 64(R0)
	SUBS	$8, R3, R3
	BNE	xorLoop

xorDone:
	RET
