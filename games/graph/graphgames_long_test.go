//go:build long

package graph

import "testing"

// TestGraphGamesPlainLong checks larger random graphs against the plain
// search: up to 9 vertices, 7 in Hackenbush.
func TestGraphGamesPlainLong(t *testing.T) { checkPlain(t, 11, 150, 9, 7) }
