package graph

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/nimbers/grundy/budget"
)

// FuzzRead feeds every reader arbitrary text: none may panic, and a graph
// read must read back the same when written out again.
func FuzzRead(f *testing.F) {
	for _, s := range []string{"3 3\n0 1\n1 2\n2 0\n", "3\n0 1\nHTH\n", "4\n0 1 0\n", "4\n0 1 1\nBRG\n",
		"3 3\n1 2 3\n1 2\n2 3\n1 3\n", "2 2\n1 1\n1 2\n2 1\n", "2 1\n0 5\n", "0", "1 0", "2\n1\nHH", "3 3\n0 1\n1 2\n2 0\n1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, w := range strings.FieldsFunc(in, func(r rune) bool { return r < '0' || r > '9' }) {
			if len(w) > 5 {
				return // counts below 10^5, so runs stay short
			}
		}
		g, err := ReadGraph(strings.NewReader(in), "fuzz")
		if err == nil {
			var b strings.Builder
			fmt.Fprintf(&b, "%d %d\n", g.n, len(g.edges))
			for _, e := range g.edges {
				fmt.Fprintf(&b, "%d %d\n", e[0], e[1])
			}
			h, err := ReadGraph(strings.NewReader(b.String()), "again")
			if err != nil || h.mustValue() != g.mustValue() {
				t.Fatalf("%q: written out and read again: %v, value %d", in, err, g.mustValue())
			}
		}
		_, _ = ReadTree(strings.NewReader(in), "fuzz")
		_, _ = ReadCoinTree(strings.NewReader(in), "fuzz")
		_, _ = HackenbushTree(context.Background(), strings.NewReader(in), "fuzz", &budget.Options{Limit: 1000})
		_, _ = ReadDAG(strings.NewReader(in), "fuzz")
		if d, start, err := ReadDigraph(strings.NewReader(in), "fuzz", nil); err == nil {
			var b strings.Builder
			fmt.Fprintf(&b, "%d %d\n", d.Len(), len(d.out))
			for v := range d.Len() {
				for _, u := range d.Out(v) {
					fmt.Fprintf(&b, "%d %d\n", v, u)
				}
			}
			if start >= 0 {
				fmt.Fprintln(&b, start)
			}
			e, s2, err := ReadDigraph(strings.NewReader(b.String()), "again", nil)
			if err != nil || s2 != start || !slices.Equal(e.first, d.first) || !slices.Equal(e.out, d.out) {
				t.Fatalf("%q: written out and read again: %v", in, err)
			}
		}
	})
}
