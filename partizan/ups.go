package partizan

import (
	"fmt"
)

// Multiples and powers of ↑ (Winning Ways ch. 3; Siegel, Combinatorial
// Game Theory, II.4 and II.7).
//
// For k ≥ 1 the canonical form of k·↑ + *m is {0 | (k−1)·↑ + *(m ⊕ 1)},
// except ↑* = {0, * | 0}; adding a number x adds x to every option. So a
// game is x + k·↑ + *m exactly when its options follow that pattern,
// which upStar reads without any sum.
//
// The powers of ↑ are ↑^1 = ↑ and ↑^n = {0 | ↓* − ↑^2 − … − ↑^(n−1)}, and
// ↑[n] = ↑ + ↑^2 + … + ↑^n; CGSuite writes them ^<n> and ^[n].

// maxUps bounds k in k·↑ (^k, vk) as Parse reads it: the canonical form
// of k·↑ is a chain k games deep.
const maxUps = 1 << 16

// upMultiple returns k·↑ for 0 ≤ k ≤ maxUps, from the pattern above.
func (a *adder) upMultiple(k int) (*Game, error) {
	if k > maxUps {
		return nil, fmt.Errorf("%w: %d·↑ is past %d·↑", ErrSyntax, k, maxUps)
	}
	return upStarGame(Dyadic{}, k, 0), nil
}

// upStarGame returns x + k·↑ + *m from the pattern above, for
// |k| ≤ maxUps.
func upStarGame(x Dyadic, k, m int) *Game {
	if k < 0 {
		return upStarGame(x.Neg(), -k, m).Neg()
	}
	// Level j of the chain is x + j·↑ + *(m ⊕ (k−j) mod 2).
	g := newNumberStar(x, m^(k&1))
	for j := 1; j <= k; j++ {
		if j == 1 && m^((k-1)&1) == 1 {
			g = build([]*Game{number(x), newNumberStar(x, 1)}, []*Game{number(x)})
			continue
		}
		g = build([]*Game{number(x)}, []*Game{g})
	}
	return g
}

// upPower returns ↑^n = {0 | ↓* − ↑[n−1]} for n ≥ 1.
func (a *adder) upPower(n int) *Game {
	if n == 1 {
		return upGame
	}
	_, belowStar := a.upSums(n - 1)
	g, err := a.c.canon([]*Game{Zero}, []*Game{belowStar.Neg()})
	if err != nil {
		panic(err) // unreachable: no numbers
	}
	return g
}

// upTo returns ↑[n] = ↑ + ↑^2 + … + ↑^n for n ≥ 1.
func (a *adder) upTo(n int) *Game {
	g, _ := a.upSums(n)
	return g
}

// upSums returns ↑[n] and ↑[n] + * from their canonical forms,
// ↑[n] = {↑[n−1] | *} and ↑[n]* = {0, ↑[n−1]* | 0} (checked against the
// sums by TestUpPowers).
func (a *adder) upSums(n int) (*Game, *Game) {
	g, gs := upGame, build([]*Game{Zero, starGame}, []*Game{Zero})
	for range n - 1 {
		a.c.w.tick()
		g, gs = build([]*Game{g}, []*Game{starGame}), build([]*Game{Zero, gs}, []*Game{Zero})
	}
	return g, gs
}

// upStar reports whether g is x + k·↑ + *m for a number x, an integer k
// and m ≥ 0, and which, reading the pattern of g's options; memo
// remembers the games already read.
func upStar(g *Game, memo map[key]upStarForm) (upStarForm, bool) {
	if d, m, ok := g.numberStar(); ok {
		return upStarForm{x: d, m: m}, true
	}
	if f, ok := memo[g.key]; ok {
		return f, f.ok
	}
	f := readUpStar(g, memo)
	memo[g.key] = f
	return f, f.ok
}

// An upStarForm is x + k·↑ + *m.
type upStarForm struct {
	x  Dyadic
	k  int
	m  int
	ok bool
}

func readUpStar(g *Game, memo map[key]upStarForm) upStarForm {
	l, r := g.left, g.right
	// starPair reports whether two options are x and x* for the number x.
	starPair := func(o []*Game, x Dyadic) bool {
		d, m, ok := o[0].numberStar()
		e, n, ok2 := o[1].numberStar()
		return ok && ok2 && d.Cmp(x) == 0 && e.Cmp(x) == 0 && m^n == 1 && m*n == 0
	}
	switch {
	case len(l) == 2 && len(r) == 1 && r[0].isNum && starPair(l, r[0].num):
		return upStarForm{x: r[0].num, k: 1, m: 1, ok: true} // x↑* = {x, x* | x}
	case len(l) == 1 && len(r) == 2 && l[0].isNum && starPair(r, l[0].num):
		return upStarForm{x: l[0].num, k: -1, m: 1, ok: true} // x↓* = {x | x, x*}
	case len(l) != 1 || len(r) != 1:
		return upStarForm{}
	}
	// x + k·↑ + *m = {x | x + (k−1)·↑ + *(m⊕1)} for k ≥ 1, and the
	// negative for k ≤ −1; {x | x} is x*, read by numberStar.
	if l[0].isNum {
		if f, ok := upStar(r[0], memo); ok && f.k >= 0 && f.x.Cmp(l[0].num) == 0 && (f.k > 0 || f.m != 0) {
			return upStarForm{x: f.x, k: f.k + 1, m: f.m ^ 1, ok: true}
		}
	}
	if r[0].isNum {
		if f, ok := upStar(l[0], memo); ok && f.k <= 0 && f.x.Cmp(r[0].num) == 0 && (f.k < 0 || f.m != 0) {
			return upStarForm{x: f.x, k: f.k - 1, m: f.m ^ 1, ok: true}
		}
	}
	return upStarForm{}
}

// times returns n·g for an integer n, the sum of |n| copies of g (of −g
// for n < 0), by doubling.
func (a *adder) times(n Dyadic, g *Game) (*Game, error) {
	if n.Sign() < 0 {
		n, g = n.Neg(), g.Neg()
	}
	if d, ok := g.AsNumber(); ok {
		return number(n.Mul(d)), nil
	}
	bits := n.numerator()
	if f, ok := upStar(g, map[key]upStarForm{}); ok {
		// n·(x + k·↑ + *m) = nx + nk·↑ + *m when n is odd, + 0 when even.
		nk, ok := n.Mul(Int(int64(f.k))).toInt64()
		if !ok || nk > maxUps || nk < -maxUps {
			return nil, fmt.Errorf("%w: %v·%d·↑ is past %d·↑", ErrRange, n, f.k, maxUps)
		}
		return upStarGame(n.Mul(f.x), int(nk), f.m*int(bits.Bit(0))), nil
	}
	sum, pow := Zero, g
	for i := range bits.BitLen() {
		var err error
		if bits.Bit(i) == 1 {
			if sum, err = a.add(sum, pow); err != nil {
				return nil, err
			}
		}
		if i+1 < bits.BitLen() {
			if pow, err = a.add(pow, pow); err != nil {
				return nil, err
			}
		}
	}
	return sum, nil
}

// mustAdd is addGames for games without numbers.
func mustAdd(g, h *Game) *Game {
	s, err := addGames(g, h)
	if err != nil {
		panic(err) // unreachable: no numbers, so nothing out of range
	}
	return s
}
