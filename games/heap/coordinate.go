package heap

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/nimbers/grundy/games"
)

func init() {
	cake := func(name, summary, left, right string, twisted bool) {
		games.Register(games.Entry{
			Name:     name,
			Summary:  summary,
			Notation: cakeNotation,
			Example:  []string{name, "8x8"},
			New: func(string) (games.Ruleset, error) {
				return newCakeRules(name, left+"|"+right, twisted)
			},
		})
	}
	cake("eatcake", "Left eats a whole column of a cake, Right a whole row; what is left falls apart", "0.7", "0.7", false)
	cake("maundy-cake", "Left cuts a cake's columns into equal parts, Right its rows", "{2+}=.0", "{2+}=.0", false)
	cake("turn-and-eatcake", "as eatcake, with the pieces turned a quarter after each move", "0.7", "0.7", true)
	games.Register(games.Entry{
		Name:     "gen-cutcake",
		Param:    "LEFT|RIGHT[|twisted]",
		Summary:  "cakes cut by codes, as CGSuite's GenCutcake: Left splits the columns by her take-and-break code, Right the rows by his; twisted turns the pieces",
		Notation: cakeNotation,
		Example:  []string{"gen-cutcake:4.0|4.0", "8x8"},
		New: func(param string) (games.Ruleset, error) {
			spec, twisted := strings.CutSuffix(param, "|twisted")
			return newCakeRules("gen-cutcake:"+param, spec, twisted)
		},
	})
	pair := func(name string, kind games.Kind, summary, example string, rules func(p, q int, who games.Player) [][2]int) {
		games.Register(games.Entry{
			Name:     name,
			Kind:     kind,
			Summary:  summary,
			Notation: pairNotation,
			Example:  []string{name, example},
			New: func(string) (games.Ruleset, error) {
				return &pairRules{name: name, kind: kind, rules: rules}, nil
			},
		})
	}
	pair("partizan-euclid", 0, "from (p,q) with q not dividing p, Left moves to (q, p mod q), Right to (q, q − p mod q)", "8,7", euclid)
	pair("fibonacci-nim", games.Impartial, "a heap and the tokens last taken (p,q): take 1 to 2q tokens and leave (p−j, j)", "10,3", takeAway(2, 1))
	games.Register(games.Entry{
		Name:     "take-away",
		Param:    "RATIO",
		Kind:     games.Impartial,
		Summary:  "a heap and the tokens last taken (p,q): take 1 to RATIO·q tokens and leave (p−j, j); take-away:2 is Fibonacci Nim",
		Notation: pairNotation + "; RATIO a positive whole number or fraction: 3, 3/2",
		Example:  []string{"take-away:3", "10,3"},
		New: func(param string) (games.Ruleset, error) {
			num, den, err := parseRatio(param)
			if err != nil {
				return nil, err
			}
			return &pairRules{name: "take-away:" + param, kind: games.Impartial, rules: takeAway(num, den)}, nil
		},
	})
	pair("mem", games.Impartial, "a heap and the tokens last taken (p,q): take at least q tokens and leave (p−j, j)", "10,3", mem)
}

const (
	cakeNotation = `cakes ROWSxCOLS separated by blanks, sides 0 to 4096: "8x8 2x3"`
	pairNotation = `pairs "p,q" separated by blanks: "8,7 10,3"`
)

// maxCakeSide bounds a side of a cake, and maxPair a number of a pair.
const (
	maxCakeSide = 1 << 12
	maxPair     = 1 << 16
)

// cakeRules is a cake game, as CGSuite's GenCutcake: a cake of m rows
// and n columns; Left moves in the columns as in a heap of n by her
// take-and-break code, leaving cakes of m rows, one for each heap left;
// Right in the rows by his. Twisted, Left moves in the rows and Right in
// the columns, and each piece is turned a quarter.
type cakeRules struct {
	name    string
	codes   [2]*tbCode
	twisted bool
}

func newCakeRules(name, spec string, twisted bool) (*cakeRules, error) {
	l, r, ok := strings.Cut(spec, "|")
	if !ok {
		return nil, games.InputErrorf("%s: want Left's and Right's codes separated by '|', as 4.0|4.0", name)
	}
	c := &cakeRules{name: name, twisted: twisted}
	for i, s := range []string{l, r} {
		code, err := parseTakeAndBreak(s)
		if err != nil {
			return nil, err
		}
		c.codes[i] = code
	}
	return c, nil
}

// Name returns the ruleset's name.
func (c *cakeRules) Name() string { return c.name }

// Kind returns 0: the games are partizan and short.
func (c *cakeRules) Kind() games.Kind { return 0 }

// Parse reads cakes ROWSxCOLS separated by blanks.
func (c *cakeRules) Parse(s string) (games.Position, error) {
	ps, err := parsePairs(s, 'x', maxCakeSide, "a side of a cake")
	if err != nil {
		return nil, err
	}
	return &cakes{c, ps}, nil
}

// cakes is a position of a CakeRules: its cakes as (rows, columns).
type cakes struct {
	r  *cakeRules
	cs [][2]int
}

func (p *cakes) String() string            { return writePairs(p.cs, "x") }
func (p *cakes) AppendKey(b []byte) []byte { return appendPairsKey(b, p.cs) }

func (p *cakes) Options(who games.Player) []games.Position {
	var out []games.Position
	for i, c := range p.cs {
		m, n := c[0], c[1]
		cut, keep := n, m // the heap Left moves in, and what each piece keeps
		if who == games.Right {
			cut, keep = m, n
		}
		if p.r.twisted {
			cut, keep = keep, cut
		}
		for parts := range p.r.codes[who].Moves(cut) {
			next := append(append([][2]int{}, p.cs[:i]...), p.cs[i+1:]...)
			for _, a := range parts {
				if who == games.Left {
					next = append(next, [2]int{keep, a})
				} else {
					next = append(next, [2]int{a, keep})
				}
			}
			out = append(out, &cakes{p.r, next})
		}
	}
	return out
}

// Components returns the cakes, or nil for one.
func (p *cakes) Components() []games.Position {
	if len(p.cs) <= 1 {
		return nil
	}
	out := make([]games.Position, len(p.cs))
	for i, c := range p.cs {
		out[i] = &cakes{p.r, [][2]int{c}}
	}
	return out
}

// Estimate returns, for each cake m×n, 2(m+1)(n+1), the cakes it may be
// cut into either way round, and about the moves from them: for each
// width up to the larger side, both codes' moves in heaps up to it (a code
// that leaves many heaps makes listing them astronomical).
func (p *cakes) Estimate() float64 {
	e := 0.0
	for _, c := range p.cs {
		m, n := c[0], c[1]
		side := max(m, n)
		moves := p.r.codes[0].work(1, side+1, maxReach) + p.r.codes[1].work(1, side+1, maxReach)
		e += 2*float64(m+1)*float64(n+1) + float64(side+1)*moves
	}
	return e
}

// pairRules is a game played on pairs of numbers (p, q), as CGSuite's
// coordinate rulesets: Partizan Euclid, and heaps with a memory of the
// last move (Fibonacci Nim, Mem).
type pairRules struct {
	name  string
	kind  games.Kind
	rules func(p, q int, who games.Player) [][2]int
}

// Name returns the ruleset's name.
func (r *pairRules) Name() string { return r.name }

// Kind returns games.Impartial for the memory games, 0 for Euclid.
func (r *pairRules) Kind() games.Kind { return r.kind }

// Parse reads pairs "p,q" separated by blanks.
func (r *pairRules) Parse(s string) (games.Position, error) {
	ps, err := parsePairs(s, ',', maxPair, "a number")
	if err != nil {
		return nil, err
	}
	return &pairs{r, ps}, nil
}

// pairs is a position of a PairRules.
type pairs struct {
	r  *pairRules
	ps [][2]int
}

func (p *pairs) String() string            { return writePairs(p.ps, ",") }
func (p *pairs) AppendKey(b []byte) []byte { return appendPairsKey(b, p.ps) }

func (p *pairs) Options(who games.Player) []games.Position {
	var out []games.Position
	for i, c := range p.ps {
		for _, o := range p.r.rules(c[0], c[1], who) {
			next := append(append([][2]int{}, p.ps[:i]...), p.ps[i+1:]...)
			out = append(out, &pairs{p.r, append(next, o)})
		}
	}
	return out
}

// Components returns the pairs, or nil for one.
func (p *pairs) Components() []games.Position {
	if len(p.ps) <= 1 {
		return nil
	}
	out := make([]games.Position, len(p.ps))
	for i, c := range p.ps {
		out[i] = &pairs{p.r, [][2]int{c}}
	}
	return out
}

// Estimate returns, for each pair, (p+1)(q+1) + p²: the pairs its play
// may reach.
func (p *pairs) Estimate() float64 {
	e := 0.0
	for _, c := range p.ps {
		x, y := float64(c[0]), float64(c[1])
		e += (x+1)*(y+1) + x*x
	}
	return e
}

// euclid is Partizan Euclid (Nowakowski and McKay; CGSuite's tutorial).
func euclid(p, q int, who games.Player) [][2]int {
	if q == 0 || p%q == 0 {
		return nil
	}
	if who == games.Left {
		return [][2]int{{q, p % q}}
	}
	return [][2]int{{q, q - p%q}}
}

// takeAway returns the memory game where j tokens may be taken when
// j ≤ num/den times the last move q (CGSuite's TakeAway; Fibonacci Nim
// is 2).
func takeAway(num, den int) func(p, q int, who games.Player) [][2]int {
	return func(p, q int, _ games.Player) [][2]int {
		var out [][2]int
		for j := 1; j <= p && j*den <= q*num; j++ {
			out = append(out, [2]int{p - j, j})
		}
		return out
	}
}

// mem is Mem: at least as many tokens as the last move took.
func mem(p, q int, _ games.Player) [][2]int {
	var out [][2]int
	for j := max(q, 1); j <= p; j++ {
		out = append(out, [2]int{p - j, j})
	}
	return out
}

// parsePairs reads pairs of numbers joined by sep ("8x8", "8,7"),
// separated by blanks, each number at most most.
func parsePairs(s string, sep byte, most int, what string) ([][2]int, error) {
	if len(s) > maxNotation {
		return nil, games.InputErrorf("a position of %d bytes: at most %d", len(s), maxNotation)
	}
	var out [][2]int
	for i := 0; i < len(s); {
		if s[i] == ' ' || s[i] == '\t' || s[i] == '+' {
			i++
			continue
		}
		var pr [2]int
		for k := range 2 {
			if k == 1 {
				if i == len(s) || s[i] != sep {
					return nil, games.InputErrorf("at offset %d: want %q between the two numbers of a pair, as 8%c7", i, sep, sep)
				}
				i++
			}
			start := i
			for i < len(s) && s[i] >= '0' && s[i] <= '9' {
				i++
			}
			n, err := strconv.Atoi(s[start:i])
			switch {
			case start == i:
				return nil, games.InputErrorf("at offset %d: want a number", start)
			case err != nil || n > most:
				return nil, games.InputErrorf("at offset %d: %s %s is more than %d", start, what, s[start:i], most)
			}
			pr[k] = n
		}
		out = append(out, pr)
	}
	if len(out) == 0 {
		return nil, games.InputErrorf("no position: write pairs such as 8%c7", sep)
	}
	return out, nil
}

// writePairs writes the pairs joined by sep, separated by spaces.
func writePairs(ps [][2]int, sep string) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = strconv.Itoa(p[0]) + sep + strconv.Itoa(p[1])
	}
	return strings.Join(parts, " ")
}

// appendPairsKey appends the pairs, sorted.
func appendPairsKey(b []byte, ps [][2]int) []byte {
	if len(ps) > 1 {
		sorted := append([][2]int(nil), ps...)
		slices.SortFunc(sorted, func(x, y [2]int) int { return cmp.Or(x[0]-y[0], x[1]-y[1]) })
		ps = sorted
	}
	for _, p := range ps {
		b = strconv.AppendInt(b, int64(p[0]), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(p[1]), 10)
		b = append(b, ' ')
	}
	return b
}

// parseRatio reads a positive ratio "a" or "a/b", each at most maxPair.
func parseRatio(s string) (int, int, error) {
	a, b, frac := strings.Cut(s, "/")
	if !frac {
		b = "1"
	}
	num, err1 := strconv.Atoi(a)
	den, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || num < 1 || den < 1 || num > maxPair || den > maxPair {
		return 0, 0, games.InputErrorf("take-away: %q is not a positive ratio such as 2 or 3/2", s)
	}
	return num, den, nil
}
