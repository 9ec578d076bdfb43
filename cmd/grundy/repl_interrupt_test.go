//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"sync"
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
	var out, errs lockedBuffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	in.Write([]byte("g = game(\"{2|-1}\")\nprint(\"looping\")\nwhile True:\n    pass\n\n"))
	// Ctrl-C once the loop runs, again if the repl has not said it
	// stopped within 5 s (a loaded machine may be slow to start it).
	var sent time.Time
	for deadline := time.Now().Add(60 * time.Second); !strings.Contains(errs.String(), "interrupted"); {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no interruption 60 s after the loop began: stdout %q, stderr %q", out.String(), errs.String())
		}
		time.Sleep(50 * time.Millisecond)
		if strings.Contains(out.String(), "looping") && time.Since(sent) > 5*time.Second {
			cmd.Process.Signal(os.Interrupt)
			sent = time.Now()
		}
	}
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
	if err != nil || out.String() != "looping\n3/2\n" || !strings.Contains(errs.String(), "interrupted") ||
		strings.Count(errs.String(), "\n") != 1 {
		t.Errorf("%v: stdout %q, stderr %q; want 3/2 (Siegel, CGT, II.5) after one line saying interrupted", err, out.String(), errs.String())
	}
}

// A lockedBuffer is a bytes.Buffer a process writes while the test reads.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
