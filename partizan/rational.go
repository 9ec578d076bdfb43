package partizan

import (
	"context"
	"fmt"
	"math/big"
	"strings"
)

// A RationalGame is r + G: a rational number r plus a short game G.
// Numbers whose denominators are not powers of 2, such as 1/3, are games
// born on day ω, not short games; CGSuite has them as numbers. Their sums
// with short games are still ordered by the stops of the short part:
// for a number x that is not dyadic, G ≥ x exactly when G's Right stop is
// above x (a stop is dyadic, so it is never x itself).
//
// A RationalGame is held as f + G with f = 0 or f = a/m, m odd and
// 0 < a < m: the rationals modulo the dyadics have one such
// representative each, so equal values have equal parts. The zero value
// is 0.
type RationalGame struct {
	frac *big.Rat // nil for 0
	g    *Game    // nil for 0
}

// RationalOf returns the short game g as a RationalGame.
func RationalOf(g *Game) RationalGame { return RationalGame{g: g} }

// rational returns r + g, adding with a.
func (a *adder) rational(r *big.Rat, g *Game) (RationalGame, error) {
	frac, d, err := splitRat(r)
	if err != nil {
		return RationalGame{}, err
	}
	if g == nil {
		g = Zero
	}
	if d.Sign() != 0 {
		if g, err = a.add(g, number(d)); err != nil {
			return RationalGame{}, err
		}
	}
	return RationalGame{frac: frac, g: g}, nil
}

// splitRat returns r as f + d: f = 0 (nil) or a/m with m odd, 0 < a < m,
// and d dyadic.
func splitRat(r *big.Rat) (*big.Rat, Dyadic, error) {
	if r == nil || r.Sign() == 0 {
		return nil, Dyadic{}, nil
	}
	den := r.Denom()
	k := den.TrailingZeroBits()
	m := new(big.Int).Rsh(den, k)
	var frac *big.Rat
	d := new(big.Rat).Set(r)
	if m.Cmp(big.NewInt(1)) != 0 {
		// a ≡ num · 2^−k (mod m), so that r − a/m has the denominator 2^k.
		two := new(big.Int).Exp(big.NewInt(2), big.NewInt(int64(k)), m)
		a := new(big.Int).ModInverse(two, m)
		a.Mul(a, r.Num())
		a.Mod(a, m)
		frac = new(big.Rat).SetFrac(a, m)
		d.Sub(d, frac)
	}
	exp := d.Denom().BitLen() - 1
	x, err := NewDyadicBig(d.Num(), exp)
	return frac, x, err
}

// short returns the short part of x.
func (x RationalGame) short() *Game {
	if x.g == nil {
		return Zero
	}
	return x.g
}

// Short returns x as a short game, and whether it is one (its rational
// part is dyadic).
func (x RationalGame) Short() (*Game, bool) { return x.short(), x.frac == nil }

// Parts returns f and G with x = f + G: f = 0 or a/m with m odd and
// 0 < a < m, G short; equal values have equal parts.
func (x RationalGame) Parts() (*big.Rat, *Game) {
	f := new(big.Rat)
	if x.frac != nil {
		f.Set(x.frac)
	}
	return f, x.short()
}

// Number returns x as a rational number, and whether it is one.
func (x RationalGame) number() (*big.Rat, bool) {
	d, ok := x.short().AsNumber()
	if !ok {
		return nil, false
	}
	r := d.rat()
	if x.frac != nil {
		r.Add(r, x.frac)
	}
	return r, true
}

// Neg returns −x.
func (x RationalGame) Neg() RationalGame {
	if x.frac == nil {
		return RationalGame{g: x.short().Neg()}
	}
	// −a/m = (m − a)/m − 1.
	f := new(big.Rat).Sub(big.NewRat(1, 1), x.frac)
	return RationalGame{frac: f, g: mustAdd(x.short().Neg(), number(Int(-1)))}
}

// leftStop returns the Left stop of x: the rational part plus the Left
// stop of the short part.
func (x RationalGame) leftStop() *big.Rat { return x.stop(x.short().LeftStop()) }

// rightStop returns the Right stop of x.
func (x RationalGame) rightStop() *big.Rat { return x.stop(x.short().RightStop()) }

func (x RationalGame) stop(d Dyadic) *big.Rat {
	r := d.rat()
	if x.frac != nil {
		r.Add(r, x.frac)
	}
	return r
}

// addRational returns x + y.
func (a *adder) addRational(x, y RationalGame) (RationalGame, error) {
	g, err := a.add(x.short(), y.short())
	if err != nil {
		return RationalGame{}, err
	}
	f := new(big.Rat)
	for _, z := range []RationalGame{x, y} {
		if z.frac != nil {
			f.Add(f, z.frac)
		}
	}
	return a.rational(f, g)
}

// compareRational returns the relation of x to y.
func (a *adder) compareRational(x, y RationalGame) (Relation, error) {
	if x.frac == nil && y.frac == nil {
		return a.c.compare(x.short(), y.short()), nil
	}
	d, err := a.addRational(x, y.Neg())
	if err != nil {
		return 0, err
	}
	if d.frac == nil {
		return a.c.compare(d.short(), Zero), nil
	}
	// d = f + H ≥ 0 exactly when H ≥ −f, that is R(H) > −f; d ≤ 0 when
	// L(H) < −f. Neither stop is −f, which is not dyadic.
	negf := new(big.Rat).Neg(d.frac)
	h := d.short()
	switch {
	case h.RightStop().rat().Cmp(negf) > 0:
		return Greater, nil
	case h.LeftStop().rat().Cmp(negf) < 0:
		return Less, nil
	}
	return Fuzzy, nil
}

func (a *adder) parseRational(s string) (RationalGame, error) {
	p := &parser{s: s, a: a, rat: new(big.Rat)}
	g, err := parseWith(p)
	if err != nil {
		return RationalGame{}, err
	}
	return a.rational(p.rat, g)
}

// rational reads the number from start to the current offset when its
// denominator is not a power of 2: it adds the part that is not dyadic
// to p.rat and returns the dyadic rest. It returns dyadicErr, the
// error of reading the number as a Dyadic, when it is no rational
// either.
func (p *parser) rational(start int, neg bool, dyadicErr error) (Dyadic, error) {
	q, ok := new(big.Rat).SetString(p.s[start:p.pos])
	if !ok {
		return Dyadic{}, dyadicErr
	}
	if p.depth > 0 {
		return Dyadic{}, fmt.Errorf("%w: %s is not dyadic, so it can only be a term of the whole sum (write 1/3 + {1|0}, not {4/3|1/3})", ErrSyntax, q.RatString())
	}
	if p.productAhead() {
		return Dyadic{}, fmt.Errorf("%w: only an integer can multiply a game (n * G)", ErrSyntax)
	}
	if p.at(".") {
		return Dyadic{}, fmt.Errorf("%w: %s is not dyadic, so it has no .Tiny or .Miny", ErrSyntax, q.RatString())
	}
	if neg {
		q.Neg(q)
	}
	frac, d, err := splitRat(q)
	if err != nil {
		return Dyadic{}, err
	}
	switch {
	case frac == nil:
	case p.termNeg:
		p.rat.Sub(p.rat, frac)
	default:
		p.rat.Add(p.rat, frac)
	}
	return d, nil
}

// String returns x written as CGSuite writes it: a short game as
// Game.String writes it; a number as a fraction, 1/3; a number plus an
// infinitesimal with the number first, 1/3*, 4/3v[3]*, 2/5Tiny(2); any
// other game as f + G, 1/3+{2|1}. Calculator.ParseRational reads each back.
func (x RationalGame) String() string {
	g := x.short()
	if x.frac == nil {
		return g.String()
	}
	if r, ok := x.number(); ok {
		return r.RatString()
	}
	if ls := g.LeftStop(); ls.Cmp(g.RightStop()) == 0 {
		inf := mustAdd(g, number(ls.Neg()))
		num := x.stop(ls).RatString()
		t := inf.String()
		for _, head := range []string{"^", "v", "*", "Tiny", "Miny"} {
			if strings.HasPrefix(t, head) {
				return num + t
			}
		}
		return joinSum(num, t)
	}
	return joinSum(x.frac.RatString(), g.String())
}

// joinSum writes the sum of a number and a game's text: a switch or a
// negative text follows at once (1/3+-1), any other after a +.
func joinSum(num, t string) string {
	if strings.HasPrefix(t, "-") || strings.HasPrefix(t, "+-") {
		return num + t
	}
	return num + "+" + t
}

// ParseRational reads a game as Parse does, and also rationals whose
// denominators are not powers of 2 written as terms of the whole sum:
// "1/3", "1/3*", "2/5^ + {1|0}", "1 - 1/3". Inside braces, parentheses,
// switches and after a sign such a number is an error: write
// 1/3 + {1|0}, not {4/3|1/3}.
// It stops within k's limit.
func (k *Calculator) ParseRational(ctx context.Context, s string) (RationalGame, error) {
	var x RationalGame
	_, err := k.run(ctx, "the game", func() (*Game, error) {
		var err error
		x, err = k.a.parseRational(s)
		return nil, err
	})
	return x, err
}

// SumRational returns the sum of the games (0 for none).
func (k *Calculator) SumRational(ctx context.Context, xs ...RationalGame) (RationalGame, error) {
	var s RationalGame
	_, err := k.run(ctx, "the sum", func() (*Game, error) {
		for _, x := range xs {
			var err error
			if s, err = k.a.addRational(s, x); err != nil {
				return nil, err
			}
		}
		return nil, nil
	})
	return s, err
}

// CompareRational returns the relation of x to y.
func (k *Calculator) CompareRational(ctx context.Context, x, y RationalGame) (Relation, error) {
	var o Relation
	_, err := k.run(ctx, "the comparison", func() (*Game, error) {
		var err error
		o, err = k.a.compareRational(x, y)
		return nil, err
	})
	return o, err
}
