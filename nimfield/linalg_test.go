package nimfield

import (
	"errors"

	"github.com/nimbers/grundy/nimmat"
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
		d, err := det(m)
		if err != nil {
			t.Fatal(err)
		}
		if want := leibniz(t, m); !d.Equal(want) {
			t.Fatalf("det %v = %v, by Leibniz %v", m, d, want)
		}
		rk, _ := rank(m)
		if (rk == n) == d.IsZero() {
			t.Fatalf("%v: rank %d, det %v", m, rk, d)
		}
	}
	a, b, c, d := nimber.Nimber(r.Uint64()), nimber.Nimber(r.Uint64()), nimber.Nimber(r.Uint64()), nimber.Nimber(r.Uint64())
	got, _ := det([][]Ordinal{{Nat(uint64(a)), Nat(uint64(b))}, {Nat(uint64(c)), Nat(uint64(d))}})
	if x, ok := got.IsFinite(); !ok || x != uint64(a.Mul(d)^b.Mul(c)) {
		t.Errorf("2×2 determinant %v, package nimber %d", got, a.Mul(d)^b.Mul(c))
	}
}

// randMatrix returns a random rows×cols matrix of transfinite nimbers,
// about a quarter of its entries 0.
func randMatrix(r *rand.Rand, rows, cols int) [][]Ordinal {
	m := make([][]Ordinal, rows)
	for i := range m {
		m[i] = make([]Ordinal, cols)
		for j := range m[i] {
			if r.IntN(4) > 0 {
				m[i][j] = randIn(r, []uint64{3, 5}, 2, 4)
			}
		}
	}
	return m
}

// apply returns m·x.
func apply(t *testing.T, m [][]Ordinal, x []Ordinal) []Ordinal {
	out := make([]Ordinal, len(m))
	for i, row := range m {
		for j, a := range row {
			out[i] = out[i].Add(mustMul(t, a, x[j]))
		}
	}
	return out
}

// TestInverse checks that m·inverse(m) is the identity for random
// matrices Det calls invertible, and that Inverse refuses the others.
func TestInverse(t *testing.T) {
	r := rand.New(rand.NewPCG(55, 11))
	for range 30 {
		n := 1 + r.IntN(4)
		m := randMatrix(r, n, n)
		if r.IntN(4) == 0 && n > 1 {
			m[n-1] = append([]Ordinal(nil), m[0]...)
		}
		d, err := det(m)
		if err != nil {
			t.Fatal(err)
		}
		inv, err := inverse(m)
		if d.IsZero() {
			if !errors.Is(err, nimmat.ErrSingular) {
				t.Fatalf("inverse of %v (det 0): %v", m, err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		for j := range n {
			col := make([]Ordinal, n)
			for i := range n {
				col[i] = inv[i][j]
			}
			for i, v := range apply(t, m, col) {
				if want := boolNat(i == j); !v.Equal(want) {
					t.Fatalf("%v · %v: entry (%d,%d) is %v", m, inv, i, j, v)
				}
			}
		}
	}
}

func boolNat(b bool) Ordinal {
	if b {
		return Nat(1)
	}
	return Ordinal{}
}

// TestSolveLinear checks SolveLinear on random systems: a solution
// solves, each null vector is in the kernel, their number is the
// unknowns less the rank, and a system is refused exactly when the
// augmented matrix has the larger rank.
func TestSolveLinear(t *testing.T) {
	r := rand.New(rand.NewPCG(55, 12))
	for range 40 {
		rows, cols := 1+r.IntN(4), 1+r.IntN(4)
		ab := randMatrix(r, rows, cols+1)
		a := make([][]Ordinal, rows)
		for i := range ab {
			a[i] = ab[i][:cols]
		}
		rankA, err := rank(a)
		if err != nil {
			t.Fatal(err)
		}
		rankAB, _ := rank(ab)
		x, null, err := solveLinear(ab)
		if rankAB > rankA {
			if !errors.Is(err, nimmat.ErrInconsistent) {
				t.Fatalf("%v: %v, want no solution", ab, err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range apply(t, a, x) {
			if !v.Equal(ab[i][cols]) {
				t.Fatalf("%v: x = %v gives %v in row %d", ab, x, v, i)
			}
		}
		if len(null) != cols-rankA {
			t.Fatalf("%v: %d null vectors, want %d", ab, len(null), cols-rankA)
		}
		for _, v := range null {
			for _, y := range apply(t, a, v) {
				if !y.IsZero() {
					t.Fatalf("%v: %v is not in the kernel", ab, v)
				}
			}
		}
	}
}
