package grid

import (
	"context"
	"errors"
	"github.com/nimbers/grundy/internal/gametest"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/outcome"
	"github.com/nimbers/grundy/partizan"
	"github.com/nimbers/grundy/partizan/loopy"
	"github.com/nimbers/grundy/sg"
)

// randomBoard returns a rows × cols board of rule g: each square filled
// with probability 1/4, and in Clobber a stone of either colour.
func randomBoard(rng *rand.Rand, g rule, rows, cols int) *cells {
	b := &cells{rows: uint8(rows), cols: uint8(cols)}
	for i := range rows * cols {
		bit := uint64(1) << i
		switch {
		case rng.IntN(4) == 0:
		case g != clobber:
			b.empty |= bit
		case rng.IntN(2) == 0:
			b.black |= bit
		default:
			b.white |= bit
		}
	}
	if g == clobber {
		b.empty = fullMask(rows*cols) &^ (b.black | b.white)
	}
	return b
}

// at reports whether (r, c) is on b and in m.
func at(b *cells, m uint64, r, c int) bool {
	return r >= 0 && c >= 0 && r < int(b.rows) && c < int(b.cols) && m>>(r*int(b.cols)+c)&1 == 1
}

// plainClobber values a Clobber board by its rules written out square by
// square: no components, no symmetry.
func plainClobber(t *testing.T, b *cells) *partizan.Game {
	memo := map[[2]uint64]*partizan.Game{}
	var value func(x, o uint64) *partizan.Game
	value = func(x, o uint64) *partizan.Game {
		if g, ok := memo[[2]uint64{x, o}]; ok {
			return g
		}
		var sides [2][]*partizan.Game
		for r := range int(b.rows) {
			for c := range int(b.cols) {
				for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					from, to := uint64(1)<<(r*int(b.cols)+c), uint64(0)
					if at(b, ^uint64(0), r+d[0], c+d[1]) {
						to = 1 << ((r+d[0])*int(b.cols) + c + d[1])
					}
					if x&from != 0 && o&to != 0 {
						sides[0] = append(sides[0], value(x&^from|to, o&^to))
					}
					if o&from != 0 && x&to != 0 {
						sides[1] = append(sides[1], value(x&^to, o&^from|to))
					}
				}
			}
		}
		g, err := partizan.New(sides[0], sides[1])
		if err != nil {
			t.Fatal(err)
		}
		memo[[2]uint64{x, o}] = g
		return g
	}
	return value(b.black, b.white)
}

// plainCram finds the Grundy value of a Cram board by the mex of its
// options, square by square.
func plainCram(b *cells) uint64 {
	memo := map[uint64]uint64{}
	var value func(e uint64) uint64
	value = func(e uint64) uint64 {
		if v, ok := memo[e]; ok {
			return v
		}
		var opts []uint64
		for r := range int(b.rows) {
			for c := range int(b.cols) {
				i := r*int(b.cols) + c
				if at(b, e, r, c) && at(b, e, r+1, c) {
					opts = append(opts, value(e&^(1<<i|1<<(i+int(b.cols)))))
				}
				if at(b, e, r, c) && at(b, e, r, c+1) {
					opts = append(opts, value(e&^(3<<i)))
				}
			}
		}
		v := sg.Mex(opts)
		memo[e] = v
		return v
	}
	return value(b.empty)
}

// TestDomineeringEngines checks the Domineering search behind the
// ruleset, and the engine's generic search, against plainDomineering on
// random boards.
func TestDomineeringEngines(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(5, 1))
	generic := games.NewEngine(DomineeringRules, nil)
	generic.Generic = true
	special := games.NewEngine(DomineeringRules, nil)
	for range 300 {
		rows, cols := 1+rng.IntN(5), 1+rng.IntN(5)
		if rows*cols > 20 {
			continue
		}
		b := randomBoard(rng, domineering, rows, cols)
		p := gametest.Parse(t, DomineeringRules, b.String())
		want := plainDomineering(&Board{rows, cols, b.empty})
		for _, e := range []*games.Engine{generic, special} {
			g, err := e.Canonical(ctx, p)
			if err != nil || !g.Equal(want) {
				t.Fatalf("%s (generic %v): %v %v, want %v", p, e.Generic, g, err, want)
			}
		}
	}
	// 5×5 empty: a second-player win (Breuker, Uiterwijk and van den Herik).
	big := games.NewEngine(DomineeringRules, &budget.Options{Limit: 1 << 22})
	big.Generic = true
	g, err := big.Canonical(ctx, gametest.Parse(t, DomineeringRules, ".....|.....|.....|.....|....."))
	if err != nil || !g.Equal(partizan.Zero) {
		t.Errorf("5×5: %v %v", g, err)
	}
}

// TestCram checks Cram's Grundy values against plainCram and against the
// impartial variant of Domineering, and the symmetry strategies: a board
// with both sides even is a second-player win, one with one side even
// and one odd a first-player win.
func TestCram(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(5, 2))
	e := games.NewEngine(CramRules, nil)
	variant := games.NewEngine(games.ImpartialVariant(DomineeringRules), nil)
	variant.Generic = true
	for range 300 {
		rows, cols := 1+rng.IntN(4), 1+rng.IntN(5)
		if rows*cols > 16 {
			continue
		}
		b := randomBoard(rng, cram, rows, cols)
		want := plainCram(b)
		got, err := e.Grundy(ctx, gametest.Parse(t, CramRules, b.String()))
		if err != nil || got != want {
			t.Fatalf("%s: %d %v, mex gives %d", b, got, err, want)
		}
		q := gametest.Parse(t, games.ImpartialVariant(DomineeringRules), b.String())
		if v, err := variant.Grundy(ctx, q); err != nil || v != want {
			t.Fatalf("%s: the impartial variant of Domineering gives %d %v, want %d", b, v, err, want)
		}
	}
	for rows := 1; rows <= 4; rows++ {
		for cols := rows; rows*cols <= 20; cols++ {
			p := gametest.Parse(t, CramRules, strings.TrimSuffix(strings.Repeat(strings.Repeat(".", cols)+"|", rows), "|"))
			v, err := e.Grundy(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			if rows%2 == 0 && cols%2 == 0 && v != 0 || (rows+cols)%2 == 1 && v == 0 {
				t.Errorf("%d×%d Cram: *%d", rows, cols, v)
			}
		}
	}
}

// TestClobber checks Clobber's canonical forms against plainClobber on
// random boards, and against values and outcomes CGSuite and MCGS
// publish.
func TestClobber(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(5, 3))
	e := games.NewEngine(ClobberRules, nil)
	for range 300 {
		rows, cols := 1+rng.IntN(4), 1+rng.IntN(5)
		b := randomBoard(rng, clobber, rows, cols)
		if bits.OnesCount64(b.black|b.white) > 11 {
			continue
		}
		p := gametest.Parse(t, ClobberRules, b.String())
		want := plainClobber(t, b)
		g, err := e.Canonical(ctx, p)
		if err != nil || !g.Equal(want) {
			t.Fatalf("%s: %v %v, want %v", p, g, err, want)
		}
		o, err := e.Outcome(ctx, p)
		if want := want.Outcome(); err != nil || o != want {
			t.Fatalf("%s: outcome %v %v, want %v", p, o, err, want)
		}
	}
	// CGSuite 2.1.1's values, from the tests of MCGS
	// (github.com/ualberta-mueller-group/MCGS, cgt_tests/clobber).
	for _, c := range []struct{ board, want string }{
		{".ooo|xxxo|oo.o|xxxx", "0"},
		{".ooo|xoo.|xxox|xoxx", "{^^*|0,*}"},
		{"oo.x|xoxx|xoox|x.oo", "vv*"},
		{"oooo|x..x|ooxx|xxxo", "*"},
		{"xoxx|xxo.|oo.o|ooxx", "{^^|v}"},
		{"xxoo|oxo.|oxxx|oox.", "0"},
		{"oxxo|xo.o|xooo|x.xx", "{0,v*|0,*}"},
		{"xoxooo|xxxoox", "v*"},
		{"oxxxoo|ooxoxx", "v"},
		{"ooxoxx|xxooox", "^"},
		{"xxooox|oxxoox", "{^^*|v*}"},
		{"xxxoxo|ooxxoo", "^*"},
		{"xooxox|xxooox", "{^3|*}"},
		{"ooxoxx|oooxxx", "+-{0,^*}"},
	} {
		want, err := partizan.NewCalculator(nil).Parse(context.Background(), c.want)
		if err != nil {
			t.Fatal(err)
		}
		g, err := e.Canonical(ctx, gametest.Parse(t, ClobberRules, c.board))
		if err != nil || !g.Equal(want) {
			t.Errorf("%s: %v %v, CGSuite gives %v", c.board, g, err, want)
		}
	}
	// Outcomes from MCGS's clobber tests.
	for _, c := range []struct {
		board string
		want  outcome.Class
	}{
		{"xxo|...|oox", outcome.P}, {"xo|xo", outcome.P}, {"xoxo|....|xo..|..xo|....|xoxo", outcome.P},
		{"xo..|....|xxxo", outcome.L}, {"xo..|....|ooox|....", outcome.R}, {"x|o|.|x", outcome.N},
		{"xo|ox", outcome.N}, {"xox|oxo|xox", outcome.N},
	} {
		o, err := e.Outcome(ctx, gametest.Parse(t, ClobberRules, c.board))
		if err != nil || o != c.want {
			t.Errorf("%s: %v %v, MCGS gives %v", c.board, o, err, c.want)
		}
	}
}

// TestKeys checks that the keys of a board's images agree as the rules'
// symmetries say, and transpose against its definition.
func TestKeys(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 4))
	for range 2000 {
		rows, cols := 1+rng.IntN(8), 1+rng.IntN(8)
		if rng.IntN(4) == 0 {
			rows, cols = 1+rng.IntN(3), 1+rng.IntN(21)
		}
		if rows*cols > MaxCells {
			continue
		}
		g := rule(rng.IntN(3))
		b := randomBoard(rng, g, rows, cols)
		n := rows * cols
		naive := func(m uint64) uint64 {
			var out uint64
			for i := range n {
				if m>>i&1 == 1 {
					out |= 1 << ((i%cols)*rows + i/cols)
				}
			}
			return out
		}
		if got, want := transpose(b.empty, rows, cols), naive(b.empty); got != want {
			t.Fatalf("transpose of %x (%d×%d): %x, want %x", b.empty, rows, cols, got, want)
		}
		key := string(b.appendKey(nil, g))
		if want := string(naiveKey(b, g)); key != want {
			t.Fatalf("rule %d: %s has key %x, want %x", g, b, key, want)
		}
		image := func(f func(uint64) uint64, r, c int) *cells {
			return &cells{rows: uint8(r), cols: uint8(c), black: f(b.black), white: f(b.white), empty: f(b.empty)}
		}
		flipR := func(m uint64) uint64 { return flipRows(m, rows, cols) }
		half := func(m uint64) uint64 { return turn(m, n) }
		for _, x := range []*cells{image(flipR, rows, cols), image(half, rows, cols)} {
			if k := string(x.appendKey(nil, g)); k != key {
				t.Fatalf("rule %d: %s and %s have keys %x and %x", g, b, x, key, k)
			}
		}
		tr := image(func(m uint64) uint64 { return transpose(m, rows, cols) }, cols, rows)
		if same := string(tr.appendKey(nil, g)) == key; g != domineering && !same {
			t.Fatalf("rule %d: %s and its transpose %s have different keys", g, b, tr)
		}
	}
}

// naiveKey returns b's key under rule g by its definition: of the
// images of its masks under the symmetries the rule keeps, each moved
// square by square, the least (by the first mask, then the second), with
// its rows and columns, and the masks' bytes; the images keep the rows
// rows, or are transposed to make them at most the columns when the rule
// allows it.
func naiveKey(b *cells, g rule) []byte {
	rows, cols := int(b.rows), int(b.cols)
	x, y, two := b.keyMasks(g)
	var best []uint64 // rows, cols, the two masks
	for s := range 8 {
		tr := s&4 != 0
		if tr && (!g.transposes() || rows < cols) || !tr && g.transposes() && rows > cols {
			continue
		}
		r2, c2 := rows, cols
		if tr {
			r2, c2 = cols, rows
		}
		move := func(m uint64) uint64 {
			var out uint64
			for i := range rows * cols {
				if m>>i&1 == 0 {
					continue
				}
				r, c := i/cols, i%cols
				if s&1 != 0 {
					r = rows - 1 - r
				}
				if s&2 != 0 {
					c = cols - 1 - c
				}
				if tr {
					r, c = c, r
				}
				out |= 1 << (r*c2 + c)
			}
			return out
		}
		a, z := move(x), move(y)
		if best == nil || a < best[2] || a == best[2] && z < best[3] {
			best = []uint64{uint64(r2), uint64(c2), a, z}
		}
	}
	out := []byte{byte(best[0]), byte(best[1])}
	nb := (rows*cols + 7) / 8
	masks := best[2:3]
	if two {
		masks = best[2:]
	}
	for _, m := range masks {
		for i := range nb {
			out = append(out, byte(m>>(8*i)))
		}
	}
	return out
}

// TestCutcakeRuleset checks the ruleset's sums of cakes, valued by the
// Cutcake table and by the generic search, against the rule of Winning
// Ways.
func TestCutcakeRuleset(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(5, 5))
	generic := games.NewEngine(CutcakeRules, nil)
	generic.Generic = true
	special := games.NewEngine(CutcakeRules, nil)
	for range 100 {
		var parts []string
		want := int64(0)
		for range 1 + rng.IntN(3) {
			h, w := 1+rng.IntN(12), 1+rng.IntN(12)
			parts = append(parts, strings.Repeat(" ", rng.IntN(2))+itoa(h)+"x"+itoa(w))
			want += cutcakeRule(h, w)
		}
		p := gametest.Parse(t, CutcakeRules, strings.Join(parts, " "))
		for _, e := range []*games.Engine{generic, special} {
			g, err := e.Canonical(ctx, p)
			if d, ok := g.AsNumber(); err != nil || !ok || d.Cmp(partizan.Int(want)) != 0 {
				t.Fatalf("%s (generic %v): %v %v, want %d", p, e.Generic, g, err, want)
			}
		}
	}
	for _, s := range []string{"", "0x3", "3x", "3x201", "3*4", "2x2 x"} {
		if _, err := CutcakeRules.Parse(s); !errors.Is(err, games.ErrInput) {
			t.Errorf("Parse(%q): %v", s, err)
		}
	}
}

func itoa(n int) string { return partizan.Int(int64(n)).String() }

// TestFoxAndGeeseRuleset checks that the engine's graph of a position
// has the value and the outcome of FoxAndGeese.Game's.
func TestFoxAndGeeseRuleset(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct{ rule, pos string }{
		{"fox-geese", "{(3,1),(3,3),(3,5),(3,7)}, (2,2)"},
		{"fox-geese", "{(3,1),(3,3),(3,5),(3,7)}, (1,5)"},
		{"fox-geese", "{(3,1),(3,3),(3,5),(3,7)}, (1,7)"},
		{"fox-geese", "{(4,2),(4,4),(4,6),(4,8)}, (1,1)"},
		{"fox-geese:ceylonese", "{(3,1),(3,3),(3,5),(3,7)}, (1,3)"},
		{"fox-geese:6,1", "{(3,1),(3,3),(3,5)}, (1,1)"},
		{"fox-geese", "{(3,1)}, (2,2)"}, // escaped at once: off
	} {
		r, err := games.Lookup(c.rule)
		if err != nil {
			t.Fatal(err)
		}
		p := gametest.Parse(t, r, c.pos)
		if back := gametest.Parse(t, r, p.String()); string(back.AppendKey(nil)) != string(p.AppendKey(nil)) {
			t.Fatalf("%s reads back as %s", p, back)
		}
		e := games.NewEngine(r, nil)
		x, err := e.Loopy(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		geese, fox, _ := ParseFoxAndGeese(c.pos)
		want, err := r.(foxRules).r.Game(ctx, geese, fox, nil)
		if err != nil {
			t.Fatal(err)
		}
		xs, err1 := simplestForm(ctx, x)
		ws, err2 := simplestForm(ctx, want)
		if err1 != nil || err2 != nil || xs.String() != ws.String() {
			t.Errorf("%s %s: the engine's graph is %v (%v), Game's %v (%v)", c.rule, c.pos, xs, err1, ws, err2)
		}
		w, err := loopy.Play(want)
		if err != nil {
			t.Fatal(err)
		}
		o, err := e.Outcome(ctx, p)
		if err != nil || o != w {
			t.Errorf("%s %s: outcome %v %v, Game's play gives %v", c.rule, c.pos, o, err, w)
		}
	}
	big, _ := ClassicFoxAndGeese.Rules().Parse("{(20,2),(20,4),(20,6),(20,8),(19,1),(19,3),(19,5),(19,7)}, (1,1)")
	if _, err := games.NewEngine(ClassicFoxAndGeese.Rules(), nil).Graph(context.Background(), big); !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("eight geese on rows 19 and 20: %v", err)
	}
}
