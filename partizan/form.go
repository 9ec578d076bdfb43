package partizan

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"

	"github.com/nimbers/grundy/nimber"
)

// Products and ordinal sums depend on the forms of games, not only on
// their values: {* | *} = 0, yet {*|*} : 3 = ↑[3] while 0 : 3 = 3. A
// Form is a game as written, its options forms kept as they are; a
// canonical game is the form of its canonical options. CGSuite writes
// a form kept as written in quotes, '{*|*}', which ParseForm reads.

// A Form is a game as written: dominated and reversible options are
// kept. Forms are immutable.
type Form struct {
	g           *Game // the canonical game, when the form is its canonical form
	left, right []*Form
	key         key
}

// formOf returns the canonical form of g as a Form.
func formOf(g *Game) *Form { return &Form{g: g, key: g.key} }

// newForm returns the form {left | right}, as written.
func newForm(left, right []*Form) *Form {
	h := sha256.New()
	h.Write([]byte("form"))
	var n [8]byte
	for _, side := range [][]*Form{left, right} {
		binary.LittleEndian.PutUint64(n[:], uint64(len(side)))
		h.Write(n[:])
		for _, o := range side {
			h.Write(o.key[:])
		}
	}
	f := &Form{left: slices.Clone(left), right: slices.Clone(right)}
	copy(f.key[:], h.Sum(nil))
	f.key[0] = 'F' // apart from numbers' keys
	return f
}

// Left returns the Left options of the form.
func (f *Form) Left() []*Form {
	if f.g == nil {
		return f.left
	}
	return formsOf(f.g.Left())
}

// Right returns the Right options of the form.
func (f *Form) Right() []*Form {
	if f.g == nil {
		return f.right
	}
	return formsOf(f.g.Right())
}

func formsOf(gs []*Game) []*Form {
	out := make([]*Form, len(gs))
	for i, g := range gs {
		out[i] = formOf(g)
	}
	return out
}

// asGame returns the canonical game of the form, when it is one.
func (f *Form) asGame() (*Game, bool) { return f.g, f.g != nil }

// String returns the form as CGSuite writes it: a canonical game as
// String writes it, any other form in quotes, '{*|*}'.
func (f *Form) String() string {
	if f.g != nil {
		return f.g.String()
	}
	return "'" + f.text() + "'"
}

func (f *Form) text() string {
	if f.g != nil {
		return f.g.String()
	}
	side := func(opts []*Form) string {
		s := make([]string, len(opts))
		for i, o := range opts {
			s[i] = o.text()
		}
		return strings.Join(s, ",")
	}
	return "{" + side(f.left) + "|" + side(f.right) + "}"
}

// Canonical returns the value of the form f, its canonical form.
func (k *Calculator) Canonical(ctx context.Context, f *Form) (*Game, error) {
	return k.run(ctx, "the canonical form", func() (*Game, error) { return k.canonical(f, map[key]*Game{}) })
}

func (k *Calculator) canonical(f *Form, memo map[key]*Game) (*Game, error) {
	if f.g != nil {
		return f.g, nil
	}
	if v, ok := memo[f.key]; ok {
		return v, nil
	}
	side := func(opts []*Form) ([]*Game, error) {
		out := make([]*Game, len(opts))
		for i, o := range opts {
			v, err := k.canonical(o, memo)
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
		return out, nil
	}
	l, err := side(f.left)
	if err != nil {
		return nil, err
	}
	r, err := side(f.right)
	if err != nil {
		return nil, err
	}
	v, err := k.a.c.canon(l, r)
	if err != nil {
		return nil, err
	}
	memo[f.key] = v
	return v, nil
}

// values returns the canonical values of forms.
func (k *Calculator) values(fs []*Form) ([]*Game, error) {
	out := make([]*Game, len(fs))
	memo := map[key]*Game{}
	for i, f := range fs {
		v, err := k.canonical(f, memo)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// OrdinalSumForm returns the ordinal sum g:h of the forms g and h,
// {g^L, g:h^L | g^R, g:h^R}, as CGSuite's g : h does: it depends on the
// form of g, '{*|*}' : 3 = ↑[3], and only on the value of h.
func (k *Calculator) OrdinalSumForm(ctx context.Context, g, h *Form) (*Game, error) {
	hv, err := k.Canonical(ctx, h)
	if err != nil {
		return nil, err
	}
	return k.run(ctx, "the ordinal sum", func() (*Game, error) {
		l, err := k.values(g.Left())
		if err != nil {
			return nil, err
		}
		r, err := k.values(g.Right())
		if err != nil {
			return nil, err
		}
		return k.a.c.ordinalSumOf(l, r, hv)
	})
}

// ConwayProduct returns the Conway product g·h of the forms g and h, as
// CGSuite defines it on forms (Conway, ONAG ch. 1): its Left options are
// g^L·h + g·h^L − g^L·h^L and g^R·h + g·h^R − g^R·h^R, its Right options
// g^L·h + g·h^R − g^L·h^R and g^R·h + g·h^L − g^R·h^L. On numbers it is
// their product, on nimbers their nim product, and n·g for an integer n
// is the sum of n copies of g; on other games it depends on their forms.
func (k *Calculator) ConwayProduct(ctx context.Context, g, h *Form) (*Game, error) {
	return k.run(ctx, "the Conway product", func() (*Game, error) {
		return k.conway(g, h, map[[2]key]*Game{})
	})
}

func (k *Calculator) conway(g, h *Form, memo map[[2]key]*Game) (*Game, error) {
	if g.key.cmp(h.key) > 0 {
		g, h = h, g // the product commutes
	}
	if gg, ok := g.asGame(); ok {
		if hg, ok := h.asGame(); ok {
			if v, ok := k.shortProduct(gg, hg); ok {
				return v, nil
			}
		}
	}
	for _, p := range [][2]*Form{{g, h}, {h, g}} {
		if n, ok := p[0].asGame(); ok && n.isNum && n.num.IsInt() {
			v, err := k.canonical(p[1], map[key]*Game{})
			if err != nil {
				return nil, err
			}
			return k.a.times(n.num, v)
		}
	}
	kk := [2]key{g.key, h.key}
	if v, ok := memo[kk]; ok {
		return v, nil
	}
	k.a.c.w.tick()
	// term returns x·h + g·y − x·y.
	term := func(x, y *Form) (*Game, error) {
		a, err := k.conway(x, h, memo)
		if err != nil {
			return nil, err
		}
		b, err := k.conway(g, y, memo)
		if err != nil {
			return nil, err
		}
		c, err := k.conway(x, y, memo)
		if err != nil {
			return nil, err
		}
		s, err := k.a.add(a, b)
		if err != nil {
			return nil, err
		}
		return k.a.add(s, c.Neg())
	}
	var l, r []*Game
	gl, gr, hl, hr := g.Left(), g.Right(), h.Left(), h.Right()
	for _, c := range []struct {
		xs, ys []*Form
		out    *[]*Game
	}{{gl, hl, &l}, {gr, hr, &l}, {gl, hr, &r}, {gr, hl, &r}} {
		for _, x := range c.xs {
			for _, y := range c.ys {
				v, err := term(x, y)
				if err != nil {
					return nil, err
				}
				*c.out = append(*c.out, v)
			}
		}
	}
	v, err := k.a.c.canon(l, r)
	if err != nil {
		return nil, err
	}
	memo[kk] = v
	return v, nil
}

// shortProduct returns the Conway product of two canonical games when a
// rule gives it at once: numbers multiply, nimbers nim-multiply, and 0
// times anything is 0.
func (k *Calculator) shortProduct(g, h *Game) (*Game, bool) {
	switch {
	case g.isNum && h.isNum:
		return number(g.num.Mul(h.num)), true
	case g.isNum && g.num.Sign() == 0 || h.isNum && h.num.Sign() == 0:
		return Zero, true
	}
	a, ok := g.AsNimber()
	b, ok2 := h.AsNimber()
	if ok && ok2 {
		return Nimber(int(nimber.Nimber(a).Mul(nimber.Nimber(b)))), true
	}
	return nil, false
}

// OrdinalProduct returns the ordinal product g × h of the forms g and h
// as CGSuite defines it: for each option h^p of h (p Left or Right) and
// each option x of g (of −g when p is Right) for the player to move, the
// option (g × h^p) : x, an ordinal sum on the form of g × h^p. On
// nimbers it is the product of their ordinals (*5 × *6 = *30), and on
// numbers CGSuite's values (1/2 × 1/4 = 11/32).
func (k *Calculator) OrdinalProduct(ctx context.Context, g, h *Form) (*Game, error) {
	return k.run(ctx, "the ordinal product", func() (*Game, error) {
		neg, err := k.negForm(g)
		if err != nil {
			return nil, err
		}
		pf := &productForms{g: g, neg: neg, memo: map[key][2][]*Game{}}
		l, r, err := k.ordinalProduct(pf, h)
		if err != nil {
			return nil, err
		}
		return k.a.c.canon(l, r)
	})
}

// productForms remembers the forms of g × h for the h met, as the
// values of their options.
type productForms struct {
	g, neg *Form
	memo   map[key][2][]*Game
}

// negForm returns −f as a form.
func (k *Calculator) negForm(f *Form) (*Form, error) {
	if g, ok := f.asGame(); ok {
		return formOf(g.Neg()), nil
	}
	var l, r []*Form
	for _, o := range f.right {
		n, err := k.negForm(o)
		if err != nil {
			return nil, err
		}
		l = append(l, n)
	}
	for _, o := range f.left {
		n, err := k.negForm(o)
		if err != nil {
			return nil, err
		}
		r = append(r, n)
	}
	return newForm(l, r), nil
}

// ordinalProduct returns the values of the options of the form g × h.
func (k *Calculator) ordinalProduct(pf *productForms, h *Form) (l, r []*Game, err error) {
	if v, ok := pf.memo[h.key]; ok {
		return v[0], v[1], nil
	}
	k.a.c.w.tick()
	for p, hs := range [][]*Form{h.Left(), h.Right()} {
		base := pf.g
		if p == 1 {
			base = pf.neg
		}
		xl, err := k.values(base.Left())
		if err != nil {
			return nil, nil, err
		}
		xr, err := k.values(base.Right())
		if err != nil {
			return nil, nil, err
		}
		for _, hp := range hs {
			bl, br, err := k.ordinalProduct(pf, hp)
			if err != nil {
				return nil, nil, err
			}
			colon := k.a.c.colonOf(bl, br)
			for _, x := range xl {
				v, err := colon(x)
				if err != nil {
					return nil, nil, err
				}
				l = append(l, v)
			}
			for _, x := range xr {
				v, err := colon(x)
				if err != nil {
					return nil, nil, err
				}
				r = append(r, v)
			}
		}
	}
	// A dominated option stays dominated in any ordinal sum on this
	// form, so dropping it changes none of them.
	l, r = k.a.c.undominated(l, false), k.a.c.undominated(r, true)
	pf.memo[h.key] = [2][]*Game{l, r}
	return l, r, nil
}

// ParseForm reads a form: text in quotes, '{*|*}', is read as written,
// braces within it forms too, and the options that are not braces
// (numbers, *2, ^, sums) read as games; text without quotes is read as
// Parse reads it, its canonical form.
func (k *Calculator) ParseForm(ctx context.Context, s string) (*Form, error) {
	t := strings.TrimSpace(s)
	if !strings.HasPrefix(t, "'") {
		g, err := k.Parse(ctx, s)
		if err != nil {
			return nil, err
		}
		return formOf(g), nil
	}
	if len(t) < 2 || !strings.HasSuffix(t, "'") {
		return nil, fmt.Errorf("%w: a quoted form needs its closing '", ErrSyntax)
	}
	fp := &formParser{k: k, ctx: ctx, s: t[1 : len(t)-1]}
	f, err := fp.item(strings.TrimSpace(fp.s))
	if err != nil {
		return nil, err
	}
	return f, nil
}

type formParser struct {
	k     *Calculator
	ctx   context.Context
	s     string
	depth int
}

// item reads one option: braces as a form, anything else as a game.
func (fp *formParser) item(s string) (*Form, error) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "{") && matching(s, 0) == len(s)-1 {
		if fp.depth++; fp.depth > maxDepth {
			return nil, fmt.Errorf("%w: forms nested more than %d deep", ErrSyntax, maxDepth)
		}
		defer func() { fp.depth-- }()
		return fp.braces(s[1 : len(s)-1])
	}
	g, err := fp.k.Parse(fp.ctx, s)
	if err != nil {
		return nil, err
	}
	return formOf(g), nil
}

// matching returns the offset of the brace that closes the one at i, or
// −1.
func matching(s string, i int) int {
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '{', '(':
			depth++
		case '}', ')':
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// braces reads the inside of a form's braces: lists of options split by
// runs of bars, the longest run between Left and Right, {a||b|c} being
// {a|{b|c}}.
func (fp *formParser) braces(s string) (*Form, error) {
	var segs [][]*Form
	var bars []int
	var cur []*Form
	start, depth := 0, 0
	flush := func(end int) error {
		t := strings.TrimSpace(s[start:end])
		if t == "" {
			return nil
		}
		f, err := fp.item(t)
		if err != nil {
			return err
		}
		cur = append(cur, f)
		return nil
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '{' || c == '(' || c == '[' || c == '<':
			depth++
		case c == '}' || c == ')' || c == ']' || c == '>':
			depth--
		case depth == 0 && c == ',':
			if err := flush(i); err != nil {
				return nil, err
			}
			start = i + 1
		case depth == 0 && c == '|':
			if err := flush(i); err != nil {
				return nil, err
			}
			n := 0
			for i < len(s) && s[i] == '|' {
				n++
				i++
			}
			i--
			segs, cur = append(segs, cur), nil
			bars = append(bars, n)
			start = i + 1
		}
	}
	if err := flush(len(s)); err != nil {
		return nil, err
	}
	segs = append(segs, cur)
	if len(bars) == 0 {
		return nil, fmt.Errorf("%w: a form needs | between its Left and Right options", ErrSyntax)
	}
	return nestForms(segs, bars)
}

// nestForms splits lists of options at the one longest run of bars.
func nestForms(segs [][]*Form, bars []int) (*Form, error) {
	top := 0
	for i, b := range bars {
		if b > bars[top] {
			top = i
		}
	}
	for i, b := range bars {
		if i != top && b == bars[top] {
			return nil, fmt.Errorf("%w: ambiguous: two runs of %d bars at one level", ErrSyntax, b)
		}
	}
	side := func(segs [][]*Form, bars []int) ([]*Form, error) {
		if len(bars) == 0 {
			return segs[0], nil
		}
		f, err := nestForms(segs, bars)
		return []*Form{f}, err
	}
	l, err := side(segs[:top+1], bars[:top])
	if err != nil {
		return nil, err
	}
	r, err := side(segs[top+1:], bars[top+1:])
	if err != nil {
		return nil, err
	}
	return newForm(l, r), nil
}

// SensibleOptions returns the sensible options of the form f: the Left
// options worth at least some Left option of f's canonical form, and
// the Right options worth at most some Right option of it: the moves a
// player may need, the others being dominated or reversing to nothing
// better. (CGSuite's SensibleOptions keeps one per canonical option,
// the first it meets.)
func (k *Calculator) SensibleOptions(ctx context.Context, f *Form) (left, right []*Form, err error) {
	_, err = k.run(ctx, "the sensible options", func() (*Game, error) {
		g, err := k.canonical(f, map[key]*Game{})
		if err != nil {
			return nil, err
		}
		pick := func(opts []*Form, canon []*Game, right bool) ([]*Form, error) {
			var out []*Form
			for _, o := range opts {
				v, err := k.canonical(o, map[key]*Game{})
				if err != nil {
					return nil, err
				}
				for _, c := range canon {
					if !right && k.a.c.le(c, v) || right && k.a.c.le(v, c) {
						out = append(out, o)
						break
					}
				}
			}
			return out, nil
		}
		if left, err = pick(f.Left(), g.Left(), false); err != nil {
			return nil, err
		}
		right, err = pick(f.Right(), g.Right(), true)
		return nil, err
	})
	return left, right, err
}
