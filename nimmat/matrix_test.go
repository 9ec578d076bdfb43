package nimmat

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/nimber"
)

func newRand(s uint64) *rand.Rand { return rand.New(rand.NewPCG(s, 0x6e696d6d6174)) }

// randMatrix returns a random rows×cols matrix; with small, entries are
// below 4 so that singular matrices and zero pivots are common.
func randMatrix(r *rand.Rand, rows, cols int, small bool) *Matrix {
	m := New(rows, cols)
	for i := range m.data {
		if small {
			m.data[i] = nimber.Nimber(r.UintN(4))
		} else {
			m.data[i] = nimber.Nimber(r.Uint64())
		}
	}
	return m
}

// bruteDet is the permanent (= determinant) by summing over every
// permutation: the definition, for n ≤ 8.
func bruteDet(m *Matrix) nimber.Nimber {
	n := m.rows
	perm := make([]int, n)
	used := make([]bool, n)
	var sum nimber.Nimber
	var rec func(i int, prod nimber.Nimber)
	rec = func(i int, prod nimber.Nimber) {
		if prod == 0 {
			return
		}
		if i == n {
			sum ^= prod
			return
		}
		for j := range n {
			if !used[j] {
				used[j], perm[i] = true, j
				rec(i+1, prod.Mul(m.At(i, j)))
				used[j] = false
			}
		}
	}
	rec(0, 1)
	return sum
}

// textbookDet is Gaussian elimination on [][]Nimber with scalar Mul and
// Inv: no polynomial basis, no kernels, no padding.
func textbookDet(m *Matrix) nimber.Nimber {
	n := m.rows
	a := make([][]nimber.Nimber, n)
	for i := range n {
		a[i] = append([]nimber.Nimber(nil), m.Row(i)...)
	}
	d := nimber.Nimber(1)
	for k := range n {
		p := k
		for p < n && a[p][k] == 0 {
			p++
		}
		if p == n {
			return 0
		}
		a[k], a[p] = a[p], a[k]
		d = d.Mul(a[k][k])
		inv := a[k][k].Inv()
		for i := k + 1; i < n; i++ {
			f := a[i][k].Mul(inv)
			for j := k; j < n; j++ {
				a[i][j] ^= f.Mul(a[k][j])
			}
		}
	}
	return d
}

// naiveMul is the triple loop with scalar Mul.
func naiveMul(a, b *Matrix) *Matrix {
	c := New(a.rows, b.cols)
	for i := range a.rows {
		for j := range b.cols {
			var s nimber.Nimber
			for k := range a.cols {
				s ^= a.At(i, k).Mul(b.At(k, j))
			}
			c.set(i, j, s)
		}
	}
	return c
}

func TestDetBruteForce(t *testing.T) {
	r := newRand(1)
	for n := 0; n <= 7; n++ {
		for trial := range 20 {
			m := randMatrix(r, n, n, trial%2 == 0)
			d, err := m.Det(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			if want := bruteDet(m); d != want {
				t.Fatalf("n=%d: Det = %#x, permanent by brute force = %#x\n%v", n, d, want, m.data)
			}
		}
	}
}

func TestDetTextbook(t *testing.T) {
	r := newRand(2)
	for _, n := range []int{8, 9, 15, 16, 17, 31, 64, 100} {
		for trial := range 3 {
			m := randMatrix(r, n, n, trial == 0)
			d, _ := m.Det(context.Background(), nil)
			if want := textbookDet(m); d != want {
				t.Fatalf("n=%d: Det = %#x, textbook elimination %#x", n, d, want)
			}
		}
	}
}

func TestDetProperties(t *testing.T) {
	r := newRand(3)
	for range 20 {
		n := 1 + r.IntN(20)
		a, b := randMatrix(r, n, n, false), randMatrix(r, n, n, false)
		da, _ := a.Det(context.Background(), nil)
		db, _ := b.Det(context.Background(), nil)
		dab, _ := a.Mul(b).Det(context.Background(), nil)
		if dab != da.Mul(db) {
			t.Fatalf("det(AB) ≠ det(A) det(B) at n=%d", n)
		}
		if dt, _ := a.transpose().Det(context.Background(), nil); dt != da {
			t.Fatal("det(Aᵀ) ≠ det(A)")
		}
	}
	if _, err := New(2, 3).Det(context.Background(), nil); !errors.Is(err, ErrNotSquare) {
		t.Errorf("Det of 2×3: %v", err)
	}
	if d, _ := New(3, 3).Det(context.Background(), nil); d != 0 {
		t.Error("det of zero matrix")
	}
	if d, _ := New(0, 0).Det(context.Background(), nil); d != 1 {
		t.Error("det of the empty matrix should be 1")
	}
}

func TestMul(t *testing.T) {
	r := newRand(4)
	for range 20 {
		n, k, m := 1+r.IntN(20), 1+r.IntN(20), 1+r.IntN(20)
		a, b := randMatrix(r, n, k, false), randMatrix(r, k, m, false)
		if !a.Mul(b).equal(naiveMul(a, b)) {
			t.Fatalf("%d×%d · %d×%d differs from the triple loop", n, k, k, m)
		}
		x := randMatrix(r, k, 1, false)
		y := a.mulVec(x.data)
		if !equalVec(y, naiveMul(a, x).data) {
			t.Fatal("MulVec differs")
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("mismatched product did not panic")
		}
	}()
	New(2, 3).Mul(New(2, 3))
}

func equalVec(a, b []nimber.Nimber) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestInverse(t *testing.T) {
	r := newRand(5)
	for range 30 {
		n := 1 + r.IntN(40)
		a := randMatrix(r, n, n, false)
		inv, err := a.Inverse(context.Background(), nil)
		if err != nil {
			t.Fatalf("random %d×%d matrix reported singular", n, n)
		}
		if !naiveMul(a, inv).equal(identity(n)) || !naiveMul(inv, a).equal(identity(n)) {
			t.Fatalf("A·A⁻¹ ≠ I at n=%d", n)
		}
	}
	// Singular: two equal rows.
	a := randMatrix(r, 5, 5, false)
	copy(a.Row(3), a.Row(1))
	if _, err := a.Inverse(context.Background(), nil); !errors.Is(err, ErrSingular) {
		t.Errorf("singular matrix: %v", err)
	}
	if _, err := New(2, 3).Inverse(context.Background(), nil); !errors.Is(err, ErrNotSquare) {
		t.Errorf("non-square: %v", err)
	}
}

// textbookRank counts pivots by elimination with scalar operations.
func textbookRank(m *Matrix) int {
	a := make([][]nimber.Nimber, m.rows)
	for i := range m.rows {
		a[i] = append([]nimber.Nimber(nil), m.Row(i)...)
	}
	rank := 0
	for c := 0; c < m.cols && rank < m.rows; c++ {
		p := rank
		for p < m.rows && a[p][c] == 0 {
			p++
		}
		if p == m.rows {
			continue
		}
		a[rank], a[p] = a[p], a[rank]
		inv := a[rank][c].Inv()
		for i := rank + 1; i < m.rows; i++ {
			f := a[i][c].Mul(inv)
			for j := c; j < m.cols; j++ {
				a[i][j] ^= f.Mul(a[rank][j])
			}
		}
		rank++
	}
	return rank
}

func TestRankAndRREF(t *testing.T) {
	r := newRand(6)
	for range 40 {
		n, m, k := 1+r.IntN(25), 1+r.IntN(25), 1+r.IntN(12)
		// A product through k dimensions has rank ≤ k.
		a := randMatrix(r, n, k, r.IntN(2) == 0).Mul(randMatrix(r, k, m, r.IntN(2) == 0))
		rank := rankOf(a)
		if want := textbookRank(a); rank != want || rank > min(n, m, k) {
			t.Fatalf("%d×%d through %d: Rank %d, textbook %d", n, m, k, rank, want)
		}
		rref, pivots := rrefOf(a)
		if len(pivots) != rank {
			t.Fatalf("RREF has %d pivots, rank %d", len(pivots), rank)
		}
		for i, c := range pivots {
			for j := range n {
				want := nimber.Nimber(0)
				if j == i {
					want = 1
				}
				if rref.At(j, c) != want {
					t.Fatalf("RREF column %d is not a unit vector", c)
				}
			}
			for c2 := range c {
				if rref.At(i, c2) != 0 {
					t.Fatalf("RREF row %d has an entry before its pivot", i)
				}
			}
		}
		for i := rank; i < n; i++ {
			for j := range m {
				if rref.At(i, j) != 0 {
					t.Fatal("RREF row past the rank is not zero")
				}
			}
		}
		// RREF keeps the row space: its rows stacked under a keep the rank.
		stacked := New(2*n, m)
		copy(stacked.data, a.data)
		copy(stacked.data[n*m:], rref.data)
		if rankOf(stacked) != rank {
			t.Fatal("RREF changed the row space")
		}
	}
}

func TestSolve(t *testing.T) {
	r := newRand(7)
	for range 40 {
		n, m := 1+r.IntN(20), 1+r.IntN(20)
		a := randMatrix(r, n, m, r.IntN(3) == 0)
		if r.IntN(2) == 0 && n > 1 {
			copy(a.Row(0), a.Row(n-1)) // make it rank-deficient
		}
		// A consistent right side: b = A·x0.
		x0 := randMatrix(r, m, 1, false).data
		b := a.mulVec(x0)
		x, null, err := a.Solve(context.Background(), b, nil)
		if err != nil {
			t.Fatalf("consistent system reported %v", err)
		}
		if !equalVec(a.mulVec(x), b) {
			t.Fatal("Solve's x does not satisfy A·x = b")
		}
		if len(null) != m-rankOf(a) {
			t.Fatalf("null space of dimension %d, want %d", len(null), m-rankOf(a))
		}
		for _, v := range null {
			if !equalVec(a.mulVec(v), make([]nimber.Nimber, n)) {
				t.Fatal("null-space vector with A·v ≠ 0")
			}
		}
		if ns := nullOf(a); len(ns) != len(null) {
			t.Fatal("NullSpace differs from Solve's")
		}
		// The null-space basis is independent.
		if len(null) > 0 {
			nm, _ := fromRows(null)
			if rankOf(nm) != len(null) {
				t.Fatal("null-space basis is dependent")
			}
		}
	}
	// Inconsistent: x + y = 1 and x + y = 2.
	a, _ := fromRows([][]nimber.Nimber{{1, 1}, {1, 1}})
	if _, _, err := a.Solve(context.Background(), []nimber.Nimber{1, 2}, nil); !errors.Is(err, ErrInconsistent) {
		t.Errorf("inconsistent system: %v", err)
	}
}

func TestFromRows(t *testing.T) {
	if _, err := fromRows([][]nimber.Nimber{{1, 2}, {3}}); err == nil {
		t.Error("ragged rows accepted")
	}
	m, err := fromRows([][]nimber.Nimber{{1, 2}, {3, 4}})
	if err != nil || m.At(1, 0) != 3 || m.Rows() != 2 || m.Cols() != 2 {
		t.Error("FromRows")
	}
}

// benchDet times a determinant of order n; on Linux it also reports
// cpu-ms/op, the thread's CPU time, which other programs on a loaded
// machine disturb less.
func benchDet(b *testing.B, n int) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	m := randMatrix(newRand(9), n, n, false)
	cpu0, ok := threadCPU()
	for b.Loop() {
		if _, err := m.Det(context.Background(), nil); err != nil {
			b.Fatal(err)
		}
	}
	if cpu1, _ := threadCPU(); ok {
		b.ReportMetric(float64(cpu1-cpu0)/1e6/float64(b.N), "cpu-ms/op")
	}
}

func BenchmarkDet150(b *testing.B)  { benchDet(b, 150) }
func BenchmarkDet1000(b *testing.B) { benchDet(b, 1000) }

func BenchmarkInverse150(b *testing.B) {
	m := randMatrix(newRand(10), 150, 150, false)
	for b.Loop() {
		_, _ = m.Inverse(context.Background(), nil)
	}
}

// rankOf, rrefOf and nullOf are the eliminations with no limit, for
// matrices that are small.
func rankOf(m *Matrix) int {
	r, err := m.Rank(context.Background(), nil)
	if err != nil {
		panic(err)
	}
	return r
}

func rrefOf(m *Matrix) (*Matrix, []int) {
	r, pivots, err := m.rref(context.Background(), nil)
	if err != nil {
		panic(err)
	}
	return r, pivots
}

func nullOf(m *Matrix) [][]nimber.Nimber {
	ns, err := m.nullSpaceOf(context.Background(), nil)
	if err != nil {
		panic(err)
	}
	return ns
}

// TestLimits checks that every elimination refuses past its limit before
// working, stops when cancelled, and reports each pivot.
func TestLimits(t *testing.T) {
	m := randMatrix(newRand(9), 64, 64, false)
	small := &budget.Options{Limit: 1000}
	ctx := context.Background()
	ops := map[string]func(context.Context, *budget.Options) error{
		"Det":       func(c context.Context, o *budget.Options) error { _, err := m.Det(c, o); return err },
		"Rank":      func(c context.Context, o *budget.Options) error { _, err := m.Rank(c, o); return err },
		"RREF":      func(c context.Context, o *budget.Options) error { _, _, err := m.rref(c, o); return err },
		"Inverse":   func(c context.Context, o *budget.Options) error { _, err := m.Inverse(c, o); return err },
		"NullSpace": func(c context.Context, o *budget.Options) error { _, err := m.nullSpaceOf(c, o); return err },
		"Solve": func(c context.Context, o *budget.Options) error {
			_, _, err := m.Solve(c, make([]nimber.Nimber, 64), o)
			return err
		},
	}
	for name, op := range ops {
		var tl *budget.TooLargeError
		if err := op(ctx, small); !errors.As(err, &tl) || tl.Estimate < 64*64*64/3 {
			t.Errorf("%s within 1000 multiply-adds: %v", name, err)
		}
		reports := 0
		if err := op(ctx, &budget.Options{Progress: func(done, total int) { reports++ }}); err != nil || reports < 60 {
			t.Errorf("%s: %v, %d reports", name, err, reports)
		}
		c, cancel := context.WithCancel(ctx)
		if err := op(c, &budget.Options{Progress: func(done, total int) {
			if done == 5 {
				cancel()
			}
		}}); !errors.Is(err, context.Canceled) {
			t.Errorf("%s cancelled at the fifth pivot: %v", name, err)
		}
		cancel()
	}
	// The estimate of a determinant is about n³/3.
	if c, n := eliminationCost(1000, 1000, 1000, false), 1000.0; math.Abs(c/(n*n*n/3)-1) > 0.02 {
		t.Errorf("determinant of order 1000: estimate %g, want about %g", c, n*n*n/3)
	}
}

// TestSolveRefusesLargeNullSpace checks that a system whose null space
// alone passes the budget (no equations, 23 029 unknowns: at least
// 23 029² entries) is refused before any work, and a small one is not.
func TestSolveRefusesLargeNullSpace(t *testing.T) {
	_, _, err := New(0, 23029).Solve(context.Background(), nil, nil)
	var tl *budget.TooLargeError
	if !errors.As(err, &tl) || tl.Estimate < 23029*23029 {
		t.Fatalf("Solve of a 0×23029 system: %v, want a TooLargeError of at least 23029² entries", err)
	}
	x, null, err := New(0, 3).Solve(context.Background(), nil, nil)
	if err != nil || len(x) != 3 || len(null) != 3 {
		t.Fatalf("Solve of a 0×3 system = %v, %d null vectors, %v; want 3 unknowns and 3 vectors", x, len(null), err)
	}
}
