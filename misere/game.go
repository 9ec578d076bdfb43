package misere

import (
	"cmp"
	"context"
	"math/bits"
	"slices"

	"github.com/nimbers/grundy/budget"
)

// A Game is an impartial game in misère canonical form (Conway, On
// Numbers and Games, chapter 12): two Games are equal in misère play
// exactly when they are identical. The zero Game is 0, the game with no
// move. Games are immutable and safe to share between goroutines.
//
// Games are listed (Options, Followers) in canonical order: by birthday,
// number of options, nim value, misère value, then the options from the
// smallest. The notation lists options in the reverse order.
type Game struct{ n *node }

// node is a game in canonical form with what is known of it.
type node struct {
	opts   []*node // canonical options in canonical order
	birth  int
	g      int   // the normal-play nim value
	gamma  []int // γ0 γ1 …, trimmed where the period 2 begins
	phylum Phylum
	hash   uint64
}

// zero is the game 0.
var zero = &node{gamma: []int{1, 2, 0}, phylum: NimHeap, hash: 0x9e3779b97f4a7c15}

func (x Game) node() *node {
	if x.n == nil {
		return zero
	}
	return x.n
}

// nimHeap returns the nim heap *n, the game whose options are *0 … *(n−1).
// It panics if n is negative or above maxNimHeap (*n and its options hold
// n²/2 references).
func nimHeap(n int) Game {
	if n < 0 || n > maxNimHeap {
		panic("misere: a nim heap of negative size or above maxNimHeap")
	}
	t := newTable(context.Background(), -1)
	return Game{t.nim(n)}
}

// FromOptions returns the canonical form of the game whose options are
// opts.
func FromOptions(opts ...Game) Game {
	t := newTable(context.Background(), -1)
	ns := make([]*node, len(opts))
	for i, o := range opts {
		ns[i] = t.intern(o.node())
	}
	n, _ := t.fromOptions(ns)
	return Game{n}
}

// DefaultSumLimit is the work Sum and Parse do unless their Options say
// otherwise: about a second. A unit, a step, is one sum of two canonical
// positions or one of the options it collects.
const DefaultSumLimit = 1 << 22

// Sum returns the canonical form of the disjunctive sum of gs. Sums of
// wild games grow fast, so its work, counted in steps, is bounded by
// opt's Limit (DefaultSumLimit when opt is nil or sets none; a negative
// Limit lifts the bound), estimated before each sum of two games; it
// stops soon after ctx is cancelled.
func Sum(ctx context.Context, opt *budget.Options, gs ...Game) (Game, error) {
	t := newTable(ctx, opt.Max(DefaultSumLimit))
	t.what = "the misère sum"
	acc := zero
	for _, g := range gs {
		s, err := t.plannedSum(acc, t.intern(g.node()))
		if err != nil {
			return Game{}, err
		}
		acc = s
	}
	return Game{acc}, nil
}

// Options returns the options of the canonical form, in increasing
// canonical order.
func (x Game) Options() []Game {
	n := x.node()
	out := make([]Game, len(n.opts))
	for i, o := range n.opts {
		out[i] = Game{o}
	}
	return out
}

// Birthday returns the height of the canonical form's game tree: 0 for
// 0, n for *n. Birthdays add under sums.
func (x Game) Birthday() int { return x.node().birth }

// Equal reports whether x and y are equal in misère play: whether x + z
// and y + z have the same misère outcome for every game z.
func (x Game) Equal(y Game) bool { return same(x.node(), y.node()) }

// Genus returns x's genus g^(γ0 γ1 …): G is its normal-play nim value
// (Conway's G⁺) and Gamma[0] its misère nim value, 0 exactly when the
// player to move loses x in misère play.
func (x Game) Genus() Genus {
	n := x.node()
	return Genus{G: n.g, Gamma: slices.Clone(n.gamma)}
}

// Phylum returns x's place in Conway's classification of misère games.
func (x Game) Phylum() Phylum { return x.node().phylum }

// Mate returns x's mate (Conway's G⁻ in On Numbers and Games, "the
// game with 0 and * exchanged"): *1 for 0, 0 for *1, and otherwise the
// game whose options are the mates of x's options. x plus its mate is a
// misère P-position.
func (x Game) Mate() Game {
	t := newTable(context.Background(), -1)
	m, _ := t.mate(t.intern(x.node()))
	return Game{m}
}

// same reports whether two canonical forms are identical. Forms made by
// different tables share no nodes, so pairs already found identical are
// remembered: the forms are DAGs, and their trees can be exponentially
// larger.
func same(a, b *node) bool {
	return sameSeen(a, b, map[[2]*node]bool{})
}

func sameSeen(a, b *node, seen map[[2]*node]bool) bool {
	if a == b || seen[[2]*node{a, b}] {
		return true
	}
	if a.hash != b.hash || a.birth != b.birth || len(a.opts) != len(b.opts) {
		return false
	}
	for i := range a.opts {
		if !sameSeen(a.opts[i], b.opts[i], seen) {
			return false
		}
	}
	seen[[2]*node{a, b}] = true
	return true
}

// order is the canonical order of forms. Options are kept in this order,
// so two forms of one table are compared along the first pair of options
// that differ, one level at a time.
func order(a, b *node) int {
	if a == b {
		return 0
	}
	if c := cmp.Compare(a.birth, b.birth); c != 0 {
		return c
	}
	if c := cmp.Compare(len(a.opts), len(b.opts)); c != 0 {
		return c
	}
	if c := cmp.Compare(a.g, b.g); c != 0 {
		return c
	}
	if c := cmp.Compare(a.gamma[0], b.gamma[0]); c != 0 {
		return c
	}
	for i := range a.opts {
		if c := order(a.opts[i], b.opts[i]); c != 0 {
			return c
		}
	}
	return 0
}

// table builds canonical forms: it keeps one node for each form it has
// made, so that within a table identical forms are the same node, and
// remembers its sums.
type table struct {
	ctx    context.Context
	what   string
	limit  float64 // work allowed, or negative for no bound
	spent  float64
	forms  map[uint64][]*node
	local  map[*node]*node // nodes of other tables already interned
	sums   map[[2]*node]*node
	mates  map[*node]*node
	links  map[[2]*node]*node
	pns    map[[2]*node]*node
	nims   []*node
	checks int
}

func newTable(ctx context.Context, limit float64) *table {
	t := &table{ctx: ctx, limit: limit, what: "the misère canonical form",
		forms: map[uint64][]*node{}, local: map[*node]*node{},
		sums: map[[2]*node]*node{}, mates: map[*node]*node{},
		links: map[[2]*node]*node{}, pns: map[[2]*node]*node{}}
	t.forms[zero.hash] = []*node{zero}
	t.nims = []*node{zero}
	return t
}

// spend counts work and fails past the limit or soon after the context
// is done.
func (t *table) spend(n float64) error {
	t.spent += n
	if t.limit >= 0 && t.spent > t.limit {
		return &budget.TooLargeError{What: t.what, Unit: "steps", Limit: t.limit}
	}
	if t.checks++; t.checks&1023 == 0 {
		return t.ctx.Err()
	}
	return nil
}

// nim returns *n. Nim heaps are canonical as they stand, so they are
// built without the reduction and without spending the budget.
func (t *table) nim(n int) *node {
	for len(t.nims) <= n {
		opts := slices.Clone(t.nims)
		h := hashOf(opts)
		m := t.find(h, opts, func(a, b *node) bool { return a == b })
		if m == nil {
			m = &node{opts: opts, hash: h}
			m.settle()
			t.forms[h] = append(t.forms[h], m)
		}
		t.nims = append(t.nims, m)
	}
	return t.nims[n]
}

// intern returns the table's node for a form made elsewhere.
func (t *table) intern(n *node) *node {
	if n == zero {
		return zero
	}
	if m, ok := t.local[n]; ok {
		return m
	}
	if m := t.find(n.hash, n.opts, same); m != nil {
		t.local[n] = m
		return m
	}
	opts := make([]*node, len(n.opts))
	for i, o := range n.opts {
		opts[i] = t.intern(o)
	}
	m := &node{opts: opts, birth: n.birth, g: n.g, gamma: n.gamma, phylum: n.phylum, hash: n.hash}
	t.forms[n.hash] = append(t.forms[n.hash], m)
	t.local[n] = m
	return m
}

// find returns the table's node with hash h whose options match opts
// under eq, or nil.
func (t *table) find(h uint64, opts []*node, eq func(a, b *node) bool) *node {
	for _, m := range t.forms[h] {
		if len(m.opts) == len(opts) && func() bool {
			for i := range opts {
				if !eq(m.opts[i], opts[i]) {
					return false
				}
			}
			return true
		}() {
			return m
		}
	}
	return nil
}

// hashOf hashes a sorted list of options.
func hashOf(opts []*node) uint64 {
	h := uint64(len(opts))*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019
	for _, o := range opts {
		h = mix(h ^ o.hash)
	}
	return h
}

// mix is the finaliser of SplitMix64.
func mix(z uint64) uint64 {
	z += 0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// fromOptions returns the canonical form of the game whose options are
// the table's nodes opts (reordered in place).
//
// The options are canonical, so the form is reduced only when the game
// equals one of its options' options t: t's options are then exactly the
// options born before t, every other option has t as an option, and when
// t is 0 some option is a misère P-position (Conway's simplification for
// misère play).
func (t *table) fromOptions(opts []*node) (*node, error) {
	if err := t.spend(float64(1 + len(opts))); err != nil {
		return nil, err
	}
	slices.SortFunc(opts, order)
	opts = slices.Compact(opts)
	if len(opts) == 0 {
		return zero, nil
	}
	for j := range opts {
		if j > 0 && opts[j].birth < opts[j-1].birth+2 {
			continue
		}
		var r *node
		if j == 0 {
			r = zero
		} else {
			// Within a table identical forms are one node.
			r = t.find(hashOf(opts[:j]), opts[:j], func(a, b *node) bool { return a == b })
		}
		if r == nil || !t.reverts(opts[j:], r) {
			continue
		}
		if r == zero && !slices.ContainsFunc(opts, func(o *node) bool { return o.gamma[0] == 0 }) {
			continue
		}
		return r, nil
	}
	h := hashOf(opts)
	if m := t.find(h, opts, func(a, b *node) bool { return a == b }); m != nil {
		return m, nil
	}
	n := &node{opts: slices.Clone(opts), hash: h}
	n.settle()
	t.forms[h] = append(t.forms[h], n)
	return n, nil
}

// reverts reports whether r is an option of every game in opts.
func (t *table) reverts(opts []*node, r *node) bool {
	for _, o := range opts {
		if !has(o, r) {
			return false
		}
	}
	return true
}

// plannedSum is sum, refused at once when its work, estimated before it
// starts, would take the table past its limit: every pair of a follower
// of a and a follower of b, neither 0, is summed once, for a step and a
// step an option of the two. Pairs the table has summed before are
// free, so it refuses only when the sum could not fit with every pair it
// has summed among them.
func (t *table) plannedSum(a, b *node) (*node, error) {
	if t.limit < 0 || a == zero || b == zero {
		return t.sum(a, b)
	}
	cost, most := sumCost(a, b)
	if t.spent+cost-float64(len(t.sums))*most > t.limit {
		return nil, &budget.TooLargeError{What: t.what, Unit: "steps", Estimate: t.spent + cost, Limit: t.limit}
	}
	return t.sum(a, b)
}

// sumCost returns the steps of a + b in a table that has summed nothing
// yet, and the most a pair of their followers costs.
func sumCost(a, b *node) (cost, most float64) {
	fa, oa, ma := spread(a)
	fb, ob, mb := spread(b)
	na, nb := float64(len(fa)), float64(len(fb))
	// Pairs of two followers of both are met twice among the ordered
	// pairs, once each way.
	ni, oi := 0.0, 0.0
	small, large := fa, fb
	if len(fb) < len(fa) {
		small, large = fb, fa
	}
	for x := range small {
		if large[x] {
			ni++
			oi += float64(len(x.opts))
		}
	}
	cost = na*nb + nb*oa + na*ob
	if ni > 1 {
		cost -= (ni*(ni-1) + 2*(ni-1)*oi) / 2
	}
	return cost, float64(1 + ma + mb)
}

// spread returns the followers of x other than 0, their options in all,
// and the most options one has.
func spread(x *node) (set map[*node]bool, opts float64, most int) {
	set = map[*node]bool{}
	stack := []*node{x}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n == zero || set[n] {
			continue
		}
		set[n] = true
		opts += float64(len(n.opts))
		most = max(most, len(n.opts))
		stack = append(stack, n.opts...)
	}
	return set, opts, most
}

// sum returns the canonical form of a + b.
func (t *table) sum(a, b *node) (*node, error) {
	switch {
	case a == zero:
		return b, nil
	case b == zero:
		return a, nil
	}
	k := pairKey(a, b)
	a, b = k[0], k[1]
	if s, ok := t.sums[k]; ok {
		return s, nil
	}
	opts := make([]*node, 0, len(a.opts)+len(b.opts))
	for _, o := range a.opts {
		s, err := t.sum(o, b)
		if err != nil {
			return nil, err
		}
		opts = append(opts, s)
	}
	for _, o := range b.opts {
		s, err := t.sum(a, o)
		if err != nil {
			return nil, err
		}
		opts = append(opts, s)
	}
	s, err := t.fromOptions(opts)
	if err != nil {
		return nil, err
	}
	t.sums[k] = s
	return s, nil
}

// mate returns the mate of a.
func (t *table) mate(a *node) (*node, error) {
	switch {
	case a == zero:
		return t.nim(1), nil
	case a == t.nim(1):
		return zero, nil
	}
	if m, ok := t.mates[a]; ok {
		return m, nil
	}
	opts := make([]*node, len(a.opts))
	for i, o := range a.opts {
		m, err := t.mate(o)
		if err != nil {
			return nil, err
		}
		opts[i] = m
	}
	m, err := t.fromOptions(opts)
	if err != nil {
		return nil, err
	}
	t.mates[a] = m
	return m, nil
}

// settle computes what a new canonical form's options determine: its
// birthday, nim value, genus and phylum.
func (n *node) settle() {
	var seen intSet
	top := 1
	for _, o := range n.opts {
		n.birth = max(n.birth, o.birth+1)
		seen.add(o.g)
		top = max(top, len(o.gamma)-1)
	}
	n.g = seen.mex()
	// γi = mex of the options' γi and of γ(i−1) and γ(i−1) ⊕ 1, since
	// G + 2 + … has the options G' + 2 + …, G + … + 1 and G + …, and
	// adding *1 to a game flips the last bit of its misère value.
	top += 2
	gamma := make([]int, top+1)
	for i := range gamma {
		var s intSet
		for _, o := range n.opts {
			s.add(sup(o.gamma, i))
		}
		if i > 0 {
			s.add(gamma[i-1])
			s.add(gamma[i-1] ^ 1)
		}
		gamma[i] = s.mex()
	}
	for top > 1 && gamma[top] == gamma[top-2] {
		top--
	}
	n.gamma = gamma[:top+1]
	n.phylum = classify(n)
}

// sup returns γi of a trimmed genus sequence, continuing its period 2.
func sup(gamma []int, i int) int {
	if i < len(gamma) {
		return gamma[i]
	}
	k := len(gamma)
	return gamma[k-2+(k^i)&1]
}

// intSet is a set of small nonnegative integers: a bit mask for those
// below 64 and a list for the rest.
type intSet struct {
	low uint64
	big []int
}

func (s *intSet) add(v int) {
	if v < 64 {
		s.low |= 1 << v
	} else {
		s.big = append(s.big, v)
	}
}

func (s *intSet) union(t intSet) {
	s.low |= t.low
	s.big = append(s.big, t.big...)
}

func (s *intSet) empty() bool { return s.low == 0 && len(s.big) == 0 }

// mex returns the least integer not in the set.
func (s *intSet) mex() int {
	m := bits.TrailingZeros64(^s.low)
	if m < 64 {
		return m
	}
	slices.Sort(s.big)
	for _, v := range s.big {
		if v == m {
			m++
		} else if v > m {
			break
		}
	}
	return m
}
