package games_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	_ "github.com/nimbers/grundy/games/graph"
	_ "github.com/nimbers/grundy/games/grid"
	_ "github.com/nimbers/grundy/games/heap"
	_ "github.com/nimbers/grundy/games/letters"
	_ "github.com/nimbers/grundy/games/strip"
	_ "github.com/nimbers/grundy/games/turning"
)

// FuzzAsk asks every ruleset about arbitrary positions with a small
// budget: Ask must answer, or fail with ErrInput or a budget refusal,
// never panic.
func FuzzAsk(f *testing.F) {
	for _, e := range games.Entries() {
		f.Add(e.Example[0], strings.Join(e.Example[1:], "\x00"), uint8(0))
	}
	f.Add("octal:0.7", "3 4", uint8(3))
	f.Add("clobber", "xo|ox", uint8(12))
	f.Fuzz(func(t *testing.T, ruleset, positions string, flags uint8) {
		q := games.Query{Ruleset: ruleset, Positions: strings.Split(positions, "\x00"),
			Moves: flags&1 != 0, Outcome: flags&2 != 0, Misere: flags&4 != 0, Impartial: flags&8 != 0, Winning: flags&16 != 0}
		a, err := games.Ask(context.Background(), q, &budget.Options{Limit: 2000, Memory: 1 << 20})
		switch {
		case err == nil:
			if a.Winner == "" || a.Outcome == "" {
				t.Fatalf("%+v: answer %+v", q, a)
			}
		case errors.Is(err, games.ErrInput), errors.Is(err, budget.ErrTooLarge):
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("%+v: error of more than one line: %q", q, err)
			}
		default:
			t.Fatalf("%+v: %v", q, err)
		}
	})
}

// TestAskExamples asks each ruleset's example, and checks the values of
// a few whose values are published.
func TestAskExamples(t *testing.T) {
	for _, e := range games.Entries() {
		if _, err := games.Ask(context.Background(), games.Query{Ruleset: e.Example[0], Positions: e.Example[1:]}, nil); err != nil {
			t.Errorf("%q: %v", e.Example, err)
		}
	}
	for _, c := range []struct {
		q             games.Query
		value, winner string
	}{
		// Winning Ways, ch. 2: BBR is 3/2; RG is -1/2*... checked in
		// package graph; here the sum's value and its winner.
		{games.Query{Ruleset: "hackenbush-string", Positions: []string{"BBR", "BRR"}}, "7/4", "Left"},
		// Kayles (0.77): G(10) = 2, G(7) = 2, G(3) = 3.
		{games.Query{Ruleset: "octal:0.77", Positions: []string{"10 7 3"}}, "*3", "first"},
		// Domineering on 2×2 is ±1; Clobber "xo" is * (Albert et al.).
		{games.Query{Ruleset: "domineering", Positions: []string{"..|.."}}, "+-1", "first"},
		{games.Query{Ruleset: "clobber", Positions: []string{"xo"}}, "*", "first"},
		// Cram on 2×2 is 0: the second player answers by symmetry.
		{games.Query{Ruleset: "domineering", Positions: []string{"..|.."}, Impartial: true}, "0", "second"},
	} {
		a, err := games.Ask(context.Background(), c.q, nil)
		if err != nil || a.Value != c.value || a.Winner != c.winner {
			t.Errorf("%+v: %+v %v, want %s %s", c.q, a, err, c.value, c.winner)
		}
	}
}

// TestAskWinning checks the winning moves Ask lists against nim's rule
// (Bouton): a move wins exactly when it leaves heaps of nim-sum 0.
func TestAskWinning(t *testing.T) {
	for _, c := range []struct {
		heaps string
		wins  []string
	}{
		{"3 5 6", nil},
		{"1 2", []string{"1 1"}},
		{"3 4 5", []string{"1 4 5"}},
		{"7 7 7", []string{"7 7"}}, // the three moves lead to one position
	} {
		a, err := games.Ask(context.Background(), games.Query{Ruleset: "nim", Positions: []string{c.heaps}, Winning: true}, nil)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range a.Moves {
			hs := strings.Fields(m.Position)
			slices.Sort(hs) // one-digit heaps: as numbers
			got = append(got, strings.Join(hs, " "))
			if m.Outcome != "P" || m.Player != "" {
				t.Errorf("%s: move %+v", c.heaps, m)
			}
		}
		if strings.Join(got, ";") != strings.Join(c.wins, ";") {
			t.Errorf("%s: winning moves %q, want %q", c.heaps, got, c.wins)
		}
	}
}
