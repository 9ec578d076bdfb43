// Package nimfield is Conway's nim field beyond the integers: the ordinals
// below ω^(ω^ω) under nim-addition and nim-multiplication, which form the
// algebraic closure of the field with two elements (Conway, On Numbers
// and Games, ch. 6; Lenstra, "On the algebraic closure of two", 1977).
//
// An Ordinal is written in Cantor normal form
//
//	α = ω^(e_1)·c_1 + … + ω^(e_n)·c_n,   e_1 > … > e_n,
//
// with exponents e_i below ω^ω (values of package ordinal) and natural
// coefficients c_i below 2^64. The nim-sum adds coefficients of equal
// exponents by exclusive or. The nim-product follows Lenstra: for the k-th
// odd prime p (3 is the first), κ_(p^(n+1)) = ω^(ω^(k−1)·p^n), and
//
//	κ_(p^(n+1))^p = κ_(p^n)  (n ≥ 1),     κ_p^p = α_p,
//
// where α_p is the least ordinal below κ_p that is not a p-th power in the
// field of ordinals below κ_p. Writing each exponent digit by digit in base
// p turns ω^e into a product of κ's, so a product of two monomials adds
// digits, carrying downwards, and each carry out of the lowest digit
// multiplies by α_p, an ordinal of smaller primes. Lenstra showed that
// α_p = κ_(f(p)) + m_p, with f(p) the order of 2 modulo p, κ_(f(p)) a sum
// of κ_q over a set Q(p) of prime powers (the Q-set) and m_p a natural
// number (the excess). This package computes Q(p) and m_p itself (see
// the calculator in lenstra.go) and carries the computed values as a table.
//
// Coefficients are kept below 2^64: the finite part of every α_p known
// here lies in GF(2^64), so the ordinals with such coefficients are closed
// under the field operations, and a coefficient is one machine word with
// the fast products of package nimber.
//
// Calc, Batch, Table and ReadMatrix with Matrix.Calc are the calculator
// that grundy nim and the playground share: operations named as the
// verbs are, on nimbers below 2^64 or on ordinals, whose answers (a
// Result, or text from Calc) print as the command line prints them.
package nimfield
