//go:build !linux

package heap

import "runtime"

// yieldCPU gives the processor to another goroutine; off Linux it cannot
// give the CPU to another thread.
func yieldCPU() { runtime.Gosched() }
