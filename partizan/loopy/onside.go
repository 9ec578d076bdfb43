package loopy

import "slices"

// product is the game x − y on the pairs of positions a of x and b of y,
// with either player to move: state (a·nb + b)·2 + m, m = 0 with Left to
// move, 1 with Right. Left's moves are a's Left moves and b's Right
// moves, Right's a's Right moves and b's Left moves; xl, xr, yl and yr
// are the moves into each position.
type product struct {
	x, y           *graph
	na, nb         int
	xl, xr, yl, yr [][]int
	count          []int32 // per state: retro's with Left to move, good's with Right
	queue          []int32
	// move[a·nb + b] is the state Left moves to from (a, b) with Left
	// to move, after good: a winning strategy once no state is bad. A
	// move in x to state q is written −1 − q.
	move []int32
}

// comparing names the work of a comparison in the errors of its budget.
const comparing = "a comparison of loopy games"

// newProduct returns the game x − y, once its states, at bytes each,
// fit the budget of m.
func newProduct(m *meter, x, y *graph, bytes float64) (*product, error) {
	na, nb := len(x.l), len(y.l)
	n := 2 * float64(na) * float64(nb)
	if err := m.need(comparing, "states", n, n, n*bytes); err != nil {
		return nil, err
	}
	return &product{x: x, y: y, na: na, nb: nb, xl: reverse(x.l), xr: reverse(x.r), yl: reverse(y.l), yr: reverse(y.r),
		count: make([]int32, 2*na*nb)}, nil
}

// lostPlain returns the states of x − y in which Left, to move or not,
// can be forced to run out of moves: retrograde analysis, a state with
// Left to move being lost for her when every move from it is (or there
// is none), a state with Right to move when some move is.
func (p *product) lostPlain() []bool {
	x, y, nb := p.x, p.y, p.nb
	lost := make([]bool, 2*p.na*nb)
	queue := p.queue[:0]
	for a := range p.na {
		for b := range nb {
			st := (a*nb + b) * 2
			p.count[st] = int32(len(x.l[a]) + len(y.r[b]))
			if p.count[st] == 0 {
				lost[st] = true
				queue = append(queue, int32(st))
			}
		}
	}
	p.retro(lost, queue)
	return lost
}

// retro spreads the losses of the states in queue, just marked lost, to
// the states before them; count holds, for each state with Left to move,
// her moves to states whose losses have not been spread.
func (p *product) retro(lost []bool, queue []int32) {
	nb, count := p.nb, p.count
	defer func() { p.queue = queue[:0] }()
	for i := 0; i < len(queue); i++ {
		st := int(queue[i])
		a, b := st/2/nb, st/2%nb
		if st%2 == 0 {
			// Left to move here and lost: Right, to move before, moved here.
			for _, a2 := range p.xr[a] {
				if q := (a2*nb+b)*2 + 1; !lost[q] {
					lost[q] = true
					queue = append(queue, int32(q))
				}
			}
			for _, b2 := range p.yl[b] {
				if q := (a*nb+b2)*2 + 1; !lost[q] {
					lost[q] = true
					queue = append(queue, int32(q))
				}
			}
			continue
		}
		// Right to move here and Left lost: Left moved here.
		for _, a2 := range p.xl[a] {
			if q := (a2*nb + b) * 2; !lost[q] {
				if count[q]--; count[q] == 0 {
					lost[q] = true
					queue = append(queue, int32(q))
				}
			}
		}
		for _, b2 := range p.yr[b] {
			if q := (a*nb + b2) * 2; !lost[q] {
				if count[q]--; count[q] == 0 {
					lost[q] = true
					queue = append(queue, int32(q))
				}
			}
		}
	}
}

// onsideLost returns the states of x − y that Left loses when a line of
// play that never ends is hers only if it moves in x infinitely often:
// then she survives x − y, Right moving first, exactly when the onside of
// x is at least that of y. This is a Büchi game, solved in rounds: the
// states from which Left can force a move in x, never losing on the way,
// are good; the others are lost, and so are those from which Right can
// force play into them; until a round finds every state left good. It
// stops early, with the states lost so far, once state watch is lost
// (never, for a watch below 0).
func (p *product) onsideLost(m *meter, watch int) ([]bool, error) {
	lost := p.lostPlain()
	good := make([]bool, len(lost))
	p.move = make([]int32, p.na*p.nb)
	for watch < 0 || !lost[watch] {
		// Each round looks at every state again.
		if err := m.spend(comparing, float64(len(lost))); err != nil {
			return nil, err
		}
		p.good(lost, good)
		bad := p.queue[:0]
		for st, g := range good {
			if !g && !lost[st] {
				lost[st] = true
				bad = append(bad, int32(st))
			}
		}
		if len(bad) == 0 {
			break
		}
		p.retro(lost, bad)
	}
	return lost, nil
}

// good sets good to the states not lost from which Left can force a move
// in x without reaching a lost state: a state with Left to move is good
// when she can move in x, or in y to a good state; one with Right to move
// when each of his moves in y leads to a good state (his moves in x are
// moves in x).
func (p *product) good(lost, good []bool) {
	x, y, nb := p.x, p.y, p.nb
	clear(good)
	count, queue := p.count, p.queue[:0]
	for a := range p.na {
		for b := range nb {
			st := (a*nb + b) * 2
			if !lost[st] {
				for _, a2 := range x.l[a] {
					if q := (a2*nb+b)*2 + 1; !lost[q] {
						good[st] = true
						p.move[st/2] = int32(-1 - q)
						queue = append(queue, int32(st))
						break
					}
				}
			}
			if !lost[st+1] {
				count[st+1] = int32(len(y.l[b]))
				if count[st+1] == 0 {
					good[st+1] = true
					queue = append(queue, int32(st+1))
				}
			}
		}
	}
	defer func() { p.queue = queue[:0] }()
	for i := 0; i < len(queue); i++ {
		st := int(queue[i])
		a, b := st/2/nb, st/2%nb
		if st%2 == 1 {
			// Left moved here in y.
			for _, b2 := range p.yr[b] {
				if q := (a*nb + b2) * 2; !lost[q] && !good[q] {
					good[q] = true
					p.move[q/2] = int32(st)
					queue = append(queue, int32(q))
				}
			}
			continue
		}
		// Right moved here in y.
		for _, b2 := range p.yl[b] {
			if q := (a*nb+b2)*2 + 1; !lost[q] {
				if count[q]--; count[q] == 0 && !good[q] {
					good[q] = true
					queue = append(queue, int32(q))
				}
			}
		}
	}
}

// onsideGeq reports whether the onside of x is at least that of y.
func onsideGeq(m *meter, x, y Game) (bool, error) {
	x, y = x.compact(), y.compact()
	p, err := newProduct(m, x.graph(), y.graph(), onsideBytes)
	if err != nil {
		return false, err
	}
	s0 := (x.start*p.nb+y.start)*2 + 1
	lost, err := p.onsideLost(m, s0)
	if err != nil {
		return false, err
	}
	return !lost[s0], nil
}

// onside returns the onside of x as the simplest form of a stopper made
// from x by taking Right moves away, or errSides.
//
// Taking Right moves away from a game can only raise its onside, so the
// onside of x is that of any such stopper whose onside is not above
// x's: one for which Left survives x minus it, Right moving first, with
// endless play hers only if it moves in x infinitely often. onside first
// takes away each Right move that Left can undo at once (a move to a
// position with a Left move back, which helps Right in no sum when
// endless play is Left's), then tries taking away every Right move on an
// endless alternating line too. From the first of the two that keeps
// the onside it solves that game, and takes away every Right move of the
// stopper-to-be that Left's winning strategy does not play (she still
// wins without them); where endless alternating lines remain, it tries
// taking away one of their Right moves, which is kept if that raises the
// onside, and so on. A move kept once stays kept: taking others away
// only raises the onside further. When every Right move on the endless
// lines left is kept, onside takes a Left move away (which can only
// lower the onside), fuses two positions of the same onside or bypasses
// a reversible option, if that keeps the onside, and starts again, at
// most maxChanges times; errSides is returned when none does.
func onside(m *meter, x Game) (Game, error) {
	x = x.compact()
	g := x.graph()
	k := &graph{l: g.l, r: make([][]int, len(g.r))}
	for v, rs := range g.r {
		for _, w := range rs {
			if !slices.Contains(g.l[w], v) {
				k.r[v] = append(k.r[v], w)
			}
		}
	}
	// Every stopper-to-be from here on has the onside of x, so the
	// last one stands for x in the trials. The first is k without any
	// Right move on an endless alternating line, if that keeps the
	// onside: it is a stopper, and often far smaller than x, as is the
	// game of the trial.
	all := slices.Clone(k.r)
	right, _ := alternating(k, nil)
	for _, mv := range right {
		all[mv[0]] = slices.DeleteFunc(slices.Clone(all[mv[0]]), func(w int) bool { return w == mv[1] })
	}
	t, ok, err := trimUnplayed(m, x, Game{&graph{l: k.l, r: all}, x.start}.compact())
	if err == nil && !ok {
		t, ok, err = trimUnplayed(m, x, Game{k, x.start})
	}
	if err != nil {
		return Game{}, err
	}
	if !ok {
		return Game{}, errSides
	}
	ref := t.Game
	kept := map[[2]int]bool{}
	// Bypassing can add moves, so the changes of step 5 are counted, and
	// a change back to a game step 5 has already left is passed over:
	// fusing and bypassing can otherwise undo each other for ever.
	gone := map[string]bool{}
	fresh := func(y Game) bool { return !gone[y.key()] }
	for changes := 0; ; {
		moves, left := alternating(ref.g, kept)
		if len(left) == 0 {
			break // a stopper: no endless alternating line is left
		}
		if len(moves) == 0 {
			// Every Right move on the endless lines is kept. Taking a
			// Left move away can only lower the onside: keep the game
			// without one if it does not; else fuse two positions of
			// the same onside if that keeps the game's. Then start the
			// Right moves afresh.
			gone[ref.key()] = true
			y, ok, err := withoutLeft(m, ref, left, fresh)
			if err == nil && !ok {
				y, ok, err = fused(m, ref, fresh)
			}
			if err == nil && !ok {
				y, ok, err = bypassed(m, ref, fresh)
			}
			if err != nil {
				return Game{}, err
			}
			if changes++; !ok || changes > maxChanges {
				break
			}
			ref, kept = y, map[[2]int]bool{}
			continue
		}
		mv := moves[0]
		r := slices.Clone(ref.g.r)
		r[mv[0]] = slices.DeleteFunc(slices.Clone(r[mv[0]]), func(w int) bool { return w == mv[1] })
		y, ok, err := trimUnplayed(m, ref, Game{&graph{l: ref.g.l, r: r}, ref.start})
		if err != nil {
			return Game{}, err
		}
		if !ok {
			kept[mv] = true
			continue
		}
		// Carry the kept moves over to y's numbering.
		kept = renumberKept(kept, y.num)
		ref = y.Game
	}
	y := ref
	if !y.IsStopper() {
		return Game{}, errSides
	}
	return simplify(m, y)
}

// maxChanges bounds the Left moves taken away, fusions and bypasses of
// one search for an onside.
const maxChanges = 64

// withoutLeft returns ref without the first of the Left moves that
// keeps its onside and leaves a fresh game, and false when none does.
func withoutLeft(m *meter, ref Game, moves [][2]int, fresh func(Game) bool) (Game, bool, error) {
	for _, mv := range moves {
		l := slices.Clone(ref.g.l)
		l[mv[0]] = slices.DeleteFunc(slices.Clone(l[mv[0]]), func(w int) bool { return w == mv[1] })
		y := Game{&graph{l: l, r: ref.g.r}, ref.start}
		if !fresh(y.compact()) {
			continue
		}
		ge, err := onsideGeq(m, y, ref)
		if err != nil {
			return Game{}, false, err
		}
		if ge {
			return y.compact(), true, nil
		}
	}
	return Game{}, false, nil
}

// onsideOrder returns the order of the onsides of the positions of g:
// geq(a, b) reports whether a's is at least b's.
func onsideOrder(m *meter, g *graph) (geq func(a, b int) bool, err error) {
	p, err := newProduct(m, g, g, onsideBytes)
	if err != nil {
		return nil, err
	}
	lost, err := p.onsideLost(m, -1)
	if err != nil {
		return nil, err
	}
	n := len(g.l)
	return func(a, b int) bool { return !lost[(a*n+b)*2+1] }, nil
}

// bypassed returns ref with a reversible option bypassed, the first
// such that keeps ref's onside and leaves a fresh game, and false when
// none does: a Left
// option u of v with a Right option z whose onside is at most v's is
// replaced by z's Left options, and a Right option u of v with a Left
// option z whose onside is at least v's by z's Right options.
func bypassed(m *meter, ref Game, fresh func(Game) bool) (Game, bool, error) {
	g := ref.graph()
	geq, err := onsideOrder(m, g)
	if err != nil {
		return Game{}, false, err
	}
	for v := range g.l {
		for side := range 2 {
			own, other := g.l, g.r // Left options, reversed through Right's
			if side == 1 {
				own, other = g.r, g.l
			}
			for _, u := range own[v] {
				for _, z := range other[u] {
					if side == 0 && !geq(v, z) || side == 1 && !geq(z, v) || slices.Contains(own[z], u) {
						continue // not reversible, or no change
					}
					opts := slices.DeleteFunc(slices.Clone(own[v]), func(w int) bool { return w == u })
					opts = append(opts, own[z]...)
					slices.Sort(opts)
					y := &graph{l: slices.Clone(g.l), r: slices.Clone(g.r)}
					if side == 0 {
						y.l[v] = slices.Compact(opts)
					} else {
						y.r[v] = slices.Compact(opts)
					}
					if c, ok, err := keeps(m, ref, y, fresh); err != nil || ok {
						return c, ok, err
					}
				}
			}
		}
	}
	return Game{}, false, nil
}

// fused returns ref with the moves into one position sent instead to
// another of the same onside, the first such that keeps ref's onside
// and leaves a fresh game, and false when none does.
func fused(m *meter, ref Game, fresh func(Game) bool) (Game, bool, error) {
	g := ref.graph()
	n := len(g.l)
	geq, err := onsideOrder(m, g)
	if err != nil {
		return Game{}, false, err
	}
	same := func(a, b int) bool { return geq(a, b) && geq(b, a) }
	for v := range n {
		for u := range n {
			if u == v || v == ref.start || !same(u, v) {
				continue
			}
			into := func(opts []int) []int {
				out := slices.Clone(opts)
				for i, w := range out {
					if w == v {
						out[i] = u
					}
				}
				slices.Sort(out)
				return slices.Compact(out)
			}
			y := &graph{l: make([][]int, n), r: make([][]int, n)}
			for w := range n {
				y.l[w], y.r[w] = into(g.l[w]), into(g.r[w])
			}
			if c, ok, err := keeps(m, ref, y, fresh); err != nil || ok {
				return c, ok, err
			}
		}
	}
	return Game{}, false, nil
}

// keeps returns the game of graph y with ref's start, without the
// positions it does not reach, and whether it is fresh and its onside
// is ref's.
func keeps(m *meter, ref Game, y *graph, fresh func(Game) bool) (Game, bool, error) {
	c := Game{y, ref.start}.compact()
	if !fresh(c) {
		return Game{}, false, nil
	}
	ok, err := sameOnside(m, ref, c)
	if err != nil || !ok {
		return Game{}, false, err
	}
	return c, true, nil
}

// trimmed is a game made by taking Right moves away, with the number of
// each former position in it (−1 when it is gone).
type trimmed struct {
	Game
	num []int
}

// trimUnplayed solves the game x − k (k made from a game with x's
// onside by taking Right moves away) that decides whether the onside of
// k is at most x's, and when it is, returns k without the Right moves
// Left's winning strategy in it never plays, and without the positions
// it no longer reaches.
func trimUnplayed(m *meter, x, k Game) (trimmed, bool, error) {
	p, err := newProduct(m, x.graph(), k.graph(), onsideBytes)
	if err != nil {
		return trimmed{}, false, err
	}
	kg, nb := k.graph(), p.nb
	s0 := (x.start*nb+k.start)*2 + 1
	lost, err := p.onsideLost(m, s0)
	if err != nil {
		return trimmed{}, false, err
	}
	if lost[s0] {
		return trimmed{}, false, nil
	}
	// The states play reaches from the start, Left following her
	// strategy, and the Right moves of k she plays from them.
	seen := make([]bool, len(lost))
	seen[s0] = true
	queue := []int{s0}
	used := make([][]int, len(kg.r))
	for i := 0; i < len(queue); i++ {
		st := queue[i]
		a, b := st/2/nb, st/2%nb
		if st%2 == 0 {
			q := int(p.move[st/2])
			if q < 0 {
				q = -1 - q
			} else {
				used[b] = append(used[b], q/2%nb)
			}
			if !seen[q] {
				seen[q] = true
				queue = append(queue, q)
			}
			continue
		}
		for _, a2 := range p.x.r[a] {
			if q := (a2*nb + b) * 2; !seen[q] {
				seen[q] = true
				queue = append(queue, q)
			}
		}
		for _, b2 := range kg.l[b] {
			if q := (a*nb + b2) * 2; !seen[q] {
				seen[q] = true
				queue = append(queue, q)
			}
		}
	}
	y := &graph{l: kg.l, r: make([][]int, len(kg.r))}
	for v, ws := range used {
		slices.Sort(ws)
		y.r[v] = slices.Compact(ws)
	}
	z, num := Game{y, k.start}.compactNumbers()
	return trimmed{z, num}, true, nil
}

// renumberKept returns the moves of kept between positions still there,
// in their new numbers.
func renumberKept(kept map[[2]int]bool, num []int) map[[2]int]bool {
	out := map[[2]int]bool{}
	for m := range kept {
		if v, w := num[m[0]], num[m[1]]; v >= 0 && w >= 0 {
			out[[2]int{v, w}] = true
		}
	}
	return out
}

// alternating returns the Right moves v → w of g on endless alternating
// lines of play, but for those in kept, and the Left moves on them.
func alternating(g *graph, kept map[[2]int]bool) (right, left [][2]int) {
	n := len(g.l)
	// The states (v, player to move): 2v with Left to move, 2v+1 with
	// Right; an alternating cycle is a cycle of states.
	st := &graph{l: make([][]int, 2*n), r: make([][]int, 2*n)}
	for v := range n {
		for _, w := range g.l[v] {
			st.l[2*v] = append(st.l[2*v], 2*w+1)
		}
		for _, w := range g.r[v] {
			st.l[2*v+1] = append(st.l[2*v+1], 2*w)
		}
	}
	comp := make([]int, 2*n)
	for c, vs := range components(st) {
		for _, s := range vs {
			comp[s] = c
		}
	}
	for v := range n {
		for _, w := range g.r[v] {
			if comp[2*v+1] == comp[2*w] && !kept[[2]int{v, w}] {
				right = append(right, [2]int{v, w})
			}
		}
		for _, w := range g.l[v] {
			if comp[2*v] == comp[2*w+1] {
				left = append(left, [2]int{v, w})
			}
		}
	}
	return right, left
}

// sameOnside reports whether x and y have the same onside.
func sameOnside(m *meter, x, y Game) (bool, error) {
	ge, err := onsideGeq(m, x, y)
	if err != nil || !ge {
		return false, err
	}
	return onsideGeq(m, y, x)
}
