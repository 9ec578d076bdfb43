package grid

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/outcome"
	"github.com/nimbers/grundy/partizan"
	"github.com/nimbers/grundy/sg"
)

// genPlain values boards of a GenClobber instance by its rules read
// square by square from CGSuite's GenClobber.cgs, with no splitting and
// no key: a table by the board's text only.
type genPlain struct {
	dirs    [][2]int
	clob    [2]string // the squares each player's stone may move onto
	behind  [2]byte
	maxDist int
	memo    map[string]*partizan.Game
	t       testing.TB
}

func (p *genPlain) moves(s string, who games.Player) []string {
	b := readPlain(s)
	us := byte("xo"[who])
	var out []string
	for r := range b.rows {
		for c := range b.cols {
			if b.get(r, c) != us {
				continue
			}
			for _, d := range p.dirs {
				n := 1
				for (p.maxDist == 0 || n < p.maxDist) && b.get(r+n*d[0], c+n*d[1]) == '.' {
					n++
				}
				tr, tc := r+n*d[0], c+n*d[1]
				if at := b.get(tr, tc); at != 0 && strings.IndexByte(p.clob[who], at) >= 0 {
					out = append(out, b.with([3]int{r, c, int(p.behind[who])}, [3]int{tr, tc, int(us)}))
				}
			}
		}
	}
	return out
}

// misereWins reports whether who, moving first on s, wins misère play:
// a player with no move wins.
func (p *genPlain) misereWins(s string, who games.Player) bool {
	opts := p.moves(s, who)
	if len(opts) == 0 {
		return true
	}
	for _, o := range opts {
		if !p.misereWins(o, who.Other()) {
			return true
		}
	}
	return false
}

// nim returns the Grundy value of s in the impartial variant: the mex of
// the values of both players' options.
func (p *genPlain) nim(s string) uint64 {
	var vs []uint64
	for who := range 2 {
		for _, o := range p.moves(s, games.Player(who)) {
			vs = append(vs, p.nim(o))
		}
	}
	return sg.Mex(vs)
}

func (p *genPlain) value(s string) *partizan.Game {
	if g, ok := p.memo[s]; ok {
		return g
	}
	var sides [2][]*partizan.Game
	for who := range 2 {
		for _, o := range p.moves(s, games.Player(who)) {
			sides[who] = append(sides[who], p.value(o))
		}
	}
	g, err := partizan.New(sides[0], sides[1])
	if err != nil {
		p.t.Fatal(err)
	}
	p.memo[s] = g
	return g
}

// randomGenArgs returns random GenClobber arguments as text, with the
// plain search of them; it draws again where play would not end.
func randomGenArgs(t testing.TB, rng *rand.Rand) (string, *genPlain) {
	for {
		p := &genPlain{memo: map[string]*partizan.Game{}, t: t, maxDist: 1}
		var args []string
		switch rng.IntN(4) {
		case 0:
		case 1:
			n := namedDirs[rng.IntN(len(namedDirs))]
			args = append(args, "directions="+n.name)
		default:
			var ds []string
			for range 1 + rng.IntN(3) {
				d := [2]int{rng.IntN(5) - 2, rng.IntN(5) - 2}
				if d != [2]int{} {
					ds = append(ds, fmt.Sprintf("(%d,%d)", d[0], d[1]))
				}
			}
			if len(ds) == 0 {
				continue
			}
			args = append(args, "directions=["+strings.Join(ds, ",")+"]")
		}
		clob := [2]string{"o", "x"}
		if rng.IntN(2) == 0 {
			var sets [2]string
			for who := range 2 {
				var vs []string
				clob[who] = ""
				for v := range 3 {
					if rng.IntN(3) == 0 {
						vs = append(vs, fmt.Sprint(v))
						clob[who] += string(".xo"[v])
					}
				}
				sets[who] = "{" + strings.Join(vs, ",") + "}"
			}
			args = append(args, "clobbered="+sets[0]+"|"+sets[1])
		}
		behind := [2]byte{'.', '.'}
		if rng.IntN(2) == 0 {
			l, r := rng.IntN(3), rng.IntN(3)
			behind = [2]byte{".xo"[l], ".xo"[r]}
			args = append(args, fmt.Sprintf("leftBehind=%d|%d", l, r))
		}
		switch rng.IntN(4) {
		case 0:
			p.maxDist = 0
			args = append(args, "maxDistance=inf")
		case 1:
			p.maxDist = 2
			args = append(args, "maxDistance=2")
		}
		text := strings.Join(args, ",")
		r, err := parseGenClobber(text)
		if err != nil {
			continue // play may not end
		}
		for _, d := range r.dirs {
			p.dirs = append(p.dirs, [2]int{d.dr, d.dc})
		}
		p.clob, p.behind = clob, behind
		return text, p
	}
}

// randomGenBoard returns a random board of at most n squares.
func randomGenBoard(rng *rand.Rand, n int) string {
	rows := 1 + rng.IntN(3)
	cols := 1 + rng.IntN(n/rows)
	b := plainBoard{rows, cols, make([]byte, rows*cols)}
	for i := range b.sq {
		b.sq[i] = "xxxoooo..#"[rng.IntN(10)]
	}
	return b.String()
}

// TestGenClobberPlain checks gen-clobber against the plain search of
// its rules on hundreds of random boards of random arguments, with the
// sum of its components' values and the value of each symmetric image
// that keeps the rules.
func TestGenClobberPlain(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(53, 1))
	sets, boards := 120, 10
	if testing.Short() {
		sets = 30
	}
	for range sets {
		args, plain := randomGenArgs(t, rng)
		rules, err := games.Lookup("gen-clobber:" + args)
		if err != nil {
			t.Fatalf("gen-clobber:%s: %v", args, err)
		}
		e := games.NewEngine(rules, nil)
		for range boards {
			s := randomGenBoard(rng, 9)
			p, err := rules.Parse(s)
			if err != nil {
				t.Fatal(err)
			}
			v, err := e.Canonical(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			if want := plain.value(s); !v.Equal(want) {
				t.Fatalf("%s %q = %v, the plain search %v", rules.Name(), s, v, want)
			}
			// The sum of the components' values.
			if sp, ok := p.(games.Splitter); ok {
				sum := partizan.Zero
				for _, c := range sp.Components() {
					cv, err := e.Canonical(ctx, c)
					if err != nil {
						t.Fatal(err)
					}
					if want := plain.value(c.String()); !cv.Equal(want) {
						t.Fatalf("%s %q: component %q = %v, the plain search %v", rules.Name(), s, c, cv, want)
					}
					sum, _ = partizan.NewCalculator(nil).Sum(context.Background(), sum, cv)
				}
				if !sum.Equal(v) {
					t.Fatalf("%s %q: components sum to %v, not %v", rules.Name(), s, sum, v)
				}
			}
			// Symmetric images.
			if gp, ok := p.(*genPos); ok {
				b := readPlain(s)
				for _, k := range gp.r.symmetries() {
					img := symBoard(b, k)
					if w := plain.value(img); !w.Equal(v) {
						t.Fatalf("%s %q: image %d %q = %v, not %v", rules.Name(), s, k, img, w, v)
					}
				}
			}
		}
	}
}

// symBoard returns b under symmetry k, square by square.
func symBoard(b plainBoard, k int) string {
	rows, cols := b.rows, b.cols
	if k&4 != 0 {
		rows, cols = cols, rows
	}
	out := plainBoard{rows, cols, make([]byte, rows*cols)}
	for r := range b.rows {
		for c := range b.cols {
			rr, cc := r, c
			if k&4 != 0 {
				rr, cc = cc, rr
			}
			if k&1 != 0 {
				rr = rows - 1 - rr
			}
			if k&2 != 0 {
				cc = cols - 1 - cc
			}
			out.sq[rr*cols+cc] = b.get(r, c)
		}
	}
	return out.String()
}

// TestGenClobberMisereImpartial checks gen-clobber's misère outcome and
// the Grundy value of its impartial variant against the plain search,
// on boards of at most 6 squares of random arguments.
func TestGenClobberMisereImpartial(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(53, 6))
	for range 40 {
		args, plain := randomGenArgs(t, rng)
		rules, err := games.Lookup("gen-clobber:" + args)
		if err != nil {
			t.Fatal(err)
		}
		e := games.NewEngine(rules, nil)
		imp := games.NewEngine(games.ImpartialVariant(rules), nil)
		for range 2 {
			s := randomGenBoard(rng, 6)
			p, err := rules.Parse(s)
			if err != nil {
				t.Fatal(err)
			}
			got, err := e.MisereOutcome(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			res := [2]outcome.Result{outcome.RightWins, outcome.RightWins}
			for who := games.Left; who <= games.Right; who++ {
				if plain.misereWins(s, who) == (who == games.Left) {
					res[who] = outcome.LeftWins
				}
			}
			if want := outcome.Of(res[0], res[1]); got != want {
				t.Fatalf("%s %q misère: %v, the plain search %v", rules.Name(), s, got, want)
			}
			q, _ := games.ImpartialVariant(rules).Parse(s)
			n, err := imp.Grundy(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			if want := plain.nim(s); n != want {
				t.Fatalf("%s %q impartial: *%d, the plain search *%d", rules.Name(), s, n, want)
			}
		}
	}
}

// TestGenClobberFixed checks that GenClobber's arguments for each fixed
// instance name it, and that the gen-clobber board with them (its own
// splitting and keys) values as the instance, on random boards.
func TestGenClobberFixed(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(53, 5))
	for _, c := range []struct {
		args string
		r    Rules
	}{
		{"", ClobberRules},
		{"directions=Orthogonal,clobbered={2}|{1},leftBehind=0|0,maxDistance=1", ClobberRules},
		{"clobbered={0}|{0},leftBehind=2|1", AntiClobberRules},
		{"clobbered={1,2}", HotClobberRules},
		{"directions=Compass", KingsRules},
		{"directions=KnightsMove", KnightsRules},
		{"maxDistance=inf", RooksRules},
		{"directions=[(0,1),(1,0),(0,-1),(-1,0)],maxDistance=64", RooksRules},
		{"directions=Compass,maxDistance=inf", QueensRules},
	} {
		got, err := GenClobber(c.args)
		if err != nil || got != games.Ruleset(c.r) {
			t.Errorf("GenClobber(%q) = %v, %v; want %s", c.args, got, err, c.r.Name())
			continue
		}
		r, _ := parseGenClobber(c.args)
		gen := genRules{r}
		e, f := games.NewEngine(gen, nil), games.NewEngine(c.r, nil)
		for range 40 {
			s := randomVariant(rng, c.r.g, false)
			p, _ := gen.Parse(s)
			q, _ := c.r.Parse(s)
			v, err1 := e.Canonical(ctx, p)
			w, err2 := f.Canonical(ctx, q)
			if err1 != nil || err2 != nil || !v.Equal(w) {
				t.Fatalf("gen-clobber:%s %q = %v, %s: %v (%v %v)", c.args, s, v, c.r.Name(), w, err1, err2)
			}
		}
	}
}

// TestGenClobberPublished checks the values CGSuite's GameGridTest.scala
// gives for GenClobber's instances.
func TestGenClobberPublished(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct{ rules, board, want string }{
		{"gen-clobber:directions=Diagonal", "xoxo|oox.|xxx.", "{0,v*|vv}"},
		{"gen-clobber", "xox|ox.", "{^^*|*,v}"},
		{"gen-clobber:directions=Compass", "xox|ox.", "{^^*|*,v[2]}"},
		{"gen-clobber:maxDistance=inf", "xox|ox.", "{^^*|0,*}"},
		{"gen-clobber:directions=Compass,maxDistance=inf", "xox|ox.", "^"},
		{"gen-clobber:clobbered={0}|{0},leftBehind=2|1", "xoxo|oo..", "{*|-1}"},
	} {
		a, err := games.Ask(ctx, games.Query{Ruleset: c.rules, Positions: []string{c.board}}, nil)
		if err != nil || a.Value != c.want {
			t.Errorf("%s %q = %v (%v), CGSuite %s", c.rules, c.board, a, err, c.want)
		}
	}
}

// TestGenClobberInput checks bad arguments and the names written back.
func TestGenClobberInput(t *testing.T) {
	for _, bad := range []string{"directions", "directions=North", "directions=[(0,0)]", "directions=[(1,2,3)]",
		"clobbered={3}|{1}", "clobbered={1", "leftBehind=3|0", "maxDistance=0", "maxDistance=x", "colour=1",
		"clobbered={0}|{0}", "clobbered={1,2},leftBehind=1|2", "maxDistance=2,maxDistance=3"} {
		_, err := GenClobber(bad)
		if !errors.Is(err, games.ErrInput) || strings.Contains(err.Error(), "\n") {
			t.Errorf("GenClobber(%q): %v", bad, err)
		}
	}
	for _, c := range []struct{ args, name string }{
		{"directions=diagonal", "gen-clobber:directions=Diagonal"},
		{"directions=[(0,1)],clobbered=0|0,leftBehind=1|2,maxDistance=3", "gen-clobber:directions=[(0,1)],clobbered={0}|{0},leftBehind=1|2,maxDistance=3"},
		{"maxDistance=2, clobbered={2,1}|1", "gen-clobber:clobbered={1,2}|{1},maxDistance=2"},
	} {
		r, err := GenClobber(c.args)
		if err != nil || r.Name() != c.name {
			t.Errorf("GenClobber(%q) = %v (%v), want %s", c.args, r, err, c.name)
			continue
		}
		if again, err := games.Lookup(r.Name()); err != nil || again.Name() != c.name {
			t.Errorf("%s reads back as %v (%v)", c.name, again, err)
		}
	}
}

// FuzzGenClobber reads arbitrary text as GenClobber's arguments: it
// fails with ErrInput on one line, or gives a ruleset whose name reads
// back to the same rules.
func FuzzGenClobber(f *testing.F) {
	for _, s := range []string{"", "directions=Diagonal", "clobbered={0}|{0},leftBehind=2|1", "directions=[(0,1),(1,0)],maxDistance=inf", "clobbered={1,2}", "x=1,,"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := GenClobber(s)
		if err != nil {
			if !errors.Is(err, games.ErrInput) || strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		again, err := games.Lookup(r.Name())
		if err != nil || again.Name() != r.Name() {
			t.Fatalf("%q: %s reads back as %v (%v)", s, r.Name(), again, err)
		}
	})
}
