package nimber

import (
	"math/rand/v2"
	"testing"
)

// benchOperands returns 1024 random full-width nimbers.
func benchOperands() []Nimber {
	r := rand.New(rand.NewPCG(1, 2))
	xs := make([]Nimber, 1024)
	for i := range xs {
		xs[i] = Nimber(r.Uint64())
	}
	return xs
}

var sink Nimber

func BenchmarkMul(b *testing.B) {
	xs := benchOperands()
	var acc Nimber
	i := 0
	for b.Loop() {
		acc ^= xs[i&1023].Mul(xs[(i+1)&1023])
		i++
	}
	sink = acc
}

// BenchmarkMulChain measures latency: each product depends on the last.
func BenchmarkMulChain(b *testing.B) {
	xs := benchOperands()
	acc := Nimber(3)
	i := 0
	for b.Loop() {
		acc = acc.Mul(xs[i&1023]) | 1
		i++
	}
	sink = acc
}

func BenchmarkMul32(b *testing.B) {
	xs := benchOperands()
	var acc Nimber
	i := 0
	for b.Loop() {
		acc ^= (xs[i&1023] & 0xffffffff).Mul(xs[(i+1)&1023] & 0xffffffff)
		i++
	}
	sink = acc
}

// BenchmarkMulReference is the table-free four-product recursion of
// seed 000, for comparison.
func BenchmarkMulReference(b *testing.B) {
	xs := benchOperands()
	var acc uint64
	i := 0
	for b.Loop() {
		acc ^= refMul(uint64(xs[i&1023]), uint64(xs[(i+1)&1023]))
		i++
	}
	sink = Nimber(acc)
}

func BenchmarkSquare(b *testing.B) {
	xs := benchOperands()
	var acc Nimber
	i := 0
	for b.Loop() {
		acc ^= xs[i&1023].Square()
		i++
	}
	sink = acc
}

func BenchmarkSqrt(b *testing.B) {
	xs := benchOperands()
	var acc Nimber
	i := 0
	for b.Loop() {
		acc ^= xs[i&1023].Sqrt()
		i++
	}
	sink = acc
}

func BenchmarkInv(b *testing.B) {
	xs := benchOperands()
	var acc Nimber
	i := 0
	for b.Loop() {
		acc ^= xs[i&1023].Inv()
		i++
	}
	sink = acc
}

func BenchmarkPow(b *testing.B) {
	xs := benchOperands()
	var acc Nimber
	i := 0
	for b.Loop() {
		acc ^= xs[i&1023].Pow(uint64(xs[(i+1)&1023]))
		i++
	}
	sink = acc
}

func BenchmarkLog(b *testing.B) {
	xs := benchOperands()
	i := 0
	for b.Loop() {
		_, _ = xs[i&1023].Log(PrimitiveRoot)
		i++
	}
}

func BenchmarkSolveQuadratic(b *testing.B) {
	xs := benchOperands()
	i := 0
	for b.Loop() {
		_ = SolveQuadratic(xs[i&1023], xs[(i+1)&1023])
		i++
	}
}

func benchBigMul(b *testing.B, bits int) {
	r := rand.New(rand.NewPCG(3, 4))
	x, y := randBig(r, bits), randBig(r, bits)
	for b.Loop() {
		_ = x.Mul(y)
	}
}

func BenchmarkBigMul128(b *testing.B)  { benchBigMul(b, 128) }
func BenchmarkBigMul256(b *testing.B)  { benchBigMul(b, 256) }
func BenchmarkBigMul4096(b *testing.B) { benchBigMul(b, 4096) }

func BenchmarkBigInv4096(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	x := randBig(r, 4096)
	for b.Loop() {
		_ = x.Inv()
	}
}
