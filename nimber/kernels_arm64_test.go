//go:build arm64 && !purego

package nimber

import "testing"

// pmullEdge holds operands where the reduction's overflow and the byte
// tables' last entries matter.
var pmullEdge = []uint64{0, 1, 2, 0x1b, 1 << 32, 1<<63 | 1, 1 << 63, 0xf << 60, ^uint64(0), uint64(fieldRoot)}

func TestMulPMULL(t *testing.T) {
	if !hasNEONKernels {
		t.Skip("no PMULL")
	}
	r := newRand(t)
	check := func(x, y uint64) {
		if got, want := mulPMULL(x, y, &toElemMap[0][0], &fromElemMap[0][0]), refMul(x, y); got != want {
			t.Fatalf("mulPMULL(%#x, %#x) = %#x, want %#x", x, y, got, want)
		}
	}
	for _, x := range pmullEdge {
		for _, y := range pmullEdge {
			check(x, y)
		}
	}
	for range randomTrials {
		check(r.Uint64(), r.Uint64())
		check(r.Uint64()>>r.IntN(64), r.Uint64()>>r.IntN(64))
	}
}

func TestElemMulPMULL(t *testing.T) {
	if !hasNEONKernels {
		t.Skip("no PMULL")
	}
	r := newRand(t)
	check := func(a, b uint64) {
		if got, want := elemMulPMULL(a, b), elemMulGeneric(a, b); got != want {
			t.Fatalf("elemMulPMULL(%#x, %#x) = %#x, want %#x", a, b, got, want)
		}
	}
	for _, a := range pmullEdge {
		for _, b := range pmullEdge {
			check(a, b)
		}
	}
	for range randomTrials {
		check(r.Uint64(), r.Uint64())
	}
}

// TestNEONTier checks that the tier is offered exactly when the CPU
// reports both extensions, and is then the default.
func TestNEONTier(t *testing.T) {
	have := map[string]bool{}
	for _, f := range cpuFeatures() {
		have[f.Name] = f.Present
	}
	avail := availableKernels()
	offered := avail[len(avail)-1] == &neonKernels
	if offered != (have["ASIMD"] && have["PMULL"]) {
		t.Fatalf("features %v, neon-pmull offered: %v", have, offered)
	}
}
