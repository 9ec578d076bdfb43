package sps

import "testing"

func benchSeries(n int) Series {
	f := randSeries(newRand(9), n)
	f[0] = 0
	return f
}

func BenchmarkSubsetConv20(b *testing.B) {
	f, g := benchSeries(20), benchSeries(20)
	for b.Loop() {
		_, _ = SubsetConv(b.Context(), f, g, nil)
	}
}

func BenchmarkExp20(b *testing.B) {
	f := benchSeries(20)
	for b.Loop() {
		_, _ = Exp(b.Context(), f, nil)
	}
}

func BenchmarkBinomialExp20(b *testing.B) {
	f := benchSeries(20)
	for b.Loop() {
		_, _ = BinomialExp(b.Context(), f, nil)
	}
}
