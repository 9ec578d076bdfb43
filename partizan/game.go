package partizan

import (
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"math"
	"math/big"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/nimbers/grundy/outcome"
)

// A Game is a short partizan game {L | R} in canonical form: no option is
// dominated and none is reversible, so two games are equal exactly when
// their canonical forms are the same. Games are immutable; build them with
// New, Number, Nimber and the operations.
//
// A game equal to a number is held as that number, not as the tree of its
// canonical form (which for n is n games deep), so numbers cost nothing
// however late they are born. Comparisons and sums with numbers use the
// number avoidance and translation theorems instead of playing through
// the number.
type Game struct {
	// The fields every comparison reads come first, in one cache line.
	isNum bool // held as the number num
	// raw marks a game still being simplified by canon: it may be equal
	// to a number without being held as one, so the shortcuts for
	// non-numbers must not be used on it.
	raw      bool
	isStar   bool // d + *star: see base below
	hasStops bool // ls and rs are known: see below
	// fast marks stops known (as stops returns them) and held in sl and
	// sr as multiples of 2^-30, which quickLE compares as integers.
	fast   bool
	star   uint16        // see base below
	id     uint32        // for the table of comparisons (0: none): see pairs.go
	sig    atomic.Uint32 // comparisons with a few infinitesimals: see sig.go
	sl, sr int64
	// ls and rs are the stops of the form read from its options' (the
	// greatest Right stop of a Left option, the least Left stop of a
	// Right option), when hasStops: see stops.
	ls, rs Dyadic
	num    Dyadic  // the value, when isNum
	left   []*Game // nil for a number: see Left and Right
	right  []*Game
	key    key // a digest of the canonical form, for equality and sorting
	// A game whose options are d + *j, j < star, on both sides is
	// d + *star (base d): build notes it, and sums and comparisons of
	// such games take the shortcut d + *m + e + *n = (d + e) + *(m ⊕ n).
	// A star past 2^16 − 1 is not noted.
	base Dyadic
}

// key identifies a canonical form: the SHA-256 digest (first 16 bytes) of
// its sorted options' keys, or the value itself for a number. Canonical forms
// are unique, so equal keys mean equal games (up to a collision of
// SHA-256). Writing the forms out instead grows exponentially: *n contains
// *0 … *(n−1) on both sides.
type key [16]byte

func (k key) cmp(o key) int {
	// As bytes.Compare, a word at a time.
	for i := 0; i < len(k); i += 8 {
		a, b := binary.BigEndian.Uint64(k[i:]), binary.BigEndian.Uint64(o[i:])
		switch {
		case a < b:
			return -1
		case a > b:
			return 1
		}
	}
	return 0
}

// Digest returns a digest of g's canonical form: equal games have equal
// digests (up to a collision of SHA-256), so it can key a map of games.
func (g *Game) Digest() [16]byte { return g.key }

// Zero is the game { | } = 0.
var Zero = number(Dyadic{})

// Left returns the Left options; the slice must not be modified.
func (g *Game) Left() []*Game {
	if g.isNum {
		l, _ := numberOptions(g.num)
		return l
	}
	return g.left
}

// Right returns the Right options; the slice must not be modified.
func (g *Game) Right() []*Game {
	if g.isNum {
		_, r := numberOptions(g.num)
		return r
	}
	return g.right
}

// Equal reports whether g = h.
func (g *Game) Equal(h *Game) bool { return g.key == h.key }

// number returns the game of the value d. Its key is the value itself,
// marked, rather than a digest: numbers are made often (their options
// are made on demand), and a digest's chance of matching a written-out
// value is that of a SHA-256 collision.
func number(d Dyadic) *Game {
	g := &Game{num: d, isNum: true, id: numberID(d)}
	g.sl, g.fast = fixed(d)
	g.sr = g.sl
	if d.big == nil {
		g.key[0], g.key[1] = 'N', byte(d.exp)
		binary.LittleEndian.PutUint64(g.key[2:], uint64(d.num))
		return g
	}
	// A value past the small range is digested, marked apart from the
	// digests of other games.
	h := sha256.New()
	var n [8]byte
	binary.LittleEndian.PutUint64(n[:], uint64(d.exp))
	h.Write([]byte("number"))
	h.Write(n[:])
	h.Write([]byte{byte(d.big.Sign() + 1)})
	h.Write(d.big.Bytes())
	copy(g.key[1:], h.Sum(nil))
	g.key[0] = 'B'
	return g
}

// Number returns the game equal to the dyadic d. Its canonical form is
// 0 = { | }, n = {n−1 | } for an integer n > 0 (and { | n+1} below 0), and
// m/2^k = {(m−1)/2^k | (m+1)/2^k} in lowest terms; Left and Right give
// those options.
func Number(d Dyadic) *Game { return number(d) }

// numberOptions returns the options of the canonical form of d.
func numberOptions(d Dyadic) (left, right []*Game) {
	switch {
	case d.Sign() == 0:
		return nil, nil
	case d.exp == 0 && d.Sign() > 0:
		return []*Game{number(d.Sub(Int(1)))}, nil
	case d.exp == 0:
		return nil, []*Game{number(d.Add(Int(1)))}
	}
	unit := newDyadic(1, d.exp)
	return []*Game{number(d.Sub(unit))}, []*Game{number(d.Add(unit))}
}

// sortOptions returns opts sorted by key, without duplicates.
func sortOptions(opts []*Game) []*Game { return sortOwned(slices.Clone(opts)) }

// sortOwned sorts o by key in place and drops duplicates.
func sortOwned(o []*Game) []*Game {
	sorted := true
	for i := 1; i < len(o) && sorted; i++ {
		sorted = o[i-1].key.cmp(o[i].key) < 0
	}
	if sorted {
		return o
	}
	// Sort the keys' words beside the games, on the stack when there
	// are few: no game is read to compare two, and the swaps pay no
	// write barrier while the collector runs. (A buffer of the size
	// needed: a local array is zeroed whole.)
	switch {
	case len(o) <= 16:
		var buf [16]keyedGame
		return sortKeyed(o, buf[:0])
	case len(o) <= 128:
		var buf [128]keyedGame
		return sortKeyed(o, buf[:0])
	}
	return sortKeyed(o, make([]keyedGame, 0, len(o)))
}

// sortKeyed is sortOwned through ks, empty, with room for o.
func sortKeyed(o []*Game, ks []keyedGame) []*Game {
	for _, g := range o {
		ks = append(ks, keyedGame{binary.BigEndian.Uint64(g.key[:]), binary.BigEndian.Uint64(g.key[8:]), g})
	}
	slices.SortFunc(ks, func(a, b keyedGame) int {
		if c := cmp.Compare(a.hi, b.hi); c != 0 {
			return c
		}
		return cmp.Compare(a.lo, b.lo)
	})
	n := 0
	for i, k := range ks {
		if i > 0 && k.hi == ks[i-1].hi && k.lo == ks[i-1].lo {
			continue
		}
		o[n] = k.g
		n++
	}
	clear(o[n:])
	return o[:n]
}

// A keyedGame is a game beside its key's two words, big-endian, which
// order as key.cmp orders keys.
type keyedGame struct {
	hi, lo uint64
	g      *Game
}

// build returns the game with exactly these options (already canonical),
// sorted, without simplification; or the number, when they are the
// canonical options of a number.
func build(left, right []*Game) *Game {
	return buildOwned(slices.Clone(left), slices.Clone(right))
}

// buildOwned is build on slices it may sort and keep.
func buildOwned(l, r []*Game) *Game {
	l, r = sortOwned(l), sortOwned(r)
	if d, ok := numberPattern(l, r); ok {
		return number(d)
	}
	// The digest of len(l), l's keys, len(r), r's keys.
	var buf [16 + 16*32]byte
	in := buf[:0]
	if n := 16 + 16*(len(l)+len(r)); n > len(buf) {
		in = make([]byte, 0, n)
	}
	in = binary.LittleEndian.AppendUint64(in, uint64(len(l)))
	for _, x := range l {
		in = append(in, x.key[:]...)
	}
	in = binary.LittleEndian.AppendUint64(in, uint64(len(r)))
	for _, x := range r {
		in = append(in, x.key[:]...)
	}
	sum := sha256.Sum256(in)
	g := &Game{left: l, right: r, id: newID()}
	copy(g.key[:], sum[:])
	base, star, isStar := starPattern(l, r)
	if isStar && star <= math.MaxUint16 {
		g.base, g.star, g.isStar = base, uint16(star), true
	}
	g.ls, g.rs, g.hasStops = formStops(l, r)
	g.setRaw(false)
	return g
}

// formStops returns the greatest Right stop of a Left option in l and
// the least Left stop of a Right option in r, and whether both sides
// have options whose stops are known.
func formStops(l, r []*Game) (ls, rs Dyadic, ok bool) {
	if len(l) == 0 || len(r) == 0 {
		return ls, rs, false
	}
	for i, o := range l {
		_, s, known := o.stops()
		if !known {
			return ls, rs, false
		}
		if i == 0 || s.Cmp(ls) > 0 {
			ls = s
		}
	}
	for i, o := range r {
		s, _, known := o.stops()
		if !known {
			return ls, rs, false
		}
		if i == 0 || s.Cmp(rs) < 0 {
			rs = s
		}
	}
	return ls, rs, true
}

// stops returns g's Left and Right stops, when they are known: for a
// number, its value; for any other canonical form, the stops read from
// its options; for a form still being simplified, those too when the
// Left one passes the Right one, which shows that it is no number (a
// number x has every Left option's Right stop at most x and every Right
// option's Left stop at least x).
func (g *Game) stops() (l, r Dyadic, ok bool) {
	if g.isNum {
		return g.num, g.num, true
	}
	if !g.hasStops || g.raw && g.ls.Cmp(g.rs) <= 0 {
		return l, r, false
	}
	return g.ls, g.rs, true
}

// setRaw marks g, not a number, as a form still being simplified or
// not, and notes whether its stops are known (which for a raw form
// depends on them: see stops) and fit sl and sr.
func (g *Game) setRaw(raw bool) {
	g.raw, g.fast = raw, false
	if l, r, ok := g.stops(); ok {
		sl, okL := fixed(l)
		sr, okR := fixed(r)
		g.sl, g.sr, g.fast = sl, sr, okL && okR
	}
}

// fixed returns d as a multiple of 2^-30, when it is one of at most 61
// bits, and whether it is.
func fixed(d Dyadic) (int64, bool) {
	if d.big != nil || d.exp > 30 || d.num <= -1<<31 || d.num >= 1<<31 {
		return 0, false
	}
	return d.num << (30 - d.exp), true
}

// stopBounds returns bounds on g's stops, when it has options on both
// sides: its stops when they are known, and for a form still being
// simplified whose options' stops leave it possibly a number x,
// between them, both stops within [ls, rs].
func (g *Game) stopBounds() (b stopRange, ok bool) {
	if l, r, ok := g.stops(); ok {
		return stopRange{l, l, r, r}, true
	}
	if !g.hasStops {
		return b, false
	}
	return stopRange{g.ls, g.rs, g.ls, g.rs}, true
}

// A stopRange bounds a game's stops: Left's within [llo, lhi], Right's
// within [rlo, rhi].
type stopRange struct{ llo, lhi, rlo, rhi Dyadic }

// starPattern reports whether l | r (sorted, without duplicates) are the
// options of d + *m for a number d and m ≥ 1: the same games on both
// sides, d itself and d + *j for 1 ≤ j < m. That is the canonical form
// of d + *m, and it has no other.
func starPattern(l, r []*Game) (d Dyadic, m int, ok bool) {
	if len(l) == 0 || !slices.EqualFunc(l, r, (*Game).Equal) {
		return d, 0, false
	}
	numbers, top := 0, 0
	for _, o := range l {
		if o.isNum {
			d = o.num
			numbers++
		}
	}
	if numbers != 1 {
		return d, 0, false
	}
	for _, o := range l {
		if o.isNum {
			continue
		}
		if !o.isStar || o.base.Cmp(d) != 0 {
			return d, 0, false
		}
		top = max(top, int(o.star))
	}
	// The m − 1 other options are distinct games d + *j with 1 ≤ j ≤ top:
	// all of them when top = m − 1.
	return d, len(l), top == len(l)-1
}

// numberStar reports whether g is d + *m for a number d and m ≥ 0 (a
// number is d + *0), and which.
func (g *Game) numberStar() (Dyadic, int, bool) {
	if g.isNum {
		return g.num, 0, true
	}
	return g.base, int(g.star), g.isStar && !g.raw
}

// newNumberStar returns d + *m, whose canonical form is
// {d, d + *1, …, d + *(m−1) | the same}.
func newNumberStar(d Dyadic, m int) *Game {
	if d.Sign() == 0 && m <= MaxNimber {
		return nimbers()[m]
	}
	opts := []*Game{number(d)}
	for {
		if len(opts) > m {
			return opts[m]
		}
		opts = append(opts, build(opts, opts))
	}
}

// numberPattern reports whether l | r are exactly the options of the
// canonical form of a number, and which.
func numberPattern(l, r []*Game) (Dyadic, bool) {
	switch {
	case len(l) == 0 && len(r) == 0:
		return Dyadic{}, true
	case len(l) == 1 && len(r) == 0 && l[0].isNum && l[0].num.IsInt() && l[0].num.Sign() >= 0:
		return l[0].num.Add(Int(1)), true
	case len(l) == 0 && len(r) == 1 && r[0].isNum && r[0].num.IsInt() && r[0].num.Sign() <= 0:
		return r[0].num.Sub(Int(1)), true
	case len(l) == 1 && len(r) == 1 && l[0].isNum && r[0].isNum:
		// {a | b} is m/2^k (m odd, k ≥ 1) when a and b are m/2^k ∓ 1/2^k.
		a, b := l[0].num, r[0].num
		d := a.Add(b).Mul(newDyadic(1, 1))
		if d.exp >= 1 && b.Sub(a).Cmp(newDyadic(1, d.exp-1)) == 0 {
			return d, true
		}
	}
	return Dyadic{}, false
}

// lessEq reports whether g ≤ h, that is whether Left, moving second,
// wins h − g: no Left option of g is ≥ h and no Right option of h is ≤ g.
func lessEq(g, h *Game) bool {
	return newComparer().le(g, h)
}

// comparer remembers comparisons during one operation, or during the
// life of a Calculator, whose work w counts the steps (nil counts none).
type comparer struct {
	pairs pairs           // comparisons of canonical games with ids
	draft pairs           // those with a form canon is simplifying
	memo  map[[2]key]bool // and of the others
	forms map[key]*Game   // canonical forms of the forms canon was given
	negs  map[key]*Game   // negatives neg has made, of canonical forms
	w     *work
	nums  *numOpts // options of small numbers
	// Scratch space of undominated.
	order []ranked
	kept  []*Game
}

func newComparer() *comparer {
	return &comparer{memo: map[[2]key]bool{}, forms: map[key]*Game{}}
}

func (c *comparer) le(g, h *Game) bool {
	// Only comparisons that reach the tables count as steps: the others
	// take a few instructions and keep nothing.
	if v, ok := quickLE(g, h); ok {
		return v
	}
	if v, ok := sigLE(g, h); ok {
		return v
	}
	c.w.tick()
	byID := g.id != 0 && h.id != 0
	// A form being simplified is compared within its round of canon
	// mostly: its comparisons go to a small table emptied by each call,
	// leaving the large one to the canonical forms met again and again.
	t := &c.pairs
	if g.raw || h.raw {
		t = &c.draft
	}
	var k [2]key
	if byID {
		if v, ok := t.get(g, h); ok {
			return v
		}
	} else {
		k = [2]key{g.key, h.key}
		if v, ok := c.memo[k]; ok {
			return v
		}
	}
	var gls, hrs []*Game
	switch {
	case g.isNum && !h.raw:
		// Number avoidance: for h not a number, x ≤ h unless some
		// h^R ≤ x (Right need never move in the number).
		hrs = h.right
	case h.isNum && !g.raw:
		gls = g.left
	default:
		gls, _ = c.sides(g)
		_, hrs = c.sides(h)
	}
	v := !c.refuted(g, h, gls, hrs)
	if byID {
		t.put(g, h, v)
	} else {
		c.memo[k] = v
	}
	return v
}

// refuted reports whether some option in gls, Left options of g, is
// ≥ h, or some in hrs, Right options of h, is ≤ g: whether g ≰ h. It
// looks first where no form still being simplified is compared: those
// comparisons are remembered for other forms too.
func (c *comparer) refuted(g, h *Game, gls, hrs []*Game) bool {
	if h.raw && !g.raw {
		return c.rightBelow(g, hrs) || c.leftAbove(h, gls)
	}
	return c.leftAbove(h, gls) || c.rightBelow(g, hrs)
}

// leftAbove reports whether some game of gls is ≥ h.
func (c *comparer) leftAbove(h *Game, gls []*Game) bool {
	for _, gl := range gls {
		if c.le(h, gl) {
			return true
		}
	}
	return false
}

// rightBelow reports whether some game of hrs is ≤ g.
func (c *comparer) rightBelow(g *Game, hrs []*Game) bool {
	for _, hr := range hrs {
		if c.le(hr, g) {
			return true
		}
	}
	return false
}

// numOpts keeps the options of the canonical forms of small numbers,
// which Left and Right make afresh at each call and bypass and the
// comparisons read again and again: one a slot, by the number's id.
type numOpts [256]struct {
	id   uint32
	l, r []*Game
}

// numOptsAfter is the steps after which a Calculator keeps numOpts.
const numOptsAfter = 1 << 12

// sides returns x's Left and Right options, which must not be modified:
// for a small number, those kept in c.nums when c is a Calculator's
// that has taken numOptsAfter steps.
func (c *comparer) sides(x *Game) (l, r []*Game) {
	if !x.isNum {
		return x.left, x.right
	}
	if x.id == 0 || c.w == nil || c.w.steps < numOptsAfter {
		// A comparer of one operation (a package-level function's),
		// or of a Calculator that has done little, would pay more for
		// the table than it saves.
		return numberOptions(x.num)
	}
	if c.nums == nil {
		c.nums = new(numOpts)
	}
	e := &c.nums[(x.id*0x9e3779b1)>>24]
	if e.id != x.id {
		e.id = x.id
		e.l, e.r = numberOptions(x.num)
	}
	return e.l, e.r
}

// quickLE reports whether g ≤ h when that follows from their numbers
// and stops alone, and whether it does.
func quickLE(g, h *Game) (le, ok bool) {
	// Stops order games: g ≤ h needs L(g) ≤ L(h) and R(g) ≤ R(h), and
	// L(g) < R(h) makes g < h, since R(h − g) ≥ R(h) − L(g) > 0.
	if g.fast && h.fast {
		switch {
		case g.sl > h.sl || g.sr > h.sr:
			return false, true
		case g.sl < h.sr:
			return true, true
		}
		return numberStarLE(g, h)
	}
	if g.isNum && h.isNum {
		return g.num.Cmp(h.num) <= 0, true
	}
	if le, ok := numberStarLE(g, h); ok {
		return le, true
	}
	if gl, gr, ok := g.stops(); ok {
		// The common case, both stops known, without their bounds.
		if hl, hr, ok := h.stops(); ok {
			switch {
			case gl.Cmp(hl) > 0 || gr.Cmp(hr) > 0:
				return false, true
			case gl.Cmp(hr) < 0:
				return true, true
			}
			return false, false
		}
	}
	bg, okG := g.stopBounds()
	bh, okH := h.stopBounds()
	switch {
	case !okG || !okH:
		return false, false
	case bg.llo.Cmp(bh.lhi) > 0 || bg.rlo.Cmp(bh.rhi) > 0:
		return false, true
	case bg.lhi.Cmp(bh.rlo) < 0:
		return true, true
	}
	return false, false
}

// numberStarLE reports whether g ≤ h when both are d + *m for a number
// d and m ≥ 0, and whether they are.
func numberStarLE(g, h *Game) (le, ok bool) {
	if d, m, ok := g.numberStar(); ok {
		if e, n, ok := h.numberStar(); ok {
			// g − h = (d − e) + *(m ⊕ n) ≤ 0 when d < e, or d = e and
			// m = n (a number plus a nonzero nimber is confused with
			// that number).
			c := d.Cmp(e)
			return c < 0 || c == 0 && m == n, true
		}
	}
	return false, false
}

// New returns the canonical form of {left | right}, whose options must be
// games (each already canonical, as every Game is). Dominated options are
// removed and reversible ones bypassed until neither remains. It fails,
// wrapping ErrRange, only when the result is a number outside the bounds
// of a Dyadic, such as {MaxNum | }.
func New(left, right []*Game) (*Game, error) {
	return newComparer().canon(left, right)
}

func (c *comparer) canon(left, right []*Game) (*Game, error) {
	g := build(left, right)
	if g.isNum {
		return g, nil
	}
	if v, ok := c.forms[g.key]; ok {
		return v, nil
	}
	form := g.key
	c.draft.reset()
	// The signature of g's value (sig.go), once found for a form of
	// it: every form below has the same value.
	var sig uint32
	for {
		c.w.tick()
		// Options that are all numbers, with every Left one below every
		// Right one: the simplest number between.
		if lo, hi, ok := numberBounds(g); ok {
			d, err := simplest(lo, hi)
			if err != nil {
				return nil, err
			}
			g = number(d)
			break
		}
		// Remove dominated options first: a Left option ≤ another, a
		// Right option ≥ another (of equal ones, build keeps one). They
		// are canonical, so their comparisons are remembered for the
		// forms to come, and fewer options are left to test for
		// reversibility, which compares with g itself.
		nl := c.undominated(g.left, false)
		nr := c.undominated(g.right, true)
		if len(nl) < len(g.left) || len(nr) < len(g.right) {
			if g = buildOwned(nl, nr); g.isNum {
				break
			}
		}
		g.setRaw(true)
		// An infinitesimal's reversible options are G^LR ≤ G and G^RL ≥
		// G with G^LR, G^RL infinitesimal too, mostly: G's signature
		// decides many of those comparisons without a search.
		if sig == 0 && g.hasStops && g.ls.Sign() == 0 && g.rs.Sign() == 0 {
			sig = c.sigOf(g)
		}
		g.sig.Store(sig)
		nl, revL := c.bypass(g, false)
		nr, revR := c.bypass(g, true)
		if !revL && !revR {
			g.setRaw(false)
			break
		}
		if g = buildOwned(nl, nr); g.isNum {
			break
		}
	}
	if !g.isNum {
		// The canonical form is its own: keep one copy of it, so that
		// its comparisons are remembered under one id.
		if v, ok := c.forms[g.key]; ok {
			g = v
		} else {
			c.forms[g.key] = g
		}
		if sig != 0 && g.sig.Load() == 0 {
			g.sig.Store(sig)
		}
	}
	c.forms[form] = g
	return g, nil
}

// numberBounds reports whether every option of g is a number, with at
// least one on each side and the greatest Left one below the least Right
// one, and returns those two.
func numberBounds(g *Game) (lo, hi Dyadic, ok bool) {
	if len(g.left) == 0 || len(g.right) == 0 {
		return lo, hi, false
	}
	for i, x := range g.left {
		if !x.isNum {
			return lo, hi, false
		}
		if i == 0 || x.num.Cmp(lo) > 0 {
			lo = x.num
		}
	}
	for i, x := range g.right {
		if !x.isNum {
			return lo, hi, false
		}
		if i == 0 || x.num.Cmp(hi) < 0 {
			hi = x.num
		}
	}
	return lo, hi, lo.Cmp(hi) < 0
}

// bypass replaces g's reversible options. A Left option G^L with some
// G^LR ≤ G is replaced by the Left options of that G^LR; for Right (right
// = true), G^R with some G^RL ≥ G by the Right options of G^RL. It reports
// whether any option was reversible.
func (c *comparer) bypass(g *Game, right bool) ([]*Game, bool) {
	opts := g.left
	if right {
		opts = g.right
	}
	var out []*Game // made at the first reversible option
	for i, o := range opts {
		oL, replies := c.sides(o)
		if right {
			replies = oL
		}
		rev := false
		for _, x := range replies {
			if right && c.le(g, x) || !right && c.le(x, g) {
				if out == nil {
					out = append(make([]*Game, 0, len(opts)+4), opts[:i]...)
				}
				xL, xR := c.sides(x)
				if right {
					out = append(out, xR...)
				} else {
					out = append(out, xL...)
				}
				rev = true
				break
			}
		}
		if !rev && out != nil {
			out = append(out, o)
		}
	}
	if out == nil {
		return opts, false
	}
	return out, true
}

// undominated drops the options beaten by another: for Left, x with
// x ≤ y for another y; for Right (right = true), x with x ≥ y. It keeps
// the best options found so far and compares each option with them
// only: one beaten by a kept option is beaten by the option that beats
// that one, if it goes. opts are sorted, without duplicates; it returns
// them as they are when none is beaten, else a new slice.
func (c *comparer) undominated(opts []*Game, right bool) []*Game {
	if len(opts) < 2 {
		return opts
	}
	beats := func(y, x *Game) bool { // x ≤ y for Left, x ≥ y for Right
		if right {
			return c.le(y, x)
		}
		return c.le(x, y)
	}
	for _, x := range opts {
		c.signature(x)
	}
	// Look at the likely best first: then the others are mostly beaten
	// by the first few kept. (Which are kept does not depend on the
	// order: the options are distinct games.)
	order := c.order[:0]
	for _, x := range opts {
		order = append(order, rank(x))
	}
	slices.SortFunc(order, func(a, b ranked) int {
		if right {
			return a.cmp(b)
		}
		return b.cmp(a)
	})
	out := c.kept[:0]
	for _, o := range order {
		x := o.g
		if slices.ContainsFunc(out, func(y *Game) bool { return beats(y, x) }) {
			continue
		}
		out = slices.DeleteFunc(out, func(y *Game) bool { return beats(x, y) })
		out = append(out, x)
	}
	c.order, c.kept = order, out
	if len(out) == len(opts) {
		return opts
	}
	return slices.Clone(out)
}

// A ranked game carries what undominated orders options by: the sum of
// its stops, when known, then how many of the references of sig.go lie
// below it less how many above.
type ranked struct {
	g     *Game
	stops float64
	known bool
	refs  int
}

func rank(g *Game) ranked {
	r := ranked{g: g}
	if l, rs, ok := g.stops(); ok {
		r.stops, r.known = l.float64()+rs.float64(), true
	}
	if s := g.sig.Load(); s&(sigKnown|sigRef) == sigKnown {
		r.refs = bits.OnesCount32(s&sigUp) - bits.OnesCount32(s&sigDown)
	}
	return r
}

// cmp guesses how a compares with b: by their stops when both are
// known, then by their references; a game whose stops are unknown
// comes first.
func (a ranked) cmp(b ranked) int {
	switch {
	case a.known != b.known:
		if a.known {
			return 1
		}
		return -1
	case a.known:
		if c := cmp.Compare(a.stops, b.stops); c != 0 {
			return c
		}
	}
	return cmp.Compare(a.refs, b.refs)
}

// Neg returns −g = {−R | −L}.
func (g *Game) Neg() *Game {
	memo := map[key]*Game{}
	var neg func(*Game) *Game
	neg = func(x *Game) *Game {
		if x.isNum {
			return number(x.num.Neg())
		}
		if v, ok := memo[x.key]; ok {
			return v
		}
		l := make([]*Game, len(x.right))
		for i, r := range x.right {
			l[i] = neg(r)
		}
		r := make([]*Game, len(x.left))
		for i, y := range x.left {
			r[i] = neg(y)
		}
		v := build(l, r) // the negative of a canonical form is canonical
		memo[x.key] = v
		return v
	}
	return neg(g)
}

// neg returns −g, as Neg does, remembering each negative it makes, both
// ways, and keeping the copy of a form the comparer already holds, so
// that comparisons with it are remembered under one id. Each game it
// builds is a step.
func (c *comparer) neg(x *Game) *Game {
	if x.isNum {
		return number(x.num.Neg())
	}
	if v, ok := c.negs[x.key]; ok {
		return v
	}
	c.w.tick()
	l := make([]*Game, len(x.right))
	for i, r := range x.right {
		l[i] = c.neg(r)
	}
	r := make([]*Game, len(x.left))
	for i, y := range x.left {
		r[i] = c.neg(y)
	}
	v := buildOwned(l, r) // the negative of a canonical form is canonical
	if w, ok := c.forms[v.key]; ok {
		v = w
	} else {
		c.forms[v.key] = v
	}
	if c.negs == nil {
		c.negs = map[key]*Game{}
	}
	c.negs[x.key], c.negs[v.key] = v, x
	return v
}

// addGames returns the canonical form of g + h with no limit.
func addGames(g, h *Game) (*Game, error) {
	return newAdder().add(g, h)
}

func (a *adder) sum(games []*Game) (*Game, error) {
	s := Zero
	for _, g := range games {
		var err error
		if s, err = a.add(s, g); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// adder remembers sums during one operation.
type adder struct {
	c    *comparer
	memo map[[2]key]*Game
	ups  map[key]upStarForm // games read as x + k·↑ + *m, or not
}

func newAdder() *adder {
	return &adder{newComparer(), map[[2]key]*Game{}, map[key]upStarForm{}}
}

func (a *adder) add(x, y *Game) (*Game, error) {
	if x.key.cmp(y.key) > 0 {
		x, y = y, x // addition is commutative
	}
	if x.isNum && y.isNum {
		return number(x.num.Add(y.num)), nil
	}
	k := [2]key{x.key, y.key}
	if v, ok := a.memo[k]; ok {
		return v, nil
	}
	a.c.w.tick()
	// d + *m + e + *n = (d + e) + *(m ⊕ n): the nim-sum, without the
	// m·n sub-sums (nor the translations of each by a number).
	if d, m, ok := x.numberStar(); ok {
		if e, n, ok := y.numberStar(); ok {
			return newNumberStar(d.Add(e), m^n), nil
		}
	}
	// (x + k·↑ + *m) + (y + j·↑ + *n) = (x + y) + (k + j)·↑ + *(m ⊕ n),
	// read from the options' pattern and built from it.
	if f, ok := upStar(x, a.ups); ok {
		if e, ok := upStar(y, a.ups); ok {
			v := upStarGame(f.x.Add(e.x), f.k+e.k, f.m^e.m)
			a.memo[k] = v
			return v, nil
		}
	}
	// Number translation: x + G = {x + G^L | x + G^R} for a number x
	// and G not a number, so numbers are never played through.
	var l, r []*Game
	move := func(z, other *Game) error {
		for _, zl := range z.left {
			s, err := a.add(zl, other)
			if err != nil {
				return err
			}
			l = append(l, s)
		}
		for _, zr := range z.right {
			s, err := a.add(zr, other)
			if err != nil {
				return err
			}
			r = append(r, s)
		}
		return nil
	}
	if !x.isNum {
		if err := move(x, y); err != nil {
			return nil, err
		}
	}
	if !y.isNum {
		if err := move(y, x); err != nil {
			return nil, err
		}
	}
	v, err := a.c.canon(l, r)
	if err != nil {
		return nil, err
	}
	a.memo[k] = v
	return v, nil
}

// A Relation is the order relation of two games, as Compare returns it.
type Relation int8

// The four relations of g to h.
const (
	Equal   Relation = iota // g = h
	Greater                 // g > h
	Less                    // g < h
	Fuzzy                   // g ‖ h: neither g ≤ h nor h ≤ g
)

// String returns "=", ">", "<" or "||".
func (r Relation) String() string { return [...]string{"=", ">", "<", "||"}[r] }

func (c *comparer) compare(g, h *Game) Relation {
	le, ge := c.le(g, h), c.le(h, g)
	switch {
	case le && ge:
		return Equal
	case ge:
		return Greater
	case le:
		return Less
	}
	return Fuzzy
}

// Outcome returns the outcome class of g, read from its relation to 0:
// outcome.L when g > 0, outcome.R when g < 0, outcome.P when g = 0 and
// outcome.N when g ‖ 0.
func (g *Game) Outcome() outcome.Class { return newComparer().compare(g, Zero).Outcome() }

// Outcome returns the outcome class of a game in relation r to 0:
// outcome.L for >, outcome.R for <, outcome.P for = and outcome.N for ‖.
func (r Relation) Outcome() outcome.Class {
	return [...]outcome.Class{Equal: outcome.P, Greater: outcome.L, Less: outcome.R, Fuzzy: outcome.N}[r]
}

// numberBirthday returns the day on which Conway's construction first makes d:
// |n| for an integer n, and ⌊|x|⌋ + 1 + k for a fraction over 2^k.
func numberBirthday(d Dyadic) *big.Int {
	if d.Sign() < 0 {
		d = d.Neg()
	}
	if d.exp == 0 {
		return d.Num()
	}
	return d.floor().Add(Int(int64(d.exp) + 1)).Num()
}

// MaxNimber is the largest n for which Nimber builds *n (and Parse reads
// it): *n has n options on each side. Sums of nimbers stay below 256.
const MaxNimber = 255

// nimbers are *0 … *MaxNimber, built once, when first wanted (it takes a
// noticeable fraction of a second, which a program that only starts up
// should not pay).
var nimbers = sync.OnceValue(func() []*Game {
	g := []*Game{Zero}
	for n := 1; n <= MaxNimber; n++ {
		g = append(g, build(g, g))
	}
	return g
})

// Nimber returns *n = {0, *1, …, *(n−1) | 0, *1, …, *(n−1)}; n is
// clamped to 0 … MaxNimber.
func Nimber(n int) *Game { return nimbers()[min(max(n, 0), MaxNimber)] }

// starGame is *1 = {0 | 0}, and upGame is ↑ = {0 | *}, down ↓ = {* | 0}.
var (
	starGame = build([]*Game{Zero}, []*Game{Zero})
	upGame   = build([]*Game{Zero}, []*Game{starGame})
	down     = build([]*Game{starGame}, []*Game{Zero})
)

// AsNumber reports whether g is a number, and which.
func (g *Game) AsNumber() (Dyadic, bool) { return g.num, g.isNum }

// AsNumberStar reports whether g is x + *m for a number x and m ≥ 0 (a
// number is x + *0), and returns x and m.
func (g *Game) AsNumberStar() (x Dyadic, m int, ok bool) { return g.numberStar() }

// AsNimber reports whether g is a nimber *n, and which n.
func (g *Game) AsNimber() (int, bool) {
	n := len(g.Left())
	if len(g.Right()) != n || n > MaxNimber {
		return 0, false
	}
	if nimbers()[n].key == g.key {
		return n, true
	}
	return 0, false
}

func (c *comparer) ordinalSum(g, h *Game) (*Game, error) {
	return c.ordinalSumOf(g.Left(), g.Right(), h)
}

// ordinalSumOf returns the ordinal sum of the form {gl | gr} and h.
func (c *comparer) ordinalSumOf(gl, gr []*Game, h *Game) (*Game, error) {
	return c.colonOf(gl, gr)(h)
}

// colonOf returns the function h ↦ {gl | gr} : h, remembering the sums
// it has made.
func (c *comparer) colonOf(gl, gr []*Game) func(*Game) (*Game, error) {
	memo := map[key]*Game{}
	var colon func(h *Game) (*Game, error)
	colon = func(h *Game) (*Game, error) {
		if v, ok := memo[h.key]; ok {
			return v, nil
		}
		l, r := slices.Clone(gl), slices.Clone(gr)
		for _, hl := range h.Left() {
			v, err := colon(hl)
			if err != nil {
				return nil, err
			}
			l = append(l, v)
		}
		for _, hr := range h.Right() {
			v, err := colon(hr)
			if err != nil {
				return nil, err
			}
			r = append(r, v)
		}
		v, err := c.canon(l, r)
		if err != nil {
			return nil, err
		}
		memo[h.key] = v
		return v, nil
	}
	return colon
}
