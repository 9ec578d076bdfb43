// Package gametest holds what the tests of the rulesets share: looking a
// ruleset up and reading a position, failing the test on an error.
package gametest

import (
	"testing"

	"github.com/nimbers/grundy/games"
)

// Lookup returns the registered ruleset name, or fails t.
func Lookup(t testing.TB, name string) games.Ruleset {
	t.Helper()
	r, err := games.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Parse returns the position s of r, or fails t.
func Parse(t testing.TB, r games.Ruleset, s string) games.Position {
	t.Helper()
	p, err := r.Parse(s)
	if err != nil {
		t.Fatalf("%s %q: %v", r.Name(), s, err)
	}
	return p
}
