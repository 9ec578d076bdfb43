package nimfield

import (
	"encoding/json"
	"math/big"
	"slices"
	"testing"
	"time"

	"github.com/nimbers/grundy/internal/testsize"
)

// TestTableMatchesCGSuite compares the package's table, which calculator
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
// compares with the table: up to 113 by default (seconds), to 257 under
// -tags long.
func TestCalculatorFromScratch(t *testing.T) {
	limit := 113
	if testing.Short() {
		limit = 45
	}
	if testsize.Long {
		limit = 257 // the rows past CGSuite's: TestTablePastCGSuite
	}
	var c calculator
	for _, want := range table {
		if want.P > limit {
			break
		}
		start := time.Now()
		v, err := c.prime(want.P)
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
			a := w.alpha()
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

// TestTablePastCGSuite recomputes, under -tags long, the rows past
// CGSuite's 257 from the rows before them whose field has degree at most
// 2^18: 263 and 283 decide their excess in fields of degree 102180 and
// 237820 (the whole test: a minute of CPU). 347's field, of degree
// 624876, took 5 minutes of CPU; it is recomputed by TestWriteTable
// (NIMFIELD_FROM_TABLE=1 NIMFIELD_LIMIT=353 … -write-table).
func TestTablePastCGSuite(t *testing.T) {
	if !testsize.Long {
		t.Skip("the rows past 257 take minutes: run with -tags long")
	}
	c := calculator{Known: func(p int) (Prime, bool) {
		k := oddPrimeIndex(p)
		if p <= 257 && k < len(table) {
			return table[k], true
		}
		return Prime{}, false
	}}
	for _, want := range table {
		if want.P <= 257 {
			continue
		}
		tw, _, err := field(want.alpha())
		if err != nil {
			t.Fatal(err)
		}
		if tw.degree() > 1<<18 {
			t.Logf("p=%d: a field of degree %d, not recomputed", want.P, tw.degree())
			continue
		}
		v, err := c.prime(want.P)
		if err != nil {
			t.Fatal(err)
		}
		if v.F != want.F || v.Excess != want.Excess || !slices.Equal(v.Q, want.Q) {
			t.Errorf("p=%d: computed %+v, table %+v", want.P, v, want)
		}
	}
}

// TestExcessPastCGSuite checks the defining property of α_p for the rows
// past CGSuite's table whose field GF(2^E) has E ≤ 1200, by plain powers
// (not the norms the calculator takes): κ_(f(p)) + m is a p-th power,
// a^((2^E−1)/p) = 1, for each m below the excess, and α_p is not; with
// Lenstra's κ_p^p = α_p through the public product.
func TestExcessPastCGSuite(t *testing.T) {
	checked := 0
	for _, v := range table {
		if v.P <= 257 {
			continue
		}
		tw, _, err := field(v.alpha())
		if err != nil {
			t.Fatal(err)
		}
		E := tw.degree()
		if E > 1200 {
			continue
		}
		N := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(E)), big.NewInt(1))
		e := new(big.Int).Quo(N, big.NewInt(int64(v.P)))
		for m := uint64(0); m <= v.Excess; m++ {
			w := v
			w.Excess = m
			tm, vs, err := field(w.alpha())
			if err != nil {
				t.Fatal(err)
			}
			if tm.degree() != E {
				t.Fatalf("p=%d, m=%d: field of degree %d, not %d", v.P, m, tm.degree(), E)
			}
			power := equalWords(tm.pow(vs[0], e), tm.one())
			if power != (m < v.Excess) {
				t.Errorf("p=%d: κ_f + %d a p-th power: %v (excess %d)", v.P, m, power, v.Excess)
			}
		}
		if x, err := kappa(v.P).Pow(uint64(v.P)); err != nil || !x.Equal(v.alpha()) {
			t.Errorf("κ_%d^%d = %v, %v; want α = %v", v.P, v.P, x, err, v.alpha())
		}
		checked++
	}
	if checked == 0 {
		t.Error("no row past 257 has a small field")
	}
}

// TestConstants checks Constants and the printed forms of a Prime against
// Lenstra's values (f(7) = 3, Q(7) = {3}, m_7 = 1, so α_7 = ω + 1; and
// f(13) = 12, Q(13) = {4, 3}, m_13 = 0, α_13 = ω + 4) and its refusals.
func TestConstants(t *testing.T) {
	for _, c := range []struct {
		p          int
		text, json string
	}{
		{7, "f(p) 3  Q(p) {3}  excess 1  α_p ω + 1", `{"p":7,"f":3,"q":[3],"excess":"1","alpha":"ω + 1"}`},
		{13, "f(p) 12  Q(p) {4, 3}  excess 0  α_p ω + 4", `{"p":13,"f":12,"q":[4,3],"excess":"0","alpha":"ω + 4"}`},
	} {
		v, err := Constants(c.p)
		j, _ := json.Marshal(v)
		if err != nil || v.String() != c.text || string(j) != c.json {
			t.Errorf("Constants(%d) = %v, %s, %v; want %s, %s", c.p, v, j, err, c.text, c.json)
		}
		v.Q[0] = 99 // a copy of the table's entry
	}
	if v, _ := Constants(7); v.Q[0] != 3 {
		t.Errorf("Constants(7) shares its Q-set with the caller: %v", v.Q)
	}
	for _, c := range []struct {
		p    int
		want string
	}{{9, "9 is not an odd prime"}, {2, "2 is not an odd prime"}, {359, "359 is past the table of the odd primes up to 353"}} {
		if _, err := Constants(c.p); err == nil || err.Error() != c.want {
			t.Errorf("Constants(%d): %v; want %q", c.p, err, c.want)
		}
	}
}
