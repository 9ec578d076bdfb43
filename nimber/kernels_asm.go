//go:build (amd64 || arm64) && !purego

package nimber

import "unsafe"

// u64s returns the address of the first word of s, nil when s is empty,
// for the assembly.
func u64s[T ~uint64](s []T) *uint64 {
	if len(s) == 0 {
		return nil
	}
	return (*uint64)(unsafe.Pointer(&s[0]))
}
