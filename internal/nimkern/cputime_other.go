//go:build !linux

package nimkern

import "time"

// threadCPU reports false: the thread's CPU time is read only on Linux.
func threadCPU() (time.Duration, bool) { return 0, false }
