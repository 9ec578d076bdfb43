package partizan

import "context"

// Conjunctive returns the conjunctive compound g ∧ h: a player moves in
// both components at once, and the compound ends as soon as either
// component does, so g ∧ h = {G^L ∧ H^L | G^R ∧ H^R} (Winning Ways,
// ch. 9). It is a compound of the canonical forms of g and h, which is
// what they are: unlike the sum, it can tell apart forms of one value.
// Between impartial games its outcome follows Smith's remoteness: the
// component that ends first decides.
func (k *Calculator) Conjunctive(ctx context.Context, g, h *Game) (*Game, error) {
	return k.run(ctx, "the conjunctive compound", func() (*Game, error) {
		return k.compound(g, h, false, map[[2]key]*Game{})
	})
}

// Selective returns the selective compound g ∨ h: a player moves in
// either component or in both, so its Left options are G^L ∨ h, g ∨ H^L
// and G^L ∨ H^L, and likewise for Right (Winning Ways, ch. 10). Like
// Conjunctive it compounds the canonical forms. Between impartial games
// the second player wins exactly when she wins both components.
func (k *Calculator) Selective(ctx context.Context, g, h *Game) (*Game, error) {
	return k.run(ctx, "the selective compound", func() (*Game, error) {
		return k.compound(g, h, true, map[[2]key]*Game{})
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
