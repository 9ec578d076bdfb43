package partizan

import (
	"context"
	"fmt"
	"math/big"
	"slices"
)

// The everyday operations of CGSuite's short-game toolbox (Siegel,
// Combinatorial Game Theory, II.3 to II.7): birthdays, incentives,
// cooling, freezing, heating and overheating, Norton products, reduced
// canonical forms, and the infinitesimal and all-small tests.

// Birthday returns the day on which g is born: 0 for 0, and otherwise one
// more than the latest birthday of its canonical options (a number
// n/2^k with k ≥ 1 is born on day ⌊|n/2^k|⌋ + 1 + k, an integer on day |n|).
func (g *Game) Birthday() *big.Int {
	memo := map[key]*big.Int{}
	var day func(x *Game) *big.Int
	day = func(x *Game) *big.Int {
		if x.isNum {
			return numberBirthday(x.num)
		}
		if d, ok := memo[x.key]; ok {
			return d
		}
		d := new(big.Int)
		for _, o := range append(slices.Clone(x.left), x.right...) {
			if b := day(o); b.Cmp(d) >= 0 {
				d.Add(b, big.NewInt(1))
			}
		}
		memo[x.key] = d
		return d
	}
	return new(big.Int).Set(day(g))
}

// Incentives returns the Left incentives G^L − G and the Right incentives
// G − G^R of g's canonical options: what a move is worth to the player
// who makes it.
func (k *Calculator) Incentives(ctx context.Context, g *Game) (left, right []*Game, err error) {
	_, err = k.run(ctx, "the incentives", func() (*Game, error) {
		neg := g.Neg()
		for _, o := range g.Left() {
			d, err := k.a.add(o, neg)
			if err != nil {
				return nil, err
			}
			left = append(left, d)
		}
		for _, o := range g.Right() {
			d, err := k.a.add(g, o.Neg())
			if err != nil {
				return nil, err
			}
			right = append(right, d)
		}
		return nil, nil
	})
	if err != nil {
		return nil, nil, err
	}
	return sortOptions(left), sortOptions(right), nil
}

// Cool returns g cooled by t ≥ 0: a number stays as it is; a game whose
// temperature is below t freezes at its mean; any other game is
// {G^L cooled by t, minus t | G^R cooled by t, plus t}. Cooling by the
// temperature leaves a game infinitesimally close to its mean.
func (k *Calculator) Cool(ctx context.Context, g *Game, t Dyadic) (*Game, error) {
	if t.Sign() < 0 {
		return nil, fmt.Errorf("cooling by %v needs a temperature of 0 or more: %w", t, ErrRange)
	}
	if _, err := k.Thermograph(ctx, RationalOf(g)); err != nil {
		return nil, err
	}
	thermo := map[key]*thermo{}
	tr := t.rat()
	nt := number(t)
	return k.temper(ctx, "cooling", g, nt.Neg(), nt, func(x *Game) (*Game, bool, error) {
		if x.isNum {
			return x, true, nil
		}
		th := thermograph(x, thermo)
		if th.temp.Cmp(tr) >= 0 {
			return nil, false, nil
		}
		m, err := ratDyadic(th.mean)
		return number(m), true, err
	})
}

// Freeze returns g cooled by its temperature: g itself for a number,
// whose temperature is negative, and otherwise a game infinitesimally
// close to g's mean.
func (k *Calculator) Freeze(ctx context.Context, g *Game) (*Game, error) {
	if g.isNum {
		return g, nil
	}
	th, err := k.Thermograph(ctx, RationalOf(g))
	if err != nil {
		return nil, err
	}
	t, err := ratDyadic(th.Temperature)
	if err != nil {
		return nil, err
	}
	return k.Cool(ctx, g, t)
}

// Heat returns g heated by t, the integral ∫^t g: a number stays as it
// is, and any other game is {t + ∫^t G^L | −t + ∫^t G^R}. The game t
// need not be a number: ∫^* is the heating of the reduced canonical
// form. Heating undoes cooling for games whose options are far enough
// from numbers (Siegel, Combinatorial Game Theory, II.5); ∫^t * = ±t.
func (k *Calculator) Heat(ctx context.Context, g, t *Game) (*Game, error) {
	return k.temper(ctx, "heating", g, t, t.Neg(), func(x *Game) (*Game, bool, error) { return x, x.isNum, nil })
}

// Overheat returns g overheated from s to t, Berlekamp's ∫_s^t g: an
// integer n becomes n.s, the Norton product (n copies of s), and any
// other game, fractions included, becomes
// {t + ∫_s^t G^L | −t + ∫_s^t G^R} (Winning Ways, ch. 6; Siegel,
// Combinatorial Game Theory, II.5). ∫_1^{1*} turns Blockbusting's
// cooled values back into its games.
func (k *Calculator) Overheat(ctx context.Context, g, s, t *Game) (*Game, error) {
	return k.temper(ctx, "overheating", g, t, t.Neg(), func(x *Game) (*Game, bool, error) {
		if !x.isNum || !x.num.IsInt() {
			return nil, false, nil
		}
		v, err := k.a.times(x.num, s)
		return v, true, err
	})
}

// temper rebuilds g from the bottom up, adding leftShift to every Left
// option and rightShift to every Right option of each subposition, once the options
// themselves are rebuilt; leaf gives the result for a subposition at
// once when it reports true, and must do so for every number it is not
// to play through.
func (k *Calculator) temper(ctx context.Context, what string, g, leftShift, rightShift *Game, leaf func(*Game) (*Game, bool, error)) (*Game, error) {
	return k.run(ctx, what, func() (*Game, error) {
		memo := map[key]*Game{}
		var rebuild func(x *Game) (*Game, error)
		rebuild = func(x *Game) (*Game, error) {
			if v, ok := memo[x.key]; ok {
				return v, nil
			}
			k.a.c.w.tick()
			v, ok, err := leaf(x)
			if err != nil {
				return nil, err
			}
			if !ok {
				v, err = k.mapOptions(x, func(o *Game, right bool) (*Game, error) {
					h, err := rebuild(o)
					if err != nil {
						return nil, err
					}
					if right {
						return k.a.add(h, rightShift)
					}
					return k.a.add(h, leftShift)
				})
				if err != nil {
					return nil, err
				}
			}
			memo[x.key] = v
			return v, nil
		}
		return rebuild(g)
	})
}

// ReducedCanonicalForm returns the simplest game infinitesimally close to
// g: the reduced canonical form of Grossman and Siegel ("Reductions of
// partizan games", 2009; Siegel, Combinatorial Game Theory, II.6), which
// two games share exactly when they differ by an infinitesimal. It is
// x for x + k·↑ + *m, and otherwise g heated by *, with every x* among
// the subpositions of the result replaced by x.
func (k *Calculator) ReducedCanonicalForm(ctx context.Context, g *Game) (*Game, error) {
	if f, ok := upStar(g, map[key]upStarForm{}); ok {
		return number(f.x), nil
	}
	h, err := k.Heat(ctx, g, starGame)
	if err != nil {
		return nil, err
	}
	return k.run(ctx, "the reduced canonical form", func() (*Game, error) {
		memo := map[key]*Game{}
		var project func(x *Game) (*Game, error)
		project = func(x *Game) (*Game, error) {
			if x.isNum {
				return x, nil
			}
			if d, m, ok := x.numberStar(); ok && m == 1 {
				return number(d), nil
			}
			if v, ok := memo[x.key]; ok {
				return v, nil
			}
			k.a.c.w.tick()
			v, err := k.mapOptions(x, func(o *Game, _ bool) (*Game, error) { return project(o) })
			if err != nil {
				return nil, err
			}
			memo[x.key] = v
			return v, nil
		}
		return project(h)
	})
}

// NortonMultiply returns the Norton product g.u: n copies of u (of −u
// for n < 0) when g is an integer n, and otherwise
// {G^L.u + u + I | G^R.u − u − I} with I over the incentives of u
// (Winning Ways, ch. 8; Siegel, Combinatorial Game Theory, II.5). For
// u > 0 it is additive and order-preserving in g, and 1/2.u + 1/2.u = u;
// the product depends on g's canonical form, which is what it uses.
func (k *Calculator) NortonMultiply(ctx context.Context, g, u *Game) (*Game, error) {
	li, ri, err := k.Incentives(ctx, u)
	if err != nil {
		return nil, err
	}
	return k.run(ctx, "the Norton product", func() (*Game, error) {
		var units []*Game // u + I for every incentive I of u
		for _, i := range append(li, ri...) {
			v, err := k.a.add(u, i)
			if err != nil {
				return nil, err
			}
			units = append(units, v)
		}
		return k.norton(g, u, units, map[key]*Game{})
	})
}

func (k *Calculator) norton(g, u *Game, units []*Game, memo map[key]*Game) (*Game, error) {
	if g.isNum && g.num.IsInt() {
		return k.a.times(g.num, u)
	}
	if v, ok := memo[g.key]; ok {
		return v, nil
	}
	k.a.c.w.tick()
	side := func(opts []*Game, sign bool) ([]*Game, error) {
		var out []*Game
		for _, o := range opts {
			p, err := k.norton(o, u, units, memo)
			if err != nil {
				return nil, err
			}
			for _, w := range units {
				if sign {
					w = w.Neg()
				}
				v, err := k.a.add(p, w)
				if err != nil {
					return nil, err
				}
				out = append(out, v)
			}
		}
		return out, nil
	}
	l, err := side(g.Left(), false)
	if err != nil {
		return nil, err
	}
	r, err := side(g.Right(), true)
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

// mapOptions returns the canonical form of {f(G^L) | f(G^R)}: g with
// each option o replaced by f(o, right), right telling its side.
func (k *Calculator) mapOptions(g *Game, f func(o *Game, right bool) (*Game, error)) (*Game, error) {
	var sides [2][]*Game
	for i, opts := range [2][]*Game{g.Left(), g.Right()} {
		for _, o := range opts {
			v, err := f(o, i == 1)
			if err != nil {
				return nil, err
			}
			sides[i] = append(sides[i], v)
		}
	}
	return k.a.c.canon(sides[0], sides[1])
}

// isInfinitesimal reports whether g lies strictly between −x and x for
// every positive number x: whether both its stops are 0 (Siegel,
// Combinatorial Game Theory, II.4). Zero itself is infinitesimal.
func (g *Game) isInfinitesimal() bool {
	return g.LeftStop().Sign() == 0 && g.RightStop().Sign() == 0
}

// isAllSmall reports whether g equals an all-small game, one in which
// every subposition with a move for one player has a move for the other;
// that holds exactly when the canonical form is all-small (Siegel,
// Combinatorial Game Theory, II.7). Every all-small game is
// infinitesimal; the only number among them is 0.
func (g *Game) isAllSmall() bool {
	memo := map[key]bool{}
	var small func(x *Game) bool
	small = func(x *Game) bool {
		if x.isNum {
			return x.num.Sign() == 0
		}
		if v, ok := memo[x.key]; ok {
			return v
		}
		v := len(x.left) > 0 && len(x.right) > 0
		for _, o := range x.left {
			v = v && small(o)
		}
		for _, o := range x.right {
			v = v && small(o)
		}
		memo[x.key] = v
		return v
	}
	return small(g)
}

// ratDyadic returns the dyadic rational r, which must have a power of 2
// as its denominator.
func ratDyadic(r *big.Rat) (Dyadic, error) {
	den := r.Denom()
	if den.BitLen() == 0 || den.TrailingZeroBits() != uint(den.BitLen()-1) {
		return Dyadic{}, fmt.Errorf("%w: %v", ErrRange, r)
	}
	return NewDyadicBig(r.Num(), den.BitLen()-1)
}
