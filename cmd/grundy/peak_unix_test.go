//go:build unix

package main

import (
	"os"
	"runtime"
	"syscall"
)

// peakMiB returns the peak resident memory of a finished process in MiB.
func peakMiB(ps *os.ProcessState) int64 {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0
	}
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
		return int64(ru.Maxrss) >> 20 // bytes there
	}
	return int64(ru.Maxrss) >> 10 // KiB elsewhere
}
