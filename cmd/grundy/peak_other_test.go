//go:build !unix

package main

import "os"

// peakMiB returns 0: this system does not report a process's peak memory.
func peakMiB(*os.ProcessState) int64 { return 0 }
