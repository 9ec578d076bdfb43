package partizan

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

// signature finds and keeps x's signature, when x is a canonical form
// with both stops 0 and none is kept yet.
func (c *comparer) signature(x *Game) {
	if x.raw || x.isNum || x.sig.Load() != 0 {
		return
	}
	if l, r, ok := x.stops(); !ok || l.Sign() != 0 || r.Sign() != 0 {
		return
	}
	s := uint32(sigKnown)
	for i := range len(refs) + 1 {
		ref := Zero
		if i > 0 {
			ref = refs[i-1]
		}
		if c.le(ref, x) {
			s |= 1 << i
		}
		if c.le(x, ref) {
			s |= 1 << (8 + i)
		}
	}
	x.sig.Store(s)
}
