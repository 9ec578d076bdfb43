package heap

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/internal/gametest"
	"github.com/nimbers/grundy/loopy"
	"github.com/nimbers/grundy/outcome"
)

// heapRetrograde decides the subtraction game with additions straight
// from its rules, by iterating the horizon: a heap is lost within r moves
// when every move leads to a heap won within r − 1, won within r when some
// move leads to one lost within r − 1; what is never decided is a draw
// (remoteness −1).
func heapRetrograde(take, add []int, n int) (outcomes []outcome.Class, remoteness []int) {
	moves := func(h int) []int {
		var out []int
		for _, t := range take {
			if t <= h {
				out = append(out, h-t)
			}
		}
		for _, a := range add {
			if h > 0 && h+a <= n {
				out = append(out, h+a)
			}
		}
		return out
	}
	outcomes, remoteness = make([]outcome.Class, n+1), make([]int, n+1)
	for h := range outcomes {
		outcomes[h], remoteness[h] = outcome.D, -1
	}
	for r := 0; r <= 2*(n+1); r++ {
		next := slices.Clone(outcomes)
		for h := range outcomes {
			if outcomes[h] != outcome.D {
				continue
			}
			won, lost := false, true
			for _, m := range moves(h) {
				won = won || outcomes[m] == outcome.P
				lost = lost && outcomes[m] == outcome.N
			}
			switch {
			case won:
				next[h], remoteness[h] = outcome.N, r
			case lost:
				next[h], remoteness[h] = outcome.P, r
			}
		}
		outcomes = next
	}
	return outcomes, remoteness
}

// TestLoopySubtraction checks random subtraction games with additions
// against retrograde search on their rules, and without additions against
// the plain subtraction game's Grundy values.
func TestLoopySubtraction(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 30))
	draws := 0
	for range 300 {
		n := rng.IntN(25)
		take := randomSizes(rng, 1+rng.IntN(3))
		var add []int
		if rng.IntN(4) > 0 {
			add = randomSizes(rng, 1+rng.IntN(2))
		}
		d, err := loopySubtraction(take, add, n, nil)
		if err != nil {
			t.Fatal(err)
		}
		res, err := loopy.Analyze(t.Context(), d, nil)
		if err != nil {
			t.Fatal(err)
		}
		outcomes, remoteness := heapRetrograde(take, add, n)
		for h, l := range res {
			if l.Outcome != outcomes[h] || l.Remoteness != remoteness[h] {
				t.Fatalf("take %v, add %v, heaps to %d: heap %d is %v in %d, retrograde search says %v in %d", take, add, n, h, l.Outcome, l.Remoteness, outcomes[h], remoteness[h])
			}
			if l.Outcome == outcome.D {
				draws++
			}
		}
		if add == nil {
			sizes := make([]string, len(take))
			for i, v := range take {
				sizes[i] = strconv.Itoa(v)
			}
			g, err := ParseSubtraction(strings.Join(sizes, ","))
			if err != nil {
				t.Fatal(err)
			}
			want, err := g.Values(t.Context(), n+1, nil)
			if err != nil {
				t.Fatal(err)
			}
			for h, l := range res {
				if l.Value < 0 || uint64(l.Value) != want[h] {
					t.Fatalf("take %v: heap %d has value %d, the subtraction game %d", take, h, l.Value, want[h])
				}
			}
		}
	}
	if draws < 100 {
		t.Errorf("only %d drawn heaps", draws)
	}
	for _, c := range []struct {
		take, add []int
		n         int
	}{{[]int{0}, nil, 5}, {[]int{1}, []int{-2}, 5}, {[]int{1}, nil, -1}, {[]int{1}, nil, maxLoopyGraph}} {
		if _, err := loopySubtraction(c.take, c.add, c.n, nil); !errors.Is(err, games.ErrInput) {
			t.Errorf("take %v, add %v, n %d: %v, want an input error", c.take, c.add, c.n, err)
		}
	}
}

// randomSizes returns k distinct sizes from 1 to 6, ascending.
func randomSizes(rng *rand.Rand, k int) []int {
	var out []int
	for _, s := range rng.Perm(6)[:k] {
		out = append(out, s+1)
	}
	slices.Sort(out)
	return out
}

// TestLoopySubtractionBudget checks that a game LoopySubtraction admits
// under a limit is one loopy.Analyze analyses under it, and that the
// refusal comes before the analysis would refuse by much.
func TestLoopySubtractionBudget(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 50))
	for range 200 {
		n := rng.IntN(200)
		take, add := randomSizes(rng, 1+rng.IntN(4)), randomSizes(rng, rng.IntN(4))
		limit := float64(1 + rng.IntN(20000))
		opt := &budget.Options{Limit: limit}
		d, err := loopySubtraction(take, add, n, opt)
		if err != nil {
			if !errors.Is(err, budget.ErrTooLarge) {
				t.Fatal(err)
			}
			// Refused: the analysis of the game is too large for a
			// quarter of the limit.
			d, err := loopySubtraction(take, add, n, nil)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := loopy.Analyze(t.Context(), d, &budget.Options{Limit: limit / 4}); !errors.Is(err, budget.ErrTooLarge) {
				t.Errorf("take %v add %v n %d: refused at %v, but analysed within %v", take, add, n, limit, limit/4)
			}
			continue
		}
		if _, err := loopy.Analyze(t.Context(), d, opt); err != nil {
			t.Errorf("take %v add %v n %d: admitted at %v, but the analysis says %v", take, add, n, limit, err)
		}
	}
	if _, err := loopySubtraction([]int{1}, nil, 100, &budget.Options{Memory: 1000}); !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("100 heaps in 1000 bytes: %v, want a budget error", err)
	}
}

// TestLoopySubtractionText checks that LoopySubtraction reads its sizes:
// take 1, add 2 on heaps up to 3 has the moves worked by hand, and a
// size that is not positive is refused, naming the game.
func TestLoopySubtractionText(t *testing.T) {
	d, err := LoopySubtraction("1", "2", 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]int32{{}, {0, 3}, {1}, {2}}
	for h, w := range want {
		if got := d.Out(h); !slices.Equal(got, w) {
			t.Errorf("heap %d: moves to %v, want %v", h, got, w)
		}
	}
	if _, err := LoopySubtraction("0", "-", 3, nil); err == nil || !strings.HasPrefix(err.Error(), "loopy subtraction: ") || !errors.Is(err, games.ErrInput) {
		t.Errorf("take 0: %v", err)
	}
}

// TestLoopySubtractionRuleset checks the outcomes of single heaps, by the
// engine's retrograde analysis of the ruleset's graph, against the
// retrograde search on the rules.
func TestLoopySubtractionRuleset(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 51))
	ctx := context.Background()
	for range 40 {
		take, add, n := randomSizes(r, 1+r.IntN(3)), randomSizes(r, r.IntN(3)), r.IntN(25)
		rule := joinLoopySizes(take)
		if len(add) > 0 {
			rule += "/" + joinLoopySizes(add) + "/" + strconv.Itoa(n)
		} else {
			n = 25
		}
		rules := gametest.Lookup(t, "loopy-subtraction:"+rule)
		want, _ := heapRetrograde(take, add, n)
		e := games.NewEngine(rules, nil)
		for h := 0; h <= n; h++ {
			got, err := e.Outcome(ctx, gametest.Parse(t, rules, strconv.Itoa(h)))
			if err != nil {
				t.Fatal(err)
			}
			w := want[h]
			if got != w {
				t.Fatalf("%s heap %d: %v, retrograde search %v", rules.Name(), h, got, w)
			}
		}
	}
	// Two equal heaps of a plain subtraction game are a second-player win.
	rules := gametest.Lookup(t, "loopy-subtraction:1,2")
	if o, err := games.NewEngine(rules, nil).Outcome(ctx, gametest.Parse(t, rules, "7 7")); err != nil || o != outcome.P {
		t.Errorf("loopy-subtraction:1,2 7 7: %v, %v; want P", o, err)
	}
}

// TestLoopySubtractionErrors checks that malformed heaps and rules fail
// with ErrInput, naming the offset, and that keys forget the order of
// the heaps.
func TestLoopySubtractionErrors(t *testing.T) {
	rules := gametest.Lookup(t, "loopy-subtraction:1/2/9")
	for _, c := range []struct{ pos, want string }{{"3 10", "at offset 2"}, {"3;", "at offset 1"}} {
		if _, err := rules.Parse(c.pos); !errors.Is(err, games.ErrInput) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want an input error with %q", c.pos, err, c.want)
		}
	}
	if a, b := gametest.Parse(t, rules, "3 5").AppendKey(nil), gametest.Parse(t, rules, "5 3").AppendKey(nil); string(a) != string(b) {
		t.Errorf("keys of 3 5 and 5 3 differ: %q, %q", a, b)
	}
	for _, c := range []struct{ rule, want string }{
		{"", "takes nothing"},
		{"1,x", "at offset 2"},
		{"1/2", "TAKE/ADD/MAX"},
		{"1/2/", "at offset 4"},
		{"1/0/5", "at offset 2"},
		{"/2/5", "takes nothing"},
		{"1;2", "at offset 1"},
		{"1/2/5x", "at offset 5"},
	} {
		_, err := games.Lookup("loopy-subtraction:" + c.rule)
		if !errors.Is(err, games.ErrInput) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("rule %q: %v, want an input error with %q", c.rule, err, c.want)
		}
	}
}

// FuzzLoopySubtractionParse fuzzes the rule and the heaps of loopy
// subtraction.
func FuzzLoopySubtractionParse(f *testing.F) {
	for _, s := range [][2]string{{"2,3/1/20", "7 4"}, {"1,2", "5"}, {"1//5", "3"}, {"1/2/", "1"}, {"/1/3", ""}, {"3,1,3/2,2/9", "9 0"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, rule, in string) {
		rules, err := games.Lookup("loopy-subtraction:" + rule)
		if err != nil {
			if !errors.Is(err, games.ErrInput) {
				t.Fatalf("rule %q: %v is not an input error", rule, err)
			}
			return
		}
		again, err := games.Lookup(rules.Name())
		if err != nil || again.Name() != rules.Name() {
			t.Fatalf("rule %q: named %q, which reads as %v (%v)", rule, rules.Name(), again, err)
		}
		p, err := rules.Parse(in)
		if err != nil {
			if !errors.Is(err, games.ErrInput) {
				t.Fatalf("%s %q: %v is not an input error", rules.Name(), in, err)
			}
			return
		}
		q, err := rules.Parse(p.String())
		if err != nil || q.String() != p.String() || string(q.AppendKey(nil)) != string(p.AppendKey(nil)) {
			t.Fatalf("%s %q: String %q reads back as %v %v", rules.Name(), in, p, q, err)
		}
	})
}
