// Package hugepage allocates large scratch slices of 64-bit words. On
// Linux a large slice is mapped straight from the kernel and advised to use
// transparent huge pages, so that first touching it costs one page fault
// per 2 MiB instead of one per 4 KiB (on virtual machines a fault can cost
// tens of microseconds). Elsewhere, and for small sizes, it is make.
//
// The memory of a mapped slice is not managed by the garbage collector:
// the caller must call the release function exactly once, when it no
// longer uses the slice. The words must not hold pointers.
package hugepage

// minMapped is the size in bytes from which slices are mapped.
const minMapped = 8 << 20

// hugeSize is the size of a transparent huge page on amd64 and arm64.
const hugeSize = 2 << 20

// Alloc returns a zeroed slice of n words and the function that releases
// it.
func Alloc[T ~uint64](n int) ([]T, func()) {
	if n*8 < minMapped {
		return make([]T, n), func() {}
	}
	return alloc[T](n)
}
