package grid

import (
	"context"
	"encoding/binary"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/partizan/loopy"
)

// FoxAndGeese is Fox and Geese (Winning Ways, ch. 20) as CGSuite plays
// it, on the dark squares of a board Width squares wide and unbounded
// upward. Left's geese each step one square diagonally downward; Right's
// fox moves diagonally in any direction, up to Range squares in a line,
// never onto or over a goose. Play can repeat, as the fox can go back
// and forth; once the fox is level with the highest goose, or can step
// there past the geese, the geese can never catch him and the position
// is off.
type FoxAndGeese struct {
	Width int // 8 in Fox and Geese
	Range int // 1 in Fox and Geese, 2 in Ceylonese Fox and Geese
}

// The rulesets of CGSuite's library.
var (
	ClassicFoxAndGeese   = FoxAndGeese{Width: 8, Range: 1}
	CeyloneseFoxAndGeese = FoxAndGeese{Width: 8, Range: 2}
)

// A Square is a square of the board, numbered from 1: row 1 at the
// bottom, column 1 at the left. The dark squares have Row + Col even.
type Square struct{ Row, Col int }

// MaxGeese bounds the geese of a position.
const MaxGeese = 16

// foxText matches CGSuite's arguments: {(4,2),(4,4)}, (1,1).
var (
	foxText    = regexp.MustCompile(`^\s*\{([^{}]*)\}\s*,\s*\(\s*(\d+)\s*,\s*(\d+)\s*\)\s*$`)
	squareText = regexp.MustCompile(`^\s*\(\s*(\d+)\s*,\s*(\d+)\s*\)\s*$`)
	squareList = regexp.MustCompile(`^\s*(\(\s*\d+\s*,\s*\d+\s*\)\s*(,\s*\(\s*\d+\s*,\s*\d+\s*\)\s*)*)?$`)
)

// ParseFoxAndGeese reads a position as CGSuite's FoxAndGeese takes it:
// the geese as a set of (row, column) pairs and then the fox,
// "{(4,2),(4,4),(4,6),(4,8)}, (1,1)". It fails, wrapping games.ErrInput,
// for any other text.
func ParseFoxAndGeese(s string) (geese []Square, fox Square, err error) {
	m := foxText.FindStringSubmatch(s)
	if m == nil {
		return nil, Square{}, games.InputErrorf("%q is not {(row,col),…}, (row,col): the geese and the fox", s)
	}
	num := func(t string) (int, error) {
		n, err := strconv.Atoi(t)
		if err != nil || n > 1<<20 {
			return 0, games.InputErrorf("%q is not a row or column", t)
		}
		return n, nil
	}
	if !squareList.MatchString(m[1]) {
		return nil, Square{}, games.InputErrorf("%q is not a list of squares (row,col), separated by commas", strings.TrimSpace(m[1]))
	}
	if strings.TrimSpace(m[1]) != "" {
		for _, part := range strings.SplitAfter(m[1], ")") {
			part = strings.TrimPrefix(strings.TrimSpace(part), ",")
			if strings.TrimSpace(part) == "" {
				continue
			}
			p := squareText.FindStringSubmatch(part)
			if p == nil {
				return nil, Square{}, games.InputErrorf("%q is not a square (row,col)", strings.TrimSpace(part))
			}
			r, err := num(p[1])
			if err != nil {
				return nil, Square{}, err
			}
			c, err := num(p[2])
			if err != nil {
				return nil, Square{}, err
			}
			geese = append(geese, Square{r, c})
		}
	}
	if fox.Row, err = num(m[2]); err != nil {
		return nil, Square{}, err
	}
	if fox.Col, err = num(m[3]); err != nil {
		return nil, Square{}, err
	}
	return geese, fox, nil
}

// foxPosition is a position: the geese, sorted, and the fox.
type foxPosition struct {
	geese []Square
	fox   Square
}

// key returns the rows and columns of p as varints, the geese first.
func (p foxPosition) key() string {
	b := make([]byte, 0, 4*len(p.geese)+4)
	for _, g := range p.geese {
		b = binary.AppendUvarint(b, uint64(g.Row))
		b = binary.AppendUvarint(b, uint64(g.Col))
	}
	b = binary.AppendUvarint(b, uint64(p.fox.Row))
	return string(binary.AppendUvarint(b, uint64(p.fox.Col)))
}

// darkSquares returns how many dark squares of the board lie in row
// row between columns lo and hi.
func (r FoxAndGeese) darkSquares(row, lo, hi int) int {
	lo, hi = max(lo, 1), min(hi, r.Width)
	if (row+lo)%2 != 0 {
		lo++
	}
	if lo > hi {
		return 0
	}
	return (hi-lo)/2 + 1
}

// bound returns an upper bound on the positions reachable from geese
// on the given squares: the geese only step down, each within the
// cone below it, and the fox stands below the highest goose, or has
// escaped.
func (r FoxAndGeese) bound(geese []Square) float64 {
	top := 0
	for _, g := range geese {
		top = max(top, g.Row)
	}
	// Rows repeat with period 2 once a cone spans the board.
	rows := func(from, to int, lo, hi func(d int) int) float64 {
		n := 0.0
		for row := to; row >= from; row-- {
			d := to - row
			if lo(d) <= 1 && hi(d) >= r.Width {
				full := float64(r.darkSquares(row, 1, r.Width) + r.darkSquares(row-1, 1, r.Width))
				left := row - from + 1
				return n + full*float64(left/2) + float64(left%2*r.darkSquares(row, 1, r.Width))
			}
			n += float64(r.darkSquares(row, lo(d), hi(d)))
		}
		return n
	}
	all := func(int) int { return 1 }
	end := func(int) int { return r.Width }
	fox := rows(1, top-1, all, end)
	cones := 1.0
	for _, g := range geese {
		cones *= rows(1, g.Row, func(d int) int { return g.Col - d }, func(d int) int { return g.Col + d })
	}
	// Or choose the geese's squares among all squares up to the top.
	union, sets := rows(1, top, all, end), 1.0
	for i := range len(geese) {
		sets = sets * (union - float64(i)) / float64(i+1)
	}
	return min(cones, sets)*fox + 1
}

func (r FoxAndGeese) valid(s Square) bool {
	return s.Row >= 1 && s.Col >= 1 && s.Col <= r.Width && (s.Row+s.Col)%2 == 0
}

// escaped reports whether the fox is past the geese for good: level
// with the highest goose or above, or one row below it with a free
// square to step up to.
func (r FoxAndGeese) escaped(p foxPosition) bool {
	top := 0
	for _, g := range p.geese {
		top = max(top, g.Row)
	}
	if p.fox.Row >= top {
		return true
	}
	if p.fox.Row != top-1 {
		return false
	}
	free := func(s Square) bool { return s.Col >= 1 && s.Col <= r.Width && !slices.Contains(p.geese, s) }
	return free(Square{top, p.fox.Col - 1}) || free(Square{top, p.fox.Col + 1})
}

// moves returns the positions Left (the geese) or Right (the fox) can
// move to from p.
func (r FoxAndGeese) moves(p foxPosition, left bool) []foxPosition {
	var out []foxPosition
	if left {
		for i, g := range p.geese {
			for _, dc := range []int{-1, 1} {
				to := Square{g.Row - 1, g.Col + dc}
				if !r.valid(to) || to == p.fox || slices.Contains(p.geese, to) {
					continue
				}
				geese := slices.Clone(p.geese)
				geese[i] = to
				slices.SortFunc(geese, cmpSquare)
				out = append(out, foxPosition{geese, p.fox})
			}
		}
		return out
	}
	for _, d := range [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
		for k := 1; k <= r.Range; k++ {
			to := Square{p.fox.Row + k*d[0], p.fox.Col + k*d[1]}
			if !r.valid(to) || slices.Contains(p.geese, to) {
				break
			}
			out = append(out, foxPosition{p.geese, to})
		}
	}
	return out
}

func cmpSquare(a, b Square) int {
	if a.Row != b.Row {
		return a.Row - b.Row
	}
	return a.Col - b.Col
}

// start returns the position with the geese and the fox on the given
// squares, or an error wrapping games.ErrInput as Game's.
func (r FoxAndGeese) start(geese []Square, fox Square) (foxPosition, error) {
	if r.Width < 2 || r.Width > 64 || r.Range < 1 {
		return foxPosition{}, games.InputErrorf("a board %d wide with a fox of range %d: the width must be 2 to 64 and the range at least 1", r.Width, r.Range)
	}
	if len(geese) == 0 || len(geese) > MaxGeese {
		return foxPosition{}, games.InputErrorf("%d geese: there must be 1 to %d", len(geese), MaxGeese)
	}
	for _, s := range append(slices.Clone(geese), fox) {
		if !r.valid(s) {
			return foxPosition{}, games.InputErrorf("(%d,%d) is not a dark square of a board %d wide: row ≥ 1, 1 ≤ column ≤ %d, row + column even", s.Row, s.Col, r.Width, r.Width)
		}
	}
	start := foxPosition{slices.Clone(geese), fox}
	slices.SortFunc(start.geese, cmpSquare)
	for i, g := range start.geese {
		if g == fox || i > 0 && g == start.geese[i-1] {
			return foxPosition{}, games.InputErrorf("two pieces on (%d,%d)", g.Row, g.Col)
		}
	}
	return start, nil
}

// Game returns the value of the position with the geese and the fox on
// the given squares: a loopy game on every position reachable from it,
// each position the fox has escaped from being off. It fails, wrapping
// games.ErrInput, for a square off the board or not dark, two pieces on
// one square, no geese or more than MaxGeese; with a
// *budget.TooLargeError when a bound on the positions reachable, counted
// before any is made, passes opt's limits (see loopy.CheckPositions);
// and stops when ctx is cancelled.
func (r FoxAndGeese) Game(ctx context.Context, geese []Square, fox Square, opt *budget.Options) (loopy.Game, error) {
	start, err := r.start(geese, fox)
	if err != nil {
		return loopy.Game{}, err
	}
	const what = "the Fox and Geese position"
	bound := r.bound(start.geese)
	if err := loopy.CheckPositions(what, bound, opt); err != nil {
		return loopy.Game{}, err
	}
	// Vertex 0 is the start; every escaped position is the one vertex
	// off, made when first met.
	index := map[string]int{start.key(): 0}
	order := []foxPosition{start}
	left, right := [][]int{nil}, [][]int{nil}
	off := -1
	vertex := func(p foxPosition) (int, error) {
		if r.escaped(p) {
			if off < 0 {
				off = len(left)
				left, right = append(left, nil), append(right, []int{off})
				order = append(order, foxPosition{})
			}
			return off, nil
		}
		k := p.key()
		if v, ok := index[k]; ok {
			return v, nil
		}
		if n := float64(len(order) + 1); n > bound {
			// The bound is proven; this guards it.
			if err := loopy.CheckPositions(what, n, opt); err != nil {
				return 0, err
			}
		}
		index[k] = len(order)
		order = append(order, p)
		left, right = append(left, nil), append(right, nil)
		return len(order) - 1, nil
	}
	if r.escaped(start) {
		return loopy.On().Neg(), nil // off
	}
	for i := 0; i < len(order); i++ {
		if i == off {
			continue
		}
		if i%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return loopy.Game{}, err
			}
		}
		for _, isLeft := range []bool{true, false} {
			for _, q := range r.moves(order[i], isLeft) {
				w, err := vertex(q)
				if err != nil {
					return loopy.Game{}, err
				}
				if isLeft {
					left[i] = append(left[i], w)
				} else {
					right[i] = append(right[i], w)
				}
			}
		}
	}
	return loopy.New(left, right, 0)
}
