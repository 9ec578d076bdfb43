package heap

import (
	"os"
	"strings"
)

// The tiers of split-scanning kernels, fastest first, by the names
// GRUNDY_KERNELS gives them.
const (
	tierAVX512 = "avx512"
	tierAVX2   = "avx2"
	tierGo     = "purego"
)

// tierOrder lists the tiers, fastest first.
var tierOrder = []string{tierAVX512, tierAVX2, tierGo}

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

// chooseTier returns the tier named by want if have holds it, else the
// fastest in have after it in tierOrder; an empty or unknown name asks for
// the fastest in have. The AVX2 tiers of package nimber (avx2-pclmul,
// avx2-gfni) name this package's avx2.
func chooseTier(want string, have map[string]kernelSet) string {
	if strings.HasPrefix(want, tierAVX2+"-") {
		want = tierAVX2
	}
	from := 0
	for j, t := range tierOrder {
		if t == want {
			from = j
		}
	}
	for _, t := range tierOrder[from:] {
		if _, ok := have[t]; ok {
			return t
		}
	}
	return tierGo
}

// kernelTier is the tier the engine runs: the fastest this CPU runs, or
// the one GRUNDY_KERNELS names (avx512, avx2 or purego; one the CPU does
// not run gives the fastest it runs below it), read once at start-up.
var kernelTier = chooseTier(os.Getenv("GRUNDY_KERNELS"), kernelTiers())

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
