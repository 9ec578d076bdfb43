package grid

import (
	"context"
	"errors"
	"fmt"
	"github.com/nimbers/grundy/outcome"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/partizan/loopy"
)

func foxValue(t *testing.T, r FoxAndGeese, s string) string {
	t.Helper()
	geese, fox, err := ParseFoxAndGeese(s)
	if err != nil {
		t.Fatal(err)
	}
	g, err := r.Game(context.Background(), geese, fox, nil)
	if err != nil {
		t.Fatal(err)
	}
	v, err := simplestForm(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	return v.String()
}

// TestFoxAndGeeseCGSuite checks the values CGSuite's own tests give
// (GameTest.scala in github.com/aaron-siegel/cgsuite).
func TestFoxAndGeeseCGSuite(t *testing.T) {
	for _, c := range []struct {
		r    FoxAndGeese
		pos  string
		want string
	}{
		{ClassicFoxAndGeese, "{(4,2),(4,4),(4,6),(4,8)}, (1,1)", "{4*|7/2}"},
		{CeyloneseFoxAndGeese, "{(4,2),(4,4),(4,6),(4,8)}, (1,1)", "{9||4v[on]*|5/2*|||3|5/2*,5/2v||5/2}"},
		{FoxAndGeese{Width: 10, Range: 1}, "{(3,1),(3,3),(3,5),(3,7),(3,9)}, (1,9)", "{6over|5*}"},
		// FoxAndGeese.Table with the geese on row 3.
		{ClassicFoxAndGeese, "{(3,1),(3,3),(3,5),(3,7)}, (2,2)", "2over"},
		{ClassicFoxAndGeese, "{(3,1),(3,3),(3,5),(3,7)}, (2,4)", "2"},
		{ClassicFoxAndGeese, "{(3,1),(3,3),(3,5),(3,7)}, (2,6)", "3*"},
		{ClassicFoxAndGeese, "{(3,1),(3,3),(3,5),(3,7)}, (2,8)", "4over"},
		{ClassicFoxAndGeese, "{(3,1),(3,3),(3,5),(3,7)}, (1,1)", "{6|2over}"},
		{ClassicFoxAndGeese, "{(3,1),(3,3),(3,5),(3,7)}, (1,3)", "{2over|2}"},
		{ClassicFoxAndGeese, "{(3,1),(3,3),(3,5),(3,7)}, (1,5)", "{4|3||2}"},
		{ClassicFoxAndGeese, "{(3,1),(3,3),(3,5),(3,7)}, (1,7)", "{4over|3*}"},
	} {
		if got := foxValue(t, c.r, c.pos); got != c.want {
			t.Errorf("%+v %s = %s, CGSuite gives %s", c.r, c.pos, got, c.want)
		}
	}
}

// foxOutcomes is a plain retrograde search of the positions reachable
// from start: for each position and player to move, whether that player
// wins, loses, or neither can force an end. A position the fox has
// escaped from is lost by the geese whoever moves.
func foxOutcomes(r FoxAndGeese, start foxPosition) map[string][2]int {
	pos := map[string]foxPosition{start.key(): start}
	queue := []foxPosition{start}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if r.escaped(p) {
			continue
		}
		for _, left := range []bool{true, false} {
			for _, q := range r.moves(p, left) {
				if _, ok := pos[q.key()]; !ok {
					pos[q.key()] = q
					queue = append(queue, q)
				}
			}
		}
	}
	// res[k][0] with Left to move, [1] with Right: +1 the mover wins,
	// −1 the mover loses, 0 not yet known (a draw at the end).
	res := map[string][2]int{}
	for k, p := range pos {
		if r.escaped(p) {
			res[k] = [2]int{-1, 1}
		}
	}
	for changed := true; changed; {
		changed = false
		for k, p := range pos {
			if r.escaped(p) {
				continue
			}
			cur := res[k]
			for side, left := range []bool{true, false} {
				if cur[side] != 0 {
					continue
				}
				win, allLost := false, true
				for _, q := range r.moves(p, left) {
					o := res[q.key()][1-side]
					win = win || o == -1
					allLost = allLost && o == 1
				}
				switch {
				case win:
					cur[side], changed = 1, true
				case allLost:
					cur[side], changed = -1, true
				}
			}
			res[k] = cur
		}
	}
	return res
}

// TestFoxAndGeeseOutcomes checks Play on the value of every position
// reachable from small starts against the plain search.
func TestFoxAndGeeseOutcomes(t *testing.T) {
	for _, c := range []struct {
		r   FoxAndGeese
		pos string
	}{
		{FoxAndGeese{Width: 4, Range: 1}, "{(3,1),(3,3)}, (1,1)"},
		{FoxAndGeese{Width: 4, Range: 2}, "{(4,2),(4,4)}, (1,3)"},
		{FoxAndGeese{Width: 6, Range: 1}, "{(3,1),(3,3),(3,5)}, (1,3)"},
	} {
		geese, fox, err := ParseFoxAndGeese(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		start := foxPosition{geese, fox}
		want := foxOutcomes(c.r, start)
		checked := 0
		for _, p := range reachable(c.r, start) {
			g, err := c.r.Game(context.Background(), p.geese, p.fox, nil)
			if err != nil {
				t.Fatal(err)
			}
			cls, err := loopy.Play(g)
			if err != nil {
				t.Fatal(err)
			}
			lf, rf := cls.LeftFirst(), cls.RightFirst()
			w := want[p.key()]
			// Left first: Left wins when the mover wins; Right first: Left
			// wins when the mover loses.
			wantLF, wantRF := asResult(w[0], outcome.LeftWins, outcome.RightWins), asResult(w[1], outcome.RightWins, outcome.LeftWins)
			if lf != wantLF || rf != wantRF {
				t.Fatalf("%+v %v: Play gives %v, %v; the search %v, %v", c.r, p, lf, rf, wantLF, wantRF)
			}
			checked++
		}
		if checked < 20 {
			t.Errorf("%s: only %d positions", c.pos, checked)
		}
	}
}

func asResult(o int, moverWins, moverLoses outcome.Result) outcome.Result {
	switch o {
	case 1:
		return moverWins
	case -1:
		return moverLoses
	}
	return outcome.Draw
}

func reachable(r FoxAndGeese, start foxPosition) []foxPosition {
	seen := map[string]bool{start.key(): true}
	out := []foxPosition{start}
	for i := 0; i < len(out); i++ {
		if r.escaped(out[i]) {
			continue
		}
		for _, left := range []bool{true, false} {
			for _, q := range r.moves(out[i], left) {
				if !seen[q.key()] {
					seen[q.key()] = true
					out = append(out, q)
				}
			}
		}
	}
	return out
}

func TestFoxAndGeeseBadInput(t *testing.T) {
	for _, s := range []string{"", "{(3,1)}", "{(3,1)}, (1,2)", "{(3,2)}, (1,1)", "{(3,1),(3,1)}, (1,1)", "{}, (1,1)", "{(0,2)}, (1,1)", "{(3,11)}, (1,1)", "{(3,1)}, (3,1)", "{(3,1) (3,3)}, (1,1)", "{(99999999999,1)}, (1,1)"} {
		geese, fox, err := ParseFoxAndGeese(s)
		if err == nil {
			_, err = ClassicFoxAndGeese.Game(context.Background(), geese, fox, nil)
		}
		if !errors.Is(err, games.ErrInput) {
			t.Errorf("%q: %v, want ErrInput", s, err)
		}
	}
}

func FuzzParseFoxAndGeese(f *testing.F) {
	f.Add("{(4,2),(4,4),(4,6),(4,8)}, (1,1)")
	f.Add("{(3,1)}, (1,1)")
	f.Fuzz(func(t *testing.T, s string) {
		geese, fox, err := ParseFoxAndGeese(s)
		if err != nil {
			if !errors.Is(err, games.ErrInput) {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		if len(geese) > 4 || len(geese) > 0 && ClassicFoxAndGeese.bound(geese) > 1<<16 {
			return
		}
		if _, err := ClassicFoxAndGeese.Game(context.Background(), geese, fox, nil); err != nil && !errors.Is(err, games.ErrInput) {
			t.Fatalf("%q: %v", s, err)
		}
	})
}

// TestFoxAndGeeseBound checks that the bound Game refuses by is never
// below the positions a search reaches, on random boards.
func TestFoxAndGeeseBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 1))
	for range 200 {
		r := FoxAndGeese{Width: 2 + rng.IntN(7), Range: 1 + rng.IntN(2)}
		seen := map[Square]bool{}
		var geese []Square
		for len(geese) < 1+rng.IntN(4) {
			s := Square{Row: 1 + rng.IntN(7), Col: 1 + rng.IntN(r.Width)}
			if (s.Row+s.Col)%2 != 0 || seen[s] {
				continue
			}
			seen[s] = true
			geese = append(geese, s)
		}
		fox := Square{Row: 1, Col: 1}
		if seen[fox] {
			continue
		}
		start := foxPosition{geese, fox}
		slices.SortFunc(start.geese, cmpSquare)
		if n, b := len(reachable(r, start)), r.bound(start.geese); float64(n) > b {
			t.Fatalf("%+v %v: %d positions, bound %g", r, start, n, b)
		}
	}
}

// TestFoxAndGeeseRefusal checks that a start too large to explore is
// refused before any position is visited.
func TestFoxAndGeeseRefusal(t *testing.T) {
	geese := []Square{{1 << 20, 2}, {1 << 20, 4}, {1 << 20, 6}, {1 << 20, 8}}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := ClassicFoxAndGeese.Game(ctx, geese, Square{1, 1}, nil)
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
