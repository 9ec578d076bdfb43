package nimpoly

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nimbers/grundy/nimber"
)

func newRand(s uint64) *rand.Rand { return rand.New(rand.NewPCG(s, 0x706f6c79)) }

func randPoly(r *rand.Rand, n int) Poly {
	p := make(Poly, n)
	for i := range p {
		p[i] = nimber.Nimber(r.Uint64())
	}
	return p
}

// schoolbook is the reference product: the double loop with scalar Mul.
func schoolbook(a, b Poly) Poly {
	if len(a) == 0 || len(b) == 0 {
		return nil
	}
	r := make(Poly, len(a)+len(b)-1)
	for i, x := range a {
		for j, y := range b {
			r[i+j] ^= x.Mul(y)
		}
	}
	return r.trim()
}

func TestCantorBasis(t *testing.T) {
	want := []nimber.Nimber{1, 2, 4, 10, 20, 32, 76, 174, 338}
	for i, w := range want {
		if cantor[i] != w {
			t.Errorf("β%d = %d, want %d", i, cantor[i], w)
		}
	}
	for i := 1; i < 64; i++ {
		b := cantor[i]
		if b.Mul(b)^b != cantor[i-1] || uint64(b)>>i != 1 {
			t.Fatalf("β%d = %#x: not a Cantor basis element with top bit %d", i, b, i)
		}
	}
	// The span of β0..β(k−1) is 0..2^k−1: omega is a bijection there.
	seen := make([]bool, 1<<12)
	for t2 := range 1 << 12 {
		w := omega(t2)
		if w >= 1<<12 || seen[w] {
			t.Fatalf("omega(%d) = %d repeats or leaves the range", t2, w)
		}
		seen[w] = true
	}
}

// subspacePoly returns W_j by its definition Π_{v < 2^j} (x − v).
func subspacePoly(j int) Poly {
	w := Poly{1}
	for v := range 1 << j {
		w = schoolbook(w, Poly{nimber.Nimber(v), 1})
	}
	return w
}

func TestSubspacePolynomials(t *testing.T) {
	for j := 0; j <= 7; j++ {
		w := subspacePoly(j)
		// 0/1 coefficients at the exponents 2^i, i ⊆ j.
		want := make(Poly, 1<<j+1)
		want[1<<j] = 1
		for _, e := range subspaceExps(j) {
			want[e] = 1
		}
		if !w.equal(want) {
			t.Fatalf("W_%d = %v, want %v", j, w, want)
		}
		if w.Eval(cantor[j]) != 1 {
			t.Fatalf("W_%d(β%d) ≠ 1", j, j)
		}
	}
}

func TestNovelBasisAndTransform(t *testing.T) {
	r := newRand(1)
	for k := 0; k <= 9; k++ {
		n := 1 << k
		p := randPoly(r, n)
		a := toElems(p)
		toNovel(a)
		// The novel coefficients recombine to p: Σ a_i X_i.
		var sum Poly
		for i, c := range a {
			x := Poly{1}
			for j := 0; j < k; j++ {
				if i>>j&1 == 1 {
					x = schoolbook(x, subspacePoly(j))
				}
			}
			sum = sum.Add(x.scale(c.Nimber()))
		}
		if !sum.equal(p) && k <= 6 {
			t.Fatalf("k=%d: novel basis coefficients do not recombine", k)
		}
		b := slices.Clone(a)
		fromNovel(b)
		if !fromElems(b).equal(p) {
			t.Fatalf("k=%d: fromNovel ∘ toNovel ≠ identity", k)
		}
		// The transform evaluates at omega(t).
		tw := twiddles(n)
		forwardFFT(a, tw)
		for i := range n {
			if a[i].Nimber() != p.Eval(omega(i)) {
				t.Fatalf("k=%d: transform at %d is %#x, p(ω) = %#x", k, i, a[i].Nimber(), p.Eval(omega(i)))
			}
		}
		inverseFFT(a, tw)
		fromNovel(a)
		if !fromElems(a).equal(p) {
			t.Fatalf("k=%d: inverse transform", k)
		}
	}
}

func TestMulAlgorithms(t *testing.T) {
	r := newRand(2)
	sizes := []int{0, 1, 2, 3, 7, 8, 9, 31, 47, 48, 49, 64, 100, 127, 128, 129, 300, 513, 1000, 1500}
	for _, na := range sizes {
		for _, nb := range sizes {
			if na*nb > 400000 {
				continue
			}
			a, b := randPoly(r, na), randPoly(r, nb)
			want := schoolbook(a, b)
			if got := a.Mul(b); !got.equal(want) {
				t.Fatalf("Mul %d×%d differs from schoolbook", na, nb)
			}
			if na == 0 || nb == 0 {
				continue
			}
			ea, eb := toElems(a), toElems(b)
			if na == nb {
				if got := fromElems(karatsuba(ea, eb)); !got.equal(want) {
					t.Fatalf("karatsuba %d×%d", na, nb)
				}
			}
			if got := fromElems(mulFFT(ea, eb)); !got.equal(want) {
				t.Fatalf("mulFFT %d×%d", na, nb)
			}
			if na >= nb {
				if got := fromElems(mulUnbalanced(ea, eb)); !got.equal(want) {
					t.Fatalf("mulUnbalanced %d×%d", na, nb)
				}
			}
		}
	}
	// Trailing zeros and the square.
	a := Poly{1, 2, 0, 0}
	if got := a.Mul(Poly{3}); !got.equal(Poly{3, 1}) || len(got) != 2 {
		t.Fatalf("trailing zeros: %v", got)
	}
	for range 20 {
		p := randPoly(r, r.IntN(200))
		if !p.square().equal(schoolbook(p, p)) {
			t.Fatal("Square differs from p·p")
		}
	}
}

func TestMulFFTLarge(t *testing.T) {
	// Transforms above cacheBlock points, with and without wrap-around,
	// against Karatsuba (itself checked against schoolbook above).
	r := newRand(5)
	for _, sz := range [][2]int{{4097, 4097}, {8193, 8192}, {10000, 7000}, {16385, 16385}, {20000, 3000}} {
		a, b := toElems(randPoly(r, sz[0])), toElems(randPoly(r, sz[1]))
		want := mulUnbalanced(a, b)
		if !slices.Equal(mulFFT(a, b), want) {
			t.Fatalf("mulFFT %v differs from Karatsuba", sz)
		}
	}
	// Evaluation at a few points of a 2^14-point transform.
	p := randPoly(r, 1<<14)
	e := toElems(p)
	toNovel(e)
	forwardFFT(e, twiddles(1<<14))
	for _, i := range []int{0, 1, 8191, 8192, 12345, 1<<14 - 1} {
		if e[i].Nimber() != p.Eval(omega(i)) {
			t.Fatalf("large transform at %d", i)
		}
	}
}
