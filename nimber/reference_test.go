package nimber

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// This file holds the independent references the tests compare against:
// the mex definitions, and the textbook recursion on Fermat 2-powers
// (Conway, On Numbers and Games, ch. 6) that uses neither Karatsuba nor
// log tables.

// mexTables returns the nim-sum table for a, b below the first Fermat
// 2-power F ≥ n, and the nim-product table for a, b < n, both computed from
// the mex definitions alone:
//
//	a ⊕ b = mex({a' ⊕ b : a' < a} ∪ {a ⊕ b' : b' < b})
//	a ⊗ b = mex{(a' ⊗ b) ⊕ (a ⊗ b') ⊕ (a' ⊗ b') : a' < a, b' < b}
//
// The product table adds through the mex sum table, not xor. Products of
// values below n stay below F (the nimbers below F are a field), which
// bounds every table index.
func mexTables(n int) (sum, prod [][]int) {
	f := 2
	for f < n {
		f *= f
	}
	sum, prod = make([][]int, f), make([][]int, n)
	for a := range f {
		sum[a] = make([]int, f)
	}
	for a := range n {
		prod[a] = make([]int, n)
	}
	seen := make([]int, f+1) // seen[v] == stamp marks v as an option
	stamp := 0
	mex := func() int {
		v := 0
		for seen[v] == stamp {
			v++
		}
		return v
	}
	for a := range f {
		for b := range f {
			stamp++
			for a2 := range a {
				seen[sum[a2][b]] = stamp
			}
			for b2 := range b {
				seen[sum[a][b2]] = stamp
			}
			sum[a][b] = mex()
		}
	}
	for a := range n {
		for b := range n {
			stamp++
			for a2 := range a {
				for b2 := range b {
					seen[sum[sum[prod[a2][b]][prod[a][b2]]][prod[a2][b2]]] = stamp
				}
			}
			prod[a][b] = mex()
		}
	}
	return sum, prod
}

// refMul is the textbook recursion: with x = aF ⊕ b, y = cF ⊕ d and
// F = 2^(2^(k−1)),
//
//	x ⊗ y = (a⊗c ⊕ a⊗d ⊕ b⊗c)⊗F ⊕ (a⊗c)⊗(F/2) ⊕ b⊗d
//
// with four products a⊗c, a⊗d, b⊗c, b⊗d (no Karatsuba) and no tables.
func refMul(x, y uint64) uint64 { return refMulHalf(x, y, 32) }

func refMulHalf(x, y uint64, half uint) uint64 {
	if x < 2 || y < 2 {
		return x * y
	}
	for x>>half == 0 && y>>half == 0 {
		half >>= 1
	}
	m := uint64(1)<<half - 1
	a, b, c, d := x>>half, x&m, y>>half, y&m
	ac := refMulHalf(a, c, half/2)
	mid := ac ^ refMulHalf(a, d, half/2) ^ refMulHalf(b, c, half/2)
	return mid<<half ^ refMulHalf(ac, 1<<(half-1), half/2) ^ refMulHalf(b, d, half/2)
}

// refBigMul is the same four-product recursion on math/big integers below
// 2^(2^k), bottoming out in refMul at 64 bits.
func refBigMul(x, y *big.Int, k uint) *big.Int {
	if k <= 6 {
		return new(big.Int).SetUint64(refMul(x.Uint64(), y.Uint64()))
	}
	half := uint(1) << (k - 1)
	mask := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), half), big.NewInt(1))
	a, b := new(big.Int).Rsh(x, half), new(big.Int).And(x, mask)
	c, d := new(big.Int).Rsh(y, half), new(big.Int).And(y, mask)
	ac := refBigMul(a, c, k-1)
	mid := new(big.Int).Xor(ac, refBigMul(a, d, k-1))
	mid.Xor(mid, refBigMul(b, c, k-1))
	halfF := new(big.Int).Lsh(big.NewInt(1), half-1)
	r := new(big.Int).Lsh(mid, half)
	r.Xor(r, refBigMul(ac, halfF, k-1))
	r.Xor(r, refBigMul(b, d, k-1))
	return r
}

// refPow is a^e by repeated reference multiplication.
func refPow(a, e uint64) uint64 {
	r := uint64(1)
	for range e {
		r = refMul(r, a)
	}
	return r
}

// randNimber returns a random nimber whose bit length is itself random,
// so that every subfield size is exercised, including zero halves.
func randNimber(r *rand.Rand) Nimber {
	switch r.IntN(8) {
	case 0:
		return Nimber(r.Uint64() >> r.UintN(64))
	case 1:
		// Sparse: a few bits, to hit zero 16-bit digits.
		i, j := r.UintN(64), r.UintN(64)
		return Nimber(uint64(1)<<i | uint64(1)<<j)
	default:
		return Nimber(r.Uint64())
	}
}

func newRand(t testing.TB) *rand.Rand {
	t.Helper()
	return rand.New(rand.NewPCG(0x6772756e6479, uint64(len(t.Name()))))
}

func TestRefMulMatchesMex(t *testing.T) {
	n := 128
	if testing.Short() {
		n = 64
	}
	sum, prod := mexTables(n)
	for a := range sum {
		for b := range sum {
			if sum[a][b] != a^b {
				t.Fatalf("mex sum %d ⊕ %d = %d, xor gives %d", a, b, sum[a][b], a^b)
			}
		}
	}
	for a := range n {
		for b := range n {
			if got := refMul(uint64(a), uint64(b)); got != uint64(prod[a][b]) {
				t.Fatalf("refMul(%d, %d) = %d, mex definition gives %d", a, b, got, prod[a][b])
			}
		}
	}
}
