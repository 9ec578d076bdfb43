package heap

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

// TestReadSurveyFiles reads lists and outputs written by hand.
func TestReadSurveyFiles(t *testing.T) {
	got, err := ReadSurveyList(strings.NewReader("0.77 # Kayles\n\n  # nothing\nsubtraction 1,3,4\ngrundys-game"), "list")
	if want := []string{"0.77", "subtraction 1,3,4", "grundys-game"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("list: %q, %v; want %q", got, err, want)
	}
	if _, err := ReadSurveyList(strings.NewReader(strings.Repeat("x", 5000)), "list"); err == nil || !strings.Contains(err.Error(), "list: a line of more than 4096 bytes") {
		t.Errorf("a long line: %v", err)
	}
	out := `{"game":"octal 0.77","terms":10,"proven":true}` + "\n" + `{"game":"grundys-game","terms":10}` + "\n"
	done, err := ReadSurveyDone(strings.NewReader(out), "out", 10)
	if want := map[string]bool{"octal 0.77": true, "grundys-game": true}; err != nil || !maps.Equal(done, want) {
		t.Errorf("output: %v, %v; want %v", done, err, want)
	}
	for _, c := range []struct{ in, want string }{
		{out, "out: line 1 is of 10 terms, not 11"},
		{out[:20], "out: its last line is cut short"},
		{"{}\n", "out: line 1 is not a line of survey"},
		{"not json\n", "out: line 1 is not a line of survey"},
	} {
		if _, err := ReadSurveyDone(strings.NewReader(c.in), "out", 11); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.in, err, c.want)
		}
	}
}
