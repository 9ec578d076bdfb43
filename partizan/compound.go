package partizan

import (
	"context"
	"math/big"

	"github.com/nimbers/grundy/budget"
)

// Conjunctive returns the conjunctive compound g ∧ h: a player moves in
// both components at once, and the compound ends as soon as either
// component does, so g ∧ h = {G^L ∧ H^L | G^R ∧ H^R} (Winning Ways,
// ch. 9). It is a compound of the canonical forms of g and h, which is
// what they are: unlike the sum, it can tell apart forms of one value.
// Between impartial games its outcome follows Smith's remoteness: the
// component that ends first decides.
func (k *Calculator) Conjunctive(ctx context.Context, g, h *Game) (*Game, error) {
	bg, bh := g.Birthday(), h.Birthday()
	if bh.Cmp(bg) < 0 {
		bg = bh
	}
	return k.compoundOf(ctx, "the conjunctive compound", g, h, false, bg)
}

// Selective returns the selective compound g ∨ h: a player moves in
// either component or in both, so its Left options are G^L ∨ h, g ∨ H^L
// and G^L ∨ H^L, and likewise for Right (Winning Ways, ch. 10). Like
// Conjunctive it compounds the canonical forms. Between impartial games
// the second player wins exactly when she wins both components.
func (k *Calculator) Selective(ctx context.Context, g, h *Game) (*Game, error) {
	// Nearly every pair of subpositions is a position of the compound, so
	// their product is the steps it takes.
	if n := followers(g) * followers(h); n > k.w.limit-float64(k.w.steps) {
		return nil, &budget.TooLargeError{What: "the selective compound", Unit: "steps", Estimate: n, Limit: k.w.limit}
	}
	return k.compoundOf(ctx, "the selective compound", g, h, true, new(big.Int).Add(g.Birthday(), h.Birthday()))
}

// SelectiveCGSuite returns the compound CGSuite 2 calls the selective
// sum: its options are those of the disjunctive sum g + h and of the
// conjunctive compound g ∧ h, so after the first move the compound is
// a sum or a conjunctive compound, no longer selective. It is not
// Winning Ways' selective compound (Selective), which stays selective:
// *5 ∨ *6 is *11 there and *8 here. It is offered to reproduce
// CGSuite's tables.
func (k *Calculator) SelectiveCGSuite(ctx context.Context, g, h *Game) (*Game, error) {
	// The conjunctive compounds of the options come first, within the
	// same limits; then the sums.
	var l, r []*Game
	for _, side := range []struct {
		gs, hs []*Game
		out    *[]*Game
	}{{g.Left(), h.Left(), &l}, {g.Right(), h.Right(), &r}} {
		for _, x := range side.gs {
			for _, y := range side.hs {
				v, err := k.Conjunctive(ctx, x, y)
				if err != nil {
					return nil, err
				}
				*side.out = append(*side.out, v)
			}
		}
	}
	return k.run(ctx, "the selective sum", func() (*Game, error) {
		for _, side := range []struct {
			gs, hs []*Game
			out    *[]*Game
		}{{g.Left(), h.Left(), &l}, {g.Right(), h.Right(), &r}} {
			for _, x := range side.gs {
				v, err := k.a.add(x, h)
				if err != nil {
					return nil, err
				}
				*side.out = append(*side.out, v)
			}
			for _, y := range side.hs {
				v, err := k.a.add(g, y)
				if err != nil {
					return nil, err
				}
				*side.out = append(*side.out, v)
			}
		}
		return k.a.c.canon(l, r)
	})
}

// followers returns the number of distinct subpositions of g's canonical
// form, g included, counting a number's whole chain of options.
func followers(g *Game) float64 {
	return weigh(g, func(d Dyadic) float64 {
		b, _ := new(big.Float).SetInt(numberBirthday(d)).Float64()
		return 2*b + 1 // a bound: the chain, and the sides of fractions
	})
}

// maxCompoundDepth bounds the moves a conjunctive or selective compound
// can last, its recursion depth: a compound of the integers 10^12 and
// 10^12 lasts 10^12 moves, each a game of its own.
const maxCompoundDepth = 1 << 16

// compoundOf computes a compound that lasts at most depth moves, refusing
// it at once past maxCompoundDepth.
func (k *Calculator) compoundOf(ctx context.Context, what string, g, h *Game, selective bool, depth *big.Int) (*Game, error) {
	if depth.Cmp(big.NewInt(maxCompoundDepth)) > 0 {
		d, _ := new(big.Float).SetInt(depth).Float64()
		return nil, &budget.TooLargeError{What: what, Unit: "moves deep", Estimate: d, Limit: maxCompoundDepth, Fixed: true}
	}
	return k.run(ctx, what, func() (*Game, error) {
		return k.compound(g, h, selective, map[[2]key]*Game{})
	})
}

// compound returns g ∧ h, or g ∨ h when selective.
func (k *Calculator) compound(g, h *Game, selective bool, memo map[[2]key]*Game) (*Game, error) {
	kk := [2]key{g.key, h.key}
	if v, ok := memo[kk]; ok {
		return v, nil
	}
	k.a.c.w.tick()
	side := func(gs, hs []*Game) ([]*Game, error) {
		var out []*Game
		add := func(x, y *Game) error {
			v, err := k.compound(x, y, selective, memo)
			out = append(out, v)
			return err
		}
		for _, x := range gs {
			for _, y := range hs {
				if err := add(x, y); err != nil {
					return nil, err
				}
			}
		}
		if selective {
			for _, x := range gs {
				if err := add(x, h); err != nil {
					return nil, err
				}
			}
			for _, y := range hs {
				if err := add(g, y); err != nil {
					return nil, err
				}
			}
		}
		return out, nil
	}
	l, err := side(g.Left(), h.Left())
	if err != nil {
		return nil, err
	}
	r, err := side(g.Right(), h.Right())
	if err != nil {
		return nil, err
	}
	v, err := k.a.c.canon(l, r)
	if err != nil {
		return nil, err
	}
	memo[kk] = v
	return v, nil
}
