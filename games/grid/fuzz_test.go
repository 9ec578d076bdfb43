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

// FuzzParseVariants reads arbitrary text as a position of each ruleset
// of variants.go: Parse must fail with ErrInput on one line, or give a
// position that reads back from its text with the same key, whose
// components and options read back too.
func FuzzParseVariants(f *testing.F) {
	for _, s := range []string{"xoxo|oo..", "x...|o...", ".x.x|..x.|....|..x.", ".ox.|o..x|....", "x#o|.X.", "", "|x", "xo|o"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, r := range variantRules {
			p, err := r.Parse(s)
			if err != nil {
				if !errors.Is(err, games.ErrInput) || strings.ContainsAny(err.Error(), "\n\r") {
					t.Fatalf("%s %q: %v", r.Name(), s, err)
				}
				continue
			}
			same := func(p games.Position) {
				q, err := r.Parse(p.String())
				if err != nil || string(q.AppendKey(nil)) != string(p.AppendKey(nil)) {
					t.Fatalf("%s %q: reads back from %q as %v (%v)", r.Name(), s, p.String(), q, err)
				}
			}
			same(p)
			for _, c := range p.(games.Splitter).Components() {
				same(c)
			}
			for _, who := range []games.Player{games.Left, games.Right} {
				for _, o := range p.Options(who) {
					same(o)
				}
			}
		}
	})
}
