package heap

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/internal/listtext"
	"github.com/nimbers/grundy/internal/scan"
	"github.com/nimbers/grundy/loopy"
)

// maxLoopyHeap bounds the heaps of loopy subtraction written inline, and
// its bound MAX.
const maxLoopyHeap = 1 << 20

// maxLoopyGraph bounds the heaps and the moves of a LoopySubtraction
// graph, whose vertices are int32.
const maxLoopyGraph = 1 << 30

func init() {
	games.Register(games.Entry{
		Name:     "loopy-subtraction",
		Param:    "RULE",
		Kind:     games.Impartial | games.Loopy,
		Summary:  "take a listed number of tokens from a heap, or add one to a heap that is not empty, up to a bound; who empties the last heap wins",
		Notation: `heap sizes separated by blanks: "7 4"; RULE is TAKE/ADD/MAX, sizes separated by commas ("2,3/1/20"), or TAKE alone`,
		Example:  []string{"loopy-subtraction:2,3/1/20", "7 4"},
		New: func(p string) (games.Ruleset, error) {
			r, err := newLoopySubtractionRules(p)
			if err != nil {
				return nil, err
			}
			return r, nil
		},
	})
}

// LoopySubtraction returns the subtraction game with additions on a heap
// of at most n tokens as a game graph for loopy.Analyze, its sizes read
// from take and add, lists such as "1,2", or "-" for none: vertex h is
// the heap of h tokens, and a move removes t tokens for some t in take
// (t ≤ h) or adds a tokens to a heap that is not empty for some a in add
// (h + a ≤ n); the empty heap ends play, so who empties it wins.
// Additions let positions repeat, so a heap may be a draw. Without
// additions it is the plain subtraction game on heaps up to n. It fails,
// wrapping games.ErrInput, for a size below 1, a negative n, or a graph
// past 2^30 vertices or moves; and with a *budget.TooLargeError, before
// building anything, when analysing the game would examine more moves
// than opt's Limit (at most the heaps plus the arcs times the most moves
// from a heap plus three, as loopy.Analyze estimates) or take more bytes
// than its Memory (about 120 a heap and 24 a move); both are unbounded
// when unset.
func LoopySubtraction(take, add string, n int, opt *budget.Options) (loopy.Digraph, error) {
	var sets [2][]int
	for i, s := range []string{take, add} {
		var err error
		if sets[i], err = loopySizes(s); err != nil {
			return nil, fmt.Errorf("loopy subtraction: %w", err)
		}
	}
	d, err := loopySubtraction(sets[0], sets[1], n, opt)
	if err != nil {
		return nil, err
	}
	return d, nil
}

// loopySubtraction is LoopySubtraction of the sizes take and add.
func loopySubtraction(take, add []int, n int, opt *budget.Options) (*loopyHeaps, error) {
	if n < 0 || n >= maxLoopyGraph {
		return nil, games.InputErrorf("a heap bound of %d: want 0 to %d", n, maxLoopyGraph-1)
	}
	for _, set := range [][]int{take, add} {
		for _, s := range set {
			if s < 1 {
				return nil, games.InputErrorf("a move of %d tokens: sizes are positive", s)
			}
		}
	}
	moves := len(take) + len(add)
	what := fmt.Sprintf("the heaps up to %d", n)
	if est, limit := float64(n+1)*(1+float64(moves)*float64(moves+3)), opt.Max(math.Inf(1)); est > limit {
		return nil, &budget.TooLargeError{What: what, Unit: "moves examined", Estimate: est, Limit: limit}
	}
	if est, limit := 120*float64(n+1)+24*float64((n+1)*moves)+4<<20, opt.MaxMemory(math.Inf(1)); est > limit {
		return nil, &budget.TooLargeError{What: what, Unit: "bytes", Estimate: est, Limit: limit}
	}
	if arcs := float64(n+1) * float64(moves); arcs > maxLoopyGraph {
		return nil, games.InputErrorf("%.0f moves in all, more than %d", arcs, maxLoopyGraph)
	}
	d := &loopyHeaps{first: make([]int32, n+2)}
	for h := range n + 1 {
		for _, t := range take {
			if t <= h {
				d.out = append(d.out, int32(h-t))
			}
		}
		for _, a := range add {
			if h > 0 && a <= n-h {
				d.out = append(d.out, int32(h+a))
			}
		}
		d.first[h+1] = int32(len(d.out))
	}
	return d, nil
}

// loopyHeaps is the graph of LoopySubtraction: the heaps one move from
// heap h are out[first[h]:first[h+1]].
type loopyHeaps struct{ first, out []int32 }

func (d *loopyHeaps) Len() int          { return len(d.first) - 1 }
func (d *loopyHeaps) Out(v int) []int32 { return d.out[d.first[v]:d.first[v+1]] }

// loopySizes reads a list of positive sizes separated by commas, such as
// "1,2", or "-" for none, as LoopySubtraction takes them.
func loopySizes(s string) ([]int, error) {
	if s == "-" {
		return nil, nil
	}
	var sizes []int
	for _, f := range strings.Split(s, ",") {
		v, err := scan.Int(f)
		if err != nil || v < 1 || v > maxLoopyGraph {
			return nil, games.InputErrorf("%q is not a positive size (in %q)", f, s)
		}
		sizes = append(sizes, v)
	}
	return sizes, nil
}

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
				x, j, err := listtext.Number(rule, at, maxLoopyHeap, "a size")
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
		if r.Max, at, err = listtext.Number(rule, at, maxLoopyHeap, "the bound MAX"); err != nil {
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
	s := "loopy-subtraction:" + joinLoopySizes(r.Take)
	if len(r.Add) > 0 {
		s += "/" + joinLoopySizes(r.Add) + "/" + strconv.Itoa(r.Max)
	}
	return s
}

// Kind returns games.Impartial | games.Loopy.
func (r *loopySubtractionRules) Kind() games.Kind { return games.Impartial | games.Loopy }

// bound returns the largest heap a position may hold.
func (r *loopySubtractionRules) bound() int {
	if len(r.Add) == 0 {
		return maxLoopyHeap
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
	for i := listtext.SkipSeps(s, 0); i < len(s); i = listtext.SkipSeps(s, i) {
		var h int
		var err error
		if h, i, err = listtext.Number(s, i, r.bound(), "a heap size"); err != nil {
			return nil, err
		}
		if i < len(s) && !listtext.IsSep(s[i]) {
			return nil, games.InputErrorf("at offset %d: %q after the heap %d: separate heaps with blanks", i, rune(s[i]), h)
		}
		hs = append(hs, h)
	}
	return loopyPosition{r, hs}, nil
}

// loopyPosition is a position of loopy subtraction: a sum of heaps under one
// rule.
type loopyPosition struct {
	r *loopySubtractionRules
	h []int
}

// String writes the heaps separated by blanks.
func (p loopyPosition) String() string {
	parts := make([]string, len(p.h))
	for i, h := range p.h {
		parts[i] = strconv.Itoa(h)
	}
	return strings.Join(parts, " ")
}

// Options returns the positions after one move on one heap.
func (p loopyPosition) Options(games.Player) []games.Position {
	var out []games.Position
	with := func(i, h int) {
		q := slices.Clone(p.h)
		q[i] = h
		out = append(out, loopyPosition{p.r, q})
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
func (p loopyPosition) AppendKey(b []byte) []byte {
	hs := slices.Sorted(slices.Values(p.h))
	for _, h := range hs {
		b = strconv.AppendInt(b, int64(h), 36)
		b = append(b, ' ')
	}
	return b
}

// Components returns the heaps one by one, or nil for at most one.
func (p loopyPosition) Components() []games.Position {
	if len(p.h) <= 1 {
		return nil
	}
	out := make([]games.Position, len(p.h))
	for i, h := range p.h {
		out[i] = loopyPosition{p.r, []int{h}}
	}
	return out
}

// Estimate returns the product over the heaps of the sizes each may
// take: MAX+1 with additions, the heap plus one without.
func (p loopyPosition) Estimate() float64 {
	n := 1.0
	for _, h := range p.h {
		if len(p.r.Add) > 0 && h > 0 {
			h = p.r.Max
		}
		n *= float64(h + 1)
	}
	return min(n, math.MaxFloat64)
}

// joinLoopySizes writes sizes separated by commas.
func joinLoopySizes(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, ",")
}
