package partizan

import "slices"

// Infinitesimals (games whose stops are both 0, such as every position
// of Clobber) are not told apart by their stops. Their comparisons with
// a few references, 0, *, ↑, ↓, ↑* and ↓*, are: x ≤ y needs every
// reference below x to be below y and every one above y to be above x,
// and a reference above x and below y makes x ≤ y. A game's comparisons
// with the references are its signature, found once and kept in the
// game (it depends only on the game's value).

// The bits of a signature: bit i for ref i ≤ x, bit 8 + i for x ≤ ref
// i; sigKnown once it is found; sigRef marks a reference, whose index
// is in the low bits instead.
const (
	sigKnown = 1 << 31
	sigRef   = 1 << 30
	sigUp    = 1<<8 - 1
	sigDown  = sigUp << 8
)

// refs are the references but 0, which is a number (numbers are made
// afresh, so they carry no signature): ref i + 1.
var refs = func() []*Game {
	upStar := build([]*Game{Zero, starGame}, []*Game{Zero})
	downStar := build([]*Game{Zero}, []*Game{Zero, starGame})
	r := []*Game{starGame, upGame, down, upStar, downStar}
	for i, g := range r {
		g.sig.Store(sigKnown | sigRef | uint32(i+1))
	}
	return r
}()

// refIndex reports whether g, whose signature word is s, is a
// reference, and which.
func refIndex(g *Game, s uint32) (int, bool) {
	if g.isNum {
		return 0, g.num.Sign() == 0
	}
	return int(s & 7), s&sigRef != 0
}

// sigLE reports whether g ≤ h when the signatures decide it, and
// whether they do.
func sigLE(g, h *Game) (le, ok bool) {
	sg, sh := g.sig.Load(), h.sig.Load()
	known := func(s uint32) bool { return s&(sigKnown|sigRef) == sigKnown }
	if i, ok := refIndex(h, sh); ok && known(sg) {
		return sg>>(8+i)&1 == 1, true
	}
	if i, ok := refIndex(g, sg); ok && known(sh) {
		return sh>>i&1 == 1, true
	}
	if !known(sg) || !known(sh) {
		return false, false
	}
	switch {
	case (sg&^sh)&sigUp != 0 || (sh&^sg)&sigDown != 0:
		return false, true
	case sg>>8&sh&sigUp != 0:
		return true, true
	}
	return false, false
}

// refSides are the references' options as indices of references (0 is
// 0, i the game refs[i−1]): each is 0 or *, found before the others.
var refSides = [...][2][]int{
	{},            // 0 = { | }
	{{0}, {0}},    // * = {0 | 0}
	{{0}, {1}},    // ↑ = {0 | *}
	{{1}, {0}},    // ↓ = {* | 0}
	{{0, 1}, {0}}, // ↑* = {0, * | 0}
	{{0}, {0, 1}}, // ↓* = {0 | 0, *}
}

// refGame returns reference i (0 is 0).
func refGame(i int) *Game {
	if i == 0 {
		return Zero
	}
	return refs[i-1]
}

// signature finds and keeps x's signature, when x is a canonical form
// with both stops 0 and none is kept yet.
func (c *comparer) signature(x *Game) {
	if x.raw || x.isNum || x.sig.Load() != 0 {
		return
	}
	if l, r, ok := x.stops(); !ok || l.Sign() != 0 || r.Sign() != 0 {
		return
	}
	x.sig.Store(c.sigOf(x))
}

// sigOf returns the signature of x, not a number, read from its options
// (whose own signatures it finds first): ref ≤ x unless x ≤ some
// ref^L or some x^R ≤ ref, and x ≤ ref unless some ref^R ≤ x or
// ref ≤ some x^L. The references' options are 0 and *, whose bits are
// found first, so only x's options are compared, mostly by their
// signatures; none of these comparisons is searched or remembered.
// It holds for any form of x's value, also one canon is simplifying.
func (c *comparer) sigOf(x *Game) uint32 {
	for _, o := range x.left {
		c.signature(o)
	}
	for _, o := range x.right {
		c.signature(o)
	}
	s := uint32(sigKnown)
	for i, sides := range refSides {
		ref := refGame(i)
		below := true // ref ≤ x
		for _, j := range sides[0] {
			if s>>(8+j)&1 == 1 {
				below = false
			}
		}
		if below {
			below = !slices.ContainsFunc(x.right, func(xr *Game) bool { return c.le(xr, ref) })
		}
		above := true // x ≤ ref
		for _, j := range sides[1] {
			if s>>j&1 == 1 {
				above = false
			}
		}
		if above {
			above = !slices.ContainsFunc(x.left, func(xl *Game) bool { return c.le(ref, xl) })
		}
		if below {
			s |= 1 << i
		}
		if above {
			s |= 1 << (8 + i)
		}
	}
	return s
}
