package heap

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/partizan"
)

// TestCoordinateCGSuite checks the values CGSuite's test suite
// (GameHeapTest.scala) gives for the cakes and Partizan Euclid at (8, n),
// n = 0…8, and the number of Left's options at (8, 8); and for the memory
// games at (10, n), n = 0…20.
func TestCoordinateCGSuite(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		ruleset, sep  string
		p, last, opts int
		values        string
	}{
		{"gen-cutcake:4.0|4.0", "x", 8, 8, 4, "-7,-7,-3,-3,-1,-1,-1,-1,0"},
		{"maundy-cake", "x", 8, 8, 3, "-7,-7,-3,-3,-1,-3,-1,-3,0"},
		{"eatcake", "x", 8, 8, 4, "-8,^,{^|||^*|v||0},{^^|*},{^^|*||0,{0|vv*}},{^3|^*||*},{^3|^*||*|||0,{0,{^|0,v*}|||0|vv*||0}},{0||^^*|0|||*},*"},
		{"turn-and-eatcake", "x", 8, 8, 4, "0,v,0,v,0,v<3>,0,v,0"},
		{"gen-cutcake:{2+}=.0|{2+}=.0|twisted", "x", 8, 8, 3, "1,1,{8|-2},{8|-3},{8|-6},{8|-5},{8|-6,{-4|-14}},{10|-7},+-12"},
		{"partizan-euclid", ",", 8, 8, 0, "0,0,0,v,0,0,^,^5,0"},
		{"fibonacci-nim", ",", 10, 20, 10, "0,*2,*2,*2,*5,*5,*5,*5,*5,*5,*5,*5,*5,*5,*5,*5,*5,*5,*5,*5,*5"},
		{"take-away:3", ",", 10, 20, 10, "0,*2,*2,*6,*6,*6,*6,*6,*6,*6,*6,*6,*6,*6,*6,*6,*6,*6,*6,*6,*6"},
		{"mem", ",", 10, 20, 1, "*3,*3,*3,*3,*2,*2,*,*,*,*,*,0,0,0,0,0,0,0,0,0,0"},
	} {
		r, err := games.Lookup(c.ruleset)
		if err != nil {
			t.Fatal(err)
		}
		e := games.NewEngine(r, nil)
		// A value may be written two ways (CGSuite's "v<3>"): compare
		// the games read from them.
		for n, want := range splitTop(c.values) {
			p, err := r.Parse(fmt.Sprintf("%d%s%d", c.p, c.sep, n))
			if err != nil {
				t.Fatal(err)
			}
			g, err := e.Canonical(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			w, err := partizan.NewCalculator(nil).Parse(context.Background(), want)
			if err != nil {
				t.Fatalf("%s: %v", want, err)
			}
			if !g.Equal(w) {
				t.Errorf("%s at (%d, %d): %v, want %s", c.ruleset, c.p, n, g, want)
			}
		}
		p, _ := r.Parse(fmt.Sprintf("%d%s%d", c.p, c.sep, c.p))
		if c.p == 10 {
			p, _ = r.Parse("10,10")
		}
		if n := len(p.Options(games.Left)); n != c.opts {
			t.Errorf("%s: %d Left options, want %d", c.ruleset, n, c.opts)
		}
	}
}

// splitTop splits a list of games at its top-level commas.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, c := range s {
		switch c {
		case '{':
			depth++
		case '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// plainCake values a sum of cakes by the rules written out, for Eatcake
// (eat one column or one row; the pieces on either side stay, empty ones
// vanish) and Maundy cake (cut into k ≥ 2 equal parts), turned or not:
// no components, a memo of positions.
func plainCake(t *testing.T, maundy, turned bool, cs [][2]int, memo map[string]*partizan.Game) *partizan.Game {
	cs = slices.SortedFunc(slices.Values(cs), func(x, y [2]int) int { return cmp.Or(x[0]-y[0], x[1]-y[1]) })
	key := fmt.Sprint(cs)
	if g, ok := memo[key]; ok {
		return g
	}
	var sides [2][]*partizan.Game
	for who := range 2 {
		for i, c := range cs {
			cut, keep := c[1], c[0] // Left moves in the columns
			if who == 1 {
				cut, keep = c[0], c[1]
			}
			if turned {
				cut, keep = keep, cut
			}
			var moves [][]int
			for k := range cut {
				switch {
				case maundy && k >= 2 && cut%k == 0:
					var parts []int
					for range k {
						parts = append(parts, cut/k)
					}
					moves = append(moves, parts)
				case !maundy:
					var parts []int
					for _, a := range []int{k, cut - 1 - k} {
						if a > 0 {
							parts = append(parts, a)
						}
					}
					moves = append(moves, parts)
				}
			}
			if maundy && cut >= 2 {
				parts := make([]int, cut) // k = cut: pieces of one
				for j := range parts {
					parts[j] = 1
				}
				moves = append(moves, parts)
			}
			for _, parts := range moves {
				next := append(append([][2]int{}, cs[:i]...), cs[i+1:]...)
				for _, a := range parts {
					if who == 0 {
						next = append(next, [2]int{keep, a})
					} else {
						next = append(next, [2]int{a, keep})
					}
				}
				sides[who] = append(sides[who], plainCake(t, maundy, turned, next, memo))
			}
		}
	}
	g, err := partizan.New(sides[0], sides[1])
	if err != nil {
		t.Fatal(err)
	}
	memo[key] = g
	return g
}

// TestCakesAgainstSearch values random sums of small cakes by the engine
// and by plainCake.
func TestCakesAgainstSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(53, 3))
	ctx := context.Background()
	for _, c := range []struct {
		ruleset        string
		maundy, turned bool
	}{
		{"eatcake", false, false}, {"turn-and-eatcake", false, true},
		{"maundy-cake", true, false}, {"gen-cutcake:{2+}=.0|{2+}=.0|twisted", true, true},
	} {
		r, _ := games.Lookup(c.ruleset)
		e := games.NewEngine(r, nil)
		memo := map[string]*partizan.Game{}
		for range 40 {
			var cs [][2]int
			var text []string
			for range 1 + rng.IntN(2) {
				m, n := rng.IntN(5), rng.IntN(5)
				cs = append(cs, [2]int{m, n})
				text = append(text, fmt.Sprintf("%dx%d", m, n))
			}
			p, err := r.Parse(strings.Join(text, " "))
			if err != nil {
				t.Fatal(err)
			}
			g, err := e.Canonical(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			if want := plainCake(t, c.maundy, c.turned, cs, memo); !g.Equal(want) {
				t.Fatalf("%s %v: %v, want %v", c.ruleset, cs, g, want)
			}
		}
	}
}

// TestMemoryGamesAgainstMex checks Fibonacci Nim and Mem against a mex
// over their rules written out, and sums against the nim-sum.
func TestMemoryGamesAgainstMex(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		ruleset string
		ok      func(q, j int) bool
	}{
		{"fibonacci-nim", func(q, j int) bool { return j <= 2*q }},
		{"take-away:3/2", func(q, j int) bool { return 2*j <= 3*q }},
		{"mem", func(q, j int) bool { return j >= q }},
	} {
		r, _ := games.Lookup(c.ruleset)
		e := games.NewEngine(r, nil)
		g := map[[2]int]uint64{}
		for p := range 25 {
			for q := range 25 {
				seen := map[uint64]bool{}
				for j := 1; j <= p; j++ {
					if c.ok(q, j) {
						seen[g[[2]int{p - j, j}]] = true
					}
				}
				for seen[g[[2]int{p, q}]] {
					g[[2]int{p, q}]++
				}
				pos, _ := r.Parse(fmt.Sprintf("%d,%d", p, q))
				v, err := e.Grundy(ctx, pos)
				if err != nil || v != g[[2]int{p, q}] {
					t.Fatalf("%s (%d,%d): %d %v, want %d", c.ruleset, p, q, v, err, g[[2]int{p, q}])
				}
			}
		}
		pos, _ := r.Parse("20,3 17,5 9,9")
		v, _ := e.Grundy(ctx, pos)
		if want := g[[2]int{20, 3}] ^ g[[2]int{17, 5}] ^ g[[2]int{9, 9}]; v != want {
			t.Errorf("%s sum: %d, want %d", c.ruleset, v, want)
		}
	}
}

func TestCoordinateErrors(t *testing.T) {
	for _, c := range [][2]string{
		{"eatcake", "8"}, {"eatcake", "8x"}, {"eatcake", "x8"}, {"eatcake", "8,8"}, {"eatcake", "5000x1"}, {"eatcake", ""},
		{"partizan-euclid", "8x7"}, {"partizan-euclid", "70000,1"}, {"mem", "1,2,3"},
		{"take-away:0", "1,1"}, {"take-away:x", "1,1"}, {"gen-cutcake:4.0", "1x1"}, {"gen-cutcake:4.0|2.0", "1x1"},
	} {
		r, err := games.Lookup(c[0])
		if err == nil {
			_, err = r.Parse(c[1])
		}
		if !errors.Is(err, games.ErrInput) {
			t.Errorf("%s %q: %v, want an input error", c[0], c[1], err)
		}
	}
}

// TestExplodingCodesRefused checks that a code whose heaps have
// astronomically many moves (0.*: take one, leave any number of heaps) is
// refused by the estimate before any option is listed, in every ruleset
// built on codes and in a search that lists options (misère play).
func TestExplodingCodesRefused(t *testing.T) {
	for _, q := range []games.Query{
		{Ruleset: "gen-cutcake:0.*|0.*", Positions: []string{"300x300"}},
		{Ruleset: "partizan-take-and-break:0.*|0.*", Positions: []string{"300"}},
		{Ruleset: "take-and-break:0.*", Positions: []string{"300"}, Misere: true},
		{Ruleset: "take-and-break:0.*", Positions: []string{"300"}},
	} {
		_, err := games.Ask(context.Background(), q, nil)
		if !errors.Is(err, budget.ErrTooLarge) {
			t.Errorf("%+v: %v, want a refusal", q, err)
		}
	}
}
