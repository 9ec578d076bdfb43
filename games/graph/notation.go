package graph

import (
	"strings"

	"github.com/nimbers/grundy/games"
)

// hackenbushNotation writes the tree with the edge colours colors (of
// the edges above nodes 1..n−1, as readColouredTree reads them) in the
// notation of the ruleset hackenbush-tree: each edge's colour, then the
// edges above it, in parentheses where they branch; the edges on the
// ground, node 0, separated by blanks. It fails with an error wrapping
// games.ErrInput for a tree the ruleset would refuse, of more than 2^16
// edges, or with colours of another number.
func (t *Tree) hackenbushNotation(colors []Color) (string, error) {
	if len(colors) != t.Len()-1 {
		return "", games.InputErrorf("%d colours for %d edges", len(colors), t.Len()-1)
	}
	if len(colors) > maxNotation {
		return "", games.InputErrorf("a tree of %d edges, more than %d", len(colors), maxNotation)
	}
	for i, c := range colors {
		if c != Blue && c != Red && c != Green {
			return "", games.InputErrorf("edge %d has colour %q, not B, R or G", i+1, c)
		}
	}
	var b strings.Builder
	var write func(v int)
	write = func(v int) {
		for i, k := range t.children(v) {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteByte(byte(colors[k-1]))
			switch len(t.children(int(k))) {
			case 0:
			case 1:
				write(int(k))
			default:
				b.WriteByte('(')
				write(int(k))
				b.WriteByte(')')
			}
		}
	}
	write(0)
	return b.String(), nil
}
