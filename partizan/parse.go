package partizan

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Parse reads a game in CGSuite's notation for short games and returns
// its canonical form, within k's limit. An expression is a sum of terms
// joined by + (or - for adding the negative); a term is a run of atoms
// written together, added, and a minus sign before a term negates it (-^ is v, -{1|0} is
// {0|-1}):
//
//	3  -2  3/4           numbers (denominators powers of 2)
//	*  *2                nimbers
//	^  v  ^^  ^3  v9     ↑, ↓ and their multiples (^19*3 is 19·↑ + *3);
//	↑  ↓  ⇑  ⇓  ±        the symbols for ^ v ^^ vv +-
//	^<2>  v<3>           ↑², ↓³: the powers of ↑ (CGSuite's ^.Pow(n))
//	^[2]  v[3]           ↑ + ↑² and −(↑ + ↑² + ↑³) (CGSuite's ^.PowTo(n))
//	+-1  +-{2|1}  ±1/2   switches ±G = {G | −G}
//	+-{1,1*}  +-(1,1*)   {1, 1* | −1, −1*}
//	Tiny(2)  Miny({2|1}) tiny-G = {0 || 0 | −G}, miny-G = {G | 0 || 0}
//	2.Tiny  {2|1}.Miny   the same, written after the game
//	4 * G  4*{1|0}       integer multiples: G + G + G + G
//	{0,* | {0|-1}}       a game from its options, each an expression
//	{2 || 1 | 0}         bars doubled to nest: {2 | {1 | 0}}
//	(G)                  grouping
//
// A number can only begin a term: "3 2" and "* 3" are errors, not sums,
// and "3*2" is 3 + *2 as CGSuite prints it (a product needs a blank or a
// brace after the *); a * that reads as a product after anything but an
// integer ("^ * ^", "1/2 * G") and CGSuite's *(n) are errors, never sums.
// Blanks are ignored elsewhere. Errors name the byte
// offset of the problem.
func (k *Calculator) Parse(ctx context.Context, s string) (*Game, error) {
	return k.run(ctx, "the game", func() (*Game, error) { return parse(s, k.a) })
}

// parse reads s, making its sums and canonical forms with a.
func parse(s string, a *adder) (*Game, error) {
	return parseWith(&parser{s: s, a: a})
}

// parseWith reads p.s from its start.
func parseWith(p *parser) (*Game, error) {
	p.skip()
	if p.pos == len(p.s) {
		return nil, p.errorf("empty game")
	}
	g, err := p.expr()
	if err != nil {
		return nil, err
	}
	if p.pos != len(p.s) {
		return nil, p.errorf("unexpected %s", p.char())
	}
	return g, nil
}

// maxDepth bounds the nesting of braces, parentheses and signs.
const maxDepth = 200

// maxUpPower bounds n in ^<n>, ^[n] and their downs.
const maxUpPower = 1 << 10

type parser struct {
	a     *adder
	s     string
	pos   int
	depth int
	// rat, when not nil, collects the parts of the rationals that are
	// not dyadic written as terms of the whole sum (see Calculator.ParseRational);
	// termNeg says the term being read is subtracted.
	rat     *big.Rat
	termNeg bool
}

func (p *parser) errorf(format string, args ...any) error {
	return fmt.Errorf("%w at offset %d: %s", ErrSyntax, p.pos, fmt.Sprintf(format, args...))
}

// char quotes the character at the parser's place: the whole of it, or
// its byte when the text is not UTF-8 there.
func (p *parser) char() string {
	r, size := utf8.DecodeRuneInString(p.s[p.pos:])
	if r == utf8.RuneError && size == 1 {
		return fmt.Sprintf("byte %#x", p.s[p.pos])
	}
	return fmt.Sprintf("%q", r)
}

// errorAt is errorf at offset at.
func (p *parser) errorAt(at int, format string, args ...any) error {
	keep := p.pos
	p.pos = at
	err := p.errorf(format, args...)
	p.pos = keep
	return err
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func (p *parser) skip() {
	for p.pos < len(p.s) && isBlank(p.s[p.pos]) {
		p.pos++
	}
}

func (p *parser) peek() byte {
	p.skip()
	if p.pos < len(p.s) {
		return p.s[p.pos]
	}
	return 0
}

// at reports whether s begins at the current offset (blanks skipped).
func (p *parser) at(s string) bool {
	p.skip()
	return strings.HasPrefix(p.s[p.pos:], s)
}

// enter counts one level of nesting, failing past maxDepth; leave undoes
// it.
func (p *parser) enter(what string) error {
	if p.depth++; p.depth > maxDepth {
		return p.errorf("%s nested more than %d deep", what, maxDepth)
	}
	return nil
}

func (p *parser) leave() { p.depth-- }

// expr := term (('+' | '-') term)*, where "+-" starts a switch, not a
// sign.
func (p *parser) expr() (*Game, error) {
	p.termNeg = false
	g, err := p.term()
	if err != nil {
		return nil, err
	}
	for {
		c := p.peek()
		if c != '+' && c != '-' && !p.at("±") {
			return g, nil
		}
		neg := false
		if !p.at("+-") && !p.at("±") {
			// "a+-b" and "a±b" read as a + (±b); otherwise the sign.
			p.pos++
			neg = c == '-'
		}
		p.termNeg = neg
		t, err := p.term()
		if err != nil {
			return nil, err
		}
		if neg {
			t = t.Neg()
		}
		if g, err = p.add(g, t); err != nil {
			return nil, err
		}
	}
}

// term := '-' term | factor+ (a run of factors is their sum). A minus
// sign before a digit belongs to the number, so -1^ is −1 + ↑ as CGSuite
// prints it; before anything else it negates the whole term, so -^^ is
// ↓↓ and -{1|0} is {0|−1}.
func (p *parser) term() (*Game, error) {
	if p.peek() == '-' && !p.digitAfterMinus() {
		p.pos++
		if err := p.enter("signs"); err != nil {
			return nil, err
		}
		defer p.leave()
		g, err := p.term()
		if err != nil {
			return nil, err
		}
		return g.Neg(), nil
	}
	var g *Game
	for {
		at := p.pos
		f, ok, err := p.factor(g == nil)
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		if g == nil {
			g = f
		} else if g, err = p.add(g, f); err != nil {
			return nil, p.errorAt(at, "%s", trimSyntax(err))
		}
	}
	if g == nil {
		if p.pos == len(p.s) {
			return nil, p.errorf("input ends where a game is expected")
		}
		return nil, p.errorf("unexpected %s where a game is expected", p.char())
	}
	return g, nil
}

// digitAfterMinus reports whether the minus sign at the current offset
// is followed, after blanks, by a digit.
func (p *parser) digitAfterMinus() bool {
	i := p.pos + 1
	for i < len(p.s) && isBlank(p.s[i]) {
		i++
	}
	return i < len(p.s) && isDigit(p.s[i])
}

// factor := number ['*' factor] | atom, then any postfix .Tiny or .Miny.
// It reports false (consuming nothing) when the next byte cannot start
// one. A number may only begin a term (first); after an integer, a * is
// a product when a brace or parenthesis follows it, or a blank and then
// a game.
func (p *parser) factor(first bool) (*Game, bool, error) {
	c := p.peek()
	var g *Game
	switch {
	case isDigit(c) || c == '-' && first:
		if !first {
			return nil, false, p.errorf("a number can only begin a term: write + between the games")
		}
		x, err := p.number(true)
		if err != nil {
			return nil, false, err
		}
		g = Number(x)
		if p.productAhead() && !x.IsInt() {
			return nil, false, p.errorf("only an integer can multiply a game (n * G)")
		}
		if p.product() {
			if err := p.enter("products"); err != nil {
				return nil, false, err
			}
			defer p.leave()
			at := p.pos
			h, ok, err := p.factor(true)
			if err != nil {
				return nil, false, err
			}
			if !ok {
				return nil, false, p.errorf("a game is expected after *")
			}
			if g, err = p.a.times(x, h); err != nil {
				return nil, false, p.errorAt(at, "%s", trimSyntax(err))
			}
			return g, true, nil
		}
	default:
		var ok bool
		var err error
		if g, ok, err = p.atom(); !ok || err != nil {
			return nil, ok, err
		}
	}
	for p.at(".") {
		at := p.pos
		word := p.s[p.pos+1 : min(len(p.s), p.pos+5)]
		switch word {
		case "Tiny", "tiny", "Miny", "miny":
		default:
			return nil, false, p.errorf("unknown postfix (.Tiny and .Miny are known)")
		}
		p.pos += 5
		var err error
		if g, err = p.tinyOf(strings.ToLower(word) == "tiny", g); err != nil {
			return nil, false, p.errorAt(at, "%s", trimSyntax(err))
		}
	}
	return g, true, nil
}

// product reports whether a * at the current offset multiplies the
// integer before it, and if so consumes it (see productAhead).
func (p *parser) product() bool {
	at, ok := p.productAt()
	if ok {
		p.pos = at
	}
	return ok
}

// productAhead reports whether a * at the current offset reads as a
// product: followed by a brace or parenthesis, or by blanks and then the
// start of a game. A * followed at once by a digit is a nimber (3*2 is
// 3 + *2), and one that ends the term is a star (1 * is 1*).
func (p *parser) productAhead() bool {
	_, ok := p.productAt()
	return ok
}

// productAt returns the offset of the game after a product's *.
func (p *parser) productAt() (int, bool) {
	if p.peek() != '*' {
		return 0, false
	}
	i := p.pos + 1
	if i < len(p.s) && (p.s[i] == '{' || p.s[i] == '(') {
		return i, true
	}
	if i == len(p.s) || !isBlank(p.s[i]) {
		return 0, false
	}
	for i < len(p.s) && isBlank(p.s[i]) {
		i++
	}
	rest := p.s[i:]
	if rest == "" || strings.IndexByte("0123456789{(^v*-TtMm\xc2\xe2", rest[0]) < 0 && !strings.HasPrefix(rest, "+-") {
		return 0, false
	}
	return i, true
}

// atom reads one atom other than a number, reporting false (and
// consuming nothing) when the next byte cannot start one.
func (p *parser) atom() (*Game, bool, error) {
	c := p.peek()
	switch {
	case c == '{':
		g, err := p.braces()
		return g, err == nil, err
	case c == '(':
		open := p.pos
		p.pos++
		if err := p.enter("parentheses"); err != nil {
			return nil, false, err
		}
		defer p.leave()
		g, err := p.expr()
		if err != nil {
			return nil, false, err
		}
		if p.peek() != ')' {
			return nil, false, p.errorf("a ) is expected to close the ( at offset %d", open)
		}
		p.pos++
		return g, true, nil
	case c == '*' && p.productAhead():
		// G * H for a G that is not an integer, or * (3+5), CGSuite's
		// nimber of a number: neither is read as a sum.
		if p.pos+1 < len(p.s) && p.s[p.pos+1] == '(' {
			return nil, false, p.errorf("*(n) is not read: write the nimber *n")
		}
		return nil, false, p.errorf("only an integer can multiply a game (n * G)")
	case c == '*':
		p.pos++
		n := 1
		if p.pos < len(p.s) && isDigit(p.s[p.pos]) {
			v, err := p.count("nimber", MaxNimber)
			if err != nil {
				return nil, false, err
			}
			n = v
		}
		return Nimber(n), true, nil
	case c == '^' || c == 'v' || p.at("↑") || p.at("↓") || p.at("⇑") || p.at("⇓"):
		g, err := p.ups()
		return g, err == nil, err
	case c == 'T' || c == 't' || c == 'M' || c == 'm':
		g, err := p.tiny()
		return g, err == nil, err
	case p.at("+-") || p.at("±"):
		g, err := p.plusMinus()
		return g, err == nil, err
	}
	return nil, false, nil
}

// count reads a decimal count at the current offset, at most limit.
func (p *parser) count(what string, limit int) (int, error) {
	start := p.pos
	for p.pos < len(p.s) && isDigit(p.s[p.pos]) {
		p.pos++
	}
	v, err := strconv.Atoi(p.s[start:p.pos])
	if err != nil || v > limit {
		return 0, p.errorAt(start, "%s %s is above %d", what, p.s[start:min(p.pos, start+20)], limit)
	}
	return v, nil
}

// ups reads ^ or v and what follows it at once: a count (^3 is 3·↑), <n>
// (↑^n) or [n] (↑ + … + ↑^n).
func (p *parser) ups() (*Game, error) {
	down := p.s[p.pos] == 'v' || p.at("↓") || p.at("⇓")
	if p.at("⇑") || p.at("⇓") {
		p.pos += len("⇑")
		g := mustAdd(upGame, upGame)
		if down {
			g = g.Neg()
		}
		return g, nil
	}
	if p.at("↑") || p.at("↓") {
		p.pos += len("↑")
	} else {
		p.pos++
	}
	var g *Game
	switch {
	case p.pos < len(p.s) && isDigit(p.s[p.pos]):
		at := p.pos
		k, err := p.count("a multiple of ↑", math.MaxInt32)
		if err != nil {
			return nil, err
		}
		if g, err = p.a.upMultiple(k); err != nil {
			return nil, p.errorAt(at, "%s", trimSyntax(err))
		}
	case p.pos < len(p.s) && (p.s[p.pos] == '<' || p.s[p.pos] == '['):
		open := p.s[p.pos]
		closer := byte('>')
		if open == '[' {
			closer = ']'
		}
		p.pos++
		if p.pos == len(p.s) || !isDigit(p.s[p.pos]) {
			return nil, p.errorf("a count is expected after %c", open)
		}
		n, err := p.count("the power of ↑", maxUpPower)
		if err != nil {
			return nil, err
		}
		if n == 0 {
			return nil, p.errorf("powers of ↑ start at 1")
		}
		if p.pos == len(p.s) || p.s[p.pos] != closer {
			return nil, p.errorf("a %c is expected", closer)
		}
		p.pos++
		if open == '<' {
			g = p.a.upPower(n)
		} else {
			g = p.a.upTo(n)
		}
	default:
		g = upGame
	}
	if down {
		g = g.Neg()
	}
	return g, nil
}

// plusMinus reads ±G after "+-" or "±": G a number, an atom, a game in
// braces, or a list of games in braces or parentheses, {G1, G2} or
// (G1, G2), for {G1, G2 | −G1, −G2}.
func (p *parser) plusMinus() (*Game, error) {
	at := p.pos
	if p.at("±") {
		p.pos += len("±")
	} else {
		p.pos += 2
	}
	if err := p.enter("switches"); err != nil {
		return nil, err
	}
	defer p.leave()
	var opts []*Game
	switch c := p.peek(); {
	case c == '(' || c == '{' && !p.bracesHaveBar():
		closer := byte(')')
		if c == '{' {
			closer = '}'
		}
		open := p.pos
		p.pos++
		for {
			g, err := p.expr()
			if err != nil {
				return nil, err
			}
			opts = append(opts, g)
			if p.peek() == ',' {
				p.pos++
				continue
			}
			if p.peek() != closer {
				return nil, p.errorf("a %c is expected to close the %c at offset %d", closer, c, open)
			}
			p.pos++
			break
		}
	case isDigit(c):
		x, err := p.number(false)
		if err != nil {
			return nil, err
		}
		opts = []*Game{Number(x)}
	default:
		g, ok, err := p.atom()
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, p.errorf("a game is expected after +-")
		}
		// +-^^ is ±⇑, as CGSuite writes it: a run of ^ (or of v) is one
		// atom after +-.
		for (c == '^' || c == 'v') && p.pos < len(p.s) && p.s[p.pos] == c {
			h, _, err := p.atom()
			if err != nil {
				return nil, err
			}
			if g, err = p.add(g, h); err != nil {
				return nil, err
			}
		}
		opts = []*Game{g}
	}
	neg := make([]*Game, len(opts))
	for i, g := range opts {
		neg[i] = g.Neg()
	}
	g, err := p.a.c.canon(opts, neg)
	if err != nil {
		return nil, p.errorAt(at, "%s", trimSyntax(err))
	}
	return g, nil
}

// bracesHaveBar reports whether the braces opening at the current offset
// hold a bar at their own level (a game) rather than only commas (a
// list).
func (p *parser) bracesHaveBar() bool {
	depth := 0
	for i := p.pos; i < len(p.s); i++ {
		switch p.s[i] {
		case '{', '(':
			depth++
		case '}', ')':
			if depth--; depth == 0 {
				return false
			}
		case '|':
			if depth == 1 {
				return true
			}
		}
	}
	return false
}

// tiny reads Tiny(G) = {0 || 0 | −G} or Miny(G) = {G | 0 || 0}.
func (p *parser) tiny() (*Game, error) {
	at := p.pos
	word := strings.ToLower(p.s[p.pos:min(len(p.s), p.pos+5)])
	if word != "tiny(" && word != "miny(" {
		return nil, p.errorf("unknown name (Tiny(G) and Miny(G) are known)")
	}
	if err := p.enter("games"); err != nil {
		return nil, err
	}
	defer p.leave()
	p.pos += 5
	g, err := p.expr()
	if err != nil {
		return nil, err
	}
	if p.peek() != ')' {
		return nil, p.errorf("a ) is expected to close the ( at offset %d", at+4)
	}
	p.pos++
	if g, err = p.tinyOf(word == "tiny(", g); err != nil {
		return nil, p.errorAt(at, "%s", trimSyntax(err))
	}
	return g, nil
}

// tinyOf returns tiny-g = {0 || 0 | −g}, or miny-g = {g | 0 || 0} when
// tiny is false.
func (p *parser) tinyOf(tiny bool, g *Game) (*Game, error) {
	if tiny {
		inner, err := p.a.c.canon([]*Game{Zero}, []*Game{g.Neg()})
		if err != nil {
			return nil, err
		}
		return p.a.c.canon([]*Game{Zero}, []*Game{inner})
	}
	inner, err := p.a.c.canon([]*Game{g}, []*Game{Zero})
	if err != nil {
		return nil, err
	}
	return p.a.c.canon([]*Game{inner}, []*Game{Zero})
}

// add returns g + h, reporting a sum out of range at the current offset.
func (p *parser) add(g, h *Game) (*Game, error) {
	s, err := p.a.add(g, h)
	if err != nil {
		return nil, p.errorf("the sum up to here: %s", trimSyntax(err))
	}
	return s, nil
}

// number reads an integer or a fraction n/d, with a leading minus sign
// when signed.
func (p *parser) number(signed bool) (Dyadic, error) {
	p.skip()
	neg := signed && p.pos < len(p.s) && p.s[p.pos] == '-'
	if neg {
		p.pos++
		p.skip()
	}
	start := p.pos
	digits := func() {
		for p.pos < len(p.s) && p.s[p.pos] >= '0' && p.s[p.pos] <= '9' {
			p.pos++
		}
	}
	d0 := p.pos
	digits()
	if p.pos == d0 {
		return Dyadic{}, p.errorf("a number is expected")
	}
	if p.pos < len(p.s) && p.s[p.pos] == '/' {
		p.pos++
		d1 := p.pos
		digits()
		if p.pos == d1 {
			return Dyadic{}, p.errorf("a denominator is expected")
		}
	}
	x, err := ParseDyadic(p.s[start:p.pos])
	if err != nil && p.rat != nil {
		if x, err = p.rational(start, neg, err); err == nil {
			return x, nil
		}
	}
	if err != nil {
		at := p.pos
		p.pos = start
		defer func() { p.pos = at }()
		return Dyadic{}, p.errorf("%s", trimSyntax(err))
	}
	if neg {
		x = x.Neg()
	}
	return x, nil
}

// trimSyntax drops the package prefix of an error, keeping "number out
// of range" for ErrRange.
func trimSyntax(err error) string {
	s := err.Error()
	if rest, ok := strings.CutPrefix(s, ErrSyntax.Error()+": "); ok {
		return rest
	}
	if rest, ok := strings.CutPrefix(s, ErrRange.Error()+": "); ok {
		return "number out of range: " + rest
	}
	return s
}

// braces reads {L1, L2, … | R1, …}, where bars may be doubled to nest:
// {a || b | c} is {a | {b | c}} and {a | b || c} is {{a | b} | c}; in
// general the run of the most bars splits the braces, and must be the
// only run of that length at its level.
func (p *parser) braces() (*Game, error) {
	open := p.pos
	p.pos++ // '{'
	if p.depth++; p.depth > maxDepth {
		return nil, p.errorf("braces nested more than %d deep", maxDepth)
	}
	defer func() { p.depth-- }()
	segs := [][]*Game{nil}
	var bars []bar
	for {
		switch p.peek() {
		case 0:
			p.pos = open
			return nil, p.errorf("unbalanced: this { is never closed")
		case '|':
			at, n := p.pos, 0
			for p.pos < len(p.s) && p.s[p.pos] == '|' {
				p.pos++
				n++
			}
			bars = append(bars, bar{n, at})
			segs = append(segs, nil)
			continue
		case '}':
			if len(bars) == 0 {
				return nil, p.errorf("} before the | of its braces")
			}
			g, err := p.nest(segs, bars)
			if err != nil {
				return nil, err
			}
			p.pos++
			return g, nil
		case ',':
			return nil, p.errorf("a comma with no option before it")
		}
		g, err := p.expr()
		if err != nil {
			return nil, err
		}
		segs[len(segs)-1] = append(segs[len(segs)-1], g)
		if p.peek() == ',' {
			p.pos++
			if c := p.peek(); c == '|' || c == '}' {
				return nil, p.errorf("a comma with no option after it")
			}
		}
	}
}

// A bar is a run of n bars at an offset.
type bar struct{ n, at int }

// nest builds the game of option lists separated by bars, splitting at
// the longest run.
func (p *parser) nest(segs [][]*Game, bars []bar) (*Game, error) {
	top := 0
	for i, b := range bars {
		if b.n > bars[top].n {
			top = i
		}
	}
	for i, b := range bars {
		if i != top && b.n == bars[top].n {
			at := p.pos
			p.pos = b.at
			err := p.errorf("ambiguous: two runs of %d bars at one level", b.n)
			p.pos = at
			return nil, err
		}
	}
	side := func(segs [][]*Game, bars []bar) ([]*Game, error) {
		if len(bars) == 0 {
			return segs[0], nil
		}
		g, err := p.nest(segs, bars)
		return []*Game{g}, err
	}
	l, err := side(segs[:top+1], bars[:top])
	if err != nil {
		return nil, err
	}
	r, err := side(segs[top+1:], bars[top+1:])
	if err != nil {
		return nil, err
	}
	g, err := p.a.c.canon(l, r)
	if err != nil {
		return nil, p.errorf("%s", trimSyntax(err))
	}
	return g, nil
}
