package partizan

import (
	"slices"
	"strings"
)

// A Game is a short partizan game {L | R} in canonical form: no option is
// dominated and none is reversible, so two games are equal exactly when
// their canonical forms are the same. Games are immutable; build them with
// New, Number, Nimber and the operations.
type Game struct {
	left, right []*Game
	key         string // the canonical form written out, for equality and sorting
}

// Zero is the game { | } = 0.
var Zero = &Game{key: "{|}"}

// Left returns the Left options; the slice must not be modified.
func (g *Game) Left() []*Game { return g.left }

// Right returns the Right options; the slice must not be modified.
func (g *Game) Right() []*Game { return g.right }

// Equal reports whether g = h.
func (g *Game) Equal(h *Game) bool { return g.key == h.key }

// build returns the game with exactly these options (already canonical),
// sorted, without simplification.
func build(left, right []*Game) *Game {
	l := slices.Clone(left)
	r := slices.Clone(right)
	byKey := func(a, b *Game) int { return strings.Compare(a.key, b.key) }
	slices.SortFunc(l, byKey)
	slices.SortFunc(r, byKey)
	l = slices.CompactFunc(l, (*Game).Equal)
	r = slices.CompactFunc(r, (*Game).Equal)
	var b strings.Builder
	b.WriteByte('{')
	for i, x := range l {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(x.key)
	}
	b.WriteByte('|')
	for i, x := range r {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(x.key)
	}
	b.WriteByte('}')
	return &Game{left: l, right: r, key: b.String()}
}

// LessEq reports whether g ≤ h, that is whether Left, moving second,
// wins h − g: no Left option of g is ≥ h and no Right option of h is ≤ g.
func LessEq(g, h *Game) bool {
	return newComparer().le(g, h)
}

// comparer remembers comparisons during one operation.
type comparer struct {
	memo map[[2]string]bool
}

func newComparer() *comparer { return &comparer{memo: map[[2]string]bool{}} }

func (c *comparer) le(g, h *Game) bool {
	k := [2]string{g.key, h.key}
	if v, ok := c.memo[k]; ok {
		return v
	}
	v := true
	for _, gl := range g.left {
		if c.le(h, gl) {
			v = false
			break
		}
	}
	if v {
		for _, hr := range h.right {
			if c.le(hr, g) {
				v = false
				break
			}
		}
	}
	c.memo[k] = v
	return v
}

// New returns the canonical form of {left | right}, whose options must be
// games (each already canonical, as every Game is). Dominated options are
// removed and reversible ones bypassed until neither remains.
func New(left, right []*Game) *Game {
	return newComparer().canon(left, right)
}

func (c *comparer) canon(left, right []*Game) *Game {
	g := build(left, right)
	for {
		changed := false
		// Bypass reversible Left options: G^L with some G^LR ≤ G is
		// replaced by the Left options of that G^LR.
		var nl []*Game
		for _, gl := range g.left {
			rev := false
			for _, glr := range gl.right {
				if c.le(glr, g) {
					nl = append(nl, glr.left...)
					rev, changed = true, true
					break
				}
			}
			if !rev {
				nl = append(nl, gl)
			}
		}
		var nr []*Game
		for _, gr := range g.right {
			rev := false
			for _, grl := range gr.left {
				if c.le(g, grl) {
					nr = append(nr, grl.right...)
					rev, changed = true, true
					break
				}
			}
			if !rev {
				nr = append(nr, gr)
			}
		}
		// Remove dominated options: a Left option ≤ another, a Right
		// option ≥ another (of equal ones, build keeps one).
		nl = c.undominated(nl, false)
		nr = c.undominated(nr, true)
		h := build(nl, nr)
		if !changed && h.key == g.key {
			return h
		}
		g = h
	}
}

// undominated drops the options beaten by another: for Left, x with
// x ≤ y for another y; for Right (right = true), x with x ≥ y.
func (c *comparer) undominated(opts []*Game, right bool) []*Game {
	opts = build(opts, nil).left // sorted, duplicates removed
	var out []*Game
	for i, x := range opts {
		beaten := false
		for j, y := range opts {
			if i == j {
				continue
			}
			if (!right && c.le(x, y)) || (right && c.le(y, x)) {
				beaten = true
				break
			}
		}
		if !beaten {
			out = append(out, x)
		}
	}
	return out
}

// Neg returns −g = {−R | −L}.
func (g *Game) Neg() *Game {
	memo := map[string]*Game{}
	var neg func(*Game) *Game
	neg = func(x *Game) *Game {
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

// Add returns the canonical form of the disjunctive sum g + h.
func Add(g, h *Game) *Game {
	c := newComparer()
	memo := map[[2]string]*Game{}
	var add func(x, y *Game) *Game
	add = func(x, y *Game) *Game {
		if x.key > y.key {
			x, y = y, x // addition is commutative
		}
		k := [2]string{x.key, y.key}
		if v, ok := memo[k]; ok {
			return v
		}
		var l, r []*Game
		for _, xl := range x.left {
			l = append(l, add(xl, y))
		}
		for _, yl := range y.left {
			l = append(l, add(x, yl))
		}
		for _, xr := range x.right {
			r = append(r, add(xr, y))
		}
		for _, yr := range y.right {
			r = append(r, add(x, yr))
		}
		v := c.canon(l, r)
		memo[k] = v
		return v
	}
	return add(g, h)
}

// Outcome classes of a partizan game.
type Outcome int

// The four outcome classes: who wins with best play.
const (
	Zeroish  Outcome = iota // P: the player to move loses (g = 0)
	Positive                // L: Left wins whoever starts (g > 0)
	Negative                // R: Right wins whoever starts (g < 0)
	Fuzzy                   // N: the player to move wins (g ‖ 0)
)

// String returns "0", ">0", "<0" or "||0".
func (o Outcome) String() string {
	return [...]string{"0", ">0", "<0", "||0"}[o]
}

// Compare returns the relation of g to h: Zeroish for g = h, Positive for
// g > h, Negative for g < h, Fuzzy for g ‖ h (incomparable).
func Compare(g, h *Game) Outcome {
	c := newComparer()
	le, ge := c.le(g, h), c.le(h, g)
	switch {
	case le && ge:
		return Zeroish
	case ge:
		return Positive
	case le:
		return Negative
	}
	return Fuzzy
}

// OutcomeOf returns the outcome class of g: its relation to 0.
func OutcomeOf(g *Game) Outcome { return Compare(g, Zero) }

// Number returns the game equal to the dyadic d: 0 = { | }, n = {n−1 | }
// for an integer n > 0 (and { | n+1} below 0), and m/2^k = {(m−1)/2^k |
// (m+1)/2^k} in lowest terms.
func Number(d Dyadic) *Game {
	switch {
	case d.num == 0:
		return Zero
	case d.exp == 0 && d.num > 0:
		return build([]*Game{Number(Dyadic{num: d.num - 1})}, nil)
	case d.exp == 0:
		return build(nil, []*Game{Number(Dyadic{num: d.num + 1})})
	}
	lo, _ := NewDyadic(d.num-1, int(d.exp))
	hi, _ := NewDyadic(d.num+1, int(d.exp))
	return build([]*Game{Number(lo)}, []*Game{Number(hi)})
}

// Nimber returns *n = {0, *1, …, *(n−1) | 0, *1, …, *(n−1)}.
func Nimber(n int) *Game {
	g := Zero
	opts := []*Game{}
	for range n {
		opts = append(opts, g)
		g = build(opts, opts)
	}
	return g
}

// Star is *1 = {0 | 0}, and Up is ↑ = {0 | *}, Down ↓ = {* | 0}.
var (
	Star = Nimber(1)
	Up   = build([]*Game{Zero}, []*Game{Star})
	Down = build([]*Game{Star}, []*Game{Zero})
)

// AsNumber reports whether g is a number, and which.
func (g *Game) AsNumber() (Dyadic, bool) {
	switch {
	case len(g.left) == 0 && len(g.right) == 0:
		return Dyadic{}, true
	case len(g.left) == 1 && len(g.right) == 0:
		if x, ok := g.left[0].AsNumber(); ok && x.IsInt() && x.num >= 0 {
			return NewDyadicOK(x.num+1, 0)
		}
	case len(g.left) == 0 && len(g.right) == 1:
		if x, ok := g.right[0].AsNumber(); ok && x.IsInt() && x.num <= 0 {
			return NewDyadicOK(x.num-1, 0)
		}
	case len(g.left) == 1 && len(g.right) == 1:
		a, okA := g.left[0].AsNumber()
		b, okB := g.right[0].AsNumber()
		if okA && okB && a.Cmp(b) < 0 {
			// A canonical number's options are its neighbours at its own
			// denominator, so it is their midpoint.
			x, y, e := align(a, b)
			if m, ok := NewDyadicOK(x+y, e+1); ok && Number(m).key == g.key {
				return m, true
			}
		}
	}
	return Dyadic{}, false
}

// NewDyadicOK is NewDyadic reporting success instead of an error.
func NewDyadicOK(num int64, exp int) (Dyadic, bool) {
	d, err := NewDyadic(num, exp)
	return d, err == nil
}

// AsNimber reports whether g is a nimber *n, and which n.
func (g *Game) AsNimber() (int, bool) {
	n := len(g.left)
	if len(g.right) != n || n > 64 {
		return 0, false
	}
	if Nimber(n).key == g.key {
		return n, true
	}
	return 0, false
}

// String writes g in CGSuite's notation: numbers ("3/4"), nimbers ("*",
// "*2"), numbers plus nimbers ("1*"), multiples of ↑ with a star ("^",
// "v", "^^*", "3^"), switches ("±1", "+-1" in ASCII is what Parse reads),
// and otherwise "{L1,L2|R1}" with options written the same way.
func (g *Game) String() string {
	if d, ok := g.AsNumber(); ok {
		return d.String()
	}
	if n, ok := g.AsNimber(); ok {
		if n == 1 {
			return "*"
		}
		return "*" + itoa(n)
	}
	// x + *n: every option is x + *k, the same on both sides.
	if len(g.left) > 0 && len(g.left) == len(g.right) && g.left[0].key == g.right[0].key {
		if x, ok := g.left[0].AsNumber(); ok {
			if Add(Number(x), Nimber(len(g.left))).key == g.key {
				return x.String() + "*" + starSuffix(len(g.left))
			}
		}
	}
	if s, ok := upName(g); ok {
		return s
	}
	// A switch ±x: {x | −x} with x > 0 a number.
	if len(g.left) == 1 && len(g.right) == 1 {
		if x, ok := g.left[0].AsNumber(); ok && x.Sign() > 0 && g.right[0].key == Number(x.Neg()).key {
			return "±" + x.String()
		}
	}
	var b strings.Builder
	b.WriteByte('{')
	for i, x := range g.left {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(x.String())
	}
	b.WriteByte('|')
	for i, x := range g.right {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(x.String())
	}
	b.WriteByte('}')
	return b.String()
}

func itoa(n int) string { return Dyadic{num: int64(n)}.String() }

// starSuffix is "" for *1 and the number otherwise.
func starSuffix(n int) string {
	if n == 1 {
		return ""
	}
	return itoa(n)
}

// upName recognises k·↑ + *m for 1 ≤ |k| ≤ 4 and m ≤ 3 by building them.
func upName(g *Game) (string, bool) {
	for k := 1; k <= 4; k++ {
		for _, sign := range []int{1, -1} {
			base, sym := Up, "^"
			if sign < 0 {
				base, sym = Down, "v"
			}
			mult := base
			for range k - 1 {
				mult = Add(mult, base)
			}
			name := strings.Repeat(sym, k)
			if k > 2 {
				name = itoa(k) + sym
			}
			for m := 0; m <= 3; m++ {
				h := mult
				if m > 0 {
					h = Add(mult, Nimber(m))
				}
				if h.key == g.key {
					if m > 0 {
						name += "*" + starSuffix(m)
					}
					return name, true
				}
			}
		}
	}
	return "", false
}
