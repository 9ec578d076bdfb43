package script

import (
	"strings"
	"testing"
)

// TestRationals checks rationals that are not dyadic in scripts against
// CGSuite's values (EvalTest.scala: 1/2 + 1/3 = 5/6, 2 - 3/4 = 5/4;
// GameTest.scala: 0 < 1/7, -3 < 14/5; mixed with games through
// compare, as Starlark compares only values of one type) and the order of games: 1/3* is
// fuzzy with 1/3, 1/3^ above it, and 1/3 + 2/3 is the game 1.
func TestRationals(t *testing.T) {
	got := mustRun(t, `
x = game("1/3")
print(x, type(x))
print(game("1/2") + x)
print(2 - game("3/4"))
print(compare(game("1/7"), game("0/7")), compare(game("14/5"), -3))
print(x + "*", compare(x + "*", x), compare(x + "^", x))
y = x + game("2/3")
print(y, type(y))
print(-x, x - "1/3", -(x + "^"))
print(compare(x + "{1|0}", 0), x + "{1|0}")
print(x == game("2/6"), x != game("1/3"), x < game("2/5"), compare(x, game("1/2")))
`)
	want := []string{
		"1/3 rational",
		"5/6",
		"5/4",
		"> >",
		"1/3* || >",
		"1 game",
		"-1/3 0 -1/3v",
		"> 1/3+{1|0}",
		"True False True <",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if _, err := run(t, `game("{1/3|1}")`, nil); err == nil || !strings.Contains(err.Error(), "not a power of 2") {
		t.Errorf("game({1/3|1}): %v", err)
	}
}
