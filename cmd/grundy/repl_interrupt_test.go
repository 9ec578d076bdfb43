//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestReplInterrupt sends Ctrl-C (SIGINT) to a repl while an entry loops
// forever: the entry stops with "interrupted", and the session goes on
// with its names; the end of input (Ctrl-D) ends it with status 0.
func TestReplInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process")
	}
	cmd := exec.Command(os.Args[0], "repl", "--budget", "1e15")
	cmd.Env = append(os.Environ(), "GRUNDY_RUN_MAIN=1")
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	in.Write([]byte("g = game(\"{2|-1}\")\nwhile True:\n    pass\n\n"))
	time.Sleep(500 * time.Millisecond) // into the loop
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond)
	in.Write([]byte("g.temperature()\n"))
	in.Close()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatal("the repl still runs 30 s after the end of its input")
	}
	if err != nil || out.String() != "3/2\n" || !strings.Contains(errs.String(), "interrupted") ||
		strings.Count(errs.String(), "\n") != 1 {
		t.Errorf("%v: stdout %q, stderr %q; want 3/2 (Siegel, CGT, II.5) after one line saying interrupted", err, out.String(), errs.String())
	}
}
