package games_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/nimbers/grundy/games"
	_ "github.com/nimbers/grundy/games/grid"
	_ "github.com/nimbers/grundy/games/heap"
	_ "github.com/nimbers/grundy/games/strip"
	"github.com/nimbers/grundy/partizan"
)

// variantSearch values positions of a base ruleset's dicotic or twisted
// variant straight from the definitions, through the base positions'
// options: no keys, no splitting, no table but one by the position's text.
type variantSearch struct {
	t    *testing.T
	memo map[string]*partizan.Game
	// rule returns the value from the values of the options of each
	// player.
	rule func(l, r []*partizan.Game) *partizan.Game
}

func (s *variantSearch) value(p games.Position) *partizan.Game {
	k := p.String()
	if g, ok := s.memo[k]; ok {
		return g
	}
	var sides [2][]*partizan.Game
	for who := games.Left; who <= games.Right; who++ {
		for _, o := range p.Options(who) {
			sides[who] = append(sides[who], s.value(o))
		}
	}
	g := s.rule(sides[0], sides[1])
	s.memo[k] = g
	return g
}

func newSearch(t *testing.T, twisted bool) *variantSearch {
	s := &variantSearch{t: t, memo: map[string]*partizan.Game{}}
	s.rule = func(l, r []*partizan.Game) *partizan.Game {
		if !twisted && (len(l) == 0 || len(r) == 0) {
			return partizan.Zero // d(G) = 0 when a player has no move
		}
		if twisted { // t(G) = {−t(G^L) | −t(G^R)}
			for i := range l {
				l[i] = l[i].Neg()
			}
			for i := range r {
				r[i] = r[i].Neg()
			}
		}
		g, err := partizan.New(l, r)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	return s
}

// randomPosition returns a random small position of a base ruleset: a
// board of at most 6 squares, or with small set at most 3.
func randomPosition(rng *rand.Rand, name string, small bool) string {
	board := func(chars string, empty float64) string {
		rows, cols := 1+rng.IntN(2), 1+rng.IntN(3)
		if small {
			rows = 1
		}
		var b strings.Builder
		for r := range rows {
			if r > 0 {
				b.WriteByte('|')
			}
			for range cols {
				if rng.Float64() < empty {
					b.WriteByte('.')
				} else {
					b.WriteByte(chars[rng.IntN(len(chars))])
				}
			}
		}
		return b.String()
	}
	switch name {
	case "domineering":
		return board("#", 0.8)
	case "clobber":
		return board("xo", 0.2)
	case "toppling-dominoes":
		n := 1 + rng.IntN(6)
		if small {
			n = 1 + rng.IntN(3)
		}
		b := make([]byte, n)
		for i := range b {
			b[i] = "lre"[rng.IntN(3)]
		}
		return string(b)
	}
	return []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"}[rng.IntN(12)]
}

var variantBases = []string{"domineering", "clobber", "toppling-dominoes", "partizan-subtraction:1,2|2,3"}

// TestDicoticTwistedPlain checks the values of the variants of four
// rulesets against the plain search of their definitions, on hundreds
// of random small positions and sums of two (the sum of the variant's
// positions, d(G) + d(H), not d(G + H)).
func TestDicoticTwistedPlain(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(53, 2))
	for _, base := range variantBases {
		for _, variant := range []string{"dicotic", "twisted"} {
			name := variant + ":" + base
			rules, err := games.Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			if rules.Name() != name {
				t.Errorf("%s: Name() = %q", name, rules.Name())
			}
			baseRules, _ := games.Lookup(base)
			e := games.NewEngine(rules, nil)
			s := newSearch(t, variant == "twisted")
			n := 150
			if testing.Short() {
				n = 40
			}
			for i := range n {
				texts := []string{randomPosition(rng, base, false)}
				if i%3 == 0 {
					texts = append(texts, randomPosition(rng, base, true))
				}
				var ps, bs []games.Position
				for _, x := range texts {
					p, err := rules.Parse(x)
					if err != nil {
						t.Fatalf("%s %q: %v", name, x, err)
					}
					b, _ := baseRules.Parse(x)
					ps, bs = append(ps, p), append(bs, b)
				}
				got, err := e.Value(ctx, games.Sum(ps...))
				if err != nil {
					t.Fatalf("%s %q: %v", name, texts, err)
				}
				// A sum of the variant's positions is the disjunctive sum
				// of their values, not the variant of the base sum.
				want := partizan.Zero
				for _, b := range bs {
					want, _ = partizan.NewCalculator(nil).Sum(context.Background(), want, s.value(b))
				}
				if !got.Game.Equal(want) {
					t.Errorf("%s %q = %v, the plain search %v", name, texts, got.Game, want)
				}
			}
		}
	}
}

// isDicotic reports whether every follower of g has options for both
// players or for neither.
func isDicotic(g *partizan.Game) bool {
	l, r := g.Left(), g.Right()
	if (len(l) == 0) != (len(r) == 0) {
		return false
	}
	for _, h := range append(l, r...) {
		if !isDicotic(h) {
			return false
		}
	}
	return true
}

// TestDicoticForms checks that the canonical form of every position of
// a dicotic variant is dicotic, on random positions.
func TestDicoticForms(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(53, 3))
	for _, base := range variantBases {
		rules, _ := games.Lookup("dicotic:" + base)
		e := games.NewEngine(rules, nil)
		for range 60 {
			x := randomPosition(rng, base, false)
			p, _ := rules.Parse(x)
			v, err := e.Value(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			if !isDicotic(v.Game) {
				t.Errorf("dicotic:%s %q = %v, not dicotic", base, x, v.Game)
			}
		}
	}
}

// TestTwistedNegation checks the twisted variant's rule option by option
// through the engine, t(G) = {−t(G^L) | −t(G^R)}, that "-(P)" and Neg
// give −t(P), and that both variants of an impartial ruleset are the
// ruleset.
func TestTwistedNegation(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(53, 4))
	for _, base := range variantBases {
		rules, _ := games.Lookup("twisted:" + base)
		baseRules, _ := games.Lookup(base)
		e := games.NewEngine(rules, nil)
		value := func(p games.Position) *partizan.Game {
			v, err := e.Value(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			return v.Game
		}
		for range 40 {
			x := randomPosition(rng, base, false)
			p, _ := rules.Parse(x)
			b, _ := baseRules.Parse(x)
			var sides [2][]*partizan.Game
			for who := games.Left; who <= games.Right; who++ {
				for _, o := range b.Options(who) {
					// t(o), negated: the option of t(G) is −t(G^L).
					to, _ := rules.Parse(o.String())
					sides[who] = append(sides[who], value(to).Neg())
				}
			}
			want, _ := partizan.New(sides[0], sides[1])
			if got := value(p); !got.Equal(want) {
				t.Errorf("twisted:%s %q = %v, from its options %v", base, x, got, want)
			}
			neg, err := rules.Parse("-(" + x + ")")
			if err != nil {
				t.Fatal(err)
			}
			if !value(neg).Equal(value(p).Neg()) || !value(p.(games.Negator).Neg()).Equal(value(p).Neg()) {
				t.Errorf("twisted:%s -(%s) is not the negative", base, x)
			}
		}
	}
	for _, v := range []string{"dicotic:nim", "twisted:octal:0.77"} {
		r, err := games.Lookup(v)
		if err != nil || r.Kind() != games.Impartial || strings.Contains(r.Name(), ":") && !strings.HasPrefix(r.Name(), "octal") {
			t.Errorf("%s: %v %v %q", v, err, r.Kind(), r.Name())
		}
	}
}

// FuzzVariantParse reads arbitrary text as a position of the twisted
// and dicotic variants of Clobber: Parse fails with ErrInput on one
// line, or gives a position that reads back from its text with the same
// key.
func FuzzVariantParse(f *testing.F) {
	for _, s := range []string{"xo|ox", "-(xo.)", "-(xo", "-()", "", "-(-(xo))"} {
		f.Add(s)
	}
	var rules []games.Ruleset
	for _, n := range []string{"twisted:clobber", "dicotic:clobber"} {
		r, err := games.Lookup(n)
		if err != nil {
			f.Fatal(err)
		}
		rules = append(rules, r)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, r := range rules {
			p, err := r.Parse(s)
			if err != nil {
				if !errors.Is(err, games.ErrInput) || strings.ContainsAny(err.Error(), "\n\r") {
					t.Fatalf("%s %q: %v", r.Name(), s, err)
				}
				continue
			}
			q, err := r.Parse(p.String())
			if err != nil || string(q.AppendKey(nil)) != string(p.AppendKey(nil)) {
				t.Fatalf("%s %q: reads back from %q as %v (%v)", r.Name(), s, p, q, err)
			}
		}
	})
}
