//go:build unix

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/nimbers/grundy/internal/cli"
)

// TestInterrupt sends Ctrl-C (SIGINT) to a long run and checks that it
// stops with exit 130, one line on stderr and nothing on stdout.
func TestInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process")
	}
	cmd := exec.Command(os.Args[0], "octal", "0.6", "-n", "67108864")
	cmd.Env = append(os.Environ(), "GRUNDY_RUN_MAIN=1")
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond) // into the computation
	start := time.Now()
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	t.Logf("stopped %v after the signal", time.Since(start))
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != cli.ExitIntr || out.Len() != 0 || errs.String() != "grundy: interrupted\n" {
		t.Errorf("%v: stdout %q, stderr %q; want exit %d, nothing on stdout, one line on stderr", err, out.String(), errs.String(), cli.ExitIntr)
	}
}
