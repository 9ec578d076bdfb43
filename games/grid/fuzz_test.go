package grid

import (
	"errors"
	"strings"
	"testing"

	"github.com/nimbers/grundy/games"
)

// FuzzParseBoard reads arbitrary text as a position of each grid ruleset:
// Parse must fail with ErrInput on one line or give a position that reads
// back from its own text with the same key.
func FuzzParseBoard(f *testing.F) {
	for _, s := range []string{"xoxo|oxox", "....|..#.", "4x7", "3x2 1x1", "x.o|#..", "|", "", "xo|o"} {
		f.Add(s)
	}
	rules := []games.Ruleset{DomineeringRules, CramRules, ClobberRules, CutcakeRules}
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
				t.Fatalf("%s %q: reads back from %q as %v (%v)", r.Name(), s, p.String(), q, err)
			}
		}
	})
}
