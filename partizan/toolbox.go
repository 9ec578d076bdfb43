package partizan

import (
	"context"
	"fmt"
	"math/big"
)

// The everyday operations of CGSuite's short-game toolbox (Siegel,
// Combinatorial Game Theory, II.3 and II.5): birthdays, incentives,
// cooling and heating.

// Birthday returns the day on which g is born: 0 for 0, and otherwise one
// more than the latest birthday of its canonical options (for a number,
// the package function Birthday).
func (g *Game) Birthday() int64 {
	memo := map[key]int64{}
	var day func(x *Game) int64
	day = func(x *Game) int64 {
		if x.isNum {
			return Birthday(x.num)
		}
		if d, ok := memo[x.key]; ok {
			return d
		}
		var d int64
		for _, o := range x.left {
			d = max(d, day(o)+1)
		}
		for _, o := range x.right {
			d = max(d, day(o)+1)
		}
		memo[x.key] = d
		return d
	}
	return day(g)
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
	thermo := map[key]*Thermograph{}
	tr := t.rat()
	return k.temper(ctx, "cooling", g, t.Neg(), t, func(x *Game) (*Game, bool, error) {
		th := thermograph(x, thermo)
		if th.temp.Cmp(tr) >= 0 {
			return nil, false, nil
		}
		m, err := ratDyadic(th.mean)
		return number(m), true, err
	})
}

// Heat returns g heated by t, the integral ∫^t g: a number stays as it
// is, and any other game is {t + ∫^t G^L | −t + ∫^t G^R}. Heating undoes
// cooling for games whose options are far enough from numbers (Siegel,
// Combinatorial Game Theory, II.5); ∫^t * = ±t.
func (k *Calculator) Heat(ctx context.Context, g *Game, t Dyadic) (*Game, error) {
	return k.temper(ctx, "heating", g, t, t.Neg(), func(*Game) (*Game, bool, error) { return nil, false, nil })
}

// temper rebuilds g from the bottom up, adding left to every Left option
// and right to every Right option of each subposition that is not a
// number, once the options themselves are rebuilt; frozen gives the
// result for a subposition at once when it reports true.
func (k *Calculator) temper(ctx context.Context, what string, g *Game, left, right Dyadic, frozen func(*Game) (*Game, bool, error)) (*Game, error) {
	return k.run(ctx, what, func() (*Game, error) {
		memo := map[key]*Game{}
		var rebuild func(x *Game) (*Game, error)
		side := func(opts []*Game, shift Dyadic) ([]*Game, error) {
			out := make([]*Game, len(opts))
			for i, o := range opts {
				h, err := rebuild(o)
				if err != nil {
					return nil, err
				}
				if out[i], err = k.a.add(h, number(shift)); err != nil {
					return nil, err
				}
			}
			return out, nil
		}
		rebuild = func(x *Game) (*Game, error) {
			if x.isNum {
				return x, nil
			}
			if v, ok := memo[x.key]; ok {
				return v, nil
			}
			k.a.c.w.tick()
			v, ok, err := frozen(x)
			if err != nil {
				return nil, err
			}
			if !ok {
				l, err := side(x.left, left)
				if err != nil {
					return nil, err
				}
				r, err := side(x.right, right)
				if err != nil {
					return nil, err
				}
				if v, err = k.a.c.canon(l, r); err != nil {
					return nil, err
				}
			}
			memo[x.key] = v
			return v, nil
		}
		return rebuild(g)
	})
}

// rat returns a as a big.Rat.
func (a Dyadic) rat() *big.Rat {
	return new(big.Rat).SetFrac(big.NewInt(a.num), new(big.Int).Lsh(big.NewInt(1), uint(a.exp)))
}

// ratDyadic returns the dyadic rational r, which must have a power of 2
// as its denominator.
func ratDyadic(r *big.Rat) (Dyadic, error) {
	den := r.Denom()
	if den.BitLen() == 0 || den.TrailingZeroBits() != uint(den.BitLen()-1) || !r.Num().IsInt64() {
		return Dyadic{}, fmt.Errorf("%w: %v", ErrRange, r)
	}
	return NewDyadic(r.Num().Int64(), den.BitLen()-1)
}
