// Package turning is coin-turning games: coins in a row (or a grid, or a
// k-dimensional box), heads or tails; a move turns over a set of coins
// allowed by the rule, whose last coin (the head of the move: rightmost,
// or bottom-right) must go from heads to tails. Whoever cannot move loses.
//
// Turning a coin twice is the same as not turning it, so a position is the
// sum of the positions with one head each: its Grundy value is the nim-sum
// of G(x) over its heads x. A 1-D rule is therefore known through its
// sequence G(0), G(1), …, with coins numbered from 0 (Turning Turtles has
// G(x) = x + 1). The Tartan theorem gives the value of a coin of a product
// game, where a move is a product of moves of the factors, as the
// nim-product of the factors' values.
//
// Values gives a rule's values by the fastest method known here (closed
// forms, prefix nim-sums for runs, bitmaps of reachable nim-sums for "at
// most t"), and for a custom rule from the definition: the mex over all
// moves, enumerated.
//
// The package registers two rulesets with package games: "turning:RULE"
// (rows such as HTTHH) and "tartan:RULE*RULE" (boards such as HT|TH),
// valued by Values and the Tartan theorem and searched through Moves.
// A position is the sum of its heads in normal play only: in misère play
// the heads of a row do not play independently, so the rulesets keep a
// row whole.
package turning

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
)

// kind is the family of a rule.
type kind int

const (
	atMost       kind = iota // turn 1 to t coins
	exactly                  // turn exactly t coins
	motley                   // turn any set
	ruler                    // turn any run ending at the head
	runs                     // turn a run of an allowed length
	progressions             // turn an arithmetic progression ending at the head
	custom                   // moves given by a function
)

// Rule is a 1-D coin-turning ruleset.
type Rule struct {
	name    string
	kind    kind
	t       int
	lengths func(limit int) []int // runs: allowed lengths ≤ limit, increasing
	moves   func(x int, emit func(others []int))
}

// Name returns the rule as it is written, e.g. "mock-turtles".
func (r *Rule) Name() string { return r.name }

// A NamedRule is a rule that Parse knows by name: Name (or Alias, when
// set), and a description of its moves and, where one is known, its
// closed form.
type NamedRule struct {
	Name, Alias, Description string
}

// namedRules lists the rules Parse knows by name.
var namedRules = []NamedRule{
	{"turtles", "turning-turtles", "Turning Turtles: turn 1 or 2 coins (at-most:2); G(x) = x+1"},
	{"mock-turtles", "mocking-turtles", "Mock Turtles: turn 1 to 3 coins (at-most:3); G(x) = 2x or 2x+1, whichever is odious"},
	{"moebius", "", "Moebius: turn 1 to 5 coins (at-most:5)"},
	{"mogul", "", "Mogul: turn 1 to 7 coins (at-most:7)"},
	{"gold-moidores", "", "Gold Moidores: turn 1 to 9 coins (at-most:9)"},
	{"at-most:T", "", "turn 1 to T coins"},
	{"exactly:T", "", "turn exactly T coins"},
	{"twins", "", "Twins: turn exactly 2 coins (exactly:2); G(x) = x"},
	{"triplets", "", "Triplets: turn exactly 3 coins (exactly:3)"},
	{"motley", "", "Motley: turn any set of coins; G(x) = 2^x"},
	{"ruler", "", "Ruler: turn any run of coins ending at the head; G(x) = the largest power of 2 dividing x+1"},
	{"runs:squares", "", "turn a run whose length is a perfect square"},
	{"runs:triangular", "", "turn a run whose length is a triangular number"},
	{"runs:L1,L2,…", "", "turn a run whose length is in the list, e.g. runs:1,2,5"},
	{"ap", "progressions", "turn an arithmetic progression of coins ending at the head (a single coin included)"},
}

// String returns the rule as grundy turning --help lists it: "name (or
// alias): description".
func (n NamedRule) String() string {
	if n.Alias != "" {
		return n.Name + " (or " + n.Alias + "): " + n.Description
	}
	return n.Name + ": " + n.Description
}

// NamedRules returns the rules Parse knows by name, in a fixed order.
func NamedRules() []NamedRule { return slices.Clone(namedRules) }

// maxT bounds t in at-most:T and exactly:T.
const maxT = 64

// Parse returns the rule with the given name: one of NamedRules'. An
// unknown or malformed name gives an error wrapping games.ErrInput.
func Parse(name string) (*Rule, error) {
	switch name {
	case "turtles", "turning-turtles":
		return atMostRule(2, name)
	case "mock-turtles", "mocking-turtles":
		return atMostRule(3, name)
	case "moebius":
		return atMostRule(5, name)
	case "mogul":
		return atMostRule(7, name)
	case "gold-moidores":
		return atMostRule(9, name)
	case "twins":
		return exactlyRule(2, name)
	case "triplets":
		return exactlyRule(3, name)
	case "motley":
		return &Rule{name: name, kind: motley}, nil
	case "ruler":
		return &Rule{name: name, kind: ruler}, nil
	case "ap", "progressions":
		return &Rule{name: name, kind: progressions}, nil
	}
	if rest, ok := strings.CutPrefix(name, "at-most:"); ok {
		t, err := parseT(name, rest)
		if err != nil {
			return nil, err
		}
		return atMostRule(t, name)
	}
	if rest, ok := strings.CutPrefix(name, "exactly:"); ok {
		t, err := parseT(name, rest)
		if err != nil {
			return nil, err
		}
		return exactlyRule(t, name)
	}
	if rest, ok := strings.CutPrefix(name, "runs:"); ok {
		switch rest {
		case "squares":
			return runsRule(name, func(i int) int { return i * i }), nil
		case "triangular":
			return runsRule(name, func(i int) int { return i * (i + 1) / 2 }), nil
		}
		var ls []int
		for _, f := range strings.Split(rest, ",") {
			v, err := strconv.Atoi(f)
			if err != nil || v < 1 || v > 1<<30 {
				return nil, games.InputErrorf("rule %q: run length %q is not a positive integer", clip(name), clip(f))
			}
			ls = append(ls, v)
		}
		return runLengths(name, ls), nil
	}
	return nil, games.InputErrorf("unknown rule %q (see the list of rules in the help)", clip(name))
}

func parseT(name, s string) (int, error) {
	t, err := strconv.Atoi(s)
	if err != nil || t < 1 || t > maxT {
		return 0, games.InputErrorf("rule %q: T must be an integer from 1 to %d", clip(name), maxT)
	}
	return t, nil
}

// atMostRule returns the rule "turn 1 to t coins" under the given name.
func atMostRule(t int, name string) (*Rule, error) {
	if t < 1 || t > maxT {
		return nil, games.InputErrorf("at most %d coins: t must be from 1 to %d", t, maxT)
	}
	return &Rule{name: name, kind: atMost, t: t}, nil
}

// exactlyRule returns the rule "turn exactly t coins" under the given name.
func exactlyRule(t int, name string) (*Rule, error) {
	if t < 1 || t > maxT {
		return nil, games.InputErrorf("exactly %d coins: t must be from 1 to %d", t, maxT)
	}
	return &Rule{name: name, kind: exactly, t: t}, nil
}

// runsRule returns the rule "turn a run of coins ending at the head whose
// length is one of length(1), length(2), …", for an increasing function
// length with length(1) ≥ 1.
func runsRule(name string, length func(i int) int) *Rule {
	return &Rule{name: name, kind: runs, lengths: func(limit int) []int {
		var out []int
		for i := 1; ; i++ {
			l := length(i)
			if l > limit {
				return out
			}
			out = append(out, l)
		}
	}}
}

// runLengths returns the rule "turn a run of coins ending at the head
// whose length is in ls" (positive lengths).
func runLengths(name string, ls []int) *Rule {
	s := slices.Clone(ls)
	slices.Sort(s)
	s = slices.Compact(s)
	return &Rule{name: name, kind: runs, lengths: func(limit int) []int {
		i, _ := slices.BinarySearch(s, limit+1)
		return s[:i]
	}}
}

// customRule returns a user-defined rule: moves(x, emit) calls emit once for
// each move whose head is coin x, with the other coins it turns (distinct,
// all below x; the slice may be reused after emit returns). Values
// enumerates its moves, at most 2^27.
func customRule(name string, moves func(x int, emit func(others []int))) *Rule {
	return &Rule{name: name, kind: custom, moves: moves}
}

// Moves calls emit for every move whose head is coin x, with the other
// coins the move turns, in increasing order. The slice is reused between
// calls. The number of moves may grow fast: C(x, t−1) for at-most:t.
func (r *Rule) Moves(x int, emit func(others []int)) {
	switch r.kind {
	case atMost:
		subsets(x, 0, r.t-1, emit)
	case exactly:
		subsets(x, r.t-1, r.t-1, emit)
	case motley:
		subsets(x, 0, x, emit)
	case ruler:
		buf := make([]int, 0, x)
		for l := 1; l <= x+1; l++ {
			buf = buf[:0]
			for y := x - l + 1; y < x; y++ {
				buf = append(buf, y)
			}
			emit(buf)
		}
	case runs:
		buf := make([]int, 0, x)
		for _, l := range r.lengths(x + 1) {
			buf = buf[:0]
			for y := x - l + 1; y < x; y++ {
				buf = append(buf, y)
			}
			emit(buf)
		}
	case progressions:
		emit(nil)
		buf := make([]int, 0, x)
		for d := 1; d <= x; d++ {
			for k := 1; k*d <= x; k++ {
				buf = buf[:0]
				for j := k; j >= 1; j-- {
					buf = append(buf, x-j*d)
				}
				emit(buf)
			}
		}
	case custom:
		r.moves(x, emit)
	}
}

// subsets calls emit with every subset of {0, …, n−1} of size lo to hi,
// each in increasing order.
func subsets(n, lo, hi int, emit func([]int)) {
	buf := make([]int, 0, hi)
	var rec func(start int)
	rec = func(start int) {
		if len(buf) >= lo {
			emit(buf)
		}
		if len(buf) == hi {
			return
		}
		for y := start; y < n; y++ {
			buf = append(buf, y)
			rec(y + 1)
			buf = buf[:len(buf)-1]
		}
	}
	rec(0)
}

// maxSearchMoves bounds the moves search enumerates.
const maxSearchMoves = 1 << 27

// search returns G(0), …, G(n−1) from the definition: G(x) is the mex of
// the nim-sums G(y1) ⊕ … ⊕ G(yk) over the moves with head x turning y1, …,
// yk. It enumerates every move, so it is slow, and it returns a
// *budget.TooLargeError past 2^27 moves. Values uses it for Custom rules;
// the tests check the other methods against it.
func (r *Rule) search(n int) ([]uint64, error) {
	g := make([]uint64, 0, n)
	count := 0
	var seen []uint64
	for x := 0; x < n; x++ {
		seen = seen[:0]
		over := false
		r.Moves(x, func(others []int) {
			count++
			if count > maxSearchMoves {
				over = true
				return
			}
			var v uint64
			for _, y := range others {
				if y < 0 || y >= x {
					over = true
					return
				}
				v ^= g[y]
			}
			seen = append(seen, v)
		})
		if over {
			if count > maxSearchMoves {
				return nil, &budget.TooLargeError{What: "the search of rule " + r.name, Unit: "moves", Limit: maxSearchMoves, Fixed: true}
			}
			return nil, fmt.Errorf("rule %s: a move with head %d turns a coin that is not to its left", r.name, x)
		}
		g = append(g, mex(seen))
	}
	return g, nil
}

// mex returns the least value not in vals. It is at most len(vals), so
// larger values are ignored.
func mex(vals []uint64) uint64 {
	mark := make([]bool, len(vals)+1)
	for _, v := range vals {
		if v < uint64(len(mark)) {
			mark[v] = true
		}
	}
	m := 0
	for mark[m] {
		m++
	}
	return uint64(m)
}

// Limits of Values.
const (
	// MaxValues bounds n for Values.
	MaxValues = 1 << 26
	// maxAtMostBits bounds the bitmaps of reachable nim-sums: values of
	// an at-most or exactly rule must stay below 2^maxAtMostBits (one
	// more for odd T, see atMostValues), and the bitmaps within
	// atMostBitmapBytes.
	maxAtMostBits = 30
	// DefaultLimit is the steps Values and CountWinning take unless their
	// Options say otherwise: 2^32, a few seconds (arithmetic progressions
	// to 28 000 coins, Mogul to 320).
	DefaultLimit = 1 << 32
	// DefaultMemory is the bytes of bitmaps Values holds unless its
	// Options say otherwise: 1.25 GiB, enough for Mogul to 330 coins.
	DefaultMemory = 5 << 28
)

// Values returns G(0), …, G(n−1) by the fastest method available:
//   - closed forms: at-most:1 (1), turtles (x+1), mock-turtles (the odious
//     one of 2x, 2x+1), motley (2^x, n ≤ 64), ruler (the largest power of
//     2 dividing x+1);
//   - at-most:T and exactly:T otherwise: bitmaps of the nim-sums of up to
//     T−1 earlier values (lists of them while few), for odd T those of
//     T−1 by the Mock Turtle theorem. These values grow like those of a
//     code with minimum distance T+1 (they are the columns of a
//     lexicode's check matrix), so the bitmaps grow fast: Mogul passes
//     2^31 at n = 331, beyond which
//     a *budget.TooLargeError is returned at once (from a table of the
//     coins where the values pass each power of two from 2^20, and the
//     Hamming bound); one step a bitmap word passed, from the same table;
//   - runs: prefix nim-sums, n·(the number of lengths) steps;
//   - ap: every progression, about n²·ln(n)/2 steps;
//   - custom rules: every move enumerated, at most 2^27.
//
// It estimates its steps before it starts and returns a
// *budget.TooLargeError at once past opt's limit (DefaultLimit when opt
// is nil); it stops with ctx's error soon after ctx is done, and reports
// its progress in coins.
func (r *Rule) Values(ctx context.Context, n int, opt *budget.Options) ([]uint64, error) {
	if n < 0 || n > MaxValues {
		return nil, &budget.TooLargeError{What: "the values of rule " + r.name, Unit: "coins", Estimate: float64(n), Limit: MaxValues, Fixed: true}
	}
	if c, lim := r.valuesCost(n), opt.Max(DefaultLimit); c > lim {
		return nil, &budget.TooLargeError{What: fmt.Sprintf("%d values of rule %s", n, r.name), Unit: "steps", Estimate: c, Limit: lim}
	}
	if m, lim := r.valuesMemory(n), opt.MaxMemory(DefaultMemory); m > lim {
		return nil, &budget.TooLargeError{What: fmt.Sprintf("%d values of rule %s", n, r.name), Unit: "bytes", Estimate: m, Limit: lim}
	}
	switch r.kind {
	case atMost:
		return atMostValues(ctx, r.t, n, 0, opt)
	case exactly:
		return atMostValues(ctx, r.t, n, r.t-1, opt)
	case motley:
		if n > 64 {
			return nil, &budget.TooLargeError{What: "Motley's values G(x) = 2^x", Unit: "bits a value", Estimate: float64(n), Limit: 64, Fixed: true}
		}
		g := make([]uint64, n)
		for x := range g {
			g[x] = 1 << x
		}
		return g, nil
	case ruler:
		g := make([]uint64, n)
		for x := range g {
			g[x] = uint64(x+1) & -uint64(x+1)
		}
		return g, nil
	case runs:
		return runValues(ctx, r.lengths(n), n, opt)
	case progressions:
		return progressionValues(ctx, n, opt)
	}
	return r.search(n)
}

// valuesCost returns the steps Values takes for n coins: one a coin for
// closed forms, one a word passed for the bitmaps (whose own bounds
// refuse what they cannot hold), one a length a coin for runs, one a move
// for progressions and custom rules.
func (r *Rule) valuesCost(n int) float64 {
	switch r.kind {
	case atMost, exactly:
		m, t := n, r.t
		if r.kind == exactly {
			m -= t - 1 // coins of value 0 in front
		}
		if t%2 == 1 {
			m, t = m-1, t-1 // the Mock Turtle theorem
		}
		if t < 4 {
			return float64(n)
		}
		return float64(n) + bitmapWords(t, m)
	case runs:
		return float64(n) * float64(len(r.lengths(n)))
	case progressions:
		return progressionMoves(n)
	case custom:
		return 0 // search bounds its own moves
	}
	return float64(n)
}

// valuesMemory returns the bytes Values holds for n coins beyond the
// values themselves: the bitmaps of at-most and exactly rules (see
// bitmapBytes), nothing for the others.
func (r *Rule) valuesMemory(n int) float64 {
	if r.kind != atMost && r.kind != exactly {
		return 0
	}
	m, t := n, r.t
	if r.kind == exactly {
		m -= t - 1
	}
	if t%2 == 1 {
		m, t = m-1, t-1
	}
	if t < 4 {
		return 0
	}
	return bitmapBytes(t, m)
}

// progressionMoves returns the number of arithmetic progressions ending
// at a head below n: n single coins, and for each difference d the sum of
// ⌊x/d⌋ over x < n, which is d·q(q−1)/2 + q·(n − qd) for q = ⌊n/d⌋.
func progressionMoves(n int) float64 {
	total := float64(n)
	for d := 1; d < n; d++ {
		q := n / d
		total += float64(d)*float64(q)*float64(q-1)/2 + float64(q)*float64(n-q*d)
	}
	return total
}

// atMostValues returns the values of "turn 1 to t coins" with zeros
// coins of value 0 in front: exactly:t is at-most:t behind t−1 zeros,
// since the first t−1 coins have no move and pad any smaller set of
// other coins to exactly t−1.
func atMostValues(ctx context.Context, t, n, zeros int, opt *budget.Options) ([]uint64, error) {
	g := make([]uint64, n)
	m := n - zeros
	if m <= 0 {
		return g, nil
	}
	v := g[zeros:]
	switch {
	case t == 1:
		for x := range v {
			v[x] = 1
		}
		return g, nil
	case t == 2:
		for x := range v {
			v[x] = uint64(x) + 1
		}
		return g, nil
	case t == 3:
		for x := range v {
			v[x] = 2*uint64(x) + uint64(1-bits.OnesCount64(uint64(x))&1)
		}
		return g, nil
	case t%2 == 1:
		// The Mock Turtle theorem (see TestMockTurtleTheorem): G_t(0) = 1
		// and G_t(x+1) is the odious one of 2·G_{t−1}(x) and 2·G_{t−1}(x)+1
		// (in coding terms, the lexicode of even distance t+1 is that of
		// distance t with a parity bit). The even game has one level of
		// bitmaps fewer, each of half the size.
		w, err := atMostBitmaps(ctx, t-1, m-1, atMostLimits(t-1), opt)
		if err != nil {
			return nil, atMostError(err, t, zeros, 1)
		}
		v[0] = 1
		for x, y := range w {
			v[x+1] = 2*y + uint64(1-bits.OnesCount64(y)&1)
		}
		return g, nil
	}
	w, err := atMostBitmaps(ctx, t, m, atMostLimits(t), opt)
	if err != nil {
		return nil, atMostError(err, t, zeros, 0)
	}
	copy(v, w)
	return g, nil
}

// tooLarge is atMostBitmaps's error: the value of coin reaches 2^bits,
// past the bitmaps' bound, or (coin < 0) the Hamming bound puts a value
// there before coin n.
type tooLarge struct{ bits, coin, n int }

func (e *tooLarge) Error() string {
	if e.coin < 0 {
		return fmt.Sprintf("values pass 2^%d before coin %d (Hamming bound)", e.bits, e.n)
	}
	return fmt.Sprintf("values reach 2^%d by coin %d", e.bits, e.coin)
}

// atMostError words an error of atMostBitmaps for at-most:t behind zeros
// coins of value 0 (exactly:t when there are any), whose values are those
// of the bitmaps with shift more bits, one coin later for each.
func atMostError(err error, t, zeros, shift int) error {
	big, ok := err.(*tooLarge)
	if !ok {
		return err
	}
	name, coins := fmt.Sprintf("at-most:%d", t), zeros+shift
	if zeros > 0 {
		name = fmt.Sprintf("exactly:%d", t)
	}
	b := float64(big.bits + shift)
	if big.coin < 0 {
		return &budget.TooLargeError{What: fmt.Sprintf("%s to %d coins (by the Hamming bound)", name, big.n+coins), Unit: "bits a value", Estimate: b + 1, Limit: b, Fixed: true}
	}
	return &budget.TooLargeError{What: fmt.Sprintf("%s to coin %d", name, big.coin+coins), Unit: "bits a value", Estimate: b + 1, Limit: b, Fixed: true}
}

// atMostBitmapBytes bounds the bitmaps of atMostBitmaps (1 GiB in all):
// with t−1 of them, values stay below 2^b for the largest b with
// (t−1)·2^b bits within it, and below 2^maxAtMostBits.
const atMostBitmapBytes = 1 << 30

// atMostListMax is the most elements a set of sums in atMostBitmaps
// keeps in a list beside its bitmap: while a set is that small, the sums
// with a new value are made from the list, not from a pass over the
// whole bitmap.
const atMostListMax = 1 << 22

// atMostListWords is how many listed sums atMostBitmaps adds to a set,
// each a random access to its bitmap, for each word a pass over the
// bitmap would read: it takes the list while that is at most this many
// times the pass. BenchmarkAtMostListWords chooses it (see
// docs/performance.md).
var atMostListWords = 2

// limits bounds atMostBitmaps: values below 2^bits, lists of at most
// listMax sums.
type limits struct{ bits, listMax int }

// atMostLimits returns the limits for "at most t": the most bits with the
// t−1 bitmaps within atMostBitmapBytes, and at most maxAtMostBits.
func atMostLimits(t int) limits {
	b := maxAtMostBits
	for (t-1)<<b > 8*atMostBitmapBytes {
		b--
	}
	return limits{bits: b, listMax: atMostListMax}
}

// sumSet is a set of nim-sums: a bitmap, and while the set has at most
// listMax elements, the list of them.
type sumSet struct {
	bits    []uint64
	list    []uint64
	listMax int
	dense   bool // no list: too many elements for one
}

// add adds y to the set.
func (s *sumSet) add(y uint64) {
	if s.bits[y>>6]>>(y&63)&1 != 0 {
		return
	}
	s.bits[y>>6] |= 1 << (y & 63)
	if !s.dense {
		if len(s.list) == s.listMax {
			s.list, s.dense = nil, true
		} else {
			s.list = append(s.list, y)
		}
	}
}

// growthBits is the first power of two in atMostGrowth.
const growthBits = 20

// atMostGrowth[t], for even t, lists the first coins whose values under
// "turn 1 to t coins" reach 2^20, 2^21, …, up to 2^b for the b of
// atMostLimits(t). From it Values estimates the bitmaps' cost, and
// atMostBitmaps refuses at once what it would otherwise find only after
// seconds and a gigabyte (at-most:4 reaches 2^30 at coin 5376, where the
// Hamming bound allows 46 340 coins). Past t = 22 the Hamming bound is close
// enough. TestAtMostGrowth recomputes the table under the build tag long.
var atMostGrowth = [...][]int{
	4:  {443, 573, 739, 950, 1225, 1571, 2018, 2577, 3294, 4213, 5376},
	6:  {76, 87, 101, 117, 136, 158, 183, 213, 246, 285, 329},
	8:  {37, 42, 47, 52, 58, 65, 72, 80, 89, 99, 109},
	10: {28, 32, 35, 38, 44, 46, 49, 52, 56, 60},
	12: {22, 24, 27, 29, 30, 32, 36, 38, 41, 44},
	14: {21, 23, 24, 25, 27, 31, 32, 33, 35, 39},
	16: {21, 22, 23, 24, 26, 27, 28, 29, 31, 32},
	18: {21, 22, 23, 24, 25, 26, 27, 29, 30},
	20: {21, 22, 23, 24, 25, 26, 27, 28, 29},
	22: {20, 21, 23, 24, 25, 26, 27, 28, 29},
}

// growth returns atMostGrowth[t] when the table has it for lim.
func growth(t int, lim limits) []int {
	if t < len(atMostGrowth) && len(atMostGrowth[t]) == lim.bits-growthBits+1 {
		return atMostGrowth[t]
	}
	return nil
}

// atMostBound refuses n coins of "turn 1 to t coins" when their values
// must reach 2^lim.bits: by atMostGrowth, or by the Hamming bound.
func atMostBound(t, n int, lim limits) error {
	sphere, term := 0.0, 1.0 // Σ C(n, i), C(n, i)
	for i := 0; i <= t/2 && i <= n; i++ {
		sphere += term
		term = term * float64(n-i) / float64(i+1)
	}
	if sphere > 1.000001*math.Ldexp(1, lim.bits) {
		return &tooLarge{bits: lim.bits, coin: -1, n: n}
	}
	if g := growth(t, lim); g != nil && n > g[len(g)-1]+1 {
		return &tooLarge{bits: lim.bits, coin: g[len(g)-1]}
	}
	return nil
}

// bitmapWords returns an upper bound on the words atMostBitmaps passes
// over for n coins of "turn 1 to t coins". At coin x the bitmaps have 2^B
// bits, B the bits of the values so far (at most x+1, and read from
// atMostGrowth where the table has t); the sums of one value are a list
// of x, the t−3 middle sets take at most a whole pass each, and the last
// one a pass from the new value on, at most half of it since the values
// increase. It returns 0 when atMostBound refuses n, which atMostBitmaps
// then does at once.
func bitmapWords(t, n int) float64 {
	lim := atMostLimits(t)
	if n <= 0 || atMostBound(t, n, lim) != nil {
		return 0
	}
	g := growth(t, lim)
	total := 0.0
	for x := range n - 1 {
		b := min(x+1, lim.bits)
		if g != nil {
			j, _ := slices.BinarySearch(g, x+1) // entries at most x
			b = min(b, growthBits+j)
		}
		total += float64(x) + (float64(t)-2.5)*math.Ldexp(1, max(b-6, 0))
	}
	return total
}

// bitmapBytes returns an upper bound on the bytes atMostBitmaps holds for
// n coins of "turn 1 to t coins": t bitmaps of 2^B bits, B the bits of
// the values before the last coin (read from atMostGrowth where the table
// has t, else at most n−1), the lists of sums beside them (at most
// atMostListMax each, half of them held at once), and a quarter more
// for the bitmaps as they double and the collector frees the old ones
// late. It returns 0
// when atMostBound refuses n, which atMostBitmaps then does at once.
func bitmapBytes(t, n int) float64 {
	lim := atMostLimits(t)
	if n <= 1 || atMostBound(t, n, lim) != nil {
		return 0
	}
	b := min(n-1, lim.bits)
	if g := growth(t, lim); g != nil {
		j, _ := slices.BinarySearch(g, n-1)
		b = min(b, growthBits+j)
	}
	bitmap := math.Ldexp(1, b) / 8
	list := 8 * min(float64(atMostListMax), math.Ldexp(1, b))
	return float64(t) * (1.25*bitmap + list/2)
}

// atMostBitmaps returns the n values of "turn 1 to t coins" (t ≥ 2) from
// the sets s[k] of nim-sums of at most k distinct earlier values: G(x) is
// the least value missing from s[t−1]. Each new value val adds
// s[k−1] ⊕ val to s[k], from the list of s[k−1] while it has at most
// lim.listMax elements and otherwise by a pass over its bitmap, and the
// values must stay below 2^lim.bits. s[t−1] holds every value below the
// last G(x) (it is their mex), so the pass into it starts there.
//
// The sets of coins with nim-sum 0 form a linear code of length n and
// minimum distance t+1, with as many check bits as the values have bits;
// the Hamming bound, 2^bits ≥ Σ C(n, i) over i ≤ t/2, refuses at once an
// n whose values must pass the bitmaps' bound.
//
// It checks ctx and reports progress at every coin.
func atMostBitmaps(ctx context.Context, t, n int, lim limits, opt *budget.Options) ([]uint64, error) {
	if err := atMostBound(t, n, lim); err != nil {
		return nil, err
	}
	v := make([]uint64, n)
	maxBits, listMax := lim.bits, lim.listMax
	s := make([]sumSet, t)
	for k := range s {
		s[k] = sumSet{bits: []uint64{1}, list: []uint64{0}, listMax: listMax} // the empty sum
	}
	next := uint64(0) // the mex of s[t−1] is at least next
	for x := range v {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		opt.Report(x, n)
		top := s[t-1].bits
		for next < uint64(len(top))*64 && top[next>>6]>>(next&63)&1 != 0 {
			next++
		}
		val := next
		v[x] = val
		if x == len(v)-1 {
			break
		}
		// Grow the bitmaps to hold every nim-sum with val.
		if need := 1 << bits.Len64(val); need > len(s[0].bits)*64 {
			if bits.Len64(val) > maxBits {
				return nil, &tooLarge{bits: maxBits, coin: x}
			}
			for k := range s {
				w := make([]uint64, max(1, need/64))
				copy(w, s[k].bits)
				s[k].bits = w
			}
		}
		for k := t - 1; k >= 1; k-- {
			dst, src := &s[k], &s[k-1]
			from := 0
			if k == t-1 {
				from = int(next >> 6)
			}
			// A listed sum costs a random access to dst, a word of the
			// pass a sequential one: the list goes first while it is at
			// most atMostListWords times the pass.
			if !src.dense && len(src.list) <= atMostListWords*(len(dst.bits)-from) {
				for _, y := range src.list {
					dst.add(y ^ val)
				}
				continue
			}
			dst.list, dst.dense = nil, true
			xorTranslateOr(dst.bits, src.bits, val, from)
		}
	}
	return v, nil
}

// blockMasks[b] selects the low half of every 2^(b+1)-bit block.
var blockMasks = [6]uint64{
	0x5555555555555555, 0x3333333333333333, 0x0f0f0f0f0f0f0f0f,
	0x00ff00ff00ff00ff, 0x0000ffff0000ffff, 0x00000000ffffffff,
}

// xorTranslateGo sets dst |= {i ⊕ c : i ∈ src} for bitmaps of the same
// length (a power of two words), which must cover c, in the words of dst
// from the word from on (it may be given the first words of dst only,
// and all of src); it returns the number of words it read.
func xorTranslateGo(dst, src []uint64, c uint64, from int) int {
	hi, lo := int(c>>6), uint(c&63)
	// Within a word, bit i goes to bit i ⊕ lo: a swap of the halves of
	// every 2^(b+1)-bit block for each bit b of lo.
	var masks [6]uint64
	var shifts [6]uint
	steps := 0
	for b := uint(0); b < 6; b++ {
		if lo>>b&1 != 0 {
			masks[steps], shifts[steps] = blockMasks[b], 1<<b
			steps++
		}
	}
	for w := from; w < len(dst); w++ {
		x := src[w^hi]
		if x == 0 {
			continue
		}
		for j := range steps {
			m, sh := masks[j], shifts[j]&63
			x = (x&m)<<sh | (x>>sh)&m
		}
		dst[w] |= x
	}
	return len(dst) - from
}

// progressionValues computes G for arithmetic progressions ending at the
// head: the option of the progression x−kd, …, x−d, x has value
// G(x−d) ⊕ … ⊕ G(x−kd), accumulated along each difference d. It checks
// ctx and reports progress at every coin.
func progressionValues(ctx context.Context, n int, opt *budget.Options) ([]uint64, error) {
	g := make([]uint64, n)
	var seen []uint64
	for x := 0; x < n; x++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		opt.Report(x, n)
		seen = append(seen[:0], 0)
		for d := 1; d <= x; d++ {
			var acc uint64
			for y := x - d; y >= 0; y -= d {
				acc ^= g[y]
				seen = append(seen, acc)
			}
		}
		g[x] = mex(seen)
	}
	return g, nil
}
