// Package nimber implements Conway's field of nimbers: the non-negative
// integers with nim-addition ⊕ and nim-multiplication ⊗.
//
// The nim-sum a ⊕ b = mex({a' ⊕ b : a' < a} ∪ {a ⊕ b' : b' < b}) is the
// bitwise exclusive or. The nim-product
//
//	a ⊗ b = mex{(a' ⊗ b) ⊕ (a ⊗ b') ⊕ (a' ⊗ b') : a' < a, b' < b}
//
// is the value of a two-dimensional game (turn the four corners of a
// rectangle), and makes every set [0, 2^(2^k)) a finite field GF(2^(2^k)).
// Two rules of Fermat 2-powers F = 2^(2^k) determine it:
//
//	F ⊗ y = F·y      for y < F
//	F ⊗ F = 3/2·F    (= F ⊕ F/2)
//
// so a product of two numbers below F² splits, Karatsuba style, into three
// products of halves below F.
//
// The type Nimber holds the field GF(2^64) of nimbers below 2^64. Products
// use that halving down to 16-bit digits, where a product is a look-up in
// log/exp tables built once from a primitive element of GF(2^16); on amd64
// with PCLMULQDQ and arm64 with PMULL, products of operands beyond 32 bits
// go through the polynomial basis of Elem instead, with smaller tables.
// The batch operations MulSlice, MulConstSlice and DotProduct use AVX-512
// or AVX2 where the CPU has them, and NEON with PMULL on arm64.
// The type Big holds nimbers of any size, in the fields GF(2^(2^k)) for
// every k, with the same recursion on 64-bit words.
//
// Worked example: 2 ⊗ 2 = 3 (F = 2 in the second rule), 4 ⊗ 4 = 6,
// 16 ⊗ 16 = 24, and 8 ⊗ 8 = 13:
//
//	nimber.Nimber(8).Mul(8) // 13
package nimber
