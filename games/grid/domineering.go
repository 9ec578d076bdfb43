// Package grid holds games played on grids of squares: Domineering,
// Cram and Clobber on any board of at most 64 squares and Cutcake, whose
// values are short games in canonical form (package partizan), and Fox
// and Geese, whose play can repeat and whose values are stoppers
// (package partizan/loopy). Each is a ruleset of package games,
// registered as "domineering", "cram", "clobber", "cutcake" and
// "fox-geese".
//
// On the same boards, as CGSuite defines them and names them in kebab
// case: Clobber's variants "anti-clobber", "hot-clobber", "kings",
// "knights", "rooks" and "queens" (the instances of CGSuite's
// GenClobber), "amazons" and "fission"; and "konane" in cgt-tools'
// notation and rule (CGSuite has no Konane: a jump may go on over more
// stones in one direction, each stop an option), "nogo" in MCGS's (no
// capture, no suicide). Where CGSuite says nothing, '#' is a square off
// the board (in Amazons a square shot), which a rook or queen cannot
// pass.
//
// Boards split into components where the rules allow: Clobber and its
// one-step variants by the stones' regions under their step; Rooks and
// Queens by stones that share no line (CGSuite does not split them);
// Amazons and Fission by the regions of squares not '#', since their
// pieces move onto empty squares; NoGo by the squares joined through
// empty squares and strings (strings of two colours side by side do not
// meet, as a placement looks only at the strings next to it);
// Anti-Clobber by the empty squares and the stones next to them, a stone
// with no empty neighbour playing as '#' for good (CGSuite splits
// Anti-Clobber by the stones' regions, which does not hold);
// Konane by the stones closed under the squares a jump may land on, as a
// jump may land next to another group. Fission splits no further: a
// fission fills the empty squares between groups and empties its own.
// Keys fold the board's eight symmetries but in Domineering and Fission,
// where a reflection in a diagonal swaps the players.
//
// "gen-clobber:ARGS" is CGSuite's GenClobber, of which Clobber and its
// variants above are instances: ARGS are GenClobber's arguments, as
// NAME=VALUE split by commas, each optional: directions (Orthogonal,
// Diagonal, Compass, Hexagonal, KnightsMove, as CGSuite's Coordinates
// names them, or a list [(ROW,COL),…], rows counted downward),
// clobbered (Left's and Right's sets of the squares a stone may move
// onto, {2}|{1} by default: 0 empty, 1 black, 2 white; one set for
// both), leftBehind (what a stone leaves where it was, 0|0) and
// maxDistance (1, or up to inf: a stone slides over empty squares up to
// that far and moves onto the square it stops on, if it may). Arguments
// that are a fixed instance's give that ruleset ("gen-clobber:
// maxDistance=inf" is "rooks"). The rule is GenClobber.cgs's code, whose
// comment asks the squares passed to be clobberable where the code asks
// them to be empty; arguments under which play could go on forever (a
// stone moving onto empty squares and leaving them empty) are refused,
// as grundy values short games. CGSuite splits GenClobber only when
// maxDistance is 1, by the regions of squares not empty; grundy splits
// every instance by the regions its moves may join, as above.
//
// Each game has a plain search in the tests as its reference.
package grid

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"math/bits"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/nimbers/grundy/games"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/partizan"
)

// MaxCells bounds a board: rows × columns ≤ 64, one bit a square.
const MaxCells = 64

// A Board is a rectangle of squares, each empty or filled.
type Board struct {
	rows, cols int
	empty      uint64 // bit r*cols+c for an empty square
}

// NewBoard returns the board drawn by the lines: '.' for an empty square,
// '#' for a filled one, as CGSuite draws Domineering; every line the same
// length. It fails, wrapping games.ErrInput, for any other character
// (an 'x' too, which other grid games read as a stone), ragged lines, or
// more than MaxCells squares.
func NewBoard(lines []string) (*Board, error) {
	b := &Board{rows: len(lines)}
	if b.rows == 0 {
		return nil, games.InputErrorf("no rows")
	}
	b.cols = len(lines[0])
	if b.cols == 0 {
		return nil, games.InputErrorf("row 1 is empty")
	}
	if b.rows*b.cols > MaxCells {
		return nil, games.InputErrorf("%d×%d is more than %d squares", b.rows, b.cols, MaxCells)
	}
	for r, line := range lines {
		if c := strings.IndexFunc(line, func(ch rune) bool { return ch >= utf8.RuneSelf }); c >= 0 {
			// Squares are bytes: a wider character is named whole.
			ch, _ := utf8.DecodeRuneInString(line[c:])
			return nil, games.InputErrorf("row %d column %d: %q is not '.' or '#'", r+1, c+1, ch)
		}
		if len(line) != b.cols {
			return nil, games.InputErrorf("row %d has %d squares, row 1 has %d", r+1, len(line), b.cols)
		}
		for c := range len(line) {
			switch line[c] {
			case '.':
				b.empty |= 1 << (r*b.cols + c)
			case '#':
			default:
				return nil, games.InputErrorf("row %d column %d: %q is not '.' or '#'", r+1, c+1, line[c])
			}
		}
	}
	return b, nil
}

// maxBoardBytes bounds the bytes readBoard reads, comments and blank
// lines included.
const maxBoardBytes = 1 << 20

// readBoard reads a board from r: lines of '.' and '#', blank lines and
// lines starting with ';' ignored, trailing blanks trimmed. It reads at
// most 1 MiB.
func readBoard(r io.Reader) (*Board, error) {
	var lines []string
	lr := &io.LimitedReader{R: r, N: maxBoardBytes + 1}
	sc := bufio.NewScanner(lr)
	sc.Buffer(make([]byte, 4096), 4096)
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), " \t\r")
		if line == "" || strings.HasPrefix(line, ";") {
			continue
		}
		lines = append(lines, line)
		if len(lines) > MaxCells {
			return nil, games.InputErrorf("more than %d rows", MaxCells)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, games.InputErrorf("%v", err)
	}
	if lr.N == 0 {
		return nil, games.InputErrorf("more than %d bytes", maxBoardBytes)
	}
	return NewBoard(lines)
}

// A DomineeringResult is the value of a Domineering board and who wins
// it, as grundy domineering prints it.
type DomineeringResult struct {
	Game    string `json:"game"`    // the canonical value in CGSuite's notation
	Outcome string `json:"outcome"` // who wins: Left, Right, first or second
}

// WriteTo writes the value, then who wins, a line each. It returns the
// bytes written and the first error.
func (r *DomineeringResult) WriteTo(w io.Writer) (int64, error) {
	n, err := fmt.Fprintf(w, "%s\n%s\n", r.Game, r.Outcome)
	return int64(n), err
}

// SolveDomineering reads a board from r, lines of '.' and '#' as
// NewBoard takes them (blank lines and lines starting with ';' ignored,
// trailing blanks trimmed, at most 1 MiB read), and values it as the
// registry's ruleset "domineering" does (games.Ask), within opt: its
// Limit bounds the components valued (DefaultComponents when opt sets
// none), its Progress counts them. It fails, wrapping games.ErrInput,
// for a board it cannot read, with a *budget.TooLargeError past the
// limit, and stops when ctx is cancelled.
func SolveDomineering(ctx context.Context, r io.Reader, opt *budget.Options) (*DomineeringResult, error) {
	b, err := readBoard(r)
	if err != nil {
		return nil, err
	}
	o := budget.Options{Limit: DefaultComponents}
	if opt != nil {
		o = *opt
		o.Limit = opt.Max(DefaultComponents)
	}
	// The board in the ruleset's notation: its rows joined by '|'.
	board := strings.ReplaceAll(strings.TrimSuffix(b.String(), "\n"), "\n", "|")
	a, err := games.Ask(ctx, games.Query{Ruleset: DomineeringRules.Name(), Positions: []string{board}}, &o)
	if err != nil {
		return nil, err
	}
	return &DomineeringResult{Game: a.Value, Outcome: a.Winner}, nil
}

// Rect returns the empty rows × cols board.
func Rect(rows, cols int) (*Board, error) {
	if rows < 1 || cols < 1 || rows*cols > MaxCells {
		return nil, games.InputErrorf("a %d×%d board (at most %d squares)", rows, cols, MaxCells)
	}
	return &Board{rows: rows, cols: cols, empty: 1<<(rows*cols) - 1}, nil
}

// String draws the board as NewBoard reads it.
func (b *Board) String() string {
	var sb strings.Builder
	for r := range b.rows {
		for c := range b.cols {
			if b.empty>>(r*b.cols+c)&1 == 1 {
				sb.WriteByte('.')
			} else {
				sb.WriteByte('#')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// A Move places a domino on (Row, Col) and the square below it (Left,
// vertical) or to its right (Right, horizontal).
type Move struct {
	Row, Col int
	Vertical bool
}

// Moves returns the placements open to Left (vertical dominoes) or, for
// left = false, to Right (horizontal ones), with the board after each.
func (b *Board) Moves(left bool) ([]Move, []*Board) {
	var moves []Move
	var after []*Board
	for r := range b.rows {
		for c := range b.cols {
			i := r*b.cols + c
			j := i + 1
			if left {
				j = i + b.cols
			}
			if (left && r+1 >= b.rows) || (!left && c+1 >= b.cols) || b.empty>>i&1 == 0 || b.empty>>j&1 == 0 {
				continue
			}
			moves = append(moves, Move{r, c, left})
			after = append(after, &Board{b.rows, b.cols, b.empty &^ (1<<i | 1<<j)})
		}
	}
	return moves, after
}

// A Domineering solver values positions, remembering each component it
// has seen (up to the symmetries of the square: the four that keep
// vertical vertical give the same value, the four that swap them the
// negative).
type Domineering struct {
	// Options' Limit bounds the distinct components valued (no bound by
	// default); past it Value fails with a *budget.TooLargeError. Its
	// Progress is called every 1024 components with the number valued.
	Options *budget.Options
	memo    map[shape]*partizan.Game
	sums    map[string]*partizan.Game // by the components' keys
	ctx     context.Context           // the context of the Value call
}

// A shape is a component cropped to its bounding box.
type shape struct {
	rows, cols uint8
	cells      uint64
}

// Value returns the canonical value of Domineering on b, Left placing
// vertical dominoes and Right horizontal ones. The board splits into
// connected components, whose values add. It stops with ctx's error soon
// after ctx is cancelled; what it valued is kept for the next call.
func (d *Domineering) Value(ctx context.Context, b *Board) (*partizan.Game, error) {
	if d.memo == nil {
		d.memo = map[shape]*partizan.Game{}
		d.sums = map[string]*partizan.Game{}
	}
	d.ctx = ctx
	defer func() { d.ctx = nil }()
	return d.value(shape{uint8(b.rows), uint8(b.cols), b.empty})
}

func (d *Domineering) value(s shape) (*partizan.Game, error) {
	comps := s.components()
	if len(comps) == 1 {
		return d.component(comps[0])
	}
	// A sum of several components: the same sums recur across positions,
	// so remember them by their components' canonical shapes.
	keys := make([]string, len(comps))
	for i, c := range comps {
		k, swapped := c.canonical()
		keys[i] = fmt.Sprintf("%d,%d,%x,%t", k.rows, k.cols, k.cells, swapped)
	}
	slices.Sort(keys)
	name := strings.Join(keys, ";")
	if g, ok := d.sums[name]; ok {
		return g, nil
	}
	vals := make([]*partizan.Game, len(comps))
	for i, c := range comps {
		v, err := d.component(c)
		if err != nil {
			return nil, err
		}
		vals[i] = v
	}
	sum, err := partizan.NewCalculator(unlimited).Sum(context.Background(), vals...)
	if err != nil {
		return nil, err
	}
	d.sums[name] = sum
	return sum, nil
}

// component values one connected component, cropped.
func (d *Domineering) component(s shape) (*partizan.Game, error) {
	key, swapped := s.canonical()
	if g, ok := d.memo[key]; ok {
		if swapped {
			return g.Neg(), nil
		}
		return g, nil
	}
	if limit := d.Options.Max(math.Inf(1)); float64(len(d.memo)) >= limit {
		return nil, &budget.TooLargeError{What: "the Domineering board", Unit: "components to value", Limit: limit}
	}
	if n := len(d.memo); n%1024 == 0 {
		if err := d.ctx.Err(); err != nil {
			return nil, err
		}
		d.Options.Report(n, 0)
	}
	b := &Board{int(key.rows), int(key.cols), key.cells}
	var sides [2][]*partizan.Game
	for i, left := range []bool{true, false} {
		_, after := b.Moves(left)
		for _, a := range after {
			g, err := d.value(shape{key.rows, key.cols, a.empty})
			if err != nil {
				return nil, err
			}
			sides[i] = append(sides[i], g)
		}
	}
	g, err := partizan.New(sides[0], sides[1])
	if err != nil {
		return nil, err
	}
	d.memo[key] = g
	if swapped {
		return g.Neg(), nil
	}
	return g, nil
}

// components splits s into its connected components (squares sharing a
// side), each cropped to its bounding box. A lone square, where nobody
// can move, is dropped.
func (s shape) components() []shape {
	rows, cols := int(s.rows), int(s.cols)
	first, last := colMask(rows, cols, 0), colMask(rows, cols, cols-1)
	left := s.cells
	var out []shape
	for left != 0 {
		comp := left & -left
		for {
			grow := comp
			grow |= comp << cols
			grow |= comp >> cols
			grow |= (comp << 1) &^ first
			grow |= (comp >> 1) &^ last
			grow &= s.cells
			if grow == comp {
				break
			}
			comp = grow
		}
		left &^= comp
		if bits.OnesCount64(comp) > 1 {
			out = append(out, crop(comp, rows, cols))
		}
	}
	return out
}

// colMask has a bit in column c of every row.
func colMask(rows, cols, c int) uint64 {
	m := uint64(0)
	for r := range rows {
		m |= 1 << (r*cols + c)
	}
	return m
}

// crop returns the cells of m within their bounding box.
func crop(m uint64, rows, cols int) shape {
	r0, r1, c0, c1 := rows, -1, cols, -1
	for x := m; x != 0; x &= x - 1 {
		i := bits.TrailingZeros64(x)
		r, c := i/cols, i%cols
		r0, r1, c0, c1 = min(r0, r), max(r1, r), min(c0, c), max(c1, c)
	}
	h, w := r1-r0+1, c1-c0+1
	out := shape{uint8(h), uint8(w), 0}
	for x := m; x != 0; x &= x - 1 {
		i := bits.TrailingZeros64(x)
		r, c := i/cols-r0, i%cols-c0
		out.cells |= 1 << (r*w + c)
	}
	return out
}

// canonical returns the least of the eight images of s under the
// symmetries of the square, and whether it is a transposed one (so that
// the players swap and the value negates).
func (s shape) canonical() (shape, bool) {
	best, swapped := s, false
	rows, cols := int(s.rows), int(s.cols)
	for t := 1; t < 8; t++ {
		transpose, flipR, flipC := t&4 != 0, t&2 != 0, t&1 != 0
		h, w := rows, cols
		if transpose {
			h, w = cols, rows
		}
		img := shape{uint8(h), uint8(w), 0}
		for x := s.cells; x != 0; x &= x - 1 {
			i := bits.TrailingZeros64(x)
			r, c := i/cols, i%cols
			if flipR {
				r = rows - 1 - r
			}
			if flipC {
				c = cols - 1 - c
			}
			if transpose {
				r, c = c, r
			}
			img.cells |= 1 << (r*w + c)
		}
		if img.less(best) {
			best, swapped = img, transpose
		}
	}
	return best, swapped
}

func (s shape) less(o shape) bool {
	if s.rows != o.rows {
		return s.rows < o.rows
	}
	if s.cols != o.cols {
		return s.cols < o.cols
	}
	return s.cells < o.cells
}
