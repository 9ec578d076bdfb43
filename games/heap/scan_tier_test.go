package heap

import (
	"slices"
	"testing"
)

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
