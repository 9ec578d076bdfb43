//go:build unix

package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nimbers/grundy/internal/cli"
)

// TestInterruptSaves sends Ctrl-C to a checkpointed run before its first
// interval is up: the run must exit 130 only once it has saved what it
// found, so that the checkpoint holds more than its empty first save and
// resumes.
func TestInterruptSaves(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process")
	}
	ck := filepath.Join(t.TempDir(), "run.ckpt")
	cmd := exec.Command(os.Args[0], "octal", "0.6", "-n", "67108864", "--checkpoint", ck)
	cmd.Env = append(os.Environ(), "GRUNDY_RUN_MAIN=1")
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(1500 * time.Millisecond) // into the computation
	start := time.Now()
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	t.Logf("stopped and saved %v after the signal", time.Since(start))
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != cli.ExitIntr || out.Len() != 0 || errs.String() != "grundy: interrupted\n" {
		t.Fatalf("%v: stdout %q, stderr %q; want exit %d and one line", err, out.String(), errs.String(), cli.ExitIntr)
	}
	// The checkpoint's description counts the values it saved.
	desc, err := os.ReadFile(ck)
	if err != nil {
		t.Fatal(err)
	}
	var v int
	for _, line := range strings.Split(string(desc), "\n") {
		if f, ok := strings.CutPrefix(line, "values "); ok {
			fmt.Sscan(f, &v)
		}
	}
	if v == 0 {
		t.Fatalf("the checkpoint holds no values: the last save was lost")
	}
	if fi, err := os.Stat(ck + ".values"); err != nil || fi.Size() == 0 {
		t.Fatalf("the checkpoint's values file is empty: %v", err)
	}
	t.Logf("saved %d values", v)
}

// TestInterruptSurvey stops a survey with Ctrl-C: the lines it wrote are
// whole, and --resume with them goes on with the games not done.
func TestInterruptSurvey(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process")
	}
	dir := t.TempDir()
	var list bytes.Buffer
	for i := range 1500 {
		fmt.Fprintf(&list, "subtraction %d,%d\n", i+1, i+2)
	}
	codes := filepath.Join(dir, "codes.txt")
	if err := os.WriteFile(codes, list.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "survey", "@"+codes, "-n", "20000", "--budget", "none")
	cmd.Env = append(os.Environ(), "GRUNDY_RUN_MAIN=1")
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second)
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != cli.ExitIntr {
		t.Fatalf("%v: stderr %q; want exit %d", err, errs.String(), cli.ExitIntr)
	}
	lines := strings.Split(out.String(), "\n")
	if len(lines) < 2 || lines[len(lines)-1] != "" {
		t.Fatalf("the interrupted survey wrote %d lines, the last cut: %.100q", len(lines)-1, out.String())
	}
	t.Logf("%d lines before Ctrl-C", len(lines)-1)
	partial := filepath.Join(dir, "out.jsonl")
	if err := os.WriteFile(partial, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	rest, errs2, code := runCLI("", "survey", "@"+codes, "-n", "20000", "--budget", "none", "--resume", partial)
	if code != 0 || strings.Count(rest, "\n")+len(lines)-1 != 1500 {
		t.Fatalf("resumed: exit %d (%s), %d more lines after %d", code, errs2, strings.Count(rest, "\n"), len(lines)-1)
	}
}
