package turning

import (
	"context"
	"errors"
	"github.com/nimbers/grundy/internal/gametest"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/misere"
	"github.com/nimbers/grundy/nimber"
	"github.com/nimbers/grundy/outcome"
	"github.com/nimbers/grundy/sg"
)

// whole is a position searched as a whole: it hides the components and
// the special engines, so that the engine searches every option.
type whole struct{ p games.Position }

func (w whole) String() string            { return w.p.String() }
func (w whole) AppendKey(b []byte) []byte { return w.p.AppendKey(b) }
func (w whole) Options(who games.Player) []games.Position {
	opts := w.p.Options(who)
	out := make([]games.Position, len(opts))
	for i, o := range opts {
		out[i] = whole{o}
	}
	return out
}

func parsePos(t testing.TB, r games.Ruleset, s string) games.Position {
	t.Helper()
	p, err := r.Parse(s)
	if err != nil {
		t.Fatalf("%s %q: %v", r.Name(), s, err)
	}
	if got := p.String(); got != s {
		t.Fatalf("%s %q: String gives %q", r.Name(), s, got)
	}
	return p
}

func TestRegistryExamples(t *testing.T) {
	for _, name := range []string{"turning", "tartan"} {
		var e games.Entry
		for _, x := range games.Entries() {
			if x.Name == name {
				e = x
			}
		}
		if e.New == nil {
			t.Fatalf("%s: not registered", name)
		}
		r := gametest.Lookup(t, e.Example[0])
		if r.Name() != e.Example[0] || r.Kind() != games.Impartial {
			t.Errorf("%s: name %q kind %v", name, r.Name(), r.Kind())
		}
		parsePos(t, r, e.Example[1])
	}
	// The old CLI's example: grundy turning ruler --position HTTHH gives 4.
	r := gametest.Lookup(t, "turning:ruler")
	v, err := games.NewEngine(r, nil).Grundy(t.Context(), parsePos(t, r, "HTTHH"))
	if err != nil || v != 4 {
		t.Errorf("ruler HTTHH: %d %v, want 4", v, err)
	}
}

// rowRuleNames are the rules the row tests play, with the longest row
// the whole search takes.
var rowRuleNames = map[string]int{
	"turtles": 9, "mock-turtles": 9, "moebius": 8, "mogul": 8, "at-most:4": 8, "twins": 9,
	"triplets": 9, "exactly:4": 8, "motley": 7, "ruler": 9, "runs:1,3": 9,
	"runs:squares": 9, "runs:triangular": 9, "ap": 9, "progressions": 9, "turning-turtles": 9,
}

func randomRow(r *rand.Rand, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = "HT"[r.IntN(2)]
	}
	return string(b)
}

// TestRowsAgainstGeneric values random rows three ways: the special
// engine (the rule's values), the generic engine (a search of the
// row's options), and a search of whole rows that hides the row's
// component; and the whole search against sg's search of the rule's
// moves on bit masks.
func TestRowsAgainstGeneric(t *testing.T) {
	ctx := t.Context()
	rnd := rand.New(rand.NewPCG(7, 8))
	for name, n := range rowRuleNames {
		r := gametest.Lookup(t, "turning:"+name)
		special := games.NewEngine(r, nil)
		generic := games.NewEngine(r, nil)
		generic.Generic = true
		full := games.NewEngine(r, nil)
		full.Generic = true
		s := sg.NewSolver(rowGame(mustParse(t, name), n), nil)
		for range 25 {
			row := randomRow(rnd, 1+rnd.IntN(n))
			p := parsePos(t, r, row)
			want, err := full.Grundy(ctx, whole{p})
			if err != nil {
				t.Fatal(err)
			}
			var mask uint64
			for x := range row {
				if row[x] == 'H' {
					mask |= 1 << x
				}
			}
			if v, err := s.Value(ctx, mask); err != nil || v != want {
				t.Fatalf("%s %s: whole search %d, sg search %d %v", name, row, want, v, err)
			}
			for _, e := range []*games.Engine{special, generic} {
				got, err := e.Grundy(ctx, p)
				if err != nil || got != want {
					t.Fatalf("%s %s (generic %v): %d %v, whole search %d", name, row, e.Generic, got, err, want)
				}
			}
			g, err := special.Canonical(ctx, p)
			if n, ok := g.AsNimber(); err != nil || !ok || uint64(n) != want {
				t.Fatalf("%s %s: canonical %v %v, want *%d", name, row, g, err, want)
			}
		}
	}
}

// TestRowPublishedValues checks single heads against Winning Ways, ch. 14:
// Ruler's values, the odious numbers of Mock Turtles, Turning Turtles'
// x+1, Motley's 2^x.
func TestRowPublishedValues(t *testing.T) {
	for name, want := range map[string][]uint64{
		"ruler":        {1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16},
		"mock-turtles": {1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32},
		"turtles":      {1, 2, 3, 4, 5, 6, 7, 8},
		"motley":       {1, 2, 4, 8, 16, 32},
	} {
		r := gametest.Lookup(t, "turning:"+name)
		for _, generic := range []bool{false, true} {
			e := games.NewEngine(r, nil)
			e.Generic = generic
			for x, w := range want {
				if generic && x > 12 {
					break
				}
				row := strings.Repeat("T", x) + "H"
				v, err := e.Grundy(t.Context(), parsePos(t, r, row))
				if err != nil || v != w {
					t.Errorf("%s %s (generic %v): %d %v, want %d", name, row, generic, v, err, w)
				}
			}
		}
	}
}

// tartanParams are the boards the Tartan tests play.
var tartanParams = []string{
	"twins*twins", "ruler*ruler", "turtles*ruler", "mock-turtles×twins", "runs:1,3*ap",
	"motley*triplets", "turning-corners", "rugs", "acrostic-twins",
}

func randomBoard(r *rand.Rand, rows, cols int) string {
	parts := make([]string, rows)
	for a := range parts {
		parts[a] = randomRow(r, cols)
	}
	return strings.Join(parts, "|")
}

// TestTartanAgainstGeneric values random boards as the row test does,
// the whole search against sg's search of the product moves.
func TestTartanAgainstGeneric(t *testing.T) {
	ctx := t.Context()
	rnd := rand.New(rand.NewPCG(9, 10))
	for _, param := range tartanParams {
		r := gametest.Lookup(t, "tartan:"+param)
		b := r.(*tartanRules).board
		special := games.NewEngine(r, nil)
		generic := games.NewEngine(r, nil)
		generic.Generic = true
		full := games.NewEngine(r, nil)
		full.Generic = true
		for range 20 {
			rows, cols := 1+rnd.IntN(3), 1+rnd.IntN(4)
			board := randomBoard(rnd, rows, cols)
			p := parsePos(t, r, board)
			want, err := full.Grundy(ctx, whole{p})
			if err != nil {
				t.Fatal(err)
			}
			var mask uint64
			for i, c := range strings.ReplaceAll(board, "|", "") {
				if c == 'H' {
					mask |= 1 << i
				}
			}
			s := sg.NewSolver(boardGame(b, rows, cols), nil)
			if v, err := s.Value(ctx, mask); err != nil || v != want {
				t.Fatalf("%s %s: whole search %d, sg search %d %v", param, board, want, v, err)
			}
			for _, e := range []*games.Engine{special, generic} {
				got, err := e.Grundy(ctx, p)
				if err != nil || got != want {
					t.Fatalf("%s %s (generic %v): %d %v, whole search %d", param, board, e.Generic, got, err, want)
				}
			}
		}
	}
}

// TestTurningCornersNimProducts checks single coins of Turning Corners
// against nim-products from Winning Ways and On Numbers and Games (2⊗2 =
// 3, 4⊗4 = 6, 8⊗8 = 13, 16⊗16 = 24) and against package nimber, and a
// few small coins by the generic search.
func TestTurningCornersNimProducts(t *testing.T) {
	r := gametest.Lookup(t, "tartan:twins*twins")
	e := games.NewEngine(r, nil)
	coin := func(a, b int) games.Position {
		rows := make([]string, a+1)
		for i := range rows {
			rows[i] = strings.Repeat("T", b+1)
		}
		rows[a] = strings.Repeat("T", b) + "H"
		return parsePos(t, r, strings.Join(rows, "|"))
	}
	for _, c := range [][3]int{{2, 2, 3}, {4, 4, 6}, {8, 8, 13}, {16, 16, 24}, {2, 3, 1}, {3, 3, 2}} {
		if v, err := e.Grundy(t.Context(), coin(c[0], c[1])); err != nil || v != uint64(c[2]) {
			t.Errorf("corner (%d,%d): %d %v, want %d", c[0], c[1], v, err, c[2])
		}
	}
	for a := range 20 {
		for b := range 20 {
			v, err := e.Grundy(t.Context(), coin(a, b))
			if want := uint64(nimber.Nimber(a).Mul(nimber.Nimber(b))); err != nil || v != want {
				t.Fatalf("corner (%d,%d): %d %v, want %d", a, b, v, err, want)
			}
		}
	}
	g := games.NewEngine(r, nil)
	g.Generic = true
	for a := range 4 {
		for b := range 4 {
			v, err := g.Grundy(t.Context(), coin(a, b))
			if want := uint64(nimber.Nimber(a).Mul(nimber.Nimber(b))); err != nil || v != want {
				t.Fatalf("corner (%d,%d) by search: %d %v, want %d", a, b, v, err, want)
			}
		}
	}
}

// TestKeys checks that keys forget trailing tails, and that a symmetric
// Tartan game's board and its transpose share a key and a value.
func TestKeys(t *testing.T) {
	r := gametest.Lookup(t, "turning:ruler")
	a, b := parsePos(t, r, "HTH"), parsePos(t, r, "HTHTTT")
	if string(a.AppendKey(nil)) != string(b.AppendKey(nil)) {
		t.Error("trailing tails change the key")
	}
	for _, c := range []struct {
		param, board, transposed string
		same                     bool
	}{
		{"twins*twins", "TTH|HTT", "TH|TT|HT", true},
		{"acrostic-twins", "TTH|HTT", "TH|TT|HT", true},
		{"ruler*twins", "TTH|HTT", "TH|TT|HT", false},
	} {
		r := gametest.Lookup(t, "tartan:"+c.param)
		p, q := parsePos(t, r, c.board), parsePos(t, r, c.transposed)
		if same := string(p.AppendKey(nil)) == string(q.AppendKey(nil)); same != c.same {
			t.Errorf("%s %s, %s: same key %v", c.param, c.board, c.transposed, same)
		}
		v, _ := games.NewEngine(r, nil).Grundy(t.Context(), whole{p})
		w, _ := games.NewEngine(r, nil).Grundy(t.Context(), whole{q})
		if c.same && v != w {
			t.Errorf("%s %s, %s: values %d, %d", c.param, c.board, c.transposed, v, w)
		}
	}
}

func TestRulesetErrors(t *testing.T) {
	for _, c := range []struct{ ruleset, pos, want string }{
		{"turning:ruler", "", "empty row"},
		{"turning:ruler", "HTxH", "'x' at coin 2 is not H or T"},
		{"turning:ruler", strings.Repeat("H", maxCoins+1), "at most"},
		{"tartan:twins*twins", "", "row 1 is empty"},
		{"tartan:twins*twins", "HT|T", "at offset 3: row 2 has 1 coins"},
		{"tartan:twins*twins", "HT|TX", "at offset 4 (row 2, coin 1): 'X' is not H or T"},
		{"tartan:twins*twins", "HT||TT", "row 2 has 0 coins"},
		{"tartan:ruler*ruler", strings.Repeat("H", maxCoins) + "|" + strings.Repeat("H", maxCoins), "at most"},
	} {
		r := gametest.Lookup(t, c.ruleset)
		_, err := r.Parse(c.pos)
		if !errors.Is(err, games.ErrInput) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q: %v, want an input error with %q", c.ruleset, clip(c.pos), err, c.want)
		}
	}
	for _, name := range []string{"turning", "turning:bogus", "turning:at-most:0", "tartan:ruler", "tartan:ruler*ruler*ruler", "tartan:ruler*", "tartan:x*ruler"} {
		if _, err := games.Lookup(name); !errors.Is(err, games.ErrInput) {
			t.Errorf("Lookup(%q): %v, want an input error", name, err)
		}
	}
}

// TestLongRows checks that long rows, whose search is hopeless, are
// valued by the rule's values, and that the searches refuse them at once
// by their estimate.
func TestLongRows(t *testing.T) {
	ctx := t.Context()
	r := gametest.Lookup(t, "turning:motley")
	p := parsePos(t, r, strings.Repeat("T", 59)+"H")
	e := games.NewEngine(r, nil)
	if v, err := e.Grundy(ctx, p); err != nil || v != 1<<59 {
		t.Errorf("motley coin 59: %d %v", v, err)
	}
	if _, err := e.MisereOutcome(ctx, p); !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("motley coin 59, misère outcome: %v, want a refusal", err)
	}
	if _, err := e.Graph(ctx, p); !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("motley coin 59, graph: %v, want a refusal", err)
	}
	if _, err := e.Canonical(ctx, p); !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("motley coin 59, canonical: %v, want a refusal", err)
	}
	ruler := gametest.Lookup(t, "turning:ruler")
	row := []byte(strings.Repeat("T", 100000))
	row[4095], row[99999] = 'H', 'H' // 4096 and 32 (100000 = 2^5·3125)
	v, err := games.NewEngine(ruler, nil).Grundy(ctx, parsePos(t, ruler, string(row)))
	if err != nil || v != 4096^32 {
		t.Errorf("ruler: %d %v, want %d", v, err, 4096^32)
	}
	rugs := gametest.Lookup(t, "tartan:rugs")
	board := make([]string, 64)
	for i := range board {
		board[i] = strings.Repeat("T", 64)
	}
	board[63] = strings.Repeat("T", 63) + "H" // ruler(63) = 64: 64⊗64
	v, err = games.NewEngine(rugs, nil).Grundy(ctx, parsePos(t, rugs, strings.Join(board, "|")))
	if want := uint64(nimber.Nimber(64).Mul(64)); err != nil || v != want {
		t.Errorf("rugs 64×64: %d %v, want %d", v, err, want)
	}
}

// TestMisere checks that the engine's misère forms and outcomes of rows
// and boards are those of a search of whole positions: a position is not
// the sum of its heads in misère play. Turning Turtles' THH is heaps of
// 2 and 3 in normal play, but its misère form is *[1], not *[2[3]].
func TestMisere(t *testing.T) {
	ctx := t.Context()
	rnd := rand.New(rand.NewPCG(13, 14))
	turtles := gametest.Lookup(t, "turning:turtles")
	e := games.NewEngine(turtles, nil)
	f, err := e.Misere(ctx, parsePos(t, turtles, "THH"))
	heads, err2 := misere.Parse(ctx, "*2+*3", nil)
	star, _ := misere.Parse(ctx, "*", nil)
	if err != nil || err2 != nil || !f.Equal(star) || f.Equal(heads) {
		t.Errorf("turtles THH: misère form %v %v, want *[1]", f, err)
	}
	for _, name := range []string{"turning:turtles", "turning:mock-turtles", "turning:ruler", "turning:ap", "tartan:twins*twins", "tartan:ruler*turtles", "tartan:acrostic-twins"} {
		r := gametest.Lookup(t, name)
		e := games.NewEngine(r, nil)
		for range 20 {
			var p games.Position
			if strings.HasPrefix(name, "turning:") {
				p = parsePos(t, r, randomRow(rnd, 1+rnd.IntN(7)))
			} else {
				p = parsePos(t, r, randomBoard(rnd, 1+rnd.IntN(2), 1+rnd.IntN(3)))
			}
			f, err := e.Misere(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			// A fresh engine: whole{p} has p's key.
			w, err := games.NewEngine(r, nil).Misere(ctx, whole{p})
			if err != nil || !f.Equal(w) {
				t.Fatalf("%s %s: misère form %v, whole search %v %v", name, p, f, w, err)
			}
			o, err := e.MisereOutcome(ctx, p)
			if want := map[bool]outcome.Class{true: outcome.P, false: outcome.N}[w.Genus().Gamma[0] == 0]; err != nil || o != want {
				t.Fatalf("%s %s: misère outcome %v %v, form %v", name, p, o, err, w)
			}
		}
	}
}

// TestOutcomeOfSums checks the outcome search on sums of rows against
// the nim-sum of their values.
func TestOutcomeOfSums(t *testing.T) {
	ctx := context.Background()
	rnd := rand.New(rand.NewPCG(11, 12))
	r := gametest.Lookup(t, "turning:mock-turtles")
	e := games.NewEngine(r, nil)
	for range 20 {
		var ps []games.Position
		var v uint64
		for range 1 + rnd.IntN(3) {
			p := parsePos(t, r, randomRow(rnd, 1+rnd.IntN(12)))
			g, err := e.Grundy(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			v ^= g
			ps = append(ps, p)
		}
		o, err := e.Outcome(ctx, games.Sum(ps...))
		if err != nil {
			t.Fatal(err)
		}
		if want := map[bool]outcome.Class{false: outcome.P, true: outcome.N}[v != 0]; o != want {
			t.Errorf("%v: outcome %s, nim-sum %d", games.Sum(ps...), o.Words(), v)
		}
	}
}
