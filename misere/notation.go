package misere

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/nimbers/grundy/budget"
)

// String returns x in CGSuite's notation for misère canonical forms,
// with Conway's subscripts written in brackets:
//
//	*[0]  *[1]  *[2]      the nim heaps 0, *1, *2
//	*[2#]                 {*2}, the game whose one option is *2
//	*[321]                {*3, *2, *1}, options listed largest first
//	*[2[2]]               *2 + *2, a game and the nim heaps added to it
//	*[(2[2]1)[-2]]        the game that plus *2 is {*2+*2, *1}
//	*[(32)1]              {{*3, *2}, *1}: options of options in parentheses
//	*[&10;]               *10: heaps of ten or more between & and ;
//
// Inside the brackets a digit d adds *d, −d takes *d away and # makes the
// game so far the only option of a new one; they apply from left to
// right. As CGSuite does, a game is written as a smaller game plus or
// minus a nim heap when that is shorter, and odd games (those with *1 as
// a part) as their even part plus 1.
//
// The text is a tree while the form is a DAG, so it can be exponentially
// longer than the form; Notation bounds it.
func (x Game) String() string {
	s, _ := x.Notation(-1)
	return s
}

// Notation returns String's text, or a *budget.TooLargeError when it
// would be longer than limit bytes (no bound when limit is negative).
func (x Game) Notation(limit int) (string, error) {
	if n := x.node(); n.phylum == NimHeap {
		return "*[" + digit(n.birth) + "]", nil
	}
	t := newTable(context.Background(), printLimit)
	p := &printer{t: t, limit: limit, memo: map[*node]string{}}
	s := p.render(t.intern(x.node()), false)
	if p.over {
		return "", &budget.TooLargeError{What: "writing the misère game", Unit: "bytes", Limit: float64(limit)}
	}
	return "*[" + s + "]", nil
}

// printLimit bounds the sums the printer tries when it looks for a
// shorter way to write a game as another plus or minus a nim heap; past
// it, games are written by their options.
const printLimit = 1 << 20

type printer struct {
	t     *table
	limit int
	over  bool
	memo  map[*node]string // nested renderings
}

// digit writes a nim heap's size as a digit or as &n;.
func digit(n int) string {
	if n < 10 {
		return strconv.Itoa(n)
	}
	return "&" + strconv.Itoa(n) + ";"
}

func (p *printer) render(x *node, nested bool) string {
	if s, ok := p.memo[x]; ok && nested {
		return s
	}
	if p.over {
		return ""
	}
	base, subs := p.term(x, nested)
	s := base
	switch {
	case len(subs) == 0:
	case strings.Trim(strings.Join(subs, ""), "#") == "":
		s += strings.Join(subs, "")
	default:
		s += "[" + strings.Join(subs, "") + "]"
	}
	if p.limit >= 0 && len(s) > p.limit {
		p.over = true
		return ""
	}
	if nested {
		p.memo[x] = s
	}
	return s
}

// term writes x as a base and the subscripts that follow it.
func (p *printer) term(x *node, nested bool) (string, []string) {
	t := p.t
	if x.phylum == NimHeap {
		return digit(x.birth), nil
	}
	odd := 0
	even, err := t.sum(x, t.nim(1))
	if err == nil && even.birth < x.birth {
		odd = 1
	}
	for i := 2 + odd; i < min(x.birth, maxNimHeap); i += 2 {
		if d := t.difference(x, i); d != nil {
			base, subs := p.term(d, true)
			return base, append(subs, digit(i))
		}
		if s, err := t.sum(x, t.nim(i)); err == nil && s.birth < x.birth {
			base, subs := p.term(s, true)
			return base, append(subs, "-"+digit(i))
		}
	}
	if odd == 1 {
		base, subs := p.term(even, true)
		return base, append(subs, "1")
	}
	if len(x.opts) == 1 {
		base, subs := p.term(x.opts[0], true)
		return base, append(subs, "#")
	}
	var b strings.Builder
	opts := x.opts
	for i := len(opts) - 1; i >= 0 && !p.over; i-- {
		b.WriteString(p.render(opts[i], true))
		if p.limit >= 0 && b.Len() > p.limit {
			p.over = true
		}
	}
	if nested {
		return "(" + b.String() + ")", nil
	}
	return b.String(), nil
}

// difference returns the game h with h + *i = x, or nil. Birthdays add,
// so h is an option of x born i days before it.
func (t *table) difference(x *node, i int) *node {
	if i == 0 {
		return x
	}
	for _, o := range x.opts {
		if o.birth != x.birth-i {
			continue
		}
		if s, err := t.sum(o, t.nim(i)); err == nil && s == x {
			return o
		}
	}
	return nil
}

// ErrSyntax is matched by the errors Parse returns for text that is not
// a misère game.
var ErrSyntax = errors.New("syntax error")

// maxNimHeap bounds the nim heaps Parse reads: *n has n options.
const maxNimHeap = 1 << 10

// maxDepth bounds the nesting of brackets, braces and parentheses.
const maxDepth = 200

// Parse reads a misère game and returns its canonical form. It reads
// CGSuite's notation, as String writes it, and also:
//
//	0  *  *3  *12         nim heaps
//	*2#  *3[2]            a nim heap with subscripts
//	{0, *, *2#}           a game from its options, each a game
//	*2 + *2 + *[2#]       sums
//
// Errors match ErrSyntax and name the byte offset of the problem, or
// are a *budget.TooLargeError, made before the sum that would pass it,
// when the sums would take more than opt's Limit steps (DefaultSumLimit
// when opt is nil or sets none). Parse stops soon after ctx is
// cancelled.
func Parse(ctx context.Context, s string, opt *budget.Options) (Game, error) {
	// The syntax of the whole text first, so that a slip at its end is
	// reported before the sums ahead of it are worked out.
	if _, err := (&reader{s: s, dry: true}).read(); err != nil {
		return Game{}, err
	}
	p := &reader{s: s, t: newTable(ctx, opt.Max(DefaultSumLimit))}
	p.t.what = "reading the misère game"
	g, err := p.read()
	if err != nil {
		return Game{}, err
	}
	return Game{g}, nil
}

type reader struct {
	s     string
	pos   int
	depth int
	t     *table
	dry   bool // reading the syntax alone: no game is built
}

// read reads the whole text as a sum of games.
func (p *reader) read() (*node, error) {
	p.skip()
	if p.pos == len(p.s) {
		return nil, p.errorf("empty game")
	}
	g, err := p.sum()
	if err != nil {
		return nil, err
	}
	if p.pos != len(p.s) {
		return nil, p.unexpected()
	}
	return g, nil
}

// dryNode stands for every game of a dry read.
var dryNode = &node{}

func (p *reader) nim(n int) *node {
	if p.dry {
		return dryNode
	}
	return p.t.nim(n)
}

func (p *reader) fromOptions(opts []*node) (*node, error) {
	if p.dry {
		return dryNode, nil
	}
	return p.t.fromOptions(opts)
}

func (p *reader) add(x, y *node) (*node, error) {
	if p.dry {
		return dryNode, nil
	}
	return p.t.plannedSum(x, y)
}

func (p *reader) errorf(format string, args ...any) error {
	return fmt.Errorf("%w at offset %d: %s", ErrSyntax, p.pos, fmt.Sprintf(format, args...))
}

// unexpected reports the character at the reader's place: the whole of
// it, or its byte when the text is not UTF-8 there.
func (p *reader) unexpected() error {
	r, size := utf8.DecodeRuneInString(p.s[p.pos:])
	if r == utf8.RuneError && size == 1 {
		return p.errorf("unexpected byte %#x", p.s[p.pos])
	}
	return p.errorf("unexpected %q", r)
}

func (p *reader) skip() {
	for p.pos < len(p.s) && (p.s[p.pos] == ' ' || p.s[p.pos] == '\t' || p.s[p.pos] == '\n' || p.s[p.pos] == '\r') {
		p.pos++
	}
}

func (p *reader) peek() byte {
	if p.pos < len(p.s) {
		return p.s[p.pos]
	}
	return 0
}

func (p *reader) enter(what string) error {
	if p.depth++; p.depth > maxDepth {
		return p.errorf("%s nested more than %d deep", what, maxDepth)
	}
	return nil
}

// sum reads games joined by +.
func (p *reader) sum() (*node, error) {
	acc, err := p.single()
	if err != nil {
		return nil, err
	}
	for p.skip(); p.peek() == '+'; p.skip() {
		p.pos++
		p.skip()
		g, err := p.single()
		if err != nil {
			return nil, err
		}
		if acc, err = p.add(acc, g); err != nil {
			return nil, err
		}
	}
	return acc, nil
}

// single reads one game of a sum.
func (p *reader) single() (*node, error) {
	switch c := p.peek(); {
	case c == '*':
		p.pos++
		if p.peek() == '[' {
			p.pos++
			if err := p.enter("brackets"); err != nil {
				return nil, err
			}
			g, err := p.list(']')
			if err != nil {
				return nil, err
			}
			p.depth--
			p.pos++
			return p.posts(g)
		}
		n := 1
		if isDigit(p.peek()) {
			var err error
			if n, err = p.number(); err != nil {
				return nil, err
			}
		}
		return p.posts(p.nim(n))
	case isDigit(c):
		n, err := p.number()
		if err != nil {
			return nil, err
		}
		return p.posts(p.nim(n))
	case c == '{':
		p.pos++
		if err := p.enter("braces"); err != nil {
			return nil, err
		}
		var opts []*node
		for p.skip(); p.peek() != '}'; p.skip() {
			if len(opts) > 0 {
				if p.peek() != ',' {
					return nil, p.errorf("want , or } between options")
				}
				p.pos++
				p.skip()
			}
			o, err := p.sum()
			if err != nil {
				return nil, err
			}
			opts = append(opts, o)
		}
		p.pos++
		p.depth--
		g, err := p.fromOptions(opts)
		if err != nil {
			return nil, err
		}
		return p.posts(g)
	case c == 0:
		return nil, p.errorf("a game is missing")
	default:
		return nil, p.unexpected()
	}
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// number reads a nim heap's size in decimal.
func (p *reader) number() (int, error) {
	start := p.pos
	for isDigit(p.peek()) {
		p.pos++
	}
	text := p.s[start:p.pos]
	n, err := strconv.Atoi(text)
	if err != nil || n > maxNimHeap {
		p.pos = start
		if text == "" {
			return 0, p.errorf("a nim heap's size is missing")
		}
		return 0, p.errorf("nim heap *%s is larger than *%d", text, maxNimHeap)
	}
	return n, nil
}

// heap reads a nim heap inside brackets: a digit or &n;.
func (p *reader) heap() (int, error) {
	c := p.peek()
	if isDigit(c) {
		p.pos++
		return int(c - '0'), nil
	}
	if c != '&' {
		return 0, p.errorf("want a digit or &n;")
	}
	p.pos++
	if !isDigit(p.peek()) {
		return 0, p.errorf("want a number after &")
	}
	n, err := p.number()
	if err != nil {
		return 0, err
	}
	if p.peek() != ';' {
		return 0, p.errorf("want ; after &%d", n)
	}
	p.pos++
	return n, nil
}

// list reads the terms inside *[…] or (…) up to end: one term is that
// game, several are the options of a game.
func (p *reader) list(end byte) (*node, error) {
	var terms []*node
	for p.skip(); p.peek() != end; p.skip() {
		if p.peek() == 0 {
			return nil, p.errorf("missing %q", end)
		}
		g, err := p.term()
		if err != nil {
			return nil, err
		}
		terms = append(terms, g)
	}
	switch len(terms) {
	case 0:
		return nil, p.errorf("nothing before %q", end)
	case 1:
		return terms[0], nil
	}
	return p.fromOptions(terms)
}

// term reads a heap or a parenthesised list and its subscripts.
func (p *reader) term() (*node, error) {
	if p.peek() == '(' {
		p.pos++
		if err := p.enter("parentheses"); err != nil {
			return nil, err
		}
		g, err := p.list(')')
		if err != nil {
			return nil, err
		}
		p.pos++
		p.depth--
		return p.posts(g)
	}
	n, err := p.heap()
	if err != nil {
		return nil, err
	}
	return p.posts(p.nim(n))
}

// posts applies the subscripts after a game: # alone or in brackets,
// and digits and −digits in brackets.
func (p *reader) posts(g *node) (*node, error) {
	for {
		switch p.peek() {
		case '#':
			p.pos++
			var err error
			if g, err = p.fromOptions([]*node{g}); err != nil {
				return nil, err
			}
		case '[':
			p.pos++
			for p.skip(); p.peek() != ']'; p.skip() {
				var err error
				if g, err = p.subscript(g); err != nil {
					return nil, err
				}
			}
			p.pos++
		default:
			return g, nil
		}
	}
}

// subscript applies one subscript inside brackets to g.
func (p *reader) subscript(g *node) (*node, error) {
	switch p.peek() {
	case 0:
		return nil, p.errorf("missing ']'")
	case '#':
		p.pos++
		return p.fromOptions([]*node{g})
	case '-':
		at := p.pos
		p.pos++
		n, err := p.heap()
		if err != nil {
			return nil, err
		}
		if p.dry {
			return dryNode, nil
		}
		d := p.t.difference(g, n)
		if d == nil {
			p.pos = at
			return nil, p.errorf("the game has no part *%d to take away", n)
		}
		return d, nil
	}
	n, err := p.heap()
	if err != nil {
		return nil, err
	}
	return p.add(g, p.nim(n))
}
