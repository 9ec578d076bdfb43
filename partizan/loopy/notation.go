package loopy

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/internal/gametext"
	"github.com/nimbers/grundy/partizan"
)

// errSyntax is returned for text that is not a loopy game in CGSuite's
// notation.
var errSyntax = errors.New("syntax error")

// maxText bounds the length of the text Parse reads.
const maxText = 1 << 16

// Parse reads a loopy game in CGSuite's notation: the short games of
// package partizan's numbers, nimbers, ups and downs (3/4, *2, ^, v*),
// on, off, over, under, upon and dud, games {L1, L2 | R1} whose options
// may be pass (the game itself: the innermost one, {0||0|0,pass} is
// {0|{0|0,pass}}) or the name of an enclosing game labelled a{…} (or
// a:{…}), ^<on> and v<on> (↑^on = {0||0|0,pass}), switches +-G and
// +-{G,H}, xTiny(G) and xMiny(G) for stoppers G, and sums and
// differences of these with + and −. For example a{0|{a|*}} and
// over = {0|pass}.
// Its sums are built as Sum builds them, within opt's limits, and it
// stops when ctx is cancelled.
func Parse(ctx context.Context, s string, opt *budget.Options) (Game, error) {
	terms, err := parseTerms(s, opt)
	switch {
	case err != nil:
		return Game{}, err
	case len(terms) == 1:
		return terms[0], nil
	}
	return Sum(ctx, terms, opt)
}

// parseTerms reads a loopy game as Parse does, but returns the terms of
// the sum the text writes at its outer level (one term when it writes
// none), negated where they are subtracted, without adding them; sums
// within brackets are built.
func parseTerms(s string, opt *budget.Options) ([]Game, error) {
	if len(s) > maxText {
		return nil, fmt.Errorf("%w: a text of %d bytes, more than %d", errSyntax, len(s), maxText)
	}
	p := &parser{s: s, labels: map[string]int{}, opt: opt}
	first, terms, err := p.sum()
	if err != nil {
		return nil, err
	}
	p.space()
	if p.i < len(p.s) {
		return nil, p.errorf("unexpected %q", p.ahead())
	}
	if terms == nil {
		terms = []Game{p.game(first)}
	}
	return terms, nil
}

type parser struct {
	s      string
	i      int
	b      builder
	open   []bool // vertices whose options are still being read
	labels map[string]int
	self   []int // the games being read, innermost last
	depth  int
	opt    *budget.Options
}

// ahead returns the text at the parser's place, up to ten characters
// whole.
func (p *parser) ahead() string {
	end := p.i
	for k := 0; k < 10 && end < len(p.s); k++ {
		_, size := utf8.DecodeRuneInString(p.s[end:])
		end += size
	}
	return p.s[p.i:end]
}

// char quotes the character at the parser's place: the whole of it, or
// its byte when the text is not UTF-8 there.
func (p *parser) char() string {
	r, size := utf8.DecodeRuneInString(p.s[p.i:])
	if r == utf8.RuneError && size == 1 {
		return fmt.Sprintf("byte %#x", p.s[p.i])
	}
	return fmt.Sprintf("%q", r)
}

func (p *parser) errorf(format string, args ...any) error {
	return fmt.Errorf("%w at offset %d: %s", errSyntax, p.i, fmt.Sprintf(format, args...))
}

func (p *parser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

func (p *parser) peek() byte {
	p.space()
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func (p *parser) vertex() int {
	p.open = append(p.open, false)
	return p.b.vertex()
}

// game returns the game at vertex v of what has been read.
func (p *parser) game(v int) Game {
	g := &graph{l: make([][]int, len(p.b.l)), r: make([][]int, len(p.b.r))}
	for u := range p.b.l {
		g.l[u] = append([]int(nil), p.b.l[u]...)
		g.r[u] = append([]int(nil), p.b.r[u]...)
	}
	return Game{g, v}.compact()
}

// closed returns the game at v, or an error when it reaches a game whose
// options are still being read: such a game cannot be added or negated.
func (p *parser) closed(v int) (Game, error) {
	if v == passMark {
		return Game{}, p.errorf("pass cannot be added or negated")
	}
	seen := map[int]bool{v: true}
	stack := []int{v}
	for len(stack) > 0 {
		u := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if p.open[u] {
			return Game{}, p.errorf("a game that refers to an enclosing game cannot be added or negated")
		}
		for _, w := range append(append([]int(nil), p.b.l[u]...), p.b.r[u]...) {
			if !seen[w] {
				seen[w] = true
				stack = append(stack, w)
			}
		}
	}
	return p.game(v), nil
}

func (p *parser) add(g Game) int {
	base := len(p.b.l)
	v := p.b.copyFrom(g)
	for range len(p.b.l) - base {
		p.open = append(p.open, false)
	}
	return v
}

func (p *parser) expr() (int, error) {
	first, terms, err := p.sum()
	if err != nil || terms == nil {
		return first, err
	}
	s, err := Sum(context.Background(), terms, p.opt)
	if err != nil {
		return 0, err
	}
	return p.add(s), nil
}

// sum reads a sum of terms: the vertex of a lone term, with no terms,
// or the terms, negated where they are subtracted.
func (p *parser) sum() (first int, terms []Game, err error) {
	neg := false
	// A leading minus belongs to the number of -1over, and negates
	// anything else.
	v, ok, err := p.sided(true)
	if err != nil {
		return 0, nil, err
	}
	switch {
	case ok:
	case p.peek() == '-' && p.i+1 < len(p.s) && p.s[p.i+1] >= '0' && p.s[p.i+1] <= '9':
		// -1^ is −1 + ↑, as package partizan reads it.
		v, ok, err = p.shortSegment()
		if err == nil && !ok {
			v, err = p.short(p.i)
		}
		if err != nil {
			return 0, nil, err
		}
	default:
		if p.peek() == '-' {
			p.i++
			neg = true
		}
		if v, err = p.term(); err != nil {
			return 0, nil, err
		}
	}
	signs := []bool{neg}
	first = v
	for {
		c := p.peek()
		if c != '+' && c != '-' {
			break
		}
		p.i++
		w, err := p.term()
		if err != nil {
			return 0, nil, err
		}
		if terms == nil {
			g, err := p.closed(first)
			if err != nil {
				return 0, nil, err
			}
			terms = append(terms, g)
		}
		g, err := p.closed(w)
		if err != nil {
			return 0, nil, err
		}
		terms = append(terms, g)
		signs = append(signs, c == '-')
	}
	if terms == nil && !neg {
		return first, nil, nil
	}
	if terms == nil {
		g, err := p.closed(first)
		if err != nil {
			return 0, nil, err
		}
		terms = []Game{g}
	}
	for i := range terms {
		if signs[i] {
			terms[i] = terms[i].Neg()
		}
	}
	return 0, terms, nil
}

func (p *parser) term() (int, error) {
	c := p.peek()
	if p.depth++; p.depth > maxDepth {
		return 0, p.errorf("games nested more than %d deep", maxDepth)
	}
	defer func() { p.depth-- }()
	if v, ok, err := p.sided(false); ok || err != nil {
		return v, err
	}
	if v, ok, err := p.shortSegment(); ok || err != nil {
		return v, err
	}
	switch {
	case c == '{':
		return p.braces("")
	case c == '(':
		p.i++
		v, err := p.expr()
		if err != nil {
			return 0, err
		}
		if p.peek() != ')' {
			return 0, p.errorf("expected )")
		}
		p.i++
		return v, nil
	case c == '+' && strings.HasPrefix(p.s[p.i:], "+-") || strings.HasPrefix(p.s[p.i:], "±"):
		return p.plusMinus()
	case isShort(c):
		v, err := p.short(p.i)
		if err != nil {
			return 0, err
		}
		// 2Tiny(over): x + tiny-G.
		if word := p.s[p.i:min(p.i+4, len(p.s))]; word == "Tiny" || word == "Miny" {
			x, ok := p.game(v).Short()
			if _, isNum := x.AsNumber(); !ok || !isNum {
				return 0, p.errorf("only a number can stand before %s", word)
			}
			p.i += 4
			return p.tinyOf(x, word == "Tiny")
		}
		return v, nil
	case unicode.IsLetter(rune(c)):
		start := p.i
		for p.i < len(p.s) && (unicode.IsLetter(rune(p.s[p.i])) || unicode.IsDigit(rune(p.s[p.i])) && p.i > start) {
			p.i++
		}
		name := p.s[start:p.i]
		if strings.Trim(strings.TrimLeft(name, "v"), "0123456789") == "" {
			return p.short(start)
		}
		if p.peek() == ':' {
			p.i++
			if p.peek() != '{' {
				return 0, p.errorf("expected { after %s:", name)
			}
			return p.braces(name)
		}
		// CGSuite 2 writes a label with no colon: a{0|a}.
		if p.peek() == '{' && !reserved[name] {
			return p.braces(name)
		}
		switch name {
		case "Tiny", "Miny":
			return p.tinyOf(partizan.Zero, name == "Tiny")
		case "on":
			return p.add(On()), nil
		case "off":
			return p.add(offGame()), nil
		case "over":
			return p.add(over()), nil
		case "under":
			return p.add(under()), nil
		case "upon":
			return p.add(upon()), nil
		case "dud":
			return p.add(dud()), nil
		case "pass":
			if len(p.self) == 0 {
				return 0, p.errorf("pass outside a game's options")
			}
			return passMark, nil
		}
		if v, ok := p.labels[name]; ok {
			return v, nil
		}
		return 0, p.errorf("unknown name %q", name)
	case c == 0:
		return 0, p.errorf("unexpected end of text")
	}
	return 0, p.errorf("unexpected %s", p.char())
}

// tinyOf reads (G) after Tiny or Miny and returns x + tiny-G =
// {x || x | x − G}, or x + miny-G = {x + G | x || x}, for a number x
// and a stopper G (Tiny(on) = {0 || 0 | off}).
func (p *parser) tinyOf(x *partizan.Game, tiny bool) (int, error) {
	if p.peek() != '(' {
		return 0, p.errorf("expected ( after Tiny or Miny")
	}
	p.i++
	w, err := p.expr()
	if err != nil {
		return 0, err
	}
	if p.peek() != ')' {
		return 0, p.errorf("expected )")
	}
	p.i++
	g, err := p.closed(w)
	if err != nil {
		return 0, err
	}
	xg, err := FromShort(x)
	if err != nil {
		return 0, err
	}
	if tiny {
		g = g.Neg()
	}
	far, err := Sum(context.Background(), []Game{xg, g}, p.opt)
	if err != nil {
		return 0, err
	}
	near, f := p.add(xg), p.add(far)
	u := p.vertex()
	v := p.vertex()
	if tiny {
		p.b.l[u], p.b.r[u] = []int{near}, []int{f}
		p.b.l[v], p.b.r[v] = []int{near}, []int{u}
	} else {
		p.b.l[u], p.b.r[u] = []int{f}, []int{near}
		p.b.l[v], p.b.r[v] = []int{u}, []int{near}
	}
	return v, nil
}

// plusMinus reads ±G after +- or ±: G a term, or a list of games in
// braces with no bar or in parentheses, +-{1,over} = {1,over | −1,under}.
func (p *parser) plusMinus() (int, error) {
	if strings.HasPrefix(p.s[p.i:], "±") {
		p.i += len("±")
	} else {
		p.i += 2
	}
	var opts []int
	c := p.peek()
	list := c == '('
	if c == '{' {
		list = true
		depth := 0
	scan:
		for e := p.i; e < len(p.s); e++ {
			switch p.s[e] {
			case '{', '(':
				depth++
			case '}', ')':
				if depth--; depth == 0 {
					break scan
				}
			case '|':
				if depth == 1 {
					list = false
					break scan
				}
			}
		}
	}
	if list {
		closer := byte(')')
		if c == '{' {
			closer = '}'
		}
		p.i++
		for {
			w, err := p.expr()
			if err != nil {
				return 0, err
			}
			opts = append(opts, w)
			if p.peek() == ',' {
				p.i++
				continue
			}
			if p.peek() != closer {
				return 0, p.errorf("expected , or %c", closer)
			}
			p.i++
			break
		}
	} else {
		w, err := p.term()
		if err != nil {
			return 0, err
		}
		opts = []int{w}
	}
	negs := make([]int, len(opts))
	for i, w := range opts {
		g, err := p.closed(w)
		if err != nil {
			return 0, err
		}
		negs[i] = p.add(g.Neg())
	}
	v := p.vertex()
	p.b.l[v], p.b.r[v] = opts, negs
	return v, nil
}

// reserved are the names of games, which cannot be labels.
var reserved = map[string]bool{"on": true, "off": true, "over": true, "under": true, "upon": true, "dud": true, "pass": true, "Tiny": true, "Miny": true}

// shortSegment reads the text from p.i to the next ',', '|', '}' or ')'
// when it names no loopy game: package partizan reads it, with all its
// notation (+-1, {2||1|0}, Tiny(2), ^<2>). It reports false otherwise.
func (p *parser) shortSegment() (int, bool, error) {
	e := p.segment()
	if e <= p.i || !isShortText(p.s[p.i:e]) {
		return 0, false, nil
	}
	seg := p.s[p.i:e]
	g, err := shortCalc().Parse(context.Background(), seg)
	if errors.Is(err, partizan.ErrSyntax) {
		return 0, false, fmt.Errorf("%w at offset %d: %q is not a short game", errSyntax, p.i, seg)
	} else if err != nil {
		return 0, false, err
	}
	x, err := FromShort(g)
	if err != nil {
		return 0, false, err
	}
	p.i = e
	return p.add(x), true, nil
}

// maxDepth bounds the nesting of games in a text.
const maxDepth = 256

// segment returns the end of the text from p.i to the first ',', '|',
// '}' or ')' outside brackets.
func (p *parser) segment() int {
	depth := 0
	for e := p.i; e < len(p.s); e++ {
		switch p.s[e] {
		case '{', '(', '[', '<':
			depth++
		case '}', ')', ']', '>':
			if depth == 0 {
				return e
			}
			depth--
		case ',', '|':
			if depth == 0 {
				return e
			}
		}
	}
	return len(p.s)
}

// isShortText reports whether a text names no loopy game: its only
// words are v, vv, … and Tiny and Miny, and it has no label.
func isShortText(s string) bool {
	if strings.Contains(s, ":") {
		return false
	}
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if w != "Tiny" && w != "Miny" && strings.Trim(w, "v") != "" {
			return false
		}
	}
	return true
}

func isShort(c byte) bool {
	return c >= '0' && c <= '9' || c == '*' || c == '^' || c == '.'
}

// short reads a short game's token from start: a number, nimber or
// multiple of up or down, as package partizan reads it.
func (p *parser) short(start int) (int, error) {
	p.i = start
	if p.i < len(p.s) && p.s[p.i] == '-' {
		p.i++
	}
	for p.i < len(p.s) && (isShort(p.s[p.i]) || p.s[p.i] == '/' || p.s[p.i] == 'v') {
		p.i++
	}
	g, err := shortCalc().Parse(context.Background(), p.s[start:p.i])
	if err != nil {
		return 0, fmt.Errorf("%w at offset %d: %q is not a short game", errSyntax, start, p.s[start:p.i])
	}
	x, err := FromShort(g)
	if err != nil {
		return 0, err
	}
	return p.add(x), nil
}

func (p *parser) braces(label string) (int, error) {
	p.i++ // {
	v := p.vertex()
	p.open[v] = true
	if label != "" {
		if _, ok := p.labels[label]; ok {
			return 0, p.errorf("the label %s is used twice", label)
		}
		p.labels[label] = v
		defer delete(p.labels, label)
	}
	p.self = append(p.self, v)
	defer func() { p.self = p.self[:len(p.self)-1] }()
	// The options come in lists separated by runs of bars.
	segs := [][]int{nil}
	var bars []int
	for {
		c := p.peek()
		switch {
		case c == '}':
			p.i++
			if len(bars) == 0 {
				return 0, p.errorf("a game needs | between its Left and Right options")
			}
			if err := p.nest(v, segs, bars); err != nil {
				return 0, err
			}
			p.open[v] = false
			return v, nil
		case c == '|':
			n := 0
			for p.i < len(p.s) && p.s[p.i] == '|' {
				n++
				p.i++
			}
			bars = append(bars, n)
			segs = append(segs, nil)
			continue
		case len(segs[len(segs)-1]) > 0:
			if c != ',' {
				return 0, p.errorf("expected , or | or }")
			}
			p.i++
		}
		w, err := p.expr()
		if err != nil {
			return 0, err
		}
		segs[len(segs)-1] = append(segs[len(segs)-1], w)
	}
}

// passMark stands for pass among the options read: it names the game
// whose options hold it, which nest decides.
const passMark = -1

// nest gives v the options of lists separated by runs of bars, as
// {2||1|0} = {2|{1|0}}: the one longest run splits Left from Right, and
// a side with bars of its own is a game of its own. Pass names the game
// whose list holds it, as in CGSuite: {0||0|0,pass} is {0|a{0|0,a}}.
func (p *parser) nest(v int, segs [][]int, bars []int) error {
	top := 0
	for i, b := range bars {
		if b > bars[top] {
			top = i
		}
	}
	for i, b := range bars {
		if i != top && b == bars[top] {
			return p.errorf("ambiguous: two runs of %d bars at one level", b)
		}
	}
	side := func(segs [][]int, bars []int) ([]int, error) {
		if len(bars) == 0 {
			opts := slices.Clone(segs[0])
			for i, o := range opts {
				if o == passMark {
					opts[i] = v
				}
			}
			return opts, nil
		}
		u := p.vertex()
		return []int{u}, p.nest(u, segs, bars)
	}
	l, err := side(segs[:top+1], bars[:top])
	if err != nil {
		return err
	}
	r, err := side(segs[top+1:], bars[top+1:])
	p.b.l[v], p.b.r[v] = l, r
	return err
}

// pseudo matches x over, x under, x^[on]*m and x v[on]*m as CGSuite
// writes them: 2over, -1/2under, ^[on], 4v[on]*. The number may have a
// sign only when signed.
var pseudo = regexp.MustCompile(`^(-?[0-9]+(?:/[0-9]+)?)?(over|under|\^\[on\]|v\[on\]|\^<on>|v<on>)(\*[0-9]*)?`)

// sided reads a pseudo-number or upon-type literal at p.i, if there is
// one.
func (p *parser) sided(signed bool) (int, bool, error) {
	p.space()
	m := pseudo.FindStringSubmatch(p.s[p.i:])
	if m == nil || !signed && strings.HasPrefix(m[1], "-") {
		return 0, false, nil
	}
	if end := p.i + len(m[0]); end < len(p.s) && (unicode.IsLetter(rune(p.s[end])) || unicode.IsDigit(rune(p.s[end]))) {
		return 0, false, nil
	}
	x := partizan.Zero
	if m[1] != "" {
		g, err := shortCalc().Parse(context.Background(), m[1])
		if err != nil {
			return 0, false, fmt.Errorf("%w at offset %d: %q is not a number", errSyntax, p.i, m[1])
		}
		x = g
	}
	star := 0
	if m[3] != "" {
		star = 1
		if len(m[3]) > 1 {
			n, err := strconv.Atoi(m[3][1:])
			if err != nil || n > partizan.MaxNimber {
				return 0, false, p.errorf("%q: a nimber too large", m[3])
			}
			star = n
		}
	}
	if (m[2] == "over" || m[2] == "under") && star != 0 {
		return 0, false, nil
	}
	p.i += len(m[0])
	if m[2] == "^<on>" || m[2] == "v<on>" {
		// x + ↑^on + *m = {x, x*, …, x*m | x v[on]*(m xor 1)}, and
		// x + ↓^on + *m = {x ^[on]*(m xor 1) | x, x*, …, x*m}.
		xs := m[1]
		if xs == "" {
			xs = "0"
		}
		var near []string
		for j := 0; j <= star; j++ {
			near = append(near, xs+starSuffix(j))
		}
		text := "{" + strings.Join(near, ",") + "|" + xs + "v[on]" + starSuffix(star^1) + "}"
		if m[2] == "v<on>" {
			text = "{" + xs + "^[on]" + starSuffix(star^1) + "|" + strings.Join(near, ",") + "}"
		}
		g, err := Parse(context.Background(), text, p.opt)
		if err != nil {
			return 0, false, err
		}
		return p.add(g), true, nil
	}
	// x*k with k = m xor 1 is the lone option of x^[on]*m on one side;
	// the other holds pass, and x too when k = 0.
	k := star ^ 1
	if m[2] == "over" || m[2] == "under" {
		k = 0
	}
	xk, err := shortCalc().Sum(context.Background(), x, partizan.Nimber(k))
	if err != nil {
		return 0, false, err
	}
	opt, err := FromShort(xk)
	if err != nil {
		return 0, false, err
	}
	u := p.add(opt)
	v := p.vertex()
	near, far := []int{v}, []int{u}
	if k == 0 && (m[2] == "^[on]" || m[2] == "v[on]") {
		near = append(near, u)
	}
	if m[2] == "over" || m[2] == "v[on]" {
		p.b.l[v], p.b.r[v] = far, near
	} else {
		p.b.l[v], p.b.r[v] = near, far
	}
	return v, true, nil
}

// String returns x in CGSuite's notation, as Text does with a limit of
// 4096 bytes.
func (x Game) String() string {
	s, _ := x.Text(4096)
	return s
}

// Text returns x in CGSuite's notation and true, or a shortened text and
// false when the notation is longer than limit bytes (a graph's text can
// be exponentially longer than the graph). It is written as CGSuite
// writes stoppers:
//
//	{5|4||3|2}  {on||0|-1/2}   a lone option's braces dropped, bars doubled
//	on off dud over under      by name
//	2over  -1/2under           x + over = {x | pass}, x + under
//	^[on]  ^[on]*  4v[on]*     x + upon + *m, x + downon + *m
//	^<on>  v<on>*              x + ↑^on + *m = {x, …, x*m | x v[on]*(m⊕1)}
//	+-over  +-(5over)          switches {G | −G}
//	Tiny(on)  2Miny(over)      x + tiny-G, x + miny-G for a stopper G ≥ over
//	a{0|{a|*}}  {pass|*2}      an enclosing game by a label, the game
//	                           itself as pass
//
// Short followers are written as package partizan writes them. Positions
// are written as they are: Sides gives a stopper's simplest form.
func (x Game) Text(limit int) (string, bool) {
	x = x.compact()
	w := &writer{g: x.graph(), label: map[int]string{}, onPath: map[int]bool{}, limit: limit}
	t := w.write(x.start, -1)
	if w.over {
		return fmt.Sprintf("<a loopy game of %d positions>", len(x.graph().l)), false
	}
	return t.s, true
}

// SidedText writes the value with the given sides as CGSuite writes a
// sided value: "onside & offside", or the one form when the sides are
// the same simplest form (a stopper). It reports false, as Text does,
// when a side is longer than limit bytes.
func SidedText(onside, offside Game, limit int) (string, bool) {
	on, ok := onside.Text(limit)
	if !ok {
		return on, false
	}
	if sameForm(onside.compact(), offside.compact()) {
		return on, true
	}
	off, ok := offside.Text(limit)
	return on + " & " + off, ok
}

type writer struct {
	depth  int // of the subscripts of Tiny and Miny being written
	refs   int // the references to enclosing games written
	g      *graph
	label  map[int]string
	onPath map[int]bool
	limit  int
	size   int
	over   bool
}

// A text is a position as written: whole, and when it is written in
// braces that a parent may drop, the options inside and the bars
// between them.
type text struct {
	s     string
	inner string
	bars  int // 0 when the braces must stay
	num   partizan.Dyadic
	isNum bool
}

func (w *writer) write(v, parent int) text {
	if w.over {
		return text{}
	}
	if v == parent {
		return text{s: "pass"}
	}
	if w.onPath[v] {
		if w.label[v] == "" {
			w.label[v] = labelName(len(w.label))
		}
		w.refs++
		return text{s: w.label[v]}
	}
	if s := w.named(v); s != "" {
		return text{s: s}
	}
	if g, ok := (Game{w.g, v}).Short(); ok {
		d, isNum := g.AsNumber()
		s := g.String()
		if inner, bars, ok := gametext.Nested(s); ok {
			return text{s: s, inner: inner, bars: bars}
		}
		return text{s: s, num: d, isNum: isNum}
	}
	if s, ok := w.switchName(v); ok {
		return text{s: s}
	}
	if s, ok := w.tinyName(v); ok {
		return text{s: s}
	}
	w.onPath[v] = true
	l, bl := w.side(w.g.l[v], v, true)
	r, br := w.side(w.g.r[v], v, false)
	w.onPath[v] = false
	bars := max(bl, br) + 1
	t := text{inner: l + strings.Repeat("|", bars) + r, bars: bars}
	t.s = "{" + t.inner + "}"
	if lab := w.label[v]; lab != "" {
		t.s, t.bars = lab+t.s, 0
	}
	if bars >= gametext.MaxBars || len(w.g.l[v]) == 0 || len(w.g.r[v]) == 0 {
		t.bars = 0 // braces kept, as CGSuite keeps them
	}
	if w.size += len(t.s); w.size > w.limit {
		w.over = true
	}
	return t
}

// maxTinyDepth bounds Tiny within Tiny: a loopy game can be the
// subscript of its own tiny.
const maxTinyDepth = 3

// nameBudget bounds the comparisons the writer makes to name a switch
// or a tiny: past it the game is written by its options.
const nameBudget = 1 << 20

// switchName writes v as CGSuite writes a switch {G | −G}: "+-over",
// "+-(5over)", "+-{1,over}".
func (w *writer) switchName(v int) (string, bool) {
	l, r := w.g.l[v], w.g.r[v]
	if len(l) == 0 || len(l) != len(r) || slices.Contains(l, v) || slices.Contains(r, v) {
		return "", false
	}
	x := Game{w.g, v}
	rel, err := Compare(context.Background(), x, x.Neg(), &budget.Options{Limit: nameBudget})
	if err != nil || rel != partizan.Equal {
		return "", false
	}
	w.onPath[v] = true
	refs := w.refs
	ts := make([]text, len(l))
	for i, o := range l {
		ts[i] = w.write(o, v)
	}
	w.onPath[v] = false
	if w.refs != refs {
		return "", false // an option refers to an enclosing game, which ± cannot negate
	}
	if len(ts) == 1 {
		s := ts[0].s
		if !compactName(s) {
			s = "(" + s + ")"
		}
		return "+-" + s, true
	}
	items := make([]gametext.Option[partizan.Dyadic], len(ts))
	for i, t := range ts {
		items[i] = gametext.Option[partizan.Dyadic]{Text: t.s, Num: t.num, IsNum: t.isNum}
	}
	return "+-{" + gametext.Join(items) + "}", true
}

// compactName reports whether a game's text needs no parentheses after
// +-: braces, a number, a nimber, or a name with no number before it and
// no star after it (over, ^[on], v3).
func compactName(s string) bool {
	if strings.HasPrefix(s, "{") || strings.HasPrefix(s, "*") {
		return true
	}
	if _, err := partizan.ParseDyadic(s); err == nil {
		return true
	}
	if strings.Contains(s, "*") || strings.Contains(s, "Tiny(") || strings.Contains(s, "Miny(") {
		return false
	}
	return !(s[0] >= '0' && s[0] <= '9' || s[0] == '-')
}

// tinyName writes v as CGSuite writes x + tiny-G = {x || x | x − G} and
// x + miny-G = {x + G | x || x}, when G ≥ over: "Tiny(on)",
// "2Miny(over)". G is written on its own, so it is named only when its
// text needs no label.
func (w *writer) tinyName(v int) (string, bool) {
	l, r := w.g.l[v], w.g.r[v]
	if len(l) != 1 || len(r) != 1 || w.depth >= maxTinyDepth {
		return "", false
	}
	word, xv, u := "Tiny", l[0], r[0]
	near, far := w.g.l[u], w.g.r[u]
	x, m, ok := w.numberStar(xv)
	if !ok || m != 0 {
		word, xv, u = "Miny", r[0], l[0]
		near, far = w.g.r[u], w.g.l[u]
		if x, m, ok = w.numberStar(xv); !ok || m != 0 {
			return "", false
		}
	}
	if u == v || len(near) != 1 || len(far) != 1 {
		return "", false
	}
	if y, m, ok := w.numberStar(near[0]); !ok || m != 0 || y.Cmp(x) != 0 {
		return "", false
	}
	// G = x − far for tiny, far − x for miny; named when G ≥ over.
	xs, err := FromShort(partizan.Number(x))
	if err != nil {
		return "", false
	}
	f := Game{w.g, far[0]}
	if word == "Tiny" {
		f = f.Neg()
	} else {
		xs = xs.Neg()
	}
	opt := &budget.Options{Limit: nameBudget}
	ctx := context.Background()
	G, err := Sum(ctx, []Game{xs, f}, opt)
	if err != nil {
		return "", false
	}
	if ok, err := leq(ctx, over(), G, opt); err != nil || !ok {
		return "", false
	}
	if G, err = simplestForm(ctx, G, opt); err != nil {
		return "", false
	}
	if _, short := G.Short(); short {
		return "", false // a short game: written by its options, as package partizan does
	}
	sub := &writer{depth: w.depth + 1, g: G.compact().graph(), label: map[int]string{}, onPath: map[int]bool{}, limit: w.limit}
	t := sub.write(G.compact().start, -1)
	if sub.over || len(sub.label) > 0 {
		return "", false
	}
	return prefix(x) + word + "(" + t.s + ")", true
}

// side writes the options of v on its Left side or its Right, and the
// bars of a lone option whose braces are dropped (0 otherwise): numbers
// first, in increasing order, then the others by their text. The
// braces stay where the option's bars would run into v's: a Left
// option with no Right options of its own, or a Right option with no
// Left options.
func (w *writer) side(opts []int, v int, left bool) (string, int) {
	ts := make([]text, len(opts))
	for i, o := range opts {
		ts[i] = w.write(o, v)
	}
	if len(ts) == 1 && ts[0].bars > 0 {
		in := ts[0].inner
		if left && !strings.HasSuffix(in, "|") || !left && !strings.HasPrefix(in, "|") {
			return in, ts[0].bars
		}
	}
	items := make([]gametext.Option[partizan.Dyadic], len(ts))
	for i, t := range ts {
		items[i] = gametext.Option[partizan.Dyadic]{Text: t.s, Num: t.num, IsNum: t.isNum}
	}
	return gametext.Join(items), 0
}

// labelName returns the ith label: a … z, skipping v (which reads as
// ↓), then a25, a26, ….
func labelName(i int) string {
	const letters = "abcdefghijklmnopqrstuwxyz"
	if i < len(letters) {
		return letters[i : i+1]
	}
	return fmt.Sprintf("a%d", i)
}

// named returns the name of v when it is on, off, dud, x + over,
// x + under, x + upon + *m, x + downon + *m, x + ↑^on + *m or
// x + ↓^on + *m, else "".
func (w *writer) named(v int) string {
	l, r := w.g.l[v], w.g.r[v]
	self := func(o []int) bool { return len(o) == 1 && o[0] == v }
	switch {
	case self(l) && len(r) == 0:
		return "on"
	case len(l) == 0 && self(r):
		return "off"
	case self(l) && self(r):
		return "dud"
	}
	if len(l) == 1 && self(r) {
		if x, m, ok := w.numberStar(l[0]); ok && m == 0 {
			return prefix(x) + "over"
		}
	}
	if self(l) && len(r) == 1 {
		if x, m, ok := w.numberStar(r[0]); ok && m == 0 {
			return prefix(x) + "under"
		}
	}
	if s := w.upon(v, l, r, "^[on]"); s != "" {
		return s
	}
	if s := w.upon(v, r, l, "v[on]"); s != "" {
		return s
	}
	if s := w.uponth(l, r, "^<on>"); s != "" {
		return s
	}
	return w.uponth(r, l, "v<on>")
}

// upon returns x + upon + *m (sym ^[on]) or x + downon + *m (sym v[on])
// when v has the lone option x + *k on the side far and pass on the side
// near, with x too when k = 0; then m = k xor 1. Else it returns "".
func (w *writer) upon(v int, near, far []int, sym string) string {
	x, m, ok := w.uponParts(v, near, far)
	if !ok {
		return ""
	}
	return prefix(x) + sym + starSuffix(m)
}

// uponParts reports whether v is x + upon + *m, its sides near and far
// as upon writes them, and which.
func (w *writer) uponParts(v int, near, far []int) (partizan.Dyadic, int, bool) {
	if len(far) != 1 {
		return partizan.Dyadic{}, 0, false
	}
	x, k, ok := w.numberStar(far[0])
	if !ok {
		return partizan.Dyadic{}, 0, false
	}
	switch {
	case k != 0 && len(near) == 1 && near[0] == v:
	case k == 0 && len(near) == 2 && slices.Contains(near, v) && slices.Contains(near, far[0]):
	default:
		return partizan.Dyadic{}, 0, false
	}
	return x, k ^ 1, true
}

// uponth returns x + ↑^on + *m, CGSuite's x^<on>*m (sym ^<on>), or its
// negative (sym v<on>): by analogy with ↑^n + *m, the lone option on the
// side far is x + downon + *(m xor 1), and the side near holds x + *j
// for every j ≤ m. Else it returns "".
func (w *writer) uponth(near, far []int, sym string) string {
	if len(far) != 1 {
		return ""
	}
	u := far[0]
	nearU, farU := w.g.r[u], w.g.l[u] // downon's pass on its Right
	if sym == "v<on>" {
		nearU, farU = farU, nearU
	}
	y, k, ok := w.uponParts(u, nearU, farU)
	if !ok {
		return ""
	}
	m := k ^ 1
	if len(near) != m+1 {
		return ""
	}
	seen := make([]bool, m+1)
	for _, o := range near {
		x, j, ok := w.numberStar(o)
		if !ok || x.Cmp(y) != 0 || j > m || seen[j] {
			return ""
		}
		seen[j] = true
	}
	return prefix(y) + sym + starSuffix(m)
}

// starSuffix writes *m: nothing for 0, * for 1.
func starSuffix(m int) string {
	switch {
	case m == 1:
		return "*"
	case m > 1:
		return "*" + strconv.Itoa(m)
	}
	return ""
}

// numberStar reports whether position u is x + *m, and which.
func (w *writer) numberStar(u int) (partizan.Dyadic, int, bool) {
	g, ok := (Game{w.g, u}).Short()
	if !ok {
		return partizan.Dyadic{}, 0, false
	}
	return g.AsNumberStar()
}

// prefix writes the number part of x over or x^[on]: nothing for 0.
func prefix(x partizan.Dyadic) string {
	if x.Sign() == 0 {
		return ""
	}
	return x.String()
}
