package sps

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/nimber"
)

func newRand(s uint64) *rand.Rand { return rand.New(rand.NewPCG(s, 0x737073)) }

func randSeries(r *rand.Rand, n int) Series {
	s := make(Series, 1<<n)
	for i := range s {
		s[i] = nimber.Nimber(r.Uint64())
	}
	return s
}

// bruteConv is the definition, summing over the subsets of each set.
func bruteConv(f, g Series) Series {
	h := make(Series, len(f))
	for s := range f {
		for t := s; ; t = (t - 1) & s {
			h[s] ^= f[t].Mul(g[s^t])
			if t == 0 {
				break
			}
		}
	}
	return h
}

// partitionExp is Exp by the definition: the sum over the set partitions
// of each set S of the products of f over the blocks, enumerating the
// block of the lowest element.
func partitionExp(f Series, s int) nimber.Nimber {
	if s == 0 {
		return 1
	}
	low := s & -s
	rest := s ^ low
	var sum nimber.Nimber
	for t := rest; ; t = (t - 1) & rest {
		sum ^= f[t|low].Mul(partitionExp(f, rest^t))
		if t == 0 {
			break
		}
	}
	return sum
}

// recurrenceExp is the defining recurrence g_(m+1) = ⊕_{i ⊆ m} g_i f_(m+1−i).
func recurrenceExp(f Series) Series {
	g := make(Series, len(f))
	g[0] = 1
	for m := 0; m+1 < len(f); m++ {
		for i := m; ; i = (i - 1) & m {
			g[m+1] ^= g[i].Mul(f[m+1-i])
			if i == 0 {
				break
			}
		}
	}
	return g
}

func TestSubsetConv(t *testing.T) {
	r := newRand(1)
	for n := 0; n <= 8; n++ {
		f, g := randSeries(r, n), randSeries(r, n)
		h, err := SubsetConv(t.Context(), f, g, nil)
		if err != nil || !slices.Equal(h, bruteConv(f, g)) {
			t.Fatalf("n=%d: SubsetConv differs from the definition", n)
		}
		// In characteristic 2, f * f = f(∅)²: the cross terms pair off.
		ff, _ := SubsetConv(t.Context(), f, f, nil)
		for s := range ff {
			want := nimber.Nimber(0)
			if s == 0 {
				want = f[0].Mul(f[0])
			}
			if ff[s] != want {
				t.Fatalf("n=%d: (f*f)(%d) = %d, want %d", n, s, ff[s], want)
			}
		}
	}
	if _, err := SubsetConv(t.Context(), make(Series, 3), make(Series, 3), nil); !errors.Is(err, errLength) {
		t.Errorf("length 3: %v", err)
	}
	if _, err := SubsetConv(t.Context(), make(Series, 4), make(Series, 8), nil); err == nil {
		t.Error("different lengths accepted")
	}
}

func TestExpLog(t *testing.T) {
	r := newRand(2)
	for n := 0; n <= 7; n++ {
		f := randSeries(r, n)
		f[0] = 0
		g, err := Exp(t.Context(), f, nil)
		if err != nil {
			t.Fatal(err)
		}
		for s := range g {
			if g[s] != partitionExp(f, s) {
				t.Fatalf("n=%d: Exp at %d differs from the sum over set partitions", n, s)
			}
		}
		back, err := Log(t.Context(), g, nil)
		if err != nil || !slices.Equal(back, f) {
			t.Fatalf("n=%d: Log(Exp(f)) ≠ f", n)
		}
		// Exp turns sums into products.
		h := randSeries(r, n)
		h[0] = 0
		eh, _ := Exp(t.Context(), h, nil)
		sum := make(Series, len(f))
		for i := range f {
			sum[i] = f[i] ^ h[i]
		}
		esum, _ := Exp(t.Context(), sum, nil)
		prod, _ := SubsetConv(t.Context(), g, eh, nil)
		if !slices.Equal(esum, prod) {
			t.Fatalf("n=%d: Exp(f+h) ≠ Exp(f) * Exp(h)", n)
		}
	}
	if _, err := Exp(t.Context(), Series{1, 0}, nil); !errors.Is(err, errConstant) {
		t.Error("Exp with f(∅) ≠ 0 accepted")
	}
	if _, err := Log(t.Context(), Series{0, 1}, nil); !errors.Is(err, errConstant) {
		t.Error("Log with g(∅) ≠ 1 accepted")
	}
}

func TestBinomialExpLog(t *testing.T) {
	r := newRand(3)
	for n := 0; n <= 9; n++ {
		f := randSeries(r, n)
		f[0] = 0
		g, err := BinomialExp(t.Context(), f, nil)
		if err != nil || !slices.Equal(g, recurrenceExp(f)) {
			t.Fatalf("n=%d: BinomialExp differs from the recurrence", n)
		}
		back, err := BinomialLog(t.Context(), g, nil)
		if err != nil || !slices.Equal(back, f) {
			t.Fatalf("n=%d: BinomialLog(BinomialExp(f)) ≠ f", n)
		}
	}
	// The two exponentials differ (index 2: f_2 ⊕ f_1² against f(2)).
	f := Series{0, 2, 5, 0}
	ge, _ := Exp(t.Context(), f, nil)
	gb, _ := BinomialExp(t.Context(), f, nil)
	if ge[2] != 5 || gb[2] != 5^nimber.Nimber(2).Mul(2) {
		t.Errorf("index 2: Exp %d, BinomialExp %d", ge[2], gb[2])
	}
}

// bruteCliques sums, over the set partitions of m labelled vertices, the
// product of f[block size], by enumerating restricted growth strings.
func bruteCliques(f []nimber.Nimber, m int) nimber.Nimber {
	var sum nimber.Nimber
	block := make([]int, m)
	var rec func(i, blocks int)
	rec = func(i, blocks int) {
		if i == m {
			sizes := make([]int, blocks)
			for _, b := range block {
				sizes[b]++
			}
			p := nimber.Nimber(1)
			for _, s := range sizes {
				p = p.Mul(f[s])
			}
			sum ^= p
			return
		}
		for b := 0; b <= blocks; b++ {
			block[i] = b
			nb := blocks
			if b == blocks {
				nb++
			}
			rec(i+1, nb)
		}
	}
	rec(0, 0)
	return sum
}

func TestCliques(t *testing.T) {
	r := newRand(4)
	for trial := range 5 {
		n := 10
		f := make([]nimber.Nimber, n+1)
		for i := 1; i <= n; i++ {
			f[i] = nimber.Nimber(r.Uint64())
			if trial == 0 {
				f[i] = nimber.Nimber(r.UintN(4))
			}
		}
		res, err := Cliques(t.Context(), f[1:], nil)
		if err != nil || len(res) != n {
			t.Fatal(res, err)
		}
		for m := 1; m <= n; m++ {
			if want := bruteCliques(f, m); res[m-1].M != m || res[m-1].Sum != want {
				t.Fatalf("m=%d: %+v, brute force %d", m, res[m-1], want)
			}
			// Setting f[m] to the fix makes the sum for m vanish.
			g := slices.Clone(f)
			g[m] = res[m-1].Fix
			if bruteCliques(g, m) != 0 {
				t.Fatalf("m=%d: the fix does not make the sum 0", m)
			}
		}
	}
	if _, err := Cliques(t.Context(), nil, nil); err == nil {
		t.Error("no values accepted")
	}
}

func TestZetaMobius(t *testing.T) {
	r := newRand(5)
	for n := 0; n <= 10; n++ {
		f := toElems(randSeries(r, n))
		z := slices.Clone(f)
		zeta(z, n)
		for s := range z {
			var want nimber.Elem
			for u := s; ; u = (u - 1) & s {
				want ^= f[u]
				if u == 0 {
					break
				}
			}
			if z[s] != want {
				t.Fatalf("n=%d: zeta at %d", n, s)
			}
		}
		zeta(z, n) // in characteristic 2 it is its own inverse
		if !slices.Equal(z, f) {
			t.Fatalf("n=%d: zeta is not an involution", n)
		}
	}
}

// TestRefuseAndCancel checks that an operation refuses before it allocates
// when its memory estimate passes the limit, and stops when cancelled.
func TestRefuseAndCancel(t *testing.T) {
	f := make(Series, 1<<10)
	var tl *budget.TooLargeError
	_, err := SubsetConv(t.Context(), f, f, &budget.Options{Limit: 1 << 16})
	if !errors.As(err, &tl) || tl.Estimate != memory(10) || tl.Limit != 1<<16 {
		t.Errorf("past the limit: %v", err)
	}
	if _, err := Exp(t.Context(), f, &budget.Options{Limit: memory(10)}); err != nil {
		t.Errorf("at the limit: %v", err)
	}
	// The default admits 2^23 coefficients and refuses 2^24.
	if memory(23) > budget.DefaultMemory || memory(24) <= budget.DefaultMemory {
		t.Errorf("estimates %g and %g bytes against the default %d", memory(23), memory(24), budget.DefaultMemory)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	for _, op := range []func(context.Context, Series, *budget.Options) (Series, error){Exp, Log, BinomialExp, BinomialLog} {
		if _, err := op(ctx, f, nil); !errors.Is(err, context.Canceled) {
			t.Errorf("cancelled: %v", err)
		}
	}
}

// TestRead reads series as text and checks the errors: a length that is
// not a power of two, and a series past the memory opt admits, refused
// once 2^k+1 coefficients are read, as the memory estimate predicts.
func TestRead(t *testing.T) {
	s, err := Read(strings.NewReader("1 2\n0x3 4\n"), "four", nil)
	if err != nil || !slices.Equal(s, Series{1, 2, 3, 4}) {
		t.Fatalf("Read = %v, %v", s, err)
	}
	if _, err := Read(strings.NewReader("1 2 3"), "three", nil); err == nil || !strings.Contains(err.Error(), "three: 3 coefficients") {
		t.Errorf("three coefficients: %v", err)
	}
	// (2(n+1)+6)·2^n·8 bytes: exactly 1 MiB for n = 12, 2 228 224 for 13.
	opt := &budget.Options{Limit: 1 << 20}
	if _, err := Read(strings.NewReader(strings.Repeat("0\n", 4096)), "ok", opt); err != nil {
		t.Errorf("2^12 coefficients within 1 MiB: %v", err)
	}
	_, err = Read(strings.NewReader(strings.Repeat("0\n", 8192)), "big", opt)
	if !errors.Is(err, budget.ErrTooLarge) || !strings.Contains(err.Error(), "more than 4096 coefficients") {
		t.Errorf("2^13 coefficients within 1 MiB: %v", err)
	}
}
