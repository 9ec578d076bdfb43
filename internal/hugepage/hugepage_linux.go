//go:build linux

package hugepage

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

func alloc[T ~uint64](n int) ([]T, func()) {
	size := n * 8
	// Map a huge page more than needed and start at a huge-page boundary,
	// so that every full 2 MiB of the slice can be a huge page.
	b, err := unix.Mmap(-1, 0, size+hugeSize, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		return make([]T, n), func() {}
	}
	off := 0
	if r := int(uintptr(unsafe.Pointer(&b[0])) % hugeSize); r != 0 {
		off = hugeSize - r
	}
	_ = unix.Madvise(b[off:off+size], unix.MADV_HUGEPAGE) // advice only
	s := unsafe.Slice((*T)(unsafe.Pointer(&b[off])), n)
	return s, func() { _ = unix.Munmap(b) }
}
