package grid

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/internal/gametest"
	"github.com/nimbers/grundy/outcome"
	"github.com/nimbers/grundy/partizan"
	"github.com/nimbers/grundy/sg"
)

// A plainBoard is a board as the plain search of the tests plays it:
// its squares row by row, as the notation writes them.
type plainBoard struct {
	rows, cols int
	sq         []byte
}

// readPlain reads a board written in the notation, rows split by '|'.
func readPlain(s string) plainBoard {
	rows := strings.Split(s, "|")
	return plainBoard{len(rows), len(rows[0]), []byte(strings.Join(rows, ""))}
}

func (b plainBoard) String() string {
	var rows []string
	for r := range b.rows {
		rows = append(rows, string(b.sq[r*b.cols:(r+1)*b.cols]))
	}
	return strings.Join(rows, "|")
}

// get returns the square at (r, c), or 0 off the board.
func (b plainBoard) get(r, c int) byte {
	if r < 0 || c < 0 || r >= b.rows || c >= b.cols {
		return 0
	}
	return b.sq[r*b.cols+c]
}

// with returns b with the squares at the given places set: (r, c, ch)
// triples.
func (b plainBoard) with(sets ...[3]int) string {
	sq := slices.Clone(b.sq)
	for _, s := range sets {
		sq[s[0]*b.cols+s[1]] = byte(s[2])
	}
	return plainBoard{b.rows, b.cols, sq}.String()
}

var (
	plainOrthogonal = [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}
	plainDiagonal   = [][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}}
	plainKnight     = [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}}
)

// plainMoves returns the boards who can move to from s under rule g,
// read from the rules square by square: CGSuite's GenClobber for the
// Clobber family (a stone goes up to maxDistance squares one way while
// the squares passed are empty, and lands on a square of the kinds it
// may clobber, leaving a square of its kind behind), Konane as cgt-tools
// plays it, Amazons and Fission as CGSuite's .cgs files define them.
func plainMoves(g rule, s string, who games.Player) []string {
	b := readPlain(s)
	us, them := byte('x'), byte('o')
	if who == games.Right {
		us, them = them, us
	}
	var out []string
	switch g {
	case clobber, antiClobber, hotClobber, kings, knights, rooks, queens:
		dirs := plainOrthogonal
		switch g {
		case kings, queens:
			dirs = append(slices.Clone(plainOrthogonal), plainDiagonal...)
		case knights:
			dirs = plainKnight
		}
		maxDistance := 1
		if g == rooks || g == queens {
			maxDistance = 64
		}
		clobbered := map[byte]bool{them: true}
		leftBehind := byte('.')
		switch g {
		case antiClobber:
			clobbered, leftBehind = map[byte]bool{'.': true}, them
		case hotClobber:
			clobbered = map[byte]bool{'x': true, 'o': true}
		}
		for r := range b.rows {
			for c := range b.cols {
				if b.get(r, c) != us {
					continue
				}
				for _, d := range dirs {
					n := 1
					for n < maxDistance && b.get(r+n*d[0], c+n*d[1]) == '.' {
						n++
					}
					tr, tc := r+n*d[0], c+n*d[1]
					if clobbered[b.get(tr, tc)] {
						out = append(out, b.with([3]int{r, c, int(leftBehind)}, [3]int{tr, tc, int(us)}))
					}
				}
			}
		}
	case konane:
		for r := range b.rows {
			for c := range b.cols {
				if b.get(r, c) != us {
					continue
				}
				for _, d := range plainOrthogonal {
					sets := [][3]int{{r, c, '.'}}
					for k := 1; b.get(r+(2*k-1)*d[0], c+(2*k-1)*d[1]) == them && b.get(r+2*k*d[0], c+2*k*d[1]) == '.'; k++ {
						sets = append(sets, [3]int{r + (2*k-1)*d[0], c + (2*k-1)*d[1], '.'})
						out = append(out, b.with(append(slices.Clone(sets), [3]int{r + 2*k*d[0], c + 2*k*d[1], int(us)})...))
					}
				}
			}
		}
	case amazons:
		dirs := append(slices.Clone(plainOrthogonal), plainDiagonal...)
		for r := range b.rows {
			for c := range b.cols {
				if b.get(r, c) != us {
					continue
				}
				for _, d := range dirs {
					for k := 1; b.get(r+k*d[0], c+k*d[1]) == '.'; k++ {
						mr, mc := r+k*d[0], c+k*d[1]
						moved := readPlain(b.with([3]int{r, c, '.'}, [3]int{mr, mc, int(us)}))
						for _, e := range dirs {
							for l := 1; moved.get(mr+l*e[0], mc+l*e[1]) == '.'; l++ {
								out = append(out, moved.with([3]int{mr + l*e[0], mc + l*e[1], '#'}))
							}
						}
					}
				}
			}
		}
	case nogo:
		for r := range b.rows {
			for c := range b.cols {
				if b.get(r, c) == '.' {
					if o := b.with([3]int{r, c, int(us)}); readPlain(o).breathes() {
						out = append(out, o)
					}
				}
			}
		}
	case fission:
		d := [2]int{1, 0}
		if who == games.Right {
			d = [2]int{0, 1}
		}
		for r := range b.rows {
			for c := range b.cols {
				if b.get(r, c) == 'x' && b.get(r-d[0], c-d[1]) == '.' && b.get(r+d[0], c+d[1]) == '.' {
					out = append(out, b.with([3]int{r, c, '.'}, [3]int{r - d[0], c - d[1], 'x'}, [3]int{r + d[0], c + d[1], 'x'}))
				}
			}
		}
	}
	return out
}

// breathes reports whether every string of stones on b, of either
// colour, has an empty square next to it: the rule of NoGo.
func (b plainBoard) breathes() bool {
	seen := map[[2]int]bool{}
	for r := range b.rows {
		for c := range b.cols {
			ch := b.get(r, c)
			if (ch != 'x' && ch != 'o') || seen[[2]int{r, c}] {
				continue
			}
			free := false
			todo := [][2]int{{r, c}}
			seen[[2]int{r, c}] = true
			for len(todo) > 0 {
				at := todo[len(todo)-1]
				todo = todo[:len(todo)-1]
				for _, d := range plainOrthogonal {
					n := [2]int{at[0] + d[0], at[1] + d[1]}
					switch b.get(n[0], n[1]) {
					case '.':
						free = true
					case ch:
						if !seen[n] {
							seen[n] = true
							todo = append(todo, n)
						}
					}
				}
			}
			if !free {
				return false
			}
		}
	}
	return true
}

// A plain is the plain search of one rule: a game tree with no
// components, no symmetry, positions told apart by their text.
type plain struct {
	g      rule
	values map[string]*partizan.Game
	wins   map[[3]string]bool
	nims   map[string]uint64
}

func newPlain(g rule) *plain {
	return &plain{g: g, values: map[string]*partizan.Game{}, wins: map[[3]string]bool{}, nims: map[string]uint64{}}
}

// value returns the canonical form of s by the definition.
func (p *plain) value(t testing.TB, s string) *partizan.Game {
	if v, ok := p.values[s]; ok {
		return v
	}
	var sides [2][]*partizan.Game
	for who := range 2 {
		for _, o := range plainMoves(p.g, s, games.Player(who)) {
			sides[who] = append(sides[who], p.value(t, o))
		}
	}
	v, err := partizan.New(sides[0], sides[1])
	if err != nil {
		t.Fatal(err)
	}
	p.values[s] = v
	return v
}

// win reports whether who, to move first on s, wins: in normal play
// when some move leads to a position the other loses moving first; in
// misère play also when who has no move.
func (p *plain) win(s string, who games.Player, misere bool) bool {
	k := [3]string{s, who.String(), map[bool]string{true: "m"}[misere]}
	if w, ok := p.wins[k]; ok {
		return w
	}
	opts := plainMoves(p.g, s, who)
	w := misere && len(opts) == 0
	for _, o := range opts {
		if !p.win(o, who.Other(), misere) {
			w = true
			break
		}
	}
	p.wins[k] = w
	return w
}

// class returns the outcome class of s by win.
func (p *plain) class(s string, misere bool) outcome.Class {
	l, r := p.win(s, games.Left, misere), p.win(s, games.Right, misere)
	switch {
	case l && r:
		return outcome.N
	case l:
		return outcome.L
	case r:
		return outcome.R
	}
	return outcome.P
}

// nim returns the Grundy value of s in the impartial variant: the mex
// of the values of both players' options.
func (p *plain) nim(s string) uint64 {
	if v, ok := p.nims[s]; ok {
		return v
	}
	var vs []uint64
	for who := range 2 {
		for _, o := range plainMoves(p.g, s, games.Player(who)) {
			vs = append(vs, p.nim(o))
		}
	}
	v := sg.Mex(vs)
	p.nims[s] = v
	return v
}

// variantRules are the rulesets of variants.go.
var variantRules = []Rules{AntiClobberRules, HotClobberRules, KingsRules, KnightsRules, RooksRules,
	QueensRules, KonaneRules, AmazonsRules, FissionRules, NoGoRules}

// randomVariant returns a random board of rule g: 1 to 3 rows and 1 to
// 4 columns, or for a big one 1 to 5 and 1 to 6.
func randomVariant(rng *rand.Rand, g rule, big bool) string {
	if big {
		return randomBoardOf(rng, g, 1+rng.IntN(5), 1+rng.IntN(6), true)
	}
	return randomBoardOf(rng, g, 1+rng.IntN(3), 1+rng.IntN(4), false)
}

// randomBoardOf returns a random rows × cols board of rule g.
func randomBoardOf(rng *rand.Rand, g rule, rows, cols int, big bool) string {
	b := plainBoard{rows, cols, make([]byte, rows*cols)}
	for i := range b.sq {
		x := rng.IntN(16)
		switch {
		case x == 0, big && x < 3 && g != rooks && g != queens:
			b.sq[i] = '#'
		case g == fission && x < 5, g != fission && x < 8:
			b.sq[i] = '.'
		case g == amazons && x < 15:
			b.sq[i] = '.'
		case g == fission || x < 12:
			b.sq[i] = 'x'
		default:
			b.sq[i] = 'o'
		}
		if g == amazons && !big && rows*cols > 8 && b.sq[i] != '.' {
			b.sq[i] = '.'
		}
	}
	if g == nogo && !b.breathes() { // not a position of NoGo: draw again
		return randomBoardOf(rng, g, rows, cols, big)
	}
	return b.String()
}

// small reports whether the plain search can value s quickly.
func small(g rule, s string) bool {
	n := func(chars string) int {
		k := 0
		for _, ch := range chars {
			k += strings.Count(s, string(ch))
		}
		return k
	}
	switch g {
	case antiClobber:
		return n(".") <= 7
	case nogo:
		return n(".") <= 8
	case fission:
		return n(".") <= 9
	case konane:
		return n("xo") <= 14
	case amazons:
		return n(".") <= 8 && n("xo") <= 3
	case rooks, queens:
		return n("xo") <= 8
	}
	return n("xo") <= 10
}

// TestVariantsPlain checks each variant's canonical forms, outcomes,
// misère outcomes and impartial variant through the engine against the
// plain search on random boards.
func TestVariantsPlain(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(53, 1))
	for _, r := range variantRules {
		t.Run(r.Name(), func(t *testing.T) {
			p := newPlain(r.g)
			e := games.NewEngine(r, nil)
			im := games.NewEngine(games.ImpartialVariant(r), nil)
			for i := 0; i < 200; {
				s := randomVariant(rng, r.g, i%2 == 0)
				if !small(r.g, s) {
					continue
				}
				i++
				pos := gametest.Parse(t, r, s)
				if pos.String() != s {
					t.Fatalf("%s reads back as %s", s, pos)
				}
				want := p.value(t, s)
				got, err := e.Canonical(ctx, pos)
				if err != nil || !got.Equal(want) {
					t.Fatalf("%s: %v %v, the plain search gives %v", s, got, err, want)
				}
				if o, err := e.Outcome(ctx, pos); err != nil || o != p.class(s, false) {
					t.Fatalf("%s: outcome %v %v, the plain search gives %v", s, o, err, p.class(s, false))
				}
				if i%4 != 0 {
					continue
				}
				if o, err := e.MisereOutcome(ctx, pos); err != nil || o != p.class(s, true) {
					t.Fatalf("%s: misère outcome %v %v, the plain search gives %v", s, o, err, p.class(s, true))
				}
				q := gametest.Parse(t, games.ImpartialVariant(r), s)
				if v, err := im.Grundy(ctx, q); err != nil || v != p.nim(s) {
					t.Fatalf("%s: impartial variant *%d %v, the plain search gives *%d", s, v, err, p.nim(s))
				}
			}
		})
	}
}

// images returns the boards a symmetry of the rectangle makes of s,
// each with whether it reflects s in a diagonal: rows reversed, columns
// reversed, turned, and each of those reflected in the main diagonal.
func images(s string) (out []string, diagonal []bool) {
	b := readPlain(s)
	at := func(f func(r, c int) (int, int), rows, cols int) string {
		x := plainBoard{rows, cols, make([]byte, rows*cols)}
		for r := range b.rows {
			for c := range b.cols {
				nr, nc := f(r, c)
				x.sq[nr*cols+nc] = b.sq[r*b.cols+c]
			}
		}
		return x.String()
	}
	R, C := b.rows-1, b.cols-1
	for _, f := range []func(r, c int) (int, int){
		func(r, c int) (int, int) { return R - r, c },
		func(r, c int) (int, int) { return r, C - c },
		func(r, c int) (int, int) { return R - r, C - c },
	} {
		out = append(out, at(f, b.rows, b.cols))
		diagonal = append(diagonal, false)
	}
	for _, f := range []func(r, c int) (int, int){
		func(r, c int) (int, int) { return c, r },
		func(r, c int) (int, int) { return C - c, r },
		func(r, c int) (int, int) { return c, R - r },
		func(r, c int) (int, int) { return C - c, R - r },
	} {
		out = append(out, at(f, b.cols, b.rows))
		diagonal = append(diagonal, true)
	}
	return out, diagonal
}

// besides returns boards a and b side by side, two columns of '#'
// between them, or "" when their rows differ.
func besides(a, b string) string {
	ra, rb := strings.Split(a, "|"), strings.Split(b, "|")
	if len(ra) != len(rb) {
		return ""
	}
	for i := range ra {
		ra[i] += "##" + rb[i]
	}
	return strings.Join(ra, "|")
}

// TestVariantsSplitAndSymmetry checks on random boards, half of them two
// boards side by side, that a board's plain value is the sum of its
// components' and that of an image under a symmetry of the rectangle
// (the negative for a reflection in a diagonal in Fission, which swaps
// the players), that a Negator's negative has the negative value, and
// that the images have the board's key where the value is kept.
func TestVariantsSplitAndSymmetry(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(53, 2))
	calc := partizan.NewCalculator(nil)
	for _, r := range variantRules {
		t.Run(r.Name(), func(t *testing.T) {
			p := newPlain(r.g)
			split := 0
			var boards []string
			if r.g == rooks || r.g == queens {
				// Stones on no common line, which split.
				boards = []string{"xo....|......|....ox", "x.o..|.....|...o.|x....", "ox....|......|.....x|.....o", "ox.....|.......|......x|......o"}
			}
			// Random boards, every other one two boards side by side,
			// until 60 have been checked and 3 of them split.
			for i := 0; i < 1000 && (i < 60 || split < 3); i++ {
				var s string
				if i < len(boards) {
					s = boards[i]
				} else if s = randomVariant(rng, r.g, i%2 == 0); i%2 == 1 {
					rows := 1 + rng.IntN(3)
					s = besides(randomBoardOf(rng, r.g, rows, 1+rng.IntN(3), false), randomBoardOf(rng, r.g, rows, 1+rng.IntN(3), false))
				}
				if !small(r.g, s) {
					continue
				}
				pos := gametest.Parse(t, r, s)
				want := p.value(t, s)
				var parts []*partizan.Game
				cs := pos.(games.Splitter).Components()
				for _, c := range cs {
					if c.(games.Splitter).Components() != nil {
						t.Fatalf("%s: component %s splits again", s, c)
					}
					parts = append(parts, p.value(t, c.String()))
				}
				if len(cs) > 1 {
					split++
				}
				sum, err := calc.Sum(ctx, parts...)
				if err != nil || !sum.Equal(want) {
					t.Fatalf("%s: components %v sum to %v %v, the plain search gives %v", s, cs, sum, err, want)
				}
				if n, ok := pos.(games.Negator); ok && i%4 == 0 {
					if v := p.value(t, n.Neg().String()).Neg(); !v.Equal(want) {
						t.Fatalf("%s: its negative %s has value %v, want the negative of %v", s, n.Neg(), v, want)
					}
				}
				key := string(pos.AppendKey(nil))
				imgs, diagonal := images(s)
				for k, x := range imgs {
					if r.g == fission && diagonal[k] {
						if k == 3+i%4 {
							if v := p.value(t, x).Neg(); !v.Equal(want) {
								t.Fatalf("%s: its reflection %s has value %v, want the negative of %v", s, x, v, want)
							}
						}
						continue
					}
					if k := string(gametest.Parse(t, r, x).AppendKey(nil)); k != key {
						t.Fatalf("%s and its image %s have keys %x and %x", s, x, key, k)
					}
					if k == i%len(imgs) {
						if v := p.value(t, x); !v.Equal(want) {
							t.Fatalf("%s: its image %s has value %v, want %v", s, x, v, want)
						}
					}
				}
			}
			if split < 3 {
				t.Errorf("only %d boards split", split)
			}
		})
	}
}

// TestVariantsPublished checks the values CGSuite's and cgt-tools'
// tests publish.
func TestVariantsPublished(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct{ rule, board, want string }{
		// CGSuite, lib/core/src/test/scala/org/cgsuite/lang/GameGridTest.scala.
		{"kings", "xox|ox.", "{^^*|*,v[2]}"},
		{"rooks", "xox|ox.", "{^^*|0,*}"},
		{"queens", "xox|ox.", "^"},
		{"anti-clobber", "xoxo|oo..", "{*|-1}"},
		{"amazons", "x...|o...", "+-{3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},+-1,+-{1,{2|0}}}}"},
		// cgt-tools (github.com/t4ccer/cgt-tools), the tests of
		// cgt/short/partizan/games/konane.rs and fission.rs.
		{"konane", "..ox", "1"},
		{"konane", ".ox.", "*"},
		{"konane", ".ox.|o..x|....", "{1|-1}"},
		{"fission", "....|..x.|....|....", "0"},
		{"fission", "..x.|....|..x.|....", "-2"},
		{"fission", ".x.x|....|..x.|....", "-1"},
		{"fission", ".x.x|..x.|....|..x.", "{-1|-4}"},
		{"fission", "....|..x.|....|#..#", "0"},
	} {
		r := gametest.Lookup(t, c.rule)
		want, err := partizan.NewCalculator(nil).Parse(context.Background(), c.want)
		if err != nil {
			t.Fatal(err)
		}
		g, err := games.NewEngine(r, nil).Canonical(ctx, gametest.Parse(t, r, c.board))
		if err != nil || !g.Equal(want) {
			t.Errorf("%s %s: %v %v, published %v", c.rule, c.board, g, err, want)
		}
	}
	// NoGo's outcomes in MCGS (github.com/ualberta-mueller-group/MCGS),
	// input/autotests/nogo_autotests/nogo.test and nogo_4x4_filled.test
	// and nogo_1xn_autotests/nogo_1xn_empty.test (after Du et al.,
	// "Solving NoGo on Small Rectangular Boards").
	nogoEngine := games.NewEngine(NoGoRules, nil)
	for _, c := range []struct {
		board string
		want  outcome.Class
	}{
		{".", outcome.P}, {"..", outcome.N}, {".|.", outcome.N}, {"...", outcome.N}, {".|.|.", outcome.N},
		{"....", outcome.P}, {"..|..", outcome.N}, {"...|...|...", outcome.N}, {".....", outcome.N},
		{"........", outcome.N},
		// More in variants_long_test.go.
	} {
		o, err := nogoEngine.Outcome(ctx, gametest.Parse(t, NoGoRules, c.board))
		if err != nil || o != c.want {
			t.Errorf("NoGo %s: %v %v, MCGS gives %v", c.board, o, err, c.want)
		}
	}
	// CGSuite's GameTest.scala: Amazons("x...|o...").Followers.Size is
	// 2784, the positions the plain search meets.
	p := newPlain(amazons)
	p.value(t, "x...|o...")
	if len(p.values) != 2784 {
		t.Errorf("Amazons x...|o...: the plain search meets %d positions, CGSuite counts 2784 followers", len(p.values))
	}
}

// TestVariantsInput checks the errors of malformed boards.
func TestVariantsInput(t *testing.T) {
	for _, c := range []struct {
		r    Rules
		s    string
		want string
	}{
		{FissionRules, "x.o", "offset 2"},
		{KonaneRules, "xo|o", "offset 4"},
		{AmazonsRules, "x.q", "offset 2"},
		{RooksRules, strings.Repeat("x", 65), "more than 64"},
		{QueensRules, strings.Repeat("xo", 32) + "|.", "more than 64"},
	} {
		_, err := c.r.Parse(c.s)
		if !errors.Is(err, games.ErrInput) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q: %v, want an input error naming %q", c.r.Name(), c.s, err, c.want)
		}
	}
	if _, err := games.NewEngine(AmazonsRules, &budget.Options{Limit: 100}).Canonical(context.Background(),
		gametest.Parse(t, AmazonsRules, "x......|o......")); !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("Amazons 2×7 with a limit of 100: %v", err)
	}
}
