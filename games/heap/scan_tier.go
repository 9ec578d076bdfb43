package heap

import "github.com/nimbers/grundy/internal/tier"

// The tiers of split-scanning kernels, fastest first.
const (
	tierAVX512 = tier.AVX512
	tierAVX2   = tier.AVX2
	tierGo     = tier.Go
)

// kernelSet is a tier's kernels: the scanners of the fast loops of sparse
// space (in loops), the dense scanner and the packing of flags.
type kernelSet struct {
	loops sparseLoops
	dense denseScanner
	pack  func(tabs []uint8, out []uint64, words int, merge bool)
}

// goKernels are the kernels in Go, which every machine runs.
var goKernels = kernelSet{
	loops: sparseLoops{scan: scanGeneric[uint8], wscan: scanGeneric[uint16], xscan: scanGeneric[uint16]},
	dense: scanDenseGo,
	pack:  packRowsGo,
}

// kernelTier is the tier the engine runs: the fastest this CPU runs, or
// the one GRUNDY_KERNELS names (avx512, avx2 or purego; one the CPU does
// not run gives the fastest it runs below it), read once at start-up.
var kernelTier = tier.Choose(tier.Named(), kernelTiers())

// tierKernels are the kernels of kernelTier.
var tierKernels = kernelTiers()[kernelTier]

// The kernels the engine runs.
var (
	bestByteScanner  = tierKernels.loops.scan
	bestWordScanner  = tierKernels.loops.wscan
	bestWideScanner  = tierKernels.loops.xscan
	bestDenseScanner = tierKernels.dense
	packRows         = tierKernels.pack
)
