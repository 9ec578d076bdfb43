package strip

import (
	"context"
	"errors"
	"fmt"
	"github.com/nimbers/grundy/outcome"
	"math/rand/v2"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/partizan/loopy"
)

// TestCGSuiteValues checks the values CGSuite's own tests give
// (GameStripTest.scala in github.com/aaron-siegel/cgsuite).
func TestCGSuiteValues(t *testing.T) {
	for _, c := range []struct {
		r         toadsAndFrogs
		pos, want string
	}{
		{classic, "ttttt..fffff", "+-{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}|||v<2>|-1/2||-1*}|||0}}"},
		{toadsAndFrogs{Jump: 2}, "tttt..fff", "{1/2*|v}"},
		{elephantsAndRhinos, "tttt..fff", "1"},
	} {
		g, err := c.r.game(context.Background(), c.pos, nil)
		if err != nil {
			t.Fatal(err)
		}
		v, err := simplestForm(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		if got := v.String(); got != c.want {
			t.Errorf("%+v %s = %s, CGSuite gives %s", c.r, c.pos, got, c.want)
		}
	}
}

// outcomes is a plain retrograde search of the positions reachable from
// start: for each position and player to move, +1 when the mover wins,
// −1 when the mover loses, 0 for a draw.
func outcomes(r toadsAndFrogs, start string) map[string][2]int {
	pos := []string{start}
	seen := map[string]bool{start: true}
	for i := 0; i < len(pos); i++ {
		for _, left := range []bool{true, false} {
			for _, q := range r.Moves(pos[i], left) {
				if !seen[q] {
					seen[q] = true
					pos = append(pos, q)
				}
			}
		}
	}
	res := map[string][2]int{}
	for changed := true; changed; {
		changed = false
		for _, p := range pos {
			cur := res[p]
			for side, left := range []bool{true, false} {
				if cur[side] != 0 {
					continue
				}
				win, allLost := false, true
				for _, q := range r.Moves(p, left) {
					o := res[q][1-side]
					win = win || o == -1
					allLost = allLost && o == 1
				}
				if win {
					cur[side], changed = 1, true
				} else if allLost {
					cur[side], changed = -1, true
				}
			}
			res[p] = cur
		}
	}
	return res
}

// TestOutcomesAgainstSearch checks Play on the value of every position
// reachable from a few starts against the plain search, draws included.
func TestOutcomesAgainstSearch(t *testing.T) {
	draws := 0
	for _, c := range []struct {
		r   toadsAndFrogs
		pos string
	}{{backsliding, "tt..ff"}, {backsliding, "t.t.f.f"}, {backsliding, "tf..t"}, {classic, "ttt..fff"}, {toadsAndFrogs{Jump: 2}, "tt.ff."}} {
		want := outcomes(c.r, c.pos)
		for p, w := range want {
			g, err := c.r.game(context.Background(), p, nil)
			if err != nil {
				t.Fatal(err)
			}
			cls, err := loopy.Play(g)
			lf, rf := cls.LeftFirst(), cls.RightFirst()
			if err != nil {
				t.Fatal(err)
			}
			res := func(o int, moverWins, moverLoses outcome.Result) outcome.Result {
				switch o {
				case 1:
					return moverWins
				case -1:
					return moverLoses
				}
				draws++
				return outcome.Draw
			}
			wl, wr := res(w[0], outcome.LeftWins, outcome.RightWins), res(w[1], outcome.RightWins, outcome.LeftWins)
			if lf != wl || rf != wr {
				t.Fatalf("%+v %s: Play gives %v, %v; the search %v, %v", c.r, p, lf, rf, wl, wr)
			}
		}
	}
	if draws == 0 {
		t.Error("no draws: the backsliding positions test nothing loopy")
	}
}

// TestBackslidingSides checks the sides of ttt..fff, which is not a
// stopper, against CGSuite's: {on||0|-1/2} & {1/2|0||off}
// (CgscriptTest.scala in github.com/aaron-siegel/cgsuite). Sidling does
// not settle here (some followers have sides with cycles of their own,
// as under = {pass|0} is the onside of {pass|pass,0}).
func TestBackslidingSides(t *testing.T) {
	g, err := backsliding.game(context.Background(), "ttt..fff", nil)
	if err != nil {
		t.Fatal(err)
	}
	if g.IsStopper() {
		t.Fatal("ttt..fff is a stopper")
	}
	on, off, err := loopy.Sides(context.Background(), g, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := loopy.SidedText(on, off, 1000); got != "{on||0|-1/2} & {1/2|0||off}" {
		t.Errorf("ttt..fff = %s, CGSuite gives {on||0|-1/2} & {1/2|0||off}", got)
	}
}

func TestBadInput(t *testing.T) {
	for _, s := range []string{"", "tx", "TT..FF", string(make([]byte, 65))} {
		if _, err := classic.game(context.Background(), s, nil); !errors.Is(err, games.ErrInput) {
			t.Errorf("%q: %v, want ErrInput", s, err)
		}
	}
	if _, err := (toadsAndFrogs{Jump: -1}).game(context.Background(), "t.f", nil); !errors.Is(err, games.ErrInput) {
		t.Errorf("a jump of −1: %v", err)
	}
}

func FuzzParse(f *testing.F) {
	f.Add("ttt..fff")
	f.Add("t.f")
	f.Fuzz(func(t *testing.T, s string) {
		if err := parseStrip(s); err != nil {
			if !errors.Is(err, games.ErrInput) {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		if len(s) > 8 {
			return
		}
		if _, err := backsliding.game(context.Background(), s, nil); err != nil {
			t.Fatalf("%q: %v", s, err)
		}
	})
}

// TestBound checks that the bound Game refuses by is never below the
// positions a search reaches, on random strips.
func TestBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 2))
	for range 300 {
		b := make([]byte, 1+rng.IntN(9))
		for i := range b {
			b[i] = ".tf"[rng.IntN(3)]
		}
		pos := string(b)
		r := toadsAndFrogs{Jump: rng.IntN(3), Backsliding: rng.IntN(2) == 0}
		if n, bound := len(outcomes(r, pos)), r.bound(pos); float64(n) > bound {
			t.Fatalf("%+v %s: %d positions, bound %g", r, pos, n, bound)
		}
	}
	if got := backsliding.bound("tt..ff"); got != 90 {
		t.Errorf("backsliding tt..ff: bound %g, want 6!/(2!2!2!) = 90", got)
	}
}

// TestRefusal checks that a strip too large to explore is refused
// before any position is visited.
func TestRefusal(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := backsliding.game(ctx, "tttttttttt..........ffffffffff", nil)
	var tl *budget.TooLargeError
	if !errors.As(err, &tl) || tl.Estimate <= tl.Limit {
		t.Fatalf("%v, want a refusal with an estimate", err)
	}
}

// simplestForm returns the simplest form of the stopper g: a stopper
// is both its sides, in simplest form.
func simplestForm(ctx context.Context, g loopy.Game) (loopy.Game, error) {
	if !g.IsStopper() {
		return loopy.Game{}, fmt.Errorf("%v is not a stopper", g)
	}
	s, _, err := loopy.Sides(ctx, g, nil)
	return s, err
}
