//go:build !linux

package nimmat

// threadCPU reports false: the thread's CPU time is read only on Linux.
func threadCPU() (int64, bool) { return 0, false }
