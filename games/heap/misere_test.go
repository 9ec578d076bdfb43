package heap

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/misere"
	"github.com/nimbers/grundy/sg"
)

// bruteMisere is a reference: plain recursion over sorted heap lists of a
// single game, with no dropping of dead heaps and no engine.
func bruteMisere(g *Game, hs []int, memo map[string]bool) bool {
	slices.Sort(hs)
	k := fmt.Sprint(hs)
	if w, ok := memo[k]; ok {
		return w
	}
	win, any := false, false
	for i, h := range hs {
		for parts := range g.Moves(h) {
			any = true
			if win {
				continue
			}
			next := append(append(slices.Clone(hs[:i]), hs[i+1:]...), parts...)
			if !bruteMisere(g, next, memo) {
				win = true
			}
		}
	}
	if !any {
		win = true // no move: the player to move has won
	}
	memo[k] = win
	return win
}

// components returns the heaps of g as components of a sum.
func components(t *testing.T, g *Game, sizes ...int) []sg.Component {
	t.Helper()
	hs, err := g.Heaps(t.Context(), sizes...)
	if err != nil {
		t.Fatal(err)
	}
	cs := make([]sg.Component, len(hs))
	for i, h := range hs {
		cs[i] = h
	}
	return cs
}

// TestMisereAgainstBrute checks misère sums of heaps, whether decided by
// search or by the Anti-SG rule (Nim), and each winning move, against
// plain recursion.
func TestMisereAgainstBrute(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, name := range []string{"0.77", "0.07", "0.137", "4.7", "grundys-game", "1,2,3", "nim"} {
		var g *Game
		var err error
		switch name {
		case "grundys-game":
			g = GrundysGame()
		case "nim":
			g = Nim()
		case "1,2,3":
			g, err = ParseSubtraction(name)
		default:
			g, err = ParseCode(name)
		}
		if err != nil {
			t.Fatal(err)
		}
		memo := map[string]bool{}
		for range 60 {
			hs := make([]int, 1+r.IntN(3))
			for i := range hs {
				hs[i] = r.IntN(9)
			}
			got, moves, err := misere.SumWinningMoves(t.Context(), components(t, g, hs...), nil)
			if err != nil {
				t.Fatal(err)
			}
			if want := bruteMisere(g, slices.Clone(hs), memo); got != want {
				t.Fatalf("%s %v: wins %v, brute force %v", name, hs, got, want)
			}
			terminal := true
			for _, h := range hs {
				for range g.Moves(h) {
					terminal = false
				}
			}
			if (len(moves) > 0) != (got && !terminal) {
				t.Fatalf("%s %v: wins %v but %d winning moves", name, hs, got, len(moves))
			}
			for _, mv := range moves {
				s := mv.Move.(Split)
				if s.Heap != hs[mv.Component] {
					t.Fatalf("%s %v: move %v on heap %d of %d", name, hs, s, mv.Component, hs[mv.Component])
				}
				next := append(append(slices.Clone(hs[:mv.Component]), hs[mv.Component+1:]...), s.Parts...)
				if bruteMisere(g, next, memo) {
					t.Fatalf("%s %v: move %v leaves a win for the opponent", name, hs, s)
				}
			}
		}
	}
}

// TestTerminalAtZero checks which heaps end at value 0: Nim's always;
// Kayles's never (a split into two equal rows has value 0); a subtraction
// game's only below its first heap of value 0 with a move.
func TestTerminalAtZero(t *testing.T) {
	nim, _ := Nim().Heaps(t.Context(), 0, 5, 1000)
	for _, h := range nim {
		if !h.TerminalAtZero() {
			t.Errorf("nim %d: not terminal at zero", h.Size())
		}
	}
	kayles, _ := ParseCode("0.77")
	if hs, _ := kayles.Heaps(t.Context(), 3); hs[0].TerminalAtZero() {
		t.Errorf("kayles 3: terminal at zero")
	}
	s, _ := ParseSubtraction("1,2") // G(3) = 0 with moves
	hs, _ := s.Heaps(t.Context(), 2, 3)
	if !hs[0].TerminalAtZero() || hs[1].TerminalAtZero() {
		t.Errorf("subtraction 1,2 at 2 and 3: %v %v, want true false", hs[0].TerminalAtZero(), hs[1].TerminalAtZero())
	}
}

func TestMisereMixedGames(t *testing.T) {
	// Nim 1 alone is a loss in misère play; Kayles 1 + Nim 1 is a win,
	// since taking either leaves the other.
	kay, _ := ParseCode("0.77")
	nim1 := components(t, Nim(), 1)
	w, _, err := misere.SumWinningMoves(t.Context(), nim1, nil)
	if err != nil || w {
		t.Fatalf("misère nim 1: %v %v, want a loss", w, err)
	}
	w, moves, err := misere.SumWinningMoves(t.Context(), append(components(t, kay, 1), nim1...), nil)
	if err != nil || !w || len(moves) != 2 {
		t.Fatalf("kayles 1 + nim 1: %v %v %v, want a win by either move", w, moves, err)
	}
}

// TestMisereLimit checks that a sum of two games, which no quotient
// covers, is searched within the limit.
func TestMisereLimit(t *testing.T) {
	kay, _ := ParseCode("0.77")
	dawson, _ := ParseCode("0.07")
	sum := append(components(t, kay, 30, 31), components(t, dawson, 29)...)
	_, _, err := misere.SumWinningMoves(t.Context(), sum, &budget.Options{Limit: 1000})
	if !errors.Is(err, budget.ErrTooLarge) {
		t.Fatalf("past the position limit: %v", err)
	}
	// One game: the quotient decides it, and the limit does not apply.
	if _, _, err := misere.SumWinningMoves(t.Context(), components(t, kay, 30, 31, 29), &budget.Options{Limit: 1000}); err != nil {
		t.Fatalf("by the quotient: %v", err)
	}
}

func Example_misere() {
	kayles, _ := ParseCode("0.77")
	for n := 1; n <= 6; n++ {
		hs, _ := kayles.Heaps(context.Background(), n)
		w, _, _ := misere.SumWinningMoves(context.Background(), []sg.Component{hs[0]}, nil)
		fmt.Print(n, ":", w, " ")
	}
	fmt.Println()
	// Output: 1:false 2:true 3:true 4:false 5:true 6:true
}

// TestMisereLargeHeapsByPeriod checks misère sums with heaps past those a
// sum computes a quotient for, which it decides by the quotient's proven
// period, against a quotient computed through those heaps: the outcome,
// and that every winning move leaves a loss for the opponent.
func TestMisereLargeHeapsByPeriod(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, code := range []string{"0.77", "0.75"} {
		g, err := ParseCode(code)
		if err != nil {
			t.Fatal(err)
		}
		const top = 1300
		q, err := misere.Compute(t.Context(), g, top, nil)
		if err != nil {
			t.Fatal(err)
		}
		for range 20 {
			hs := []int{1025 + r.IntN(top-1024), r.IntN(top + 1), r.IntN(20)}
			got, moves, err := misere.SumWinningMoves(t.Context(), components(t, g, hs...), &budget.Options{Limit: 1})
			if err != nil {
				t.Fatalf("%s %v: %v", code, hs, err)
			}
			if want := !isP(q, hs...); got != want {
				t.Fatalf("%s %v: wins %v, the quotient to heap %d says %v", code, hs, got, top, want)
			}
			for _, mv := range moves {
				s := mv.Move.(Split)
				next := append(append(slices.Clone(hs[:mv.Component]), hs[mv.Component+1:]...), s.Parts...)
				if !isP(q, next...) {
					t.Fatalf("%s %v: move %v leaves a win for the opponent", code, hs, s)
				}
			}
		}
	}
}

// TestMisereStoredQuotient checks that misère sums of Dawson's Kayles
// heaps up to 33 are decided by the quotient misere stores, with a
// search limit of one position, and that the winning moves it gives
// leave sums that a search of play finds lost.
func TestMisereStoredQuotient(t *testing.T) {
	g, _ := ParseCode("0.07")
	q, err := misere.Compute(t.Context(), g, 33, &budget.Options{Limit: 1})
	if err != nil {
		t.Fatalf("Q_33(0.07) is not stored: %v", err)
	}
	r := rand.New(rand.NewPCG(7, 8))
	memo := map[string]bool{}
	checked := 0
	for range 30 {
		hs := []int{33, r.IntN(6), r.IntN(4)}
		got, moves, err := misere.SumWinningMoves(t.Context(), components(t, g, hs...), &budget.Options{Limit: 1})
		if err != nil {
			t.Fatalf("%v: %v", hs, err)
		}
		if want := !isP(q, hs...); got != want {
			t.Fatalf("%v: wins %v, the stored quotient says %v", hs, got, want)
		}
		for _, mv := range moves {
			s := mv.Move.(Split)
			next := append(append(slices.Clone(hs[:mv.Component]), hs[mv.Component+1:]...), s.Parts...)
			checked++
			if bruteMisere(g, next, memo) {
				t.Fatalf("%v: move %v leaves a win for the opponent", hs, s)
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d winning moves checked", checked)
	}
}

// isP reports whether the sum of heaps of the given sizes is in q's
// P-portion, multiplying their elements in q's table.
func isP(q *misere.Quotient, sizes ...int) bool {
	t := q.Table()
	x := t.Identity
	for _, n := range sizes {
		x = t.Mul[x][q.Heap(n)]
	}
	return slices.Contains(t.P, x)
}
