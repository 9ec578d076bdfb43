package grid

import (
	"context"
	"math"
	"math/bits"
	"sync"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/partizan"
)

// Rules is a game played on a board written as CGSuite writes grids:
// Domineering, Cram, Clobber or one of variants.go's. Its positions are
// boards of at most MaxCells squares, rows split by '|': "xox|ox." in
// Clobber, "..#|..." in Domineering.
type Rules struct{ g rule }

// The rulesets of the grid games.
var (
	// DomineeringRules is Domineering: Left places a vertical domino on
	// two empty squares, Right a horizontal one.
	DomineeringRules = Rules{domineering}
	// CramRules is Cram, Domineering's impartial variant: either player
	// places a domino either way.
	CramRules = Rules{cram}
	// ClobberRules is Clobber: Left moves a black stone onto an
	// orthogonally adjacent white stone, capturing it; Right a white one
	// onto a black one.
	ClobberRules = Rules{clobber}
)

// Name returns the ruleset's name in the registry: "domineering",
// "cram", "clobber", "anti-clobber", "konane" and so on.
func (r Rules) Name() string { return names[r.g] }

// Kind returns games.Impartial for Cram, and partizan (0) for the others.
func (r Rules) Kind() games.Kind {
	if r.g == cram {
		return games.Impartial
	}
	return 0
}

// Parse returns the board written s: rows of squares split by '|', '.'
// empty and '#' off the board (in Amazons a square shot, in the variants
// of Clobber one that blocks), and in Clobber and the others with stones
// 'x' a black stone (Left's, an amazon in Amazons) and 'o' a white one;
// Fission's stones are all 'x'. It fails, wrapping games.ErrInput, for another square,
// ragged rows or more than MaxCells squares, naming the offset.
func (r Rules) Parse(s string) (games.Position, error) {
	b, err := parseBoard(s, r.g)
	if err != nil {
		return nil, err
	}
	return r.wrap(&b), nil
}

// wrap makes b a position of r.
func (r Rules) wrap(b *cells) games.Position {
	switch r.g {
	case domineering:
		return (*domineeringPos)(b)
	case cram:
		return (*cramPos)(b)
	case clobber:
		return (*clobberPos)(b)
	}
	return wrapVariant(b)
}

func wrapDomineering(b *cells) games.Position { return (*domineeringPos)(b) }
func wrapCram(b *cells) games.Position        { return (*cramPos)(b) }
func wrapClobber(b *cells) games.Position     { return (*clobberPos)(b) }

// A domineeringPos is a Domineering board. It is a Splitter, an
// Estimator and a games.Valuer (the Domineering search).
type domineeringPos cells

func (p *domineeringPos) String() string { return (*cells)(p).String() }

func (p *domineeringPos) Options(who games.Player) []games.Position {
	return (*cells)(p).options(domineering, who, wrapDomineering)
}

func (p *domineeringPos) AppendKey(b []byte) []byte { return (*cells)(p).appendKey(b, domineering) }

func (p *domineeringPos) Components() []games.Position {
	return (*cells)(p).components(domineering, wrapDomineering)
}

// Estimate bounds the boards reachable: the ways to lay dominoes on the
// empty squares.
func (p *domineeringPos) Estimate() float64 { return placements(p.empty, p.rows, p.cols) }

// Value returns the board's value by the Domineering search, whose
// limit on the components it values is opt's (DefaultComponents when opt
// sets none). The searches share their tables: a pool of solvers
// keeps what they valued, each up to maxPooled components.
func (p *domineeringPos) Value(ctx context.Context, opt *budget.Options) (*partizan.Game, error) {
	limit := opt.Max(DefaultComponents)
	if n := placements(p.empty, p.rows, p.cols); n > limit*placementsPerComponent {
		return nil, &budget.TooLargeError{What: "the Domineering board " + p.String(), Unit: "positions",
			Estimate: n, Limit: limit * placementsPerComponent}
	}
	d := solvers.Get().(*Domineering)
	if len(d.memo)+len(d.sums) > maxPooled {
		d = &Domineering{}
	}
	d.Options = &budget.Options{Limit: float64(len(d.memo)) + limit}
	g, err := d.Value(ctx, &Board{rows: int(p.rows), cols: int(p.cols), empty: p.empty})
	d.Options = nil
	solvers.Put(d)
	return g, err
}

// CheapLimit is the components the Domineering search may value for the
// outcome search's component (games.Engine.Outcome), which searches a
// larger one instead: adding the canonical forms of Domineering's
// components costs more than searching them sooner than the special
// engines' default limit allows for.
func (p *domineeringPos) CheapLimit() float64 { return 256 }

// placementsPerComponent is how many placements of dominoes a component
// valued stands for in the search's up-front check: the search splits
// boards and folds their symmetries, so 5×5, with 2.8 million placements,
// needs a few thousand components, and 6×6 more than DefaultComponents.
const placementsPerComponent = 1e4

// DefaultComponents is the components a Domineering board's value may
// need unless the options say otherwise: 6×6 needs more.
const DefaultComponents = 20000

// solvers holds Domineering solvers with what they valued.
var solvers = sync.Pool{New: func() any { return &Domineering{} }}

// maxPooled bounds the components and sums a pooled solver remembers.
const maxPooled = 1 << 18

// A cramPos is a Cram board. It is a Splitter and an Estimator.
type cramPos cells

func (p *cramPos) String() string { return (*cells)(p).String() }

func (p *cramPos) Options(who games.Player) []games.Position {
	return (*cells)(p).options(cram, who, wrapCram)
}

func (p *cramPos) AppendKey(b []byte) []byte { return (*cells)(p).appendKey(b, cram) }

func (p *cramPos) Components() []games.Position { return (*cells)(p).components(cram, wrapCram) }

// Estimate bounds the boards reachable: the ways to lay dominoes on the
// empty squares.
func (p *cramPos) Estimate() float64 { return placements(p.empty, p.rows, p.cols) }

// placements returns 2^k for k empty squares when that is small, else
// the ways to lay dominoes on them; on a strip, whose regions are
// strips, the n(n+1)/2 sub-strips of its n squares.
func placements(empty uint64, rows, cols uint8) float64 {
	if rows == 1 || cols == 1 {
		n := float64(rows) * float64(cols)
		return n * (n + 1) / 2
	}
	if k := bits.OnesCount64(empty); k <= 12 {
		return float64(uint64(1) << k)
	}
	return matchings(empty, int(rows), int(cols))
}

// A clobberPos is a Clobber board. It is a Splitter and an Estimator.
type clobberPos cells

func (p *clobberPos) String() string { return (*cells)(p).String() }

func (p *clobberPos) Options(who games.Player) []games.Position {
	return (*cells)(p).options(clobber, who, wrapClobber)
}

func (p *clobberPos) AppendKey(b []byte) []byte { return (*cells)(p).appendKey(b, clobber) }

func (p *clobberPos) Components() []games.Position {
	return (*cells)(p).components(clobber, wrapClobber)
}

// Neg returns the board with the colours of its stones swapped: the
// negative of its value.
func (p *clobberPos) Neg() games.Position {
	q := *p
	q.black, q.white = p.white, p.black
	return &q
}

// Estimate returns 2^n for n stones: an estimate, not a bound, of the
// components a search values. The bounds known (3^n: each square with a
// stone ends black, white or empty) pass the default limit on the 4×4
// board, whose search values about 90 000 components.
func (p *clobberPos) Estimate() float64 {
	return math.Ldexp(1, bits.OnesCount64(p.black|p.white))
}
