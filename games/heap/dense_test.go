package heap

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestDenseCalc checks the direct mex by split scans against the plain
// one (calc.next, an option at a time) on the codes of TestSparseOctal
// and random codes of two to four digits that split heaps in two, with
// the Go scanner, the fastest one, and alternate heaps on two goroutines
// from heap 16 on, in chunks of random lengths.
func TestDenseCalc(t *testing.T) {
	n := 1500
	cases := []string{"0.06", "0.007", "0.76", "0.6", "4.07", "0.137", "0.4", "0.106", "0.4444", "4.4", farSplits}
	rng := rand.New(rand.NewPCG(5, 8))
	for len(cases) < 40 {
		if code, _, _, ok := randomSplitCode(t, rng); ok {
			cases = append(cases, code)
		}
	}
	for _, code := range cases {
		g, _ := ParseCode(code)
		rules, ok := g.sparseRules()
		if !ok {
			t.Fatalf("%s: no split rules", code)
		}
		want := directValues(g, n)
		for name, d := range map[string]*denseCalc{
			"go":   newDenseCalc(rules, n, scanGeneric[uint16], false),
			"best": newDenseCalc(rules, n, bestWideScanner, false),
			"pair": newDenseCalc(rules, n, bestWideScanner, true),
		} {
			if d.pairFrom > 0 {
				d.pairFrom = 16
			}
			var got []uint64
			for len(got) < n {
				var ok bool
				if got, ok = d.run(len(got), min(n, len(got)+1+rng.IntN(200)), got); !ok {
					t.Fatalf("%s, %s: stopped at G(%d) = %d", code, name, len(got), want[len(got)])
				}
			}
			if i := firstDiff(got, want); i >= 0 {
				t.Fatalf("%s, %s: G(%d) = %d, the plain mex gives %d", code, name, i, got[i], want[i])
			}
		}
	}
	// Values from fastMax on are refused.
	d := newDenseCalc(splitRules{split: []int{1}}, 4, bestWideScanner, false)
	if d.push(0, fastMax) || !d.push(0, fastMax-1) {
		t.Error("push: the bound fastMax")
	}
}

// TestDenseBound runs denseCalc with low bounds on values, alone and on
// two goroutines: it must stop at the first value not below the bound,
// with the values before it right.
func TestDenseBound(t *testing.T) {
	n := 3000
	for _, code := range []string{"0.06", "0.76", "4.07", "0.4"} {
		g, _ := ParseCode(code)
		rules, _ := g.sparseRules()
		want := directValues(g, n)
		for _, bound := range []int{8, 16, 32, 64, 128} {
			stop := slices.IndexFunc(want, func(x uint64) bool { return x >= uint64(bound) })
			if stop < 0 {
				continue
			}
			for _, pair := range []bool{false, true} {
				d := newDenseCalc(rules, n, bestWideScanner, pair)
				d.pairFrom, d.bound = 2, bound
				got, ok := d.run(0, n, nil)
				if ok || len(got) != stop || firstDiff(got, want[:stop]) >= 0 {
					t.Fatalf("%s, bound %d, pair %v: %d values (ok %v), want the %d before G(%d) = %d", code, bound, pair, len(got), ok, stop, stop, want[stop])
				}
			}
		}
	}
}

// TestDenseAfterSparse follows 0.06 from the direct mex into sparse space
// (few heaps are sparse early on) and back when they stop being sparse
// (at 32768 values about half are), against the plain mex.
func TestDenseAfterSparse(t *testing.T) {
	if testing.Short() {
		t.Skip("the plain mex of 0.06 to 40000 takes a few seconds")
	}
	g, _ := ParseCode("0.06")
	n := 40000
	got, err := g.Values(n, &Options{WorkBudget: -1})
	if err != nil {
		t.Fatal(err)
	}
	if i := firstDiff(got, directValues(g, n)); i >= 0 {
		t.Fatalf("0.06: G(%d) = %d, the plain mex gives %d", i, got[i], directValues(g, i+1)[i])
	}
}
