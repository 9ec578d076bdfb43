package strip

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/internal/gametest"
	"github.com/nimbers/grundy/partizan"
)

// toppleMoves is Toppling Dominoes as CGSuite's TopplingDominoes.cgs
// writes it, row by row of a sum separated by '|': a domino of the
// mover's colour or a grey one at n blanks squares 1 to n, or n to the
// end, whatever they hold.
func toppleMoves(pos string, left bool) []string {
	mine := byte('l')
	if !left {
		mine = 'r'
	}
	rows := strings.Split(pos, "|")
	var out []string
	for i, row := range rows {
		for n := range len(row) {
			if row[n] != mine && row[n] != 'e' {
				continue
			}
			for _, blank := range [][2]int{{0, n + 1}, {n, len(row)}} {
				b := []byte(row)
				for k := blank[0]; k < blank[1]; k++ {
					b[k] = '.'
				}
				rs := slices.Clone(rows)
				rs[i] = string(b)
				out = append(out, strings.Join(rs, "|"))
			}
		}
	}
	return out
}

// randomRows returns 1 to 3 rows of blanks and dominoes, at most 9
// dominoes in all.
func randomRows(rng *rand.Rand, chars string) string {
	rows := make([]string, 1+rng.IntN(3))
	for i := range rows {
		b := make([]byte, 1+rng.IntN(9/len(rows)))
		for k := range b {
			b[k] = chars[rng.IntN(len(chars))]
		}
		rows[i] = string(b)
	}
	return strings.Join(rows, "|")
}

// TestToppling checks the ruleset against the plain search of CGSuite's
// rules on random positions, grey dominoes and blanks among them.
func TestToppling(t *testing.T) {
	rng := rand.New(rand.NewPCG(53, 1))
	for i := range 300 {
		chars := "lrlre."
		if i%3 == 0 {
			chars = "lr"
		}
		checkPlain(t, topplingDominoes, randomRows(rng, chars), toppleMoves, i%5 == 0)
	}
}

// TestTopplingSplit checks that a position's value is the sum of its
// rows' values and does not change when a row is read backwards or the
// rows are reordered, on random positions.
func TestTopplingSplit(t *testing.T) {
	rng := rand.New(rand.NewPCG(53, 2))
	for range 200 {
		pos := randomRows(rng, "lre.")
		g := checkSplit(t, topplingDominoes, gametest.Parse(t, topplingDominoes, pos), toppleMoves)
		rows := strings.Split(pos, "|")
		for i := range rows {
			if rng.IntN(2) == 0 {
				b := []byte(rows[i])
				slices.Reverse(b)
				rows[i] = string(b)
			}
		}
		rng.Shuffle(len(rows), func(i, j int) { rows[i], rows[j] = rows[j], rows[i] })
		image := strings.Join(rows, "|")
		if h := value(t, topplingDominoes, image); !h.Equal(g) {
			t.Fatalf("%s = %v but its image %s = %v", pos, g, image, h)
		}
		if h := plainValue(t, image, toppleMoves); !h.Equal(g) {
			t.Fatalf("%s = %v but the plain search values its image %s at %v", pos, g, image, h)
		}
	}
}

// TestTopplingValues checks the published value and values worked by
// hand.
func TestTopplingValues(t *testing.T) {
	for _, c := range []struct{ pos, want string }{
		// cgt-tools' test of Toppling Dominoes (toppling_dominoes.rs,
		// github.com/t4ccer/cgt-tools), x for l and o for r.
		{"lrrll", "{1|*}"},
		// Worked by hand from the rules: a row of one colour is an
		// integer, LR is {0,-1|0,1} = *, LRL is {*,0|1} = 1/2 and LLR
		// the switch {1|0}.
		{"llll", "4"},
		{"rrr", "-3"},
		{"lr", "*"},
		{"lrl", "1/2"},
		{"llr", "{1|0}"},
		// Grey dominoes: a row of n moves to a row of each shorter
		// length, so it is the heap of Nim *n.
		{"eeeee", "*5"},
		// A sum of rows, and blanks, which CGSuite topples through.
		{"lr|lr", "0"},
		{"l..r|.l.", "1*"},
		{".....|..", "0"},
	} {
		want, err := partizan.NewCalculator(nil).Parse(context.Background(), c.want)
		if err != nil {
			t.Fatal(err)
		}
		if g := value(t, topplingDominoes, c.pos); !g.Equal(want) {
			t.Errorf("%q = %v, want %v", c.pos, g, want)
		}
	}
}

func TestTopplingBadInput(t *testing.T) {
	for _, s := range []string{"", "lx", "l r", "LR", "lré", strings.Repeat("l", maxDominoes+1)} {
		_, err := topplingDominoes.Parse(s)
		if !errors.Is(err, games.ErrInput) {
			t.Errorf("%q: %v, want ErrInput", s, err)
		}
	}
	_, err := topplingDominoes.Parse("lrl|lrx")
	if err == nil || !strings.Contains(err.Error(), "offset 6") {
		t.Errorf("lrl|lrx: %v, want offset 6 named", err)
	}
	if r := gametest.Lookup(t, "toppling-dominoes"); r.Name() != "toppling-dominoes" {
		t.Errorf("Lookup gives %s", r.Name())
	}
}

// FuzzToppling checks that Parse never panics, that a position read back
// is itself, and that its options read back.
func FuzzToppling(f *testing.F) {
	for _, s := range []string{"lrrll", "l.e|r", "", "|", "x", "ee|ee|"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := topplingDominoes.Parse(s)
		if err != nil {
			if !errors.Is(err, games.ErrInput) {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		if p.String() != s {
			t.Fatalf("%q reads back as %q", s, p.String())
		}
		for _, who := range []games.Player{games.Left, games.Right} {
			for _, o := range p.Options(who) {
				if q, err := topplingDominoes.Parse(o.String()); err != nil || q.String() != o.String() || len(o.String()) != len(s) {
					t.Fatalf("%q: the option %q reads back as %v, %v", s, o, q, err)
				}
			}
		}
	})
}
