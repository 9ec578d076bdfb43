package heap

import (
	"math/rand/v2"
	"testing"
)

// TestDenseCalc checks the direct mex by split scans against the plain
// one (calc.next, an option at a time) on the codes of TestSparseOctal
// and random codes of two to four digits that split heaps in two, with
// the Go scanner, the fastest one, and the splits of every heap past 16
// shared between two goroutines.
func TestDenseCalc(t *testing.T) {
	n := 1500
	cases := []string{"0.06", "0.007", "0.76", "0.6", "4.07", "0.137", "0.4", "0.106", farSplits}
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
			"go":     newDenseCalc(rules, n, scanGeneric[uint16], false),
			"best":   newDenseCalc(rules, n, bestWideScanner, false),
			"shared": newDenseCalc(rules, n, bestWideScanner, true),
		} {
			if name == "shared" {
				d.share = 16
			}
			for h, w := range want {
				x, ok := d.next(h)
				if !ok {
					t.Fatalf("%s, %s: G(%d) = %d not taken", code, name, h, w)
				}
				if x != w {
					t.Fatalf("%s, %s: G(%d) = %d, the plain mex gives %d", code, name, h, x, w)
				}
				if !d.push(h, w) {
					t.Fatalf("%s, %s: G(%d) = %d not pushed", code, name, h, w)
				}
			}
		}
	}
	// Values from fastMax on are refused.
	d := newDenseCalc(splitRules{split: []int{1}}, 4, bestWideScanner, false)
	if d.push(0, fastMax) || !d.push(0, fastMax-1) {
		t.Error("push: the bound fastMax")
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
