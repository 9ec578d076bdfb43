package graph

import (
	"context"
	"errors"
	"fmt"
	"github.com/nimbers/grundy/ordinal"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nimbers/grundy/games"
)

// dagSearch decides the DAG game by search with every number kept below
// 2^bits: the outcome is the same as without the bound, since a winning
// reply (by nim-sums) never leaves the bound and the losing claim holds
// for every move.
type dagSearch struct {
	n    int
	out  [][]int
	bits uint
	memo map[uint64]bool
}

func (s *dagSearch) wins(pos uint64) bool {
	if w, ok := s.memo[pos]; ok {
		return w
	}
	mask := uint64(1)<<s.bits - 1
	get := func(p uint64, v int) uint64 { return p >> (uint(v) * s.bits) & mask }
	set := func(p uint64, v int, x uint64) uint64 {
		sh := uint(v) * s.bits
		return p&^(mask<<sh) | x<<sh
	}
	win := false
	for v := 0; v < s.n && !win; v++ {
		for x := uint64(0); x < get(pos, v) && !win; x++ {
			base := set(pos, v, x)
			// Every setting of the out-neighbours.
			outs := s.out[v]
			total := uint64(1) << (uint(len(outs)) * s.bits)
			for code := uint64(0); code < total && !win; code++ {
				p := base
				for i, u := range outs {
					p = set(p, u, code>>(uint(i)*s.bits)&mask)
				}
				if !s.wins(p) {
					win = true
				}
			}
		}
	}
	s.memo[pos] = win
	return win
}

func TestDAGAgainstSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	trials := 300
	if testing.Short() {
		trials = 100
	}
	for range trials {
		n := 1 + r.IntN(4)
		var arcs [][2]int
		out := make([][]int, n)
		for u := range n {
			for v := u + 1; v < n; v++ {
				if r.IntN(2) == 0 {
					arcs = append(arcs, [2]int{u, v})
					out[u] = append(out[u], v)
				}
			}
		}
		h := make([]uint64, n)
		var pos uint64
		for v := range h {
			h[v] = uint64(r.IntN(4))
			pos |= h[v] << (2 * v)
		}
		d, err := newDAG(h, arcs)
		if err != nil {
			t.Fatal(err)
		}
		s := &dagSearch{n: n, out: out, bits: 2, memo: map[uint64]bool{}}
		want := s.wins(pos)
		if got := !d.Nimber().IsZero(); got != want {
			t.Fatalf("h=%v arcs=%v: value %v, search wins=%v", h, arcs, d.Nimber(), want)
		}
		next, ok := winningMove(d)
		if ok != want {
			t.Fatalf("h=%v arcs=%v: move %v %v", h, arcs, next, ok)
		}
		if !ok {
			continue
		}
		// A legal move: one vertex lowered, changes elsewhere only at its
		// out-neighbours; and it wins.
		var moved []int
		var after uint64
		for v := range h {
			after |= next[v] << (2 * v)
			if next[v] < h[v] {
				moved = append(moved, v)
			}
		}
		legal := false
		for _, v := range moved {
			ok := true
			for u := range h {
				if u != v && next[u] != h[u] && !contains(out[v], u) {
					ok = false
				}
			}
			legal = legal || ok
		}
		if !legal || s.wins(after) {
			t.Fatalf("h=%v arcs=%v: move to %v is illegal or loses", h, arcs, next)
		}
	}
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func TestDAGLevels(t *testing.T) {
	// A transitive tournament on 5 vertices: vertex i reaches all j > i,
	// so its level is 4 - i.
	var arcs [][2]int
	for i := range 5 {
		for j := i + 1; j < 5; j++ {
			arcs = append(arcs, [2]int{i, j})
		}
	}
	d, err := newDAG([]uint64{1, 0, 0, 3, 5}, arcs)
	if err != nil {
		t.Fatal(err)
	}
	for v := range 5 {
		if d.levelOf(v) != 4-v {
			t.Errorf("level of %d: %d", v, d.levelOf(v))
		}
	}
	if got := d.Nimber().String(); got != "ω^4 + ω·3 + 5" {
		t.Errorf("value %s", got)
	}
	for _, arcs := range [][][2]int{{{0, 1}, {1, 0}}, {{2, 2}}, {{0, 3}}} {
		if _, err := newDAG(make([]uint64, 3), arcs); !errors.Is(err, games.ErrInput) {
			t.Errorf("NewDAG(%v): %v", arcs, err)
		}
	}
}

func ExampleDAG() {
	// 0 → 1 → 2 and 0 → 2: levels 2, 1, 0.
	d, _ := newDAG([]uint64{1, 2, 3}, [][2]int{{0, 1}, {1, 2}, {0, 2}})
	fmt.Println(d.Nimber())
	// The winning move is to a position of value 0.
	fmt.Println(d.MoveTo(ordinal.Ordinal{}))
	// Output:
	// ω^2 + ω·2 + 3
	// 0 0 0; 0>1 0>2 1>2
}

// winningMove returns the numbers after the move to value 0, or false
// when there is none.
func winningMove(d *DAG) ([]uint64, bool) {
	o := d.MoveTo(ordinal.Ordinal{})
	if o == nil {
		return nil, false
	}
	return o.(*DAG).numbers(), true
}

// randomDAG returns numbers below 4 on n vertices and random arcs u → v
// for u < v, with the out-neighbour lists.
func randomDAG(r *rand.Rand, n int) ([]uint64, [][2]int, [][]int) {
	h := make([]uint64, n)
	out := make([][]int, n)
	var arcs [][2]int
	for u := range n {
		h[u] = uint64(r.IntN(4))
		for v := u + 1; v < n; v++ {
			if r.IntN(2) == 0 {
				arcs = append(arcs, [2]int{u, v})
				out[u] = append(out[u], v)
			}
		}
	}
	return h, arcs, out
}

// TestDAGSumsAgainstSearch checks the ordinals, not only whether they are
// 0: G + H is a second-player win exactly when G and H have one value, and
// the search plays G + H as one graph.
func TestDAGSumsAgainstSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	rules := games.Ruleset(dagRules{})
	e := games.NewEngine(rules, nil)
	for range 200 {
		n1, n2 := 1+r.IntN(2), 1+r.IntN(3)
		h1, arcs1, out1 := randomDAG(r, n1)
		h2, arcs2, out2 := randomDAG(r, n2)
		if r.IntN(3) == 0 {
			copy(h2, h1)
		}
		g, _ := newDAG(h1, arcs1)
		h, _ := newDAG(h2, arcs2)
		out := append(out1, make([][]int, n2)...)
		var pos uint64
		for v, x := range append(slices.Clone(h1), h2...) {
			pos |= x << (2 * v)
		}
		for u, vs := range out2 {
			for _, v := range vs {
				out[n1+u] = append(out[n1+u], n1+v)
			}
		}
		s := &dagSearch{n: n1 + n2, out: out, bits: 2, memo: map[uint64]bool{}}
		equal := g.Nimber().Equal(h.Nimber())
		if s.wins(pos) == equal {
			t.Fatalf("%v and %v: values %v and %v, search of the sum wins=%v", g, h, g.Nimber(), h.Nimber(), !equal)
		}
		// The engine's winning moves in the sum lead to second-player wins.
		sum := games.Sum(g, h)
		ms, err := e.Moves(context.Background(), sum, false)
		if err != nil {
			t.Fatal(err)
		}
		if (len(ms) > 0) == equal {
			t.Fatalf("%v: %d winning moves, values equal=%v", sum, len(ms), equal)
		}
		for _, m := range ms {
			var after uint64
			i := 0
			for _, c := range m.To.(interface{ Components() []games.Position }).Components() {
				for _, x := range c.(*DAG).numbers() {
					after |= x << (2 * i)
					i++
				}
			}
			if after >= 1<<(2*(n1+n2)) || s.wins(after) {
				t.Fatalf("%v: the move to %v does not win", sum, m.To)
			}
		}
	}
}

// TestDAGMoveTo checks that MoveTo makes one legal move to the value asked.
func TestDAGMoveTo(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	for range 300 {
		h, arcs, out := randomDAG(r, 1+r.IntN(6))
		d, _ := newDAG(h, arcs)
		a := d.Nimber()
		// beta: a random ordinal below a, coefficient by coefficient.
		c := a.Coeffs()
		if len(c) == 0 {
			if d.MoveTo(ordinal.Ordinal{}) != nil {
				t.Fatalf("%v: a move from 0", d)
			}
			continue
		}
		k := r.IntN(len(c))
		for c[k] == 0 {
			k = r.IntN(len(c))
		}
		c[k] = uint64(r.IntN(int(c[k])))
		for j := range k {
			c[j] = uint64(r.IntN(8))
		}
		beta := ordinal.New(c...)
		o, ok := d.MoveTo(beta).(*DAG)
		if !ok {
			t.Fatalf("%v: no move to %v below %v", d, beta, a)
		}
		if !o.Nimber().Equal(beta) {
			t.Fatalf("%v: MoveTo(%v) gives %v of value %v", d, beta, o, o.Nimber())
		}
		next := o.numbers()
		legal := false
		for v := range h {
			if next[v] >= h[v] {
				continue
			}
			ok := true
			for u := range h {
				if u != v && next[u] != h[u] && !contains(out[v], u) {
					ok = false
				}
			}
			legal = legal || ok
		}
		if !legal {
			t.Fatalf("%v: MoveTo(%v) gives %v, not one move", d, beta, o)
		}
		if d.MoveTo(a) != nil {
			t.Fatalf("%v: a move to its own value", d)
		}
	}
}

func TestDAGParse(t *testing.T) {
	for _, c := range []struct{ in, out string }{
		{"1 2 3; 0>1 1>2 0>2", "1 2 3; 0>1 0>2 1>2"},
		{"  7 ", "7"},
		{"0,5;1>0", "0 5; 1>0"},
		{"18446744073709551615", "18446744073709551615"},
	} {
		p, err := dagRules{}.Parse(c.in)
		if err != nil || p.String() != c.out {
			t.Errorf("Parse(%q) = %v, %v; want %s", c.in, p, err, c.out)
		}
	}
	for _, in := range []string{"", ";", "1 2; 0>2", "1 x", "1 2; 0-1", "1; 0>0", "1 2; 0>1 1>0", "18446744073709551616", "1 2; 0>", "-1"} {
		if _, err := (dagRules{}).Parse(in); !errors.Is(err, games.ErrInput) {
			t.Errorf("Parse(%q): %v, want an input error", in, err)
		}
	}
}
