package grid

import (
	"math"
	"math/bits"

	"github.com/nimbers/grundy/games"
)

// This file holds the grid rulesets beyond Domineering, Cram and Clobber,
// on the same board: Clobber's variants as CGSuite's GenClobber defines
// them (Anti-Clobber, Hot Clobber and the chess-move Kings, Knights,
// Rooks and Queens, whose rules are genclobber.go's genRule), Konane,
// Amazons, Fission and NoGo.

// A step is a move of one square by dr rows and dc columns.
type step struct{ dr, dc int }

// The directions pieces move in, as CGSuite's Coordinates names them.
var (
	orthogonal  = []step{{-1, 0}, {0, 1}, {1, 0}, {0, -1}}
	compass     = []step{{-1, 0}, {-1, 1}, {0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}}
	knightsMove = []step{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
)

// names are the rules' names in the registry: CGSuite's class names in
// kebab case.
var names = [...]string{
	domineering: "domineering", cram: "cram", clobber: "clobber",
	antiClobber: "anti-clobber", hotClobber: "hot-clobber", kings: "kings",
	knights: "knights", rooks: "rooks", queens: "queens",
	konane: "konane", amazons: "amazons", fission: "fission", nogo: "nogo",
}

// stones returns how many colours of stone a board of g holds: none in
// Domineering and Cram, one in Fission, two in the others.
func (g rule) stones() int {
	switch g {
	case domineering, cram:
		return 0
	case fission:
		return 1
	}
	return 2
}

// transposes reports whether reflecting the board in its diagonal keeps
// values: not in Domineering and Fission, where it swaps the players.
func (g rule) transposes() bool { return g != domineering && g != fission }

// How cropBoard fills the squares of a component's box outside it.
const (
	outsideFilled = iota // '#': Domineering, Cram, Konane, Amazons, Fission, Anti-Clobber, NoGo
	outsideEmpty         // '.': Clobber and the variants moving one step
	outsideOpen          // '.' but '#' stays: Rooks and Queens, where '#' blocks a line
)

// outside returns how cropBoard fills the squares outside a component.
func (g rule) outside() int {
	if f := fixedGen(g); f != nil {
		return f.outside()
	}
	if g == clobber {
		return outsideEmpty
	}
	return outsideFilled
}

// shift returns the squares of m moved by d on a rows × cols board,
// dropping those that leave it.
func shift(m uint64, d step, rows, cols int) uint64 {
	for c := 0; c < d.dc; c++ {
		m &^= lastCol[cols] >> c
	}
	for c := 0; c < -d.dc; c++ {
		m &^= firstCol[cols] << c
	}
	s := d.dr*cols + d.dc
	if s >= 0 {
		return m << s & fullMask(rows*cols)
	}
	return m >> -s
}

// reach returns comp with the squares a component of b under g grows
// by: those a piece's move from comp may touch, which the caller keeps
// to the live squares.
func (b *cells) reach(g rule, comp uint64) uint64 {
	if f := fixedGen(g); f != nil {
		return f.reach(b, comp)
	}
	rows, cols := int(b.rows), int(b.cols)
	out := comp
	switch g {
	case amazons:
		// A king's step: one row up or down, then one column across.
		v := comp | comp<<cols | comp>>cols
		out = v | (v<<1)&^firstCol[cols] | (v>>1)&^lastCol[cols]
	case nogo:
		// Whether a stone may go on a square depends on the strings next
		// to it and their empty neighbours: an empty square reaches its
		// neighbours, a stone the empty squares and the stones of its
		// colour next to it. Strings of two colours side by side do not
		// meet.
		for _, d := range orthogonal {
			out |= shift(comp&b.empty, d, rows, cols) |
				shift(comp, d, rows, cols)&b.empty |
				shift(comp&b.black, d, rows, cols)&b.black |
				shift(comp&b.white, d, rows, cols)&b.white
		}
	default:
		for _, d := range orthogonal {
			out |= shift(comp, d, rows, cols)
		}
	}
	return out
}

// liveSquares returns the squares whose connected pieces are the
// regions of a variant: the genRule's for Clobber's variants; every
// square but '#' where pieces move onto empty ones (Amazons, Fission) or
// are placed on them (NoGo); in Konane the stones and the squares a jump
// may ever land on.
func (b *cells) liveSquares(g rule) uint64 {
	if f := fixedGen(g); f != nil {
		return f.live(b)
	}
	rows, cols := int(b.rows), int(b.cols)
	stones := b.black | b.white
	switch g {
	case amazons, fission, nogo:
		return stones | b.empty
	case konane:
		// A jump from a over its neighbour b lands on the square c past
		// b: close the stones under landing, as if any stone could jump
		// any other.
		t := stones
		for {
			grown := t
			for _, d := range orthogonal {
				pairs := t & shift(t, step{-d.dr, -d.dc}, rows, cols)
				grown |= shift(pairs, step{2 * d.dr, 2 * d.dc}, rows, cols) & b.empty
			}
			if grown == t {
				return t
			}
			t = grown
		}
	}
	return stones
}

// playable reports whether a component comp of b may have a move, or
// is zero for good: the genRule's for Clobber's variants; a lone square;
// in Clobber and Konane stones of one colour; with no stone, or no empty
// square where pieces move onto empty ones; in NoGo with no empty
// square.
func (b *cells) playable(g rule, comp uint64) bool {
	if f := fixedGen(g); f != nil {
		return f.playable(b, comp)
	}
	if comp&(comp-1) == 0 {
		return false
	}
	switch g {
	case clobber, konane:
		return comp&b.black != 0 && comp&b.white != 0
	case amazons, fission:
		return comp&(b.black|b.white) != 0 && comp&b.empty != 0
	case nogo:
		return comp&b.empty != 0
	}
	return true
}

// variantMasks returns two masks that tell apart the squares a
// variant's value tells apart: the stones of each colour where '.' and
// '#' play alike (the one-step captures), Fission's stones and empty
// squares, and for the others, whose squares have four states, the
// stones and the squares white or empty (black 10, white 11, empty 01,
// '#' 00), which every symmetry maps as it maps the squares.
func (b *cells) variantMasks(g rule) (x, y uint64) {
	if f := fixedGen(g); f != nil {
		return f.masks(b)
	}
	switch g {
	case fission:
		return b.black, b.empty
	}
	return b.black | b.white, b.white | b.empty
}

// step returns the square one step d from square i of b, or −1 off the
// board.
func (b *cells) step(i int, d step) int {
	cols := int(b.cols)
	r, c := i/cols+d.dr, i%cols+d.dc
	if r < 0 || c < 0 || r >= int(b.rows) || c >= cols {
		return -1
	}
	return r*cols + c
}

// A move of a variant: the squares that become empty, black, white
// and filled.
type change struct{ empty, black, white, filled uint64 }

// pieceOptions returns the boards who can move to under a variant g,
// each made a Position by wrap.
func (b *cells) pieceOptions(g rule, who games.Player, wrap func(*cells) games.Position) []games.Position {
	var moves []change
	us, them := b.black, b.white
	if who == games.Right {
		us, them = them, us
	}
	// put is a change putting a stone of colour mine (ours, else theirs)
	// on the squares m.
	put := func(m uint64, mine bool) change {
		if mine == (who == games.Left) {
			return change{black: m}
		}
		return change{white: m}
	}
	bit := func(i int) uint64 { return 1 << i }
	switch g {
	case antiClobber, hotClobber, kings, knights, rooks, queens:
		moves = fixedGen(g).moves(b, who, moves)
	case konane:
		for m := us; m != 0; m &= m - 1 {
			from := bits.TrailingZeros64(m)
			for _, d := range orthogonal {
				var taken uint64
				for at := from; ; {
					over := b.step(at, d)
					if over < 0 || them&bit(over) == 0 {
						break
					}
					land := b.step(over, d)
					if land < 0 || b.empty&bit(land) == 0 {
						break
					}
					taken |= bit(over)
					c := put(bit(land), true)
					c.empty = bit(from) | taken
					moves = append(moves, c)
					at = land
				}
			}
		}
	case nogo:
		rows, cols := int(b.rows), int(b.cols)
		near := func(m uint64) uint64 {
			var out uint64
			for _, d := range orthogonal {
				out |= shift(m, d, rows, cols)
			}
			return out
		}
		group := func(start, stones uint64) uint64 {
			for {
				next := (start | near(start)) & stones
				if next == start {
					return start
				}
				start = next
			}
		}
		for m := b.empty; m != 0; m &= m - 1 {
			at := m & -m
			empty := b.empty &^ at
			if near(group(at, us|at))&empty == 0 {
				continue // suicide
			}
			legal := true
			for rest := near(at) & them; rest != 0 && legal; {
				g := group(rest&-rest, them)
				legal = near(g)&empty != 0 // else a capture
				rest &^= g
			}
			if legal {
				moves = append(moves, put(at, true))
			}
		}
	case fission:
		d := step{1, 0}
		if who == games.Right {
			d = step{0, 1}
		}
		for m := b.black; m != 0; m &= m - 1 {
			at := bits.TrailingZeros64(m)
			x, y := b.step(at, step{-d.dr, -d.dc}), b.step(at, d)
			if x >= 0 && y >= 0 && b.empty&bit(x) != 0 && b.empty&bit(y) != 0 {
				moves = append(moves, change{empty: bit(at), black: bit(x) | bit(y)})
			}
		}
	}
	if len(moves) == 0 {
		return nil
	}
	slab := make([]cells, len(moves))
	out := make([]games.Position, len(moves))
	for k, c := range moves {
		touched := c.empty | c.black | c.white | c.filled
		slab[k] = cells{rows: b.rows, cols: b.cols, g: b.g,
			black: b.black&^touched | c.black,
			white: b.white&^touched | c.white,
			empty: b.empty&^touched | c.empty}
		out[k] = wrap(&slab[k])
	}
	return out
}

// A variantPos is a board of a variant: its rule is its g. It is a
// Splitter and an Estimator.
type variantPos cells

func wrapVariant(b *cells) games.Position {
	if b.g != fission {
		return (*swapPos)(b)
	}
	return (*variantPos)(b)
}

// A swapPos is a board of a variant whose colours are the players'
// parts and nothing else (all but Fission, whose players differ by
// their directions): a variantPos that is also a games.Negator, the
// board with the colours swapped, which lets the engine value half the
// boards from the other half.
type swapPos cells

func (p *swapPos) String() string { return (*variantPos)(p).String() }

func (p *swapPos) Options(who games.Player) []games.Position {
	return (*variantPos)(p).Options(who)
}

func (p *swapPos) AppendKey(b []byte) []byte { return (*variantPos)(p).AppendKey(b) }

func (p *swapPos) Components() []games.Position { return (*variantPos)(p).Components() }

// Estimate returns a variantPos's estimate.
func (p *swapPos) Estimate() float64 { return (*variantPos)(p).Estimate() }

// Neg returns the board with the colours swapped: the negative of its
// value.
func (p *swapPos) Neg() games.Position {
	q := *p
	q.black, q.white = p.white, p.black
	return &q
}

func (p *variantPos) String() string { return (*cells)(p).String() }

func (p *variantPos) Options(who games.Player) []games.Position {
	return (*cells)(p).options(p.g, who, wrapVariant)
}

func (p *variantPos) AppendKey(b []byte) []byte { return (*cells)(p).appendKey(b, p.g) }

func (p *variantPos) Components() []games.Position {
	return (*cells)(p).components(p.g, wrapVariant)
}

// Estimate returns an estimate, not a bound, of the components a search
// values: 2^n for n stones where captures take stones away (as Clobber's
// Estimate), 2^k for k empty squares where moves fill them (Anti-Clobber,
// Fission, NoGo), and for Amazons 2^k times the squares an amazon may stand on.
func (p *variantPos) Estimate() float64 {
	if f := fixedGen(p.g); f != nil {
		return f.estimate((*cells)(p))
	}
	stones := bits.OnesCount64(p.black | p.white)
	empty := bits.OnesCount64(p.empty)
	switch p.g {
	case fission, nogo:
		return math.Ldexp(1, empty)
	case amazons:
		return math.Ldexp(float64(empty+stones), empty)
	}
	return math.Ldexp(1, stones)
}

// The rulesets of variants.go.
var (
	// AntiClobberRules is Anti-Clobber: Left moves a black stone onto an
	// orthogonally adjacent empty square, leaving a white stone behind;
	// Right a white one, leaving a black one. It is Clobber played
	// backwards in time.
	AntiClobberRules = Rules{antiClobber}
	// HotClobberRules is Hot Clobber: Clobber where a stone may capture
	// a stone of either colour.
	HotClobberRules = Rules{hotClobber}
	// KingsRules is Kings: Clobber with a chess king's step, orthogonal
	// or diagonal.
	KingsRules = Rules{kings}
	// KnightsRules is Knights: Clobber with a chess knight's jump.
	KnightsRules = Rules{knights}
	// RooksRules is Rooks: Clobber where a stone moves as a chess rook,
	// over any number of empty squares, and captures where it stops.
	RooksRules = Rules{rooks}
	// QueensRules is Queens: Rooks with the diagonals too.
	QueensRules = Rules{queens}
	// KonaneRules is Konane: Left jumps a black stone over an
	// orthogonally adjacent white one onto the empty square beyond,
	// capturing it, and may go on jumping in the same direction; Right
	// a white stone over black ones.
	KonaneRules = Rules{konane}
	// AmazonsRules is Amazons: Left moves a black amazon as a chess
	// queen over empty squares, then shoots from it, the same way, an
	// arrow that fills the square it stops on; Right a white amazon.
	AmazonsRules = Rules{amazons}
	// FissionRules is Fission: Left replaces a stone by two on the empty
	// squares above and below it, Right by two on those left and right
	// of it.
	FissionRules = Rules{fission}
	// NoGoRules is NoGo: Left places a black stone on an empty square,
	// Right a white one, where after it every string of stones (of
	// either colour) still has an empty square next to it: Go where
	// capturing and suicide are not allowed.
	NoGoRules = Rules{nogo}
)

func init() {
	stones := boardNotation + ", 'x' black, 'o' white, '.' empty, '#' "
	for _, e := range []games.Entry{
		{Name: "anti-clobber", Summary: "Left moves a black stone onto an orthogonally adjacent empty square, leaving a white stone behind; Right a white one, leaving a black",
			Notation: stones + "off the board (at most 64 squares): \"xoxo|oo..\"", Example: []string{"anti-clobber", "xoxo|oo.."}, New: fixedRules(AntiClobberRules)},
		{Name: "hot-clobber", Summary: "Clobber where a stone may capture an orthogonally adjacent stone of either colour",
			Notation: stones + "empty (at most 64 squares): \"xox|ox.\"", Example: []string{"hot-clobber", "xox|ox."}, New: fixedRules(HotClobberRules)},
		{Name: "kings", Summary: "Clobber with a chess king's step: a stone captures an enemy stone orthogonally or diagonally next to it",
			Notation: stones + "empty (at most 64 squares): \"xox|ox.\"", Example: []string{"kings", "xox|ox."}, New: fixedRules(KingsRules)},
		{Name: "knights", Summary: "Clobber with a chess knight's jump: a stone captures an enemy stone a knight's move away",
			Notation: stones + "empty (at most 64 squares): \"xox|ox.\"", Example: []string{"knights", "xo.|..o|x.."}, New: fixedRules(KnightsRules)},
		{Name: "rooks", Summary: "Clobber with a chess rook's move: a stone moves along a row or column over empty squares and captures the enemy stone it stops on",
			Notation: stones + "a square that blocks (at most 64 squares): \"xox|ox.\"", Example: []string{"rooks", "xox|ox."}, New: fixedRules(RooksRules)},
		{Name: "queens", Summary: "Clobber with a chess queen's move: as rooks, along diagonals too",
			Notation: stones + "a square that blocks (at most 64 squares): \"xox|ox.\"", Example: []string{"queens", "xox|ox."}, New: fixedRules(QueensRules)},
		{Name: "konane", Summary: "Left jumps a black stone over an orthogonally adjacent white one onto the empty square beyond, capturing it, and may jump on the same way; Right a white over black",
			Notation: stones + "off the board (at most 64 squares): \".ox.|o..x|....\"", Example: []string{"konane", ".ox.|o..x|...."}, New: fixedRules(KonaneRules)},
		{Name: "amazons", Summary: "Left moves a black amazon as a chess queen over empty squares, then shoots an arrow from it the same way onto an empty square, which is filled; Right a white amazon",
			Notation: boardNotation + ", 'x' a black amazon, 'o' a white one, '.' empty, '#' filled (at most 64 squares): \"x...|o...\"", Example: []string{"amazons", "x...|o..."}, New: fixedRules(AmazonsRules)},
		{Name: "fission", Summary: "Left replaces a stone by two on the empty squares above and below it, Right by two on the empty squares left and right of it",
			Notation: boardNotation + ", 'x' a stone, '.' empty, '#' off the board (at most 64 squares): \".x.x|..x.|....|..x.\"", Example: []string{"fission", ".x.x|..x.|....|..x."}, New: fixedRules(FissionRules)},
		{Name: "nogo", Summary: "Left places a black stone on an empty square, Right a white one, where every string of stones keeps an empty neighbour: Go with no capture and no suicide",
			Notation: boardNotation + " as MCGS writes them, 'x' black, 'o' white, '.' empty, '#' off the board (at most 64 squares): \"....|..ox|ox..|....\"", Example: []string{"nogo", "...|...|..."}, New: fixedRules(NoGoRules)},
	} {
		games.Register(e)
	}
}

// fixedRules returns a registry New for a ruleset without a parameter.
func fixedRules(r games.Ruleset) func(string) (games.Ruleset, error) {
	return func(string) (games.Ruleset, error) { return r, nil }
}
