package nimfield

import (
	"math/rand/v2"
	"testing"
)

func BenchmarkMulMonomials(b *testing.B) {
	x, y := mustParse(b, "ω^(ω^2·32)"), mustParse(b, "ω^(ω^2·24)")
	for b.Loop() {
		if _, err := x.Mul(y); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMulRandom(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	xs := make([]Ordinal, 64)
	for i := range xs {
		xs[i] = randOrdinal(r, 4, 16)
	}
	i := 0
	for b.Loop() {
		if _, err := xs[i%64].Mul(xs[(i+1)%64]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkPowLenstra(b *testing.B) {
	x := mustParse(b, "ω^ω^13")
	for b.Loop() {
		if _, err := x.Pow(47); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkInv(b *testing.B) {
	x := mustParse(b, "ω^(ω^2·3) + ω^ω·5 + ω + 1")
	for b.Loop() {
		if _, err := x.Inv(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTowerMul times one product in the field of degree 5060 in which
// the excess of 47 is decided.
func BenchmarkTowerMul(b *testing.B) {
	var c calculator
	v, err := c.prime(47)
	if err != nil {
		b.Fatal(err)
	}
	t, err := c.build(v.Q, v.finite())
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(2, 2))
	x, y := t.zero(), t.zero()
	for i := range x {
		x[i], y[i] = r.Uint64N(1<<(1<<t.j)), r.Uint64N(1<<(1<<t.j))
	}
	b.ResetTimer()
	for b.Loop() {
		t.mul(x, y)
	}
}
