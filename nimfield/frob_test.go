package nimfield

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestFrobByPlan compares the Frobenius powers by substitution with
// repeated squaring, on random elements of towers of several shapes.
func TestFrobByPlan(t *testing.T) {
	r := rand.New(rand.NewPCG(55, 8))
	c := calculator{Known: func(p int) (Prime, bool) {
		k := oddPrimeIndex(p)
		if k < len(table) && p == oddPrime(k) {
			return table[k], true
		}
		return Prime{}, false
	}}
	for _, shape := range []struct {
		qs  []int
		fin uint64
	}{{[]int{3}, 0}, {[]int{5}, 7}, {[]int{3, 5}, 200}, {[]int{9, 7}, 1 << 20}, {[]int{11}, 3}, {[]int{25}, 1 << 40}} {
		tw, err := c.build(shape.qs, shape.fin)
		if err != nil {
			t.Fatal(err)
		}
		E := tw.degree()
		mask := uint64(1)<<(1<<tw.j) - 1
		if tw.j == 6 {
			mask = ^uint64(0)
		}
		for range 4 {
			a := tw.zero()
			for i := range a {
				a[i] = r.Uint64() & mask
			}
			for _, k := range []int{frobSquarings + 1, 17, 31, E / 2, E - 1, E + 20, 3*E/4 + 5} {
				if !equalWords(tw.frob(a, k), tw.frobSquare(a, k%E)) {
					t.Fatalf("tower %v (degree %d): a^(2^%d) by substitution differs from squaring", shape.qs, E, k)
				}
			}
		}
	}
}

// TestPowWindow compares pow's sliding window with plain square and
// multiply, for exponents past 64 bits.
func TestPowWindow(t *testing.T) {
	r := rand.New(rand.NewPCG(55, 9))
	c := calculator{Known: func(p int) (Prime, bool) {
		k := oddPrimeIndex(p)
		if k < len(table) && p == oddPrime(k) {
			return table[k], true
		}
		return Prime{}, false
	}}
	tw, err := c.build([]int{3, 5}, 200)
	if err != nil {
		t.Fatal(err)
	}
	for range 20 {
		a := tw.zero()
		for i := range a {
			a[i] = r.Uint64() & 0xff
		}
		e := new(big.Int)
		for range 2 + r.IntN(4) {
			e.Lsh(e, 64).Or(e, new(big.Int).SetUint64(r.Uint64()))
		}
		want := tw.one()
		for i := e.BitLen() - 1; i >= 0; i-- {
			want = tw.square(want)
			if e.Bit(i) == 1 {
				want = tw.mul(want, a)
			}
		}
		if !equalWords(tw.pow(a, e), want) {
			t.Fatalf("a^%v by the window differs", e)
		}
	}
}
