package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/nimbers/grundy/games/heap"
	"github.com/nimbers/grundy/internal/scan"
)

// noControl fails t if the message errs holds a control character other
// than its final newline: untrusted text is quoted.
func noControl(t *testing.T, what, errs string) {
	t.Helper()
	if strings.ContainsFunc(strings.TrimSuffix(errs, "\n"), unicode.IsControl) {
		t.Fatalf("%s: the message %q holds control characters", what, errs)
	}
}

// FuzzValuesVerb reads fuzzed values files with "grundy values": every
// run answers or is refused with one line free of control characters.
func FuzzValuesVerb(f *testing.F) {
	var b bytes.Buffer
	vw, _ := heap.NewValuesWriter(&b, heap.GrundysGame())
	vw.Write([]uint64{0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 70000})
	vw.Close()
	f.Add(b.Bytes(), uint8(0))
	f.Add(append(b.Bytes(), 'x'), uint8(1))
	f.Add([]byte(hostileValues("octal 0.6\x1b[2J\n", 1, []byte{0, 0})), uint8(2))
	f.Add([]byte(hostileValues("nim", 2, make([]byte, 400))), uint8(0))
	f.Add([]byte(valuesBomb(1<<12)), uint8(2))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte, mode uint8) {
		path := filepath.Join(dir, "f.values")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		args := [][]string{{"values", path}, {"values", path, "--rare"}, {"values", path, "--from", "3", "--to", "9"}, {"values", path, "--budget", "1e5"}}[mode%4]
		out, errs, code := runCLI("", args...)
		checkContract(t, strings.Join(args, " "), out, errs, code)
		noControl(t, strings.Join(args, " "), errs)
	})
}

// FuzzSurveyResume reads fuzzed survey output as --resume does: it is
// read or refused with a message free of control characters, and what it
// reads holds only games of lines of the asked terms.
func FuzzSurveyResume(f *testing.F) {
	f.Add([]byte(`{"game":"octal 0.6","terms":10,"proven":false}` + "\n"))
	f.Add([]byte(`{"game":"octal 0.6","terms":11}` + "\n"))
	f.Add([]byte(`{"game":"x"}`))
	f.Add([]byte("\x1b[2J\n"))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "out.jsonl")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		done, err := heap.SurveyDone(path, 10)
		if err != nil {
			noControl(t, "--resume", err.Error())
			return
		}
		if len(done) > strings.Count(string(data), "\n") {
			t.Fatalf("%d games from %d lines", len(done), strings.Count(string(data), "\n"))
		}
	})
}

// FuzzParseInt checks the command line's integers against strconv: a
// decimal as Atoi reads it, 0x-hex as ParseInt in base 16.
func FuzzParseInt(f *testing.F) {
	for _, s := range []string{"16", "0x10", "0x", "-3", "0x-3", "0X10", "+5", "0x7fffffffffffffff", "1_000"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := scan.Int(s)
		var want int64
		var werr error
		if h, ok := strings.CutPrefix(s, "0x"); ok {
			want, werr = strconv.ParseInt(h, 16, 64)
			if strings.HasPrefix(h, "-") || strings.HasPrefix(h, "+") {
				werr = strconv.ErrSyntax
			}
		} else {
			var w int
			w, werr = strconv.Atoi(s)
			want = int64(w)
		}
		if (err == nil) != (werr == nil) || err == nil && int64(v) != want {
			t.Fatalf("scan.Int(%q) = %d, %v; want %d, %v", s, v, err, want, werr)
		}
	})
}
