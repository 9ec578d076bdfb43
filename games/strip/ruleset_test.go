package strip

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/outcome"
)

// TestRuleset checks the engine on the ruleset's positions against Game
// on random strips: the same simplest form where Game's value is a
// stopper, and against the plain search's outcomes everywhere.
func TestRuleset(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 1))
	stoppers := 0
	for range 200 {
		b := make([]byte, 1+rng.IntN(8))
		for i := range b {
			b[i] = ".tf"[rng.IntN(3)]
		}
		pos := string(b)
		name := []string{"toads-frogs", "toads-frogs:backsliding", "toads-frogs:jump=2", "toads-frogs:backsliding,jump=0"}[rng.IntN(4)]
		rs, err := games.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		if rs.Name() != name {
			t.Errorf("Lookup(%q) is named %q", name, rs.Name())
		}
		r := rs.(rules).r
		p, err := rs.Parse(pos)
		if err != nil {
			t.Fatal(err)
		}
		e := games.NewEngine(rs, nil)
		x, err := e.Loopy(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		want, err := r.game(ctx, pos, nil)
		if err != nil {
			t.Fatal(err)
		}
		if want.IsStopper() {
			stoppers++
			xs, err1 := simplestForm(ctx, x)
			ws, err2 := simplestForm(ctx, want)
			if err1 != nil || err2 != nil || xs.String() != ws.String() {
				t.Fatalf("%s %s: the engine gives %v (%v), Game %v (%v)", name, pos, xs, err1, ws, err2)
			}
		}
		w := outcomes(r, pos)[pos]
		res := func(o int, moverWins, moverLoses outcome.Result) outcome.Result {
			switch o {
			case 1:
				return moverWins
			case -1:
				return moverLoses
			}
			return outcome.Draw
		}
		wantClass := outcome.Of(res(w[0], outcome.LeftWins, outcome.RightWins), res(w[1], outcome.RightWins, outcome.LeftWins))
		if o, err := e.Outcome(ctx, p); err != nil || o != wantClass {
			t.Fatalf("%s %s: outcome %v %v, the search gives %v", name, pos, o, err, wantClass)
		}
	}
	if stoppers == 0 {
		t.Error("no stoppers")
	}
	// CGSuite's value of ttttt..fffff, as TestCGSuiteValues.
	p, _ := classic.Rules().Parse("ttttt..fffff")
	x, err := games.NewEngine(classic.Rules(), nil).Loopy(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	if v, err := simplestForm(ctx, x); err != nil || v.String() != "+-{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}|||v<2>|-1/2||-1*}|||0}}" {
		t.Errorf("ttttt..fffff: %v %v", v, err)
	}
	big, _ := backsliding.Rules().Parse("tttttttttt..........ffffffffff")
	if _, err := games.NewEngine(backsliding.Rules(), nil).Graph(ctx, big); !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("a long backsliding strip: %v", err)
	}
	for _, s := range []string{"toads-frogs:jump", "toads-frogs:jump=-1", "toads-frogs:backsliding=1", "toads-frogs:backsliding,backsliding", "toads-frogs:x"} {
		if _, err := games.Lookup(s); !errors.Is(err, games.ErrInput) {
			t.Errorf("Lookup(%q): %v", s, err)
		}
	}
	for _, e := range games.Entries() {
		if e.Name == "toads-frogs" {
			r, _ := games.Lookup(e.Example[0])
			if _, err := r.Parse(e.Example[1]); err != nil {
				t.Errorf("the example: %v", err)
			}
		}
	}
}

// FuzzParseRuleset checks that the ruleset's Parse never panics and
// that a strip it accepts reads back the same.
func FuzzParseRuleset(f *testing.F) {
	for _, s := range []string{"ttt..fff", "t.f", "", "tx", strings.Repeat("t", 65)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := backsliding.Rules().Parse(s)
		if err != nil {
			if !errors.Is(err, games.ErrInput) {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		if back, err := backsliding.Rules().Parse(p.String()); err != nil || back.String() != s {
			t.Fatalf("%q reads back as %v, %v", s, back, err)
		}
	})
}
