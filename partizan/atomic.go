package partizan

import (
	"context"
	"errors"
	"fmt"
)

// ErrNotAtomic reports a game that has no atomic weight.
var ErrNotAtomic = errors.New("the game has no atomic weight")

// AtomicWeight returns the atomic weight of g: the game W with g ~ W.↑,
// where G ~ H when G + X + *m and H + X + *m have the same outcome for
// every X and every large enough m (Winning Ways, ch. 8; Siegel,
// Combinatorial Game Theory, II.7). Every all-small game has one, and
// atomic weights add over sums; the two-ahead rule says that g > 0 when
// its atomic weight is 2 or more.
//
// It is computed by the atomic weight calculus: x + k·↑ + *m weighs k,
// and any other g weighs G″ = {AW(G^L) − 2 | AW(G^R) + 2} unless G″ is
// an integer; then, with ☆ a nimber beyond every nimber in g, the weight
// is the least integer n ⊳ every AW(G^L) − 2 when g < ☆, the greatest
// n ⊲ every AW(G^R) + 2 when g > ☆, and G″ otherwise. The result is
// checked as Wolfe proposed, g − W.↑ lying within ±(↑* + *2^j:−1) for
// 2^j past ☆, and an error wrapping ErrNotAtomic is returned when it
// does not.
func (k *Calculator) AtomicWeight(ctx context.Context, g *Game) (*Game, error) {
	var w *Game
	_, err := k.run(ctx, "the atomic weight", func() (*Game, error) {
		var err error
		w, err = k.naiveWeight(g, map[key]*Game{}, map[key]int{})
		return nil, err
	})
	if err != nil {
		return nil, err
	}
	p, err := k.NortonMultiply(ctx, w, upGame)
	if err != nil {
		return nil, err
	}
	_, err = k.run(ctx, "the atomic weight", func() (*Game, error) {
		d, err := k.a.add(g, p.Neg())
		if err != nil {
			return nil, err
		}
		n := 2
		for n < farStar(g, map[key]int{}) {
			n *= 2
		}
		kite, err := k.a.c.ordinalSum(newNumberStar(Dyadic{}, n), number(Dyadic{num: -1}))
		if err != nil {
			return nil, err
		}
		e, err := k.a.add(build([]*Game{Zero, starGame}, []*Game{Zero}), kite)
		if err != nil {
			return nil, err
		}
		if !k.a.c.le(d, e) || !k.a.c.le(e.Neg(), d) {
			return nil, fmt.Errorf("%w: %v is not infinitesimally close to a multiple of ↑", ErrNotAtomic, g)
		}
		return nil, nil
	})
	if err != nil {
		return nil, err
	}
	return w, nil
}

// naiveWeight returns the weight the atomic weight calculus gives g.
func (k *Calculator) naiveWeight(g *Game, memo map[key]*Game, stars map[key]int) (*Game, error) {
	if f, ok := upStar(g, k.a.ups); ok {
		return number(Dyadic{num: int64(f.k)}), nil
	}
	if v, ok := memo[g.key]; ok {
		return v, nil
	}
	k.a.c.w.tick()
	two := number(Dyadic{num: 2})
	var l, r []*Game // the weights of the options, shifted by ∓2
	v, err := k.mapOptions(g, func(o *Game, right bool) (*Game, error) {
		w, err := k.naiveWeight(o, memo, stars)
		if err != nil {
			return nil, err
		}
		if right {
			w, err = k.a.add(w, two)
			r = append(r, w)
		} else {
			w, err = k.a.add(w, two.Neg())
			l = append(l, w)
		}
		return w, err
	})
	if err != nil {
		return nil, err
	}
	if v.isNum && v.num.IsInt() {
		far := newNumberStar(Dyadic{}, farStar(g, stars))
		below, above := k.a.c.le(g, far), k.a.c.le(far, g)
		switch {
		case below && !above:
			v, err = k.pastAll(l, true)
		case above && !below:
			v, err = k.pastAll(r, false)
		}
		if err != nil {
			return nil, err
		}
	}
	memo[g.key] = v
	return v, nil
}

// pastAll returns 0 for no games; otherwise, for above, the least
// integer n with n ⊳ x (n not ≤ x) for every x in xs, and else the
// greatest with n ⊲ x for every x.
func (k *Calculator) pastAll(xs []*Game, above bool) (*Game, error) {
	if len(xs) == 0 {
		return Zero, nil
	}
	var best Dyadic
	one := Int(1)
	for i, x := range xs {
		var n Dyadic
		if above {
			n = x.RightStop().ceil()
			if k.a.c.le(number(n), x) {
				n = n.Add(one)
			}
		} else {
			n = x.LeftStop().floor()
			if k.a.c.le(x, number(n)) {
				n = n.Sub(one)
			}
		}
		if i == 0 || (above && n.Cmp(best) > 0) || (!above && n.Cmp(best) < 0) {
			best = n
		}
	}
	return number(best), nil
}

// farStar returns one more than the largest nimber among g's
// subpositions (1 for none), the index of a nimber ☆ no subposition
// of g can tell from a larger one.
func farStar(g *Game, memo map[key]int) int {
	if g.isNum {
		return 1
	}
	if d, m, ok := g.numberStar(); ok && d.Sign() == 0 {
		return m + 1
	}
	if v, ok := memo[g.key]; ok {
		return v
	}
	v := 1
	for _, o := range g.left {
		v = max(v, farStar(o, memo))
	}
	for _, o := range g.right {
		v = max(v, farStar(o, memo))
	}
	memo[g.key] = v
	return v
}
