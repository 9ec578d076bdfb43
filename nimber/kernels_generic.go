//go:build !(amd64 || arm64) || purego

package nimber

import "github.com/nimbers/grundy/internal/nimkern"

// buildKernels has nothing to prepare without assembly.
func buildKernels(fromCols, toCols *[64]uint64) {}

// cpuFeatures reports nothing without assembly.
func cpuFeatures() []nimkern.Feature { return nil }

// elemMul multiplies in the polynomial basis.
func elemMul(a, b uint64) uint64 { return elemMulTables(a, b) }

// availableKernels lists every implementation this machine can run.
func availableKernels() []*kernelSet { return []*kernelSet{&genericKernels} }

// mul returns the nim-product x ⊗ y with the log/exp tables.
func mul(x, y uint64) uint64 { return mul64(x, y) }
