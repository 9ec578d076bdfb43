package games_test

import (
	"context"
	"fmt"
	"strconv"

	"github.com/nimbers/grundy/games"
)

// pile is a heap from which Left takes 1 or 2 counters and Right 2 or 3.
type pile int

func (p pile) String() string            { return strconv.Itoa(int(p)) }
func (p pile) AppendKey(b []byte) []byte { return strconv.AppendInt(b, int64(p), 10) }
func (p pile) Options(who games.Player) []games.Position {
	take := [2][]int{games.Left: {1, 2}, games.Right: {2, 3}}[who]
	var opts []games.Position
	for _, t := range take {
		if int(p) >= t {
			opts = append(opts, p-pile(t))
		}
	}
	return opts
}

// piles is the ruleset: a position is a heap size.
type piles struct{}

func (piles) Name() string     { return "piles" }
func (piles) Kind() games.Kind { return 0 } // partizan and short

func (piles) Parse(s string) (games.Position, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > 1000 {
		return nil, games.InputErrorf("%q is not a heap size from 0 to 1000", s)
	}
	return pile(n), nil
}

// A new ruleset needs only its positions' options, a key and a notation:
// the engine gives it canonical forms, outcomes of sums, misère play and
// the impartial variant.
func Example_ruleset() {
	ctx := context.Background()
	e := games.NewEngine(piles{}, nil)
	for n := range 6 {
		g, _ := e.Canonical(ctx, pile(n))
		fmt.Printf("%d: %v\n", n, g)
	}
	sum := games.Sum(pile(5), pile(7), pile(9))
	o, _ := e.Outcome(ctx, sum)
	fmt.Println("5+7+9:", o.Words())
	m, _ := e.MisereOutcome(ctx, pile(4))
	fmt.Println("misère 4:", m.Words())

	// Either player may take 1, 2 or 3: the subtraction game {1, 2, 3}.
	cram := games.NewEngine(games.ImpartialVariant(piles{}), nil)
	p, _ := cram.Ruleset().Parse("7")
	v, _ := cram.Grundy(ctx, p)
	f, _ := cram.Misere(ctx, p)
	fmt.Println("impartial 7:", v, f)
	// Output:
	// 0: 0
	// 1: 1
	// 2: {1|0}
	// 3: {1,{1|0}|0}
	// 4: 0
	// 5: 1
	// 5+7+9: Left
	// misère 4: first
	// impartial 7: 3 *[3]
}

// The dicotic and twisted variants of Domineering on the 2 × 2 board,
// worked out by hand: Domineering gives ±1; in the dicotic variant each
// move leaves a board where only one player could move, 0, so {0 | 0} =
// *; in the twisted variant Left's move leaves −t of a board Left alone
// can play once, −{0 | } = −1, and Right's 1, so {−1 | 1} = 0.
func ExampleTwistedVariant() {
	for _, name := range []string{"domineering", "dicotic:domineering", "twisted:domineering"} {
		a, err := games.Ask(context.Background(), games.Query{Ruleset: name, Positions: []string{"..|.."}}, nil)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(a.Ruleset, a.Value)
	}
	// Output:
	// domineering +-1
	// dicotic:domineering *
	// twisted:domineering 0
}
