package graph

import (
	"github.com/nimbers/grundy/ordinal"
	"math/rand/v2"
	"testing"
)

// benchGraph returns a random connected multigraph: a random tree on n
// vertices plus m-n+1 random extra edges (a sparse graph with one large
// 2-edge-connected component and many bridges when m is near n).
func benchGraph(n, m int, salt uint64) *Graph {
	r := rand.New(rand.NewPCG(salt, salt))
	edges := make([][2]int, 0, m)
	for v := 1; v < n; v++ {
		edges = append(edges, [2]int{r.IntN(v), v})
	}
	for len(edges) < m {
		edges = append(edges, [2]int{r.IntN(n), r.IntN(n)})
	}
	g, _ := NewGraph(n, edges)
	return g
}

func BenchmarkHackenbushValue100k(b *testing.B) {
	g := benchGraph(80000, 100000, 1)
	for b.Loop() {
		g.mustValue()
	}
}

func BenchmarkHackenbushMoves100k(b *testing.B) {
	g := benchGraph(80000, 100000, 1)
	for b.Loop() {
		g.mustMovesTo(0)
	}
}

// BenchmarkHackenbushCycle100k is the slow case of the winning moves: one
// cycle of 10^5 edges through the ground with a loop on every other
// vertex, a single class of 2-edge cuts whose pieces all weigh 1.
func BenchmarkHackenbushCycle100k(b *testing.B) {
	const k = 100000
	edges := make([][2]int, 0, k+k/2)
	for i := range k {
		edges = append(edges, [2]int{i, (i + 1) % k})
	}
	for i := 1; i < k; i += 2 {
		edges = append(edges, [2]int{i, i})
	}
	g, _ := NewGraph(k, edges)
	for b.Loop() {
		g.mustMovesTo(0)
	}
}

// BenchmarkDAG200k is Codeforces 1149E at its limits: n = m = 2·10^5.
func BenchmarkDAG200k(b *testing.B) {
	const n, m = 200000, 200000
	r := rand.New(rand.NewPCG(3, 3))
	h := make([]uint64, n)
	for i := range h {
		h[i] = uint64(r.IntN(1e9 + 1))
	}
	arcs := make([][2]int, m)
	for i := range arcs {
		u := r.IntN(n - 1)
		arcs[i] = [2]int{u, u + 1 + r.IntN(min(n-u-1, 50))}
	}
	for b.Loop() {
		d, _ := newDAG(h, arcs)
		d.MoveTo(ordinal.Ordinal{})
	}
}

// BenchmarkHackenbushHeavyCycle is the worst case known for the winning
// moves: a cycle of 5·10^4 edges through the ground with a stalk of
// 5·10^4 edges hanging from it, whose weight makes the table of cutValues
// larger than the cycle, so each cut is folded directly.
func BenchmarkHackenbushHeavyCycle(b *testing.B) {
	const k = 50000
	edges := make([][2]int, 0, 2*k)
	for i := range k {
		edges = append(edges, [2]int{i, (i + 1) % k})
	}
	// The stalk: k/2 - k, k - k+1, …, a path from cycle vertex k/2.
	prev := k / 2
	for i := range k {
		edges = append(edges, [2]int{prev, k + i})
		prev = k + i
	}
	g, _ := NewGraph(2*k, edges)
	for b.Loop() {
		g.mustMovesTo(0)
	}
}
