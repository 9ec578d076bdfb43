package heap

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestReadSurveyFiles reads lists and outputs written by hand.
func TestReadSurveyFiles(t *testing.T) {
	got, err := readSurveyList(strings.NewReader("0.77 # Kayles\n\n  # nothing\nsubtraction 1,3,4\ngrundys-game"), "list")
	if want := []string{"0.77", "subtraction 1,3,4", "grundys-game"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("list: %q, %v; want %q", got, err, want)
	}
	if _, err := readSurveyList(strings.NewReader(strings.Repeat("x", 5000)), "list"); err == nil || !strings.Contains(err.Error(), "list: a line of more than 4096 bytes") {
		t.Errorf("a long line: %v", err)
	}
	out := `{"game":"octal 0.77","terms":10,"proven":true}` + "\n" + `{"game":"grundys-game","terms":10}` + "\n"
	done, err := readSurveyDone(strings.NewReader(out), "out", 10)
	if want := map[string]bool{"octal 0.77": true, "grundys-game": true}; err != nil || !maps.Equal(done, want) {
		t.Errorf("output: %v, %v; want %v", done, err, want)
	}
	for _, c := range []struct{ in, want string }{
		{out, "out: line 1 is of 10 terms, not 11"},
		{out[:20], "out: its last line is cut short"},
		{"{}\n", "out: line 1 is not a line of survey"},
		{"not json\n", "out: line 1 is not a line of survey"},
	} {
		if _, err := readSurveyDone(strings.NewReader(c.in), "out", 11); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.in, err, c.want)
		}
	}
}

// TestSurveyFiles checks that NewSurvey reads the games of an @FILE
// operand among others, and SurveyDone the games of an output file, both
// written by hand, and that a missing file is named.
func TestSurveyFiles(t *testing.T) {
	dir := t.TempDir()
	list, out := filepath.Join(dir, "list"), filepath.Join(dir, "out")
	os.WriteFile(list, []byte("0.77 # Kayles\n\nsubtraction 1,3,4\n"), 0o644)
	os.WriteFile(out, []byte(`{"game":"octal 0.77","terms":10}`+"\n"), 0o644)
	done, err := SurveyDone(out, 10)
	if err != nil || !maps.Equal(done, map[string]bool{"octal 0.77": true}) {
		t.Fatalf("SurveyDone: %v, %v", done, err)
	}
	s, err := NewSurvey([]string{"grundys-game", "@" + list}, 10, SurveyOptions{Done: done})
	if want := []string{"grundys-game", "subtraction 1,3,4"}; err != nil || !slices.Equal(s.games, want) {
		t.Errorf("NewSurvey: %v, %v; want %q", s, err, want)
	}
	missing := filepath.Join(dir, "none")
	if _, err := NewSurvey([]string{"@" + missing}, 10, SurveyOptions{}); err == nil || err.Error() != missing+": no such file or directory" {
		t.Errorf("a missing list: %v", err)
	}
}
