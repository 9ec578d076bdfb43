package loopy

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nimbers/grundy/budget"
)

// simplifyAllPairs is the textbook reduction Simplify refines: compare
// every pair of positions of x at once, then bypass reversible options,
// drop dominated ones and fuse equal positions everywhere.
func simplifyAllPairs(x Game) Game {
	x = x.compact()
	g := x.graph()
	s, err := survive(newMeter(context.Background(), &budget.Options{Limit: -1, Memory: -1}), g, g)
	if err != nil {
		panic(err)
	}
	n := len(g.l)
	l, r := make([][]int, n), make([][]int, n)
	for v := range n {
		l[v], r[v] = slices.Clone(g.l[v]), slices.Clone(g.r[v])
	}
	leftOf := func(u int) ([]int, int) { return l[u], 0 }
	rightOf := func(u int) ([]int, int) { return r[u], 0 }
	for v := range n {
		var ok, ok2 bool
		l[v], ok = bypass(l[v], leftOf, rightOf, func(w int) bool { return s.geq(v, w) }, 4*n*n+16)
		r[v], ok2 = bypass(r[v], rightOf, leftOf, func(w int) bool { return s.geq(w, v) }, 4*n*n+16)
		if !ok || !ok2 {
			panic("not a stopper")
		}
		l[v] = undominated(l[v], func(a, b int) bool { return s.geq(b, a) })
		r[v] = undominated(r[v], func(a, b int) bool { return s.geq(a, b) })
	}
	rep := make([]int, n)
	for v := range n {
		rep[v] = v
		for u := range v {
			if rep[u] == u && s.geq(u, v) && s.geq(v, u) {
				rep[v] = u
				break
			}
		}
	}
	h := &graph{l: make([][]int, n), r: make([][]int, n)}
	for v := range n {
		h.l[v], h.r[v] = renumber(l[v], rep), renumber(r[v], rep)
	}
	return canonical(Game{h, rep[x.start]}.compact())
}

// TestSimplifyAgainstAllPairs checks the component-wise Simplify
// against the all-pairs reduction on random stoppers and their sums,
// whose graphs have many components.
//
// Short games are left to FromShort, so only games with cycles count.
func TestSimplifyAgainstAllPairs(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 4))
	multi := 0
	for i := range 2000 {
		x := randomStopper(r)
		if i%2 == 1 {
			x, _ = add(x, randomStopper(r))
		}
		if i%3 == 2 {
			x, _ = add(x, randomStopper(r).Neg())
		}
		if !x.IsStopper() {
			continue
		}
		if _, short := x.Short(); !short && len(components(x.compact().graph())) > 1 {
			multi++
		}
		got, err := Simplify(context.Background(), x, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := simplifyAllPairs(x)
		l1, r1 := got.Graph()
		l2, r2 := want.Graph()
		if !slices.EqualFunc(l1, l2, slices.Equal) || !slices.EqualFunc(r1, r2, slices.Equal) {
			t.Fatalf("%v: Simplify gives %v, the all-pairs reduction %v", x, got, want)
		}
	}
	t.Logf("%d games with cycles and several components", multi)
	if multi < 300 {
		t.Errorf("only %d games with cycles and more than one component", multi)
	}
}

// TestComponents checks Tarjan's order: every move leads within the
// component or to one listed before it.
func TestComponents(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	for range 300 {
		g := randomGame(r, 1+r.IntN(12), 0.15).graph()
		comp := make([]int, len(g.l))
		seen := 0
		for i, c := range components(g) {
			for _, v := range c {
				comp[v] = i
				seen++
			}
		}
		if seen != len(g.l) {
			t.Fatalf("%d of %d vertices in components", seen, len(g.l))
		}
		for v := range g.l {
			for _, w := range append(slices.Clone(g.l[v]), g.r[v]...) {
				if comp[w] > comp[v] {
					t.Fatalf("%d → %d goes to a later component", v, w)
				}
				// w in v's component must reach v.
				if comp[w] == comp[v] && !reaches(g, w, v) {
					t.Fatalf("%d and %d share a component, but %d cannot reach %d", v, w, w, v)
				}
			}
		}
	}
}

func reaches(g *graph, from, to int) bool {
	seen := map[int]bool{from: true}
	stack := []int{from}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if v == to {
			return true
		}
		for _, w := range append(slices.Clone(g.l[v]), g.r[v]...) {
			if !seen[w] {
				seen[w] = true
				stack = append(stack, w)
			}
		}
	}
	return false
}

// TestSimplifyRefusal: a component too large to compare is refused
// before any work, and a cancelled context stops the work.
func TestSimplifyRefusal(t *testing.T) {
	n := 8000
	l, rr := make([][]int, n), make([][]int, n)
	for v := range n {
		l[v] = []int{(v + 1) % n} // one cycle of Left moves
	}
	x, err := New(l, rr, 0)
	if err != nil {
		t.Fatal(err)
	}
	var tl *budget.TooLargeError
	if _, err := Simplify(context.Background(), x, nil); !errors.As(err, &tl) || tl.Estimate <= tl.Limit {
		t.Fatalf("a cycle of %d: %v, want a refusal with an estimate", n, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	y, _ := add(On(), On())
	if _, err := Simplify(ctx, y, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
}
