package heap

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/partizan"
)

// plainPartizan values a list of heaps by the rules written out: the
// options of the whole position from plainMoves of each heap, no
// components, no table but a memo of positions.
func plainPartizan(t *testing.T, codes [2]*tbCode, sizes []int, memo map[string]*partizan.Game) *partizan.Game {
	s := slices.Sorted(slices.Values(sizes))
	key := fmt.Sprint(s)
	if g, ok := memo[key]; ok {
		return g
	}
	var sides [2][]*partizan.Game
	for who := range 2 {
		for i, n := range s {
			for _, w := range plainMoves(codes[who], n) {
				next := append(slices.Clone(s[:i]), s[i+1:]...)
				for _, f := range strings.Fields(strings.Trim(w, "[]")) {
					var p int
					fmt.Sscan(f, &p)
					next = append(next, p)
				}
				sides[who] = append(sides[who], plainPartizan(t, codes, next, memo))
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

func TestPartizanHeapsCGSuite(t *testing.T) {
	// CGSuite's GameHeapTest: PartizanSubtraction([1,3],[2,3])(6).
	a, err := games.Ask(context.Background(), games.Query{Ruleset: "partizan-subtraction:1,3|2,3", Positions: []string{"6"}}, nil)
	if want := "{1|1,{1|0}||0,{1|0}|0|||0,{1|0}|0}"; err != nil || a.Value != want {
		t.Errorf("partizan-subtraction:1,3|2,3 at 6: %v %v, want %s", a, err, want)
	}
	for _, c := range []struct{ set, code string }{
		{"1,3", "0.303"}, {"all-but:1,3", "0.030[3]"}, {"all-but:", "0.[3]"}, {"2", "0.03"},
	} {
		got, err := setCode(c.set, 3)
		if err != nil || got.text != c.code {
			t.Errorf("set %s: code %v %v, want %s", c.set, got, err, c.code)
			continue
		}
		// The code built and the code parsed move alike.
		parsed, _ := parseTakeAndBreak(c.code)
		for n := range 12 {
			if a, b := fmt.Sprint(slices.Collect(got.Moves(n))), fmt.Sprint(slices.Collect(parsed.Moves(n))); a != b {
				t.Errorf("set %s, heap %d: %s, code %s: %s", c.set, n, a, c.code, b)
			}
		}
	}
}

// TestPartizanHeapsAgainstSearch values random sums of heaps of random
// partizan codes by the engine and by plainPartizan, and checks that the
// sum's value is the sum of its heaps' values.
func TestPartizanHeapsAgainstSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(53, 2))
	ctx := context.Background()
	for range 60 {
		var codes [2]*tbCode
		var texts [2]string
		for i := range codes {
			texts[i] = randomCode(rng)
			c, err := parseTakeAndBreak(texts[i])
			if err != nil {
				t.Fatal(err)
			}
			codes[i] = c
		}
		r := &partizanRules{name: "test", codes: codes}
		e := games.NewEngine(r, nil)
		memo := map[string]*partizan.Game{}
		for range 4 {
			sizes := make([]int, 1+rng.IntN(2))
			for i := range sizes {
				sizes[i] = rng.IntN(8)
			}
			p := &partizanHeaps{r, heapPosition{sizes: sizes}}
			g, err := e.Canonical(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			if want := plainPartizan(t, codes, sizes, memo); !g.Equal(want) {
				t.Fatalf("%s|%s at %v: %v, want %v", texts[0], texts[1], sizes, g, want)
			}
		}
	}
}

func TestPartizanHeapsErrors(t *testing.T) {
	for _, name := range []string{"partizan-subtraction:1,2", "partizan-subtraction:|1", "partizan-subtraction:0|1",
		"partizan-subtraction:1|2000", "partizan-splittles:x|1", "partizan-take-and-break:0.7|", "partizan-take-and-break:2.0|0.7"} {
		if _, err := games.Lookup(name); !errors.Is(err, games.ErrInput) {
			t.Errorf("%s: %v, want an input error", name, err)
		}
	}
}
