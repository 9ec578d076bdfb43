package main

import (
	"strings"
	"testing"
	"testing/iotest"
)

func TestReadErrorIsReported(t *testing.T) {
	r := iotest.TimeoutReader(strings.NewReader("2\n1 2\n"))
	out, errs, code := runCLIReader(r, "nim", "mul")
	if code != 2 || out != "" || !strings.Contains(errs, "stdin") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}
