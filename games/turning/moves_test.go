package turning_test

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/games/turning"
)

// TestRowMovesRuler checks the Engine's winning moves of rows of Ruler
// against a plain search of its moves (turn the coins x−k+1, …, x, coin
// x a head), valued by the published values of Ruler (Winning Ways, ch.
// 14): coin x is worth the largest power of two dividing x+1.
func TestRowMovesRuler(t *testing.T) {
	r, err := games.Lookup("turning:ruler")
	if err != nil {
		t.Fatal(err)
	}
	value := func(heads []bool) uint {
		v := uint(0)
		for x, h := range heads {
			if h {
				v ^= 1 << bits.TrailingZeros(uint(x+1))
			}
		}
		return v
	}
	rng := rand.New(rand.NewPCG(1, 51))
	for range 200 {
		heads := make([]bool, 1+rng.IntN(16))
		row := make([]byte, len(heads))
		for i := range heads {
			row[i] = "TH"[rng.IntN(2)]
			heads[i] = row[i] == 'H'
		}
		var want []string
		for x, h := range heads {
			for k := 1; h && k <= x+1; k++ {
				after := slices.Clone(heads)
				var set []int
				for y := x - k + 1; y <= x; y++ {
					after[y] = !after[y]
					set = append(set, y)
				}
				if value(after) == 0 {
					want = append(want, fmt.Sprint(set))
				}
			}
		}
		p, err := r.Parse(string(row))
		if err != nil {
			t.Fatal(err)
		}
		e := games.NewEngine(r, nil)
		moves, err := e.WinningMoves(context.Background(), p, games.Left, false)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range moves {
			set := []int(m.How.(turning.Turn))
			got = append(got, fmt.Sprint(set))
			after := []byte(string(row))
			for _, y := range set {
				after[y] ^= 'H' ^ 'T'
			}
			if m.To.String() != string(after) {
				t.Errorf("%s: turning %v leaves %s, want %s", row, set, m.To, after)
			}
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: moves %v, want %v", row, got, want)
		}
	}
}

// TestBoardMovesAgainstSearch checks the winning moves the Tartan
// theorem finds on random small boards against those of a plain search
// of the options (the Engine with Generic set): the same positions.
func TestBoardMovesAgainstSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for _, name := range []string{"tartan:twins*twins", "tartan:ruler*mock-turtles", "tartan:acrostic-twins"} {
		r, err := games.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		for range 30 {
			rows, cols := 1+rng.IntN(3), 1+rng.IntN(4)
			var b []byte
			for a := range rows {
				if a > 0 {
					b = append(b, '|')
				}
				for range cols {
					b = append(b, "TTH"[rng.IntN(3)])
				}
			}
			p, err := r.Parse(string(b))
			if err != nil {
				t.Fatal(err)
			}
			fast, err := games.NewEngine(r, nil).WinningMoves(t.Context(), p, games.Left, false)
			if err != nil {
				t.Fatal(err)
			}
			plain := games.NewEngine(r, nil)
			plain.Generic = true
			slow, err := plain.WinningMoves(t.Context(), p, games.Left, false)
			if err != nil {
				t.Fatal(err)
			}
			var got, want []string
			for _, m := range fast {
				if m.How == nil {
					t.Errorf("%s %s: a move to %s names no coins", name, b, m.To)
				}
				got = append(got, m.To.String())
			}
			for _, m := range slow {
				want = append(want, m.To.String())
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("%s %s: winning moves %v, search %v", name, b, got, want)
			}
		}
	}
}
