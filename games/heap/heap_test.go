package heap

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/sg"
)

// position is a multiset of heaps, sorted, zero-padded: a position of the
// whole game for the brute-force search.
type position [12]uint8

// searchGame plays g on multisets of heaps by the rules alone, without the
// heap-by-heap decomposition.
func searchGame(g *Game) sg.GameFunc[position] {
	return func(p position, buf []position) []position {
		for i, h := range p {
			if h == 0 || (i > 0 && p[i-1] == h) {
				continue // each heap size once
			}
			for heaps := range g.Moves(int(h)) {
				var hs []int
				for j, x := range p {
					if j != i && x != 0 {
						hs = append(hs, int(x))
					}
				}
				hs = append(hs, heaps...)
				slices.SortFunc(hs, func(a, b int) int { return b - a })
				var q position
				for j, x := range hs {
					q[j] = uint8(x)
				}
				buf = append(buf, q)
			}
		}
		return buf
	}
}

func mustCode(t *testing.T, code string) *Game {
	t.Helper()
	g, err := ParseCode(code)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestValuesAgainstSearch(t *testing.T) {
	var games []*Game
	for _, c := range []string{"0.77", "0.07", "0.137", "4.7", "0.4", "0.51", "0.6", "0.007", "0.3f", "0.f", "8.0"} {
		games = append(games, mustCode(t, c))
	}
	for _, s := range []string{"1,3,4", "2,5", "all-but:1", "all-but:2,3", "all-but:"} {
		g, err := ParseSubtraction(s)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	games = append(games, GrundysGame())
	for _, g := range games {
		const n = 11
		v, err := g.Values(t.Context(), n, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := sg.NewSolver[position](searchGame(g), nil)
		for h := range n {
			var p position
			p[0] = uint8(h)
			want, err := s.Value(t.Context(), p)
			if err != nil {
				t.Fatal(err)
			}
			if v[h] != want {
				t.Fatalf("%s: G(%d) = %d, search of the game gives %d", g.Name(), h, v[h], want)
			}
		}
		// Two heaps: the value is the nim-sum (Sprague–Grundy).
		for a := 1; a < 6; a++ {
			for b := 1; b <= a; b++ {
				p := position{uint8(a), uint8(b)}
				want, _ := s.Value(t.Context(), p)
				if v[a]^v[b] != want {
					t.Fatalf("%s: heaps %d+%d: %d, search %d", g.Name(), a, b, v[a]^v[b], want)
				}
			}
		}
	}
}

func TestPublishedSequences(t *testing.T) {
	// Grundy's game, OEIS A002188.
	want := []uint64{0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0}
	if v, _ := GrundysGame().Values(t.Context(), len(want), nil); !slices.Equal(v, want) {
		t.Errorf("Grundy's game: %v", v)
	}
	// Kayles (0.77): period 12 after 70 (Guy and Smith, 1956; Winning
	// Ways ch. 4). Dawson's Kayles (0.07): period 34, preperiod 53.
	// Dawson's Chess 0.137 is Dawson's Kayles shifted by one.
	for _, c := range []struct {
		code     string
		per, pre int
	}{{"0.77", 12, 71}, {"0.07", 34, 53}, {"0.137", 34, 52}} {
		v, err := mustCode(t, c.code).Values(t.Context(), 2000, nil)
		if err != nil {
			t.Fatal(err)
		}
		p, ok := mustCode(t, c.code).Period(v)
		if !ok || p.Period != c.per || p.Preperiod != c.pre || !p.Proven || p.Saltus != 0 {
			t.Errorf("%s: period %+v, want period %d preperiod %d, proven", c.code, p, c.per, c.pre)
		}
	}
	kayles, _ := mustCode(t, "0.77").Values(t.Context(), 100, nil)
	dk, _ := mustCode(t, "0.07").Values(t.Context(), 101, nil)
	dc, _ := mustCode(t, "0.137").Values(t.Context(), 100, nil)
	if !slices.Equal(dc, dk[1:]) {
		t.Error("0.137 is not 0.07 shifted by one")
	}
	if kayles[70] == kayles[82] {
		t.Error("Kayles: G(70) should be an exceptional value")
	}
}

func TestPeriodicFillMatchesDirect(t *testing.T) {
	// Filling by the proven period gives the values the rules give.
	for _, code := range []string{"0.77", "0.07", "0.51", "4.7"} {
		g := mustCode(t, code)
		filled, err := g.Values(t.Context(), 5000, nil)
		if err != nil {
			t.Fatal(err)
		}
		c := newCalc(g)
		var direct []uint64
		for range 3000 {
			direct = append(direct, c.next(direct))
		}
		if !slices.Equal(filled[:3000], direct) {
			t.Fatalf("%s: the periodic fill differs from the direct values", code)
		}
	}
}

func TestSubtractionPeriods(t *testing.T) {
	g, _ := ParseSubtraction("1,3,4")
	// 0 1 0 1 2 3 2 | 0 1 0 1: the window of max(S) = 4 values at 0
	// repeats at 7, so 11 terms prove period 7; a trailing run that grows
	// by 1 is no saltus, since the values are at most |S|.
	for _, n := range []int{11, 14, 15, 20, 1000} {
		v, _ := g.Values(t.Context(), n, nil)
		p, ok := g.Period(v)
		if !ok || p.Period != 7 || p.Preperiod != 0 || p.Saltus != 0 || !p.Proven {
			t.Errorf("{1,3,4} to %d terms: %+v %v", n, p, ok)
		}
	}
	if v, _ := g.Values(t.Context(), 10, nil); true {
		if p, ok := g.Period(v); ok && p.Proven {
			t.Errorf("{1,3,4} to 10 terms: %+v proven from too few terms", p)
		}
	}
	// Nim: G(n) = n, arithmetic-periodic with saltus 1, not proven.
	nim, _ := ParseSubtraction("all-but:")
	v, _ := nim.Values(t.Context(), 300, nil)
	for i, x := range v {
		if x != uint64(i) {
			t.Fatalf("Nim G(%d) = %d", i, x)
		}
	}
	p, ok := nim.Period(v)
	if !ok || p.Period != 1 || p.Saltus != 1 || p.Proven {
		t.Errorf("Nim: %+v", p)
	}
}

// TestArithmeticPeriods checks the periods with a saltus that
// Game.Period observes: 0.3f (remove one to three tokens, or split the
// heap into two by removing any number) is 0 1 2 0 1 2 3 4 5 3 4 5 …,
// period 6 and saltus 3 from the start, at every length the search
// sees, though the last values are a run of +1s that reads as period 1,
// saltus 1 on its own; and every period reported for random hexadecimal
// codes holds by definition, G(n + p) = G(n) + s, over all the terms.
func TestArithmeticPeriods(t *testing.T) {
	g := mustCode(t, "0.3f")
	far := directValues(g, 1200)
	for i := range 6 {
		if want := uint64(i%3 + 3*(i/6)); far[i] != want {
			t.Fatalf("0.3f: G(%d) = %d, want %d", i, far[i], want)
		}
	}
	for n := 18; n <= len(far); n += 1 + n/8 {
		p, ok := g.Period(far[:n])
		if !ok || p.Period != 6 || p.Preperiod != 0 || p.Saltus != 3 {
			t.Errorf("0.3f to %d terms: %+v %v, want period 6 saltus 3", n, p, ok)
		}
	}
	r := rand.New(rand.NewPCG(55, 3))
	for range 200 {
		code := "0."
		for range 1 + r.IntN(3) {
			code += string("0123456789abcdef"[r.IntN(16)])
		}
		g := mustCode(t, code)
		v := directValues(g, 300)
		p, ok := g.Period(v)
		if !ok {
			continue
		}
		for i := p.Preperiod; i+p.Period < len(v); i++ {
			if v[i+p.Period] != v[i]+p.Saltus {
				t.Fatalf("%s: %+v, but G(%d) = %d, G(%d) = %d", code, p, i, v[i], i+p.Period, v[i+p.Period])
			}
		}
	}
}

// TestPeriodProofs checks every period Game.Period calls proven against
// values computed directly far past the terms it saw: random subtraction
// sets (the window theorem) and octal codes (Guy–Smith); and that games
// without a theorem (Grundy's game, three-heap codes) never claim one.
func TestPeriodProofs(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	for range 300 {
		var g *Game
		if r.IntN(2) == 0 {
			set := make([]int, 1+r.IntN(4))
			for i := range set {
				set[i] = 1 + r.IntN(9)
			}
			g, _ = newSubtraction(set, false)
		} else {
			code := "0."
			for range 1 + r.IntN(3) {
				code += string("01234567"[r.IntN(8)])
			}
			g, _ = ParseCode(code)
		}
		far := directValues(g, 3000)
		for _, n := range []int{5, 12, 30, 100} {
			p, ok := g.Period(far[:n])
			if !ok || !p.Proven {
				continue
			}
			for i := p.Preperiod; i+p.Period < len(far); i++ {
				if far[i+p.Period] != far[i] {
					t.Fatalf("%s: period %d from %d proven on %d terms, but G(%d) = %d, G(%d) = %d",
						g.Name(), p.Period, p.Preperiod, n, i, far[i], i+p.Period, far[i+p.Period])
				}
			}
		}
	}
	for _, g := range []*Game{GrundysGame(), mustCode(t, "0.8"), mustCode(t, "0.f")} {
		v := directValues(g, 400)
		if p, ok := g.Period(v); ok && p.Proven {
			t.Errorf("%s: %+v proven with no theorem", g.Name(), p)
		}
	}
}

// TestParseErrors checks that the parsers refuse malformed games with
// input errors.
func TestParseErrors(t *testing.T) {
	for _, c := range []string{"", "0", "077", "0.", "0.7g", "00.77", "1.7", "0.7.7", "x.7", "2.1"} {
		if _, err := ParseCode(c); !errors.Is(err, games.ErrInput) {
			t.Errorf("code %q: %v, want an input error", c, err)
		}
	}
	for _, s := range []string{"", "0", "1,,2", "a", "-1", "all-but:x"} {
		if _, err := ParseSubtraction(s); !errors.Is(err, games.ErrInput) {
			t.Errorf("subtraction %q: %v, want an input error", s, err)
		}
	}
	if _, err := ParseGame("chess"); !errors.Is(err, games.ErrInput) {
		t.Errorf("game chess: %v, want an input error", err)
	}
	if g, err := ParseCode(".77"); err != nil || g.maxRemove() != 2 {
		t.Error(".77")
	}
}

func TestWorkBudget(t *testing.T) {
	_, err := GrundysGame().Values(t.Context(), 100000, &budget.Options{Limit: 1e6})
	if !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("budget: %v", err)
	}
	// Treblecross shows no period and is dense: 3000 terms cost about
	// 1.4·10^5 option evaluations as they are counted (6.6·10^4 below heap
	// denseFrom, then the split scans at a thirty-second), over a budget
	// of 10^5, and are computed without a budget. 0.F splits into three
	// heaps, where no theorem can end the computation early: 400 terms
	// (about 1.8·10^6) are refused up front under the same budget.
	for _, c := range []struct {
		code  string
		n     int
		early bool
	}{{"0.007", 3000, false}, {"0.F", 400, true}} {
		g, _ := ParseCode(c.code)
		_, err := g.Values(t.Context(), c.n, &budget.Options{Limit: 1e5})
		if !errors.Is(err, budget.ErrTooLarge) || strings.Contains(err.Error(), "no period proven") == c.early {
			t.Errorf("%s to %d with a budget of 10^5: %v", c.code, c.n, err)
		}
		v, err := g.Values(t.Context(), c.n, &budget.Options{Limit: -1})
		if err != nil || len(v) != c.n {
			t.Fatalf("%s without a budget: %d values, %v", c.code, len(v), err)
		}
		checkByMoves(t, g, v)
	}
}

// checkByMoves checks values against the mex of the options that Moves
// lists, a separate path from the value loop of Values.
func checkByMoves(t *testing.T, g *Game, v []uint64) {
	t.Helper()
	for h := range v {
		var opts []uint64
		for parts := range g.Moves(h) {
			var x uint64
			for _, p := range parts {
				x ^= v[p]
			}
			opts = append(opts, x)
		}
		if m := sg.Mex(opts); m != v[h] {
			t.Fatalf("%s: G(%d) = %d, mex of the listed moves %d", g.Name(), h, v[h], m)
		}
	}
}

func FuzzParseCode(f *testing.F) {
	for _, s := range []string{"0.77", "4.7", ".137", "0.f", "0.", "1.2", "8.0", "0.123456789abcdef"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		g, err := ParseCode(code)
		if err != nil {
			return
		}
		v, err := g.Values(t.Context(), 30, &budget.Options{Limit: 1e7})
		if err != nil || len(v) != 30 {
			t.Fatalf("%q: %v", code, err)
		}
		checkByMoves(t, g, v)
	})
}

func FuzzParseSubtraction(f *testing.F) {
	for _, s := range []string{"1,3,4", "all-but:", "all-but:2,5", "7", "1,,2", "-1", "0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		g, err := ParseSubtraction(spec)
		if err != nil {
			return
		}
		v, err := g.Values(t.Context(), 60, nil)
		if err != nil || len(v) != 60 {
			t.Fatalf("%q: %v", spec, err)
		}
		checkByMoves(t, g, v)
	})
}

// TestTotalWork checks the closed form of the work estimate against the
// sum it stands for.
func TestTotalWork(t *testing.T) {
	games := []*Game{mustCode(t, "0.77"), mustCode(t, "0.f7"), mustCode(t, "4.07"), GrundysGame(), Nim()}
	sub, _ := ParseSubtraction("1,3,4")
	games = append(games, sub)
	for _, g := range games {
		for _, n := range []int{0, 1, 2, 7, 100, 1001} {
			var want float64
			for m := range n {
				want += g.work(m)
			}
			if got := g.totalWork(n); math.Abs(got-want) > 1e-9*max(1, want) {
				t.Errorf("%s to %d: %g, the sum gives %g", g.Name(), n, got, want)
			}
		}
	}
}

// TestNimHeaps checks Nim's heaps, valued without a table, against the
// definition by the game's moves, and that a heap of 2^32 tokens costs
// nothing.
func TestNimHeaps(t *testing.T) {
	nim := Nim()
	hs, err := nim.Heaps(t.Context(), 0, 1, 5, 12)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range hs {
		if h.Value() != uint64(h.Size()) || !h.TerminalAtZero() {
			t.Fatalf("heap %d: value %d", h.Size(), h.Value())
		}
		for target := range uint64(14) {
			got, _ := h.MovesTo(t.Context(), target)
			want := 0
			for parts := range nim.Moves(h.Size()) {
				if len(parts) == 0 && target == 0 || len(parts) == 1 && uint64(parts[0]) == target {
					want++
				}
			}
			if len(got) != want {
				t.Fatalf("heap %d: %d moves to %d (%v), the rules give %d", h.Size(), len(got), target, got, want)
			}
			for _, m := range got {
				s := m.(Split)
				if len(s.Parts) == 0 && target != 0 || len(s.Parts) == 1 && uint64(s.Parts[0]) != target {
					t.Fatalf("heap %d: move %v does not reach %d", h.Size(), s, target)
				}
			}
		}
	}
	big, err := nim.Heaps(t.Context(), 1<<32, 5)
	if err != nil || big[0].Value() != 1<<32 {
		t.Fatalf("a heap of 2^32: %v", err)
	}
	if ms, _ := big[0].MovesTo(t.Context(), 5); len(ms) != 1 || ms[0].(Split).Parts[0] != 5 {
		t.Fatalf("2^32 to 5: %v", ms)
	}
}
