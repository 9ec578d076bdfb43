package partizan

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/nimbers/grundy/budget"
)

// Companions, stop counts, parity and temper of canonical forms, and
// followers, as CGSuite's CanonicalShortGame has them.

// Companion returns g's companion (CGSuite's Companion): for
// k·↑ + *m it is k·↑ + *(m ⊕ 1) when m ≤ 1 and itself when m ≥ 2;
// a number other than 0 is its own; for any other game it is
// {0 when g ≥ 0, the companions of g^L | 0 when g ≤ 0, those of g^R}.
// So 0 and * are companions, ↑ and ↑*, {0||0|-3/2} and {0,*||*|-3/2}.
func (k *Calculator) Companion(ctx context.Context, g *Game) (*Game, error) {
	return k.run(ctx, "the companion", func() (*Game, error) {
		return k.companion(g, map[key]*Game{})
	})
}

func (k *Calculator) companion(g *Game, memo map[key]*Game) (*Game, error) {
	if g.isNum && g.num.Sign() != 0 {
		return g, nil
	}
	if f, ok := upStar(g, k.a.ups); ok && f.x.Sign() == 0 {
		if f.m >= 2 {
			return g, nil
		}
		return upStarGame(f.x, f.k, f.m^1), nil
	}
	if v, ok := memo[g.key]; ok {
		return v, nil
	}
	side := func(opts []*Game, zero bool) ([]*Game, error) {
		var out []*Game
		if zero {
			out = append(out, Zero)
		}
		for _, o := range opts {
			c, err := k.companion(o, memo)
			if err != nil {
				return nil, err
			}
			out = append(out, c)
		}
		return out, nil
	}
	l, err := side(g.Left(), k.a.c.le(Zero, g))
	if err != nil {
		return nil, err
	}
	r, err := side(g.Right(), k.a.c.le(g, Zero))
	if err != nil {
		return nil, err
	}
	v, err := k.a.c.canon(l, r)
	if err != nil {
		return nil, err
	}
	memo[g.key] = v
	return v, nil
}

// StopCount returns the number of lines of play through g's canonical
// form that end at a number, a move at a time by either player,
// counting a number as 1 (CGSuite's StopCount): 1 for a number, 2 for
// *, 3 for ↑ = {0|*}, 2·3^(m−1) for *m.
func (g *Game) StopCount() *big.Int {
	memo := map[key]*big.Int{}
	var count func(x *Game) *big.Int
	count = func(x *Game) *big.Int {
		if x.isNum {
			return big.NewInt(1)
		}
		if c, ok := memo[x.key]; ok {
			return c
		}
		c := new(big.Int)
		for _, o := range x.left {
			c.Add(c, count(o))
		}
		for _, o := range x.right {
			c.Add(c, count(o))
		}
		memo[x.key] = c
		return c
	}
	return new(big.Int).Set(count(g))
}

// A parityClass is what parityOf and temperOf report of a game.
type parityClass int8

// The parities: an integer n is even or odd as n is, and a game that is
// not a number is even when all its canonical options are odd and odd
// when all are even (Conway, ONAG ch. 16); other games are neither.
const (
	neither parityClass = iota
	even
	odd
)

// String returns "even", "odd" or "neither".
func (p parityClass) String() string { return [...]string{"neither", "even", "odd"}[p] }

// parityOf returns whether g is even, odd or neither (CGSuite's IsEven and
// IsOdd): 0, 2 and 1* are even, 1 and * odd, 1/2, *2 and ↑ neither.
func (g *Game) parityOf() parityClass {
	return g.parity(func(d Dyadic) parityClass {
		switch {
		case !d.IsInt():
			return neither
		case d.numerator().Bit(0) == 0:
			return even
		}
		return odd
	})
}

// temperOf returns whether g is even-tempered, odd-tempered or neither
// (Siegel, CGT): a number is even-tempered, and a game that is not a
// number is even-tempered when all its canonical options are
// odd-tempered and odd-tempered when all are even-tempered. So x* is
// odd-tempered, ↑ and *2 neither.
func (g *Game) temperOf() parityClass {
	return g.parity(func(Dyadic) parityClass { return even })
}

// parity reads g bottom up, numbers by ofNumber.
func (g *Game) parity(ofNumber func(Dyadic) parityClass) parityClass {
	memo := map[key]parityClass{}
	var par func(x *Game) parityClass
	par = func(x *Game) parityClass {
		if x.isNum {
			return ofNumber(x.num)
		}
		if p, ok := memo[x.key]; ok {
			return p
		}
		p := neither
		all := func(want parityClass) bool {
			for _, o := range append(slices.Clone(x.left), x.right...) {
				if par(o) != want {
					return false
				}
			}
			return true
		}
		switch {
		case all(odd):
			p = even
		case all(even):
			p = odd
		}
		memo[x.key] = p
		return p
	}
	return par(g)
}

// Followers returns the distinct positions of g's canonical form: g and
// every position reachable from it by moves of either player, in
// CGSuite's order of options (numbers first, in increasing order, then
// the others by their text). It fails with a *budget.TooLargeError past
// limit positions (a number n has |n| + 1).
func (g *Game) Followers(limit int) ([]*Game, error) {
	seen := map[key]bool{}
	var out []*Game
	var walk func(x *Game) bool
	walk = func(x *Game) bool {
		if seen[x.key] {
			return true
		}
		if len(out) >= limit {
			return false
		}
		seen[x.key] = true
		out = append(out, x)
		for _, o := range append(slices.Clone(x.Left()), x.Right()...) {
			if !walk(o) {
				return false
			}
		}
		return true
	}
	if !walk(g) {
		return nil, &budget.TooLargeError{What: "the followers", Unit: "positions", Limit: float64(limit)}
	}
	p := newPrinter()
	texts := make(map[key]string, len(out))
	for _, x := range out {
		texts[x.key] = p.text(x)
	}
	slices.SortFunc(out, func(a, b *Game) int {
		x, xn := a.AsNumber()
		y, yn := b.AsNumber()
		switch {
		case xn && yn:
			return x.Cmp(y)
		case xn != yn:
			if xn {
				return -1
			}
			return 1
		}
		return strings.Compare(texts[a.key], texts[b.key])
	})
	return out, nil
}

// Properties is what kind of game a game is, as grundy cgt properties
// prints it.
type Properties struct {
	Number        bool   `json:"number"`
	Nimber        bool   `json:"nimber"`
	Infinitesimal bool   `json:"infinitesimal"`
	AllSmall      bool   `json:"all_small"`
	Parity        string `json:"parity"`            // even, odd or neither (CGSuite's IsEven, IsOdd)
	Temper        string `json:"temper"`            // even-tempered, odd-tempered or neither
	Uptimal       string `json:"uptimal,omitempty"` // the uptimal expansion (x*m.a1a2…), if any
}

// Properties returns whether g is a number, a nimber, infinitesimal and
// all-small, its parity, its temper (Siegel, CGT: a number is
// even-tempered; any other game is even-tempered when all its options are
// odd-tempered, odd-tempered when all are even-tempered), and its uptimal
// expansion x*m.a1a2… (x + *m + a1.↑ + a2.↑² + …, a digit followed by -
// for a negative one) when it has one.
func (g *Game) Properties() Properties {
	_, number := g.AsNumber()
	_, nimber := g.AsNimber()
	p := Properties{Number: number, Nimber: nimber, Infinitesimal: g.isInfinitesimal(), AllSmall: g.isAllSmall(),
		Parity: g.parityOf().String(), Temper: g.temperOf().String()}
	if p.Temper != "neither" {
		p.Temper += "-tempered"
	}
	if u, ok := g.uptimalOf(); ok {
		p.Uptimal = u.String()
	}
	return p
}

// String returns the properties one a line: "number false", …,
// "temper odd-tempered", then "uptimal …" when g has an expansion.
func (p Properties) String() string {
	s := fmt.Sprintf("number %v\nnimber %v\ninfinitesimal %v\nall-small %v\nparity %s\ntemper %s",
		p.Number, p.Nimber, p.Infinitesimal, p.AllSmall, p.Parity, p.Temper)
	if p.Uptimal != "" {
		s += "\nuptimal " + p.Uptimal
	}
	return s
}
