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

// herdMoves is Elephants and Rhinos square by square: an elephant 't'
// steps right into an empty square, a rhino 'f' left.
func herdMoves(pos string, left bool) []string {
	var out []string
	for i := range len(pos) {
		to := i + 1
		if !left {
			to = i - 1
		}
		if to < 0 || to >= len(pos) || pos[to] != '.' || (left && pos[i] != 't') || (!left && pos[i] != 'f') {
			continue
		}
		b := []byte(pos)
		b[i], b[to] = b[to], b[i]
		out = append(out, string(b))
	}
	return out
}

// randomStrip returns a strip of 1 to n squares of chars.
func randomStrip(rng *rand.Rand, n int, chars string) string {
	b := make([]byte, 1+rng.IntN(n))
	for i := range b {
		b[i] = chars[rng.IntN(len(chars))]
	}
	return string(b)
}

// mirror returns pos read backwards with the sides swapped: its
// negative.
func mirror(pos, swap string) string {
	b := []byte(pos)
	for i, j := 0, len(b)-1; i <= j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	r := strings.NewReplacer(swap[:1], swap[1:2], swap[1:2], swap[:1], swap[2:3], swap[3:4], swap[3:4], swap[2:3])
	return r.Replace(string(b))
}

// TestElephants checks the ruleset against the plain search on random
// strips, and that a strip's value is the sum of its pieces' and the
// negative of its mirror image's.
func TestElephants(t *testing.T) {
	rng := rand.New(rand.NewPCG(53, 3))
	for i := range 300 {
		pos := randomStrip(rng, 12, "tf..")
		checkPlain(t, elephantsAndRhinosRules, pos, herdMoves, i%5 == 0)
		g := checkSplit(t, elephantsAndRhinosRules, gametest.Parse(t, elephantsAndRhinosRules, pos), herdMoves)
		m := mirror(pos, "tfft")
		if h := value(t, elephantsAndRhinosRules, m); !h.Equal(g.Neg()) {
			t.Fatalf("%s = %v, its mirror image %s = %v", pos, g, m, h)
		}
	}
}

// TestElephantsValues checks CGSuite's value of tttt..fff
// (GameStripTest.scala's ElephantsAndRhinos, github.com/aaron-siegel/
// cgsuite), values worked by hand, the same values from Toads and Frogs
// with no jumps (ToadsAndFrogs.Game), and a long strip of lone pieces,
// which only the special engine reaches.
func TestElephantsValues(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct{ pos, want string }{
		{"tttt..fff", "1"},
		{"t.f", "*"},
		{"f..t", "0"},
		{"..t..t", "2"},
		{"f.f..", "-1"},
		{"t..f", "0"},
	} {
		want, _ := partizan.NewCalculator(nil).Parse(context.Background(), c.want)
		if g := value(t, elephantsAndRhinosRules, c.pos); !g.Equal(want) {
			t.Errorf("%q = %v, want %v", c.pos, g, want)
		}
		g, err := elephantsAndRhinos.game(ctx, c.pos, nil)
		if err != nil {
			t.Fatal(err)
		}
		if s, err := simplestForm(ctx, g); err != nil || s.String() != want.String() {
			t.Errorf("%q: Toads and Frogs with no jumps gives %v %v, want %v", c.pos, s, err, want)
		}
	}
	// 10 rhinos with 55 steps left, then 1000 elephants with 500 500.
	long := strings.Repeat(".f", 10) + strings.Repeat("t.", 1000)
	if g := value(t, elephantsAndRhinosRules, long); !g.Equal(partizan.Number(partizan.Int(500500 - 55))) {
		t.Errorf("10 rhinos and 1000 elephants: %v", g)
	}
}

func TestElephantsBadInput(t *testing.T) {
	for _, s := range []string{"", "tx", "TF", strings.Repeat(".", maxSquares+1)} {
		if _, err := elephantsAndRhinosRules.Parse(s); !errors.Is(err, games.ErrInput) {
			t.Errorf("%q: %v, want ErrInput", s, err)
		}
	}
	if _, err := elephantsAndRhinosRules.Parse("t.fx"); err == nil || !strings.Contains(err.Error(), "offset 3") {
		t.Errorf("t.fx: %v, want offset 3 named", err)
	}
}

// FuzzElephants checks that Parse never panics, reads a strip back as
// itself, and that the pieces of a short strip sum to its value.
func FuzzElephants(f *testing.F) {
	for _, s := range []string{"tttt..fff", "f.t", "", "x", "t.f.t.f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := elephantsAndRhinosRules.Parse(s)
		if err != nil {
			if !errors.Is(err, games.ErrInput) {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		if p.String() != s {
			t.Fatalf("%q reads back as %q", s, p.String())
		}
		if len(s) <= 10 {
			checkSplit(t, elephantsAndRhinosRules, p, herdMoves)
		}
	})
}

// reachable returns how many positions the plain moves reach from pos.
func reachable(pos string, m mover) int {
	seen := map[string]bool{pos: true}
	todo := []string{pos}
	for len(todo) > 0 {
		p := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		for _, left := range []bool{true, false} {
			for _, q := range m(p, left) {
				if !seen[q] {
					seen[q] = true
					todo = append(todo, q)
				}
			}
		}
	}
	return len(seen)
}

// TestBounds checks that the bounds the estimates count are never below
// the positions the plain searches reach, on random strips and rows of
// a slope; and that they are exact on a piece whose creatures face each
// other with one square between.
func TestBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(53, 5))
	for range 300 {
		pos := randomStrip(rng, 12, "tf..")
		if n, b := reachable(pos, herdMoves), orderBound(pos); float64(n) > b {
			t.Fatalf("%s: %d strips reached, bound %g", pos, n, b)
		}
		row := randomStrip(rng, 10, "lr...")
		if n, b := reachable(row, skiMoves), rowBound(row); float64(n) > b {
			t.Fatalf("ski-jumps %s: %d rows reached, bound %g", row, n, b)
		}
	}
	if n, b := reachable("t.f", herdMoves), orderBound("t.f"); float64(n) != b {
		t.Errorf("t.f: %d strips reached, bound %g", n, b)
	}
}
