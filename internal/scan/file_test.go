package scan

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
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

func TestReadLines(t *testing.T) {
	got, err := ReadLines(strings.NewReader("a\n  # note\n\n\tb c \r\n#x\nd"), "f", 100, "games")
	want := []Line{{1, "a"}, {4, "b c"}, {6, "d"}}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("ReadLines = %v, %v; want %v", got, err, want)
	}
	if _, err := ReadLines(strings.NewReader(strings.Repeat("x", 101)), "f", 100, "games"); err == nil || err.Error() != "f: more than 100 bytes of games" {
		t.Errorf("101 bytes: %v", err)
	}
	if got, err := ReadLines(strings.NewReader(strings.Repeat("x", 100)), "f", 100, "games"); err != nil || len(got) != 1 {
		t.Errorf("100 bytes: %v, %v", got, err)
	}
}
