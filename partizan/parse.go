package partizan

import (
	"fmt"
	"strconv"
	"strings"
)

// Parse reads a game in CGSuite-style notation and returns its canonical
// form. An expression is a sum of terms joined by + (or - for adding the
// negative); a term is a run of atoms, added together, and a minus sign
// before a term negates it (-^ is v, -{1|0} is {0|-1}):
//
//	3  -2  3/4         numbers (denominators powers of 2)
//	*  *2              nimbers
//	^  v               ↑ and ↓ (so ^^* is ↑+↑+*)
//	+-1  ±1/2          switches {x | −x}
//	Tiny(2)  Miny(1/2) tiny-x = {0 || 0 | −x}, miny-x = {x | 0 || 0}
//	{0,* | {0|-1}}     a game from its options, each an expression
//	{2 || 1 | 0}       bars doubled to nest: {2 | {1 | 0}}
//
// Blanks are ignored. Errors name the byte offset of the problem.
func Parse(s string) (*Game, error) {
	return parse(s, newAdder())
}

// parse reads s, making its sums and canonical forms with a.
func parse(s string, a *adder) (*Game, error) {
	p := &parser{s: s, a: a}
	p.skip()
	if p.pos == len(p.s) {
		return nil, p.errorf("empty game")
	}
	g, err := p.expr()
	if err != nil {
		return nil, err
	}
	if p.pos != len(p.s) {
		return nil, p.errorf("unexpected %q", p.s[p.pos])
	}
	return g, nil
}

// maxDepth bounds the nesting of braces.
const maxDepth = 200

type parser struct {
	a     *adder
	s     string
	pos   int
	depth int
}

func (p *parser) errorf(format string, args ...any) error {
	return fmt.Errorf("%w at offset %d: %s", ErrSyntax, p.pos, fmt.Sprintf(format, args...))
}

func (p *parser) skip() {
	for p.pos < len(p.s) && (p.s[p.pos] == ' ' || p.s[p.pos] == '\t' || p.s[p.pos] == '\n' || p.s[p.pos] == '\r') {
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

// expr := term (('+' | '-') term)*, where "+-" starts a switch, not a
// sign.
func (p *parser) expr() (*Game, error) {
	g, err := p.term()
	if err != nil {
		return nil, err
	}
	for {
		c := p.peek()
		if c != '+' && c != '-' {
			return g, nil
		}
		if c == '+' && p.pos+1 < len(p.s) && p.s[p.pos+1] == '-' {
			// "a+-b" reads as a + (±b).
			t, err := p.term()
			if err != nil {
				return nil, err
			}
			if g, err = p.add(g, t); err != nil {
				return nil, err
			}
			continue
		}
		p.pos++
		t, err := p.term()
		if err != nil {
			return nil, err
		}
		if c == '-' {
			t = t.Neg()
		}
		if g, err = p.add(g, t); err != nil {
			return nil, err
		}
	}
}

// term := '-' term | atom+ (a run of atoms is their sum). A minus sign
// before a digit belongs to the number, so -1^ is −1 + ↑ as CGSuite
// prints it; before anything else it negates the whole term, so -^^ is
// ↓↓ and -{1|0} is {0|−1}.
func (p *parser) term() (*Game, error) {
	if p.peek() == '-' && !p.digitAfterMinus() {
		p.pos++
		if p.depth++; p.depth > maxDepth {
			return nil, p.errorf("signs nested more than %d deep", maxDepth)
		}
		defer func() { p.depth-- }()
		g, err := p.term()
		if err != nil {
			return nil, err
		}
		return g.Neg(), nil
	}
	var g *Game
	for {
		a, ok, err := p.atom(g == nil)
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		if g == nil {
			g = a
		} else if g, err = p.add(g, a); err != nil {
			return nil, err
		}
	}
	if g == nil {
		if p.pos == len(p.s) {
			return nil, p.errorf("input ends where a game is expected")
		}
		return nil, p.errorf("unexpected %q where a game is expected", p.s[p.pos])
	}
	return g, nil
}

// digitAfterMinus reports whether the minus sign at the current offset
// is followed, after blanks, by a digit.
func (p *parser) digitAfterMinus() bool {
	i := p.pos + 1
	for i < len(p.s) && (p.s[i] == ' ' || p.s[i] == '\t' || p.s[i] == '\n' || p.s[i] == '\r') {
		i++
	}
	return i < len(p.s) && p.s[i] >= '0' && p.s[i] <= '9'
}

// atom reads one atom, reporting false (and consuming nothing) when the
// next byte cannot start one. A leading minus sign is allowed only at the
// start of a term.
func (p *parser) atom(first bool) (*Game, bool, error) {
	c := p.peek()
	switch {
	case c == '{':
		g, err := p.braces()
		return g, err == nil, err
	case c == '*':
		p.pos++
		start := p.pos
		for p.pos < len(p.s) && p.s[p.pos] >= '0' && p.s[p.pos] <= '9' {
			p.pos++
		}
		n := 1
		if p.pos > start {
			v, err := strconv.Atoi(p.s[start:p.pos])
			if err != nil || v > MaxNimber {
				p.pos = start
				return nil, false, p.errorf("nimber *%s is above *%d", p.s[start:min(len(p.s), start+20)], MaxNimber)
			}
			n = v
		}
		return Nimber(n), true, nil
	case c == '^':
		p.pos++
		return Up, true, nil
	case c == 'T' || c == 't' || c == 'M' || c == 'm':
		g, err := p.tiny()
		return g, err == nil, err
	case c == 'v':
		p.pos++
		return Down, true, nil
	case c == '+' && p.pos+1 < len(p.s) && p.s[p.pos+1] == '-',
		c == 0xc2 && p.pos+1 < len(p.s) && p.s[p.pos+1] == 0xb1: // ±
		p.pos += 2
		at := p.pos
		x, err := p.number(false)
		if err != nil {
			return nil, false, err
		}
		if x.Sign() < 0 {
			p.pos = at
			return nil, false, p.errorf("a switch ±x needs x ≥ 0")
		}
		g := Number(x)
		s, err := p.a.c.canon([]*Game{g}, []*Game{g.Neg()})
		if err != nil {
			p.pos = at
			return nil, false, p.errorf("%s", trimSyntax(err))
		}
		return s, true, nil
	case c >= '0' && c <= '9', c == '-' && first:
		x, err := p.number(true)
		if err != nil {
			return nil, false, err
		}
		return Number(x), true, nil
	}
	return nil, false, nil
}

// tiny reads Tiny(G) = {0 || 0 | −G} or Miny(G) = {G | 0 || 0}.
func (p *parser) tiny() (*Game, error) {
	at := p.pos
	word := strings.ToLower(p.s[p.pos:min(len(p.s), p.pos+5)])
	if word != "tiny(" && word != "miny(" {
		return nil, p.errorf("unknown name (Tiny(x) and Miny(x) are known)")
	}
	if p.depth++; p.depth > maxDepth {
		return nil, p.errorf("games nested more than %d deep", maxDepth)
	}
	defer func() { p.depth-- }()
	p.pos += 5
	g, err := p.expr()
	if err != nil {
		return nil, err
	}
	if p.peek() != ')' {
		return nil, p.errorf("a ) is expected to close the ( at offset %d", at+4)
	}
	p.pos++
	var inner, outer *Game
	if word == "tiny(" {
		inner, err = p.a.c.canon([]*Game{Zero}, []*Game{g.Neg()})
		if err == nil {
			outer, err = p.a.c.canon([]*Game{Zero}, []*Game{inner})
		}
	} else {
		inner, err = p.a.c.canon([]*Game{g}, []*Game{Zero})
		if err == nil {
			outer, err = p.a.c.canon([]*Game{inner}, []*Game{Zero})
		}
	}
	if err != nil {
		return nil, p.errorf("%s", trimSyntax(err))
	}
	return outer, nil
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
