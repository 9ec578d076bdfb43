package graph

import (
	"context"
	"errors"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nimbers/grundy/games"

	"github.com/nimbers/grundy/budget"
)

// mustValue is Value with no deadline, for the tests' small graphs.
func (g *Graph) mustValue() uint64 {
	v, err := g.Value(context.Background())
	if err != nil {
		panic(err)
	}
	return v
}

// mustMovesTo is MovesTo with no deadline.
func (g *Graph) mustMovesTo(target uint64) []int {
	_, out, err := g.movesTo(context.Background(), target)
	if err != nil {
		panic(err)
	}
	return out
}

func TestHackenbushAgainstSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	trials := 3000
	if testing.Short() {
		trials = 500
	}
	for it := range trials {
		n, edges := randomGraph(r, 7, 12)
		if it%5 == 0 {
			n, edges = randomGraph(r, 4, 12) // dense: many cycles and repeats
		}
		g, err := NewGraph(n, edges)
		if err != nil {
			t.Fatal(err)
		}
		h := newHackenbushSearch(n, edges)
		s := h.start()
		want := h.value(s)
		if got := g.mustValue(); got != want {
			t.Fatalf("n=%d edges=%v: value %d, search %d", n, edges, got, want)
		}
		if v, moves, err := g.movesTo(t.Context(), 0); err != nil || v != want || !slices.Equal(moves, h.movesTo(0)) {
			t.Fatalf("n=%d edges=%v: value and winning moves %d %v, search %d %v", n, edges, v, moves, want, h.movesTo(0))
		}
		for _, target := range []uint64{0, uint64(r.IntN(6)), want ^ 1} {
			got := g.mustMovesTo(target)
			if w := h.movesTo(target); !slices.Equal(got, w) {
				t.Fatalf("n=%d edges=%v: moves to %d: %v, search %v", n, edges, target, got, w)
			}
		}
		grounded := g.groundedCopy()
		for i := range edges {
			if grounded[i] != (s>>i&1 == 1) {
				t.Fatalf("n=%d edges=%v: edge %d grounded=%v", n, edges, i, grounded[i])
			}
		}
	}
}

// TestHackenbushCycles checks long cycles through and above the ground,
// with things hanging from them, against the search.
func TestHackenbushCycles(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 2))
	for range 300 {
		k := 2 + r.IntN(7)
		n := k + 4
		var edges [][2]int
		base := r.IntN(2) // cycle through the ground, or on a stalk
		if base == 1 {
			edges = append(edges, [2]int{0, 1})
		}
		for i := range k {
			edges = append(edges, [2]int{base + i, base + (i+1)%k})
		}
		for len(edges) < 14 && r.IntN(3) > 0 {
			u := r.IntN(n)
			switch r.IntN(3) {
			case 0:
				edges = append(edges, [2]int{u, u})
			default:
				edges = append(edges, [2]int{base + r.IntN(k), u})
			}
		}
		r.Shuffle(len(edges), func(i, j int) { edges[i], edges[j] = edges[j], edges[i] })
		g, _ := NewGraph(n, edges)
		h := newHackenbushSearch(n, edges)
		if got, want := g.mustValue(), h.value(h.start()); got != want {
			t.Fatalf("edges=%v: value %d, search %d", edges, got, want)
		}
		if got, want := g.mustMovesTo(0), h.movesTo(0); !slices.Equal(got, want) {
			t.Fatalf("edges=%v: winning moves %v, search %v", edges, got, want)
		}
	}
}

func TestHackenbushTree(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	for range 500 {
		n := 1 + r.IntN(12)
		tr, err := newTree(randomParents(r, n))
		if err != nil {
			t.Fatal(err)
		}
		g := treeGraph(tr)
		var edges [][2]int
		for i := range g.numEdges() {
			u, v := g.edge(i)
			edges = append(edges, [2]int{u, v})
		}
		h := newHackenbushSearch(n, edges)
		want := h.value(h.start())
		if got := tr.hackenbushValue(); got != want {
			t.Fatalf("tree %v: colon principle %d, search %d", edges, got, want)
		}
		if got := g.mustValue(); got != want {
			t.Fatalf("tree %v: fusion %d, search %d", edges, got, want)
		}
	}
	// A stalk of n edges is worth n.
	stalk := make([]int, 99)
	for i := range stalk {
		stalk[i] = i
	}
	tr, _ := newTree(stalk)
	if v := tr.hackenbushValue(); v != 99 {
		t.Errorf("stalk of 99: %d", v)
	}
}

func TestNewTreeErrors(t *testing.T) {
	for _, parents := range [][]int{{1}, {0, 3}, {-1}, {2, 1}, {0, 3, 2}} {
		if _, err := newTree(parents); !errors.Is(err, games.ErrInput) {
			t.Errorf("NewTree(%v): %v", parents, err)
		}
	}
	if _, err := NewGraph(0, nil); !errors.Is(err, games.ErrInput) {
		t.Errorf("NewGraph(0): %v", err)
	}
	if _, err := NewGraph(2, [][2]int{{0, 2}}); !errors.Is(err, games.ErrInput) {
		t.Errorf("NewGraph with vertex 2 of 2: %v", err)
	}
}

func TestCoinTreeAgainstSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	for range 300 {
		n := 1 + r.IntN(9)
		tr, _ := newTree(randomParents(r, n))
		heads := make([]bool, n)
		var s uint32
		for v := range heads {
			heads[v] = r.IntN(2) == 0
			if heads[v] {
				s |= 1 << v
			}
		}
		c, err := newCoinTree(tr, heads)
		if err != nil {
			t.Fatal(err)
		}
		cs := newCoinSearch(tr)
		want := cs.value(s)
		if got := c.Value(); !got.IsUint64() || got.Uint64() != want {
			t.Fatalf("parents %v heads %v: value %v, search %d", tr.parent, heads, got, want)
		}
		// Each listed move wins; a head without a listed move has none.
		moved := map[int]bool{}
		for _, m := range c.WinningMoves() {
			moved[m.Node] = true
			next := s ^ 1<<m.Node
			for _, v := range m.Flip {
				if cs.desc[m.Node]>>v&1 == 0 {
					t.Fatalf("move %+v flips a non-descendant", m)
				}
				next ^= 1 << v
			}
			if s>>m.Node&1 == 0 || cs.value(next) != 0 {
				t.Fatalf("parents %v heads %v: move %+v does not win", tr.parent, heads, m)
			}
		}
		// Moves to another value, as in a sum.
		target := uint64(r.IntN(1 << tr.heightOf(0)))
		for _, m := range c.movesTo(new(big.Int).SetUint64(target)) {
			next := s ^ 1<<m.Node
			for _, v := range m.Flip {
				next ^= 1 << v
			}
			if cs.value(next) != target {
				t.Fatalf("parents %v heads %v: move %+v does not reach %d", tr.parent, heads, m, target)
			}
		}
		if len(c.movesTo(new(big.Int).Lsh(big.NewInt(1), 80))) != 0 {
			t.Fatalf("a move reaches 2^80")
		}
		for p := range n {
			if s>>p&1 == 0 || moved[p] {
				continue
			}
			d := cs.desc[p]
			for sub := d; ; sub = (sub - 1) & d {
				if cs.value(s^1<<p^sub) == 0 {
					t.Fatalf("parents %v heads %v: head %d has a winning move not listed", tr.parent, heads, p)
				}
				if sub == 0 {
					break
				}
			}
		}
	}
}

func TestCoinTreeTall(t *testing.T) {
	// A path of 200 nodes, all heads: value 2^200 - 1; the move turns
	// every coin.
	parents := make([]int, 199)
	for i := range parents {
		parents[i] = i
	}
	tr, _ := newTree(parents)
	heads := make([]bool, 200)
	for i := range heads {
		heads[i] = true
	}
	c, _ := newCoinTree(tr, heads)
	if v := c.Value(); v.BitLen() != 200 || v.TrailingZeroBits() != 0 {
		t.Errorf("value %v", v)
	}
	m := c.WinningMoves()
	if len(m) != 1 || m[0].Node != 0 || len(m[0].Flip) != 199 {
		t.Errorf("moves %v", m)
	}
	if _, err := newCoinTree(tr, heads[1:]); !errors.Is(err, games.ErrInput) {
		t.Errorf("199 coins on 200 nodes: %v", err)
	}
}

// allTrees calls f with the parents of every tree on n nodes whose parents
// are numbered below their children (every shape, many times).
func allTrees(n int, f func([]int)) {
	parents := make([]int, n-1)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			f(parents)
			return
		}
		for p := range i {
			parents[i-1] = p
			rec(i + 1)
		}
	}
	rec(1)
}

func checkLeafDeletion(t *testing.T, parents []int) {
	t.Helper()
	tr, err := newTree(parents)
	if err != nil {
		t.Fatal(err)
	}
	ls := newLeafSearch(tr)
	all := ^uint64(0) >> (64 - tr.Len())
	want := ls.value(all) != 0
	if got := leafDeletionWins(tr); got != want {
		t.Fatalf("parents %v: wins=%v, search %v", parents, got, want)
	}
	move, ok := LeafDeletionMove(tr)
	if ok != want {
		t.Fatalf("parents %v: move %v %v, search wins=%v", parents, move, ok, want)
	}
	if !ok {
		return
	}
	next := all
	for _, v := range move {
		if len(tr.children(v)) != 0 || (v == 0 && tr.Len() > 1) {
			t.Fatalf("parents %v: move %v deletes %d, not a leaf", parents, move, v)
		}
		next &^= 1 << v
	}
	if next == all || ls.value(next) != 0 {
		t.Fatalf("parents %v: move %v does not win", parents, move)
	}
}

// TestLeafDeletionRule confirms the forks rule on every tree of up to 9
// nodes (8 in short mode) and on random larger ones.
func TestLeafDeletionRule(t *testing.T) {
	top := 9
	if testing.Short() {
		top = 8
	}
	for n := 1; n <= top; n++ {
		allTrees(n, func(p []int) { checkLeafDeletion(t, p) })
	}
	r := rand.New(rand.NewPCG(5, 5))
	for range 1000 {
		checkLeafDeletion(t, randomParents(r, 10+r.IntN(8)))
	}
}

// leafValue returns the value of leaf deletion on tr by LeafDeletion.
func leafValue(t *testing.T, tr *Tree, opt *budget.Options) (uint64, error) {
	c, err := LeafDeletion(t.Context(), tr, opt)
	if err != nil {
		return 0, err
	}
	return c.Value(), nil
}

func TestLeafDeletionValue(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 6))
	for range 200 {
		tr, _ := newTree(randomParents(r, 1+r.IntN(12)))
		got, err := leafValue(t, tr, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := newLeafSearch(tr).value(^uint64(0) >> (64 - tr.Len()))
		if got != want {
			t.Fatalf("parents %v: %d, search %d", tr.parent, got, want)
		}
	}
	star := make([]int, 30)
	tr, _ := newTree(star)
	if _, err := leafValue(t, tr, nil); !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("star of 30 leaves: %v", err)
	}
	tr, _ = newTree(randomParents(r, 40))
	if _, err := leafValue(t, tr, &budget.Options{Limit: 100}); !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("40 nodes in 100 positions: %v", err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := LeafDeletion(ctx, tr, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	big := make([]int, 100)
	for i := range big {
		big[i] = i
	}
	tr, _ = newTree(big)
	if _, err := leafValue(t, tr, nil); !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("path of 101: %v", err)
	}
}

// TestCutValues checks the table method of cutValues against cutCycle,
// the direct fold, for weights of every size.
func TestCutValues(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	for range 2000 {
		k := 2 + r.IntN(200)
		ws := make([]uint64, k)
		limit := []int{2, 4, 8, 40, 1000}[r.IntN(5)]
		for i := range ws {
			ws[i] = uint64(r.IntN(limit))
		}
		got := cutValues(ws)
		for q := 1; q <= k; q++ {
			if want := cutCycle(ws, q); got[q-1] != want {
				t.Fatalf("weights %v: cut %d: %d, direct %d", ws, q, got[q-1], want)
			}
		}
	}
}

func TestLeafDeletionMovesTo(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 11))
	for range 200 {
		tr, _ := newTree(randomParents(r, 1+r.IntN(10)))
		ls := newLeafSearch(tr)
		all := ^uint64(0) >> (64 - tr.Len())
		target := uint64(r.IntN(4))
		c, err := LeafDeletion(t.Context(), tr, nil)
		if err != nil {
			t.Fatal(err)
		}
		moves, err := c.MovesTo(t.Context(), target)
		if err != nil {
			t.Fatal(err)
		}
		// The reference: every nonempty set of leaves (the root when alone).
		leaves := uint64(0)
		for v := range tr.Len() {
			if len(tr.children(v)) == 0 && (v > 0 || tr.Len() == 1) {
				leaves |= 1 << v
			}
		}
		want := 0
		for sub := leaves; sub != 0; sub = (sub - 1) & leaves {
			if ls.value(all&^sub) == target {
				want++
			}
		}
		if len(moves) != want {
			t.Fatalf("parents %v: %d moves to %d, search %d", tr.parent, len(moves), target, want)
		}
		for _, m := range moves {
			next := all
			for _, v := range m.(Deletion) {
				next &^= 1 << v
			}
			if ls.value(next) != target {
				t.Fatalf("parents %v: move %v does not reach %d", tr.parent, m, target)
			}
		}
	}
}

// TestPiecesRejectsCollisions feeds pieces classes that no true labels
// give (as colliding labels would): two back edges, or edges of two
// components; MovesTo would then draw new labels.
func TestPiecesRejectsCollisions(t *testing.T) {
	// Two triangles on the ground: 0-1-2 and 0-3-4.
	g, _ := NewGraph(5, [][2]int{{0, 1}, {1, 2}, {2, 0}, {0, 3}, {3, 4}, {4, 0}})
	a, _ := g.analyse(t.Context(), 0)
	var back, tree []int32
	for e, k := range a.kind {
		switch k {
		case edgeBack:
			back = append(back, int32(e))
		case edgeTree:
			tree = append(tree, int32(e))
		}
	}
	if len(back) != 2 || len(tree) != 4 {
		t.Fatalf("back edges %v, tree edges %v", back, tree)
	}
	p, _ := a.pieceData(t.Context())
	if _, _, ok := a.pieces(p, back, nil, nil); ok {
		t.Errorf("a class of two back edges was accepted")
	}
	if _, _, ok := a.pieces(p, tree, nil, nil); ok {
		t.Errorf("a class of the tree edges of two components was accepted")
	}
}

// TestStandingCutPieces checks Standing, Cut and Pieces on random graphs
// against the search: what stands has the graph's value and only grounded
// edges; cutting edge i leaves the value the search gives that move; the
// pieces' values nim-sum to the graph's.
func TestStandingCutPieces(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 9))
	for range 400 {
		n, edges := randomGraph(r, 6, 10)
		g, _ := NewGraph(n, edges)
		h := newHackenbushSearch(n, edges)
		want := h.value(h.start())
		s := g.standing()
		if s.mustValue() != want || slices.Contains(s.groundedCopy(), false) {
			t.Fatalf("edges %v: standing %v has value %d, want %d", edges, s.edges, s.mustValue(), want)
		}
		for i := range edges {
			if !g.groundedCopy()[i] {
				continue
			}
			c := g.cut(i)
			if got := c.mustValue(); !slices.Contains(h.movesTo(got), i) {
				t.Fatalf("edges %v: cutting %d leaves value %d, which the search does not reach by that cut", edges, i, got)
			}
			if slices.Contains(c.groundedCopy(), false) {
				t.Fatalf("edges %v: after cutting %d, fallen edges remain", edges, i)
			}
		}
		var sum uint64
		count := 0
		for _, p := range g.pieceList() {
			sum ^= p.mustValue()
			count += p.numEdges()
		}
		if sum != want || count != s.numEdges() {
			t.Fatalf("edges %v: pieces nim-sum to %d over %d edges, want %d over %d", edges, sum, count, want, s.numEdges())
		}
	}
}

// cutCycle returns the value of a cycle of pieces with weights ws, rooted
// at piece 0, after the edge between pieces q-1 and q (mod len) is cut:
// piece 0 with the chain 1..q-1 on one side and len-1..q on the other,
// each valued from its far end by x ↦ w ⊕ (x + 1).
func cutCycle(ws []uint64, q int) uint64 {
	k := len(ws)
	v := ws[0]
	if q > 1 {
		x := ws[q-1]
		for i := q - 2; i >= 1; i-- {
			x = ws[i] ^ (x + 1)
		}
		v ^= x + 1
	}
	if q < k {
		x := ws[q]
		for i := q + 1; i < k; i++ {
			x = ws[i] ^ (x + 1)
		}
		v ^= x + 1
	}
	return v
}

// TestHackenbushEngineWinningMoves checks the Engine's winning moves of
// random graphs, which it asks of the colon-principle engine, against a
// plain search of the whole graph: the edges named are exactly those
// whose cut leaves value 0. It checks the moves of sums of two graphs,
// which the Engine splits into pieces, the same way.
func TestHackenbushEngineWinningMoves(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	trials := 400
	if testing.Short() {
		trials = 100
	}
	for range trials {
		n, edges := randomGraph(r, 7, 12)
		g, err := NewGraph(n, edges)
		if err != nil {
			t.Fatal(err)
		}
		h := newHackenbushSearch(n, edges)
		e := games.NewEngine(hackenbushRules{}, nil)
		ms, err := e.WinningMoves(t.Context(), hackenbushPosition{G: g}, games.Left, false)
		if err != nil {
			t.Fatal(err)
		}
		var cuts []int
		for _, m := range ms {
			c, ok := m.How.(Cut)
			if !ok {
				t.Fatalf("edges %v: move %v names no cut", edges, m.To)
			}
			cuts = append(cuts, int(c))
			if v, err := e.Grundy(t.Context(), m.To); err != nil || v != 0 {
				t.Fatalf("edges %v: cut %d leaves %v of value %d, %v", edges, c, m.To, v, err)
			}
		}
		slices.Sort(cuts)
		if want := h.movesTo(0); !slices.Equal(cuts, want) {
			t.Fatalf("edges %v: winning cuts %v, search %v", edges, cuts, want)
		}

		// In a sum with a second graph, a cut of the first wins when it
		// leaves it the second's value.
		n2, edges2 := randomGraph(r, 5, 8)
		g2, err := NewGraph(n2, edges2)
		if err != nil {
			t.Fatal(err)
		}
		h2 := newHackenbushSearch(n2, edges2)
		v2 := h2.value(h2.start())
		sum := games.Sum(hackenbushPosition{G: g}, hackenbushPosition{G: g2})
		ms, err = e.WinningMoves(t.Context(), sum, games.Left, false)
		if err != nil {
			t.Fatal(err)
		}
		want := len(h.movesTo(v2)) + len(h2.movesTo(h.value(h.start())))
		if len(ms) != want {
			t.Fatalf("edges %v + %v: %d winning moves, search %d", edges, edges2, len(ms), want)
		}
		for _, m := range ms {
			if v, err := e.Grundy(t.Context(), m.To); err != nil || v != 0 || m.How == nil {
				t.Fatalf("edges %v + %v: %v leaves %v of value %d, %v", edges, edges2, m.How, m.To, v, err)
			}
		}
	}
}
