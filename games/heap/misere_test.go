package heap

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
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
		g.Moves(h, func(parts ...int) {
			any = true
			if win {
				return
			}
			next := append(append(slices.Clone(hs[:i]), hs[i+1:]...), parts...)
			if !bruteMisere(g, next, memo) {
				win = true
			}
		})
	}
	if !any {
		win = true // no move: the player to move has won
	}
	memo[k] = win
	return win
}

func TestMisereAgainstBrute(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, name := range []string{"0.77", "0.07", "0.137", "4.7", "grundys-game", "1,2,3"} {
		var g *Game
		var err error
		switch name {
		case "grundys-game":
			g = Grundy()
		case "1,2,3":
			g, err = ParseSubtraction(name)
		default:
			g, err = ParseCode(name)
		}
		if err != nil {
			t.Fatal(err)
		}
		m := NewMisere([]*Game{g}, 0)
		memo := map[string]bool{}
		for trial := 0; trial < 60; trial++ {
			k := 1 + r.IntN(3)
			var hs []int
			var pos []Heap
			for range k {
				h := r.IntN(9)
				hs = append(hs, h)
				pos = append(pos, Heap{0, h})
			}
			got, err := m.Wins(pos)
			if err != nil {
				t.Fatal(err)
			}
			if want := bruteMisere(g, slices.Clone(hs), memo); got != want {
				t.Fatalf("%s %v: Wins = %v, brute force %v", name, hs, got, want)
			}
			moves, err := m.WinningMoves(pos)
			if err != nil {
				t.Fatal(err)
			}
			terminal := true
			for _, h := range hs {
				g.Moves(h, func(...int) { terminal = false })
			}
			if (len(moves) > 0) != (got && !terminal) {
				t.Fatalf("%s %v: wins %v but %d winning moves", name, hs, got, len(moves))
			}
			for _, mv := range moves {
				next := append(append(slices.Clone(hs[:mv.Index]), hs[mv.Index+1:]...), mv.Parts...)
				if bruteMisere(g, next, memo) {
					t.Fatalf("%s %v: move %+v leaves a win for the opponent", name, hs, mv)
				}
			}
		}
	}
}

func TestMisereNim(t *testing.T) {
	m := NewMisere([]*Game{Nim()}, 0)
	for a := 0; a < 7; a++ {
		for b := 0; b < 7; b++ {
			for c := 0; c < 5; c++ {
				got, err := m.Wins([]Heap{{0, a}, {0, b}, {0, c}})
				if err != nil {
					t.Fatal(err)
				}
				if want := MisereNimWins([]uint64{uint64(a), uint64(b), uint64(c)}); got != want {
					t.Fatalf("misère nim %d %d %d: search %v, Bouton %v", a, b, c, got, want)
				}
			}
		}
	}
}

func TestMisereMixedGames(t *testing.T) {
	// A sum of heaps of two games: the same search, checked against the
	// brute force on a single game that plays both (a heap of Nim is
	// encoded as a Kayles heap would not be, so compare with Nim heaps in
	// a 0.77 sum by hand: Nim 1 alone is a loss in misère; Kayles 1 + Nim 1
	// is a win, since taking either leaves the other).
	kay, _ := ParseCode("0.77")
	m := NewMisere([]*Game{kay, Nim()}, 0)
	w, err := m.Wins([]Heap{{1, 1}})
	if err != nil || w {
		t.Fatalf("misère nim 1: %v %v, want a loss", w, err)
	}
	w, err = m.Wins([]Heap{{0, 1}, {1, 1}})
	if err != nil || !w {
		t.Fatalf("kayles 1 + nim 1: %v %v, want a win", w, err)
	}
}

func TestMisereLimit(t *testing.T) {
	kay, _ := ParseCode("0.77")
	m := NewMisere([]*Game{kay}, 1000)
	if _, err := m.Wins([]Heap{{0, 30}, {0, 31}, {0, 29}}); err == nil {
		t.Fatal("no error past the position limit")
	}
	if _, err := m.Wins([]Heap{{3, 1}}); err == nil {
		t.Fatal("no error for a bad game index")
	}
}

func ExampleMisere() {
	kayles, _ := ParseCode("0.77")
	m := NewMisere([]*Game{kayles}, 0)
	for n := 1; n <= 6; n++ {
		w, _ := m.Wins([]Heap{{0, n}})
		fmt.Print(n, ":", w, " ")
	}
	fmt.Println()
	// Output: 1:false 2:true 3:true 4:false 5:true 6:true
}
