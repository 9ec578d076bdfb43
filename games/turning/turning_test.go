package turning

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/internal/testsize"
	"github.com/nimbers/grundy/nimber"
	"github.com/nimbers/grundy/sg"
)

func mustParse(t testing.TB, name string) *Rule {
	t.Helper()
	r, err := Parse(name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// searchSizes are the lengths to which search (every move enumerated) is
// compared with Values.
var searchSizes = map[string]int{
	"turtles": 80, "mock-turtles": 50, "moebius": 26, "mogul": 20, "gold-moidores": 16,
	"at-most:1": 30, "at-most:4": 30, "at-most:6": 20, "exactly:2": 60, "exactly:3": 40,
	"exactly:4": 30, "exactly:5": 25, "twins": 60, "triplets": 40, "motley": 18,
	"ruler": 300, "runs:squares": 400, "runs:triangular": 400, "runs:1,2,5": 300,
	"runs:3": 100, "ap": 300,
}

func TestSearchMatchesValues(t *testing.T) {
	for name, n := range searchSizes {
		r := mustParse(t, name)
		want, err := r.search(n)
		if err != nil {
			t.Fatalf("%s: search: %v", name, err)
		}
		got, err := r.Values(t.Context(), n, nil)
		if err != nil {
			t.Fatalf("%s: Values: %v", name, err)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s:\nValues %v\nsearch %v", name, got, want)
		}
	}
}

func TestKnownSequences(t *testing.T) {
	// The odious numbers (Mock Turtles) and the closed forms of Winning
	// Ways, ch. 14 (Turning Turtles, Twins, Motley, Ruler).
	cases := map[string][]uint64{
		"mock-turtles": {1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32},
		"turtles":      {1, 2, 3, 4, 5, 6, 7, 8},
		"twins":        {0, 1, 2, 3, 4, 5, 6, 7},
		"motley":       {1, 2, 4, 8, 16, 32},
		"ruler":        {1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16},
	}
	for name, want := range cases {
		got, err := mustParse(t, name).search(len(want))
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("%s: %v %v, want %v", name, got, err, want)
		}
	}
}

// TestRulerLooseFormula records that a closed form for Ruler often quoted
// in contest notes (the largest power of 2 at most x+1) is wrong: the search gives the largest
// power of 2 dividing x+1.
func TestRulerLooseFormula(t *testing.T) {
	g, _ := mustParse(t, "ruler").search(3)
	loose := uint64(1) << (bits.Len64(3) - 1) // x = 2: largest power of 2 ≤ 3
	if g[2] == loose {
		t.Fatalf("ruler G(2) = %d agrees with the loose formula after all", g[2])
	}
}

// TestMockTurtleTheorem checks the Mock Turtle theorem: for t = 2m+1 every
// value is odious, and the values for t = 2m are those for 2m+1 with the
// last bit dropped — shifted by one coin, G_2m(x) = G_2m+1(x+1) >> 1,
// because coin 0 of the odd game plays the part of the even game's
// implicit extra coin. (Stated without the shift, as it often is, it fails
// at x = 0: G_2(0) = 1 but G_3(0) >> 1 = 0.)
func TestMockTurtleTheorem(t *testing.T) {
	for m := 1; m <= 4; m++ {
		even, _ := atMostRule(2*m, "")
		odd, _ := atMostRule(2*m+1, "")
		n := 18
		ge, err := even.search(n)
		if err != nil {
			t.Fatal(err)
		}
		gv, err := odd.Values(t.Context(), n+1, nil)
		if err != nil {
			t.Fatal(err)
		}
		for x := 0; x < n; x++ {
			if bits.OnesCount64(gv[x])%2 != 1 {
				t.Errorf("t=%d: G(%d) = %d is not odious", 2*m+1, x, gv[x])
			}
			if ge[x] != gv[x+1]>>1 {
				t.Errorf("t=%d: G(%d) = %d, but G_%d(%d) >> 1 = %d", 2*m, x, ge[x], 2*m+1, x+1, gv[x+1]>>1)
			}
		}
		if ge[0] == gv[0]>>1 {
			t.Errorf("t=%d: the unshifted form holds at 0", 2*m)
		}
	}
}

// rowGame is a 1-D position as a bitmask, for brute-force search.
func rowGame(r *Rule, n int) sg.Game[uint64] {
	return sg.GameFunc[uint64](func(p uint64, buf []uint64) []uint64 {
		for x := 0; x < n; x++ {
			if p>>x&1 == 0 {
				continue
			}
			r.Moves(x, func(others []int) {
				q := p ^ 1<<x
				for _, y := range others {
					q ^= 1 << y
				}
				buf = append(buf, q)
			})
		}
		return buf
	})
}

// TestPositionsBySearch checks that a position's value is the nim-sum of
// its heads' values, and the winning moves, against a search of whole
// positions.
func TestPositionsBySearch(t *testing.T) {
	const n = 9
	r := rand.New(rand.NewPCG(3, 4))
	for _, name := range []string{"turtles", "mock-turtles", "moebius", "twins", "triplets", "exactly:4", "motley", "ruler", "runs:1,3", "runs:squares", "ap"} {
		rule := mustParse(t, name)
		g, err := rule.Values(t.Context(), n, nil)
		if err != nil {
			t.Fatal(err)
		}
		game := rowGame(rule, n)
		s := sg.NewSolver(game, nil)
		for trial := 0; trial < 40; trial++ {
			p := r.Uint64() & (1<<n - 1)
			heads := make([]bool, n)
			for x := range heads {
				heads[x] = p>>x&1 != 0
			}
			want, err := s.Value(t.Context(), p)
			if err != nil {
				t.Fatal(err)
			}
			if got := rowValue(g, heads); got != want {
				t.Fatalf("%s %b: value %d, search %d", name, p, got, want)
			}
			moves, err := collect(rule.movesTo(t.Context(), g, heads, 0))
			if err != nil {
				t.Fatal(err)
			}
			wantMoves := zeroOptions(t, s, game, p)
			if len(moves) != len(wantMoves) {
				t.Fatalf("%s %b: %d winning moves, search finds %d", name, p, len(moves), len(wantMoves))
			}
			for _, m := range moves {
				q := p
				for _, y := range m {
					q ^= 1 << y
				}
				if v, _ := s.Value(t.Context(), q); v != 0 || p>>m[len(m)-1]&1 == 0 {
					t.Fatalf("%s %b: move %v does not win", name, p, m)
				}
			}
		}
	}
}

// boardGame is a 2-D product position as a bitmask, for brute force.
func boardGame(b *Board, rows, cols int) sg.Game[uint64] {
	return sg.GameFunc[uint64](func(p uint64, buf []uint64) []uint64 {
		for a := 0; a < rows; a++ {
			for c := 0; c < cols; c++ {
				if p>>(a*cols+c)&1 == 0 {
					continue
				}
				if b.acrostic {
					for a2 := 0; a2 < a; a2++ {
						buf = append(buf, p^1<<(a*cols+c)^1<<(a2*cols+c))
					}
					for c2 := 0; c2 < c; c2++ {
						buf = append(buf, p^1<<(a*cols+c)^1<<(a*cols+c2))
					}
					continue
				}
				b.rules[0].Moves(a, func(ra []int) {
					rs := append(slices.Clone(ra), a)
					b.rules[1].Moves(c, func(ca []int) {
						cs := append(slices.Clone(ca), c)
						q := p
						for _, y := range rs {
							for _, z := range cs {
								q ^= 1 << (y*cols + z)
							}
						}
						buf = append(buf, q)
					})
				})
			}
		}
		return buf
	})
}

func TestTartanBySearch(t *testing.T) {
	const rows, cols = 3, 4
	boards := []*Board{TurningCorners(), rugs(), acrosticTwins()}
	for _, pair := range [][2]string{{"turtles", "mock-turtles"}, {"runs:squares", "runs:triangular"}, {"ap", "twins"}, {"ruler", "moebius"}} {
		b, _ := Tartan(mustParse(t, pair[0]), mustParse(t, pair[1]))
		boards = append(boards, b)
	}
	r := rand.New(rand.NewPCG(5, 6))
	for _, b := range boards {
		game := boardGame(b, rows, cols)
		s := sg.NewSolver(game, nil)
		for trial := 0; trial < 30; trial++ {
			p := r.Uint64() & (1<<(rows*cols) - 1)
			c := &Coins{Shape: []int{rows, cols}, Heads: make([]bool, rows*cols)}
			for i := range c.Heads {
				c.Heads[i] = p>>i&1 != 0
			}
			want, err := s.Value(t.Context(), p)
			if err != nil {
				t.Fatal(err)
			}
			got, err := b.Value(t.Context(), c)
			if err != nil || uint64(got) != want {
				t.Fatalf("%s %b: value %d %v, search %d", b.Name(), p, got, err, want)
			}
			moves, err := b.movesTo(t.Context(), c, 0)
			if err != nil {
				t.Fatal(err)
			}
			wantMoves := zeroOptions(t, s, game, p)
			if len(moves) != len(wantMoves) {
				t.Fatalf("%s %b: %d winning moves %v, search finds %d", b.Name(), p, len(moves), moves, len(wantMoves))
			}
			for _, m := range moves {
				q := p
				for _, y := range m[0] {
					for _, z := range m[1] {
						q ^= 1 << (y*cols + z)
					}
				}
				if v, _ := s.Value(t.Context(), q); v != 0 {
					t.Fatalf("%s %b: move %v does not win", b.Name(), p, m)
				}
			}
			checkBoardComponent(t, b, c, s, p)
		}
	}
}

// checkBoardComponent checks the board c (the bit mask p) as a component
// against the search s: the options are the search's, each with the
// searched value, and MovesTo gives the options of each value.
func checkBoardComponent(t *testing.T, b *Board, c *Coins, s *sg.Solver[uint64], p uint64) {
	t.Helper()
	comp, err := b.Component(t.Context(), c)
	if err != nil {
		t.Fatal(err)
	}
	mask := func(c *Coins) uint64 {
		var q uint64
		for i, h := range c.Heads {
			if h {
				q |= 1 << i
			}
		}
		return q
	}
	var got []uint64
	byValue := map[uint64]int{}
	for _, o := range comp.Options() {
		part := o.Parts[0].(*boardPosition)
		q := mask(part.c)
		if want, _ := s.Value(t.Context(), q); part.Value() != want {
			t.Fatalf("%s %b: option %v has value %d, search %d", b.Name(), p, o.Move, part.Value(), want)
		}
		got = append(got, q)
		byValue[part.Value()]++
	}
	want := boardGame(b, c.Shape[0], c.Shape[1]).Options(p, nil)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("%s %b: options %v, search %v", b.Name(), p, got, want)
	}
	for v, n := range byValue {
		if ms, err := comp.MovesTo(t.Context(), v); err != nil || len(ms) != n {
			t.Fatalf("%s %b: %d moves to %d (%v), options show %d", b.Name(), p, len(ms), v, err, n)
		}
	}
}

func TestTurningCornersIsNimProduct(t *testing.T) {
	b := TurningCorners()
	shape := []int{16, 16}
	for a := 0; a < 16; a++ {
		for c := 0; c < 16; c++ {
			v, err := b.coinValueAt(t.Context(), shape, []int{a, c})
			if err != nil || v != nimber.Nimber(a).Mul(nimber.Nimber(c)) {
				t.Fatalf("corners (%d,%d) = %d %v", a, c, v, err)
			}
		}
	}
	l := lightSwitching()
	v, err := l.coinValueAt(t.Context(), []int{8, 8, 8}, []int{3, 5, 7})
	if err != nil || v != nimber.Nimber(3).Mul(5).Mul(7) {
		t.Fatalf("light switching (3,5,7) = %d %v", v, err)
	}
}

func TestLightSwitchingBySearch(t *testing.T) {
	// 2×2×3 box: 12 coins.
	b := lightSwitching()
	shape := []int{2, 2, 3}
	game := sg.GameFunc[uint64](func(p uint64, buf []uint64) []uint64 {
		for i := 0; i < 12; i++ {
			if p>>i&1 == 0 {
				continue
			}
			x, y, z := i/6, i/3%2, i%3
			for x2 := 0; x2 < x; x2++ {
				for y2 := 0; y2 < y; y2++ {
					for z2 := 0; z2 < z; z2++ {
						q := p
						for _, a := range []int{x, x2} {
							for _, bb := range []int{y, y2} {
								for _, c := range []int{z, z2} {
									q ^= 1 << (a*6 + bb*3 + c)
								}
							}
						}
						buf = append(buf, q)
					}
				}
			}
		}
		return buf
	})
	s := sg.NewSolver[uint64](game, nil)
	for p := uint64(0); p < 1<<12; p += 7 {
		c := &Coins{Shape: shape, Heads: make([]bool, 12)}
		for i := range c.Heads {
			c.Heads[i] = p>>i&1 != 0
		}
		want, _ := s.Value(t.Context(), p)
		got, err := b.Value(t.Context(), c)
		if err != nil || uint64(got) != want {
			t.Fatalf("%b: %d %v, search %d", p, got, err, want)
		}
	}
}

// TestCountWinningPE459 checks the published values of Project Euler 459
// (W(1) = 1, W(2) = 0, W(5) = 8, W(100) = 31395) and a direct count of
// winning moves on small boards.
func TestCountWinningPE459(t *testing.T) {
	b, _ := Tartan(mustParse(t, "runs:squares"), mustParse(t, "runs:triangular"))
	for n, want := range map[int]int64{1: 1, 2: 0, 5: 8, 100: 31395} {
		got, err := b.CountWinning(t.Context(), n, nil)
		if err != nil || got.Count != strconv.FormatInt(want, 10) {
			t.Errorf("W(%d) = %v %v, want %d", n, got, err, want)
		}
	}
	for _, bd := range []*Board{b, TurningCorners(), rugs()} {
		for n := 1; n <= 9; n++ {
			c := allHeads(n, n)
			moves, err := bd.movesTo(t.Context(), c, 0)
			if err != nil {
				t.Fatal(err)
			}
			got, err := bd.CountWinning(t.Context(), n, nil)
			if err != nil || got.Count != strconv.Itoa(len(moves)) {
				t.Errorf("%s n=%d: count %v %v, listed %d", bd.Name(), n, got, err, len(moves))
			}
		}
	}
	// W(100) in its text and JSON forms.
	w, err := b.CountWinning(t.Context(), 100, nil)
	var text strings.Builder
	if err != nil {
		t.Fatal(err)
	} else if w.WriteTo(&text); text.String() != "31395\n" {
		t.Errorf("W(100) writes %q", text.String())
	} else if j, err := json.Marshal(w); err != nil || string(j) != `{"winning":"31395"}` {
		t.Errorf("W(100) in JSON: %s %v", j, err)
	}
	l := lightSwitching()
	for n := 1; n <= 5; n++ {
		c := allHeads(n, n, n)
		moves, err := l.movesTo(t.Context(), c, 0)
		if err != nil {
			t.Fatal(err)
		}
		got, err := l.CountWinning(t.Context(), n, nil)
		if err != nil || got.Count != strconv.Itoa(len(moves)) {
			t.Errorf("light switching n=%d: count %v %v, listed %d", n, got, err, len(moves))
		}
	}
}

// allHeads returns a box of the given shape with every coin heads.
func allHeads(shape ...int) *Coins {
	n := 1
	for _, d := range shape {
		n *= d
	}
	c := &Coins{Shape: shape, Heads: make([]bool, n)}
	for i := range c.Heads {
		c.Heads[i] = true
	}
	return c
}

func TestParseErrors(t *testing.T) {
	for _, bad := range []string{"", "turtle", "at-most:0", "at-most:x", "exactly:65", "runs:", "runs:0", "runs:1,,2", "runs:cubes"} {
		if _, err := Parse(bad); !errors.Is(err, games.ErrInput) {
			t.Errorf("Parse(%q): %v, want an input error", bad, err)
		}
	}
	for _, bad := range []string{"", "HT\nH", "HX", "HT\nTT\n\nHT"} {
		if _, err := ParseCoins(bad); !errors.Is(err, games.ErrInput) {
			t.Errorf("ParseCoins(%q): %v, want an input error", bad, err)
		}
	}
	for _, bad := range []string{"HTx", "h", " H"} {
		if _, err := parseRow(bad); !errors.Is(err, games.ErrInput) {
			t.Errorf("ParseRow(%q): %v, want an input error", bad, err)
		}
	}
	c, err := ParseCoins("HT\nTH\n\nTT\nHH\n")
	if err != nil || !slices.Equal(c.Shape, []int{2, 2, 2}) {
		t.Fatalf("3-D board: %v %v", c, err)
	}
	if _, err := TurningCorners().Value(t.Context(), c); !errors.Is(err, games.ErrInput) {
		t.Error("a 3-D board accepted by a 2-D game")
	}
	if _, err := mustParse(t, "motley").Values(t.Context(), 65, nil); err == nil {
		t.Error("motley past 64 coins: no error")
	}
	if _, err := mustParse(t, "mogul").Values(t.Context(), 2000, nil); err == nil {
		t.Error("mogul to 2000: no error")
	}
}

func TestCustom(t *testing.T) {
	// "Turn the head and the coin two to its left, or the head alone":
	// G(x) = mex{0, G(x−2)}, so 1, 1, 2, 2, 1, 1, 2, 2, …
	r := customRule("pairs-at-2", func(x int, emit func([]int)) {
		emit(nil)
		if x >= 2 {
			emit([]int{x - 2})
		}
	})
	got, err := r.Values(t.Context(), 20, nil)
	if err != nil {
		t.Fatal(err)
	}
	for x, v := range got {
		if want := uint64(1 + x/2%2); v != want {
			t.Fatalf("G(%d) = %d, want %d", x, v, want)
		}
	}
	bad := customRule("bad", func(x int, emit func([]int)) { emit([]int{x}) })
	if _, err := bad.Values(t.Context(), 3, nil); err == nil {
		t.Error("a move turning the head twice: no error")
	}
}

func TestFormatSet(t *testing.T) {
	for _, c := range []struct {
		s    []int
		want string
	}{{[]int{0, 3}, "0,3"}, {[]int{2, 3, 4, 5}, "2-5"}, {[]int{1, 2, 7}, "1,2,7"}, {[]int{4}, "4"}} {
		if got := FormatSet(c.s); got != c.want {
			t.Errorf("FormatSet(%v) = %q, want %q", c.s, got, c.want)
		}
	}
}

func ExampleRule_Values() {
	r, _ := Parse("mock-turtles")
	g, _ := r.Values(context.Background(), 10, nil)
	fmt.Println(g)
	// Output: [1 2 4 7 8 11 13 14 16 19]
}

func ExampleBoard_CountWinning() {
	b, _ := Tartan(mustRule("runs:squares"), mustRule("runs:triangular"))
	w, _ := b.CountWinning(context.Background(), 5, nil)
	fmt.Println(w.Count)
	// Output: 8
}

func mustRule(name string) *Rule {
	r, err := Parse(name)
	if err != nil {
		panic(err)
	}
	return r
}

// TestRunsLong checks the blocked run values (whose flag tables grow as
// values pass 64, 128, 256) and the parallel move counts against the
// plain loops over every head and length.
func TestRunsLong(t *testing.T) {
	n := 100000
	if testing.Short() {
		n = 30000
	}
	grew := false
	for _, name := range []string{"runs:squares", "runs:triangular", "runs:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,40,41,90"} {
		r := mustParse(t, name)
		ls := r.lengths(n)
		got, err := r.Values(t.Context(), n, nil)
		if err != nil {
			t.Fatal(err)
		}
		p := make([]uint64, n+1)
		seen := map[uint64]bool{}
		for x := 0; x < n; x++ {
			clear(seen)
			for _, l := range ls {
				if l <= x+1 {
					seen[p[x]^p[x+1-l]] = true
				}
			}
			m := uint64(0)
			for seen[m] {
				m++
			}
			if got[x] != m {
				t.Fatalf("%s: G(%d) = %d, want %d", name, x, got[x], m)
			}
			p[x+1] = p[x] ^ m
			grew = grew || p[x+1] >= 128
		}
		counts, err := r.moveValueCounts(t.Context(), got, maxCountMoves)
		if err != nil {
			t.Fatal(err)
		}
		want := map[uint64]uint64{}
		for i := 1; i <= n; i++ {
			for _, l := range ls {
				if l <= i {
					want[p[i]^p[i-l]]++
				}
			}
		}
		if len(counts) != len(want) {
			t.Fatalf("%s: %d move values, want %d", name, len(counts), len(want))
		}
		for v, c := range want {
			if counts[v] != c {
				t.Fatalf("%s: %d moves of value %d, want %d", name, counts[v], v, c)
			}
		}
	}
	if !grew && !testing.Short() {
		t.Error("no prefix reached 128: the growth of the flag tables went untested")
	}
}

// TestRunTally checks the moves counted while the prefixes are found
// against a separate pass over P per length (countRuns, itself checked
// against the definition in TestRunValues), on rules whose values grow
// the tables several times, rows flushed often (thousands of lengths),
// single counts past 2^16 (few values), and values too wide for the
// tally, which must fall back.
func TestRunTally(t *testing.T) {
	all := func(k int) []int {
		ls := make([]int, k)
		for i := range ls {
			ls[i] = i + 1
		}
		return ls
	}
	rng := rand.New(rand.NewPCG(7, 9))
	sparse := []int{}
	for l := 1; l < 30000; l += 1 + rng.IntN(12) {
		sparse = append(sparse, l)
	}
	cases := []struct {
		name  string
		ls    []int
		n     int
		tally bool // whether the values stay within maxTallyWidth
	}{
		{"squares", mustParse(t, "runs:squares").lengths(200000), 200000, true},
		{"triangular", mustParse(t, "runs:triangular").lengths(100000), 100000, true},
		{"1,2,5", []int{1, 2, 5}, 5000, true},
		// Few values: single entries pass 2^16 unless flushed in time.
		{"1", []int{1}, 300000, true},
		{"1,3", []int{1, 3}, 300000, true},
		{"random", sparse[:maxTallyLengths], 40000, true},
		{"1..300", all(300), 20000, true},
		{"1..4096", all(maxTallyLengths), 9000, false},
	}
	for _, c := range cases {
		p, tl, _ := scanRuns[uint16, uint16](t.Context(), c.ls, c.n, newRunTally(len(c.ls)), nil)
		if (tl != nil) != c.tally {
			t.Errorf("%s: tally kept %v, want %v", c.name, tl != nil, c.tally)
		}
		want, _ := runPrefix[uint16](t.Context(), c.ls, c.n)
		if !slices.Equal(p, want) {
			t.Fatalf("%s: prefixes with counts differ from those with flags", c.name)
		}
		wantCnt := countRuns(want, c.ls)
		_, got, _ := runPrefixCounts[uint16](t.Context(), c.ls, c.n)
		for v := range max(len(got), len(wantCnt)) {
			var g, w uint64
			if v < len(got) {
				g = got[v]
			}
			if v < len(wantCnt) {
				w = wantCnt[v]
			}
			if g != w {
				t.Fatalf("%s: %d moves of value %d, want %d", c.name, g, v, w)
			}
		}
	}
}

// atMostReference computes "at most t" plainly: the sets of nim-sums of
// at most k distinct earlier values as slices of booleans, each value's
// sums added one by one.
func atMostReference(t, n, size int) []uint64 {
	s := make([][]bool, t)
	for k := range s {
		s[k] = make([]bool, size)
		s[k][0] = true
	}
	g := make([]uint64, n)
	for x := range g {
		v := 0
		for s[t-1][v] {
			v++
		}
		g[x] = uint64(v)
		for k := t - 1; k >= 1; k-- {
			for y, in := range s[k-1] {
				if in {
					s[k][y^v] = true
				}
			}
		}
	}
	return g
}

// TestAtMostEngine checks atMostBitmaps (lists of sums while short, passes
// over bitmaps after, the pass into the top set from its mex on) and the
// Mock Turtle theorem's route for odd t against atMostReference, with
// lists that stop at once, early or never.
func TestAtMostEngine(t *testing.T) {
	const size = 1 << 16
	for tt := 2; tt <= 9; tt++ {
		n := 12
		for n < 400 {
			g, err := atMostBitmaps(t.Context(), tt, n+1, limits{bits: 30, listMax: 1 << 22}, nil)
			if err != nil || g[n] >= size/2 {
				break
			}
			n++
		}
		want := atMostReference(tt, n, size)
		for _, listMax := range []int{0, 5, 200, 1 << 22} {
			got, err := atMostBitmaps(t.Context(), tt, n, limits{bits: 30, listMax: listMax}, nil)
			if err != nil {
				t.Fatalf("t=%d, list %d: %v", tt, listMax, err)
			}
			if i := slices.Compare(got, want); i != 0 {
				t.Fatalf("t=%d, list %d, n=%d: %v, want %v", tt, listMax, n, got, want)
			}
		}
		if got, err := atMostValues(t.Context(), tt, n, 0, nil); err != nil || !slices.Equal(got, want) {
			t.Fatalf("t=%d by atMostValues: %v, %v; want %v", tt, got, err, want)
		}
	}
	// Past the bound on bits: the coin whose value reaches it, and the
	// Hamming bound before any work.
	if _, err := atMostBitmaps(t.Context(), 6, 29, limits{bits: 12, listMax: 8}, nil); err == nil || err.Error() != "values reach 2^12 by coin 24" {
		t.Errorf("at-most:6 past 2^12: %v", err)
	}
	if _, err := atMostBitmaps(t.Context(), 6, 1000, limits{bits: 12, listMax: 8}, nil); err == nil || err.Error() != "values pass 2^12 before coin 1000 (Hamming bound)" {
		t.Errorf("at-most:6 to 1000 within 2^12: %v", err)
	}
}

// TestLexicodes checks "at most 6" and Mogul (at most 7) against the codes
// they make: the sets of coins with nim-sum 0 form the lexicode of
// minimum distance 7 (8 for Mogul), whose check bits are the powers of
// two among the values. The first 23 coins of "at most 6" make the
// binary Golay code [23, 12, 7] (11 check bits), the first 24 of Mogul
// the extended Golay code [24, 12, 8] (12); and Bob Jenkins's tables of
// lexicodes end the distance-7 one at (305, 275, 7): 30 check bits at
// 305 coins (burtleburtle.net/bob/math/lexicode.html).
func TestLexicodes(t *testing.T) {
	checkBits := func(g []uint64) int {
		c := 0
		for _, v := range g {
			if v&(v-1) == 0 {
				c++
			}
		}
		return c
	}
	six, _ := atMostRule(6, "")
	g, err := six.Values(t.Context(), 23, nil)
	if err != nil || checkBits(g) != 11 || slices.Max(g) >= 1<<11 {
		t.Errorf("at most 6 on 23 coins: %d check bits (%v), want 11", checkBits(g), err)
	}
	g, err = mustParse(t, "mogul").Values(t.Context(), 24, nil)
	if err != nil || checkBits(g) != 12 || slices.Max(g) >= 1<<12 {
		t.Errorf("mogul on 24 coins: %d check bits (%v), want 12", checkBits(g), err)
	}
	if !testsize.Long {
		return
	}
	g, err = six.Values(t.Context(), 305, nil)
	if err != nil || checkBits(g) != 30 || slices.Max(g) >= 1<<30 {
		t.Errorf("at most 6 on 305 coins: %d check bits (%v), want 30", checkBits(g), err)
	}
}

// TestXorTranslate checks the translation of every tier this CPU runs,
// and the one atMostBitmaps runs, against the definition (bit i of src
// sets bit i ⊕ c of dst, from word from on): for every c and every from on
// bitmaps up to 16 words, and on random ones up to 256 words.
func TestXorTranslate(t *testing.T) {
	tiers := translateTiers()
	tiers["in use"] = xorTranslateOr
	r := rand.New(rand.NewPCG(11, 12))
	check := func(words int, c uint64, from int) {
		src := make([]uint64, words)
		for i := range src {
			src[i] = r.Uint64() & r.Uint64()
		}
		base := make([]uint64, words)
		for i := range base {
			base[i] = r.Uint64() & r.Uint64() & r.Uint64()
		}
		want := slices.Clone(base)
		for i := range 64 * words {
			if j := uint64(i) ^ c; int(j/64) >= from && src[i/64]>>(i%64)&1 != 0 {
				want[j/64] |= 1 << (j % 64)
			}
		}
		for name, f := range tiers {
			got := slices.Clone(base)
			if n := f(got, src, c, from); !slices.Equal(got, want) || n != words-from {
				t.Fatalf("%s: %d words, c = %#x, from %d: wrong result (%d words read)", name, words, c, from, n)
			}
		}
	}
	for words := 1; words <= 16; words *= 2 {
		for c := range uint64(64 * words) {
			for from := range words + 1 {
				check(words, c, from)
			}
		}
	}
	for range 100 {
		words := 32 << r.IntN(4)
		check(words, r.Uint64N(uint64(64*words)), r.IntN(words+1))
	}
}

// TestTranslateTiers logs the tiers of the translation the tests of this
// machine exercise and the one atMostBitmaps runs.
func TestTranslateTiers(t *testing.T) {
	var names []string
	for name := range translateTiers() {
		names = append(names, name)
	}
	slices.Sort(names)
	if !slices.Contains(names, tierGo) || !slices.Contains(names, translateTier) {
		t.Fatalf("tiers %v, atMostBitmaps's %s", names, translateTier)
	}
	t.Logf("translation tiers tested here: %v; atMostBitmaps runs %s", names, translateTier)
}

// TestCoinsRowsApply checks that a board written out reads back the same,
// and that Apply turns exactly the coins of the product of the move's
// sets, and that a winning move applied leaves value 0.
func TestCoinsRowsApply(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for range 200 {
		shape := []int{1 + r.IntN(5), 1 + r.IntN(6)}
		if r.IntN(3) == 0 {
			shape = append([]int{2 + r.IntN(2)}, shape...) // one layer reads back as 2-D
		}
		n := 1
		for _, d := range shape {
			n *= d
		}
		c := &Coins{Shape: shape, Heads: make([]bool, n)}
		for i := range c.Heads {
			c.Heads[i] = r.IntN(2) == 0
		}
		back, err := ParseCoins(c.String())
		if err != nil || !slices.Equal(back.Shape, c.Shape) || !slices.Equal(back.Heads, c.Heads) {
			t.Fatalf("%v: read back as %v, %v", c, back, err)
		}
		m := make(BoardMove, len(shape))
		for d := range m {
			for x := range shape[d] {
				if r.IntN(2) == 0 {
					m[d] = append(m[d], x)
				}
			}
		}
		q, err := c.apply(m)
		if err != nil {
			t.Fatal(err)
		}
		for i := range c.Heads {
			in := true
			for d, x := range c.coord(i) {
				in = in && slices.Contains(m[d], x)
			}
			if (q.Heads[i] != c.Heads[i]) != in {
				t.Fatalf("%v after %v: coin %v turned %v", c, m, c.coord(i), q.Heads[i] != c.Heads[i])
			}
		}
		if len(shape) != 2 {
			continue
		}
		b := TurningCorners()
		moves, err := b.movesTo(t.Context(), c, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range moves {
			q, _ := c.apply(m)
			if v, _ := b.Value(t.Context(), q); v != 0 {
				t.Fatalf("%v: winning move %v leaves value %d", c, m, v)
			}
		}
	}
	if _, err := (&Coins{Shape: []int{2, 2}, Heads: make([]bool, 4)}).apply(BoardMove{{0}, {2}}); err == nil {
		t.Error("a move outside the board was applied")
	}
}

// TestRowMovesTo checks a row as a component of sums: for random rules
// and rows, the moves to each value are exactly the moves of the rule
// (enumerated by Moves, the head a head) that leave that value, as the
// nim-sum of the values over the heads after turning.
func TestRowMovesTo(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	for _, name := range []string{"mock-turtles", "ruler", "twins", "at-most:4", "runs:squares", "ap", "motley"} {
		rule := mustParse(t, name)
		for range 20 {
			heads := make([]bool, 1+r.IntN(12))
			for i := range heads {
				heads[i] = r.IntN(2) == 0
			}
			c, err := rule.rowComponent(t.Context(), heads)
			if err != nil {
				t.Fatal(err)
			}
			g, _ := rule.search(len(heads))
			after := map[uint64][]string{} // value → the moves reaching it
			for x, h := range heads {
				if !h {
					continue
				}
				rule.Moves(x, func(others []int) {
					q := slices.Clone(heads)
					turned := append(slices.Clone(others), x)
					for _, y := range turned {
						q[y] = !q[y]
					}
					v := rowValue(g, q)
					after[v] = append(after[v], Turn(turned).String())
				})
			}
			for target := range uint64(16) {
				ms, err := c.MovesTo(t.Context(), target)
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for _, m := range ms {
					got = append(got, m.String())
				}
				slices.Sort(got)
				want := slices.Clone(after[target])
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Fatalf("%s %v to %d: %v, by enumeration %v", name, heads, target, got, want)
				}
			}
		}
	}
}

// TestRulerMoveCounts checks Ruler's move counts, found through Gray
// codes, against the runs listed one by one, and the estimate of the
// moves of the rules counted by listing against the list.
func TestRulerMoveCounts(t *testing.T) {
	r, _ := Parse("ruler")
	for n := 1; n <= 150; n++ {
		g, err := r.Values(t.Context(), n, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := map[uint64]uint64{}
		for x := range n {
			r.Moves(x, func(others []int) {
				s := g[x]
				for _, y := range others {
					s ^= g[y]
				}
				want[s]++
			})
		}
		got, err := r.moveValueCounts(t.Context(), g, maxCountMoves)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("n = %d: %d move values, want %d", n, len(got), len(want))
		}
		for v, c := range want {
			if got[v] != c {
				t.Fatalf("n = %d: %d moves of value %d, want %d", n, got[v], v, c)
			}
		}
	}
	for _, name := range []string{"mogul", "exactly:4", "ap", "motley", "turtles"} {
		r, _ := Parse(name)
		for _, n := range []int{1, 7, 20} {
			listed := 0
			for x := range n {
				r.Moves(x, func([]int) { listed++ })
			}
			if got := r.moveCount(n); got != float64(listed) {
				t.Errorf("%s to coin %d: estimate %g moves, %d listed", name, n, got, listed)
			}
		}
	}
	if _, err := rugs().CountWinning(t.Context(), maxRulerCount+1, nil); !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("rugs past the limit: %v", err)
	}
	if r, _ := Parse("mogul"); true {
		g := make([]uint64, 2000)
		if _, err := r.moveValueCounts(t.Context(), g, maxCountMoves); !errors.Is(err, budget.ErrTooLarge) {
			t.Errorf("mogul to coin 2000: %v", err)
		}
	}
}

// TestAtMostGrowth recomputes atMostGrowth: for each even t, the values
// of "turn 1 to t coins" first reach 2^20, 2^21, … at the coins listed,
// the last of which reaches the bitmaps' bound, and one coin more is
// refused at once. The default run checks t ≥ 20 (about half a second
// each), the long run all.
func TestAtMostGrowth(t *testing.T) {
	for tt, g := range atMostGrowth {
		if g == nil || (tt < 20 && !testsize.Long) {
			continue
		}
		lim := atMostLimits(tt)
		if growth(tt, lim) == nil {
			t.Errorf("t=%d: the table does not end at the bitmaps' bound 2^%d", tt, lim.bits)
			continue
		}
		last := g[len(g)-1]
		v, err := atMostBitmaps(t.Context(), tt, last+1, lim, nil)
		if err != nil {
			t.Errorf("t=%d to coin %d: %v", tt, last, err)
			continue
		}
		top := uint64(0)
		j := 0
		for x, y := range v {
			top = max(top, y)
			for ; j < len(g) && top >= 1<<(growthBits+j); j++ {
				if g[j] != x {
					t.Errorf("t=%d: coin %d is the first to reach 2^%d, the table says %d", tt, x, growthBits+j, g[j])
				}
			}
		}
		if j != len(g) {
			t.Errorf("t=%d: the values to coin %d reach 2^%d only", tt, last, growthBits+j-1)
		}
		want := fmt.Sprintf("values reach 2^%d by coin %d", lim.bits, last)
		if _, err := atMostBitmaps(t.Context(), tt, last+2, lim, nil); err == nil || err.Error() != want {
			t.Errorf("t=%d to coin %d: %v, want %q", tt, last+1, err, want)
		}
	}
}

// TestBitmapWords checks Values' estimate for the bitmaps against the
// values themselves: at each coin the bitmaps hold 2^B bits, B the bits of
// the largest value so far, and the estimate must be at least what those
// sizes cost, and within twice it once the values pass 2^20.
func TestBitmapWords(t *testing.T) {
	for _, c := range []struct{ t, n int }{{4, 700}, {6, 120}, {8, 60}, {10, 40}, {12, 30}, {24, 20}} {
		lim := atMostLimits(c.t)
		v, err := atMostBitmaps(t.Context(), c.t, c.n, lim, nil)
		if err != nil {
			t.Fatal(err)
		}
		want, top := 0.0, uint64(0)
		for x, y := range v[:c.n-1] {
			top = max(top, y)
			want += float64(x) + (float64(c.t)-2.5)*math.Ldexp(1, max(bits.Len64(top)-6, 0))
		}
		got := bitmapWords(c.t, c.n)
		if got < want || (top >= 1<<growthBits && got > 2*want) {
			t.Errorf("t=%d, %d coins: estimate %.4g words, the values' sizes give %.4g", c.t, c.n, got, want)
		}
	}
}

// collect returns the moves of a sequence, or its error.
func collect(seq iter.Seq2[[]int, error]) ([][]int, error) {
	var out [][]int
	for m, err := range seq {
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// TestValuesBudget checks that Values refuses at once what its estimate
// puts past the limit, runs what it puts within, and stops when its
// context is cancelled; and that a caller may stop ranging over the
// winning moves early.
func TestValuesBudget(t *testing.T) {
	for _, c := range []struct {
		rule string
		n    int
	}{{"ap", 30000}, {"runs:squares", 1 << 26}, {"runs:triangular", 1 << 26}, {"exactly:4", 6000}, {"at-most:4", 3000}, {"mogul", 330}} {
		r := mustRule(c.rule)
		start := time.Now()
		_, err := r.Values(t.Context(), c.n, nil)
		var tl *budget.TooLargeError
		if !errors.As(err, &tl) || tl.Estimate <= tl.Limit {
			t.Errorf("%s to %d coins: %v, want a refusal with its estimate", c.rule, c.n, err)
		}
		t.Logf("%s to %d coins refused in %v: %v", c.rule, c.n, time.Since(start), err)
		if _, err := r.Values(t.Context(), 100, &budget.Options{Limit: r.valuesCost(100)}); err != nil {
			t.Errorf("%s to 100 coins within its estimate: %v", c.rule, err)
		}
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	for _, name := range []string{"ap", "runs:squares", "mogul", "at-most:4"} {
		if _, err := mustRule(name).Values(ctx, 300, nil); !errors.Is(err, context.Canceled) {
			t.Errorf("%s, cancelled: %v", name, err)
		}
	}
	r := mustRule("ap")
	heads := make([]bool, 300)
	for i := range heads {
		heads[i] = true
	}
	g, err := r.Values(t.Context(), len(heads), nil)
	if err != nil {
		t.Fatal(err)
	}
	all, err := collect(r.movesTo(t.Context(), g, heads, 0))
	if err != nil || len(all) < 2 {
		t.Fatalf("ap, 300 heads: %d winning moves, %v", len(all), err)
	}
	seen := 0
	for m, err := range r.movesTo(t.Context(), g, heads, 0) {
		if err != nil || !slices.Equal(m, all[seen]) {
			t.Fatalf("move %d: %v, %v; want %v", seen, m, err, all[seen])
		}
		if seen++; seen == 2 {
			break
		}
	}
	if _, err := collect(r.movesTo(ctx, g, heads, 0)); !errors.Is(err, context.Canceled) {
		t.Errorf("winning moves, cancelled: %v", err)
	}
}

// TestBitmapBytes checks the memory estimate of at-most rules against
// the bitmaps a run holds: t of them, as wide as the largest value before
// the last coin needs. The estimate must cover them and stay within
// twice them and the lists.
func TestBitmapBytes(t *testing.T) {
	for _, c := range []struct{ k, n int }{{4, 700}, {6, 90}, {8, 45}, {10, 30}, {16, 22}} {
		v, err := atMostBitmaps(t.Context(), c.k, c.n, atMostLimits(c.k), nil)
		if err != nil {
			t.Fatal(err)
		}
		top := slices.Max(v[:c.n-1])
		held := float64(c.k) * math.Ldexp(1, max(bits.Len64(top), 6)) / 8
		est := bitmapBytes(c.k, c.n)
		lists := float64(c.k) * 8 * min(atMostListMax, math.Ldexp(1, bits.Len64(top)))
		if est < held || est > 2*held+lists {
			t.Errorf("at-most:%d to %d coins: estimate %g bytes, bitmaps %g", c.k, c.n, est, held)
		}
	}
}

// zeroOptions returns the options of p of value 0, by the plain solver.
func zeroOptions[G sg.Game[uint64]](t *testing.T, s *sg.Solver[uint64], game G, p uint64) []uint64 {
	t.Helper()
	var out []uint64
	for _, q := range game.Options(p, nil) {
		v, err := s.Value(t.Context(), q)
		if err != nil {
			t.Fatal(err)
		}
		if v == 0 {
			out = append(out, q)
		}
	}
	return out
}
