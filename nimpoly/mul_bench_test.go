package nimpoly

import (
	"fmt"
	"testing"
)

func BenchmarkMul2to20(b *testing.B) {
	r := newRand(3)
	p, q := randPoly(r, 1<<20+1), randPoly(r, 1<<20+1)
	for b.Loop() {
		_ = p.Mul(q)
	}
}

// BenchmarkCrossover times each algorithm on equal sizes, for tuning
// karatsubaMin and fftMin.
func BenchmarkCrossover(b *testing.B) {
	r := newRand(4)
	for _, n := range []int{16, 32, 48, 64, 128, 256, 512, 1024, 2048, 4096} {
		ea, eb := toElems(randPoly(r, n)), toElems(randPoly(r, n))
		b.Run(fmt.Sprintf("schoolbook/%d", n), func(b *testing.B) {
			for b.Loop() {
				_ = mulSchoolbook(ea, eb)
			}
		})
		b.Run(fmt.Sprintf("karatsuba/%d", n), func(b *testing.B) {
			for b.Loop() {
				_ = karatsuba(ea, eb)
			}
		})
		b.Run(fmt.Sprintf("fft/%d", n), func(b *testing.B) {
			for b.Loop() {
				_ = mulFFT(ea, eb)
			}
		})
	}
}
