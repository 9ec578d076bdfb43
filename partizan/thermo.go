package partizan

import (
	"fmt"
	"math/big"
	"slices"
	"strings"
)

// A wall is one side of a thermograph: a continuous piecewise linear
// function of the temperature t ≥ −1, with slopes −1, 0 or +1, constant
// from the temperature of the game on.
type wall struct {
	pts   []point // breakpoints, t increasing, the first at t = −1
	slope int64   // dx/dt after the last breakpoint
}

// A point of a wall: the wall is at x at temperature t.
type point struct{ t, x *big.Rat }

func rat(n int64) *big.Rat { return new(big.Rat).SetInt64(n) }

// constWall is the vertical line at x.
func constWall(x *big.Rat) wall { return wall{pts: []point{{rat(-1), x}}} }

// at returns the wall's value at temperature t (t ≥ −1).
func (w wall) at(t *big.Rat) *big.Rat {
	i := 0
	for i+1 < len(w.pts) && w.pts[i+1].t.Cmp(t) <= 0 {
		i++
	}
	p := w.pts[i]
	dt := new(big.Rat).Sub(t, p.t)
	if i+1 == len(w.pts) {
		return dt.Mul(dt, rat(w.slope)).Add(dt, p.x)
	}
	q := w.pts[i+1]
	s := new(big.Rat).Sub(q.x, p.x)
	s.Quo(s, new(big.Rat).Sub(q.t, p.t))
	return dt.Mul(dt, s).Add(dt, p.x)
}

// A Breakpoint is where a wall of a thermograph turns: the wall is at X
// at temperature T. In JSON both are strings, "t" and "x": an integer or
// p/q.
type Breakpoint struct {
	T *big.Rat `json:"t"`
	X *big.Rat `json:"x"`
}

// breakpoints returns the points where the wall turns, T increasing from
// −1, moved right by shift (copies: the caller may change them).
func (w wall) breakpoints(shift *big.Rat) []Breakpoint {
	out := make([]Breakpoint, len(w.pts))
	for i, p := range w.pts {
		out[i] = Breakpoint{new(big.Rat).Set(p.t), new(big.Rat).Add(p.x, shift)}
	}
	return out
}

// tilt returns w(t) + s·t.
func (w wall) tilt(s int64) wall {
	out := wall{slope: w.slope + s}
	for _, p := range w.pts {
		x := new(big.Rat).Mul(p.t, rat(s))
		out.pts = append(out.pts, point{p.t, x.Add(x, p.x)})
	}
	return out
}

// combine returns the pointwise maximum (or minimum) of f and g.
func combine(f, g wall, maximum bool) wall {
	var ts []*big.Rat
	for _, p := range slices.Concat(f.pts, g.pts) {
		ts = append(ts, p.t)
	}
	slices.SortFunc(ts, (*big.Rat).Cmp)
	ts = slices.CompactFunc(ts, func(a, b *big.Rat) bool { return a.Cmp(b) == 0 })
	diff := func(t *big.Rat) *big.Rat { return new(big.Rat).Sub(f.at(t), g.at(t)) }
	// Where f − g changes sign between breakpoints, or after the last,
	// the two cross: add the crossing.
	var cross []*big.Rat
	for i := 0; i+1 < len(ts); i++ {
		da, db := diff(ts[i]), diff(ts[i+1])
		if da.Sign()*db.Sign() < 0 {
			c := new(big.Rat).Sub(ts[i+1], ts[i])
			c.Mul(c, da).Quo(c, new(big.Rat).Sub(da, db))
			cross = append(cross, c.Add(c, ts[i]))
		}
	}
	last := ts[len(ts)-1]
	if d, s := diff(last), f.slope-g.slope; d.Sign() != 0 && s != 0 && d.Sign() != sign(s) {
		c := new(big.Rat).Quo(d, rat(-s))
		cross = append(cross, c.Add(c, last))
	}
	ts = append(ts, cross...)
	slices.SortFunc(ts, (*big.Rat).Cmp)
	out := wall{}
	for _, t := range ts {
		a, b := f.at(t), g.at(t)
		if (a.Cmp(b) < 0) == maximum {
			a = b
		}
		out.pts = append(out.pts, point{t, a})
	}
	// After the last breakpoint the two no longer cross: the one ahead
	// (by value, then by slope) stays ahead.
	last = ts[len(ts)-1]
	c := f.at(last).Cmp(g.at(last))
	if c == 0 {
		c = sign(f.slope - g.slope)
	}
	out.slope = f.slope
	if (c < 0) == maximum {
		out.slope = g.slope
	}
	return out.simplify()
}

func sign(s int64) int {
	switch {
	case s < 0:
		return -1
	case s > 0:
		return 1
	}
	return 0
}

// simplify drops breakpoints where the slope does not change.
func (w wall) simplify() wall {
	slopeAt := func(i int) *big.Rat { // slope of the segment from pts[i]
		if i+1 == len(w.pts) {
			return rat(w.slope)
		}
		s := new(big.Rat).Sub(w.pts[i+1].x, w.pts[i].x)
		return s.Quo(s, new(big.Rat).Sub(w.pts[i+1].t, w.pts[i].t))
	}
	out := wall{pts: w.pts[:1], slope: w.slope}
	for i := 1; i < len(w.pts); i++ {
		if slopeAt(i).Cmp(slopeAt(i-1)) != 0 {
			out.pts = append(out.pts, w.pts[i])
		}
	}
	return out
}

// cut returns w up to temperature tau, then vertical at x.
func (w wall) cut(tau, x *big.Rat) wall {
	out := wall{}
	for _, p := range w.pts {
		if p.t.Cmp(tau) < 0 {
			out.pts = append(out.pts, p)
		}
	}
	out.pts = append(out.pts, point{tau, x})
	return out.simplify()
}

// A Thermograph is the pair of walls of a game cooled by t, from t = −1
// up to its temperature, where they meet in a vertical mast at its mean
// (Siegel, Combinatorial Game Theory, II.5), with the game's stops. An
// integer's thermograph is the bare mast; any other game's, a fraction
// m/2^k included, is built from its options' walls, as CGSuite draws
// it: the walls of 1/2 run from 1 and 0 at t = −1 to meet at t = −1/2.
// In JSON every number is a string, an integer or p/q.
type Thermograph struct {
	// Mean is the mast. Means add: m(G + H) = m(G) + m(H).
	Mean *big.Rat `json:"mean"`
	// Temperature is where the walls meet for a game that is not a
	// number, and −1/2^k for a number m/2^k in lowest terms (−1 for an
	// integer).
	Temperature *big.Rat `json:"temperature"`
	// LeftStop and RightStop are the numbers reached when Left, or
	// Right, starts and both play until a number appears.
	LeftStop  *big.Rat `json:"left_stop"`
	RightStop *big.Rat `json:"right_stop"`
	// LeftWall and RightWall are the breakpoints of the walls, T
	// increasing from −1.
	LeftWall  []Breakpoint `json:"left_wall"`
	RightWall []Breakpoint `json:"right_wall"`
}

// String returns the thermograph as six lines: mean, temperature, left
// stop, right stop, then each wall as its breakpoints t:x.
func (th *Thermograph) String() string {
	walls := func(bs []Breakpoint) string {
		parts := make([]string, len(bs))
		for i, b := range bs {
			parts[i] = b.T.RatString() + ":" + b.X.RatString()
		}
		return strings.Join(parts, " ")
	}
	return fmt.Sprintf("mean %s\ntemperature %s\nleft stop %s\nright stop %s\nleft wall %s\nright wall %s",
		th.Mean.RatString(), th.Temperature.RatString(), th.LeftStop.RatString(), th.RightStop.RatString(),
		walls(th.LeftWall), walls(th.RightWall))
}

// thermo is the thermograph of a game as the computation keeps it.
type thermo struct {
	left, right wall
	temp, mean  *big.Rat
}

// thermograph returns the thermograph of r + G, G's moved right by r,
// exact in rationals (which are dyadic for a short game: every
// breakpoint of a short game's thermograph is).
func (x RationalGame) thermograph() *Thermograph {
	r, g := x.Parts()
	th := thermograph(g, map[key]*thermo{})
	return &Thermograph{Mean: new(big.Rat).Add(th.mean, r), Temperature: new(big.Rat).Set(th.temp),
		LeftStop: x.leftStop(), RightStop: x.rightStop(),
		LeftWall: th.left.breakpoints(r), RightWall: th.right.breakpoints(r)}
}

func thermograph(g *Game, memo map[key]*thermo) *thermo {
	if th, ok := memo[g.key]; ok {
		return th
	}
	var th *thermo
	if g.isNum && g.num.IsInt() {
		x := g.num.rat()
		th = &thermo{constWall(x), constWall(x), rat(-1), x}
	} else {
		// Λ(t) = max R_t(G^L) − t and P(t) = min L_t(G^R) + t; the
		// temperature is the least t where Λ(t) ≤ P(t). A canonical game
		// that is not an integer has options on both sides.
		var lambda, rho wall
		for i, gl := range g.Left() {
			w := thermograph(gl, memo).right.tilt(-1)
			if i == 0 {
				lambda = w
			} else {
				lambda = combine(lambda, w, true)
			}
		}
		for i, gr := range g.Right() {
			w := thermograph(gr, memo).left.tilt(1)
			if i == 0 {
				rho = w
			} else {
				rho = combine(rho, w, false)
			}
		}
		tau := meet(lambda, rho)
		mean := lambda.at(tau)
		th = &thermo{lambda.cut(tau, mean), rho.cut(tau, mean), tau, mean}
	}
	memo[g.key] = th
	return th
}

// meet returns the least t ≥ −1 with f(t) ≤ g(t), for f falling with
// slope −1 and g rising with slope +1 for large t.
func meet(f, g wall) *big.Rat {
	var ts []*big.Rat
	for _, p := range slices.Concat(f.pts, g.pts) {
		ts = append(ts, p.t)
	}
	slices.SortFunc(ts, (*big.Rat).Cmp)
	diff := func(t *big.Rat) *big.Rat { return new(big.Rat).Sub(f.at(t), g.at(t)) }
	if diff(ts[0]).Sign() <= 0 {
		return ts[0]
	}
	for i := 0; i+1 < len(ts); i++ {
		da, db := diff(ts[i]), diff(ts[i+1])
		if db.Sign() <= 0 {
			c := new(big.Rat).Sub(ts[i+1], ts[i])
			c.Mul(c, da).Quo(c, new(big.Rat).Sub(da, db))
			return c.Add(c, ts[i])
		}
	}
	last := ts[len(ts)-1]
	if g.slope <= f.slope {
		return last // unreachable for the walls of a game: see above
	}
	c := new(big.Rat).Quo(diff(last), rat(g.slope-f.slope))
	return c.Add(c, last)
}

// LeftStop returns the number reached when Left starts and both play
// until a number appears: x for a number x, else the greatest
// RightStop of a Left option.
func (g *Game) LeftStop() Dyadic { return stop(g, true, map[stopKey]Dyadic{}) }

// RightStop returns the number reached when Right starts; see LeftStop.
func (g *Game) RightStop() Dyadic { return stop(g, false, map[stopKey]Dyadic{}) }

// stopKey names the Left or Right stop of a game.
type stopKey struct {
	game key
	left bool
}

func stop(g *Game, left bool, memo map[stopKey]Dyadic) Dyadic {
	if g.isNum {
		return g.num
	}
	k := stopKey{g.key, left}
	if d, ok := memo[k]; ok {
		return d
	}
	var best Dyadic
	opts := g.right
	if left {
		opts = g.left
	}
	for i, o := range opts {
		d := stop(o, !left, memo)
		if i == 0 || (left && d.Cmp(best) > 0) || (!left && d.Cmp(best) < 0) {
			best = d
		}
	}
	memo[k] = best
	return best
}
