package script

import "syscall"

// childAttr returns the attributes of a child process: a process group of
// its own, so that Ctrl-C on the terminal reaches only the parent, which
// cancels the child; killed when the parent dies.
func childAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// limitData bounds the process's data segment, which counts the heap, to
// n bytes: an allocation past it fails.
func limitData(n float64) {
	if n <= 0 || n >= 1<<62 {
		return
	}
	syscall.Setrlimit(syscall.RLIMIT_DATA, &syscall.Rlimit{Cur: uint64(n), Max: uint64(n)})
}
