package cli

import (
	"bufio"
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"
)

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"", "abc", 3}, {"kitten", "sitting", 3}, {"octl", "octal", 1},
		{"hackenbsuh", "hackenbush", 2}, {"misère", "misere", 1}, {"flaw", "lawn", 2},
	} {
		if got := editDistance(c.a, c.b); got != c.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := editDistance(c.b, c.a); got != c.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", c.b, c.a, got, c.want)
		}
	}
}

func TestWrap(t *testing.T) {
	var b strings.Builder
	wrap(&b, "usage: ", 7, "grundy x "+strings.Repeat("[--flag FILE] ", 6)+"(--board FILE | --size N --count-winning)")
	wrap(&b, "  ", 4, strings.Repeat("word ", 19)+"last")
	wrap(&b, "", 0, "")
	want := "" +
		"usage: grundy x [--flag FILE] [--flag FILE] [--flag FILE] [--flag FILE] [--flag FILE] [--flag FILE]\n" +
		"       (--board FILE | --size N --count-winning)\n" +
		"  word word word word word word word word word word word word word word word word word word\n" +
		"    word last\n" +
		"\n"
	if got := b.String(); got != want {
		t.Errorf("wrap:\n%s\nwant:\n%s", got, want)
	}
}

func TestProgressBar(t *testing.T) {
	var buf bytes.Buffer
	e := &Env{}
	p := e.progressTo(&buf, "kayles", 0)
	p(50, 200)
	if s := buf.String(); !strings.Contains(s, "kayles") || !strings.Contains(s, "25%") || !strings.Contains(s, "50/200") {
		t.Errorf("half-way bar %q", s)
	}
	if e.bar == nil {
		t.Error("the bar is not remembered for clearing")
	}
	p(200, 200)
	if e.bar != nil {
		t.Error("a finished bar is still remembered")
	}
	if s := buf.String(); !strings.HasSuffix(strings.TrimRight(s, " "), "\r") {
		t.Errorf("finished bar not cleared: %q", s[max(0, len(s)-40):])
	}
	// An unknown total: a spinner with the count, kept until cleared.
	buf.Reset()
	p = e.progressTo(&buf, "components", 0)
	p(1024, 0)
	p(2048, 0)
	if s := buf.String(); !strings.Contains(s, "components") || !strings.Contains(s, "2048") || e.bar == nil {
		t.Errorf("spinner %q", s)
	}
	// Not a terminal: no bar.
	if (&Env{Stderr: &buf}).Progress("x") != nil {
		t.Error("a bar for a buffer")
	}
	f, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if (&Env{Stderr: f}).Progress("x") != nil {
		t.Error("a bar for a plain file")
	}
}

// FuzzLimitFlags checks --max-memory and --budget: "none" lifts the
// bound, a plain count with a binary suffix is that many bytes, and any
// other accepted value lies in the documented range.
func FuzzLimitFlags(f *testing.F) {
	for _, s := range []string{"8G", "512M", "1K", "3T", "none", "0", "1e3", "2Q", "G", "-1G", "1.5G", "NaN", "Inf", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		limit := func(d Flag) (float64, error) {
			_, fv, err := ParseFlags([]string{"--" + d.Name, s}, []Flag{d})
			if err != nil {
				return 0, err
			}
			return fv.Limit(d.Name), nil
		}
		mem, errMem := limit(MemoryFlag(0, ""))
		work, errWork := limit(BudgetFlag("steps", 1e6, ""))
		if s == "none" {
			if mem != -1 || work != -1 || errMem != nil || errWork != nil {
				t.Fatalf("none: %g %v, %g %v", mem, errMem, work, errWork)
			}
			return
		}
		if errMem == nil && !(mem >= 1 && mem <= 1<<50) || errWork == nil && !(work >= 1 && work <= 1e18) {
			t.Fatalf("%q: accepted %g bytes, %g evaluations", s, mem, work)
		}
		if errMem != nil && !strings.HasPrefix(errMem.Error(), "--max-memory ") || errWork != nil && !strings.HasPrefix(errWork.Error(), "--budget ") {
			t.Fatalf("%q: errors %v, %v", s, errMem, errWork)
		}
		// Digits and a suffix: the count times its power of 1024.
		digits := strings.TrimRight(s, "KMGT")
		if n, err := strconv.ParseUint(digits, 10, 20); err == nil && n > 0 && len(s)-len(digits) <= 1 {
			want := float64(n)
			if suffix := s[len(digits):]; suffix != "" {
				want *= float64(uint64(1) << (10 * (1 + strings.Index("KMGT", suffix))))
			}
			if want <= 1<<50 && (errMem != nil || mem != want) {
				t.Fatalf("%q: %g bytes, %v; want %g", s, mem, errMem, want)
			}
		}
	})
}

func TestEnvTo(t *testing.T) {
	var stdout, held, sub bytes.Buffer
	e := &Env{Stdout: &stdout, Out: bufio.NewWriter(&held), held: &held}
	s := e.To(&sub)
	s.Out.WriteString("a")
	s.Commit().WriteString("b")
	s.Out.Flush()
	if sub.String() != "ab" || stdout.Len() != 0 || held.Len() != 0 || e.held == nil {
		t.Errorf("sub %q, stdout %q, held %q", sub.String(), stdout.String(), held.String())
	}
}
