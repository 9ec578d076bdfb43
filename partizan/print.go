package partizan

import (
	"slices"
	"strconv"
	"strings"

	"github.com/nimbers/grundy/internal/gametext"
)

// String returns g written as CGSuite writes it, so that a CGSuite user's strings
// round-trip:
//
//	3  -1/2  *  *4                 numbers and nimbers
//	^  ^^  ^3  v*  vv*2  6^*  -1v3  x + k·↑ + *m: ^^ for two, ^k from three
//	^<4>  ^[3]*  3/4v[3]*          x + the powers of ↑ and their sums (the uptimals
//	                               with one coefficient ±1, or all of them 1 or −1)
//	+-1  +-{1,1*}  +-{2|1}          switches {G | −G}
//	Tiny(2)  9Tiny({2|1})  Miny(1) x + tiny-G, x + miny-G for G of mean > 0
//	{5|4||3|2}  {0||0|v*}           options, a lone option's braces dropped
//	                               and the bars doubled instead
//
// Parse reads every output back as the same game, and also the same
// written with the symbols of the literature, ↑ ↓ ⇑ ⇓ ± for ^ v ^^ vv +-.
func (g *Game) String() string { return newPrinter().text(g) }

// printer writes games, remembering the texts of the options it has
// written and the games it has read as x + k·↑ + *m.
type printer struct {
	memo   map[key]string
	ups    *uptimalReader
	inners map[key]innerText
}

// innerText is the options of a game written without its braces.
type innerText struct {
	s    string
	bars int
}

func newPrinter() *printer {
	return &printer{memo: map[key]string{}, ups: newUptimalReader(), inners: map[key]innerText{}}
}

// text writes g as an expression.
func (p *printer) text(g *Game) string {
	if s, ok := p.memo[g.key]; ok {
		return s
	}
	s, ok := p.name(g)
	if !ok {
		inner, _ := p.inner(g)
		s = "{" + inner + "}"
	}
	p.memo[g.key] = s
	return s
}

// name writes g when it has a name: a number, an uptimal with a name
// (x + k·↑ + *m, ^<n>, ^[n]), a switch, x + tiny-G or x + miny-G.
func (p *printer) name(g *Game) (string, bool) {
	if d, ok := g.AsNumber(); ok {
		return d.String(), true
	}
	if u, ok := p.ups.read(g); ok {
		return u.name()
	}
	if s, ok := p.switchName(g); ok {
		return s, true
	}
	return p.tinyName(g)
}

// String returns x + k·↑ + *m written as CGSuite writes it: "6^*",
// "^^*4", "-1v3".
func (f upStarForm) String() string {
	var b strings.Builder
	if f.x.Sign() != 0 || f.k == 0 && f.m == 0 {
		b.WriteString(f.x.String())
	}
	sym, k := "^", f.k
	if k < 0 {
		sym, k = "v", -k
	}
	switch {
	case k == 2:
		b.WriteString(sym + sym)
	case k > 0:
		b.WriteString(sym)
		if k > 2 {
			b.WriteString(strconv.Itoa(k))
		}
	}
	if f.m > 0 {
		b.WriteString("*")
		if f.m > 1 {
			b.WriteString(strconv.Itoa(f.m))
		}
	}
	return b.String()
}

// switchName writes a switch {A, B, … | −A, −B, …}: "+-1", "+-{2|1}",
// "+-{1,1*}".
func (p *printer) switchName(g *Game) (string, bool) {
	if len(g.left) == 0 || len(g.left) != len(g.right) {
		return "", false
	}
	neg := make([]*Game, len(g.right))
	for i, r := range g.right {
		neg[i] = r.Neg()
	}
	if !slices.EqualFunc(g.left, sortOptions(neg), (*Game).Equal) {
		return "", false
	}
	if len(g.left) > 1 {
		return "+-{" + p.optionList(g.left) + "}", true
	}
	a := g.left[0]
	s := p.text(a)
	if u, ok := p.ups.read(a); ok && !u.compact() && !strings.HasPrefix(s, "{") {
		s = "(" + s + ")" // +-(1*), +-(^*), +-(^[2]*): a sum, grouped
	} else if _, ok := p.tinyName(a); ok {
		s = "(" + s + ")"
	}
	return "+-" + s, true
}

// tinyName writes x + tiny-G = {x || x | x − G} as "xTiny(G)", and
// x + miny-G = {x + G | x || x} as "xMiny(G)", for G of mean > 0, as
// CGSuite does: {0||0|v3} keeps its options.
func (p *printer) tinyName(g *Game) (string, bool) {
	if len(g.left) != 1 || len(g.right) != 1 {
		return "", false
	}
	l, r := g.left[0], g.right[0]
	word, x, inner, far := "Tiny", l, r, func(h *Game) []*Game { return h.right }
	if !l.isNum {
		word, x, inner, far = "Miny", r, l, func(h *Game) []*Game { return h.left }
	}
	if !x.isNum || inner.isNum || len(inner.left) != 1 || len(inner.right) != 1 {
		return "", false
	}
	near := inner.left
	if word == "Miny" {
		near = inner.right
	}
	if !near[0].Equal(x) || len(far(inner)) != 1 {
		return "", false
	}
	// G = x − y for tiny, y − x for miny.
	y := far(inner)[0]
	G, err := addGames(y, number(x.num.Neg()))
	if err != nil {
		return "", false
	}
	if word == "Tiny" {
		G = G.Neg()
	}
	if thermograph(G, map[key]*thermo{}).mean.Sign() <= 0 {
		return "", false // CGSuite names it for a G of positive mean only
	}
	prefix := ""
	if x.num.Sign() != 0 {
		prefix = x.num.String()
	}
	return prefix + word + "(" + p.text(G) + ")", true
}

// inner writes the options of g without the braces, and the bars
// between them: a side with one option that has no name is written in
// place, its own bars one fewer than g's.
func (p *printer) inner(g *Game) (string, int) {
	if t, ok := p.inners[g.key]; ok {
		return t.s, t.bars
	}
	s, bars := p.innerText(g)
	p.inners[g.key] = innerText{s, bars}
	return s, bars
}

func (p *printer) innerText(g *Game) (string, int) {
	side := func(opts []*Game) (string, int) {
		if len(opts) == 1 {
			if _, ok := p.name(opts[0]); !ok {
				if s, bars := p.inner(opts[0]); bars < gametext.MaxBars {
					return s, bars
				}
			}
		}
		return p.optionList(opts), 0
	}
	l, bl := side(g.left)
	r, br := side(g.right)
	bars := max(bl, br) + 1
	return l + strings.Repeat("|", bars) + r, bars
}

// optionList writes options separated by commas: numbers first, in
// increasing order, then the others by their text.
func (p *printer) optionList(opts []*Game) string {
	items := make([]gametext.Option[Dyadic], len(opts))
	for i, o := range opts {
		d, ok := o.AsNumber()
		items[i] = gametext.Option[Dyadic]{Text: p.text(o), Num: d, IsNum: ok}
	}
	return gametext.Join(items)
}
