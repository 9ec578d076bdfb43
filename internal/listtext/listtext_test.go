package listtext

import (
	"errors"
	"testing"

	"github.com/nimbers/grundy/games"
)

// TestNumber checks numbers and messages written out by hand.
func TestNumber(t *testing.T) {
	for _, c := range []struct {
		s       string
		i, max  int
		n, next int
		err     string
	}{
		{"12,3", 0, 100, 12, 2, ""},
		{"12,3", 3, 100, 3, 4, ""},
		{"0", 0, 0, 0, 1, ""},
		{"a 100", 2, 99, 0, 0, "at offset 2: a heap size 100 is more than 99"},
		{"1,", 2, 9, 0, 0, "at offset 2: the text ends where a heap size should be"},
		{"1,x", 2, 9, 0, 0, `at offset 2: 'x' is not a heap size`},
	} {
		n, next, err := Number(c.s, c.i, c.max, "a heap size")
		if c.err != "" {
			var ie *games.InputError
			if !errors.As(err, &ie) || err.Error() != c.err {
				t.Errorf("Number(%q, %d) error %v, want %s", c.s, c.i, err, c.err)
			}
			continue
		}
		if err != nil || n != c.n || next != c.next {
			t.Errorf("Number(%q, %d) = %d, %d, %v; want %d, %d", c.s, c.i, n, next, err, c.n, c.next)
		}
	}
}

// TestSkipSeps checks that separators, and only they, are skipped.
func TestSkipSeps(t *testing.T) {
	for _, c := range []struct {
		s    string
		i, j int
	}{
		{" ,\t\r\n7", 0, 5}, {"7, 8", 1, 3}, {"7", 0, 0}, {"  ", 0, 2}, {"x", 0, 0},
	} {
		if got := SkipSeps(c.s, c.i); got != c.j {
			t.Errorf("SkipSeps(%q, %d) = %d, want %d", c.s, c.i, got, c.j)
		}
	}
	for c := 0; c < 256; c++ {
		want := c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '\r'
		if IsSep(byte(c)) != want {
			t.Errorf("IsSep(%q) = %v", rune(c), !want)
		}
	}
}
