package heap

import (
	"iter"
	"math"
	"strconv"
	"strings"

	"github.com/nimbers/grundy/games"
)

func init() {
	games.Register(games.Entry{
		Name:     "spawning",
		Param:    "CODE",
		Kind:     games.Impartial,
		Summary:  "coin-turning games as CGSuite's spawning codes: a heap is a head at that position; a move turns it and some coins to its left, each a new heap",
		Notation: heapsNotation + `; CODE as CGSuite writes it: 1-3 (Mock Turtles), 1+C (Ruler), 4FS (Grunt), 1-3C(5)`,
		Example:  []string{"spawning:1-3", "10 7 3"},
		New: func(code string) (games.Ruleset, error) {
			c, err := parseSpawning(code)
			if err != nil {
				return nil, err
			}
			return &codeRuleset{name: "spawning:" + code, code: c}, nil
		},
	})
}

// A spacing is how the coins a move turns must lie.
type spacing uint8

const (
	anyPlace    spacing = iota
	consecutive         // C: next to each other
	evenSpaced          // E: equally spaced
	symmetric           // S: symmetric about their middle
)

// A spawnRule is one clause of a spawning code: turn from least to most
// coins, the rightmost a head, all within a span of window coins, placed
// as place says; with first, the leftmost is the first coin.
type spawnRule struct {
	least, most, window int
	place               spacing
	first               bool
}

// A spawning is a coin-turning game in CGSuite's spawning notation, read
// as a heap game: a heap of n is a head at position n (from 1), and a
// move turns it and leaves a heap at each other coin it turns (heads and
// tails add alike by the Sprague–Grundy theory of coin turning; Winning
// Ways, ch. 14).
type spawning struct {
	text  string
	rules []spawnRule
}

// parseSpawning reads a spawning code: clauses separated by commas, each
// a number of coins turned (3), a range (1-3) or a least number and more
// (1+), then any of C (consecutive), C(k) (all within k coins), E
// (equally spaced), S (symmetric) and F (the leftmost is the first coin).
// Mock Turtles is 1-3, Ruler 1+C, Grunt 4FS.
func parseSpawning(s string) (*spawning, error) {
	if len(s) > maxCodeText || s == "" {
		return nil, games.InputErrorf("a spawning code of %d bytes: want 1 to %d, such as 1-3", len(s), maxCodeText)
	}
	sp := &spawning{text: s}
	for _, clause := range strings.Split(strings.ToUpper(s), ",") {
		end := strings.IndexFunc(clause, func(r rune) bool { return (r < '0' || r > '9') && r != '+' && r != '-' })
		if end < 0 {
			end = len(clause)
		}
		r := spawnRule{window: math.MaxInt}
		count := clause[:end]
		var err1, err2 error
		switch lo, hi, ranged := strings.Cut(count, "-"); {
		case strings.HasSuffix(count, "+"):
			r.least, err1 = strconv.Atoi(count[:len(count)-1])
			r.most = math.MaxInt
		case ranged:
			r.least, err1 = strconv.Atoi(lo)
			r.most, err2 = strconv.Atoi(hi)
		default:
			r.least, err1 = strconv.Atoi(count)
			r.most = r.least
		}
		if err1 != nil || err2 != nil || r.least < 1 || r.most < r.least || r.least > maxPair {
			return nil, games.InputErrorf("spawning code %q: %q is not a number of coins (3), a range (1-3) or a least number and more (1+)", s, count)
		}
		for i := end; i < len(clause); i++ {
			switch clause[i] {
			case 'C':
				if i+1 < len(clause) && clause[i+1] == '(' {
					close := strings.IndexByte(clause[i:], ')')
					w, err := strconv.Atoi(clause[i+2 : i+max(close, 2)])
					if close < 0 || err != nil || w < 1 {
						return nil, games.InputErrorf("spawning code %q: C(k) wants a span k of at least 1 coin", s)
					}
					r.window = w
					i += close
				} else {
					r.place = consecutive
				}
			case 'E':
				r.place = evenSpaced
			case 'S':
				r.place = symmetric
			case 'F':
				r.first = true
			default:
				return nil, games.InputErrorf("spawning code %q: %q is not C, C(k), E, S or F", s, rune(clause[i]))
			}
		}
		r.most = min(r.most, r.window)
		if r.least <= r.most {
			sp.rules = append(sp.rules, r)
		}
	}
	return sp, nil
}

// String returns the code as it was written.
func (sp *spawning) String() string { return sp.text }

// Moves returns the moves from a heap of n, each as the heaps it leaves
// (the other coins turned), in increasing order. The slice is reused from
// one move to the next: copy it to keep it.
func (sp *spawning) Moves(n int) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		if n <= 0 {
			return
		}
		var buf []int
		for _, r := range sp.rules {
			low := max(1, n-r.window+1) // the leftmost coin a move may turn
			for c := r.least - 1; c <= min(r.most-1, n-1); c++ {
				buf = append(buf[:0], make([]int, c)...)
				if !r.spawn(buf, 0, low, n, yield) {
					return
				}
			}
		}
	}
}

// spawn yields the ways to fill hs[k:] with coins left of n, increasing,
// the first at least low, placed as r says; it returns false when yield
// stops it.
func (r spawnRule) spawn(hs []int, k, low, n int, yield func([]int) bool) bool {
	c := len(hs)
	switch {
	case c == 0:
		return r.first && n != 1 || yield(hs)
	case r.place == consecutive:
		for i := range hs {
			hs[i] = n - c + i
		}
		if hs[0] < low || r.first && hs[0] != 1 {
			return true
		}
		return yield(hs)
	case r.place == evenSpaced:
		for d := 1; n-c*d >= low; d++ {
			if r.first && n-c*d != 1 {
				continue
			}
			for i := range hs {
				hs[i] = n - (c-i)*d
			}
			if !yield(hs) {
				return false
			}
		}
		return true
	case r.place == symmetric:
		for a := low; a <= n-c; a++ {
			if r.first && a != 1 {
				break
			}
			if !r.symmetric(hs, a, n, yield) {
				return false
			}
		}
		return true
	}
	if k == c {
		if r.first && hs[0] != 1 {
			return true
		}
		return yield(hs)
	}
	for a := low; a <= n-(c-k); a++ {
		hs[k] = a
		if !r.spawn(hs, k+1, a+1, n, yield) {
			return false
		}
	}
	return true
}

// symmetric yields the moves whose coins, with n, are symmetric about
// their middle and whose leftmost coin is a: hs[i] + hs[c−i] = a + n,
// with hs[c] = n.
func (r spawnRule) symmetric(hs []int, a, n int, yield func([]int) bool) bool {
	c := len(hs)
	hs[0] = a
	if c%2 == 0 { // an odd number of coins in all: one in the middle
		if (a+n)%2 != 0 {
			return true
		}
		hs[c/2] = (a + n) / 2
	}
	return half(hs, 1, a+1, a+n, yield)
}

// half fills hs[i] for i up to (c−1)/2 increasing from low, below the
// middle sum/2, and mirrors each to hs[c−i] = sum − hs[i].
func half(hs []int, i, low, sum int, yield func([]int) bool) bool {
	c := len(hs)
	if i > (c-1)/2 {
		return yield(hs)
	}
	for b := low; 2*b < sum; b++ {
		hs[i], hs[c-i] = b, sum-b
		if !half(hs, i+1, b+1, sum, yield) {
			return false
		}
	}
	return true
}

// work returns about how many moves the heaps from lo to hi−1 have, or a
// number past limit as soon as the sum passes it.
func (sp *spawning) work(lo, hi int, limit float64) float64 {
	w := 0.0
	for n := max(lo, 1); n < hi; n++ {
		for _, r := range sp.rules {
			span := min(n-1, r.window-1) // the coins a move may turn besides n
			for c := r.least - 1; c <= min(r.most-1, span); c++ {
				switch r.place {
				case consecutive:
					w++
				case evenSpaced:
					w += float64(span)/float64(max(c, 1)) + 1
				case symmetric:
					w += float64(span) * binomial(span/2, c/2)
				default:
					w += binomial(span, c)
				}
				if w > limit {
					return w
				}
			}
		}
		w++
	}
	return w
}

// binomial returns C(n, k) as a float64.
func binomial(n, k int) float64 {
	if k < 0 || k > n {
		return 0
	}
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return math.Round(math.Exp(a - b - c))
}
