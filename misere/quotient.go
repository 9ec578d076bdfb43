package misere

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"runtime/debug"
	"slices"
	"strconv"

	"github.com/nimbers/grundy/budget"
)

// A HeapGame is an impartial game played on heaps: Moves(n) lists each
// move from a heap of n tokens as the sizes of the heaps it leaves, each
// smaller than n (the slice may be reused between moves). The heap
// games of package heap are HeapGames.
type HeapGame interface {
	Moves(n int) iter.Seq[[]int]
}

// A Quotient is the misère quotient of the sums of heaps of a heap game
// up to some size (Plambeck and Siegel): the commutative monoid of those
// sums up to indistinguishability, with its P-portion, the elements whose
// sums the player to move loses. A sum of heaps is decided by multiplying
// the elements of its heaps and looking the product up in the P-portion.
type Quotient struct {
	b     bipartite
	heaps []int32 // the element of each heap
	// expansions are the heaps at which the quotient grew.
	expansions []int
	reach      int // the game's Reach, or −1
	n0, p      int // the proven period and where it starts, or p = 0
}

// A reacher is a heap game that says when its quotients can be proven
// periodic: Reach returns the most tokens a move removes when every move
// leaves at most two heaps (octal and subtraction games), else −1. The
// games of package heap are reachers.
type reacher interface {
	Reach() int
}

// proven returns the period p of the heaps' elements and the heap n0
// from which it holds, when it is proven: the element of heap h is that
// of heap h − p for every n0 + p ≤ h ≤ N, where N ≥ 2·n0 + 2·p + t is
// the largest heap computed and t the game's Reach, n0 ≥ 1.
//
// This is the misère form of the Guy–Smith periodicity theorem
// (Plambeck and Siegel prove one for quotients): past N, a heap h has
// its larger part at least n0 + p + 1 in every move, so its options have
// the elements of those of heap h − p, and a heap whose options' elements
// are those of a heap already present adds nothing to the quotient and
// has that heap's element. So the quotient is the quotient of all heaps,
// and the elements repeat with period p for ever. The least such p is
// returned, and false when none is proven.
func (q *Quotient) proven() (n0, p int, ok bool) {
	n := len(q.heaps) - 1
	if q.reach < 0 {
		return 0, 0, false
	}
	for p := 1; 2*p+2+q.reach <= n; p++ {
		h := n
		for h-p >= 1 && q.heaps[h] == q.heaps[h-p] {
			h--
		}
		n0 := max(h+1-p, 1)
		if 2*n0+2*p+q.reach <= n {
			return n0, p, true
		}
	}
	return 0, 0, false
}

// DefaultLimit is the work a quotient computation does unless its
// Options say otherwise: a few seconds on one core. A unit, a step, is
// about one product of two elements or one word of the sets a check
// compares.
const DefaultLimit = 1 << 30

// DefaultMemory is the bytes a quotient computation may hold unless its
// Options say otherwise: 256 MiB, enough for candidates of about 3 000
// elements.
const DefaultMemory = 256 << 20

// memoryOf returns the bytes opt allows a quotient computation.
func memoryOf(opt *budget.Options) float64 { return opt.MaxMemory(DefaultMemory) }

// slack is the ratio of the memory a computation takes from the system
// to the bytes it counts: the runtime's own, and the space between the
// pieces of a heap whose tables change size.
const slack = 1.25

// tableBytes estimates the bytes a candidate of the given order holds
// while it is checked: its table of 4·order² bytes, the check's sets of
// the z with t·z in P (order²/8 bytes) and its states, at least one an
// element, each with a set of order/8 bytes and its options.
func tableBytes(order int) float64 {
	n := float64(order)
	return 4*n*n + n*n/8 + n*(n/8+96)
}

// maxElements bounds the elements of any monoid, numbered by int32.
const maxElements = 1 << 30

// reduceBytes estimates the bytes of the buffers reducing a product of
// the given order with gens generators takes: the transitions, 4·gens
// bytes an element, and a few numbers more.
func reduceBytes(order, gens int) float64 { return float64(order) * float64(4*gens+32) }

// markBytes is the bytes an element of a product that marking its
// P-portion takes.
const markBytes = 8

// errNoCandidate is returned when the search cannot repair a candidate
// quotient that fails its check: giving the heaps of the failing sum
// cyclic generators of their own, in every choice of them, does not make
// the candidate predict the sum's outcome.
var errNoCandidate = errors.New("the quotient search found no candidate that passes its check")

// order returns the number of elements.
func (q *Quotient) order() int { return q.b.n }

// mul returns the product of elements x and y.
func (q *Quotient) mul(x, y int) int { return int(q.b.times(int32(x), int32(y))) }

// isP reports whether element x is in the P-portion: whether the player
// to move loses the sums of its class.
func (q *Quotient) isP(x int) bool { return q.b.p[x] }

// pPortion returns the elements of the P-portion, in increasing order.
func (q *Quotient) pPortion() []int {
	var out []int
	for x, p := range q.b.p {
		if p {
			out = append(out, x)
		}
	}
	return out
}

// maxHeap returns the largest heap the quotient covers.
func (q *Quotient) maxHeap() int { return len(q.heaps) - 1 }

// covers reports whether the quotient knows the element of a heap of n
// tokens: n ≤ maxHeap, or any n ≥ 0 when Period is proven.
func (q *Quotient) covers(n int) bool { return n >= 0 && (n < len(q.heaps) || q.p > 0) }

// Heap returns the element of a heap of n tokens, which q must cover:
// past maxHeap, the element the proven period gives it.
func (q *Quotient) Heap(n int) int {
	if n >= len(q.heaps) {
		n = q.n0 + (n-q.n0)%q.p
	}
	return int(q.heaps[n])
}

// grewAt returns the heaps at which the quotient grew as the heaps
// were added one by one.
func (q *Quotient) grewAt() []int { return slices.Clone(q.expansions) }

// elementOf returns the element of the sum of heaps of the given sizes,
// which q must cover.
func (q *Quotient) elementOf(sizes ...int) int {
	x := int32(0)
	for _, n := range sizes {
		x = q.b.times(x, int32(q.Heap(n)))
	}
	return int(x)
}

// Compute returns the misère quotient of the sums of heaps of g of at
// most n tokens, by Plambeck and Siegel's method: heaps are added one at
// a time; a heap that behaves as an element already present is mapped to
// it, and otherwise the monoid is extended by a new generator, the
// P-portion found from the options, and the result reduced. Every
// candidate is checked against the misère outcomes it predicts (each
// P-element has no option in P, each other element of a sum with a move
// has one), so the result is exact: a sum of those heaps is a loss for
// the player to move exactly when its element is in P. A candidate that
// fails is repaired, as Siegel's MisereSolver repairs, by giving the
// heaps of the least failing sum cyclic generators of their own, whose
// outcome is found by search.
//
// The work is bounded by opt's Limit in steps (DefaultLimit when unset)
// and its Memory in bytes (DefaultMemory when unset), counted as the
// moves are read and before each candidate's table is built: a table
// takes 4·order² bytes, and the search refuses a candidate whose tables
// would pass the limit. The work is reported to opt's Progress as heaps
// done out of n, and stops soon after ctx is cancelled.
//
// The quotients this package stores (Dawson's Kayles to heap 33 and
// Dawson's Chess to heap 32, of order 638, and games whose heaps move as
// theirs do) are returned at once, without a check or a budget, when n is
// their bound; the long tests compare them with the ones computed.
func Compute(ctx context.Context, g HeapGame, n int, opt *budget.Options) (*Quotient, error) {
	if n < 0 {
		return nil, fmt.Errorf("a heap bound of %d", n)
	}
	if q, ok := recall(g, n); ok && q.maxHeap() == n {
		return q, nil
	}
	return compute(ctx, g, n, opt, "the quotient of heaps up to "+strconv.Itoa(n))
}

// compute is Compute, naming the quotient what in its errors.
func compute(ctx context.Context, g HeapGame, n int, opt *budget.Options, what string) (*Quotient, error) {
	s := &solver{ctx: ctx, what: what, limit: opt.Max(DefaultLimit), memory: memoryOf(opt), memo: map[string]bool{}}
	s.cur = bipartite{&monoid{n: 1, mul: []int32{0}}, []bool{false}}
	s.phi = []int32{0}
	s.opts = [][]int32{nil}
	s.held = s.cur.bytes()
	for h := 1; h <= n; h++ {
		if err := s.readHeap(g, h); err != nil {
			return nil, err
		}
		if err := s.add(h); err != nil {
			return nil, err
		}
		opt.Report(h, n)
	}
	q := &Quotient{b: s.cur, heaps: s.phi, expansions: s.expansions, reach: -1}
	if r, ok := g.(reacher); ok {
		q.reach = r.Reach()
	}
	q.n0, q.p, _ = q.proven()
	return q, nil
}

// solver holds a quotient computation.
type solver struct {
	ctx    context.Context
	what   string
	limit  float64
	spent  float64
	memory float64 // the bytes allowed
	// held is the bytes of the moves and of the current quotient's
	// tables; a candidate may take what memory leaves.
	held       float64
	opts       [][]int32 // the moves of each heap read (see readHeap)
	cur        bipartite
	phi        []int32 // the element of each heap added
	expansions []int
	memo       map[string]bool // searched misère outcomes of sums
	cert       *certificate    // cur's, once checked
	spare      []int32         // a dropped table, reused by the next
	red        reducer
	trial      float64 // the bytes of the candidate being checked
	moves      float64 // the moves read
	dropped    float64 // bytes dropped since the last collection
	// pairCost is the steps of the last check's pairs over the least
	// they could take.
	pairCost float64
}

// maxMoves bounds the moves of the heaps a computation reads.
const maxMoves = 1e8

// readHeap reads the moves of heap h into opts[h]: each move as the
// number of heaps it leaves that have moves, then their sizes. Heaps
// with no move are the identity, so they are left out of moves, and a
// heap with none has no moves listed. The moves count against the
// limits as they are read: a step and 4 bytes a number.
func (s *solver) readHeap(g HeapGame, h int) error {
	var o []int32
	counted := 0 // the numbers of o counted against the limits
	for parts := range g.Moves(h) {
		if len(o)+1+len(parts) > cap(o) {
			// Doubling, so that the slices o outgrows take as many
			// bytes as it, which readHeap counts as dropped.
			o = append(make([]int32, 0, 2*cap(o)+1+len(parts)), o...)
		}
		at := len(o)
		o = append(o, 0)
		for _, p := range parts {
			if p < 0 || p >= h {
				return fmt.Errorf("a move from a heap of %d leaves a heap of %d", h, p)
			}
			if len(s.opts[p]) > 0 {
				o = append(o, int32(p))
				o[at]++
			}
		}
		if s.moves++; s.moves > maxMoves {
			return &budget.TooLargeError{What: s.what, Unit: "moves", Limit: maxMoves, Fixed: true}
		}
		if len(o)-counted >= 1<<12 {
			if err := s.countMoves(o, counted); err != nil {
				return err
			}
			counted = len(o)
		}
	}
	if err := s.countMoves(o, counted); err != nil {
		return err
	}
	// The slices o outgrew were dropped, about as many bytes as it; it
	// is copied to its length when it has much room left.
	s.waste(4 * float64(cap(o)))
	if cap(o) > len(o)+len(o)/8 {
		o = slices.Clone(o)
	}
	s.opts = append(s.opts, o)
	s.held += 4 * float64(cap(o))
	return nil
}

// countMoves counts the moves of a heap read since counted against the
// limits, o growing besides those held.
func (s *solver) countMoves(o []int32, counted int) error {
	if err := s.fits(4 * float64(cap(o))); err != nil {
		return err
	}
	return s.spend(float64(len(o) - counted))
}

// fits reports a *budget.TooLargeError when extra bytes do not fit in
// memory besides those held. The collector frees what the computation
// dropped only when the heap has grown by as much as is live, and keeps
// the pages for a while after, so the bytes dropped are counted too, and
// handed back to the system at once when they are what would take the
// memory past its limit.
func (s *solver) fits(extra float64) error {
	need := slack * (s.held + extra)
	if need > s.memory {
		return &budget.TooLargeError{What: s.what, Unit: "bytes", Estimate: need, Limit: s.memory}
	}
	if need+slack*s.dropped > s.memory {
		debug.FreeOSMemory()
		s.dropped = 0
	}
	return nil
}

// waste counts bytes the computation no longer uses.
func (s *solver) waste(bytes float64) { s.dropped += bytes }

// spend counts work and fails past the limit or when ctx is done.
func (s *solver) spend(n float64) error {
	s.spent += n
	if s.spent > s.limit {
		return &budget.TooLargeError{What: s.what, Unit: "steps", Limit: s.limit}
	}
	return s.ctx.Err()
}

// ahead refuses work whose cost, estimated before it starts, would take
// the steps past the limit.
func (s *solver) ahead(cost float64) error {
	if s.spent+cost > s.limit {
		return &budget.TooLargeError{What: s.what, Unit: "steps", Estimate: s.spent + cost, Limit: s.limit}
	}
	return nil
}

// A kind is a heap's behaviour in a candidate: its element and the
// elements of its options.
type kind struct {
	a    int32
	t    []int32
	heap int // a heap of this kind
}

// kinds groups heaps 1…top with moves by their element and options
// under phi in m, a step a number of their moves.
func (s *solver) kinds(m *monoid, phi []int32) ([]kind, error) {
	var out []kind
	seen := map[string]bool{}
	var key []byte
	for h := 1; h < len(phi); h++ {
		if len(s.opts[h]) == 0 {
			continue
		}
		if err := s.spend(float64(len(s.opts[h]))); err != nil {
			return nil, err
		}
		t := transitions(m, phi, s.opts[h])
		s.waste(4 * float64(len(s.opts[h])))
		key = appendInt(key[:0], phi[h])
		for _, x := range t {
			key = appendInt(key, x)
		}
		if seen[string(key)] {
			continue
		}
		seen[string(key)] = true
		out = append(out, kind{phi[h], t, h})
	}
	return out, nil
}

// transitions returns the elements of the moves o (as readHeap lists
// them), sorted and distinct.
func transitions(m *monoid, phi []int32, o []int32) []int32 {
	moves := 0
	for i := 0; i < len(o); i += 1 + int(o[i]) {
		moves++
	}
	t := make([]int32, 0, moves)
	for i := 0; i < len(o); {
		k := int(o[i])
		x := int32(0)
		for _, p := range o[i+1 : i+1+k] {
			x = m.times(x, phi[p])
		}
		t = append(t, x)
		i += 1 + k
	}
	slices.Sort(t)
	return slices.Compact(t)
}

// add extends the quotient by heap h.
func (s *solver) add(h int) error {
	if len(s.opts[h]) == 0 {
		s.phi = append(s.phi, 0)
		return nil
	}
	t := transitions(s.cur.monoid, s.phi, s.opts[h])
	s.waste(4 * float64(len(s.opts[h])))
	alone := true // a heap of h alone is a P-position
	for _, x := range t {
		if s.cur.p[x] {
			alone = false
		}
	}
	phi := append(s.phi, 0)
	if s.cert == nil {
		f, c, err := s.check(s.cur, s.phi)
		if err != nil {
			return err
		}
		if f != nil {
			return fmt.Errorf("misere: the quotient of heaps up to %d fails its check at %v", h-1, f)
		}
		s.cert = c
		s.held += c.bytes()
	}
	// eh is the set of z for which some option of heap h times z is in P.
	c := s.cert
	if err := s.spend(float64(len(t)+s.cur.n) * float64(c.w+1)); err != nil {
		return err
	}
	eh := make([]uint64, c.w)
	for _, t := range t {
		for j, v := range c.pdiv[int(t)*c.w : (int(t)+1)*c.w] {
			eh[j] |= v
		}
	}
	var maybe []int32
	for x := range s.cur.n {
		if s.cur.p[x] != alone || intersects(c.pdiv[x*c.w:(x+1)*c.w], eh) {
			// A sum z with x·z in P would have an option in P.
			continue
		}
		for _, e := range c.minimal[x] {
			if subset(e, eh) {
				// Heap h wins wherever a sum of element x does.
				phi[h] = int32(x)
				s.phi = phi
				return nil
			}
		}
		maybe = append(maybe, int32(x))
	}
	for _, x := range maybe {
		phi[h] = x
		f, c, err := s.check(s.cur, phi)
		if err != nil {
			return err
		}
		if f == nil {
			s.held += c.bytes() - s.cert.bytes()
			s.waste(s.cert.bytes() - 8*float64(len(c.pdiv)))
			s.phi, s.cert = phi, c
			return nil
		}
	}
	return s.expand(h)
}

// expand adds heap h as a new generator.
func (s *solver) expand(h int) error {
	s.expansions = append(s.expansions, h)
	c := cyclic(2, 2)
	m := product(s.cur.monoid, c)
	phi := make([]int32, h+1)
	for i, x := range s.phi {
		phi[i] = x * int32(c.n)
	}
	phi[h] = 1
	trial, phi, err := s.candidate(m, phi)
	if err != nil {
		return err
	}
	s.trial = trial.bytes()
	for {
		f, cert, err := s.check(trial, phi)
		if err != nil {
			return err
		}
		if f == nil {
			s.drop(s.cur.mul)
			s.waste(s.cert.bytes())
			s.held += s.trial + cert.bytes() - s.cur.bytes() - s.cert.bytes()
			s.trial = 0
			s.cert = cert
			break
		}
		next, nextPhi, err := s.repair(trial, phi, f)
		if err != nil {
			return err
		}
		s.drop(trial.mul)
		trial, phi = next, nextPhi
		s.trial = trial.bytes()
	}
	s.cur, s.phi = trial, phi
	return nil
}

// bytes returns the bytes of b's table and P-portion.
func (b bipartite) bytes() float64 { return 4*float64(cap(b.mul)) + float64(b.n) }

// drop keeps a table no longer used as the spare, when it is larger.
func (s *solver) drop(t []int32) {
	if cap(t) <= cap(s.spare) {
		s.waste(4 * float64(cap(t)))
		return
	}
	s.waste(4 * float64(cap(s.spare)))
	s.held += 4 * float64(cap(t)-cap(s.spare))
	s.spare = t[:0]
}

// newTable returns a table for a candidate of order k, the spare when
// it is large enough, or a *budget.TooLargeError when the table and the
// check that follows would not fit in memory with extra bytes besides
// those held.
func (s *solver) newTable(k int, extra float64) ([]int32, error) {
	room := tableBytes(k)
	if k <= maxElements && cap(s.spare) >= k*k {
		t := s.spare[:k*k]
		s.held -= 4 * float64(cap(s.spare))
		s.spare = nil
		return t, s.fits(extra + room + 4*float64(cap(t)-k*k))
	}
	s.held -= 4 * float64(cap(s.spare))
	s.waste(4 * float64(cap(s.spare)))
	s.spare = nil
	if err := s.fits(extra + room); err != nil {
		return nil, err
	}
	if k > maxElements {
		return nil, &budget.TooLargeError{What: s.what, Unit: "elements", Estimate: float64(k), Limit: maxElements, Fixed: true}
	}
	// Room for candidates a little larger, which the spare may serve.
	return make([]int32, k*k, k*k+k*k/8), nil
}

// candidate marks the P-portion of m under phi and reduces it.
func (s *solver) candidate(m *monoid, phi []int32) (bipartite, []int32, error) {
	ks, err := s.kinds(m, phi)
	if err != nil {
		return bipartite{}, nil, err
	}
	gens := make([]int32, 0, len(ks))
	for h := 1; h < len(phi); h++ {
		gens = append(gens, phi[h])
	}
	slices.Sort(gens)
	gens = slices.Compact(gens)
	// The reducer's buffers are held; they grow to what m needs.
	before := s.red.bytes()
	extra := s.trial + max(0, reduceBytes(m.n, len(gens))-before) + markBytes*float64(m.n)
	if m.mul != nil {
		extra += 4 * float64(len(m.mul))
	}
	if err := s.fits(extra); err != nil {
		return bipartite{}, nil, err
	}
	// Marking walks the sums; reducing builds the transitions, splits
	// the classes a few times and fills the table. Products in m, which
	// is not tabled, take several steps each.
	cost := float64(m.n) * float64(len(gens)+len(ks)) * 10
	if err := s.ahead(cost); err != nil {
		return bipartite{}, nil, err
	}
	b := bipartite{m, markP(m, ks)}
	q, out, err := s.red.reduce(b, gens, phi, s.spend, func(k int) ([]int32, error) {
		if err := s.spend(float64(k) * float64(k)); err != nil {
			return nil, err
		}
		return s.newTable(k, extra)
	})
	grown := s.red.bytes() - before
	s.held += grown
	s.waste(grown + markBytes*float64(m.n))
	if err != nil {
		return q, nil, err
	}
	if err := s.spend(cost); err != nil {
		return q, nil, err
	}
	return q, out, nil
}

// markP finds the P-portion a candidate predicts: it walks the sums of
// the kinds in colexicographic order, whose options all come earlier,
// and marks the element of each sum the first time it is met as P when
// the sum has a move and no option is marked P. Sums whose element is
// already marked are not extended further: their extensions have the
// elements of extensions of the earlier sum.
func markP(m *monoid, ks []kind) []bool {
	marked := make([]bool, m.n)
	p := make([]bool, m.n)
	stamp := make([]int32, m.n)
	gen := int32(0)
	var walk func(d int, x int32, tr []int32)
	walk = func(d int, x int32, tr []int32) {
		for {
			if d == 0 {
				marked[x] = true
				if len(tr) > 0 {
					p[x] = true
					for _, t := range tr {
						if p[t] {
							p[x] = false
							break
						}
					}
				}
			} else {
				walk(d-1, x, tr)
			}
			if d == 0 {
				return
			}
			k := ks[d-1]
			x2 := m.times(x, k.a)
			if marked[x2] {
				return
			}
			gen++
			var tr2 []int32
			for _, t := range tr {
				if y := m.times(t, k.a); stamp[y] != gen {
					stamp[y] = gen
					tr2 = append(tr2, y)
				}
			}
			for _, t := range k.t {
				if y := m.times(x, t); stamp[y] != gen {
					stamp[y] = gen
					tr2 = append(tr2, y)
				}
			}
			x, tr = x2, tr2
		}
	}
	walk(len(ks), 0, nil)
	return p
}

// check tests a candidate: every sum of heaps under phi whose element is
// in P has no option in P, and every other sum with a move has one. It
// returns a failing sum, as heap sizes, or nil. Of the failures it meets
// it returns the least in colexicographic order (fewest copies of the
// largest heap first), as Siegel's MisereSolver does: such a failure
// involves the smallest heaps that can explain it, which is what repair
// needs.
//
// The first half looks at each element x and kind k: a sum of element
// x·a_k whose options in its heap of kind k reach x·t. The second half
// walks the pairs (x, E) of a sum's element and the set E of elements z
// for which some option times z is in P, which is all that later checks
// of the sum's extensions need; a pair whose E contains another's for
// the same x is passed over, as its extensions have options in P
// wherever the other's do.
//
// Its cost is estimated before it starts: the sets of t·z in P take n²
// steps (none when b is the current quotient, whose sets are known), and
// each element is the element of a pair at least once, whose kinds each
// take a step a word of its set. Then the pairs are counted as they are
// met, in steps and in bytes.
func (s *solver) check(b bipartite, phi []int32) ([]int, *certificate, error) {
	ks, err := s.kinds(b.monoid, phi)
	if err != nil {
		return nil, nil, err
	}
	c := &checker{s: s, b: b, ks: ks, n: b.n, w: (b.n + 63) / 64}
	if s.cert != nil && b.monoid == s.cur.monoid {
		c.pdiv = s.cert.pdiv
	}
	unit, err := c.estimate()
	if err != nil {
		return nil, nil, err
	}
	start := s.spent
	c.extra = s.trial // the bytes of the check besides
	if err := c.divisors(); err != nil {
		return nil, nil, err
	}
	if err := s.spend(float64(c.n) * float64(len(ks)) * 4); err != nil {
		return nil, nil, err
	}
	c.direct()
	states, minimal, held, err := c.pairs()
	if err != nil {
		return nil, nil, err
	}
	if unit > 0 {
		s.pairCost = (s.spent - start) / unit
	}
	if c.least != nil {
		s.waste(c.extra - s.trial + held)
		return c.least, nil, nil
	}
	cert := &certificate{w: c.w, pdiv: c.pdiv, minimal: make([][][]uint64, c.n)}
	for x, idx := range minimal {
		for _, j := range idx {
			cert.minimal[x] = append(cert.minimal[x], states[j].e)
		}
	}
	return nil, cert, nil
}

// A checker is one run of solver.check on the candidate b, whose
// elements it holds n of, in sets of w words.
type checker struct {
	s     *solver
	b     bipartite
	ks    []kind
	n, w  int
	pdiv  []uint64 // pdiv[t·w:(t+1)·w] is the set of z with t·z in P
	extra float64  // the bytes of the check besides its pairs
	least []int    // the least failing sum met, or nil
}

// estimate asks the solver's budget for the check's cost ahead and
// returns its unit, the steps of one pass over the pairs.
func (c *checker) estimate() (float64, error) {
	// The pairs cost at least a step a word; the last check's pairs
	// tell how many more, for candidates of like shape.
	unit := float64(c.n) * float64(len(c.ks)) * float64(c.w+4)
	cost := unit * max(1, c.s.pairCost)
	if c.pdiv == nil {
		cost += float64(c.n) * float64(c.n)
	}
	return unit, c.s.ahead(cost)
}

// divisors makes pdiv, unless the last certificate had it.
func (c *checker) divisors() error {
	if c.pdiv != nil {
		return nil
	}
	n, w, b := c.n, c.w, c.b
	c.extra += 8 * float64(n) * float64(w)
	if err := c.s.fits(c.extra); err != nil {
		return err
	}
	c.pdiv = make([]uint64, n*w)
	for t := range n {
		row := c.pdiv[t*w : (t+1)*w]
		for z := range n {
			if b.p[b.times(int32(t), int32(z))] {
				row[z/64] |= 1 << (z % 64)
			}
		}
	}
	return c.s.spend(float64(n) * float64(n))
}

// better keeps the failing sum w when it is the least met.
func (c *checker) better(w []int) {
	if c.least == nil || colexLess(w, c.least) {
		c.least = w
	}
}

// direct is the first half of the check: for each element x and kind k,
// a sum of element x·a_k in P whose options in its heap of kind k reach
// x·t in P fails.
func (c *checker) direct() {
	b := c.b
	word := colexWords(b.monoid, c.ks)
	for x := range c.n {
		if word[x] == nil {
			continue
		}
		for _, k := range c.ks {
			if !b.p[b.times(int32(x), k.a)] {
				continue
			}
			for _, t := range k.t {
				if b.p[b.times(int32(x), t)] {
					c.better(sortDesc(append(slices.Clone(word[x]), k.heap)))
					break
				}
			}
		}
	}
}

// A pairState is a pair (x, E) of the second half of the check, reached
// from its parent by a heap of the given size.
type pairState struct {
	x      int32
	t      []int32 // the elements of the options
	e      []uint64
	parent int
	heap   int
}

// pairs is the second half of the check: it walks the pairs (x, E),
// keeping the failures, and returns them with the unsubsumed ones of each
// element and the bytes they hold.
func (c *checker) pairs() (states []pairState, minimal [][]int, held float64, err error) {
	b, n, w, pdiv := c.b, c.n, c.w, c.pdiv
	states = []pairState{{x: 0, e: make([]uint64, w), parent: -1}}
	stamp := make([]int32, n)
	gen := int32(0)
	minimal = make([][]int, n) // the unsubsumed states of each element
	minimal[0] = []int{0}
	sumOf := func(i, heap int) []int {
		out := []int{heap}
		for ; states[i].parent >= 0; i = states[i].parent {
			out = append(out, states[i].heap)
		}
		return sortDesc(out)
	}
	var trBuf []int32
	eBuf := make([]uint64, w)
	for i := 0; i < len(states); i++ {
		st := states[i]
		work := 0
		for _, k := range c.ks {
			x := b.times(st.x, k.a)
			gen++
			tr := trBuf[:0]
			for _, t := range st.t {
				if y := b.times(t, k.a); stamp[y] != gen {
					stamp[y] = gen
					tr = append(tr, y)
				}
			}
			for _, t := range k.t {
				if y := b.times(st.x, t); stamp[y] != gen {
					stamp[y] = gen
					tr = append(tr, y)
				}
			}
			trBuf = tr
			e := eBuf
			clear(e)
			for _, t := range tr {
				row := pdiv[int(t)*w : (int(t)+1)*w]
				for j := range e {
					e[j] |= row[j]
				}
			}
			work += (len(tr)+1)*(w+1) + len(minimal[x])*w
			if !b.p[x] && e[0]&1 == 0 {
				c.better(sumOf(i, k.heap))
				continue
			}
			if subsumed(minimal[x], e, func(j int) []uint64 { return states[j].e }) {
				continue
			}
			// A new state keeps copies; the buffers serve the next one.
			minimal[x] = append(minimal[x], len(states))
			states = append(states, pairState{x, slices.Clone(tr), slices.Clone(e), i, k.heap})
			held += float64(8*w + 4*len(tr) + 96)
		}
		if err := c.s.spend(float64(work)); err != nil {
			return nil, nil, 0, err
		}
		if i&255 == 0 {
			if err := c.s.fits(c.extra + held + 4*float64(cap(states))); err != nil {
				return nil, nil, 0, err
			}
		}
	}
	return states, minimal, held, nil
}

// A certificate is what a passed check learnt of a quotient: pdiv, the
// sets of z with t·z in P for each t, w words each, and for each element
// x the least sets E of the sums of element x (the z for which some
// option times z is in P): every such sum's E contains one of them.
type certificate struct {
	w       int
	pdiv    []uint64
	minimal [][][]uint64
}

// bytes returns the bytes c holds, 0 for nil.
func (c *certificate) bytes() float64 {
	if c == nil {
		return 0
	}
	b := 8 * float64(len(c.pdiv))
	for _, m := range c.minimal {
		b += float64(len(m)) * float64(8*c.w+24)
	}
	return b
}

// intersects reports whether the bit sets a and b meet.
func intersects(a, b []uint64) bool {
	for i := range a {
		if a[i]&b[i] != 0 {
			return true
		}
	}
	return false
}

// subset reports whether the bit set a is contained in b.
func subset(a, b []uint64) bool {
	for i := range a {
		if a[i]&^b[i] != 0 {
			return false
		}
	}
	return true
}

// colexWords returns for each element the least sum of the kinds' heaps
// in colexicographic order that has it, or nil where none does.
func colexWords(m *monoid, ks []kind) [][]int {
	byHeap := slices.Clone(ks)
	slices.SortFunc(byHeap, func(a, b kind) int { return a.heap - b.heap })
	word := make([][]int, m.n)
	word[0] = []int{}
	reached := []int32{0}
	for _, k := range byHeap {
		// Words with j copies of this heap come after every word with
		// fewer; among them the base word decides.
		base := slices.Clone(reached)
		slices.SortFunc(base, func(x, y int32) int {
			if colexLess(word[x], word[y]) {
				return -1
			}
			return 1
		})
		pow := []int32{0}
		for j := 1; ; j++ {
			a := m.times(pow[j-1], k.a)
			if slices.Contains(pow, a) {
				break
			}
			pow = append(pow, a)
			for _, y := range base {
				z := m.times(y, a)
				if word[z] == nil {
					w := make([]int, j, j+len(word[y]))
					for i := range w {
						w[i] = k.heap
					}
					word[z] = append(w, word[y]...)
					reached = append(reached, z)
				}
			}
		}
	}
	return word
}

// colexLess reports whether the sum a (heap sizes, largest first) comes
// before b: the larger of the first sizes where they differ, or the
// shorter when one runs out, decides.
func colexLess(a, b []int) bool {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return len(a) < len(b)
}

// sortDesc sorts heap sizes, largest first.
func sortDesc(w []int) []int {
	slices.Sort(w)
	slices.Reverse(w)
	return w
}

// subsumed reports whether some earlier set among idx is contained in e.
func subsumed(idx []int, e []uint64, set func(int) []uint64) bool {
	for _, j := range idx {
		if subset(set(j), e) {
			return true
		}
	}
	return false
}

// repair rebuilds a candidate that fails on the sum f: the heaps of f
// get cyclic generators of their own (cyclicShape), trying the fewest
// heaps first and, among as many, the largest, until the candidate
// predicts f's searched outcome. The largest heap comes first because
// the quotient without it passed its check: a failure is most likely the
// newest heap's.
func (s *solver) repair(b bipartite, phi []int32, f []int) (bipartite, []int32, error) {
	truth, err := s.truth(b, phi, f)
	if err != nil {
		return b, phi, err
	}
	heaps, exp := countHeaps(f)
	for size := 1; size <= len(heaps); size++ {
		for sub := range subsets(heaps, size) {
			m, newPhi, err := s.rebuild(b.monoid, phi, sub, exp)
			if err != nil {
				return b, phi, err
			}
			q, qphi, err := s.candidate(m, newPhi)
			if err != nil {
				return b, phi, err
			}
			x := int32(0)
			for _, h := range f {
				x = q.times(x, qphi[h])
			}
			if q.p[x] == truth {
				return q, qphi, nil
			}
			s.drop(q.mul)
		}
	}
	return b, phi, errNoCandidate
}

// truth returns whether the sum f, on which the candidate b is wrong, is
// a P-position: searched when the memo has room, and when f is too
// large to search, the other outcome than b's, its options taken to be
// right. Either way the repaired candidate is checked again.
func (s *solver) truth(b bipartite, phi []int32, f []int) (bool, error) {
	x := int32(0)
	for _, h := range f {
		x = b.times(x, phi[h])
	}
	truth := !b.p[x]
	if len(s.memo) < maxSearch {
		p, err := s.outcome(f)
		var tl *budget.TooLargeError
		switch {
		case errors.As(err, &tl):
		case err != nil:
			return false, err
		default:
			truth = p
		}
	}
	return truth, nil
}

// countHeaps returns the distinct heaps of the sum f, largest first, and
// the number of times each occurs.
func countHeaps(f []int) (heaps []int, exp map[int]int) {
	exp = map[int]int{}
	for _, h := range f {
		if exp[h] == 0 {
			heaps = append(heaps, h)
		}
		exp[h]++
	}
	slices.Sort(heaps)
	slices.Reverse(heaps)
	return heaps, exp
}

// rebuild returns the monoid repair tries for the heaps sub of a failing
// sum, where heap h occurs exp[h] times: the submonoid of m generated by
// the other heaps' elements phi, times a cyclic monoid for each heap of
// sub (cyclicShape); and the element of each heap in it, a generator of
// its own for those of sub.
func (s *solver) rebuild(m *monoid, phi []int32, sub []int, exp map[int]int) (*monoid, []int32, error) {
	var gens []int32
	for h := 1; h < len(phi); h++ {
		if !slices.Contains(sub, h) {
			gens = append(gens, phi[h])
		}
	}
	base, of := submonoid(m, gens)
	out := base
	newPhi := make([]int32, len(phi))
	for h, x := range phi {
		newPhi[h] = of[x]
	}
	for _, h := range sub {
		c := cyclic(cyclicShape(m, phi[h], exp[h]))
		n := out.n * c.n
		if n > maxElements {
			return nil, nil, &budget.TooLargeError{What: s.what, Unit: "elements", Estimate: float64(n), Limit: maxElements, Fixed: true}
		}
		if err := s.fits(s.trial + reduceBytes(n, len(gens)+len(sub))); err != nil {
			return nil, nil, err
		}
		for j := range newPhi {
			newPhi[j] *= int32(c.n)
		}
		out = product(out, c)
	}
	// Heaps of sub map to their generators; the others keep their
	// element of the submonoid.
	stride := int32(1)
	for j := len(sub) - 1; j >= 0; j-- {
		newPhi[sub[j]] = stride
		i, p := cyclicShape(m, phi[sub[j]], exp[sub[j]])
		stride *= int32(i + p)
	}
	if err := s.spend(float64(out.n) * float64(len(phi)) * 8); err != nil {
		return nil, nil, err
	}
	return out, newPhi, nil
}

// cyclicShape is the index and period of the cyclic monoid repair gives
// a heap of element x that occurs e times in the failing sum: long
// enough to tell its first e − 1 multiples apart, with a longer period
// as the index grows, as MisereSolver chooses them.
func cyclicShape(m *monoid, x int32, e int) (int, int) {
	i := max(index(m, x), e-1)
	return i, max(2, 2*((i-4)/2))
}

// index returns the least i with x^i = x^(i+p) for some p ≥ 1.
func index(m *monoid, x int32) int {
	seen := map[int32]int{0: 0}
	y := int32(0)
	for i := 1; ; i++ {
		y = m.times(y, x)
		if j, ok := seen[y]; ok {
			return j
		}
		seen[y] = i
	}
}

// submonoid returns the submonoid of m generated by gens, as a monoid of
// its own that multiplies in m, and the number in it of each element of
// m (−1 outside).
func submonoid(m *monoid, gens []int32) (*monoid, []int32) {
	order, of := m.reach(gens)
	return &monoid{n: len(order), in: m, elem: order, of: of}, of
}

// subsets yields the subsets of xs of the given size, as the bit masks
// of their places in xs in increasing order (Gosper's hack steps from
// one to the next). Lists of 64 or more yield none.
func subsets(xs []int, size int) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		n := len(xs)
		if n >= 64 || size < 1 || size > n {
			return
		}
		for mask := uint64(1)<<size - 1; mask < 1<<n; {
			var sub []int
			for i := range n {
				if mask>>i&1 != 0 {
					sub = append(sub, xs[i])
				}
			}
			if !yield(sub) {
				return
			}
			c := mask & -mask
			r := mask + c
			mask = (r^mask)>>2/c | r
		}
	}
}

// maxSearch bounds the sums a search of one failing sum remembers.
const maxSearch = 1 << 18

// memoBytes estimates the bytes of a remembered sum: its key and its
// place in the map.
const memoBytes = 64

// outcome reports by search whether the sum of heaps is a misère
// P-position: it has a move and each of its options is not.
func (s *solver) outcome(sum []int) (bool, error) {
	sum = slices.DeleteFunc(slices.Clone(sum), func(h int) bool { return len(s.opts[h]) == 0 })
	slices.Sort(sum)
	var buf [64]byte
	key := appendSumKey(buf[:0], sum)
	if p, ok := s.memo[string(key)]; ok {
		return p, nil
	}
	if len(s.memo) > maxSearch {
		return false, &budget.TooLargeError{What: "the search of a failing sum", Unit: "sums", Limit: maxSearch, Fixed: true}
	}
	// A sum searched is a key made and looked up, and each option a sum
	// built: a few dozen steps.
	if err := s.spend(32); err != nil {
		return false, err
	}
	p := len(sum) > 0
	next := make([]int, 0, len(sum)+2)
	for i, h := range sum {
		if i > 0 && sum[i-1] == h {
			continue
		}
		o := s.opts[h]
		if err := s.spend(float64(len(o) * (len(sum) + 4))); err != nil {
			return false, err
		}
		for j := 0; j < len(o) && p; {
			k := int(o[j])
			next = append(append(next[:0], sum[:i]...), sum[i+1:]...)
			for _, x := range o[j+1 : j+1+k] {
				next = append(next, int(x))
			}
			j += 1 + k
			q, err := s.outcome(next)
			if err != nil {
				return false, err
			}
			if q {
				p = false
			}
		}
		if !p {
			break
		}
	}
	s.memo[string(key)] = p
	s.held += memoBytes
	if l := len(s.memo); l&(l-1) == 0 {
		s.waste(memoBytes / 2 * float64(l)) // the map has grown
	}
	if len(s.memo)&1023 == 0 {
		if err := s.fits(s.trial); err != nil {
			return false, err
		}
	}
	return p, nil
}

// appendSumKey appends the memo key of a sorted sum of heaps: each size
// in as many bytes as it needs, seven bits a byte, the last with bit 7
// clear.
func appendSumKey(b []byte, sum []int) []byte {
	for _, h := range sum {
		for ; h >= 0x80; h >>= 7 {
			b = append(b, byte(h)|0x80)
		}
		b = append(b, byte(h))
	}
	return b
}
