//go:build long && unix

package main

import (
	"bytes"
	"crypto/sha256"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestCheckpointSurvivesKill runs 2^24 heaps of Officers (0.6) and 2^22
// of Grundy's game with a checkpoint every second, kills the process
// with SIGKILL at random moments, resumes it each time, and wants the
// output of the run that finishes to be that of a run never stopped.
func TestCheckpointSurvivesKill(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, uint64(time.Now().UnixNano())))
	for _, c := range []struct {
		args []string
	}{
		{[]string{"octal", "0.6", "-n", "16777216"}},
		{[]string{"subtraction", "all-but:1,3", "-n", "20000000"}},
		{[]string{"grundys-game", "-n", "4194304"}},
	} {
		start := time.Now()
		want := sha256.Sum256(runMain(t, append(c.args, "--budget", "none"), 0, nil))
		plain := time.Since(start)
		ck := filepath.Join(t.TempDir(), "run.ckpt")
		kills := 0
		for first := true; ; first = false {
			flag := "--resume"
			if first {
				flag = "--checkpoint"
			}
			args := append(append([]string{}, c.args...), flag, ck, "--checkpoint-every", "1s")
			// Kill at a random moment within the first third of the time
			// a whole run takes.
			after := time.Duration(rng.Int64N(int64(plain/3))) + 100*time.Millisecond
			if kills == 8 {
				after = 0 // let it finish
			}
			killed := false
			out := runMain(t, args, after, &killed)
			if killed {
				kills++
				continue
			}
			if got := sha256.Sum256(out); got != want {
				t.Fatalf("%v: after %d kills the output differs from an unbroken run's", c.args, kills)
			}
			break
		}
		t.Logf("%v: %d kills, output identical (an unbroken run takes %v)", c.args, kills, plain.Round(time.Millisecond))
	}
}

// runMain runs the command in a process of its own and returns its
// standard output; with after > 0 it kills the process with SIGKILL
// then, if it is still running, and sets killed.
func runMain(t *testing.T, args []string, after time.Duration, killed *bool) []byte {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "GRUNDY_RUN_MAIN=1")
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if after > 0 {
		timer := time.AfterFunc(after, func() { cmd.Process.Signal(syscall.SIGKILL) })
		defer timer.Stop()
	}
	err := cmd.Wait()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() && ws.Signal() == syscall.SIGKILL {
		*killed = true
		return nil
	}
	if err != nil {
		t.Fatalf("%v: %v: %s", args, err, errs.String())
	}
	return out.Bytes()
}
