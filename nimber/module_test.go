package nimber_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestImportFromOutsideModule builds a throw-away module outside this one
// that imports nimber through a replace directive, as a user of the
// published module would, and runs it: 8 ⊗ 8 must print 13.
func TestImportFromOutsideModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a separate module")
	}
	// go test puts its own toolchain first on the PATH of the test.
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("no go command: %v", err)
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/outside\n\ngo 1.26.0\n\n" +
			"require github.com/nimbers/grundy v0.0.0\n\n" +
			"replace github.com/nimbers/grundy => " + root + "\n",
		"main.go": `package main

import (
	"fmt"

	"github.com/nimbers/grundy/nimber"
)

func main() { fmt.Println(nimber.Nimber(8).Mul(8)) }
`,
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	files["go.sum"] = string(sum)
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The module cache holds this module's dependencies and go.sum their
	// checksums, so the outside module resolves them without the network.
	env := append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	steps := [][]string{{"mod", "tidy"}, {"run", "."}}
	if runtime.GOARCH != hostArch(t, gobin) {
		// Cross-compiled and emulated (GOARCH=arm64 go test -exec qemu-…):
		// the outside module's binary would not run on the host, so only
		// build it.
		steps[1] = []string{"build", "-o", os.DevNull, "."}
	}
	for _, args := range steps {
		cmd := exec.Command(gobin, args...)
		cmd.Dir = dir
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		if args[0] == "run" && strings.TrimSpace(string(out)) != "13" {
			t.Fatalf("8 ⊗ 8 printed %q from the outside module, want 13", out)
		}
	}
}

// hostArch returns the architecture the go command runs on.
func hostArch(t *testing.T, gobin string) string {
	out, err := exec.Command(gobin, "env", "GOHOSTARCH").Output()
	if err != nil {
		t.Fatalf("go env GOHOSTARCH: %v", err)
	}
	return strings.TrimSpace(string(out))
}
