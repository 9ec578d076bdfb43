package script

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/partizan"
	"go.starlark.net/starlark"
)

// run runs src and returns the lines it printed.
func run(t *testing.T, src string, opt *Options) ([]string, error) {
	t.Helper()
	var lines []string
	o := Options{}
	if opt != nil {
		o = *opt
	}
	o.Print = func(l string) { lines = append(lines, l) }
	_, err := newSession(&o).exec(t.Context(), "test.star", []byte(src))
	return lines, err
}

// mustRun runs src and fails the test on an error.
func mustRun(t *testing.T, src string) []string {
	t.Helper()
	lines, err := run(t, src, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	return lines
}

// canon returns the canonical text of a game in CGSuite's notation.
func canon(t *testing.T, s string) string {
	t.Helper()
	g, err := partizan.NewCalculator(nil).Parse(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	return g.String()
}

// TestPublishedValues prints registered rulesets' positions whose values
// CGSuite 2.1.1 gives (Clobber, from the tests of MCGS,
// github.com/ualberta-mueller-group/MCGS, cgt_tests/clobber) or that
// follow from the rules by hand (small Domineering boards).
func TestPublishedValues(t *testing.T) {
	for _, c := range []struct{ rules, pos, want string }{
		{"clobber", ".ooo|xxxo|oo.o|xxxx", "0"},
		{"clobber", ".ooo|xoo.|xxox|xoxx", "{^^*|0,*}"},
		{"clobber", "oo.x|xoxx|xoox|x.oo", "vv*"},
		{"clobber", "oooo|x..x|ooxx|xxxo", "*"},
		{"clobber", "xoxx|xxo.|oo.o|ooxx", "{^^|v}"},
		{"clobber", "oxxo|xo.o|xooo|x.xx", "{0,v*|0,*}"},
		{"clobber", "xoxooo|xxxoox", "v*"},
		{"clobber", "oxxxoo|ooxoxx", "v"},
		{"clobber", "xxooox|oxxoox", "{^^*|v*}"},
		{"clobber", "xooxox|xxooox", "{^3|*}"},
		{"clobber", "ooxoxx|oooxxx", "+-{0,^*}"},
		{"domineering", "..", "-1"},
		{"domineering", ".|.", "1"},
		{"domineering", "....", "-2"},
		{"domineering", "..|..", "+-1"},
		{"domineering", "..|.#", "*"},
		{"domineering", "..#|#..", "{0|-1}"},
	} {
		src := fmt.Sprintf("print(ruleset(%q)(%q))", c.rules, c.pos)
		lines := mustRun(t, src)
		if len(lines) != 1 || lines[0] != canon(t, c.want) {
			t.Errorf("%s %s: %q, want %s", c.rules, c.pos, lines, c.want)
		}
	}
}

// TestGames checks the arithmetic and the toolbox against values worked
// out by hand from the definitions (Winning Ways, Lessons in Play).
func TestGames(t *testing.T) {
	for _, c := range []struct{ expr, want string }{
		{`game("{0|*}")`, "^"},
		{`game("^") + game("^")`, "^^"},
		{`game("^") + "*"`, "^*"},
		{`1 + game("1/2")`, "3/2"},
		{`game(0.75) - 1`, "-1/4"},
		{`-game("{2|-1}")`, "{1|-2}"},
		{`3 * game("^")`, "^3"},
		{`game(left=[0], right=[game("*")])`, "^"},
		{`game(left=[1], right=[])`, "2"},
		{`game("^") < game(0)`, "False"},
		{`game(0) < game("^")`, "True"},
		{`game("*") <= game(0)`, "False"},
		{`game("*") == game("{0|0}")`, "True"},
		{`fuzzy(game("*"), 0)`, "True"},
		{`fuzzy(game("^"), 0)`, "False"},
		{`compare("^*", 0)`, "||"},
		{`compare("1/2", "{0|1}")`, "="},
		{`game("{2|-1}").mean()`, "1/2"},
		{`game("{2|-1}").temperature()`, "3/2"},
		{`game("{2|-1}").left_stop()`, "2"},
		{`game("{2|-1}").right_stop()`, "-1"},
		{`game("{4|{2|0}}").thermograph().temperature`, "3/2"},
		{`game("{2|-1}").thermograph_svg().count('class="wall')`, "2"},
		{`game("{2|-1}").cool(1)`, "{1|0}"},
		{`game("{2|-1}").cool(2)`, "1/2"},
		{`game("^").heat(2)`, "{2|{0|-4}}"},
		{`game("{2|^}").reduced()`, "{2|0}"},
		{`game("^^*").atomic_weight()`, "2"},
		{`game(3).norton("^")`, "^3"},
		{`game("^*").birthday()`, "2"},
		{`game("{2|-1}").incentives()`, "([{3|0}], [{3|0}])"},
		{`game("^*").outcome()`, "N"},
		{`game("^").winner()`, "Left"},
		{`game("^").is_infinitesimal()`, "True"},
		{`game("*3").is_nimber()`, "True"},
		{`game("{1|-1}").conjunctive("*")`, "{0|0}"},
		{`game("{2|-1}").left`, "[2]"},
		{`nimber(8) * nimber(8)`, "*13"},
		{`nimber(2) * nimber(3)`, "*"},
		{`nimber(5) + 3`, "*6"},
		{`nimber(13) / nimber(8)`, "*8"},
		{`nimber(2).inv()`, "*3"},
		{`mex([0, 1, 3, 4])`, "2"},
		{`misere("*2+*2") == misere("0")`, "False"},
		{`misere("*+*").outcome()`, "N"},
		{`misere("*2+*2").outcome()`, "P"},
		{`loopy("on") + loopy("off")`, "dud"},
		{`loopy("over") > loopy("0")`, "True"},
	} {
		lines := mustRun(t, "print("+c.expr+")")
		want := c.want
		if g, err := partizan.NewCalculator(nil).Parse(context.Background(), want); err == nil && !strings.ContainsAny(want, "[(") {
			want = g.String()
		}
		if len(lines) != 1 || lines[0] != want {
			t.Errorf("%s = %q, want %s", c.expr, lines, want)
		}
	}
}

// mexOf returns the Grundy values of the subtraction game s on heaps
// below n, by the definition.
func mexOf(s []int, n int) []int {
	g := make([]int, n)
	for h := range n {
		seen := map[int]bool{}
		for _, k := range s {
			if k <= h {
				seen[g[h-k]] = true
			}
		}
		for seen[g[h]] {
			g[h]++
		}
	}
	return g
}

// TestUserSubtraction checks a subtraction game the script defines
// against the mex of its options, and Nim with components against the
// nim sum of its heaps.
func TestUserSubtraction(t *testing.T) {
	lines := mustRun(t, `
def moves(n):
    return [n - k for k in (1, 3, 4) if k <= n]
r = ruleset("subtraction(1,3,4)", moves=moves)
for n in range(60):
    print(r(n).grundy())
`)
	want := mexOf([]int{1, 3, 4}, 60)
	for n, w := range want {
		if lines[n] != fmt.Sprint(w) {
			t.Fatalf("heap %d: %s, want %d", n, lines[n], w)
		}
	}
	lines = mustRun(t, `
def moves(heaps):
    out = []
    for i, h in enumerate(heaps):
        for k in range(h):
            out.append(tuple(sorted(heaps[:i] + (k,) + heaps[i+1:])))
    return out
nim = ruleset("nim", moves=moves, split=lambda hs: [(h,) for h in hs], key=lambda hs: tuple(sorted(hs)))
for hs in [(1, 2, 3), (5, 9, 12), (7, 7, 4, 2), (3, 6, 10, 12)]:
    print(nim(hs).grundy(), nim(hs).outcome())
`)
	for i, hs := range [][]int{{1, 2, 3}, {5, 9, 12}, {7, 7, 4, 2}, {3, 6, 10, 12}} {
		x := 0
		for _, h := range hs {
			x ^= h
		}
		o := "N"
		if x == 0 {
			o = "P"
		}
		if want := fmt.Sprint(x, " ", o); lines[i] != want {
			t.Errorf("nim %v: %s, want %s", hs, lines[i], want)
		}
	}
}

// hackenbush returns the value of a Blue-Red Hackenbush string (B Left's
// edge, R Right's, from the ground up) built by hand: a player cuts one
// of its edges and everything above it goes.
func hackenbush(t *testing.T, s string) *partizan.Game {
	var l, r []*partizan.Game
	for i, c := range s {
		if c == 'B' {
			l = append(l, hackenbush(t, s[:i]))
		} else {
			r = append(r, hackenbush(t, s[:i]))
		}
	}
	g, err := partizan.New(l, r)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestUserPartizan checks Hackenbush strings the script defines against
// partizan.New built by hand.
func TestUserPartizan(t *testing.T) {
	var ss []string
	rng := rand.New(rand.NewPCG(1, 54))
	for range 40 {
		n := 1 + rng.IntN(9)
		b := make([]byte, n)
		for i := range b {
			b[i] = "BR"[rng.IntN(2)]
		}
		ss = append(ss, string(b))
	}
	quoted, _ := json.Marshal(ss)
	lines := mustRun(t, `
def cuts(colour):
    return lambda s: [s[:i] for i in range(len(s)) if s[i] == colour]
h = ruleset("hackenbush", left=cuts("B"), right=cuts("R"))
for s in `+string(quoted)+`:
    print(h(s))
`)
	for i, s := range ss {
		if want := hackenbush(t, s).String(); lines[i] != want {
			t.Errorf("%s: %s, want %s", s, lines[i], want)
		}
	}
}

// starlarkGrid are Clobber, Domineering and Toads-and-Frogs written in
// Starlark from their rules, a board a tuple of rows.
const starlarkGrid = `
def cells(b):
    return [(i, j) for i in range(len(b)) for j in range(len(b[0]))]

def put(b, changes):
    rows = [list(r.elems()) for r in b]
    for (i, j), c in changes:
        rows[i][j] = c
    return tuple(["".join(r) for r in rows])

def inside(b, i, j):
    return i >= 0 and j >= 0 and i < len(b) and j < len(b[0])

def clobber(me, you):
    def moves(b):
        out = []
        for i, j in cells(b):
            if b[i][j] != me:
                continue
            for di, dj in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                if inside(b, i + di, j + dj) and b[i + di][j + dj] == you:
                    out.append(put(b, [((i, j), "."), ((i + di, j + dj), me)]))
        return out
    return moves

def domino(di, dj):
    def moves(b):
        return [put(b, [((i, j), "#"), ((i + di, j + dj), "#")]) for i, j in cells(b)
                if inside(b, i + di, j + dj) and b[i][j] == "." and b[i + di][j + dj] == "."]
    return moves

def toads(s):
    out = []
    for i in range(len(s)):
        if s[i] != "t":
            continue
        if i + 1 < len(s) and s[i + 1] == ".":
            out.append(s[:i] + ".t" + s[i + 2:])
        elif i + 2 < len(s) and s[i + 1] == "f" and s[i + 2] == ".":
            out.append(s[:i] + ".ft" + s[i + 3:])
    return out

def frogs(s):
    out = []
    for i in range(len(s)):
        if s[i] != "f":
            continue
        if i >= 1 and s[i - 1] == ".":
            out.append(s[:i - 1] + "f." + s[i + 1:])
        elif i >= 2 and s[i - 1] == "t" and s[i - 2] == ".":
            out.append(s[:i - 2] + "ft." + s[i + 1:])
    return out

mine = {
    "clobber": ruleset("my-clobber", left=clobber("x", "o"), right=clobber("o", "x")),
    "domineering": ruleset("my-domineering", left=domino(1, 0), right=domino(0, 1)),
    "toads-frogs": ruleset("my-toads-frogs", left=toads, right=frogs),
}

def same(name, boards):
    built, mine_ = ruleset(name), mine[name]
    for b in boards:
        text = "|".join(b) if type(b) == "tuple" else b
        if str(built(text)) != str(mine_(b)):
            print(name, text, built(text), mine_(b))
`

// randomBoards returns n random boards of the alphabet as Starlark
// tuples of rows, at most rows×cols.
func randomBoards(rng *rand.Rand, n, rows, cols int, alphabet string) string {
	var bs []string
	for range n {
		r, c := 1+rng.IntN(rows), 1+rng.IntN(cols)
		var rs []string
		for range r {
			b := make([]byte, c)
			for i := range b {
				b[i] = alphabet[rng.IntN(len(alphabet))]
			}
			rs = append(rs, fmt.Sprintf("%q", b))
		}
		bs = append(bs, "("+strings.Join(rs, ", ")+",)")
	}
	return "[" + strings.Join(bs, ", ") + "]"
}

// TestStarlarkRulesets checks Clobber, Domineering and Toads-and-Frogs
// written in Starlark against the built-in rulesets on random positions.
func TestStarlarkRulesets(t *testing.T) {
	rng := rand.New(rand.NewPCG(54, 1))
	var strips []string
	for range 150 {
		b := make([]byte, 1+rng.IntN(9))
		for i := range b {
			b[i] = "tf.."[rng.IntN(4)]
		}
		strips = append(strips, fmt.Sprintf("%q", b))
	}
	src := starlarkGrid + `
same("clobber", ` + randomBoards(rng, 150, 3, 4, "xo.") + `)
same("domineering", ` + randomBoards(rng, 150, 4, 4, "..#") + `)
same("toads-frogs", [` + strings.Join(strips, ", ") + `])
`
	lines, err := run(t, src, &Options{Steps: -1})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lines {
		t.Error("differs:", l)
	}
}

// TestBudget checks that scripts past their steps or memory stop with
// an error naming the budget, in a loop and in an engine's search.
func TestBudget(t *testing.T) {
	for _, c := range []struct {
		src  string
		opt  Options
		unit string
	}{
		{"while True:\n    pass\n", Options{Steps: 1e5}, "steps"},
		{"def f(n):\n    return f(n + 1)\nf(0)\n", Options{Steps: 1e4}, "steps"},
		{"def f(n):\n    return f(n + 1)\nf(0)\n", Options{Steps: -1}, "nested calls"},
		{`print(ruleset("clobber")("xoxoxo|oxoxox|xoxoxo|oxoxox"))`, Options{Steps: 1e4}, "positions"},
		{"r = ruleset('inf', moves=lambda n: [n + 1])\nprint(r(0))\n", Options{Steps: 1e4}, "steps"},
		{"x = [list(range(1000)) for i in range(1000000)]\n", Options{Memory: 32 << 20, Steps: -1}, "bytes"},
	} {
		_, err := run(t, c.src, &c.opt)
		var tl *budget.TooLargeError
		if !errors.Is(err, budget.ErrTooLarge) || !errors.As(err, &tl) || tl.Unit != c.unit {
			t.Errorf("%q: %v, want a budget of %s", c.src, err, c.unit)
		}
		var se *scriptError
		if !errors.As(err, &se) || se.Pos.Filename() != "test.star" {
			t.Errorf("%q: %v has no place", c.src, err)
		}
	}
}

// TestCancel checks that cancelling the context stops a script in a loop
// and in an engine's search of a ruleset the script defines.
func TestCancel(t *testing.T) {
	for _, src := range []string{
		"while True:\n    pass\n",
		"r = ruleset('inf', moves=lambda n: [n + 1, n + 2])\nprint(r(0))\n",
		`print(ruleset("clobber")("xoxoxo|oxoxox|xoxoxo|oxoxox|xoxoxo"))`,
	} {
		ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
		_, err := newSession(&Options{Steps: -1}).exec(ctx, "c.star", []byte(src))
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%q: %v, want the context's error", src, err)
		}
	}
}

// TestErrorPlaces checks that errors name the script's line and column,
// inside a function the engine calls too.
func TestErrorPlaces(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"x = 1\ny = x + 'a'\n", "test.star:2:7: unknown binary op: int + string"},
		{"print(game('{0|'))\n", "test.star:1:11: game: "},
		{"def f(\n", "test.star:2:1: got end of file"},
		{"print(y)\n", "test.star:1:7: undefined: y"},
		{"def m(n):\n    return [n - 1, n // 0]\nr = ruleset('r', moves=m)\nr(3)\n", "test.star:2:22: floored division by zero"},
		{"r = ruleset('r', moves=lambda n: [[n]])\nr(1)\n", "test.star:2:2: r: ruleset r: position [1]: a position is"},
		{"ruleset('no-such-game')\n", "test.star:1:8: ruleset: unknown ruleset"},
		{"ruleset('clobber')('xq')\n", "test.star:1:19: "},
	} {
		_, err := run(t, c.src, nil)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: %v, want %s…", c.src, err, c.want)
		}
	}
	_, err := run(t, "ruleset('clobber')('xq')\n", nil)
	if !errors.Is(err, games.ErrInput) {
		t.Errorf("a bad position: %v does not match games.ErrInput", err)
	}
}

// TestEval checks that an interactive session keeps its globals, and
// that an error leaves it usable.
func TestEval(t *testing.T) {
	s := newSession(nil)
	for _, c := range []struct{ src, want string }{
		{"g = game('{2|-1}')\n", "None"},
		{"g.temperature()\n", "3/2"},
		{"1 / 0\n", "error"},
		{"r = ruleset('clobber')\n", "None"},
		{"r('xo') + r('xo')\n", "0"},
		{"def f(n):\n    return n + 1\n", "None"},
		{"f(g)\n", "{3|0}"},
	} {
		v, err := s.eval(t.Context(), "<stdin>", []byte(c.src))
		got := "error"
		if err == nil {
			got = v.String()
		}
		if got != c.want {
			t.Errorf("%q: %s (%v), want %s", c.src, got, err, c.want)
		}
	}
}

// TestJSON checks the globals' JSON.
func TestJSON(t *testing.T) {
	g, err := newSession(nil).exec(t.Context(), "j.star", []byte(`
n = 3
_hidden = 1
games = [game("*%d" % i) for i in range(3)]
r = ruleset("subtraction:1,2")
t = table(r, range(4))
f = lambda x: x
`))
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(globalsJSON(g))
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"games":["0","*","*2"],"n":3,"t":{"0":"0","1":"*","2":"*2","3":"0"}}`; string(b) != want {
		t.Errorf("%s, want %s", b, want)
	}
}

// TestKeys checks that positions equal in Starlark have equal keys and
// unequal ones different keys.
func TestKeys(t *testing.T) {
	vals := []starlark.Value{starlark.None, starlark.True, starlark.False, starlark.MakeInt(1), starlark.Float(1),
		starlark.Float(1.5), starlark.String("1"), starlark.Bytes("1"), starlark.Tuple{starlark.MakeInt(1)},
		starlark.Tuple{starlark.String("a"), starlark.String("b")}, starlark.Tuple{starlark.String("ab")},
		starlark.Tuple{}, starlark.String(""), starlark.MakeInt(-1), starlark.MakeInt(1 << 62).Mul(starlark.MakeInt(4))}
	for _, x := range vals {
		for _, y := range vals {
			kx, err1 := appendKey(nil, x, 0)
			ky, err2 := appendKey(nil, y, 0)
			eq, err3 := starlark.Equal(x, y)
			if err1 != nil || err2 != nil || err3 != nil {
				t.Fatal(err1, err2, err3)
			}
			if (string(kx) == string(ky)) != eq {
				t.Errorf("%v, %v: keys equal %v, values equal %v", x, y, string(kx) == string(ky), eq)
			}
		}
	}
}
