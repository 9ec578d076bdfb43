package heap

import (
	"context"
	"fmt"
	"iter"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
)

func init() {
	games.Register(games.Entry{
		Name:     "take-and-break",
		Param:    "CODE",
		Kind:     games.Impartial,
		Summary:  "CGSuite's take-and-break codes: take r tokens from a heap and leave the rest as digit r allows, with conditions on the sizes (4!.0 is Grundy's game)",
		Notation: heapsNotation + `; CODE as CGSuite writes it: 0.77, 4!.0, 0.[3], {2+}=.0, 0.&17;`,
		Example:  []string{"take-and-break:4!.0", "10 7 3"},
		New: func(code string) (games.Ruleset, error) {
			c, err := parseTakeAndBreak(code)
			if err != nil {
				return nil, err
			}
			return newCodeRuleset(c), nil
		},
	})
}

// A split says whether a move may leave a given number of heaps, and
// under what condition on their sizes (which binds two heaps or more).
type split uint8

const (
	banned       split = iota // the move is not allowed
	anySizes                  // any sizes
	notAllEqual               // '?': not all of one size
	allDifferent              // '!': pairwise different sizes
	allEqual                  // '=': all of one size
)

// A tbDigit is one digit of a take-and-break code: the numbers of heaps a
// move may leave, each with its condition.
type tbDigit struct {
	leave []split // leave[j]: leaving j heaps
	more  bool    // more than len(leave)-1 heaps too, as leave's last says
}

// rule returns how j heaps may be left.
func (d tbDigit) rule(j int) split {
	switch {
	case j < len(d.leave):
		return d.leave[j]
	case d.more:
		return d.leave[len(d.leave)-1]
	}
	return banned
}

// maxHeaps returns the most heaps the digit leaves, or math.MaxInt.
func (d tbDigit) maxHeaps() int {
	if d.more {
		return math.MaxInt
	}
	return len(d.leave) - 1
}

// A tbCode is a take-and-break game in CGSuite's generalized notation: a
// move removes r tokens from a heap (adds them, for the digits before d0)
// and leaves what remains as some number of heaps, as digit d_r allows.
type tbCode struct {
	text     string
	digits   []tbDigit // d0, d1, …; the last period of them repeat
	additive []tbDigit // d−1, d−2, …: add 1, 2, … tokens
	period   int
}

// maxCodeText bounds the bytes of a code.
const maxCodeText = 256

// maxListedHeaps bounds a heap count written in braces.
const maxListedHeaps = 63

// parseTakeAndBreak reads a take-and-break code in CGSuite's notation:
// digits d0.d1d2…, then optionally a period in brackets that repeats
// forever ("0.[3]" is Nim). A digit is a base-32 character (0–9, A–V)
// whose bit j allows leaving j heaps, or &N; for a larger mask, or {j,k,…}
// listing the numbers of heaps, or * for any number; "+" at the end of a
// list allows more heaps than its largest. A digit may end in a condition
// on the sizes of two or more heaps left: '!' all different, '?' not all
// equal, '=' all equal (in braces, each number may carry its own). Digits
// before d0 add tokens: in "ab.c", a is d−1. Grundy's game is "4!.0",
// Maundy cake's cuts "{2+}=.0". A code whose moves could go on forever
// (d0 leaving one heap, an additive digit leaving too few) is refused.
func parseTakeAndBreak(s string) (*tbCode, error) {
	if len(s) > maxCodeText {
		return nil, games.InputErrorf("a code of %d bytes: at most %d", len(s), maxCodeText)
	}
	var before, after []tbDigit
	point, periodAt, closed := false, -1, false
	for i := 0; i < len(s); {
		switch s[i] {
		case '.':
			if point {
				return nil, codeError(s, i, "a second point")
			}
			point = true
			i++
			continue
		case '[':
			if !point || periodAt >= 0 {
				return nil, codeError(s, i, "a period opens after the point, once")
			}
			periodAt = len(after)
			i++
			continue
		case ']':
			if periodAt < 0 || i != len(s)-1 {
				return nil, codeError(s, i, "']' closes the period at the end of the code")
			}
			closed = true
			i++
			continue
		}
		d, next, err := parseDigit(s, i)
		if err != nil {
			return nil, err
		}
		if point {
			after = append(after, d)
		} else {
			before = append(before, d)
		}
		i = next
	}
	switch {
	case !point:
		return nil, games.InputErrorf("code %q: no point; write digits d0.d1d2…, such as 0.77 or 4!.0", s)
	case periodAt >= 0 && !closed:
		return nil, games.InputErrorf("code %q: the period opened with '[' is not closed", s)
	case closed && periodAt == len(after):
		return nil, games.InputErrorf("code %q: an empty period", s)
	}
	if len(before) == 0 {
		before = []tbDigit{{}}
	}
	c := &tbCode{text: s, digits: append([]tbDigit{before[len(before)-1]}, after...)}
	for k := len(before) - 2; k >= 0; k-- {
		c.additive = append(c.additive, before[k])
	}
	if periodAt >= 0 {
		c.period = len(after) - periodAt
	}
	if c.digits[0].rule(1) != banned {
		return nil, games.InputErrorf("code %q: d0 leaves one heap, a move that removes nothing", s)
	}
	for k, d := range c.additive {
		// Adding k+1 tokens, j heaps are each smaller than the heap only
		// when j ≥ k+3; fewer could repeat a position forever.
		for j := range min(k+3, len(d.leave)) {
			if d.rule(j) != banned {
				return nil, games.InputErrorf("code %q: digit d−%d leaves %d heaps after adding %d tokens, so play could go on forever (it must leave at least %d)", s, k+1, j, k+1, k+3)
			}
		}
	}
	return c, nil
}

func codeError(s string, i int, what string) error {
	return games.InputErrorf("code %q at offset %d: %s", s, i, what)
}

// parseDigit reads the digit at s[i:] and returns it and the offset
// after it.
func parseDigit(s string, i int) (tbDigit, int, error) {
	var d tbDigit
	switch c := s[i]; {
	case c == '*':
		cond, next := parseCondition(s, i+1)
		return tbDigit{leave: []split{cond}, more: true}, next, nil
	case c == '{':
		end := strings.IndexByte(s[i:], '}')
		if end < 0 {
			return d, 0, codeError(s, i, "'{' is not closed")
		}
		list := s[i+1 : i+end]
		global, next := parseCondition(s, i+end+1)
		if d.more = strings.HasSuffix(list, "+"); d.more {
			list = list[:len(list)-1]
		}
		for _, tok := range strings.Split(list, ",") {
			cond := anySizes
			if t, own := parseCondition(tok, max(len(tok)-1, 0)); own == len(tok) && len(tok) > 0 {
				if global != anySizes {
					return d, 0, codeError(s, i, "a condition both inside and after the braces")
				}
				cond, tok = t, tok[:len(tok)-1]
			} else {
				cond = global
			}
			j, err := strconv.Atoi(tok)
			if err != nil || j < 0 || j > maxListedHeaps {
				return d, 0, codeError(s, i, fmt.Sprintf("%q is not a number of heaps from 0 to %d", tok, maxListedHeaps))
			}
			for len(d.leave) <= j {
				d.leave = append(d.leave, banned)
			}
			d.leave[j] = cond
		}
		return d, next, nil
	case c == '&':
		end := strings.IndexByte(s[i:], ';')
		if end < 0 {
			return d, 0, codeError(s, i, "'&' is not closed by ';'")
		}
		mask, err := strconv.ParseUint(s[i+1:i+end], 10, 64)
		if err != nil {
			return d, 0, codeError(s, i, fmt.Sprintf("%q is not a mask below 2^64", s[i+1:i+end]))
		}
		cond, next := parseCondition(s, i+end+1)
		return maskDigit(mask, cond), next, nil
	default:
		v := strings.IndexByte("0123456789abcdefghijklmnopqrstuv", c|0x20)
		if v < 0 || c == '.'|0x20 {
			return d, 0, codeError(s, i, fmt.Sprintf("%q is not a digit 0–9 or A–V, &N;, {…} or *", rune(c)))
		}
		cond, next := parseCondition(s, i+1)
		return maskDigit(uint64(v), cond), next, nil
	}
}

// maskDigit returns the digit whose bit j allows j heaps under cond.
func maskDigit(mask uint64, cond split) tbDigit {
	var d tbDigit
	for j := 0; mask>>j != 0; j++ {
		s := banned
		if mask>>j&1 != 0 {
			s = cond
		}
		d.leave = append(d.leave, s)
	}
	return d
}

// parseCondition reads the condition at s[i], if any, and returns it
// (anySizes when there is none) and the offset after it.
func parseCondition(s string, i int) (split, int) {
	if i < len(s) {
		switch s[i] {
		case '!':
			return allDifferent, i + 1
		case '?':
			return notAllEqual, i + 1
		case '=':
			return allEqual, i + 1
		}
	}
	return anySizes, i
}

// String returns the code as it was written.
func (c *tbCode) String() string { return c.text }

// digit returns d_r: for r < 0, the digit that adds −r tokens.
func (c *tbCode) digit(r int) tbDigit {
	switch {
	case r < 0:
		if -r-1 < len(c.additive) {
			return c.additive[-r-1]
		}
		return tbDigit{}
	case r < len(c.digits):
		return c.digits[r]
	case c.period > 0:
		pre := len(c.digits) - c.period
		return c.digits[pre+(r-pre)%c.period]
	}
	return tbDigit{}
}

// Moves returns the moves from a heap of n tokens, each as the sizes of
// the heaps it leaves, in increasing order (none for a move that leaves
// nothing). A partition is listed once. The slice is reused from one
// move to the next: copy it to keep it.
func (c *tbCode) Moves(n int) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		if n <= 0 {
			return
		}
		top := n
		if c.period == 0 {
			top = min(n, len(c.digits)-1)
		}
		var buf []int
		for r := -len(c.additive); r <= top; r++ {
			d := c.digit(r)
			m := n - r
			for j := 0; j <= min(m, d.maxHeaps()); j++ {
				rule := d.rule(j)
				switch {
				case rule == banned:
					continue
				case j == 0:
					if m == 0 && !yield(nil) {
						return
					}
					continue
				}
				buf = slices.Grow(buf[:0], j)[:j]
				if !partitions(buf, 0, m, 1, rule, yield) {
					return
				}
			}
		}
	}
}

// partitions yields the ways to fill parts[k:] with sizes adding up to
// left, in increasing order from low, under rule; it returns false when
// yield stops it.
func partitions(parts []int, k, left, low int, rule split, yield func([]int) bool) bool {
	q := len(parts) - k // parts still to fill
	if q == 1 {
		if left < low || rule == allDifferent && k > 0 && left == parts[k-1] {
			return true
		}
		parts[k] = left
		if rule == notAllEqual && len(parts) > 1 && parts[0] == left {
			return true
		}
		return yield(parts)
	}
	if rule == allEqual {
		if left%q != 0 || left/q < low || k > 0 && left/q != parts[k-1] {
			return true
		}
		for i := k; i < len(parts); i++ {
			parts[i] = left / q
		}
		return yield(parts)
	}
	for a := low; ; a++ {
		need := a * q // the rest at least a each
		if rule == allDifferent {
			need = a*q + q*(q-1)/2
		}
		if need > left {
			return true
		}
		parts[k] = a
		next := a
		if rule == allDifferent {
			next = a + 1
		}
		if !partitions(parts, k+1, left-a, next, rule, yield) {
			return false
		}
	}
}

// fastGame returns the heap engine's game for a code it reads: an
// octal or hexadecimal code, Grundy's game, or an all-but subtraction
// game (a period of 3s after 0s and 3s); false for any other.
func (c *tbCode) fastGame() (*Game, bool) {
	if len(c.additive) > 0 {
		return nil, false
	}
	masks := make([]uint64, len(c.digits))
	for r, d := range c.digits {
		if d.more || len(d.leave) > 4 {
			return nil, false
		}
		for j, s := range d.leave {
			switch {
			case s == banned:
			case s == anySizes || j < 2:
				masks[r] |= 1 << j
			case s == allDifferent && j == 2 && r == 0 && len(d.leave) == 3 && d.leave[0] == banned && c.onlyD0():
				return GrundysGame(), true // "4!.0"
			default:
				return nil, false
			}
		}
	}
	if c.period == 0 {
		var b strings.Builder
		for r, m := range masks {
			if r == 1 {
				b.WriteByte('.')
			}
			b.WriteByte("0123456789abcdef"[m])
		}
		if len(masks) == 1 {
			b.WriteString(".0")
		}
		g, err := parseOctal(b.String())
		return g, err == nil
	}
	// An all-but subtraction game: d0 = 0, every digit 0 or 3, the period 3s.
	pre := len(masks) - c.period
	var set []int
	for r, m := range masks {
		switch {
		case r == 0 && m == 0:
		case r >= pre && m == 3:
		case r > 0 && r < pre && (m == 0 || m == 3):
			if m == 0 {
				set = append(set, r)
			}
		default:
			return nil, false
		}
	}
	g, err := newSubtraction(set, true)
	return g, err == nil
}

// onlyD0 reports whether every digit but d0 allows nothing.
func (c *tbCode) onlyD0() bool {
	for _, d := range c.digits[1:] {
		if slices.ContainsFunc(d.leave, func(s split) bool { return s != banned }) {
			return false
		}
	}
	return len(c.additive) == 0
}

// codeRuleset is a take-and-break code ("take-and-break:CODE") or a
// spawning code ("spawning:CODE") as a games.Ruleset: a position is a
// list of heaps. A code the heap engine reads is
// valued by it; any other by the definition, the mex over the moves of a
// heap, with the values kept and extended as larger heaps are asked for.
// A codeRuleset is safe for concurrent use.
type codeRuleset struct {
	name string
	code heapCode
	fast *heapRuleset

	mu   sync.Mutex
	vals []uint64
}

// A heapCode is the moves of a heap game written as a code: a
// take-and-break code or a spawning code.
type heapCode interface {
	String() string
	Moves(n int) iter.Seq[[]int]
	// work returns about how many moves the heaps from lo to hi−1 have,
	// or a number past limit as soon as the sum passes it.
	work(lo, hi int, limit float64) float64
}

// newCodeRuleset returns c as a games.Ruleset.
func newCodeRuleset(c *tbCode) *codeRuleset {
	r := &codeRuleset{name: "take-and-break:" + c.text, code: c}
	if g, ok := c.fastGame(); ok {
		r.fast = newHeapRules(g)
	}
	return r
}

// Name returns "take-and-break:CODE" or "spawning:CODE".
func (r *codeRuleset) Name() string { return r.name }

// Kind returns games.Impartial.
func (r *codeRuleset) Kind() games.Kind { return games.Impartial }

// Parse reads heap sizes separated by spaces or '+' ("10 7 3").
func (r *codeRuleset) Parse(s string) (games.Position, error) {
	most := maxRulesHeap
	if r.fast != nil {
		most = r.fast.maxHeap
	}
	sizes, err := parseSizes(s, most, r.Name())
	if err != nil {
		return nil, err
	}
	return &heapPosition{r, sizes}, nil
}

// maxReach caps what reach adds up: past it a search is refused anyway.
const maxReach = 1e15

// reach returns n+1 and the moves of the heaps up to n: listing the
// options of a heap costs its moves, which a code that leaves many heaps
// makes astronomical.
func (r *codeRuleset) reach(n int) float64 {
	if r.fast != nil {
		return r.fast.reach(n)
	}
	return float64(n) + 1 + r.code.work(1, n+1, maxReach)
}

func (r *codeRuleset) moves(n int) iter.Seq[[]int] {
	if r.fast != nil {
		return r.fast.moves(n)
	}
	return r.code.Moves(n)
}

// value returns G(n), computing the values up to n when they are not
// kept: by the heap engine, or by the mex over the moves of each heap,
// refused at once when the moves to list pass opt's limit (counted as the
// heap engine counts its option evaluations).
func (r *codeRuleset) value(ctx context.Context, n int, opt *budget.Options) (uint64, error) {
	if r.fast != nil {
		return r.fast.value(ctx, n, opt)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if n < len(r.vals) {
		return r.vals[n], nil
	}
	limit := opt.Max(games.DefaultLimit) * heapWork
	if w := r.code.work(len(r.vals), n+1, limit); w > limit {
		return 0, &budget.TooLargeError{What: fmt.Sprintf("the values of %s up to heap %d", r.Name(), n), Unit: "moves", Estimate: w, Limit: limit}
	}
	var xs []uint64
	var seen []bool
	steps := 0
	for k := len(r.vals); k <= n; k++ {
		xs = xs[:0]
		for parts := range r.code.Moves(k) {
			if steps++; steps&4095 == 0 {
				if err := ctx.Err(); err != nil {
					return 0, err
				}
			}
			var x uint64
			for _, p := range parts {
				x ^= r.vals[p]
			}
			xs = append(xs, x)
		}
		// The mex of len(xs) values is at most len(xs).
		seen = slices.Grow(seen[:0], len(xs)+1)[:len(xs)+1]
		clear(seen)
		for _, x := range xs {
			if x < uint64(len(seen)) {
				seen[x] = true
			}
		}
		r.vals = append(r.vals, uint64(slices.Index(seen, false)))
	}
	return r.vals[n], nil
}

// work returns about how many moves the heaps from lo to hi−1 have, or a
// number past limit as soon as the sum passes it.
func (c *tbCode) work(lo, hi int, limit float64) float64 {
	w := 0.0
	for k := max(lo, 1); k < hi; k++ {
		top := k
		if c.period == 0 {
			top = min(k, len(c.digits)-1)
		}
		for r := -len(c.additive); r <= top; r++ {
			d := c.digit(r)
			m := k - r
			for j := 0; j <= min(m, d.maxHeaps()); j++ {
				if rule := d.rule(j); rule != banned {
					w += countParts(m, j, rule)
				}
				if w > limit {
					return w
				}
			}
		}
		w++ // the mex
	}
	return w
}

// smallParts bounds the sizes countParts counts exactly.
const smallParts = 512

// partsTable holds p(m, j), the partitions of m into exactly j parts, for
// m, j < smallParts: an immutable table built on first use.
var partsTable = sync.OnceValue(func() [][]float64 {
	t := make([][]float64, smallParts)
	for m := range t {
		t[m] = make([]float64, m+1)
	}
	t[0][0] = 1
	for m := 1; m < smallParts; m++ {
		for j := 1; j <= m; j++ {
			// The least part is 1 (drop it), or every part is at least 2
			// (take one from each).
			t[m][j] = t[m-1][j-1]
			if m-j >= j {
				t[m][j] += t[m-j][j]
			}
		}
	}
	return t
})

// partitionsInto returns p(m, j): exactly below smallParts, and past it
// the leading term m^(j−1)/((j−1)!·j!) of its growth.
func partitionsInto(m, j int) float64 {
	switch {
	case j < 0 || j > m || m < 0:
		return 0
	case m < smallParts:
		return partsTable()[m][j]
	case j == 0:
		return 0
	}
	lf1, _ := math.Lgamma(float64(j))
	lf2, _ := math.Lgamma(float64(j + 1))
	return math.Exp(float64(j-1)*math.Log(float64(m)) - lf1 - lf2)
}

// countParts returns the number of ways to leave m tokens as j nonempty
// heaps under rule.
func countParts(m, j int, rule split) float64 {
	if j == 0 {
		if m == 0 {
			return 1
		}
		return 0
	}
	equal := 0.0
	if m%j == 0 {
		equal = 1
	}
	switch rule {
	case allEqual:
		return equal
	case notAllEqual:
		if j == 1 {
			return partitionsInto(m, 1)
		}
		return partitionsInto(m, j) - equal
	case allDifferent:
		// Take 0, 1, …, j−1 from the parts in increasing order.
		return partitionsInto(m-j*(j-1)/2, j)
	}
	return partitionsInto(m, j)
}
