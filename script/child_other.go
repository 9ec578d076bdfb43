//go:build !linux

package script

import "syscall"

// childAttr returns the attributes of a child process: none here.
func childAttr() *syscall.SysProcAttr { return nil }

// limitData does nothing here: the watchdog alone bounds the heap.
func limitData(float64) {}
