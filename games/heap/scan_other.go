//go:build !amd64 || purego

package heap

// kernelTiers lists the tiers of kernels this build runs: Go only.
func kernelTiers() map[string]kernelSet {
	return map[string]kernelSet{tierGo: goKernels}
}
