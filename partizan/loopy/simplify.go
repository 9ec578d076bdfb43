package loopy

import (
	"context"
	"slices"

	"github.com/nimbers/grundy/budget"
)

// simplestForm returns the simplest form of the stopper x: the unique
// stopper equal to x with no dominated or reversible options in any
// position and no two positions equal (Conway; Siegel, Combinatorial
// Game Theory, ch. VI). Equal stoppers have the same simplest form, and
// its positions come in a canonical order, so Graph of the simplest
// form is an invariant of x's value.
//
// simplestForm works through the strongly connected components of x's
// graph, those moved to first: each component is compared with itself
// and with the simplest forms found so far, then simplified and merged
// into them. A component of k positions takes about 2k(k + 2b) states,
// b being the simplest positions found so far, and each of x's
// positions counts positionSteps. It fails for a game that is not
// a stopper, and with a *budget.TooLargeError when these pass opt's limits (DefaultLimit steps and
// DefaultMemory bytes when opt is nil or sets none): at once when the
// largest component's comparison with itself does, else before the
// first comparison that would. It stops when ctx is cancelled.
func simplestForm(ctx context.Context, x Game, opt *budget.Options) (Game, error) {
	m := newMeter(ctx, opt)
	if err := m.graph("the simplest form of a loopy game", x); err != nil {
		return Game{}, err
	}
	return simplify(m, x)
}

func simplify(m *meter, x Game) (Game, error) {
	if !x.IsStopper() {
		return Game{}, errNotStopper
	}
	if s, ok := x.Short(); ok {
		// A short game's canonical form is its simplest form.
		y, err := FromShort(s)
		if err != nil {
			return Game{}, err
		}
		return canonical(y.compact()), nil
	}
	return simplifyGraph(m, x)
}

// poolSteps is the steps a state of the comparisons of Simplify counts:
// such a state costs more than one of leq's, and the margin keeps the
// default limit to a few seconds of them.
const poolSteps = 1.5

// simplifyGraph returns the simplest form of the stopper x by comparing
// its positions, component by component.
func simplifyGraph(m *meter, x Game) (Game, error) {
	x = x.compact()
	g := x.graph()
	comps := components(g)
	// Each component of k positions is compared with itself and with
	// the pool of np simplest positions before it, 2k(k + 2np) states;
	// the pool keeps two bits for each pair of its positions. The
	// largest component's comparison with itself is counted at once,
	// the others' as the pool grows.
	const what = "the simplest form of a loopy game"
	most := 0.0
	for _, c := range comps {
		most = max(most, float64(len(c)))
	}
	if err := m.fits(what, "states", 2*most*most, 2*most*most*poolSteps, 2*most*most*stateBytes); err != nil {
		return Game{}, err
	}
	p := &pool{}
	where := make([]int, len(g.l))
	mark := make([]int, len(g.l))
	for i, c := range comps {
		k, np := float64(len(c)), float64(len(p.l))
		n := 2 * k * (k + 2*np)
		if err := m.need(what, "states", n, n*poolSteps, n*stateBytes+(np+k)*(np+k)/4); err != nil {
			return Game{}, err
		}
		for j, v := range c {
			mark[v] = i + 1
			where[v] = j
		}
		if err := p.add(g, c, i+1, mark, where); err != nil {
			return Game{}, err
		}
	}
	return canonical(Game{&graph{l: p.l, r: p.r}, where[x.start]}.compact()), nil
}

// components returns the strongly connected components of g, each after
// all those its vertices have moves to (Tarjan's algorithm).
func components(g *graph) [][]int {
	n := len(g.l)
	index := make([]int, n) // 0 while unvisited
	low := make([]int, n)
	onStack := make([]bool, n)
	var stack []int
	var out [][]int
	type frame struct{ v, i int }
	next := 1
	visit := func(v int) {
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		onStack[v] = true
	}
	for root := range n {
		if index[root] != 0 {
			continue
		}
		visit(root)
		calls := []frame{{root, 0}}
		for len(calls) > 0 {
			f := &calls[len(calls)-1]
			v := f.v
			if f.i < len(g.l[v])+len(g.r[v]) {
				w := 0
				if f.i < len(g.l[v]) {
					w = g.l[v][f.i]
				} else {
					w = g.r[v][f.i-len(g.l[v])]
				}
				f.i++
				if index[w] == 0 {
					visit(w)
					calls = append(calls, frame{w, 0})
				} else if onStack[w] {
					low[v] = min(low[v], index[w])
				}
				continue
			}
			calls = calls[:len(calls)-1]
			if len(calls) > 0 {
				u := calls[len(calls)-1].v
				low[u] = min(low[u], low[v])
			}
			if low[v] == index[v] {
				var c []int
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					c = append(c, w)
					if w == v {
						break
					}
				}
				out = append(out, c)
			}
		}
	}
	return out
}

// pool holds simplest forms under construction: positions with no
// dominated or reversible options and no two equal, each moving only to
// positions before it or in its own component, and the order of every
// pair of them.
type pool struct {
	l, r     [][]int    // options
	pl, pr   [][]int    // pl[w]: the positions with w as a Left option
	up, down [][]uint64 // bit b of up[a]: a ≥ b; of down[a]: b ≥ a; for b ≤ a
}

// geq reports whether the pool positions a ≥ b.
func (p *pool) geq(a, b int) bool {
	if a >= b {
		return p.up[a][b/64]>>(b%64)&1 != 0
	}
	return p.down[b][a/64]>>(a%64)&1 != 0
}

// lostFirst reports whether Left, moving first in a − b for pool
// positions a and b, loses: each of her moves leaves a difference she
// cannot survive with Right to move.
func (p *pool) lostFirst(a, b int) bool {
	for _, al := range p.l[a] {
		if p.geq(al, b) {
			return false
		}
	}
	for _, br := range p.r[b] {
		if p.geq(a, br) {
			return false
		}
	}
	return true
}

// add simplifies the component comp of g, whose vertices have
// mark[v] == id and are numbered by where[v] within comp, and whose
// moves out of comp lead to vertices already in the pool at where[w].
// It then sets where[v] to each vertex's pool position.
//
// The comparison is the retrograde analysis of survive on the differences
// a − b with a or b in comp; a difference of two pool positions is
// settled already. Positions are numbered locally: comp's from 0, the
// pool's from k = len(comp).
func (p *pool) add(g *graph, comp []int, id int, mark, where []int) error {
	c := newAddition(p, g, comp, id, mark, where)
	c.compare()
	if err := c.simplify(); err != nil {
		return err
	}
	rep, fresh := c.fuse()
	c.join(rep, fresh)
	for i, v := range comp {
		where[v] = rep[i]
	}
	return nil
}

// An addition is a component on its way into the pool, its positions
// numbered locally as in pool.add.
type addition struct {
	p         *pool
	k, np, nv int     // positions of the component, of the pool, in all
	lo, ro    [][]int // the component's options, numbered locally
	cl, cr    [][]int // predecessors within the component
	lost      []bool  // 2·state + m: the player to move (Left for m = 0) loses
	count     []int32 // Left's moves from a state not yet lost
}

// newAddition numbers comp's options locally and lists their
// predecessors.
func newAddition(p *pool, g *graph, comp []int, id int, mark, where []int) *addition {
	k, np := len(comp), len(p.l)
	c := &addition{p: p, k: k, np: np, nv: k + np}
	local := func(w int) int {
		if mark[w] == id {
			return where[w]
		}
		return k + where[w]
	}
	c.lo, c.ro = make([][]int, k), make([][]int, k)
	for i, v := range comp {
		c.lo[i] = make([]int, len(g.l[v]))
		for j, w := range g.l[v] {
			c.lo[i][j] = local(w)
		}
		c.ro[i] = make([]int, len(g.r[v]))
		for j, w := range g.r[v] {
			c.ro[i][j] = local(w)
		}
	}
	c.cl, c.cr = make([][]int, c.nv), make([][]int, c.nv)
	for i := range k {
		for _, w := range c.lo[i] {
			c.cl[w] = append(c.cl[w], i)
		}
		for _, w := range c.ro[i] {
			c.cr[w] = append(c.cr[w], i)
		}
	}
	return c
}

// leftOf returns the Left options of a local position: a list and what
// to add to each.
func (c *addition) leftOf(u int) ([]int, int) {
	if u < c.k {
		return c.lo[u], 0
	}
	return c.p.l[u-c.k], c.k
}

// rightOf returns the Right options of a local position, as leftOf does.
func (c *addition) rightOf(u int) ([]int, int) {
	if u < c.k {
		return c.ro[u], 0
	}
	return c.p.r[u-c.k], c.k
}

// predL calls fn on each local position with u as a Left option.
func (c *addition) predL(u int, fn func(int)) {
	for _, a := range c.cl[u] {
		fn(a)
	}
	if u >= c.k {
		for _, a := range c.p.pl[u-c.k] {
			fn(a + c.k)
		}
	}
}

// predR calls fn on each local position with u as a Right option.
func (c *addition) predR(u int, fn func(int)) {
	for _, a := range c.cr[u] {
		fn(a)
	}
	if u >= c.k {
		for _, a := range c.p.pr[u-c.k] {
			fn(a + c.k)
		}
	}
}

// idx numbers the states: a < k with any b, then a ≥ k with b < k.
func (c *addition) idx(a, b int) int {
	if a < c.k {
		return a*c.nv + b
	}
	return c.k*c.nv + (a-c.k)*c.k + b
}

// fixed reports whether a − b is a difference of two pool positions.
func (c *addition) fixed(a, b int) bool { return a >= c.k && b >= c.k }

// compare decides every state: it finds the states lost at once, then
// works back from them.
func (c *addition) compare() {
	ns := c.k*c.nv + c.np*c.k
	c.lost = make([]bool, 2*ns)
	c.count = make([]int32, ns)
	c.retrograde(c.initial(ns))
}

// initial counts Left's moves from each of the ns states and returns the
// queue of the states lost already. A difference of two pool positions is
// settled: the pool's order says who loses it.
func (c *addition) initial(ns int) []int {
	p, k, nv, lost, count := c.p, c.k, c.nv, c.lost, c.count
	var queue []int
	for st := range ns {
		a, b := unindex(st, k, nv)
		// Left to move: each move not yet lost counts.
		n := int32(0)
		al, d := c.leftOf(a)
		for _, w := range al {
			if !c.fixed(w+d, b) || p.geq(w+d-k, b-k) {
				n++
			}
		}
		br, d := c.rightOf(b)
		for _, w := range br {
			if !c.fixed(a, w+d) || p.geq(a-k, w+d-k) {
				n++
			}
		}
		count[st] = n
		if n == 0 {
			lost[2*st] = true
			queue = append(queue, 2*st)
		}
		// Right to move: lost for Left when some move is.
		ar, d := c.rightOf(a)
		for _, w := range ar {
			if c.fixed(w+d, b) && p.lostFirst(w+d-k, b-k) {
				lost[2*st+1] = true
			}
		}
		bl, d := c.leftOf(b)
		for _, w := range bl {
			if c.fixed(a, w+d) && p.lostFirst(a-k, w+d-k) {
				lost[2*st+1] = true
			}
		}
		if lost[2*st+1] {
			queue = append(queue, 2*st+1)
		}
	}
	return queue
}

// retrograde works back from the lost states of queue to those they
// decide.
func (c *addition) retrograde(queue []int) {
	k, nv, lost, count := c.k, c.nv, c.lost, c.count
	for i := 0; i < len(queue); i++ {
		st, m := queue[i]/2, queue[i]%2
		a, b := unindex(st, k, nv)
		if m == 0 {
			// Left to move here and lost: Right, to move before, moved here.
			hit := func(a, b int) {
				if c.fixed(a, b) {
					return
				}
				if q := 2*c.idx(a, b) + 1; !lost[q] {
					lost[q] = true
					queue = append(queue, q)
				}
			}
			c.predR(a, func(a2 int) { hit(a2, b) })
			c.predL(b, func(b2 int) { hit(a, b2) })
			continue
		}
		// Right to move here and Left lost: Left moved here.
		drop := func(a, b int) {
			if c.fixed(a, b) {
				return
			}
			q := c.idx(a, b)
			if lost[2*q] {
				return
			}
			if count[q]--; count[q] == 0 {
				lost[2*q] = true
				queue = append(queue, 2*q)
			}
		}
		c.predL(a, func(a2 int) { drop(a2, b) })
		c.predR(b, func(b2 int) { drop(a, b2) })
	}
}

// geq reports whether the local positions a ≥ b, once compared.
func (c *addition) geq(a, b int) bool {
	if c.fixed(a, b) {
		return c.p.geq(a-c.k, b-c.k)
	}
	return !c.lost[2*c.idx(a, b)+1]
}

// simplify bypasses the reversible options of the component's positions
// and removes the dominated ones. Every step keeps the value of each
// position, so geq stays valid.
func (c *addition) simplify() error {
	steps := 4*c.nv*c.nv + 16
	for v := range c.k {
		var ok, ok2 bool
		c.lo[v], ok = bypass(c.lo[v], c.leftOf, c.rightOf, func(w int) bool { return c.geq(v, w) }, steps)
		c.ro[v], ok2 = bypass(c.ro[v], c.rightOf, c.leftOf, func(w int) bool { return c.geq(w, v) }, steps)
		if !ok || !ok2 {
			return errNotStopper
		}
		c.lo[v] = undominated(c.lo[v], func(a, b int) bool { return c.geq(b, a) })
		c.ro[v] = undominated(c.ro[v], func(a, b int) bool { return c.geq(a, b) })
	}
	return nil
}

// fuse gives each position of the component the pool position it
// becomes, rep: that of an equal one of the pool, or of the component
// before it; fresh lists the others, which join the pool in order.
func (c *addition) fuse() (rep, fresh []int) {
	rep = make([]int, c.k)
	for v := range c.k {
		rep[v] = -1
		for q := c.k; q < c.nv && rep[v] < 0; q++ {
			if c.geq(v, q) && c.geq(q, v) {
				rep[v] = q - c.k
			}
		}
		for _, u := range fresh {
			if rep[v] < 0 && c.geq(u, v) && c.geq(v, u) {
				rep[v] = rep[u]
			}
		}
		if rep[v] < 0 {
			rep[v] = c.np + len(fresh)
			fresh = append(fresh, v)
		}
	}
	return rep, fresh
}

// join adds the fresh positions to the pool: their options, their order
// against every pool position, and their places among the predecessors.
func (c *addition) join(rep, fresh []int) {
	p, k, np := c.p, c.k, c.np
	global := func(u int) int {
		if u < k {
			return rep[u]
		}
		return u - k
	}
	for i, v := range fresh {
		gv := np + i
		l, r := make([]int, len(c.lo[v])), make([]int, len(c.ro[v]))
		for j, w := range c.lo[v] {
			l[j] = global(w)
		}
		for j, w := range c.ro[v] {
			r[j] = global(w)
		}
		p.l, p.r = append(p.l, l), append(p.r, r)
		p.pl, p.pr = append(p.pl, nil), append(p.pr, nil)
		up, down := make([]uint64, gv/64+1), make([]uint64, gv/64+1)
		set := func(bits []uint64, b int, ok bool) {
			if ok {
				bits[b/64] |= 1 << (b % 64)
			}
		}
		for q := range np {
			set(up, q, c.geq(v, q+k))
			set(down, q, c.geq(q+k, v))
		}
		for j, u := range fresh[:i+1] {
			set(up, np+j, c.geq(v, u))
			set(down, np+j, c.geq(u, v))
		}
		p.up, p.down = append(p.up, up), append(p.down, down)
	}
	for gv := np; gv < len(p.l); gv++ {
		for _, w := range p.l[gv] {
			p.pl[w] = append(p.pl[w], gv)
		}
		for _, w := range p.r[gv] {
			p.pr[w] = append(p.pr[w], gv)
		}
	}
}

// unindex inverts addition.idx.
func unindex(st, k, nv int) (a, b int) {
	if st < k*nv {
		return st / nv, st % nv
	}
	st -= k * nv
	return k + st/k, st % k
}

// bypass replaces the reversible options among opts of a position v: an
// option w of one player is reversible when w has an option u of the
// other player that is at least as good as v for him (rev(u)); w is then
// replaced by u's options for the first player, same(u). In a stopper
// the chain of replacements ends, as it follows an alternating line of
// play; it reports false if the chain takes more than steps.
func bypass(opts []int, same, other func(int) ([]int, int), rev func(u int) bool, steps int) ([]int, bool) {
	out := slices.Clone(opts)
	for i := 0; i < len(out); i++ {
		if steps--; steps < 0 {
			return nil, false
		}
		w := out[i]
		us, d := other(w)
		for _, u := range us {
			if u += d; !rev(u) {
				continue
			}
			out = slices.Delete(out, i, i+1)
			ys, e := same(u)
			for _, y := range ys {
				if y += e; !slices.Contains(out, y) {
					out = append(out, y)
				}
			}
			i--
			break
		}
	}
	return out, true
}

// undominated removes the options dominated by another: worse(a, b)
// reports that a is no better than b for the player moving. Of equal
// options the first is kept.
func undominated(opts []int, worse func(a, b int) bool) []int {
	var out []int
	for i, a := range opts {
		dominated := false
		for j, b := range opts {
			if i != j && worse(a, b) && (!worse(b, a) || j < i) {
				dominated = true
				break
			}
		}
		if !dominated {
			out = append(out, a)
		}
	}
	return out
}

// canonical renumbers the fused graph of x in an order that depends only
// on its shape: each vertex gets a colour from the colours of its
// options, component by component, those moved to first. A vertex on no
// cycle takes the colour of its options at once; in a strongly connected
// component the colours are refined by the options' colours until
// stable. A fused graph has no two vertices alike, so the colours are
// distinct. The cost is that of the components' refinements, so a short
// game, all of whose components are single vertices, costs n log n.
func canonical(x Game) Game {
	g := x.graph()
	n := len(g.l)
	col := make([]uint64, n)
	for _, c := range components(g) {
		if len(c) == 1 && !slices.Contains(g.l[c[0]], c[0]) && !slices.Contains(g.r[c[0]], c[0]) {
			col[c[0]] = colour(g, c[0], 0, col)
			continue
		}
		// Refine within the component; the colours of the vertices
		// it moves out to are final.
		for _, v := range c {
			col[v] = uint64(len(c))
		}
		next := make([]uint64, len(c))
		classes := 1
		for range len(c) + 1 {
			for j, v := range c {
				next[j] = colour(g, v, 1, col)
			}
			for j, v := range c {
				col[v] = next[j]
			}
			k := len(distinct(next))
			if k == classes {
				break
			}
			classes = k
		}
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	// The start first, then the others by colour.
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case a == x.start:
			return -1
		case b == x.start:
			return 1
		case col[a] < col[b]:
			return -1
		case col[a] > col[b]:
			return 1
		}
		return 0
	})
	num := make([]int, n)
	for i, v := range order {
		num[v] = i
	}
	h := &graph{l: make([][]int, n), r: make([][]int, n)}
	for i, v := range order {
		h.l[i] = renumber(g.l[v], num)
		h.r[i] = renumber(g.r[v], num)
	}
	return Game{h, 0}
}

// colour hashes v's colour, tagged 0 off cycles and 1 on them, with the
// multisets of the colours of its Left and Right options.
func colour(g *graph, v int, tag uint64, col []uint64) uint64 {
	h := fnv(0xcbf29ce484222325, tag)
	h = fnv(h, col[v])
	h = fnv(h, 1)
	h = fnv(h, sortedSum(g.l[v], col))
	h = fnv(h, 2)
	return fnv(h, sortedSum(g.r[v], col))
}

func fnv(h, x uint64) uint64 {
	for range 8 {
		h ^= x & 0xff
		h *= 0x100000001b3
		x >>= 8
	}
	return h
}

// sortedSum hashes the multiset of colours of opts.
func sortedSum(opts []int, col []uint64) uint64 {
	cs := make([]uint64, len(opts))
	for i, w := range opts {
		cs[i] = col[w]
	}
	slices.Sort(cs)
	h := uint64(0x84222325cbf29ce4)
	for _, c := range cs {
		h = fnv(h, c)
	}
	return h
}

func distinct(xs []uint64) []uint64 {
	ys := slices.Clone(xs)
	slices.Sort(ys)
	return slices.Compact(ys)
}
