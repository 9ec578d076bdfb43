package heap

import (
	"context"
	"errors"
	"github.com/nimbers/grundy/internal/gametest"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/outcome"
	"github.com/nimbers/grundy/partizan"
	"github.com/nimbers/grundy/sg"
)

// TestRulesetPublished checks single heaps against published values:
// Kayles and Grundy's game (Winning Ways, ch. 4; OEIS A002186, A002188),
// the subtraction game {1, 3, 4} (period 7) and Wythoff's game (the
// corner of its table of Grundy values), by the special engines and by
// the generic search.
func TestRulesetPublished(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		rules string
		want  []uint64
	}{
		{"octal:0.77", []uint64{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6}},
		{"grundys-game", []uint64{0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0}},
		{"subtraction:1,3,4", []uint64{0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2}},
		{"nim", []uint64{0, 1, 2, 3, 4, 5}},
	}
	for _, c := range cases {
		r := gametest.Lookup(t, c.rules)
		for _, generic := range []bool{false, true} {
			e := games.NewEngine(r, nil)
			e.Generic = generic
			for n, want := range c.want {
				got, err := e.Grundy(ctx, gametest.Parse(t, r, strconv.Itoa(n)))
				if err != nil || got != want {
					t.Errorf("%s heap %d (generic %v): %d %v, want %d", c.rules, n, generic, got, err, want)
				}
			}
		}
	}
	wythoff := [][]uint64{
		{0, 1, 2, 3, 4, 5},
		{1, 2, 0, 4, 5, 3},
		{2, 0, 1, 5, 3, 4},
		{3, 4, 5, 6, 2, 0},
		{4, 5, 3, 2, 7, 6},
		{5, 3, 4, 0, 6, 8},
	}
	r := gametest.Lookup(t, "wythoff")
	for _, generic := range []bool{false, true} {
		e := games.NewEngine(r, nil)
		e.Generic = generic
		for x, row := range wythoff {
			for y, want := range row {
				got, err := e.Grundy(ctx, gametest.Parse(t, r, strconv.Itoa(x)+" "+strconv.Itoa(y)))
				if err != nil || got != want {
					t.Errorf("wythoff %d %d (generic %v): %d %v, want %d", x, y, generic, got, err, want)
				}
			}
		}
	}
}

// randomHeaps writes 1 to 4 heaps below most, separated by spaces or '+'.
func randomHeaps(rng *rand.Rand, most int) string {
	var b strings.Builder
	for i := range 1 + rng.IntN(4) {
		if i > 0 {
			b.WriteString([]string{" ", " + ", "+", "  "}[rng.IntN(4)])
		}
		b.WriteString(strconv.Itoa(rng.IntN(most)))
	}
	return b.String()
}

// TestRulesetAgainstGeneric checks the special engines (the heap
// sequence, Wythoff's search) against the generic engine's search of the
// options, and both against a plain search of the whole sum, on random
// positions: Grundy values, canonical forms and outcomes.
func TestRulesetAgainstGeneric(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(5, 1))
	for _, name := range []string{"octal:0.77", "octal:0.07", "octal:0.137", "octal:4.7", "octal:0.6",
		"octal:0.f", "octal:8.0", "octal:0.3f", "subtraction:1,3,4", "subtraction:all-but:1,3",
		"grundys-game", "nim"} {
		r := gametest.Lookup(t, name)
		special := games.NewEngine(r, nil)
		generic := games.NewEngine(r, nil)
		generic.Generic = true
		g := r.(*heapRuleset).Game()
		plain := sg.NewSolver[position](searchGame(g), nil)
		big := 24
		if g.maxLeave() == 3 {
			big = 12
		}
		for i := range 80 {
			most := big
			if i%2 == 0 {
				most = 5 // sums the plain search can take
			}
			p := gametest.Parse(t, r, randomHeaps(rng, most))
			want, err := generic.Grundy(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			if got, err := special.Grundy(ctx, p); err != nil || got != want {
				t.Fatalf("%s %q: special %d %v, generic %d", name, p, got, err, want)
			}
			if sizes := p.(*heapPosition).Sizes(); sum(sizes) <= len(position{}) {
				// Small enough for the plain search, whose positions hold
				// 12 heaps.
				var whole position
				for i, n := range sizes {
					whole[i] = uint8(n)
				}
				slices.SortFunc(whole[:], func(a, b uint8) int { return int(b) - int(a) })
				if ref, err := plain.Value(ctx, whole); err != nil || ref != want {
					t.Fatalf("%s %q: generic %d, plain search %d %v", name, p, want, ref, err)
				}
			}
			c, err := special.Canonical(ctx, p)
			if err != nil || !c.Equal(partizan.Nimber(int(want))) {
				t.Fatalf("%s %q: canonical %v %v, want *%d", name, p, c, err, want)
			}
			o, err := special.Outcome(ctx, p)
			if wantO := map[bool]outcome.Class{true: outcome.P, false: outcome.N}[want == 0]; err != nil || o != wantO {
				t.Fatalf("%s %q: outcome %v %v, want %v", name, p, o, err, wantO)
			}
		}
	}
	for k := range 3 {
		r := games.Ruleset(wythoffRules{})
		if k > 0 {
			r = gametest.Lookup(t, "wythoff:"+strconv.Itoa(k))
		}
		special := games.NewEngine(r, nil)
		generic := games.NewEngine(r, nil)
		generic.Generic = true
		for range 60 {
			p := gametest.Parse(t, r, strconv.Itoa(rng.IntN(20))+" "+strconv.Itoa(rng.IntN(20)))
			want, err := generic.Grundy(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			if got, err := special.Grundy(ctx, p); err != nil || got != want {
				t.Fatalf("wythoff K=%d %q: special %d %v, generic %d", k, p, got, err, want)
			}
		}
	}
}

func sum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}

// TestRulesetCacheOrder asks for heaps out of order and far apart, so
// that the kept sequence is extended in several steps and read below its
// end.
func TestRulesetCacheOrder(t *testing.T) {
	ctx := context.Background()
	for _, name := range []string{"octal:0.6", "grundys-game", "subtraction:all-but:2,5"} {
		r := gametest.Lookup(t, name)
		want, err := r.(*heapRuleset).Game().Values(ctx, 3001, nil)
		if err != nil {
			t.Fatal(err)
		}
		e := games.NewEngine(r, nil)
		for _, n := range []int{7, 300, 5, 3000, 299, 1000, 0} {
			got, err := e.Grundy(ctx, gametest.Parse(t, r, strconv.Itoa(n)))
			if err != nil || got != want[n] {
				t.Fatalf("%s heap %d: %d %v, want %d", name, n, got, err, want[n])
			}
		}
	}
}

// boutonMisere reports whether the player to move wins misère Nim with
// the given heaps (Bouton): with a heap of two or more, exactly when the
// nim-sum is not 0; with only heaps of one, exactly when their number is
// even.
func boutonMisere(heaps []int) bool {
	sum, big := 0, false
	for _, h := range heaps {
		sum ^= h
		big = big || h > 1
	}
	if big {
		return sum != 0
	}
	return sum == 0
}

// TestRulesetMisere checks the engine's misère outcomes of sums: Nim by
// Bouton's misère rule (boutonMisere), other games by plain recursion
// over the heap lists (bruteMisere).
func TestRulesetMisere(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(5, 2))
	for _, name := range []string{"nim", "octal:0.77", "octal:0.07", "subtraction:1,3,4", "grundys-game"} {
		r := gametest.Lookup(t, name)
		e := games.NewEngine(r, nil)
		memo := map[string]bool{}
		for range 40 {
			p := gametest.Parse(t, r, randomHeaps(rng, 9))
			sizes := p.(*heapPosition).Sizes()
			var want bool
			if name == "nim" {
				want = boutonMisere(sizes)
			} else {
				want = bruteMisere(r.(*heapRuleset).Game(), sizes, memo)
			}
			got, err := e.MisereOutcome(ctx, p)
			if wantO := map[bool]outcome.Class{true: outcome.N, false: outcome.P}[want]; err != nil || got != wantO {
				t.Fatalf("%s %q: misère %v %v, want %v", name, p, got, err, wantO)
			}
		}
	}
}

// TestRulesetImpartialVariant checks that the impartial variant of a heap
// ruleset is the ruleset itself.
func TestRulesetImpartialVariant(t *testing.T) {
	for _, name := range []string{"octal:0.77", "nim", "wythoff:2"} {
		r := gametest.Lookup(t, name)
		v := games.ImpartialVariant(r)
		if v != r || v.Name() != name || v.Kind() != games.Impartial {
			t.Errorf("%s: impartial variant %v %q %v", name, v, v.Name(), v.Kind())
		}
	}
}

// TestRulesetRegistry parses every example and checks each name.
func TestRulesetRegistry(t *testing.T) {
	mine := map[string]bool{"octal": true, "subtraction": true, "grundys-game": true, "nim": true, "wythoff": true}
	for _, e := range games.Entries() {
		if !mine[e.Name] {
			continue
		}
		delete(mine, e.Name)
		r := gametest.Lookup(t, e.Example[0])
		if r.Name() != e.Example[0] {
			t.Errorf("%s: name %q", e.Example[0], r.Name())
		}
		p := gametest.Parse(t, r, e.Example[1])
		if _, err := games.NewEngine(r, nil).Grundy(context.Background(), p); err != nil {
			t.Errorf("%s %s: %v", e.Example[0], e.Example[1], err)
		}
	}
	if len(mine) > 0 {
		t.Errorf("not registered: %v", mine)
	}
	for _, s := range []string{"octal:.77", "subtraction:4,1,3", "subtraction:all-but:", "wythoff:0", "wythoff:3"} {
		r := gametest.Lookup(t, s)
		if again := gametest.Lookup(t, r.Name()); again.Name() != r.Name() {
			t.Errorf("%s: name %q reads back as %q", s, r.Name(), again.Name())
		}
	}
}

// TestRulesetErrors checks that malformed rulesets and positions fail
// with ErrInput, naming the offset where there is one.
func TestRulesetErrors(t *testing.T) {
	for _, s := range []string{"octal", "octal:", "octal:0.7z", "octal:1.7", "subtraction:0", "subtraction:x",
		"nim:3", "grundys-game:1", "wythoff:-1", "wythoff:x", "wythoff:99999999"} {
		if _, err := games.Lookup(s); !errors.Is(err, games.ErrInput) {
			t.Errorf("ruleset %q: %v", s, err)
		}
	}
	kayles := gametest.Lookup(t, "octal:0.77")
	wythoff := gametest.Lookup(t, "wythoff")
	cases := []struct {
		r    games.Ruleset
		s    string
		want string
	}{
		{kayles, "", "no heaps"},
		{kayles, " + ", "no heaps"},
		{kayles, "3 x", "offset 2"},
		{kayles, "3 -1", "offset 2"},
		{kayles, "12 99999999999999999999999", "offset 3"},
		{kayles, "1048577", "more than"},
		{kayles, strings.Repeat("1 ", maxNotation), "bytes"},
		{gametest.Lookup(t, "octal:0.f"), "8000", "more than"},
		{wythoff, "5", "1 heaps"},
		{wythoff, "5 3 1", "3 heaps"},
		{wythoff, "5+3", "offset 1"},
		{wythoff, "5000 3", "more than"},
	}
	for _, c := range cases {
		_, err := c.r.Parse(c.s)
		if !errors.Is(err, games.ErrInput) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %.20q: %v, want ErrInput naming %q", c.r.Name(), c.s, err, c.want)
		}
	}
}

// TestRulesetBudget checks that the special engine refuses a sequence
// past the engine's limit.
func TestRulesetBudget(t *testing.T) {
	r := gametest.Lookup(t, "octal:0.f")
	e := games.NewEngine(r, &budget.Options{Limit: 2000})
	_, err := e.Grundy(context.Background(), gametest.Parse(t, r, "1500"))
	if !errors.Is(err, budget.ErrTooLarge) {
		t.Fatalf("0.f heap 1500 on 2000 positions: %v", err)
	}
	if _, err := e.Grundy(context.Background(), gametest.Parse(t, r, "3000")); !errors.Is(err, budget.ErrTooLarge) {
		t.Fatalf("0.f heap 3000 on 2000 positions: %v", err)
	}
}

// TestRulesetBigNimber checks that a canonical form past
// partizan.MaxNimber is refused, and its Grundy value found.
func TestRulesetBigNimber(t *testing.T) {
	r := gametest.Lookup(t, "nim")
	e := games.NewEngine(r, nil)
	p := gametest.Parse(t, r, "300 1")
	if v, err := e.Grundy(context.Background(), p); err != nil || v != 301 {
		t.Errorf("nim 300 1: %d %v", v, err)
	}
	if g, err := e.Canonical(context.Background(), p); !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("nim 300 1: canonical %v %v", g, err)
	}
}

// FuzzRulesetParse checks that Parse of heap and Wythoff positions never
// panics and that String reads back to an equal position.
func FuzzRulesetParse(f *testing.F) {
	for _, s := range []string{"10 7 3", "0", "1+2 + 3", "5 3", "", "x", "00012", "99999999999999"} {
		f.Add(uint8(0), s)
	}
	rules := []games.Ruleset{gametest.Lookup(f, "octal:0.77"), gametest.Lookup(f, "octal:0.f"), gametest.Lookup(f, "nim"),
		gametest.Lookup(f, "grundys-game"), gametest.Lookup(f, "wythoff"), gametest.Lookup(f, "subtraction:all-but:1")}
	f.Fuzz(func(t *testing.T, i uint8, s string) {
		r := rules[int(i)%len(rules)]
		p, err := r.Parse(s)
		if err != nil {
			if !errors.Is(err, games.ErrInput) {
				t.Fatalf("%q: %v, not ErrInput", s, err)
			}
			return
		}
		q, err := r.Parse(p.String())
		if err != nil || q.String() != p.String() || string(q.AppendKey(nil)) != string(p.AppendKey(nil)) {
			t.Fatalf("%q: String %q reads back as %v %v", s, p, q, err)
		}
	})
}
