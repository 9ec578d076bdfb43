package partizan

import (
	"context"
	"math/rand/v2"
	"testing"
)

// randomDicotic returns a game tree in which every subposition has
// moves for both players or for neither: its value is infinitesimal,
// with both stops 0, so its comparisons go past the stops to the
// signatures of sig.go.
func randomDicotic(r *rand.Rand, depth int) *raw {
	g := &raw{}
	if depth == 0 || r.IntN(4) == 0 {
		return g
	}
	for range 1 + r.IntN(3) {
		g.l = append(g.l, randomDicotic(r, depth-1))
	}
	for range 1 + r.IntN(3) {
		g.r = append(g.r, randomDicotic(r, depth-1))
	}
	return g
}

// TestComparisonsAgainstPlay compares many games, built and compared by
// one Calculator (whose tables, and the games' signatures, then serve
// many comparisons), with the play of their differences.
func TestComparisonsAgainstPlay(t *testing.T) {
	r := rand.New(rand.NewPCG(53, 7))
	k := NewCalculator(nil)
	ctx := context.Background()
	var form func(*raw) *Game
	form = func(x *raw) *Game {
		var l, rr []*Game
		for _, o := range x.l {
			l = append(l, form(o))
		}
		for _, o := range x.r {
			rr = append(rr, form(o))
		}
		g, err := k.New(ctx, l, rr)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	negate := func(x *raw) *raw {
		var neg func(*raw) *raw
		neg = func(x *raw) *raw {
			y := &raw{}
			for _, o := range x.r {
				y.l = append(y.l, neg(o))
			}
			for _, o := range x.l {
				y.r = append(y.r, neg(o))
			}
			return y
		}
		return neg(x)
	}
	var trees []*raw
	for i := range 160 {
		if i%2 == 0 {
			trees = append(trees, randomDicotic(r, 4))
		} else {
			trees = append(trees, randomRaw(r, 1+r.IntN(3)))
		}
	}
	games := make([]*Game, len(trees))
	for i, x := range trees {
		games[i] = form(x)
	}
	n := 0
	for i := range trees {
		for j := range trees {
			if (i+j)%7 != 0 {
				continue
			}
			got, err := k.Compare(ctx, games[i], games[j])
			if err != nil {
				t.Fatal(err)
			}
			if want := outcomeBySearch([]*raw{trees[i], negate(trees[j])}); got != want {
				t.Fatalf("Compare(%v, %v) = %v, play of the difference %v", games[i], games[j], got, want)
			}
			n++
		}
	}
	t.Logf("%d comparisons", n)
}

// TestFormsBetweenNumbers checks forms whose options straddle a simpler
// number, or hide it behind infinitesimals: while simplified their stops
// are not known (the Left one is below the Right one), and each is the
// simplest number between its options, or a switch around one (by hand,
// Siegel's Combinatorial Game Theory, II.3).
func TestFormsBetweenNumbers(t *testing.T) {
	n := func(num int64, exp int) *Game { return Number(newDyadic(num, exp)) }
	for _, c := range []struct {
		l, r []*Game
		want *Game
	}{
		{[]*Game{n(-1, 0)}, []*Game{n(1, 0)}, Zero},
		{[]*Game{n(-2, 0)}, []*Game{n(2, 0)}, Zero},
		{[]*Game{n(-1, 1)}, []*Game{n(3, 0)}, Zero},
		{[]*Game{n(0, 0)}, []*Game{n(2, 0)}, n(1, 0)},
		{[]*Game{n(-3, 0)}, []*Game{n(-1, 0)}, n(-2, 0)},
		{[]*Game{n(1, 2)}, []*Game{n(2, 0)}, n(1, 0)},
		{[]*Game{n(-1, 0), starGame}, []*Game{n(1, 0)}, Zero},                          // * reverses through 0
		{[]*Game{upGame}, []*Game{n(1, 0)}, n(1, 1)},                                   // ↑ reverses through *, then 0
		{[]*Game{n(-1, 0)}, []*Game{upGame, n(1, 0)}, Zero},                            // {−1 | ↑} is 0
		{[]*Game{n(1, 0)}, []*Game{n(-1, 0)}, mk([]*Game{n(1, 0)}, []*Game{n(-1, 0)})}, // ±1
	} {
		got := mk(c.l, c.r)
		if !got.Equal(c.want) {
			t.Errorf("{%v | %v} = %v, want %v", c.l, c.r, got, c.want)
		}
		if !lessEq(got, c.want) || !lessEq(c.want, got) {
			t.Errorf("{%v | %v} not equal to %v", c.l, c.r, c.want)
		}
	}
}
