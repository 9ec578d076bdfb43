package partizan

import (
	"context"
	"math"

	"github.com/nimbers/grundy/budget"
)

// DefaultLimit is the steps a Calculator takes unless its Options say
// otherwise: about a second of work. A step is a comparison or a sum of
// two subpositions not already remembered, or one round of simplifying a
// game's options.
const DefaultLimit = 1 << 22

// A Calculator performs the operations on games within a budget. Sums,
// ordinal sums and canonical forms can grow exponentially with their
// operands (the sum of the switches ±1, ±2, …, ±n has 2^n subpositions),
// so each operation counts its steps, fails with a *budget.TooLargeError
// once they pass the limit, and stops with the context's error when the
// context is cancelled. A Calculator remembers the comparisons and sums
// it has made, so later operations on related games are cheaper; it is
// not safe for concurrent use.
//
// The function New is the method New with no limit, for options known
// to be few and small; a Calculator whose Options set a negative Limit
// works without one.
type Calculator struct {
	a *adder
	w work
}

// NewCalculator returns a Calculator that takes at most opt.Limit steps
// in all its operations (DefaultLimit when opt is nil or sets none) and
// reports its progress to opt.Progress, with a total of 0.
func NewCalculator(opt *budget.Options) *Calculator {
	k := &Calculator{a: newAdder()}
	k.a.c.w = &k.w
	k.w.limit = opt.Max(DefaultLimit)
	k.w.opt = opt
	return k
}

// New returns the canonical form of {left | right}, as the function New
// does.
func (k *Calculator) New(ctx context.Context, left, right []*Game) (*Game, error) {
	return k.run(ctx, "the canonical form", func() (*Game, error) { return k.a.c.canon(left, right) })
}

// Sum returns the canonical form of the disjunctive sum of the games (0
// for none). It fails, wrapping ErrRange, when a number in the sum leaves
// the bounds of a Dyadic.
func (k *Calculator) Sum(ctx context.Context, games ...*Game) (*Game, error) {
	return k.run(ctx, "the sum", func() (*Game, error) { return k.a.sum(games) })
}

// OrdinalSum returns the ordinal sum g:h = {g^L, g:h^L | g^R, g:h^R}:
// play in g, or in h while g stays untouched, a move in g ending h
// altogether. It depends on the canonical form of g (which is what g
// is) and only on the value of h (the colon principle); Hackenbush
// stalks are ordinal sums: an edge of colour c below a position worth h
// is c:h with c = 1, −1 or *. It fails, wrapping ErrRange, when a number
// leaves the bounds of a Dyadic.
func (k *Calculator) OrdinalSum(ctx context.Context, g, h *Game) (*Game, error) {
	return k.run(ctx, "the ordinal sum", func() (*Game, error) { return k.a.c.ordinalSum(g, h) })
}

// Compare returns the relation of g to h: Equal, Greater, Less, or Fuzzy
// when they are incomparable.
func (k *Calculator) Compare(ctx context.Context, g, h *Game) (Relation, error) {
	var o Relation
	_, err := k.run(ctx, "the comparison", func() (*Game, error) {
		o = k.a.c.compare(g, h)
		return nil, nil
	})
	return o, err
}

// Neg returns −g, as g.Neg does, remembering the negatives it has made:
// a ruleset whose positions have negatives (Clobber's with the colours
// swapped) values half of them from the other half.
func (k *Calculator) Neg(ctx context.Context, g *Game) (*Game, error) {
	return k.run(ctx, "the negative", func() (*Game, error) { return k.a.c.neg(g), nil })
}

// run performs one operation, turning the halt raised by a step past the
// limit, or by a cancelled context, into the operation's error. The
// memories stay consistent after a halt, since results are remembered
// only once complete.
func (k *Calculator) run(ctx context.Context, what string, f func() (*Game, error)) (g *Game, err error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	k.w.ctx, k.w.what = ctx, what
	defer func() {
		k.w.ctx = nil
		if r := recover(); r != nil {
			s, ok := r.(halt)
			if !ok {
				panic(r)
			}
			g, err = nil, s.err
		}
	}()
	return f()
}

// work counts the steps of a Calculator; a nil *work
// counts nothing, for the unlimited package-level functions.
type work struct {
	ctx   context.Context
	steps int
	limit float64
	opt   *budget.Options
	what  string
}

// halt carries the error that ends an operation from deep in its
// recursion to Calculator.run.
type halt struct{ err error }

// tick counts one step, checking the context every 4096 steps and the
// limit at every one, and reporting progress every 2^16.
func (w *work) tick() {
	if w == nil {
		return
	}
	w.steps++
	if float64(w.steps) > w.limit {
		panic(halt{&budget.TooLargeError{What: w.what, Unit: "steps", Limit: w.limit}})
	}
	if w.steps&4095 == 0 {
		if err := w.ctx.Err(); err != nil {
			panic(halt{err})
		}
		if w.steps&(1<<16-1) == 0 {
			w.opt.Report(min(w.steps, math.MaxInt), 0)
		}
	}
}

// TreeSize returns the number of games in g's canonical form written out
// as a tree, counting as one each game that String names without its
// options (x + k·↑ + *m for a number x). It is about the length of
// g.String() or more, and can be exponentially larger
// than the games g holds (a sum of n switches holds about n·2^n games and
// writes out about 2^(n+1)), so callers check it before printing. It
// saturates at +Inf.
func (g *Game) TreeSize() float64 {
	memo := map[key]float64{}
	ups := map[key]upStarForm{}
	var size func(x *Game) float64
	size = func(x *Game) float64 {
		if _, _, ok := x.numberStar(); ok || x.isNum {
			return 1
		}
		if v, ok := memo[x.key]; ok {
			return v
		}
		v := 1.0
		if _, ok := upStar(x, ups); !ok {
			for _, o := range x.left {
				v += size(o)
			}
			for _, o := range x.right {
				v += size(o)
			}
		}
		memo[x.key] = v
		return v
	}
	return size(g)
}

// Thermograph returns the thermograph of x = r + G, G's moved right by
// the rational r, exact in rationals, once its estimated cost
// fits the limit: a fraction over 2^k is drawn through its chain of k
// options, each a number of k bits, so it costs about k²/64 steps.
func (k *Calculator) Thermograph(ctx context.Context, x RationalGame) (*Thermograph, error) {
	var th *Thermograph
	_, err := k.run(ctx, "the thermograph", func() (*Game, error) {
		k.w.spend(thermoCost(x.short()))
		th = x.thermograph()
		return nil, nil
	})
	return th, err
}

// spend counts n steps at once, failing before any of them is taken
// when they would pass the limit.
func (w *work) spend(n float64) {
	if w == nil {
		return
	}
	if float64(w.steps)+n > w.limit {
		panic(halt{&budget.TooLargeError{What: w.what, Unit: "steps", Estimate: float64(w.steps) + n, Limit: w.limit}})
	}
	w.steps += int(n)
}

// thermoCost estimates the steps of g's thermograph: one for each
// subposition that is not a number, and k²/64 for each fraction over 2^k.
func thermoCost(g *Game) float64 {
	return weigh(g, func(d Dyadic) float64 {
		e := float64(d.exp)
		return 1 + e*e/64
	})
}

// weigh returns the sum over the distinct subpositions of g's canonical
// form, g included, of 1 for a game that is not a number and of
// number(x) for a number x, whose options are not visited.
func weigh(g *Game, number func(Dyadic) float64) float64 {
	seen := map[key]bool{}
	var sum func(x *Game) float64
	sum = func(x *Game) float64 {
		if seen[x.key] {
			return 0
		}
		seen[x.key] = true
		if x.isNum {
			return number(x.num)
		}
		c := 1.0
		for _, o := range x.left {
			c += sum(o)
		}
		for _, o := range x.right {
			c += sum(o)
		}
		return c
	}
	return sum(g)
}
