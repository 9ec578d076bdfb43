package partizan

import (
	"context"
	"fmt"
)

// SensibleLines returns the sensible lines of play of the form f
// (CGSuite's SensibleLines): for each Left option K^L of f's canonical
// form K, a line G^L, G^LR, G^LRL, … of f's positions in which each Left
// move is worth at least K^L, each Right reply at most K, and the last
// move is worth exactly K^L. It shows where each option of the
// canonical form sits in the form as written: a line of one move is an
// option kept, a longer one a reversible move bypassed. right holds the
// Right lines likewise (each Right move at most K^R, each Left reply at
// least K). Where several lines exist, the first in the order of the
// form's options is returned.
func (k *Calculator) SensibleLines(ctx context.Context, f *Form) (left, right [][]*Form, err error) {
	_, err = k.run(ctx, "the sensible lines", func() (*Game, error) {
		memo := map[key]*Game{}
		g, err := k.canonical(f, memo)
		if err != nil {
			return nil, err
		}
		for _, side := range []bool{false, true} {
			canon := g.Left()
			if side {
				canon = g.Right()
			}
			var lines [][]*Form
			for _, c := range canon {
				line, err := k.sensibleLine(f, g, c, side, memo)
				if err != nil {
					return nil, err
				}
				if line == nil {
					return nil, fmt.Errorf("no sensible line reaches the option %v of %v", c, g)
				}
				lines = append(lines, line)
			}
			if side {
				right = lines
			} else {
				left = lines
			}
		}
		return nil, nil
	})
	return left, right, err
}

// sensibleLine searches the positions of f for a line to the canonical
// option c of g, f's canonical form: a move of the player (Right when
// right) worth at least c for Left (at most c for Right), then a reply
// at most g (at least g), and so on, ending at a move equal to c.
func (k *Calculator) sensibleLine(f *Form, g, c *Game, right bool, memo map[key]*Game) ([]*Form, error) {
	moves, replies := f.Left(), (*Form).Right
	if right {
		moves, replies = f.Right(), (*Form).Left
	}
	for _, m := range moves {
		v, err := k.canonical(m, memo)
		if err != nil {
			return nil, err
		}
		if !right && !k.a.c.le(c, v) || right && !k.a.c.le(v, c) {
			continue
		}
		if v.Equal(c) {
			return []*Form{m}, nil
		}
		for _, r := range replies(m) {
			w, err := k.canonical(r, memo)
			if err != nil {
				return nil, err
			}
			if !right && !k.a.c.le(w, g) || right && !k.a.c.le(g, w) {
				continue
			}
			rest, err := k.sensibleLine(r, g, c, right, memo)
			if err != nil {
				return nil, err
			}
			if rest != nil {
				return append([]*Form{m, r}, rest...), nil
			}
		}
	}
	return nil, nil
}
