package nimber

import "golang.org/x/sys/unix"

// threadCPU returns the CPU time of the calling thread in nanoseconds, and
// true; benchmarks lock their goroutine to its thread first, so that the
// figure excludes the time other programs hold the CPU.
func threadCPU() (int64, bool) {
	var ts unix.Timespec
	if unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts) != nil {
		return 0, false
	}
	return ts.Nano(), true
}
