package heap

import "golang.org/x/sys/unix"

// yieldCPU gives the CPU to another runnable thread, if there is one
// (sched_yield): a waiter that spins while the thread it waits for has no
// core of its own would otherwise keep it from running.
func yieldCPU() { unix.RawSyscall(unix.SYS_SCHED_YIELD, 0, 0, 0) }
