package partizan

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/nimbers/grundy/budget"
)

// switches returns "+-1++-2+…++-n", whose canonical form has about 2^n
// subpositions.
func switches(n int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = fmt.Sprintf("+-%d", i+1)
	}
	return strings.Join(parts, "+")
}

func TestCalculatorLimit(t *testing.T) {
	ctx := context.Background()
	s := switches(10)
	want := mustParse(t, s)
	if _, err := NewCalculator(&budget.Options{Limit: 1000}).Parse(ctx, s); !errors.Is(err, budget.ErrTooLarge) {
		t.Fatalf("10 switches within 1000 steps: %v, want a TooLargeError", err)
	}
	k := NewCalculator(nil)
	got, err := k.Parse(ctx, s)
	if err != nil || !got.Equal(want) {
		t.Fatalf("Calculator.Parse = %v, %v; want %v", got, err, want)
	}
	checkSwitches(t, got, 10)
	// The limit counts the life of the Calculator.
	small := NewCalculator(&budget.Options{Limit: 3000})
	if _, err := small.Parse(ctx, "+-1"); err != nil {
		t.Fatal(err)
	}
	if _, err := small.Parse(ctx, switches(12)); !errors.Is(err, budget.ErrTooLarge) {
		t.Fatalf("12 switches within 3000 steps: %v", err)
	}
}

// checkSwitches checks g against ±1 + … + ±n by its stops: the players
// take the hottest switch in turn, so Left's stop is n − (n−1) + … =
// ⌈n/2⌉ and Right's its negative; and by its tree, complete of depth n.
func checkSwitches(t *testing.T, g *Game, n int) {
	t.Helper()
	stop := int64((n + 1) / 2)
	if l, r := g.LeftStop(), g.RightStop(); l.Cmp(Int(stop)) != 0 || r.Cmp(Int(-stop)) != 0 {
		t.Errorf("±1 … ±%d: stops %v and %v, want %d and %d", n, l, r, stop, -stop)
	}
	if got, want := g.TreeSize(), float64(int(1)<<(n+1)-1); got != want {
		t.Errorf("±1 … ±%d: tree size %g, want %g", n, got, want)
	}
}

func TestCalculatorCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := NewCalculator(nil).Sum(ctx, upGame, starGame); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled before: %v", err)
	}
	// Cancel from the progress report, which comes every 2^16 steps; the
	// operation must stop at the next check, 4096 steps later.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	reports := 0
	k := NewCalculator(&budget.Options{Limit: -1, Progress: func(done, total int) {
		reports++
		cancel()
	}})
	if _, err := k.Parse(ctx, switches(24)); !errors.Is(err, context.Canceled) || reports != 1 {
		t.Fatalf("cancelled while working: %v after %d reports", err, reports)
	}
	// The halted Calculator keeps consistent memories: its later answers,
	// on games that share subpositions with the halted one, are right.
	for _, n := range []int{8, 10, 11} {
		g, err := k.Parse(context.Background(), switches(n))
		if err != nil {
			t.Fatal(err)
		}
		checkSwitches(t, g, n)
	}
}

// TestCalculatorOperations checks each method on values from Winning
// Ways: ↑ + * = ↑*, ↑ + ↑ + * = ⇑*, the ordinal sum *:1 (a Green edge
// under a Blue one) = ↑*, {0 | *} = ↑, ↑ > 0, ↑ ‖ *.
func TestCalculatorOperations(t *testing.T) {
	ctx := context.Background()
	k := NewCalculator(nil)
	one := Number(Dyadic{num: 1})
	check := func(op string, g *Game, err error, want string) {
		t.Helper()
		if err != nil || g.String() != want {
			t.Errorf("%s = %v, %v; want %s", op, g, err, want)
		}
	}
	g, err := k.Sum(ctx, upGame, starGame)
	check("addGames(^, *)", g, err, "^*")
	g, err = k.Sum(ctx, upGame, upGame, starGame)
	check("Sum(^, ^, *)", g, err, "^^*")
	g, err = k.OrdinalSum(ctx, starGame, one)
	check("OrdinalSum(*, 1)", g, err, "^*")
	g, err = k.New(ctx, []*Game{Zero}, []*Game{starGame})
	check("New({0|*})", g, err, "^")
	for _, c := range []struct {
		g, h *Game
		want Relation
	}{{upGame, Zero, Greater}, {starGame, Zero, Fuzzy}, {upGame, starGame, Fuzzy}, {down, upGame, Less}, {starGame, starGame, Equal}} {
		if o, err := k.Compare(ctx, c.g, c.h); err != nil || o != c.want {
			t.Errorf("Compare(%v, %v) = %v, %v; want %v", c.g, c.h, o, err, c.want)
		}
	}
}

// TestTreeSize: the sum of the switches ±1 … ±n is a complete binary tree
// of depth n with numbers at its leaves (each player takes the hottest
// switch), so 2^(n+1) − 1 games; and no game writes out fewer bytes than
// its tree size.
func TestTreeSize(t *testing.T) {
	for n := 1; n <= 12; n++ {
		if got, want := mustParse(t, switches(n)).TreeSize(), float64(int(1)<<(n+1)-1); got != want {
			t.Errorf("TreeSize(%s) = %g, want %g", switches(n), got, want)
		}
	}
	r := rand.New(rand.NewPCG(8, 8))
	for range 300 {
		g := canonical(randomRaw(r, 1+r.IntN(3)))
		if size := g.TreeSize(); size > float64(len(g.String())) {
			t.Fatalf("%s: tree size %g, more than its %d bytes", g, size, len(g.String()))
		}
	}
}

// TestCalculatorNeg checks Neg against play: x + (−x) is 0, and y − x
// has the outcome of y's relation to x; and that −(−x) is x itself, the
// Calculator's copy of it (numbers are made afresh: an equal one).
func TestCalculatorNeg(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 3))
	k := NewCalculator(nil)
	ctx := context.Background()
	var made func(*raw) *Game // x's canonical form, made by k
	made = func(x *raw) *Game {
		var l, r []*Game
		for _, o := range x.l {
			l = append(l, made(o))
		}
		for _, o := range x.r {
			r = append(r, made(o))
		}
		g, err := k.New(ctx, l, r)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	for i := range 300 {
		x, y := randomRaw(r, 4), randomRaw(r, 3)
		g := made(x)
		n, err := k.Neg(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		if o := outcomeBySearch([]*raw{x, rawOf(n)}); o != Equal {
			t.Fatalf("%d: %v + −(%v) = %v by play (−: %v), want 0", i, g, g, o, n)
		}
		if got, want := outcomeBySearch([]*raw{y, rawOf(n)}), compare(canonical(y), g); got != want {
			t.Fatalf("%d: y − x is %v by play, y %v x", i, got, want)
		}
		_, isNum := g.AsNumber() // numbers are made afresh
		if back, err := k.Neg(ctx, n); err != nil || back != g && !(isNum && back.Equal(g)) {
			t.Fatalf("%d: −(−%v) = %v (%v), want the same game", i, g, back, err)
		}
	}
}
