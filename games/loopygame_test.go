package games_test

import (
	"errors"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
)

// TestLoopyValue checks LoopyValue against the value CGSuite gives for
// Backsliding Toads and Frogs ttt..fff, and its refusals.
func TestLoopyValue(t *testing.T) {
	v, err := games.LoopyValue(t.Context(), "toads-frogs:backsliding", "ttt..fff", nil)
	if err != nil || v.Game != "{on||0|-1/2} & {1/2|0||off}" {
		t.Errorf("ttt..fff: %q, %v; CGSuite gives {on||0|-1/2} & {1/2|0||off}", v.Game, err)
	}
	if _, err := games.LoopyValue(t.Context(), "toads-frogs", "tq", nil); !errors.Is(err, games.ErrInput) {
		t.Errorf("tq: %v, want an input error", err)
	}
	if _, err := games.LoopyValue(t.Context(), "no-such-ruleset", "t", nil); !errors.Is(err, games.ErrInput) {
		t.Errorf("an unknown ruleset: %v, want an input error", err)
	}
	var tl *budget.TooLargeError
	if _, err := games.LoopyValue(t.Context(), "toads-frogs:backsliding", "tttttt......ffffff", &budget.Options{Limit: 1000}); !errors.As(err, &tl) {
		t.Errorf("a strip past the limit: %v, want a *budget.TooLargeError", err)
	}
}

// TestCanonical checks Canonical against Hackenbush strings valued by
// hand (Winning Ways: Blue under Red is 1/2, BRR is 1/4, a green edge
// is *), and its refusals.
func TestCanonical(t *testing.T) {
	for in, want := range map[string]string{"BR": "1/2", "BRR": "1/4", "G": "*", "B R": "0"} {
		if g, err := games.Canonical(t.Context(), "hackenbush-string", in, nil); err != nil || g.String() != want {
			t.Errorf("%s: %v, %v; want %s", in, g, err, want)
		}
	}
	for _, q := range [][2]string{{"hackenbush-string", "BQ"}, {"no-such-ruleset", "B"}, {"toads-frogs", "t.f"}} {
		if _, err := games.Canonical(t.Context(), q[0], q[1], nil); !errors.Is(err, games.ErrInput) {
			t.Errorf("%s %s: %v, want an input error", q[0], q[1], err)
		}
	}
}
