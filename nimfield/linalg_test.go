package nimfield

import (
	"math/rand/v2"
	"testing"

	"github.com/nimbers/grundy/nimber"
)

// leibniz returns Σ over permutations of Π m[i][σ(i)], the determinant
// by its definition (signs vanish in characteristic 2).
func leibniz(t *testing.T, m [][]Ordinal) Ordinal {
	n := len(m)
	var sum Ordinal
	perm := make([]int, n)
	used := make([]bool, n)
	var rec func(i int, prod Ordinal)
	rec = func(i int, prod Ordinal) {
		if i == n {
			sum = sum.Add(prod)
			return
		}
		for j := range n {
			if !used[j] {
				used[j] = true
				perm[i] = j
				rec(i+1, mustMul(t, prod, m[i][j]))
				used[j] = false
			}
		}
	}
	rec(0, Nat(1))
	return sum
}

// TestDet compares Det with the Leibniz formula on random transfinite
// matrices, and with a 2×2 determinant of package nimber below 2^64.
func TestDet(t *testing.T) {
	r := rand.New(rand.NewPCG(55, 10))
	for range 30 {
		n := 1 + r.IntN(4)
		m := make([][]Ordinal, n)
		for i := range m {
			m[i] = make([]Ordinal, n)
			for j := range m[i] {
				if r.IntN(4) > 0 {
					m[i][j] = randIn(r, []uint64{3, 5}, 2, 4)
				}
			}
		}
		if r.IntN(4) == 0 && n > 1 {
			m[n-1] = append([]Ordinal(nil), m[0]...) // singular
		}
		d, err := Det(m)
		if err != nil {
			t.Fatal(err)
		}
		if want := leibniz(t, m); !d.Equal(want) {
			t.Fatalf("det %v = %v, by Leibniz %v", m, d, want)
		}
		rk, _ := Rank(m)
		if (rk == n) == d.IsZero() {
			t.Fatalf("%v: rank %d, det %v", m, rk, d)
		}
	}
	a, b, c, d := nimber.Nimber(r.Uint64()), nimber.Nimber(r.Uint64()), nimber.Nimber(r.Uint64()), nimber.Nimber(r.Uint64())
	got, _ := Det([][]Ordinal{{Nat(uint64(a)), Nat(uint64(b))}, {Nat(uint64(c)), Nat(uint64(d))}})
	if x, ok := got.IsFinite(); !ok || x != uint64(a.Mul(d)^b.Mul(c)) {
		t.Errorf("2×2 determinant %v, package nimber %d", got, a.Mul(d)^b.Mul(c))
	}
}
