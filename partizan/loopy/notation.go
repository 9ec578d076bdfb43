package loopy

import (
	"errors"
	"fmt"
	"strings"
	"unicode"

	"github.com/nimbers/grundy/partizan"
)

// ErrSyntax is returned for text that is not a loopy game in CGSuite's
// notation.
var ErrSyntax = errors.New("syntax error")

// maxText bounds the length of the text Parse reads.
const maxText = 1 << 16

// Parse reads a loopy game in CGSuite's notation: the short games of
// package partizan's numbers, nimbers, ups and downs (3/4, *2, ^, v*),
// on, off, over, under, upon and dud, games {L1, L2 | R1} whose options
// may be pass (the game itself) or the name of an enclosing game
// labelled a:{…}, and sums and differences of these with + and −. For
// example a:{0|{a|*}} and over = {0|pass}.
func Parse(s string) (Game, error) {
	if len(s) > maxText {
		return Game{}, fmt.Errorf("%w: a text of %d bytes, more than %d", ErrSyntax, len(s), maxText)
	}
	p := &parser{s: s, labels: map[string]int{}}
	v, err := p.expr()
	if err != nil {
		return Game{}, err
	}
	p.space()
	if p.i < len(p.s) {
		return Game{}, p.errorf("unexpected %q", p.s[p.i:min(len(p.s), p.i+10)])
	}
	return p.game(v), nil
}

type parser struct {
	s      string
	i      int
	b      builder
	open   []bool // vertices whose options are still being read
	labels map[string]int
	self   []int // the games being read, innermost last
	depth  int
}

func (p *parser) errorf(format string, args ...any) error {
	return fmt.Errorf("%w at byte %d: %s", ErrSyntax, p.i, fmt.Sprintf(format, args...))
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
	neg := false
	if p.peek() == '-' {
		p.i++
		neg = true
	}
	v, err := p.term()
	if err != nil {
		return 0, err
	}
	var terms []Game
	signs := []bool{neg}
	first := v
	for {
		c := p.peek()
		if c != '+' && c != '-' {
			break
		}
		p.i++
		w, err := p.term()
		if err != nil {
			return 0, err
		}
		if terms == nil {
			g, err := p.closed(first)
			if err != nil {
				return 0, err
			}
			terms = append(terms, g)
		}
		g, err := p.closed(w)
		if err != nil {
			return 0, err
		}
		terms = append(terms, g)
		signs = append(signs, c == '-')
	}
	if terms == nil && !neg {
		return first, nil
	}
	if terms == nil {
		g, err := p.closed(first)
		if err != nil {
			return 0, err
		}
		terms = []Game{g}
	}
	for i := range terms {
		if signs[i] {
			terms[i] = terms[i].Neg()
		}
	}
	s, err := Sum(terms...)
	if err != nil {
		return 0, err
	}
	return p.add(s), nil
}

func (p *parser) term() (int, error) {
	c := p.peek()
	if p.depth++; p.depth > maxDepth {
		return 0, p.errorf("games nested more than %d deep", maxDepth)
	}
	defer func() { p.depth-- }()
	// A term that names no loopy game is read by package partizan, with
	// all its notation (+-1, {2||1|0}, Tiny(2), ^<2>).
	if e := p.segment(); e > p.i {
		if seg := p.s[p.i:e]; isShortText(seg) {
			g, err := partizan.Parse(seg)
			if errors.Is(err, partizan.ErrSyntax) {
				return 0, fmt.Errorf("%w at byte %d: %q is not a short game", ErrSyntax, p.i, seg)
			} else if err != nil {
				return 0, err
			}
			x, err := FromShort(g)
			if err != nil {
				return 0, err
			}
			p.i = e
			return p.add(x), nil
		}
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
	case isShort(c):
		return p.short(p.i)
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
		switch name {
		case "on":
			return p.add(On()), nil
		case "off":
			return p.add(Off()), nil
		case "over":
			return p.add(Over()), nil
		case "under":
			return p.add(Under()), nil
		case "upon":
			return p.add(Upon()), nil
		case "dud":
			return p.add(Dud()), nil
		case "pass":
			if len(p.self) == 0 {
				return 0, p.errorf("pass outside a game's options")
			}
			return p.self[len(p.self)-1], nil
		}
		if v, ok := p.labels[name]; ok {
			return v, nil
		}
		return 0, p.errorf("unknown name %q", name)
	case c == 0:
		return 0, p.errorf("unexpected end of text")
	}
	return 0, p.errorf("unexpected %q", c)
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
	for p.i < len(p.s) && (isShort(p.s[p.i]) || p.s[p.i] == '/' || p.s[p.i] == 'v') {
		p.i++
	}
	g, err := partizan.Parse(p.s[start:p.i])
	if err != nil {
		return 0, fmt.Errorf("%w at byte %d: %q is not a short game", ErrSyntax, start, p.s[start:p.i])
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
	for side := 0; side < 2; side++ {
		if p.peek() == '|' || p.peek() == '}' {
			// No options.
		} else {
			for {
				w, err := p.expr()
				if err != nil {
					return 0, err
				}
				if side == 0 {
					p.b.l[v] = append(p.b.l[v], w)
				} else {
					p.b.r[v] = append(p.b.r[v], w)
				}
				if p.peek() != ',' {
					break
				}
				p.i++
			}
		}
		want := byte('|')
		if side == 1 {
			want = '}'
		}
		if p.peek() != want {
			if want == '|' && p.peek() == '}' {
				return 0, p.errorf("a game needs | between its Left and Right options")
			}
			return 0, p.errorf("expected %c", want)
		}
		p.i++
		if side == 0 && p.peek() == '|' {
			return 0, p.errorf("|| is not read in loopy games: write the inner game in braces")
		}
	}
	p.open[v] = false
	return v, nil
}

// String returns x in CGSuite's notation, as Text does with a limit of
// 4096 bytes.
func (x Game) String() string {
	s, _ := x.Text(4096)
	return s
}

// Text returns x in CGSuite's notation and true, or a shortened text and
// false when the notation is longer than limit bytes (a graph's text can
// be exponentially longer than the graph). Short followers are written
// as package partizan writes them; on, off, over, under, upon and dud by
// name; an option that is the game itself as pass, and an enclosing game
// referred to again by a label: a:{0|{a|*}}. Positions are written as
// they are: Simplify first for the simplest form.
func (x Game) Text(limit int) (string, bool) {
	x = x.compact()
	w := &writer{g: x.graph(), label: map[int]string{}, onPath: map[int]bool{}, limit: limit}
	s := w.write(x.start, -1)
	if w.over {
		return fmt.Sprintf("<a loopy game of %d positions>", len(x.graph().l)), false
	}
	return s, true
}

type writer struct {
	g      *graph
	label  map[int]string
	onPath map[int]bool
	limit  int
	size   int
	over   bool
}

func (w *writer) write(v, parent int) string {
	if w.over {
		return ""
	}
	if v == parent {
		return "pass"
	}
	if w.onPath[v] {
		if w.label[v] == "" {
			w.label[v] = labelName(len(w.label))
		}
		return w.label[v]
	}
	if s := w.named(v); s != "" {
		return s
	}
	if s, ok := (Game{w.g, v}).Short(); ok {
		return s.String()
	}
	w.onPath[v] = true
	var b strings.Builder
	b.WriteByte('{')
	for i, o := range w.g.l[v] {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(w.write(o, v))
	}
	b.WriteByte('|')
	for i, o := range w.g.r[v] {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(w.write(o, v))
	}
	b.WriteByte('}')
	w.onPath[v] = false
	s := b.String()
	if l := w.label[v]; l != "" {
		s = l + ":" + s
	}
	if w.size += len(s); w.size > w.limit {
		w.over = true
	}
	return s
}

func labelName(i int) string {
	if i < 26 {
		return string(rune('a' + i))
	}
	return fmt.Sprintf("a%d", i)
}

// named returns the name of v when it is on, off, over, under, upon or
// dud, else "".
func (w *writer) named(v int) string {
	l, r := w.g.l[v], w.g.r[v]
	zero := func(u int) bool { return len(w.g.l[u]) == 0 && len(w.g.r[u]) == 0 }
	star := func(u int) bool {
		return len(w.g.l[u]) == 1 && len(w.g.r[u]) == 1 && zero(w.g.l[u][0]) && zero(w.g.r[u][0])
	}
	self := func(o []int) bool { return len(o) == 1 && o[0] == v }
	switch {
	case self(l) && len(r) == 0:
		return "on"
	case len(l) == 0 && self(r):
		return "off"
	case self(l) && self(r):
		return "dud"
	case len(l) == 1 && zero(l[0]) && self(r):
		return "over"
	case self(l) && len(r) == 1 && zero(r[0]):
		return "under"
	case self(l) && len(r) == 1 && star(r[0]):
		return "upon"
	}
	return ""
}
