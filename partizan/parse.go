package partizan

import (
	"fmt"
	"strconv"
)

// Parse reads a game in CGSuite-style notation and returns its canonical
// form. An expression is a sum of terms joined by + (or - for adding the
// negative); a term is a run of atoms, added together:
//
//	3  -2  3/4         numbers (denominators powers of 2)
//	*  *2              nimbers
//	^  v               ↑ and ↓ (so ^^* is ↑+↑+*)
//	+-1  ±1/2          switches {x | −x}
//	{0,* | {0|-1}}     a game from its options, each an expression
//
// Blanks are ignored. Errors name the byte offset of the problem.
func Parse(s string) (*Game, error) {
	p := &parser{s: s}
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
			g = Add(g, t)
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
		g = Add(g, t)
	}
}

// term := atom+ (a run of atoms is their sum).
func (p *parser) term() (*Game, error) {
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
		} else {
			g = Add(g, a)
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
			if err != nil || v > 64 {
				p.pos = start
				return nil, false, p.errorf("nimber *%s is above *64", p.s[start:min(len(p.s), start+20)])
			}
			n = v
		}
		return Nimber(n), true, nil
	case c == '^':
		p.pos++
		return Up, true, nil
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
		g, err := p.numberGame(x, at)
		if err != nil {
			return nil, false, err
		}
		return New([]*Game{g}, []*Game{g.Neg()}), true, nil
	case c >= '0' && c <= '9', c == '-' && first:
		at := p.pos
		x, err := p.number(true)
		if err != nil {
			return nil, false, err
		}
		g, err := p.numberGame(x, at)
		return g, err == nil, err
	}
	return nil, false, nil
}

// numberGame returns the game of the number read at offset at.
func (p *parser) numberGame(x Dyadic, at int) (*Game, error) {
	g, err := Number(x)
	if err != nil {
		p.pos = at
		return nil, p.errorf("%s", trimSyntax(err))
	}
	return g, nil
}

// number reads an integer or a fraction n/d, with a leading minus sign
// when signed.
func (p *parser) number(signed bool) (Dyadic, error) {
	p.skip()
	start := p.pos
	if signed && p.pos < len(p.s) && p.s[p.pos] == '-' {
		p.pos++
	}
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
	return x, nil
}

func trimSyntax(err error) string {
	s := err.Error()
	for _, pre := range []string{ErrSyntax.Error() + ": ", ErrRange.Error() + ": "} {
		if len(s) > len(pre) && s[:len(pre)] == pre {
			return s[len(pre):]
		}
	}
	return s
}

// braces reads {L1, L2, … | R1, …}.
func (p *parser) braces() (*Game, error) {
	open := p.pos
	p.pos++ // '{'
	if p.depth++; p.depth > maxDepth {
		return nil, p.errorf("braces nested more than %d deep", maxDepth)
	}
	defer func() { p.depth-- }()
	var sides [2][]*Game
	side := 0
	for {
		switch p.peek() {
		case 0:
			p.pos = open
			return nil, p.errorf("unbalanced: this { is never closed")
		case '|':
			if side == 1 {
				return nil, p.errorf("a second | in one pair of braces")
			}
			p.pos++
			side = 1
			continue
		case '}':
			if side == 0 {
				return nil, p.errorf("} before the | of its braces")
			}
			p.pos++
			return New(sides[0], sides[1]), nil
		case ',':
			return nil, p.errorf("a comma with no option before it")
		}
		g, err := p.expr()
		if err != nil {
			return nil, err
		}
		sides[side] = append(sides[side], g)
		if p.peek() == ',' {
			p.pos++
			if c := p.peek(); c == '|' || c == '}' {
				return nil, p.errorf("a comma with no option after it")
			}
		}
	}
}
