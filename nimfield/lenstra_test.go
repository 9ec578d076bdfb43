package nimfield

import (
	"math/big"
	"slices"
	"testing"
	"time"

	"github.com/nimbers/grundy/internal/testsize"
)

// TestTableMatchesCGSuite compares the package's table, which Calculator
// computed, with CGSuite's for the 54 odd primes up to 257.
func TestTableMatchesCGSuite(t *testing.T) {
	if len(table) < len(cgsuitePrimes) {
		t.Fatalf("table has %d primes, CGSuite %d", len(table), len(cgsuitePrimes))
	}
	for i, p := range cgsuitePrimes {
		v := table[i]
		if v.P != p || v.F != order2(p) || v.Excess != cgsuiteExcess[i] || !slices.Equal(v.Q, cgsuiteQ[i]) {
			t.Errorf("table %+v; CGSuite p=%d Q=%v excess %d", v, p, cgsuiteQ[i], cgsuiteExcess[i])
		}
	}
}

// TestCalculatorFromScratch recomputes the constants from nothing and
// compares with the table: up to 113 by default (seconds), every prime of
// the table under -tags long.
func TestCalculatorFromScratch(t *testing.T) {
	limit := 113
	if testing.Short() {
		limit = 45
	}
	if testsize.Long {
		limit = table[len(table)-1].P
	}
	var c Calculator
	for _, want := range table {
		if want.P > limit {
			break
		}
		start := time.Now()
		v, err := c.Prime(want.P)
		if err != nil {
			t.Fatal(err)
		}
		if v.F != want.F || v.Excess != want.Excess || !slices.Equal(v.Q, want.Q) {
			t.Errorf("p=%d: computed %+v, table %+v", want.P, v, want)
		}
		if d := time.Since(start); d > time.Second {
			t.Logf("p=%d: %v", want.P, d.Round(time.Millisecond))
		}
	}
}

// TestExcessByRoots checks the defining property of α_p through the
// public arithmetic, for the primes whose field is small: every
// κ_(f(p)) + m below the excess has an explicit p-th root r (r^p computed
// by Pow), and when the field GF(2^E) has E ≤ 64, α_p^((2^E−1)/p) ≠ 1, so
// α_p is not a p-th power.
func TestExcessByRoots(t *testing.T) {
	for _, v := range table {
		if v.P > 200 {
			break
		}
		for m := uint64(0); m <= v.Excess; m++ {
			w := v
			w.Excess = m
			a := w.Alpha()
			tw, vs, err := field(a)
			if err != nil {
				t.Fatal(err)
			}
			E := tw.degree()
			if E > 400 {
				break
			}
			N := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(E)), big.NewInt(1))
			P := big.NewInt(int64(v.P))
			M := new(big.Int).Set(N)
			for new(big.Int).Mod(M, P).Sign() == 0 {
				M.Div(M, P)
			}
			if m == v.Excess {
				if E <= 64 {
					e := new(big.Int).Div(N, P).Uint64()
					if x, _ := a.Pow(e); x.Equal(Nat(1)) {
						t.Errorf("p=%d: α = %v is a p-th power", v.P, a)
					}
				}
				continue
			}
			// a has order dividing M when it is a p-th power and p² ∤ N;
			// then a^(p⁻¹ mod M) is a p-th root.
			u := new(big.Int).ModInverse(P, M)
			if u == nil || new(big.Int).Div(N, M).Cmp(P) > 0 {
				continue
			}
			r := tw.toOrdinal(tw.pow(vs[0], u))
			if x, err := r.Pow(uint64(v.P)); err != nil || !x.Equal(a) {
				t.Errorf("p=%d, m=%d: (%v)^p = %v, want %v", v.P, m, r, x, a)
			}
		}
	}
}
