package gametext

import (
	"cmp"
	"testing"
)

// num is a number for the tests: an int with Cmp.
type num int

func (a num) Cmp(b num) int { return cmp.Compare(a, b) }

// TestJoin checks CGSuite's order of options, as CGSuite writes
// {-1,0,1/2,*,^|…}: numbers by value (2 before 10, though "10" sorts
// before "2" as text), then the others by their text.
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

// TestNested checks the options of games as CGSuite writes them, by
// hand: {5|4||3|2} is 5|4||3|2 with two bars; a name is no nest; bars
// inside braces or a Tiny's parentheses are not the game's own.
func TestNested(t *testing.T) {
	for _, c := range []struct {
		s, inner string
		bars     int
		ok       bool
	}{
		{"{5|4||3|2}", "5|4||3|2", 2, true},
		{"{0,{1|0}|*}", "0,{1|0}|*", 1, true},
		{"{Tiny({2|1})||0}", "Tiny({2|1})||0", 2, true},
		{"{|{0|||1||2|3}}", "|{0|||1||2|3}", 1, true},
		{"{1||||0|||a||b|c}", "1||||0|||a||b|c", 4, false},
		{"^*", "", 0, false},
		{"+-{2|1}", "", 0, false},
		{"3/4", "", 0, false},
	} {
		inner, bars, ok := Nested(c.s)
		if ok != c.ok || ok && (inner != c.inner || bars != c.bars) {
			t.Errorf("Nested(%q) = %q, %d, %v; want %q, %d, %v", c.s, inner, bars, ok, c.inner, c.bars, c.ok)
		}
	}
}

// TestUnicode checks the symbols of the literature.
func TestUnicode(t *testing.T) {
	if got, want := Unicode("{^^*|vv,v}+-1+^3"), "{⇑*|⇓,↓}±1+↑3"; got != want {
		t.Errorf("Unicode = %q, want %q", got, want)
	}
}
