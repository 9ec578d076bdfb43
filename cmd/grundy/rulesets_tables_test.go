package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGameCheckpoint checks that --checkpoint saves the tables of an
// outcome search, that --resume reads them back to the same answer, and
// that a file of another ruleset, a truncated one and a missing one are
// refused with one line.
func TestGameCheckpoint(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "clobber.tables")
	args := []string{"game", "clobber", "xoxoxoxo|oxoxoxox", "--outcome"}
	want, _, code := runCLI("", args...)
	if code != 0 {
		t.Fatalf("%v: exit %d", args, code)
	}
	if out, errs, code := runCLI("", append(args, "--checkpoint", file, "--checkpoint-every", "1s")...); code != 0 || out != want {
		t.Fatalf("--checkpoint: %q, %q, exit %d; want %q", out, errs, code, want)
	}
	if out, errs, code := runCLI("", append(args, "--resume", file)...); code != 0 || out != want {
		t.Fatalf("--resume: %q, %q, exit %d; want %q", out, errs, code, want)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	short := filepath.Join(dir, "short")
	if err := os.WriteFile(short, data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"game", "domineering", "....", "--resume", file}, "not of domineering"},
		{append(args, "--resume", short), "truncated"},
		{append(args, "--resume", filepath.Join(dir, "none")), "none"},
		{append(args, "--checkpoint-every", "1s"), "--checkpoint-every goes with"},
	} {
		out, errs, code := runCLI("", c.args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: %q, %q, exit %d; want exit 2 naming %q", c.args, out, errs, code, c.want)
		}
	}
}
