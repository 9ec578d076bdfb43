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
	"github.com/nimbers/grundy/partizan"
)

// heapsNotation is how a position of a heap game is written.
const heapsNotation = `heap sizes separated by spaces or '+': "10 7 3" (0 for no heap)`

func init() {
	heaps := heapsNotation
	games.Register(games.Entry{
		Name:     "octal",
		Param:    "CODE",
		Kind:     games.Impartial,
		Summary:  "take-and-break: digit k of the code, in binary, says into how many heaps (bit 0 none, 1 one, 2 two, 3 three) a heap may be left after k tokens are taken",
		Notation: heaps,
		Example:  []string{"octal:0.77", "10 7 3"},
		New: func(code string) (games.Ruleset, error) {
			g, err := ParseCode(code)
			if err != nil {
				return nil, err
			}
			return newHeapRules(g), nil
		},
	})
	games.Register(games.Entry{
		Name:     "subtraction",
		Param:    "SET",
		Kind:     games.Impartial,
		Summary:  "take from one heap a number of tokens in the set (1,3,4), or any number not in it (all-but:1,3)",
		Notation: heaps,
		Example:  []string{"subtraction:1,3,4", "10 7 3"},
		New: func(set string) (games.Ruleset, error) {
			g, err := ParseSubtraction(set)
			if err != nil {
				return nil, err
			}
			return newHeapRules(g), nil
		},
	})
	games.Register(games.Entry{
		Name:     "grundys-game",
		Kind:     games.Impartial,
		Summary:  "split one heap into two heaps of different sizes",
		Notation: heaps,
		Example:  []string{"grundys-game", "10 7 3"},
		New:      func(string) (games.Ruleset, error) { return newHeapRules(GrundysGame()), nil },
	})
	games.Register(games.Entry{
		Name:     "nim",
		Kind:     games.Impartial,
		Summary:  "take any positive number of tokens from one heap",
		Notation: heaps,
		Example:  []string{"nim", "10 7 3"},
		New:      func(string) (games.Ruleset, error) { return newHeapRules(Nim()), nil },
	})
	games.Register(games.Entry{
		Name:     "wythoff",
		Param:    "K",
		Optional: true,
		Kind:     games.Impartial,
		Summary:  "two heaps: take any number from one, or x and y from both with |x-y| <= K (K = 0, Wythoff's game, when left out)",
		Notation: `the two heap sizes separated by a space: "5 3"`,
		Example:  []string{"wythoff", "5 3"},
		New:      newWythoffRules,
	})
}

// heapRuleset is a heap game as a games.Ruleset: a position is a list of heaps,
// the sum of its heaps. Its positions value a heap by the game's sequence
// of values (Game.Values), which Rules computes once and keeps, extending
// it when a larger heap is asked for; a Rules is safe for concurrent use.
type heapRuleset struct {
	game    *Game
	maxHeap int

	mu   sync.Mutex
	vals []uint64 // G(0), G(1), … as far as asked
}

// maxNotation bounds the bytes of a position's notation.
const maxNotation = 1 << 16

// maxOptionWork bounds the option evaluations of one heap (Game.work):
// a larger heap is refused, as its options would not fit in memory.
const maxOptionWork = 1 << 22

// maxRulesHeap bounds a heap of every game, Nim's included: a heap of n
// tokens has up to n options.
const maxRulesHeap = 1 << 20

// newHeapRules returns g as a games.Ruleset.
func newHeapRules(g *Game) *heapRuleset {
	hi := maxRulesHeap
	if g.work(hi) > maxOptionWork {
		lo := 0 // work(lo) ≤ maxOptionWork < work(hi)
		for hi-lo > 1 {
			if mid := (lo + hi) / 2; g.work(mid) > maxOptionWork {
				hi = mid
			} else {
				lo = mid
			}
		}
		hi = lo
	}
	return &heapRuleset{game: g, maxHeap: hi}
}

// Game returns the heap game.
func (r *heapRuleset) Game() *Game { return r.game }

// Name returns "octal:CODE", "subtraction:SET", "grundys-game" or "nim".
func (r *heapRuleset) Name() string { return strings.Replace(r.game.String(), " ", ":", 1) }

// Kind returns games.Impartial.
func (r *heapRuleset) Kind() games.Kind { return games.Impartial }

// Parse reads heap sizes separated by spaces or '+' ("10 7 3", "10+7"),
// and returns them as a *Position.
func (r *heapRuleset) Parse(s string) (games.Position, error) {
	sizes, err := parseSizes(s, r.maxHeap, r.Name())
	if err != nil {
		return nil, err
	}
	return &heapPosition{r, sizes}, nil
}

// parseSizes reads numbers separated by spaces or '+', each at most max.
func parseSizes(s string, most int, game string) ([]int, error) {
	if len(s) > maxNotation {
		return nil, games.InputErrorf("a position of %d bytes: at most %d", len(s), maxNotation)
	}
	var sizes []int
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '+':
			i++
			continue
		case c < '0' || c > '9':
			return nil, games.InputErrorf("at offset %d: %q is not a digit, a space or '+'", i, rune(s[i]))
		}
		start, n := i, 0
		for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
			if n = 10*n + int(s[i]-'0'); n > most {
				for i < len(s) && s[i] >= '0' && s[i] <= '9' {
					i++
				}
				return nil, games.InputErrorf("at offset %d: heap %s is more than the %d tokens a heap of %s may have", start, s[start:i], most, game)
			}
		}
		sizes = append(sizes, n)
	}
	if len(sizes) == 0 {
		return nil, games.InputErrorf("no heaps: write heap sizes such as \"10 7 3\" (0 for none)")
	}
	return sizes, nil
}

// value returns G(n), extending the values kept when n is past them.
func (r *heapRuleset) value(ctx context.Context, n int, opt *budget.Options) (uint64, error) {
	if r.game.isNim() {
		return uint64(n), nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if n < len(r.vals) {
		return r.vals[n], nil
	}
	// Grow by half at least, so that heaps asked for one by one cost no
	// more than the longest; if that is refused, ask for n alone.
	want := min(max(n+1, len(r.vals)*3/2, 256), r.maxHeap+1)
	if err := r.extend(ctx, want, opt); err != nil {
		if want == n+1 || !isTooLarge(err) {
			return 0, err
		}
		if err := r.extend(ctx, n+1, opt); err != nil {
			return 0, err
		}
	}
	return r.vals[n], nil
}

// heapWork is the option evaluations of the heap engine a position of
// the games engine's budget is worth: at the games engine's default, the
// heap engine gets its own.
const heapWork = DefaultLimit / games.DefaultLimit

// extend computes the values up to n, keeping what it found on failure.
func (r *heapRuleset) extend(ctx context.Context, n int, opt *budget.Options) error {
	if mem, most := valuesMemory(n), opt.MaxMemory(games.DefaultMemory); mem > most {
		return &budget.TooLargeError{What: fmt.Sprintf("%d terms of %s", n, r.Name()), Unit: "bytes", Estimate: mem, Limit: most}
	}
	limit := opt.Max(games.DefaultLimit) * heapWork
	if math.IsInf(limit, 1) {
		limit = -1
	}
	v, err := r.game.extend(ctx, r.vals, n, &budget.Options{Limit: limit, Progress: progress(opt)}, nil, nil)
	if len(v) > len(r.vals) {
		r.vals = v
	}
	return err
}

// progress returns opt's Progress function, if any.
func progress(opt *budget.Options) func(done, total int) {
	if opt == nil {
		return nil
	}
	return opt.Progress
}

// isTooLarge reports whether err is a budget refusal.
func isTooLarge(err error) bool {
	_, ok := err.(*budget.TooLargeError)
	return ok
}

// A heapPosition is a position of a heap game: a list of heaps, their sum.
type heapPosition struct {
	r     heapRules
	sizes []int
}

// heapRules is what a Position needs of its ruleset: the moves from a
// heap and its value.
type heapRules interface {
	moves(n int) iter.Seq[[]int]
	value(ctx context.Context, n int, opt *budget.Options) (uint64, error)
	// reach returns about how many positions and moves a search
	// meets from a heap of n, its smaller heaps' moves counted.
	reach(n int) float64
}

func (r *heapRuleset) moves(n int) iter.Seq[[]int] { return r.game.Moves(n) }

// reach returns n+1: the heaps a search values one by one.
func (r *heapRuleset) reach(n int) float64 { return float64(n) + 1 }

// Sizes returns the sizes of the heaps.
func (p *heapPosition) Sizes() []int { return slices.Clone(p.sizes) }

// String returns the sizes separated by spaces, or "0" for no heap.
func (p *heapPosition) String() string {
	if len(p.sizes) == 0 {
		return "0"
	}
	var b []byte
	for i, n := range p.sizes {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(n), 10)
	}
	return string(b)
}

// Options returns the positions after one move in one heap: the heap
// replaced by the heaps the move leaves.
func (p *heapPosition) Options(games.Player) []games.Position {
	var out []games.Position
	for sizes := range afterMoves(p.sizes, p.r.moves) {
		out = append(out, &heapPosition{p.r, sizes})
	}
	return out
}

// afterMoves yields the heaps after each move in one heap of sizes: the
// heap replaced by the heaps the move leaves, each size's moves once.
func afterMoves(sizes []int, moves func(int) iter.Seq[[]int]) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		for i, n := range sizes {
			if n == 0 || slices.Contains(sizes[:i], n) {
				continue // each size once
			}
			for parts := range moves(n) {
				next := make([]int, 0, len(sizes)-1+len(parts))
				next = append(append(append(next, sizes[:i]...), sizes[i+1:]...), parts...)
				if !yield(next) {
					return
				}
			}
		}
	}
}

// AppendKey appends the sizes of the nonempty heaps, sorted: the value
// does not depend on their order.
func (p *heapPosition) AppendKey(b []byte) []byte {
	if len(p.sizes) == 1 {
		return strconv.AppendInt(b, int64(p.sizes[0]), 10)
	}
	sorted := slices.Sorted(slices.Values(p.sizes))
	first := true
	for _, n := range sorted {
		if n == 0 {
			continue
		}
		if !first {
			b = append(b, ' ')
		}
		first = false
		b = strconv.AppendInt(b, int64(n), 10)
	}
	return b
}

// Components returns the nonempty heaps, each a position, or nil when
// the position is one heap.
func (p *heapPosition) Components() []games.Position {
	if len(p.sizes) <= 1 {
		return nil
	}
	var out []games.Position
	for _, n := range p.sizes {
		if n > 0 {
			out = append(out, &heapPosition{p.r, []int{n}})
		}
	}
	return out
}

// Estimate returns the product of the heaps' sizes plus one: for one heap
// the heaps its play reaches, valued one by one as the engine does. (A
// game that splits heaps reaches more positions when played as a whole.)
func (p *heapPosition) Estimate() float64 {
	e := 1.0
	for _, n := range p.sizes {
		e *= p.r.reach(n)
	}
	return e
}

// Grundy returns the nim-sum of the heaps' values, from the game's
// sequence of values. opt's Limit is in positions of the games engine: the
// heap engine gets DefaultLimit/games.DefaultLimit option evaluations for
// each.
func (p *heapPosition) Grundy(ctx context.Context, opt *budget.Options) (uint64, error) {
	var v uint64
	for _, n := range slices.Sorted(slices.Values(p.sizes)) {
		x, err := p.r.value(ctx, n, opt)
		if err != nil {
			return 0, err
		}
		v ^= x
	}
	return v, nil
}

// Value returns the nimber *G of the position's Grundy value G.
func (p *heapPosition) Value(ctx context.Context, opt *budget.Options) (*partizan.Game, error) {
	v, err := p.Grundy(ctx, opt)
	if err != nil {
		return nil, err
	}
	return nimber(v)
}

// nimber returns *v. Past partizan.MaxNimber it fails with a
// *budget.TooLargeError: *v has v options, and building its canonical
// form from them takes seconds.
func nimber(v uint64) (*partizan.Game, error) {
	if v > partizan.MaxNimber {
		return nil, &budget.TooLargeError{What: fmt.Sprintf("the canonical form of *%d", v), Unit: "options", Estimate: float64(v), Limit: partizan.MaxNimber}
	}
	return partizan.Nimber(int(v)), nil
}

// wythoffRules is generalized Wythoff's game (Wythoff) as a
// games.Ruleset: a position is the two heaps.
type wythoffRules struct{ w Wythoff }

// maxWythoffHeap bounds a heap of Wythoff's game: a position has about
// the product of its heaps as options.
const maxWythoffHeap = 2048

func newWythoffRules(param string) (games.Ruleset, error) {
	if param == "" {
		return wythoffRules{}, nil
	}
	k, err := strconv.Atoi(param)
	if err != nil || k < 0 || k > MaxWythoffK {
		return nil, games.InputErrorf("wythoff: K %q is not a whole number from 0 to %d", param, MaxWythoffK)
	}
	return wythoffRules{Wythoff{K: k}}, nil
}

// Name returns "wythoff", or "wythoff:K" for K > 0.
func (r wythoffRules) Name() string {
	if r.w.K == 0 {
		return "wythoff"
	}
	return "wythoff:" + strconv.Itoa(r.w.K)
}

// Kind returns games.Impartial.
func (wythoffRules) Kind() games.Kind { return games.Impartial }

// Parse reads the two heaps, separated by a space: "5 3".
func (r wythoffRules) Parse(s string) (games.Position, error) {
	if len(s) > 64 {
		return nil, games.InputErrorf("a position of Wythoff's game of %d bytes: want two heaps, as \"5 3\"", len(s))
	}
	if strings.Contains(s, "+") {
		return nil, games.InputErrorf("at offset %d: a position of Wythoff's game is two heaps, not a sum: \"5 3\"", strings.Index(s, "+"))
	}
	sizes, err := parseSizes(s, maxWythoffHeap, r.Name())
	if err != nil {
		return nil, err
	}
	if len(sizes) != 2 {
		return nil, games.InputErrorf("%d heaps: a position of Wythoff's game is two heaps, as \"5 3\"", len(sizes))
	}
	return wythoffPosition{r.w, sizes[0], sizes[1]}, nil
}

// A wythoffPosition is the two heaps of a position of Wythoff's game.
type wythoffPosition struct {
	w    Wythoff
	X, Y int // the heaps
}

// String returns the heaps separated by a space.
func (p wythoffPosition) String() string { return strconv.Itoa(p.X) + " " + strconv.Itoa(p.Y) }

// Options returns the positions after a move.
func (p wythoffPosition) Options(games.Player) []games.Position {
	opts := p.w.Options([2]int{p.X, p.Y}, nil)
	out := make([]games.Position, len(opts))
	for i, o := range opts {
		out[i] = wythoffPosition{p.w, o[0], o[1]}
	}
	return out
}

// AppendKey appends the smaller heap and the larger: the game is the same
// with the heaps swapped.
func (p wythoffPosition) AppendKey(b []byte) []byte {
	b = strconv.AppendInt(b, int64(min(p.X, p.Y)), 10)
	b = append(b, ' ')
	return strconv.AppendInt(b, int64(max(p.X, p.Y)), 10)
}

// Estimate returns the positions below the heaps, (X+1)(Y+1).
func (p wythoffPosition) Estimate() float64 { return float64(p.X+1) * float64(p.Y+1) }

// Grundy returns 0 for a P-position (Wythoff.IsP, Beatty's theorem), and
// otherwise the Grundy value by Wythoff.Value: a search of the positions
// below the heaps, with a table keyed by the pair rather than by text.
// opt's Limit bounds the positions it stores.
func (p wythoffPosition) Grundy(ctx context.Context, opt *budget.Options) (uint64, error) {
	if p.w.isP(p.X, p.Y) {
		return 0, nil
	}
	return p.w.value(ctx, p.X, p.Y, &budget.Options{Limit: opt.Max(games.DefaultLimit)})
}

// Value returns the nimber *G of the position's Grundy value G.
func (p wythoffPosition) Value(ctx context.Context, opt *budget.Options) (*partizan.Game, error) {
	v, err := p.Grundy(ctx, opt)
	if err != nil {
		return nil, err
	}
	return nimber(v)
}
