package grid

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nimbers/grundy/games"
)

// TestAmazonsMoves checks the moves of Amazons on random boards up to
// 8 × 8, with up to a dozen amazons, against plainMoves, which reads
// them from the rules square by square.
func TestAmazonsMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(53, 77))
	for range 400 {
		rows, cols := 1+rng.IntN(8), 1+rng.IntN(8)
		b := plainBoard{rows, cols, make([]byte, rows*cols)}
		for i := range b.sq {
			switch x := rng.IntN(16); {
			case x < 2:
				b.sq[i] = '#'
			case x < 13:
				b.sq[i] = '.'
			case x < 15:
				b.sq[i] = 'x'
			default:
				b.sq[i] = 'o'
			}
		}
		s := b.String()
		p, err := AmazonsRules.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		for who := games.Left; who <= games.Right; who++ {
			var got []string
			for _, o := range p.Options(who) {
				got = append(got, o.String())
			}
			want := plainMoves(amazons, s, who)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("%s, %v: %d moves, the rules give %d", s, who, len(got), len(want))
			}
		}
	}
}
