package games_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
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
	err = s.Each(t.Context(), strings.NewReader("4\n# a comment\n\n 11 \n7\n"), "in", func(l *games.Line) error {
		if l.Err != nil {
			return l.Err
		}
		got = append(got, l.Position+"="+l.Answer.Value)
		return nil
	})
	if want := "4=* 11=*6 7=*2"; err != nil || strings.Join(got, " ") != want {
		t.Errorf("got %q, %v; want %q", got, err, want)
	}
	called := false
	err = s.Each(t.Context(), strings.NewReader("3\nx\n"), "in", func(*games.Line) error {
		called = true
		return nil
	})
	if err == nil || called || !strings.HasPrefix(err.Error(), "in line 2: ") {
		t.Errorf("a malformed line 2: called %v, error %v", called, err)
	}
	stop := errors.New("stop")
	n := 0
	err = s.Each(t.Context(), strings.NewReader("1\n2\n3\n"), "in", func(*games.Line) error {
		n++
		return stop
	})
	if err != stop || n != 1 {
		t.Errorf("answer's error: %d calls, %v", n, err)
	}
}

// TestLineText checks the text and JSON of Each's lines against lines
// written by hand from Kayles's values (heap 4 is *1, written *, and 11
// is *6: first player wins) and an error, whose JSON keeps < and & for
// an encoder that does not escape HTML, as grundy's.
func TestLineText(t *testing.T) {
	s, err := games.NewSession(games.Query{Ruleset: "octal:0.77"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var text, js bytes.Buffer
	enc := json.NewEncoder(&js)
	enc.SetEscapeHTML(false)
	err = s.Each(t.Context(), strings.NewReader("4\n11\n"), "in", func(l *games.Line) error {
		l.WriteTo(&text)
		return enc.Encode(l)
	})
	if want := "4\t*\tfirst\n11\t*6\tfirst\n"; err != nil || text.String() != want {
		t.Errorf("text %q, %v; want %q", text.String(), err, want)
	}
	want := `{"ruleset":"octal:0.77","position":"4","value":"*","outcome":"N","winner":"first"}
{"ruleset":"octal:0.77","position":"11","value":"*6","outcome":"N","winner":"first"}
`
	if js.String() != want {
		t.Errorf("JSON %s, want %s", js.String(), want)
	}
	l := &games.Line{Position: "a<b", Err: errors.New("x & y")}
	text.Reset()
	js.Reset()
	l.WriteTo(&text)
	err = enc.Encode(l)
	if want := "a<b\terror: x & y\n"; text.String() != want {
		t.Errorf("error text %q, want %q", text.String(), want)
	}
	if want := `{"position":"a<b","error":"x & y"}` + "\n"; err != nil || js.String() != want {
		t.Errorf("error JSON %s, %v; want %s", js.String(), err, want)
	}
}

// TestCatalogText checks Catalog's columns against lines written by
// hand: a parameter, an optional one, none.
func TestCatalogText(t *testing.T) {
	c := &games.Catalog{Rulesets: []games.Entry{
		{Name: "octal", Param: "CODE", Kind: games.Impartial, Summary: "take and break", Example: []string{"octal:0.77", "10"}},
		{Name: "clobber", Param: "P", Optional: true, Kind: 0, Summary: "capture", Example: []string{"clobber", "xo"}},
		{Name: "nim", Kind: games.Impartial, Summary: "heaps", Example: []string{"nim", "3"}},
	}}
	var b bytes.Buffer
	c.WriteTo(&b)
	want := fmt.Sprintf("%-24s %-18s %-32s %s\n%-24s %-18s %-32s %s\n%-24s %-18s %-32s %s\n",
		"octal:CODE", games.Impartial, "octal:0.77 10", "take and break",
		"clobber[:P]", games.Kind(0), "clobber xo", "capture",
		"nim", games.Impartial, "nim 3", "heaps")
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
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
