package graph

import (
	"slices"
	"strconv"
	"strings"

	"github.com/nimbers/grundy/games"
)

// maxHeapBound bounds the heaps of loopy subtraction written inline, and
// its bound MAX.
const maxHeapBound = 1 << 20

// loopySubtractionRules is the subtraction game with additions
// (LoopySubtraction) as a games.Ruleset: a move takes a number in Take
// from a heap, or adds a number in Add to a heap that is not empty,
// keeping it at most Max. Positions may repeat, so its games are loopy.
type loopySubtractionRules struct {
	Take, Add []int
	Max       int // the bound on heaps; 0 when Add is empty
}

// newLoopySubtractionRules returns the ruleset of rule "TAKE/ADD/MAX",
// TAKE and ADD sizes separated by commas ("2,3/1/20"), or "TAKE" alone
// for the plain subtraction game. It fails, wrapping games.ErrInput, for
// a malformed rule.
func newLoopySubtractionRules(rule string) (*loopySubtractionRules, error) {
	if len(rule) > maxNotation {
		return nil, games.InputErrorf("a rule of %d bytes, more than %d", len(rule), maxNotation)
	}
	parts := strings.Split(rule, "/")
	if len(parts) != 1 && len(parts) != 3 {
		return nil, games.InputErrorf("rule %q: want TAKE/ADD/MAX (\"2,3/1/20\") or TAKE alone (\"1,2\")", rule)
	}
	r := &loopySubtractionRules{}
	at := 0
	sets := []*[]int{&r.Take, &r.Add}
	for k, part := range parts[:min(len(parts), 2)] {
		if part != "" {
			for i := 0; ; i++ {
				x, j, err := parseNumber(rule, at, maxHeapBound, "a size")
				if err != nil {
					return nil, err
				}
				if x == 0 {
					return nil, games.InputErrorf("at offset %d: a size of 0: sizes are positive", at)
				}
				*sets[k] = append(*sets[k], x)
				at = j
				if at == len(rule) || rule[at] == '/' {
					break
				}
				if rule[at] != ',' {
					return nil, games.InputErrorf("at offset %d: %q in a list of sizes: separate them with commas", at, rune(rule[at]))
				}
				at++
			}
		}
		at++ // the '/'
		slices.Sort(*sets[k])
		*sets[k] = slices.Compact(*sets[k])
	}
	if len(r.Take) == 0 {
		return nil, games.InputErrorf("rule %q takes nothing: TAKE needs a size", rule)
	}
	if len(parts) == 3 {
		var err error
		if r.Max, at, err = parseNumber(rule, at, maxHeapBound, "the bound MAX"); err != nil {
			return nil, err
		}
		if at < len(rule) {
			return nil, games.InputErrorf("at offset %d: %q after the bound MAX", at, rune(rule[at]))
		}
		if len(r.Add) == 0 {
			r.Max = 0
		}
	}
	return r, nil
}

// Name returns "loopy-subtraction:" and the rule.
func (r *loopySubtractionRules) Name() string {
	s := "loopy-subtraction:" + joinSizes(r.Take)
	if len(r.Add) > 0 {
		s += "/" + joinSizes(r.Add) + "/" + strconv.Itoa(r.Max)
	}
	return s
}

// Kind returns games.Impartial | games.Loopy.
func (r *loopySubtractionRules) Kind() games.Kind { return games.Impartial | games.Loopy }

// bound returns the largest heap a position may hold.
func (r *loopySubtractionRules) bound() int {
	if len(r.Add) == 0 {
		return maxHeapBound
	}
	return r.Max
}

// Parse returns the heaps s lists, separated by blanks or commas; each
// is at most MAX (2^20 without additions). The empty string is no heap.
func (r *loopySubtractionRules) Parse(s string) (games.Position, error) {
	if len(s) > maxNotation {
		return nil, games.InputErrorf("a position of %d bytes, more than %d", len(s), maxNotation)
	}
	var hs []int
	for i := skipSeps(s, 0); i < len(s); i = skipSeps(s, i) {
		var h int
		var err error
		if h, i, err = parseNumber(s, i, r.bound(), "a heap size"); err != nil {
			return nil, err
		}
		if i < len(s) && !isSep(s[i]) {
			return nil, games.InputErrorf("at offset %d: %q after the heap %d: separate heaps with blanks", i, rune(s[i]), h)
		}
		hs = append(hs, h)
	}
	return subtractionHeaps{r, hs}, nil
}

// subtractionHeaps is a position of loopy subtraction: a sum of heaps under one
// rule.
type subtractionHeaps struct {
	r *loopySubtractionRules
	h []int
}

// String writes the heaps separated by blanks.
func (p subtractionHeaps) String() string {
	parts := make([]string, len(p.h))
	for i, h := range p.h {
		parts[i] = strconv.Itoa(h)
	}
	return strings.Join(parts, " ")
}

// Options returns the positions after one move on one heap.
func (p subtractionHeaps) Options(games.Player) []games.Position {
	var out []games.Position
	with := func(i, h int) {
		q := slices.Clone(p.h)
		q[i] = h
		out = append(out, subtractionHeaps{p.r, q})
	}
	for i, h := range p.h {
		for _, t := range p.r.Take {
			if t <= h {
				with(i, h-t)
			}
		}
		for _, a := range p.r.Add {
			if h > 0 && a <= p.r.Max-h {
				with(i, h+a)
			}
		}
	}
	return out
}

// AppendKey appends the heaps, sorted: the key forgets their order.
func (p subtractionHeaps) AppendKey(b []byte) []byte {
	hs := slices.Sorted(slices.Values(p.h))
	for _, h := range hs {
		b = strconv.AppendInt(b, int64(h), 36)
		b = append(b, ' ')
	}
	return b
}

// Components returns the heaps one by one, or nil for at most one.
func (p subtractionHeaps) Components() []games.Position {
	if len(p.h) <= 1 {
		return nil
	}
	out := make([]games.Position, len(p.h))
	for i, h := range p.h {
		out[i] = subtractionHeaps{p.r, []int{h}}
	}
	return out
}

// Estimate returns the product over the heaps of the sizes each may
// take: MAX+1 with additions, the heap plus one without.
func (p subtractionHeaps) Estimate() float64 {
	n := 1.0
	for _, h := range p.h {
		if len(p.r.Add) > 0 && h > 0 {
			h = p.r.Max
		}
		n *= float64(h + 1)
	}
	return clampFloat(n)
}
