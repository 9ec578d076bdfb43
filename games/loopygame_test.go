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
