package loopy

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/partizan"
)

// A Game is a position in a finite game graph whose play may repeat:
// each vertex has Left options and Right options, vertices of the same
// graph. The zero Game is the game 0. Games are immutable.
type Game struct {
	g     *graph
	start int
}

// graph is a game graph: the Left and Right options of each vertex.
type graph struct {
	l, r [][]int
}

// errGraph is returned for a malformed game graph.
var errGraph = errors.New("malformed game graph")

// errNotStopper is returned where a stopper is needed and the game has an
// infinite alternating line of play.
var errNotStopper = errors.New("the game is not a stopper: it has an endless alternating line of play")

// maxVertices bounds the vertices of the graphs the operations build.
const maxVertices = 1 << 22

// New returns the game at vertex start of the graph in which vertex v
// has Left options left[v] and Right options right[v].
func New(left, right [][]int, start int) (Game, error) {
	n := len(left)
	if len(right) != n {
		return Game{}, fmt.Errorf("%w: %d vertices with Left options but %d with Right options", errGraph, n, len(right))
	}
	if n == 0 || start < 0 || start >= n {
		return Game{}, fmt.Errorf("%w: start vertex %d of %d", errGraph, start, n)
	}
	if n > maxVertices {
		return Game{}, &budget.TooLargeError{What: "a game graph", Unit: "vertices", Estimate: float64(n), Limit: maxVertices, Fixed: true}
	}
	g := &graph{l: make([][]int, n), r: make([][]int, n)}
	for v := range n {
		for side, opts := range [2][]int{left[v], right[v]} {
			for _, w := range opts {
				if w < 0 || w >= n {
					return Game{}, fmt.Errorf("%w: vertex %d has an option %d outside 0..%d", errGraph, v, w, n-1)
				}
			}
			o := slices.Clone(opts)
			slices.Sort(o)
			o = slices.Compact(o)
			if side == 0 {
				g.l[v] = o
			} else {
				g.r[v] = o
			}
		}
	}
	return Game{g, start}.compact(), nil
}

func (x Game) graph() *graph {
	if x.g == nil {
		return zeroGraph
	}
	return x.g
}

var zeroGraph = &graph{l: [][]int{nil}, r: [][]int{nil}}

// mustNew builds the constant games.
func mustNew(left, right [][]int) Game {
	g, err := New(left, right, 0)
	if err != nil {
		panic(err)
	}
	return g
}

// On returns on = {pass |}: Left always has a move, Right never.
func On() Game { return mustNew([][]int{{0}}, [][]int{nil}) }

// offGame returns off = {| pass}, the negative of on.
func offGame() Game { return On().Neg() }

// over returns over = {0 | pass}, positive and less than every positive
// number, greater than every infinitesimal of the short games.
func over() Game { return mustNew([][]int{{1}, nil}, [][]int{{0}, nil}) }

// under returns under = {pass | 0}, the negative of over.
func under() Game { return over().Neg() }

// upon returns upon = {pass | *}, the loopy relative of up.
func upon() Game { return mustNew([][]int{{0}, {2}, nil}, [][]int{{1}, {2}, nil}) }

// dud returns dud = {pass | pass}, the deathless universal draw: not a
// stopper.
func dud() Game { return mustNew([][]int{{0}}, [][]int{{0}}) }

// maxShort bounds the positions of a short game FromShort converts:
// the integer n alone has |n| + 1.
const maxShort = 1 << 16

// FromShort returns the short game g as a Game. It fails when g has
// more than maxShort positions.
func FromShort(g *partizan.Game) (Game, error) {
	b := &builder{}
	if b.short(g, map[[16]byte]int{}) < 0 {
		return Game{}, &budget.TooLargeError{What: "a short game as a loopy game", Unit: "positions", Limit: maxShort, Fixed: true}
	}
	return Game{&graph{b.l, b.r}, 0}, nil
}

// builder grows a graph vertex by vertex.
type builder struct {
	l, r [][]int
}

func (b *builder) vertex() int {
	b.l = append(b.l, nil)
	b.r = append(b.r, nil)
	return len(b.l) - 1
}

// short adds g's positions and returns g's vertex, or −1 past maxShort.
func (b *builder) short(g *partizan.Game, seen map[[16]byte]int) int {
	if v, ok := seen[g.Digest()]; ok {
		return v
	}
	if len(seen) >= maxShort {
		return -1
	}
	v := b.vertex()
	seen[g.Digest()] = v
	for _, o := range g.Left() {
		w := b.short(o, seen)
		if w < 0 {
			return -1
		}
		b.l[v] = append(b.l[v], w)
	}
	for _, o := range g.Right() {
		w := b.short(o, seen)
		if w < 0 {
			return -1
		}
		b.r[v] = append(b.r[v], w)
	}
	return v
}

// copyFrom copies the vertices of x reachable from its start into b and
// returns the vertex of the start.
func (b *builder) copyFrom(x Game) int {
	x = x.compact()
	g := x.graph()
	base := len(b.l)
	for v := range g.l {
		b.vertex()
		b.l[base+v] = shift(g.l[v], base)
		b.r[base+v] = shift(g.r[v], base)
	}
	return base + x.start
}

func shift(opts []int, d int) []int {
	out := make([]int, len(opts))
	for i, w := range opts {
		out[i] = w + d
	}
	return out
}

// compact returns x with only the vertices reachable from its start,
// numbered in the order a breadth-first walk meets them.
func (x Game) compact() Game {
	y, _ := x.compactNumbers()
	return y
}

// key returns a string that tells apart the graphs of compact games:
// each position's Left and then Right options, in order.
func (x Game) key() string {
	g := x.graph()
	b := make([]byte, 0, 16*len(g.l))
	b = binary.AppendUvarint(b, uint64(x.start))
	for v := range g.l {
		for _, opts := range [2][]int{g.l[v], g.r[v]} {
			b = binary.AppendUvarint(b, uint64(len(opts)))
			for _, w := range opts {
				b = binary.AppendUvarint(b, uint64(w))
			}
		}
	}
	return string(b)
}

// compactNumbers returns compact's game and the number in it of each
// vertex of x's graph, −1 for those it drops.
func (x Game) compactNumbers() (Game, []int) {
	g := x.graph()
	num := make([]int, len(g.l))
	for i := range num {
		num[i] = -1
	}
	order := []int{x.start}
	num[x.start] = 0
	for i := 0; i < len(order); i++ {
		v := order[i]
		for _, opts := range [2][]int{g.l[v], g.r[v]} {
			for _, w := range opts {
				if num[w] < 0 {
					num[w] = len(order)
					order = append(order, w)
				}
			}
		}
	}
	if len(order) == len(g.l) && x.start == 0 && slices.IsSorted(order) {
		return x, num
	}
	h := &graph{l: make([][]int, len(order)), r: make([][]int, len(order))}
	for i, v := range order {
		h.l[i] = renumber(g.l[v], num)
		h.r[i] = renumber(g.r[v], num)
	}
	return Game{h, 0}, num
}

func renumber(opts, num []int) []int {
	out := make([]int, len(opts))
	for i, w := range opts {
		out[i] = num[w]
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// len returns the number of positions reachable from x, x included.
func (x Game) len() int { return len(x.compact().graph().l) }

// Graph returns the positions reachable from x as a graph: the Left and
// Right options of each vertex, vertex 0 being x.
func (x Game) Graph() (left, right [][]int) {
	g := x.compact().graph()
	left = make([][]int, len(g.l))
	right = make([][]int, len(g.r))
	for v := range g.l {
		left[v] = slices.Clone(g.l[v])
		right[v] = slices.Clone(g.r[v])
	}
	return left, right
}

// Neg returns −x: the roles of Left and Right exchanged.
func (x Game) Neg() Game {
	g := x.graph()
	return Game{&graph{l: g.r, r: g.l}, x.start}
}

// add returns x + y, failing only past maxVertices positions.
func add(x, y Game) (Game, error) {
	x, y = x.compact(), y.compact()
	a, b := x.graph(), y.graph()
	nb := len(b.l)
	if est := float64(len(a.l)) * float64(nb); est > maxVertices {
		return Game{}, &budget.TooLargeError{What: "a sum of loopy games", Unit: "positions", Estimate: est, Limit: maxVertices, Fixed: true}
	}
	h := &graph{l: make([][]int, len(a.l)*nb), r: make([][]int, len(a.l)*nb)}
	for u := range a.l {
		for v := range b.l {
			p := u*nb + v
			for _, w := range a.l[u] {
				h.l[p] = append(h.l[p], w*nb+v)
			}
			for _, w := range b.l[v] {
				h.l[p] = append(h.l[p], u*nb+w)
			}
			for _, w := range a.r[u] {
				h.r[p] = append(h.r[p], w*nb+v)
			}
			for _, w := range b.r[v] {
				h.r[p] = append(h.r[p], u*nb+w)
			}
		}
	}
	return Game{h, 0}.compact(), nil
}

// Sum returns the disjunctive sum of the games, 0 for none. The short
// games among them are added first by package partizan, which gives the
// canonical form of their sum: that changes no outcome and no value of a
// sum with loopy games. Its positions are counted before the sum is
// built, as the product of the terms' positions: Sum fails with a
// *budget.TooLargeError when they pass opt's limits (DefaultLimit steps,
// positionSteps a position, and DefaultMemory bytes when opt is nil or
// sets none), or when package partizan's sum of the short games passes
// its own (partizan.DefaultLimit steps unless opt sets a limit), and
// stops when ctx is cancelled.
func Sum(ctx context.Context, xs []Game, opt *budget.Options) (Game, error) {
	m := newMeter(ctx, opt)
	var shorts []*partizan.Game
	var loops []Game
	for _, x := range xs {
		if s, ok := x.Short(); ok {
			shorts = append(shorts, s)
		} else {
			loops = append(loops, x)
		}
	}
	if len(shorts) > 0 {
		s, err := partizan.NewCalculator(opt).Sum(ctx, shorts...)
		if err != nil {
			return Game{}, err
		}
		if s.Equal(partizan.Zero) && len(loops) > 0 {
			return Sum(ctx, loops, opt)
		}
		x, err := FromShort(s)
		if err != nil {
			return Game{}, err
		}
		loops = append(loops, x)
	}
	n := 1.0
	for i, x := range loops {
		loops[i] = x.compact()
		n *= float64(len(loops[i].graph().l))
	}
	if err := m.positions("a sum of loopy games", n); err != nil {
		return Game{}, err
	}
	s := Game{}
	for _, x := range loops {
		var err error
		if s, err = add(s, x); err != nil {
			return Game{}, err
		}
	}
	return s, nil
}

// IsStopper reports whether x is a stopper: no line of play from x in
// which the players alternate goes on for ever.
func (x Game) IsStopper() bool {
	g := x.compact().graph()
	n := len(g.l)
	// Kahn's algorithm on the states (vertex, player to move): a state
	// is removed once all its moves lead to removed states.
	out := make([]int, 2*n)
	pred := make([][]int, 2*n)
	for v := range n {
		out[2*v] = len(g.l[v])
		out[2*v+1] = len(g.r[v])
		for _, w := range g.l[v] {
			pred[2*w+1] = append(pred[2*w+1], 2*v)
		}
		for _, w := range g.r[v] {
			pred[2*w] = append(pred[2*w], 2*v+1)
		}
	}
	var queue []int
	for s := range 2 * n {
		if out[s] == 0 {
			queue = append(queue, s)
		}
	}
	for i := 0; i < len(queue); i++ {
		for _, p := range pred[queue[i]] {
			if out[p]--; out[p] == 0 {
				queue = append(queue, p)
			}
		}
	}
	return len(queue) == 2*n
}

// isLoopfree reports whether no position of x repeats: x is a short
// game.
func (x Game) isLoopfree() bool {
	_, ok := x.Short()
	return ok
}

// Short returns x as a short game in canonical form, and false when some
// position of x repeats (or, rarely, when the canonical form is past the
// limits of package partizan).
func (x Game) Short() (*partizan.Game, bool) {
	x = x.compact()
	g := x.graph()
	state := make([]int8, len(g.l)) // 0 new, 1 on the path, 2 done
	val := make([]*partizan.Game, len(g.l))
	var walk func(v int) bool
	walk = func(v int) bool {
		switch state[v] {
		case 1:
			return false
		case 2:
			return true
		}
		state[v] = 1
		var l, r []*partizan.Game
		for _, w := range g.l[v] {
			if !walk(w) {
				return false
			}
			l = append(l, val[w])
		}
		for _, w := range g.r[v] {
			if !walk(w) {
				return false
			}
			r = append(r, val[w])
		}
		s, err := partizan.New(l, r)
		if err != nil {
			return false
		}
		val[v], state[v] = s, 2
		return true
	}
	if !walk(x.start) {
		return nil, false
	}
	return val[x.start], true
}
