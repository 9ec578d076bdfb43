package graph

import (
	"errors"
	"fmt"
	"math/rand/v2"
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
		d, err := NewDAG(h, arcs)
		if err != nil {
			t.Fatal(err)
		}
		s := &dagSearch{n: n, out: out, bits: 2, memo: map[uint64]bool{}}
		want := s.wins(pos)
		if got := !d.Value().IsZero(); got != want {
			t.Fatalf("h=%v arcs=%v: value %v, search wins=%v", h, arcs, d.Value(), want)
		}
		next, ok := d.WinningMove()
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
	d, err := NewDAG([]uint64{1, 0, 0, 3, 5}, arcs)
	if err != nil {
		t.Fatal(err)
	}
	for v := range 5 {
		if d.Level(v) != 4-v {
			t.Errorf("level of %d: %d", v, d.Level(v))
		}
	}
	if got := d.Value().String(); got != "ω^4 + ω·3 + 5" {
		t.Errorf("value %s", got)
	}
	for _, arcs := range [][][2]int{{{0, 1}, {1, 0}}, {{2, 2}}, {{0, 3}}} {
		if _, err := NewDAG(make([]uint64, 3), arcs); !errors.Is(err, games.ErrInput) {
			t.Errorf("NewDAG(%v): %v", arcs, err)
		}
	}
}

func ExampleDAG() {
	// 0 → 1 → 2 and 0 → 2: levels 2, 1, 0.
	d, _ := NewDAG([]uint64{1, 2, 3}, [][2]int{{0, 1}, {1, 2}, {0, 2}})
	fmt.Println(d.Value())
	next, ok := d.WinningMove()
	fmt.Println(ok, next)
	// Output:
	// ω^2 + ω·2 + 3
	// true [0 0 0]
}
