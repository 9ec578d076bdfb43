package games_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nimbers/grundy/games"
)

// TestSessionEach checks Each on Kayles heaps against Kayles's values
// from Winning Ways (0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6 for heaps 0 to
// 11; *1 is written *), comments and blank lines skipped, and that a malformed line fails
// the call before any line is answered.
func TestSessionEach(t *testing.T) {
	s, err := games.NewSession(games.Query{Ruleset: "octal:0.77"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	err = s.Each(t.Context(), strings.NewReader("4\n# a comment\n\n 11 \n7\n"), "in", func(line string, a *games.Answer, err error) error {
		if err != nil {
			return err
		}
		got = append(got, line+"="+a.Value)
		return nil
	})
	if want := "4=* 11=*6 7=*2"; err != nil || strings.Join(got, " ") != want {
		t.Errorf("got %q, %v; want %q", got, err, want)
	}
	called := false
	err = s.Each(t.Context(), strings.NewReader("3\nx\n"), "in", func(string, *games.Answer, error) error {
		called = true
		return nil
	})
	if err == nil || called || !strings.HasPrefix(err.Error(), "in line 2: ") {
		t.Errorf("a malformed line 2: called %v, error %v", called, err)
	}
	stop := errors.New("stop")
	n := 0
	err = s.Each(t.Context(), strings.NewReader("1\n2\n3\n"), "in", func(string, *games.Answer, error) error {
		n++
		return stop
	})
	if err != stop || n != 1 {
		t.Errorf("answer's error: %d calls, %v", n, err)
	}
}

// TestSessionTables checks that Tables saves a session's tables to a
// file when its function is called, that another session reads them
// back and answers as before, and that a file of something else is
// refused, naming it.
func TestSessionTables(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "tables")
	q := games.Query{Ruleset: "toads-frogs"}
	s, err := games.NewSession(q, nil)
	if err != nil {
		t.Fatal(err)
	}
	done, err := s.Tables("", file, 0)
	if err != nil {
		t.Fatal(err)
	}
	a, err := s.Ask(t.Context(), "tt..ff")
	if err = done(err); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(file); err != nil || fi.Size() == 0 {
		t.Fatalf("no tables saved: %v", err)
	}
	s2, _ := games.NewSession(q, nil)
	if _, err := s2.Tables(file, "", 0); err != nil {
		t.Fatal(err)
	}
	if b, err := s2.Ask(t.Context(), "tt..ff"); err != nil || b.Value != a.Value || b.Winner != a.Winner {
		t.Errorf("read back: %v %v, want %v", b, err, a)
	}
	junk := filepath.Join(dir, "junk")
	os.WriteFile(junk, []byte("not tables"), 0o644)
	if _, err := s2.Tables(junk, "", 0); err == nil || !strings.HasPrefix(err.Error(), junk+": ") {
		t.Errorf("a file of something else: %v", err)
	}
	if _, err := s2.Tables(filepath.Join(dir, "none"), "", 0); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
}

// TestAnswerText checks the text of answers written by hand.
func TestAnswerText(t *testing.T) {
	for _, c := range []struct {
		a    games.Answer
		want string
	}{
		{games.Answer{Value: "*2", Winner: "first", Moves: []games.AnswerMove{{Position: "1", Value: "*"}, {Position: "2", Value: "0"}}}, "*2\nfirst\n1: *\n2: 0\n"},
		{games.Answer{Value: "1/2", Winner: "Left", Moves: []games.AnswerMove{{Player: "Left", Position: "B", Value: "1"}}}, "1/2\nLeft\nLeft: B: 1\n"},
		{games.Answer{Winner: "second"}, "second\n"},
	} {
		var b strings.Builder
		if _, err := c.a.WriteTo(&b); err != nil || b.String() != c.want {
			t.Errorf("%+v: %q, want %q", c.a, b.String(), c.want)
		}
	}
}
