package heap

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/internal/testsize"
)

// TestDenseCalc checks the direct mex by split scans against the plain
// one (calc.next, an option at a time) on the codes of TestSparseOctal
// and random codes of two to four digits that split heaps in two, with
// the Go scanner, the fastest one, and alternate heaps on two goroutines
// from heap 16 on, in chunks of random lengths (scanning a heap ahead
// while the other goroutine's heap is not done, never, or always); and
// with the fastest scanner looking first for values up to 100 below the
// largest so far only, so that it often meets all of them and must look
// again.
func TestDenseCalc(t *testing.T) {
	n := 1500
	cases := []string{"0.06", "0.007", "0.76", "0.6", "4.07", "0.137", "0.4", "0.106", "0.4444", "4.4", farSplits}
	rng := rand.New(rand.NewPCG(5, 8))
	all := 12
	if testsize.Long {
		all = 40
	}
	for len(cases) < all {
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
		for _, c := range []struct {
			name     string
			scan     denseScanner
			pair     bool
			ahead    int
			headroom int
		}{
			{"go", scanDenseGo, false, aheadWaiting, 2},
			{"best", bestDenseScanner, false, aheadWaiting, 2},
			{"pair", bestDenseScanner, true, aheadWaiting, 2},
			{"step", bestDenseScanner, true, aheadNever, 2},
			{"skip", bestDenseScanner, true, aheadAlways, 2},
			{"low", bestDenseScanner, true, aheadWaiting, -100},
		} {
			name := c.name
			d := newDenseCalc(rules, n, c.scan, c.pair)
			d.ahead, d.headroom = c.ahead, c.headroom
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
	// Values from denseMax on are refused.
	d := newDenseCalc(splitRules{split: []int{1}}, 4, bestDenseScanner, false)
	if d.push(0, denseMax) || !d.push(0, denseMax-1) {
		t.Error("push: the bound denseMax")
	}
}

// TestDenseLarge runs denseCalc on a code whose values pass 2048, 4096
// and 8192 early (take 1 to 34 tokens and split the rest in two: G(6000)
// is past 5000, G(9126) the first past 8192), so that every kernel of the
// dense scanner takes part: G(0) … G(5999) against the plain mex, and
// G(9000) … G(9999) each against the plain mex of its options, read from
// the values before it.
func TestDenseLarge(t *testing.T) {
	n, direct, from := 10000, 6000, 9000
	if testing.Short() {
		n, direct, from = 3000, 3000, 3000
	}
	code := "0." + strings.Repeat("7", 34)
	g, _ := ParseCode(code)
	rules, _ := g.sparseRules()
	want := directValues(g, direct)
	for _, pair := range []bool{false, true} {
		d := newDenseCalc(rules, n, bestDenseScanner, pair)
		d.pairFrom = min(d.pairFrom, 64)
		got, ok := d.run(0, n, nil)
		if !ok {
			t.Fatalf("%s: stopped at G(%d) = %d", code, len(got), want[len(got)])
		}
		if top := slices.Max(got); top < 8192 && !testing.Short() || top < 2048 {
			t.Fatalf("%s: values to %d only", code, top)
		}
		if i := firstDiff(got[:direct], want); i >= 0 {
			t.Fatalf("%s (pair %v): G(%d) = %d, the plain mex gives %d", code, pair, i, got[i], want[i])
		}
		c := newCalc(g)
		for h := from; h < n; h++ {
			if x := c.next(got[:h]); x != got[h] {
				t.Fatalf("%s (pair %v): G(%d) = %d, the plain mex of its options is %d", code, pair, h, got[h], x)
			}
		}
	}
}

// TestHandBack runs sparse space on 0.6 with the fast loop for values
// below 256 only, handing back to the caller the values it does not take:
// it must stop where the loop does (G(10344) = 256 is the first), with
// the values so far right, and Values must go on from there by the direct
// mex.
func TestHandBack(t *testing.T) {
	g, _ := ParseCode("0.6")
	n := 1 << 15
	want := directValues(g, n)
	rules, _ := g.sparseRules()
	left := -1.0
	loops := sparseLoops{bounds: [3]int{256, 0, 0}, scan: bestByteScanner, handBack: denseFastMax}
	got, back, err := g.valuesSparse(slices.Clip(want[:sparseDirect]), n, &budget.Options{}, &left, rules, loops, nil, nil)
	stop := slices.IndexFunc(want, func(x uint64) bool { return x >= 256 })
	if err != nil || !back || len(got) != stop {
		t.Fatalf("0.6: %d values (back %v, %v); want a hand-back at G(%d) = %d", len(got), back, err, stop, want[stop])
	}
	if i := firstDiff(got, want[:len(got)]); i >= 0 {
		t.Fatalf("0.6: G(%d) = %d, the plain mex gives %d", i, got[i], want[i])
	}
	// Without hand-back, the general loop goes on.
	loops.handBack = 0
	got, back, err = g.valuesSparse(slices.Clip(want[:sparseDirect]), n, &budget.Options{}, &left, rules, loops, nil, nil)
	if err != nil || back || firstDiff(got, want) >= 0 || len(got) != n {
		t.Fatalf("0.6 without hand-back: %d values (back %v, %v), first wrong %d", len(got), back, err, firstDiff(got, want))
	}
}

// TestDenseKernels checks the dense scanner of every tier this machine
// runs, and the one the engine runs, against the Go one on random
// splits (a few thousand at times) and sets of values below 512 to
// denseMax (read a part of denseFastMax values at a time, some parts
// empty): the values left and the sets must agree.
func TestDenseKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 23))
	tiers := kernelTiers()
	tiers["best"] = kernelSet{dense: bestDenseScanner}
	for trial := range 1200 {
		n := rng.IntN(900)
		if trial%20 == 19 {
			// Long enough for the scanners' buffers to take many blocks
			// to fill once most values are met.
			n = 20000 + rng.IntN(20000)
		}
		limit := []int{512, 2048, 4096, denseFastMax, 2 * denseFastMax, 4 * denseFastMax, denseMax}[trial%7]
		a, b := make([]uint16, n), make([]uint16, n)
		for i := range n {
			a[i], b[i] = uint16(rng.IntN(limit)), uint16(rng.IntN(limit))
		}
		var set denseSet
		count := randomSet(rng, set[:], limit, trial%3 == 0)
		if trial%5 == 4 && limit > denseFastMax {
			// No values in the first part: it is skipped.
			for x := range denseFastMax {
				if set[x>>3]>>(x&7)&1 != 0 {
					set[x>>3] &^= 1 << (x & 7)
					count--
				}
			}
		}
		want := set
		_, wantLeft := scanDenseGo(a, b, &want, limit, count)
		for name, k := range tiers {
			got := set
			_, left := k.dense(a, b, &got, limit, count)
			if left != wantLeft || got != want {
				t.Fatalf("%s, trial %d (n %d, limit %d): %d left, want %d; sets differ: %v", name, trial, n, limit, left, wantLeft, got != want)
			}
		}
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
				d := newDenseCalc(rules, n, bestDenseScanner, pair)
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
	got, err := g.Values(t.Context(), n, &budget.Options{Limit: -1})
	if err != nil {
		t.Fatal(err)
	}
	if i := firstDiff(got, directValues(g, n)); i >= 0 {
		t.Fatalf("0.06: G(%d) = %d, the plain mex gives %d", i, got[i], directValues(g, i+1)[i])
	}
}
