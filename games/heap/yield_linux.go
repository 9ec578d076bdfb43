package heap

import (
	"runtime"

	"golang.org/x/sys/unix"
)

// yieldCPU gives the processor to another runnable goroutine and the CPU
// to another runnable thread, if there are any (runtime.Gosched, then
// sched_yield): a waiter that spins while what it waits for has no core
// of its own would otherwise keep it from running.
func yieldCPU() {
	runtime.Gosched()
	unix.RawSyscall(unix.SYS_SCHED_YIELD, 0, 0, 0)
}
