package heap

import (
	"slices"
	"testing"
)

// TestChooseTier checks how GRUNDY_KERNELS picks a tier: the one named if
// the machine runs it, else the fastest below it, and the fastest of all
// for an empty or unknown name.
func TestChooseTier(t *testing.T) {
	all := map[string]kernelSet{tierAVX512: {}, tierAVX2: {}, tierGo: {}}
	noAVX512 := map[string]kernelSet{tierAVX2: {}, tierGo: {}}
	goOnly := map[string]kernelSet{tierGo: {}}
	for _, c := range []struct {
		want string
		have map[string]kernelSet
		got  string
	}{
		{"", all, tierAVX512},
		{"avx2", all, tierAVX2},
		{"purego", all, tierGo},
		{"sse", all, tierAVX512},
		{"avx512", noAVX512, tierAVX2},
		{"", noAVX512, tierAVX2},
		{"avx512", goOnly, tierGo},
		{"avx2", goOnly, tierGo},
		{"avx2-gfni", all, tierAVX2},
		{"avx2-pclmul", noAVX512, tierAVX2},
	} {
		if got := chooseTier(c.want, c.have); got != c.got {
			t.Errorf("chooseTier(%q, %d tiers) = %s, want %s", c.want, len(c.have), got, c.got)
		}
	}
}

// TestKernelTiers logs the tiers of kernels the tests of this machine
// exercise, and the one the engine runs.
func TestKernelTiers(t *testing.T) {
	var names []string
	for name := range kernelTiers() {
		names = append(names, name)
	}
	slices.Sort(names)
	if !slices.Contains(names, tierGo) || !slices.Contains(names, kernelTier) {
		t.Fatalf("tiers %v, the engine's %s", names, kernelTier)
	}
	t.Logf("kernel tiers tested here: %v; the engine runs %s", names, kernelTier)
}
