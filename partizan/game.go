package partizan

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
)

// A Game is a short partizan game {L | R} in canonical form: no option is
// dominated and none is reversible, so two games are equal exactly when
// their canonical forms are the same. Games are immutable; build them with
// New, Number, Nimber and the operations.
type Game struct {
	left, right []*Game
	key         key // a digest of the canonical form, for equality and sorting
}

// key identifies a canonical form: the SHA-256 digest (first 16 bytes) of
// its sorted options' keys. Canonical forms are unique, so equal keys mean
// equal games (up to a collision of SHA-256). Writing the forms out
// instead grows exponentially: *n contains *0 … *(n−1) on both sides.
type key [16]byte

func (k key) cmp(o key) int { return bytes.Compare(k[:], o[:]) }

// Zero is the game { | } = 0.
var Zero = build(nil, nil)

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
	byKey := func(a, b *Game) int { return a.key.cmp(b.key) }
	slices.SortFunc(l, byKey)
	slices.SortFunc(r, byKey)
	l = slices.CompactFunc(l, (*Game).Equal)
	r = slices.CompactFunc(r, (*Game).Equal)
	h := sha256.New()
	var n [8]byte
	binary.LittleEndian.PutUint64(n[:], uint64(len(l)))
	h.Write(n[:])
	for _, x := range l {
		h.Write(x.key[:])
	}
	binary.LittleEndian.PutUint64(n[:], uint64(len(r)))
	h.Write(n[:])
	for _, x := range r {
		h.Write(x.key[:])
	}
	g := &Game{left: l, right: r}
	copy(g.key[:], h.Sum(nil))
	return g
}

// LessEq reports whether g ≤ h, that is whether Left, moving second,
// wins h − g: no Left option of g is ≥ h and no Right option of h is ≤ g.
func LessEq(g, h *Game) bool {
	return newComparer().le(g, h)
}

// comparer remembers comparisons during one operation.
type comparer struct {
	memo map[[2]key]bool
}

func newComparer() *comparer { return &comparer{memo: map[[2]key]bool{}} }

func (c *comparer) le(g, h *Game) bool {
	k := [2]key{g.key, h.key}
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
		nl, revL := c.bypass(g, false)
		nr, revR := c.bypass(g, true)
		changed := revL || revR
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

// bypass replaces g's reversible options. A Left option G^L with some
// G^LR ≤ G is replaced by the Left options of that G^LR; for Right (right
// = true), G^R with some G^RL ≥ G by the Right options of G^RL. It reports
// whether any option was reversible.
func (c *comparer) bypass(g *Game, right bool) ([]*Game, bool) {
	opts := g.left
	if right {
		opts = g.right
	}
	var out []*Game
	changed := false
	for _, o := range opts {
		replies, reversedBy := o.right, func(x *Game) bool { return c.le(x, g) }
		if right {
			replies, reversedBy = o.left, func(x *Game) bool { return c.le(g, x) }
		}
		rev := false
		for _, x := range replies {
			if reversedBy(x) {
				if right {
					out = append(out, x.right...)
				} else {
					out = append(out, x.left...)
				}
				rev, changed = true, true
				break
			}
		}
		if !rev {
			out = append(out, o)
		}
	}
	return out, changed
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
	memo := map[key]*Game{}
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
	memo := map[[2]key]*Game{}
	var add func(x, y *Game) *Game
	add = func(x, y *Game) *Game {
		if x.key.cmp(y.key) > 0 {
			x, y = y, x // addition is commutative
		}
		k := [2]key{x.key, y.key}
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

// MaxBirthday bounds the numbers Number builds: a number is an explicit
// tree of games as deep as its birthday (n for an integer n, ⌊|x|⌋ + 1 + k
// for a fraction over 2^k), and its canonical form takes space quadratic
// in that.
const MaxBirthday = 32

// Birthday returns the day on which Conway's construction first makes d.
func Birthday(d Dyadic) int64 {
	if d.num < 0 {
		d = d.Neg()
	}
	if d.exp == 0 {
		return d.num
	}
	return d.Floor() + 1 + int64(d.exp)
}

// Number returns the game equal to the dyadic d: 0 = { | }, n = {n−1 | }
// for an integer n > 0 (and { | n+1} below 0), and m/2^k = {(m−1)/2^k |
// (m+1)/2^k} in lowest terms. It fails, wrapping ErrRange, for a number
// born after MaxBirthday.
func Number(d Dyadic) (*Game, error) {
	if b := Birthday(d); b > MaxBirthday {
		return nil, fmt.Errorf("%w: %v is born on day %d, after day %d", ErrRange, d, b, MaxBirthday)
	}
	return number(d), nil
}

// number is Number without the check.
func number(d Dyadic) *Game {
	switch {
	case d.num == 0:
		return Zero
	case d.exp == 0 && d.num > 0:
		return build([]*Game{number(Dyadic{num: d.num - 1})}, nil)
	case d.exp == 0:
		return build(nil, []*Game{number(Dyadic{num: d.num + 1})})
	}
	lo, _ := NewDyadic(d.num-1, int(d.exp))
	hi, _ := NewDyadic(d.num+1, int(d.exp))
	return build([]*Game{number(lo)}, []*Game{number(hi)})
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
			if m, ok := NewDyadicOK(x+y, e+1); ok && number(m).key == g.key {
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
// "*2"), numbers plus nimbers ("1*"), up to four ↑ or ↓ with a star ("^",
// "v", "^^*", "vvv"), switches ("±1"; Parse reads "+-1" too), and
// otherwise "{L1,L2|R1}" with options written the same way. Parse reads
// every output back, unless a number in it was born after MaxBirthday.
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
	// x + *n: the options x + *k, k < n, the same on both sides.
	if len(g.left) > 0 && len(g.left) == len(g.right) && g.left[0].key == g.right[0].key {
		for _, o := range g.left {
			if x, ok := o.AsNumber(); ok {
				if Add(number(x), Nimber(len(g.left))).key == g.key {
					return x.String() + "*" + starSuffix(len(g.left))
				}
				break
			}
		}
	}
	if s, ok := upName(g); ok {
		return s
	}
	// A switch m ± d = {m+d | m−d} with d > 0, from numbers a > b, when
	// m is 0 or m and d are integers (CGSuite writes {0|-1}, not -1/2±1/2).
	if len(g.left) == 1 && len(g.right) == 1 {
		a, okA := g.left[0].AsNumber()
		b, okB := g.right[0].AsNumber()
		if okA && okB && a.Cmp(b) > 0 {
			x, y, e := align(a, b)
			m, okM := NewDyadicOK(x+y, e+1)
			d, okD := NewDyadicOK(x-y, e+1)
			if okM && okD && m.IsInt() && d.IsInt() || okM && okD && m.Sign() == 0 {
				if m.Sign() == 0 {
					return "±" + d.String()
				}
				return m.String() + "±" + d.String()
			}
		}
	}
	return "{" + optionList(g.left) + "|" + optionList(g.right) + "}"
}

// optionList writes options separated by commas: numbers first, in
// increasing order, then the others by their text.
func optionList(opts []*Game) string {
	type item struct {
		num   Dyadic
		isNum bool
		text  string
	}
	items := make([]item, len(opts))
	for i, o := range opts {
		d, ok := o.AsNumber()
		items[i] = item{d, ok, o.String()}
	}
	slices.SortFunc(items, func(a, b item) int {
		switch {
		case a.isNum && b.isNum:
			return a.num.Cmp(b.num)
		case a.isNum != b.isNum:
			if a.isNum {
				return -1
			}
			return 1
		}
		return strings.Compare(a.text, b.text)
	})
	texts := make([]string, len(items))
	for i, it := range items {
		texts[i] = it.text
	}
	return strings.Join(texts, ",")
}

func itoa(n int) string { return Dyadic{num: int64(n)}.String() }

// starSuffix is "" for *1 and the number otherwise.
func starSuffix(n int) string {
	if n == 1 {
		return ""
	}
	return itoa(n)
}

// upNames are k·↑ + *m for 1 ≤ |k| ≤ 4 and m ≤ 3 with their names, built
// once.
var upNames = func() map[key]string {
	names := map[key]string{}
	for _, base := range []*Game{Up, Down} {
		sym := "^"
		if base == Down {
			sym = "v"
		}
		mult := base
		for k := 1; k <= 4; k++ {
			for m := 0; m <= 3; m++ {
				h, name := mult, strings.Repeat(sym, k)
				if m > 0 {
					h, name = Add(mult, Nimber(m)), name+"*"+starSuffix(m)
				}
				names[h.key] = name
			}
			mult = Add(mult, base)
		}
	}
	return names
}()

// upName recognises k·↑ + *m for 1 ≤ |k| ≤ 4 and m ≤ 3.
func upName(g *Game) (string, bool) {
	s, ok := upNames[g.key]
	return s, ok
}
