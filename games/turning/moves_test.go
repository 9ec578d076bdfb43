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

// TestRowMovesRuler checks RowMoves on rows of Ruler against a plain
// search of its moves (turn the coins x−k+1, …, x, coin x a head),
// valued by the published values of Ruler (Winning Ways, ch. 14): coin
// x is worth the largest power of two dividing x+1.
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
		seq, err := turning.RowMoves(context.Background(), p, nil)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for m, err := range seq {
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, fmt.Sprint(m))
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: moves %v, want %v", row, got, want)
		}
	}
}
