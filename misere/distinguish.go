package misere

import (
	"context"
	"slices"
)

// link returns a game t such that x + t and y + t are both misère
// P-positions, and false when x and y are not linked. By Conway's theorem
// (On Numbers and Games, chapter 12) they are linked unless one is an
// option of the other, or both are 0 (then t = *1 links them).
func link(x, y Game) (Game, bool) {
	t := newTable(context.Background(), -1)
	l := t.link(t.intern(x.node()), t.intern(y.node()))
	return Game{l}, l != nil
}

// distinguisher returns a game t such that x + t is a misère P-position
// and y + t is not, and false when x equals y. Such a t exists for any
// two different games; it witnesses that they are not equal. Like link,
// its work is not bounded: it grows with the product of the games'
// forms.
func distinguisher(x, y Game) (Game, bool) {
	t := newTable(context.Background(), -1)
	a, b := t.intern(x.node()), t.intern(y.node())
	if a == b {
		return Game{}, false
	}
	return Game{t.discriminatePN(a, b)}, true
}

// link returns a game linking a and b, or nil. Both a + t and b + t
// must have only N-positions as options: t's options make each a' + t'
// and b' + t' a P-position while keeping the other side's sum an
// N-position.
func (t *table) link(a, b *node) *node {
	if a == zero && b == zero {
		return t.nim(1)
	}
	if has(a, b) || has(b, a) {
		return nil
	}
	k := pairKey(a, b)
	if l, ok := t.links[k]; ok {
		return l
	}
	var opts []*node
	for _, o := range a.opts {
		opts = append(opts, t.discriminatePN(o, b))
	}
	for _, o := range b.opts {
		opts = append(opts, t.discriminatePN(o, a))
	}
	l, _ := t.fromOptions(opts)
	t.links[k] = l
	return l
}

// has reports whether o is an option of x.
func has(x, o *node) bool {
	_, ok := slices.BinarySearchFunc(x.opts, o, order)
	return ok
}

// discriminate returns a game t for which a + t and b + t have different
// misère outcomes, a ≠ b: 0 when one of them is 0 and the other a
// P-position, else a game linking one with an option of the other.
func (t *table) discriminate(a, b *node) *node {
	if a == zero && b.gamma[0] == 0 || b == zero && a.gamma[0] == 0 {
		return zero
	}
	for _, o := range a.opts {
		if l := t.link(b, o); l != nil {
			return l
		}
	}
	for _, o := range b.opts {
		if l := t.link(a, o); l != nil {
			return l
		}
	}
	panic("misere: two different games with no discriminator")
}

// discriminatePN returns a game t with a + t a P-position and b + t an
// N-position, a ≠ b. When the discriminator d goes the other way, the
// game whose options are d and the mates of a's options does.
func (t *table) discriminatePN(a, b *node) *node {
	k := [2]*node{a, b}
	if d, ok := t.pns[k]; ok {
		return d
	}
	d := t.discriminate(a, b)
	if s, _ := t.sum(a, d); s.gamma[0] != 0 {
		opts := []*node{d}
		for _, o := range a.opts {
			m, _ := t.mate(o)
			opts = append(opts, m)
		}
		d, _ = t.fromOptions(opts)
	}
	t.pns[k] = d
	return d
}

// pairKey orders a pair of nodes for a symmetric memo.
func pairKey(a, b *node) [2]*node {
	if a.hash > b.hash || a.hash == b.hash && order(a, b) > 0 {
		a, b = b, a
	}
	return [2]*node{a, b}
}
