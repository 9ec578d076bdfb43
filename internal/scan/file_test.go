package scan

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "f")
	if err := os.WriteFile(name, []byte("12345"), 0o600); err != nil {
		t.Fatal(err)
	}
	var got []byte
	if err := ReadFile(name, 5, func(r io.Reader) (err error) { got, err = io.ReadAll(r); return }); err != nil || string(got) != "12345" {
		t.Errorf("ReadFile at the limit = %q, %v", got, err)
	}
	called := false
	err := ReadFile(name, 4, func(io.Reader) error { called = true; return nil })
	if want := name + ": 5 bytes, more than the 4 this file may hold"; err == nil || err.Error() != want || called {
		t.Errorf("ReadFile past the limit = %v (read called %v), want %q", err, called, want)
	}
	missing := filepath.Join(dir, "missing")
	err = ReadFile(missing, 5, func(io.Reader) error { return nil })
	if err == nil || !strings.HasPrefix(err.Error(), missing+": ") || strings.Contains(err.Error(), "open ") {
		t.Errorf("ReadFile of a missing file = %v, want %q and a reason", err, missing+": ")
	}
	plain := errors.New("bad line")
	if err := ReadFile(name, 5, func(io.Reader) error { return plain }); err != plain {
		t.Errorf("ReadFile passes on %v, want the reader's own error", err)
	}
}
