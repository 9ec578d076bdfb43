package strip

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/internal/gametest"
	"github.com/nimbers/grundy/partizan"
)

// skiMoves is Ski-Jumps as Winning Ways tells it, on rows separated by
// '|': a skier of the mover's slides its way (Left's right, Right's left)
// into any empty square it reaches past empty ones, or off the slope; a
// jumper (capital) jumps down over an opponent just below it onto the
// empty square below that, and the opponent becomes a slipper.
func skiMoves(pos string, left bool) []string {
	rows := strings.Split(pos, "|")
	mine, theirs, dir := "Ll", "Rr", 1
	if !left {
		mine, theirs, dir = "Rr", "Ll", -1
	}
	var out []string
	play := func(set map[[2]int]byte) {
		b := make([][]byte, len(rows))
		for y := range rows {
			b[y] = []byte(rows[y])
		}
		for at, c := range set {
			b[at[0]][at[1]] = c
		}
		s := make([]string, len(b))
		for y := range b {
			s[y] = string(b[y])
		}
		out = append(out, strings.Join(s, "|"))
	}
	for y, row := range rows {
		for x := range len(row) {
			c := row[x]
			if !strings.ContainsRune(mine, rune(c)) {
				continue
			}
			for nx := x + dir; ; nx += dir {
				if nx < 0 || nx >= len(row) {
					play(map[[2]int]byte{{y, x}: '.'})
					break
				}
				if row[nx] != '.' {
					break
				}
				play(map[[2]int]byte{{y, x}: '.', {y, nx}: c})
			}
			if c == mine[0] && y+2 < len(rows) && strings.ContainsRune(theirs, rune(rows[y+1][x])) && rows[y+2][x] == '.' {
				play(map[[2]int]byte{{y, x}: '.', {y + 1, x}: theirs[1], {y + 2, x}: c})
			}
		}
	}
	return out
}

// randomSlope returns a slope of up to 4 rows of up to 5 squares with
// up to 5 skiers; every other one has a jumper in row 1 and an opponent
// in row 2, so that jumps happen.
func randomSlope(rng *rand.Rand) string {
	h, w := 1+rng.IntN(4), 1+rng.IntN(5)
	jumpy := rng.IntN(2) == 0
	if jumpy {
		h = 3 + rng.IntN(2)
	}
	b := []byte(strings.Repeat(".", h*w))
	for range rng.IntN(6) {
		b[rng.IntN(len(b))] = "LlRrLR"[rng.IntN(6)]
	}
	if jumpy {
		k := rng.IntN(2)
		b[rng.IntN(w)] = "LR"[k]
		b[w+rng.IntN(w)] = "rlRL"[k+2*rng.IntN(2)]
	}
	rows := make([]string, h)
	for y := range rows {
		rows[y] = string(b[y*w : (y+1)*w])
	}
	return strings.Join(rows, "|")
}

// skiMirror returns pos with each row read backwards and the sides
// swapped: its negative.
func skiMirror(pos string) string {
	rows := strings.Split(pos, "|")
	for y := range rows {
		rows[y] = mirror(rows[y], "LRlr")
	}
	return strings.Join(rows, "|")
}

// TestSkiJumps checks the ruleset against the plain search on random
// slopes, and that a slope's value is the sum of its parts' and the
// negative of its mirror image's.
func TestSkiJumps(t *testing.T) {
	rng := rand.New(rand.NewPCG(53, 4))
	for i := range 400 {
		pos := randomSlope(rng)
		checkPlain(t, skiJumps, pos, skiMoves, i%8 == 0)
		g := checkSplit(t, skiJumps, gametest.Parse(t, skiJumps, pos), skiMoves)
		m := skiMirror(pos)
		if h := value(t, skiJumps, m); !h.Equal(g.Neg()) {
			t.Fatalf("%s = %v, its mirror image %s = %v", pos, g, m, h)
		}
	}
}

// TestSkiJumpsValues checks the values of Winning Ways' Ski-Jumps
// positions (ch. 1) as cgt-tools' tests give them (ski_jumps.rs,
// github.com/t4ccer/cgt-tools), and a long row of one side's skiers,
// which only the special engine values.
func TestSkiJumpsValues(t *testing.T) {
	for _, c := range []struct{ pos, want string }{
		{"...L....|..R.....|........", "2"},
		{"........|...l....|.......R|........|......L.", "-1"},
		{".L...|.R...|.....", "5/2"},
		{"...R.|...L.|.....", "-5/2"},
		{"L....|....R|.....", "1/2"},
		{"L....|R....|.....", "9/2"},
		{"L....|....R|l....", "5"},
		// 32 slippers a square apart on 64 squares: 64+62+…+2 steps.
		{strings.Repeat("l.", 32), "1056"},
	} {
		want, err := partizan.NewCalculator(nil).Parse(context.Background(), c.want)
		if err != nil {
			t.Fatal(err)
		}
		if g := value(t, skiJumps, c.pos); !g.Equal(want) {
			t.Errorf("%q = %v, want %v", c.pos, g, want)
		}
	}
}

func TestSkiJumpsBadInput(t *testing.T) {
	for _, s := range []string{"", "L.|R", "L|x", "|", strings.Repeat(".", maxSlope+1), strings.Repeat(".|", maxSlope) + "."} {
		if _, err := skiJumps.Parse(s); !errors.Is(err, games.ErrInput) {
			t.Errorf("%q: %v, want ErrInput", s, err)
		}
	}
	if _, err := skiJumps.Parse("L..|.x."); err == nil || !strings.Contains(err.Error(), "offset 5") {
		t.Errorf("L..|.x.: %v, want offset 5 named", err)
	}
}

// FuzzSkiJumps checks that Parse never panics, reads a slope back as
// itself, and that the parts of a small slope sum to its value.
func FuzzSkiJumps(f *testing.F) {
	for _, s := range []string{"L....|R....|.....", "l.r", "", "L|", "x", "LR|rl|.."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := skiJumps.Parse(s)
		if err != nil {
			if !errors.Is(err, games.ErrInput) {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		if p.String() != s {
			t.Fatalf("%q reads back as %q", s, p.String())
		}
		if len(s) <= 12 && strings.Count(s, ".") >= len(s)-5 {
			checkSplit(t, skiJumps, p, skiMoves)
		}
	})
}
