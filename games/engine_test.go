package games_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/outcome"
	"github.com/nimbers/grundy/partizan"
)

// plainCanonical values a pile by its rules written out: Left takes 1 or
// 2, Right 2 or 3; no table, no splitting.
func plainCanonical(t *testing.T, n int, memo map[int]*partizan.Game) *partizan.Game {
	if g, ok := memo[n]; ok {
		return g
	}
	var l, r []*partizan.Game
	for _, k := range []int{1, 2} {
		if n >= k {
			l = append(l, plainCanonical(t, n-k, memo))
		}
	}
	for _, k := range []int{2, 3} {
		if n >= k {
			r = append(r, plainCanonical(t, n-k, memo))
		}
	}
	g, err := partizan.New(l, r)
	if err != nil {
		t.Fatal(err)
	}
	memo[n] = g
	return g
}

func TestCanonicalAndOutcome(t *testing.T) {
	ctx := context.Background()
	memo := map[int]*partizan.Game{}
	for _, mem := range []float64{0, 30000} { // the default, and a bound that evicts often
		e := games.NewEngine(piles{}, &budget.Options{Memory: mem})
		for n := range 40 {
			g, err := e.Canonical(ctx, pile(n))
			if err != nil {
				t.Fatal(err)
			}
			if want := plainCanonical(t, n, memo); !g.Equal(want) {
				t.Fatalf("memory %v, pile %d: %v, want %v", mem, n, g, want)
			}
		}
		rng := rand.New(rand.NewPCG(1, uint64(mem)))
		for range 200 {
			var terms []games.Position
			var gs []*partizan.Game
			for range 1 + rng.IntN(4) {
				n := rng.IntN(40)
				terms = append(terms, pile(n))
				gs = append(gs, plainCanonical(t, n, memo))
			}
			s, _ := partizan.NewCalculator(&budget.Options{Limit: -1}).Sum(ctx, gs...)
			want := s.Outcome()
			got, err := e.Outcome(ctx, games.Sum(terms...))
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Fatalf("outcome of %v: %v, want %v", terms, got, want)
			}
			g, err := e.Canonical(ctx, games.Sum(terms...))
			if err != nil || !g.Equal(s) {
				t.Fatalf("value of %v: %v %v, want %v", terms, g, err, s)
			}
		}
	}
}

// TestImpartialVariant checks the variant of piles, the subtraction game
// {1, 2, 3}, against its values n mod 4 and its misère outcomes: the
// first player loses misère exactly when n ≡ 1 (mod 4).
func TestImpartialVariant(t *testing.T) {
	ctx := context.Background()
	e := games.NewEngine(games.ImpartialVariant(piles{}), nil)
	for n := range 300 {
		p := games.ImpartialPosition(pile(n))
		v, err := e.Grundy(ctx, p)
		if err != nil || v != uint64(n%4) {
			t.Fatalf("G(%d) = %d %v, want %d", n, v, err, n%4)
		}
		g, err := e.Canonical(ctx, p)
		if err != nil || !g.Equal(partizan.Nimber(n%4)) {
			t.Fatalf("canonical %d = %v %v", n, g, err)
		}
		want := outcome.Impartial(n%4 != 1)
		m, err := e.MisereOutcome(ctx, p)
		if err != nil || m != want {
			t.Fatalf("misère outcome of %d: %v %v, want %v", n, m, err, want)
		}
		if n < 60 {
			f, err := e.Misere(ctx, p)
			if err != nil || (f.Genus().Gamma[0] == 0) != (n%4 == 1) {
				t.Fatalf("misère form of %d: %v %v", n, f, err)
			}
		}
	}
	if _, err := games.NewEngine(piles{}, nil).Grundy(ctx, pile(3)); !errors.Is(err, games.ErrInput) {
		t.Errorf("Grundy of a partizan ruleset: %v", err)
	}
}

// TestLimits checks that a search past its limit, or cancelled, stops
// with the right error.
func TestLimits(t *testing.T) {
	e := games.NewEngine(piles{}, &budget.Options{Limit: 10})
	_, err := e.Canonical(context.Background(), pile(100))
	var tl *budget.TooLargeError
	if !errors.As(err, &tl) || tl.Limit != 10 {
		t.Errorf("limit 10: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := games.NewEngine(piles{}, nil).Outcome(ctx, pile(100)); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// plainWins reports whether who, to move, wins the sum of piles ns by a
// search of the rules written out (Left takes 1 or 2, Right 2 or 3; with
// impartial set either takes 1, 2 or 3): no table, no splitting.
func plainWins(ns []int, who games.Player, impartial, misere bool) bool {
	key := fmt.Sprint(ns, who, impartial, misere)
	if w, ok := plainMemo[key]; ok {
		return w
	}
	w := plainSearch(ns, who, impartial, misere)
	plainMemo[key] = w
	return w
}

var plainMemo = map[string]bool{}

func plainSearch(ns []int, who games.Player, impartial, misere bool) bool {
	takes := [2][]int{{1, 2}, {2, 3}}
	if impartial {
		takes = [2][]int{{1, 2, 3}, {1, 2, 3}}
	}
	moved := false
	for i, n := range ns {
		for _, k := range takes[who] {
			if n < k {
				continue
			}
			moved = true
			next := slices.Clone(ns)
			next[i] -= k
			if !plainWins(next, who.Other(), impartial, misere) {
				return true
			}
		}
	}
	return !moved && misere
}

// TestWinningMoves checks the winning moves of random sums of piles, in
// the partizan game and its impartial variant, in normal and misère
// play, against plainWins.
func TestWinningMoves(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(4, 4))
	for _, impartial := range []bool{false, true} {
		var rules games.Ruleset = piles{}
		if impartial {
			rules = games.ImpartialVariant(rules)
		}
		e := games.NewEngine(rules, nil)
		for range 150 {
			ns := make([]int, 1+rng.IntN(3))
			terms := make([]games.Position, len(ns))
			for i := range ns {
				ns[i] = rng.IntN(9)
				terms[i] = games.Position(pile(ns[i]))
				if impartial {
					terms[i] = games.ImpartialPosition(terms[i])
				}
			}
			for who := games.Left; who <= games.Right; who++ {
				for _, misere := range []bool{false, true} {
					ms, err := e.WinningMoves(ctx, games.Sum(terms...), who, misere)
					if err != nil {
						t.Fatal(err)
					}
					var got []string
					for _, m := range ms {
						got = append(got, m.To.String())
					}
					var want []string
					takes := [2][]int{{1, 2}, {2, 3}}[who]
					if impartial {
						takes = []int{1, 2, 3}
					}
					for i := range ns {
						for _, k := range takes {
							if ns[i] < k {
								continue
							}
							next := slices.Clone(ns)
							next[i] -= k
							if !plainWins(next, who.Other(), impartial, misere) {
								want = append(want, games.Sum(pilesOf(next)...).String())
							}
						}
					}
					slices.Sort(got)
					slices.Sort(want)
					if !slices.Equal(got, want) {
						t.Fatalf("%v, %v moving, impartial %v, misère %v: %q, want %q", ns, who, impartial, misere, got, want)
					}
				}
			}
		}
	}
}

func pilesOf(ns []int) []games.Position {
	out := make([]games.Position, len(ns))
	for i, n := range ns {
		out[i] = pile(n)
	}
	return out
}
