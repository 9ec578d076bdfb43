//go:build !amd64 || purego

package heap

// The byte kernels in Go: no assembly on this build.
var (
	bestByteScanner byteScanner = scanBytesGeneric
	bestByteRows    byteRows    = rowsGeneric
)

// byteKernels lists every byte scanner and layout this machine can run.
func byteKernels() map[string]sparseLoops {
	return map[string]sparseLoops{"go": {scan: scanBytesGeneric, rows: rowsGeneric}}
}
