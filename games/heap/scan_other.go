//go:build !amd64 || purego

package heap

// The byte kernels in Go: no assembly on this build.
var (
	bestByteScanner  splitScanner[uint8]  = scanGeneric[uint8]
	bestWordScanner  splitScanner[uint16] = scanGeneric[uint16]
	bestWideScanner  splitScanner[uint16] = scanGeneric[uint16]
	bestDenseScanner                      = scanDenseGo
	packRows                              = packRowsGo
)

// byteKernels lists every set of kernels this machine can run.
func byteKernels() map[string]sparseLoops {
	return map[string]sparseLoops{"go": {scan: scanGeneric[uint8], wscan: scanGeneric[uint16], xscan: scanGeneric[uint16]}}
}
