package gametext

import (
	"cmp"
	"testing"
)

// num is a number for the tests: an int with Cmp.
type num int

func (a num) Cmp(b num) int { return cmp.Compare(a, b) }

// TestJoin checks CGSuite's order of options, as CGSuite writes
// {-1,0,1/2,*,^|…}: numbers by value (-1 before 0 though "0" < "-1" is
// false as text too, and 2 before 10 though "10" < "2" as text), then the
// others by their text.
func TestJoin(t *testing.T) {
	opts := []Option[num]{{Text: "^"}, {Text: "10", Num: 10, IsNum: true}, {Text: "*"},
		{Text: "2", Num: 2, IsNum: true}, {Text: "-1", Num: -1, IsNum: true}}
	if got, want := Join(opts), "-1,2,10,*,^"; got != want {
		t.Errorf("Join = %q, want %q", got, want)
	}
	if got := Join([]Option[num]{}); got != "" {
		t.Errorf("Join of none = %q", got)
	}
}
