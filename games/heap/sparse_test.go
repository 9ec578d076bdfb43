package heap

import (
	"slices"
	"testing"
)

// The P-positions of Grundy's game, OEIS A002189: no other heap below
// 2^35 has value 0 (Flammenkamp's computations).
var grundyZeros = []int{0, 1, 2, 4, 7, 10, 20, 23, 26, 50, 53, 270, 273, 276, 282, 285, 288, 316, 334, 337, 340, 346, 359, 362, 365, 386, 389, 392, 566, 630, 633, 636, 639, 673, 676, 682, 685, 923, 926, 929, 932, 1222}

func TestGrundySparse(t *testing.T) {
	n := 1 << 14
	if !testing.Short() {
		n = 3 << 14
	}
	direct, err := Grundy().Values(n, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The loops as used; a byte loop giving way to the 16-bit one, or to
	// the general one, when a value reaches 128 (near heap 13000; the
	// first 4096 values stay below 65); the 16-bit loop giving way to the
	// general one; the general one alone.
	var configs []sparseLoops
	for _, fast := range [][2]int{{256, 2048}, {128, 2048}, {128, 0}, {0, 128}, {0, 0}} {
		configs = append(configs, sparseLoops{bounds: fast})
	}
	for name, k := range byteKernels() {
		k.bounds = defaultLoops.bounds
		configs = append(configs, k)
		t.Logf("byte kernels %s", name)
	}
	for _, loops := range configs {
		fast := loops.bounds
		v, info, err := grundySparse(n, nil, loops)
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
	if testing.Short() {
		t.Skip("long")
	}
	n := 1 << 17
	fast, _, _ := GrundySparse(n, nil)
	slow, _, _ := grundySparse(n, nil, sparseLoops{})
	if i := firstDiff(fast, slow); i >= 0 {
		t.Fatalf("G(%d): fast %d, general %d", i, fast[i], slow[i])
	}
}
