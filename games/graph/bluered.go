package graph

import (
	"context"
	"math/big"
	"slices"
	"unicode"

	"github.com/nimbers/grundy/games"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/partizan"
)

// A Color is the colour of a Hackenbush edge: who may cut it.
type Color byte

// Blue edges are Left's to cut, Red edges Right's, Green edges either's.
const (
	Blue  Color = 'B'
	Red   Color = 'R'
	Green Color = 'G'
)

// parseColors reads a string of edge colours, one letter each: B (or L)
// for Blue, R for Red, G for Green, in either case.
func parseColors(s string) ([]Color, error) {
	out := make([]Color, 0, len(s))
	for i, c := range s {
		switch unicode.ToUpper(c) {
		case 'B', 'L':
			out = append(out, Blue)
		case 'R':
			out = append(out, Red)
		case 'G':
			out = append(out, Green)
		default:
			return nil, games.InputErrorf("colour %q at offset %d is not B, R or G", c, i)
		}
	}
	return out, nil
}

// edge returns the one-edge game of a colour: 1 = {0 | } for Blue,
// −1 = { | 0} for Red, * = {0 | 0} for Green.
func (c Color) edge() *partizan.Game {
	one := partizan.Int(1)
	switch c {
	case Blue:
		return partizan.Number(one)
	case Red:
		return partizan.Number(one.Neg())
	}
	return partizan.Nimber(1)
}

// partizanHackenbush returns the value of Blue-Red-Green Hackenbush on the
// tree, rooted on the ground at node 0, where colors[i] is the colour of
// the edge from node i+1 to its parent. Cutting an edge removes it and
// everything no longer joined to the ground.
//
// An edge of colour c with the subtree above it worth H is the ordinal
// sum c:H = {c^L, c:H^L | c^R, c:H^R}, which depends only on the value
// of H (the colon principle); branches meeting at a node add. A Green
// edge above a nimber *m is *(m+1) at once, so Green stalks cost nothing.
//
// Ordinal sums can grow exponentially (a string BGBG… of 2k edges has a
// canonical form with about 2^k options), so the work is bounded by opt
// in steps, as partizan.NewCalculator counts them, and stops when ctx is
// cancelled.
func (t *Tree) partizanHackenbush(ctx context.Context, colors []Color, opt *budget.Options) (*partizan.Game, error) {
	if len(colors) != t.Len()-1 {
		return nil, games.InputErrorf("%d colours for %d edges", len(colors), t.Len()-1)
	}
	for i, c := range colors {
		if c != Blue && c != Red && c != Green {
			return nil, games.InputErrorf("edge %d has colour %q, not B, R or G", i+1, c)
		}
	}
	calc := partizan.NewCalculator(opt)
	value := make([]*partizan.Game, t.Len())
	for i := t.Len() - 1; i >= 0; i-- {
		v := t.order[i]
		s := partizan.Zero
		for _, k := range t.children(int(v)) {
			var above *partizan.Game
			var err error
			if m, ok := value[k].AsNimber(); ok && colors[k-1] == Green && m < partizan.MaxNimber {
				above = partizan.Nimber(m + 1)
			} else if above, err = calc.OrdinalSum(ctx, colors[k-1].edge(), value[k]); err != nil {
				return nil, err
			}
			if s, err = calc.Sum(ctx, s, above); err != nil {
				return nil, err
			}
		}
		value[v] = s
	}
	return value[0], nil
}

// hackenbushString returns the value of a Blue-Red-Green Hackenbush
// string: edges in a line from the ground up, colours as ParseColors
// reads them ("BBR" is 3/2). A string of Blue and Red alone is valued by
// Berlekamp's rule, in linear time; others by ordinal sums, within opt as
// Tree.PartizanHackenbush bounds them.
func hackenbushString(ctx context.Context, s string, opt *budget.Options) (*partizan.Game, error) {
	colors, err := parseColors(s)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(colors, Green) {
		d, err := berlekamp(colors)
		if err != nil {
			return nil, err
		}
		return partizan.Number(d), nil
	}
	parents := make([]int, len(colors))
	for i := range parents {
		parents[i] = i
	}
	t, err := newTree(parents)
	if err != nil {
		return nil, err
	}
	return t.partizanHackenbush(ctx, colors, opt)
}

// berlekamp values a Blue-Red string by Berlekamp's rule: the edges up to
// the first change of colour count 1 each (Blue +, Red −), and after it
// the edges count 1/2, 1/4, … with their signs.
func berlekamp(colors []Color) (partizan.Dyadic, error) {
	sign := func(c Color) int64 {
		if c == Blue {
			return 1
		}
		return -1
	}
	num := new(big.Int)
	exp, i := 0, 0
	for i < len(colors) && colors[i] == colors[0] {
		num.Add(num, big.NewInt(sign(colors[i])))
		i++
	}
	for ; i < len(colors); i++ {
		exp++
		num.Lsh(num, 1).Add(num, big.NewInt(sign(colors[i])))
	}
	return partizan.NewDyadicBig(num, exp)
}
