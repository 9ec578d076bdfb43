package heap

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/internal/testsize"
)

// The P-positions of Grundy's game, OEIS A002189: no other heap below
// 2^35 has value 0 (Flammenkamp's computations).
var grundyZeros = []int{0, 1, 2, 4, 7, 10, 20, 23, 26, 50, 53, 270, 273, 276, 282, 285, 288, 316, 334, 337, 340, 346, 359, 362, 365, 386, 389, 392, 566, 630, 633, 636, 639, 673, 676, 682, 685, 923, 926, 929, 932, 1222}

func TestGrundySparse(t *testing.T) {
	n := 1 << 14
	if !testing.Short() {
		n = 3 << 14
	}
	direct, err := GrundysGame().Values(t.Context(), n, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The loops as used; a byte loop giving way to the 16-bit one, or to
	// the general one, when a value reaches 128 (near heap 13000; the
	// first 4096 values stay below 65); the 16-bit loop giving way to the
	// general one; the general one alone.
	var configs []sparseLoops
	for _, fast := range [][3]int{{256, 512, 2048}, {128, 0, 2048}, {128, 0, 0}, {0, 128, 0}, {0, 0, 128}, {0, 0, 0}} {
		configs = append(configs, sparseLoops{bounds: fast})
	}
	for name, k := range byteKernels() {
		k.bounds = defaultLoops.bounds
		configs = append(configs, k)
		t.Logf("byte kernels %s", name)
	}
	// The block layout shared between the layout and the loop (a quota),
	// and on a second core.
	configs = append(configs, sparseLoops{bounds: defaultLoops.bounds, pipe: pipelining{quota: 3}}, defaultLoops)
	q := defaultLoops
	q.pipe.quota, q.pipe.serialAfter = 2, 100
	configs = append(configs, q)
	q.head = 70 // a head reaching past the first block of scanned splits
	configs = append(configs, q)
	w := defaultLoops
	w.window = 200 // most scans read past the latest values kept in reverse
	configs = append(configs, w)
	for _, loops := range configs {
		fast := loops.bounds
		v, info, err := grundySparse(t.Context(), n, nil, loops)
		if err != nil {
			t.Fatal(err)
		}
		if i := firstDiff(v, direct); i >= 0 {
			t.Fatalf("fast=%v: G(%d) = %d, the direct mex gives %d", fast, i, v[i], direct[i])
		}
		// The sparse heaps are those of class 0, in order.
		var rare []int
		for h := 1; h < n; h++ {
			if info.class(h, v[h]) == 0 {
				rare = append(rare, h)
			}
		}
		if !slices.Equal(rare, info.Rare) {
			t.Fatalf("fast=%v: %d sparse heaps listed, %d by class", fast, len(info.Rare), len(rare))
		}
		if len(rare) > n/10 {
			t.Errorf("fast=%v: %s: not sparse", fast, info)
		}
	}
	var zeros []int
	for h, x := range direct {
		if x == 0 {
			zeros = append(zeros, h)
		}
	}
	if !slices.Equal(zeros, grundyZeros) {
		t.Errorf("zeros %v, OEIS A002189 %v", zeros, grundyZeros)
	}
}

// TestGrundySparseEarly starts the fast loops from a few hundred values,
// where the head splits of an m-block would reach its equal split (no
// move in Grundy's game) and beyond.
func TestGrundySparseEarly(t *testing.T) {
	want, err := GrundysGame().Values(t.Context(), 1<<13, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, start := range []int{300, 700, 1100} {
		for _, compact := range []bool{false, true} {
			st := newSparseState(testSequence(want[:start], compact, len(want)), grundyRules, len(want))
			st.extend(len(want), nil, defaultLoops)
			got := st.s.copyValues(nil, 0, st.s.Len())
			if i := firstDiff(got, want); i >= 0 {
				t.Fatalf("from %d values (compact %v): G(%d) = %d, the direct mex gives %d", start, compact, i, got[i], want[i])
			}
		}
	}
}

func firstDiff(a, b []uint64) int {
	for i := range a {
		if i >= len(b) || a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return len(a)
	}
	return -1
}

// TestGrundySparseFastAgreesFar compares the two loops further than the
// direct mex can go in a test.
func TestGrundySparseFastAgreesFar(t *testing.T) {
	if !testsize.Long {
		t.Skip("a long verification: run with -tags long")
	}
	n := 1 << 17
	fast, _, _ := grundySparse(t.Context(), n, nil, defaultLoops)
	slow, _, _ := grundySparse(t.Context(), n, nil, sparseLoops{})
	if i := firstDiff(fast, slow); i >= 0 {
		t.Fatalf("G(%d): fast %d, general %d", i, fast[i], slow[i])
	}
}

// directValues computes G(0), …, G(n−1) from the mex of every option,
// without periods or sparse space: the reference.
func directValues(g *Game, n int) []uint64 {
	c := newCalc(g)
	v := make([]uint64, 0, n)
	for len(v) < n {
		v = append(v, c.next(v))
	}
	return v
}

// farSplits splits a heap after removing 1 or 41 tokens: its heaps reach
// back over two blocks of split heap sizes in the fast loops.
var farSplits = "0.4" + strings.Repeat("0", 39) + "4"

// TestSparseOctal runs the sparse-space engine on take-and-break codes
// from the directly computed first values, in every configuration of its
// loops, against the direct mex. The codes split after one removal (0.6,
// 0.16, 0.106, 0.007, 0.4), after several (0.64, 0.74, farSplits; 4.07,
// with equal heaps after none; 0.77, 0.604, 0.137 – the general loop
// only); some leave values above 255 (the 16-bit loop) and 0.106 picks a
// mask twisted by heap parity.
func TestSparseOctal(t *testing.T) {
	n := 3 << 12
	switch {
	case testsize.Long:
		n = 1 << 14
	case testing.Short():
		n = sparseDirect + 1<<10 // the race detector's run
	}
	configs := map[string]sparseLoops{
		"default": defaultLoops,
		"16-bit":  {bounds: [3]int{0, 0, fastMax}},
		"wide":    {bounds: [3]int{0, 0, fastMax}, xscan: bestWideScanner, pipe: pipelining{on: true}},
		"no byte": {bounds: [3]int{0, 512, fastMax}, wscan: bestWordScanner},
		"general": {},
		"quota":   {bounds: defaultLoops.bounds, pipe: pipelining{quota: 5}},
		"alone":   {bounds: defaultLoops.bounds, pipe: pipelining{on: true, serialAfter: 50}},
		"serial":  {bounds: defaultLoops.bounds, scan: bestByteScanner, wscan: bestWordScanner},
		"head 3":  {bounds: defaultLoops.bounds, scan: bestByteScanner, wscan: bestWordScanner, pipe: pipelining{on: true}, head: 3},
		"no head": {bounds: defaultLoops.bounds, scan: bestByteScanner, wscan: bestWordScanner, pipe: pipelining{on: true}},
		// Scans past a window of 64 latest values, and of 300 (not a
		// multiple of the kernels' 64 splits).
		"window 64":  {bounds: defaultLoops.bounds, scan: bestByteScanner, wscan: bestWordScanner, xscan: bestWideScanner, pipe: pipelining{on: true}, window: 64},
		"window 300": {bounds: defaultLoops.bounds, scan: bestByteScanner, wscan: bestWordScanner, xscan: bestWideScanner, window: 300},
		"window Go":  {bounds: defaultLoops.bounds, window: 100},
	}
	for name, k := range byteKernels() {
		k.bounds = defaultLoops.bounds
		configs["byte "+name] = k
	}
	twisted := false
	for _, code := range []string{"0.6", "0.64", "0.74", "0.16", "0.106", "0.007", "0.4", "4.07", "0.77", "0.604", "0.137", farSplits} {
		g, err := ParseCode(code)
		if err != nil {
			t.Fatal(err)
		}
		rules, ok := g.sparseRules()
		if !ok {
			t.Fatalf("%s: no sparse rules", code)
		}
		want := directValues(g, n)
		for name, loops := range configs {
			for _, compact := range []bool{false, true} {
				if compact && !compactConfigs[name] {
					continue
				}
				st := newSparseState(testSequence(want[:sparseDirect], compact, n), rules, n)
				twisted = twisted || st.info.Twist
				st.extend(n, nil, loops)
				got := st.s.copyValues(nil, 0, st.s.Len())
				if i := firstDiff(got, want); i >= 0 {
					t.Fatalf("%s, %s loops (%s, compact %v): G(%d) = %d, the direct mex gives %d", code, name, st.info, compact, i, got[i], want[i])
				}
			}
		}
		// The public path, which takes sparse space where it pays.
		got, err := g.Values(t.Context(), n, nil)
		if err != nil {
			t.Fatal(err)
		}
		if i := firstDiff(got, want); i >= 0 {
			t.Fatalf("%s: Values gives G(%d) = %d, the direct mex %d", code, i, got[i], want[i])
		}
	}
	if !twisted {
		t.Error("no code chose a twisted mask")
	}
}

// compactConfigs are the loops of TestSparseOctal also run on a compact
// Sequence, whose 16-bit values the fast loops share.
var compactConfigs = map[string]bool{"default": true, "16-bit": true, "general": true, "window 64": true}

// testSequence returns a Sequence of the values v, compact (with room
// for n) or sharing v.
func testSequence(v []uint64, compact bool, n int) *Sequence {
	if compact {
		return compactSequence(v, n)
	}
	return wideSequence(slices.Clip(v))
}

// TestSparseRandomCodes runs the engine on random codes of two to four
// digits past the first values, sparse or not: the mask decides only the
// speed, so the values must be the direct mex's whatever it is.
func TestSparseRandomCodes(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 22))
	codes := 12
	if !testing.Short() {
		codes = 40
	}
	n := sparseDirect + 1500
	serial := defaultLoops
	serial.pipe.on = false
	for tried := 0; tried < codes; {
		code, g, rules, ok := randomSplitCode(t, rng)
		if !ok {
			continue
		}
		tried++
		want := directValues(g, n)
		for name, loops := range map[string]sparseLoops{"default": defaultLoops, "serial": serial} {
			st := newSparseState(testSequence(want[:sparseDirect], name == "serial", n), rules, n)
			st.extend(n, nil, loops)
			got := st.s.copyValues(nil, 0, st.s.Len())
			if i := firstDiff(got, want); i >= 0 {
				t.Fatalf("%s, %s loops (%s): G(%d) = %d, the direct mex gives %d", code, name, st.info, i, got[i], want[i])
			}
		}
	}
}

// randomSplitCode returns a random octal code of two to four digits and,
// if it splits heaps in two (and never in three), its game and rules.
func randomSplitCode(t *testing.T, rng *rand.Rand) (string, *Game, splitRules, bool) {
	digits := make([]byte, 2+rng.IntN(3))
	for i := range digits {
		digits[i] = byte('0' + rng.IntN(8))
	}
	code := "0." + string(digits)
	g, err := ParseCode(code)
	if err != nil {
		t.Fatal(err)
	}
	rules, ok := g.sparseRules()
	return code, g, rules, ok
}

func TestSparseRules(t *testing.T) {
	for code, want := range map[string]splitRules{
		"0.6":  {split: []int{1}, single: []int{1}},
		"4.07": {split: []int{0, 2}, single: []int{2}, whole: []int{2}},
		"0.16": {split: []int{2}, single: []int{2}, whole: []int{1}},
	} {
		g, _ := ParseCode(code)
		got, ok := g.sparseRules()
		if !ok || !slices.Equal(got.split, want.split) || !slices.Equal(got.single, want.single) || !slices.Equal(got.whole, want.whole) || got.unequal {
			t.Errorf("%s: rules %+v, want %+v", code, got, want)
		}
	}
	for _, code := range []string{"0.33", "0.8", "0.f"} {
		g, _ := ParseCode(code)
		if _, ok := g.sparseRules(); ok {
			t.Errorf("%s: sparse rules for a game that never splits in two only", code)
		}
	}
}

// TestSparseBudget: a game in sparse space runs out of budget with the
// mask in the message, and a rebuilt mask keeps the values right.
func TestSparseBudget(t *testing.T) {
	g, _ := ParseCode("0.64")
	_, err := g.Values(t.Context(), 200000, &budget.Options{Limit: 1e7})
	var tl *budget.TooLargeError
	if !errors.As(err, &tl) || !strings.Contains(err.Error(), "sparse heaps") {
		t.Fatalf("0.64 with a small budget: %v", err)
	}
	// The estimate projects the cost of the last heaps over those left:
	// past the limit, and within twice what the whole run takes.
	if tl.Estimate <= tl.Limit {
		t.Errorf("0.64 to 200000 heaps: estimate %g within the limit %g", tl.Estimate, tl.Limit)
	}
	if _, err := g.Values(t.Context(), 200000, &budget.Options{Limit: 2 * tl.Estimate}); err != nil {
		t.Errorf("0.64 to 200000 heaps, twice the estimate %g: %v", tl.Estimate, err)
	}
	// Choose the mask from values where 0.6 is not yet sparse, then
	// rebuild it.
	g, _ = ParseCode("0.6")
	want := directValues(g, 1<<14)
	rules, _ := g.sparseRules()
	st := newSparseState(compactSequence(want[:1024], len(want)), rules, len(want))
	before := len(st.info.Rare)
	st.extend(1<<13, nil, defaultLoops)
	st = st.rechoose()
	st.extend(len(want), nil, defaultLoops)
	got := st.s.copyValues(nil, 0, st.s.Len())
	if i := firstDiff(got, want); i >= 0 {
		t.Fatalf("0.6 after a new mask: G(%d) = %d, want %d", i, got[i], want[i])
	}
	t.Logf("0.6: %d sparse heaps below 1024, then %s", before, st.info)
}

// TestKernels checks every split scanner and the byte layout against
// plain loops on random data: the values left wanted, and the set after.
func TestKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 22))
	for name, k := range byteKernels() {
		for trial := range 600 {
			n := rng.IntN(700)
			limit := []int{256, 512, fastMax}[trial%3]
			a8, b8 := make([]uint8, n), make([]uint8, n)
			a16, b16 := make([]uint16, n), make([]uint16, n)
			for i := range n {
				a16[i], b16[i] = uint16(rng.IntN(limit)), uint16(rng.IntN(limit))
				a8[i], b8[i] = uint8(a16[i]), uint8(b16[i])
			}
			// A wanted set of a few values, some never met, or of many
			// (most blocks then hit often).
			var set [setBytes]uint8
			count := randomSet(rng, set[:], limit, trial%4 == 0)
			check := func(kind string, left int, got [setBytes]uint8, xs func(i int) int) {
				want, wantLeft := set, count
				for i := 0; i < n && wantLeft > 0; i++ {
					if x := xs(i); want[x>>3]>>(x&7)&1 != 0 {
						want[x>>3] &^= 1 << (x & 7)
						wantLeft--
					}
				}
				if left != wantLeft || got != want {
					t.Fatalf("%s %s scanner, trial %d (n %d): %d left, want %d; set %x, want %x", name, kind, trial, n, left, wantLeft, got, want)
				}
			}
			xor16 := func(i int) int { return int(a16[i] ^ b16[i]) }
			if limit == 256 {
				got := set
				_, left := k.scan(a8, b8, &got, count)
				check("byte", left, got, func(i int) int { return int(a8[i] ^ b8[i]) })
			}
			if limit <= 512 {
				got := set
				_, left := k.wscan(a16, b16, &got, count)
				check("16-bit", left, got, xor16)
			}
			got := set
			_, left := k.xscan(a16, b16, &got, count)
			check("wide 16-bit", left, got, xor16)
		}
	}
}

// randomSet adds to the bitmap set random values below limit, a few or,
// if many, up to 2·limit draws (most blocks of a scan then hit often),
// and returns how many it holds.
func randomSet(rng *rand.Rand, set []uint8, limit int, many bool) int {
	count := 0
	size := 1 + rng.IntN(40)
	if many {
		size = rng.IntN(2 * limit)
	}
	for range size {
		x := rng.IntN(limit)
		if set[x>>3]>>(x&7)&1 == 0 {
			set[x>>3] |= 1 << (x & 7)
			count++
		}
	}
	return count
}

// TestPackRows checks the packing of flags into bitmaps, in Go, in every
// tier this machine runs and as the engine runs it, against a bit-by-bit reference: replaced or merged,
// the words past those packed untouched, and the flags zeroed.
func TestPackRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	packs := map[string]func([]uint8, []uint64, int, bool){"go": packRowsGo, "best": packRows}
	for name, k := range kernelTiers() {
		packs[name] = k.pack
	}
	for name, pack := range packs {
		for trial := range 100 {
			words := 1 + rng.IntN(fastWords)
			merge := trial%2 == 1
			tabs := make([]uint8, fastRows*tableStride)
			out := make([]uint64, fastRows*fastWords)
			for i := range out {
				out[i] = rng.Uint64()
			}
			want := slices.Clone(out)
			for i := range fastRows {
				if !merge {
					clear(want[i*fastWords : i*fastWords+words])
				}
				for range rng.IntN(3 * words) {
					x := rng.IntN(64 * words)
					tabs[i*tableStride+x] = 1
					want[i*fastWords+x/64] |= 1 << (x % 64)
				}
			}
			pack(tabs, out, words, merge)
			if !slices.Equal(out, want) {
				t.Fatalf("%s, trial %d (%d words, merge %v): bitmaps differ", name, trial, words, merge)
			}
			if slices.ContainsFunc(tabs, func(b uint8) bool { return b != 0 }) {
				t.Fatalf("%s, trial %d: flags left set", name, trial)
			}
		}
	}
}

// TestCounter checks the hand-off between the cores directly: a waiter
// that finds the number at once, one that must sleep past its spinning
// (the setter holds back longer than the spin), and the stop signal.
func TestCounter(t *testing.T) {
	var c counter
	c.init()
	c.set(3)
	if x, slept := c.await(2); x != 3 || slept {
		t.Fatalf("await(2) after set(3) = %d, %v; want 3 without sleeping", x, slept)
	}
	got := make(chan [2]int64)
	go func() {
		x, slept := c.await(5)
		s := int64(0)
		if slept {
			s = 1
		}
		got <- [2]int64{x, s}
	}()
	// Wait until the waiter has spun out and sleeps: a fixed pause is not
	// enough on a loaded machine, where the waiter may not yet have run.
	for !c.sleeping.Load() {
		time.Sleep(time.Millisecond)
	}
	c.set(5) // not above 5: the waiter must go on waiting
	select {
	case r := <-got:
		t.Fatalf("await(5) returned %v on 5", r)
	case <-time.After(50 * time.Millisecond):
	}
	c.set(7)
	if r := <-got; r != [2]int64{7, 1} {
		t.Fatalf("await(5) = %d (slept %d), want 7 after sleeping", r[0], r[1])
	}
	go func() { time.Sleep(50 * time.Millisecond); c.set(-1) }()
	if x, _ := c.await(100); x != -1 {
		t.Fatalf("await after set(-1) = %d, want -1", x)
	}
}

// TestSparseClasses checks SparseClasses against the classes sparse space
// kept while it computed Grundy's game, and its list against the
// definition of a class.
func TestSparseClasses(t *testing.T) {
	v, info, err := grundySparse(t.Context(), 1<<16, nil, defaultLoops)
	if err != nil {
		t.Fatal(err)
	}
	c := SparseClasses(v)
	if c.Mask != info.Mask || c.Twist != info.Twist || !slices.Equal(c.Rare, info.Rare) {
		t.Fatalf("Grundy's game: %v, sparse space kept %v", c, info)
	}
	for _, code := range []string{"0.6", "0.74", "0.137", "4.7"} {
		g, _ := ParseCode(code)
		v, err := g.Values(t.Context(), 20000, nil)
		if err != nil {
			t.Fatal(err)
		}
		c := SparseClasses(v)
		var want []int
		for h := 1; h < len(v); h++ {
			odd := c.Twist && h%2 == 1
			if (bits.OnesCount64(v[h]&c.Mask)%2 == 0) != odd {
				want = append(want, h)
			}
		}
		if !slices.Equal(c.Rare, want) {
			t.Fatalf("%s: %d sparse heaps listed, %d by the definition", code, len(c.Rare), len(want))
		}
	}
}

func ExampleSparseClasses() {
	v, _ := GrundysGame().Values(context.Background(), 2000, nil)
	c := SparseClasses(v)
	fmt.Printf("mask %#x, twisted %v; sparse heaps %v …\n", c.Mask, c.Twist, c.Rare[:8])
	// Output: mask 0xfffffffffffffffe, twisted false; sparse heaps [1 2 3 4 6 7 9 10] …
}

// TestSparseHeapsText checks the JSON and text of the sparse heaps of a
// short sequence worked by hand: values 0 1 1 0 3 under the mask that
// makes the fewest heaps sparse.
func TestSparseHeapsText(t *testing.T) {
	c := SparseClasses([]uint64{0, 1, 1, 0, 3})
	var want strings.Builder
	fmt.Fprintf(&want, "mask %#x", c.Mask)
	if c.Twist {
		want.WriteString(", twisted by heap parity")
	}
	fmt.Fprintf(&want, ": %d sparse heaps\n", len(c.Rare))
	js := fmt.Sprintf(`{"mask":"%#x","twist":%v,"rare":[`, c.Mask, c.Twist)
	for i, h := range c.Rare {
		fmt.Fprintf(&want, "%d %d\n", h, []uint64{0, 1, 1, 0, 3}[h])
		if i > 0 {
			js += ","
		}
		js += fmt.Sprintf(`{"heap":%d,"value":%d}`, h, []uint64{0, 1, 1, 0, 3}[h])
	}
	js += "]}"
	var b strings.Builder
	c.WriteTo(&b)
	got, _ := json.Marshal(c)
	if b.String() != want.String() || string(got) != js {
		t.Errorf("text %q, JSON %s; want %q, %s", b.String(), got, want.String(), js)
	}
}

// TestPeriodFoundText checks the three texts of a period search.
func TestPeriodFoundText(t *testing.T) {
	for _, c := range []struct {
		f    PeriodFound
		want string
	}{
		{PeriodFound{Terms: 50}, "no period found below 50\n"},
		{PeriodFound{Terms: 50, Period: &Period{Period: 4, Preperiod: 3}}, "period 4 preperiod 3 (observed below 50, not proven)\n"},
		{PeriodFound{Terms: 50, Period: &Period{Period: 12, Preperiod: 71, Proven: true}}, "period 12 preperiod 71 (proven by the periodicity theorem)\n"},
	} {
		var b strings.Builder
		if _, err := c.f.WriteTo(&b); err != nil || b.String() != c.want {
			t.Errorf("%+v: %q, want %q", c.f, b.String(), c.want)
		}
	}
}
