package strip

import (
	"context"
	"math"
	"slices"
	"strings"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/partizan"
)

func init() {
	games.Register(games.Entry{
		Name:     "ski-jumps",
		Kind:     0,
		Summary:  "Left's skiers slide right, Right's left, any number of empty squares or off the slope; a jumper may jump down over an opponent just below it to the empty square below that, and the skier jumped becomes a slipper",
		Notation: "rows from the top of the slope separated by '|', of 'L' (Left's jumper), 'l' (Left's slipper), 'R', 'r' (Right's) and '.' (empty), as cgt-tools writes them: \"L....|....R|l....\"; at most 64 rows of at most 64 squares",
		Example:  []string{"ski-jumps", "L....|R....|....."},
		New: func(string) (games.Ruleset, error) {
			return skiJumps, nil
		},
	})
}

// maxSlope bounds the rows of a Ski Jumps position, and the squares of a
// row.
const maxSlope = 64

// skiJumps is the ruleset of Ski-Jumps (Winning Ways, ch. 1), which
// CGSuite lacks, in the notation of cgt-tools (github.com/t4ccer/
// cgt-tools). Left's skiers move right, Right's left: a skier slides any
// number of squares into empty ones, with no skier in its way, or off the
// edge of the slope. A jumper (capital) may instead jump down over an
// opponent's skier in the square just below it, onto the square below
// that, which must be empty and on the slope; the skier jumped over
// becomes a slipper, which cannot jump. (cgt-tools lets the jumper land on
// a skier, which it then removes; we follow Winning Ways, where the
// landing square is empty.)
//
// Rows that no jump can ever join are components, and a row with no jump
// splits where a Right skier is followed by a Left one: they never meet.
// A piece of a row with skiers of one side only is worth the steps they
// have left, which Value gives.
var skiJumps games.Ruleset = skiRules{}

type skiRules struct{}

// Name returns "ski-jumps".
func (skiRules) Name() string { return "ski-jumps" }

// Kind returns 0: short and partizan.
func (skiRules) Kind() games.Kind { return 0 }

// Parse reads rows of '.', 'L', 'l', 'R' and 'r' separated by '|', all of
// one width.
func (skiRules) Parse(s string) (games.Position, error) {
	if s == "" {
		return nil, games.InputErrorf("ski-jumps: an empty slope")
	}
	rows := strings.Split(s, "|")
	if len(rows) > maxSlope {
		return nil, games.InputErrorf("ski-jumps: %d rows, more than %d", len(rows), maxSlope)
	}
	w := len(rows[0])
	off := 0
	for y, row := range rows {
		if len(row) != w {
			return nil, games.InputErrorf("ski-jumps: offset %d: row %d has %d squares, row 1 has %d", off, y+1, len(row), w)
		}
		if w > maxSlope {
			return nil, games.InputErrorf("ski-jumps: rows of %d squares, more than %d", w, maxSlope)
		}
		if w == 0 {
			return nil, games.InputErrorf("ski-jumps: offset %d: an empty row", off)
		}
		for i := range len(row) {
			switch row[i] {
			case '.', 'L', 'l', 'R', 'r':
			default:
				return nil, games.InputErrorf("ski-jumps: offset %d: %q is not '.', 'L', 'l', 'R' or 'r'", off+i, runeAt(row, i))
			}
		}
		off += len(row) + 1
	}
	return &slope{w: w, h: len(rows), c: strings.Join(rows, "")}, nil
}

// A slope is a Ski Jumps position: h rows of w squares, row by row from
// the top. It is a Splitter and an Estimator.
type slope struct {
	w, h int
	c    string
}

// String returns the rows joined by '|'.
func (s *slope) String() string {
	var b strings.Builder
	for y := range s.h {
		if y > 0 {
			b.WriteByte('|')
		}
		b.WriteString(s.c[y*s.w : (y+1)*s.w])
	}
	return b.String()
}

// side returns the side of a square's skier: 1 for Left, 2 for Right, 0
// for none.
func side(c byte) uint8 {
	switch c {
	case 'L', 'l':
		return 1
	case 'R', 'r':
		return 2
	}
	return 0
}

// isJumper reports whether c is a jumper.
func isJumper(c byte) bool { return c == 'L' || c == 'R' }

// slipper returns the skier c as a slipper.
func slipper(c byte) byte {
	if isJumper(c) {
		return c + 'a' - 'A'
	}
	return c
}

// Options returns the slopes after a slide or a jump of one of who's
// skiers.
func (s *slope) Options(who games.Player) []games.Position {
	us, dir := uint8(1), 1
	if who == games.Right {
		us, dir = 2, -1
	}
	var out []games.Position
	moved := func(set ...int) {
		b := []byte(s.c)
		for i := 0; i < len(set); i += 2 {
			b[set[i]] = byte(set[i+1])
		}
		out = append(out, &slope{s.w, s.h, string(b)})
	}
	for y := range s.h {
		for x := range s.w {
			i := y*s.w + x
			c := s.c[i]
			if side(c) != us {
				continue
			}
			for nx := x + dir; ; nx += dir {
				if nx < 0 || nx >= s.w {
					moved(i, '.')
					break
				}
				j := y*s.w + nx
				if s.c[j] != '.' {
					break
				}
				moved(i, '.', j, int(c))
			}
			if isJumper(c) && y+2 < s.h {
				below, land := i+s.w, i+2*s.w
				if side(s.c[below]) == 3-us && s.c[land] == '.' {
					moved(i, '.', below, int(slipper(s.c[below])), land, int(c))
				}
			}
		}
	}
	return out
}

// parts returns the components of s: each group of rows that jumps may
// join, with the jumpers that can never jump made slippers; and each
// piece of a row no jump reaches, cut where a Right skier precedes a Left
// one, without the squares its skiers never reach.
func (s *slope) parts() []*slope {
	// can[y] holds the sides with a skier that may ever be in row y,
	// jump[y] those with a jumper that may; a jump from row y joins rows
	// y to y+2. Jumps go down, so one pass from the top finds them all.
	can, jump := make([]uint8, s.h), make([]uint8, s.h)
	for i := range len(s.c) {
		can[i/s.w] |= side(s.c[i])
		if isJumper(s.c[i]) {
			jump[i/s.w] |= side(s.c[i])
		}
	}
	joined := make([]bool, s.h) // row y is joined to row y+1
	for y := 0; y+2 < s.h; y++ {
		for b := uint8(1); b <= 2; b++ {
			if jump[y]&b != 0 && can[y+1]&(3-b) != 0 {
				jump[y+2] |= b
				can[y+2] |= b
				joined[y], joined[y+1] = true, true
			}
		}
	}
	var out []*slope
	for y0 := 0; y0 < s.h; {
		y1 := y0
		for joined[y1] {
			y1++
		}
		if y1 == y0 {
			row := []byte(s.c[y0*s.w : (y0+1)*s.w])
			for x, c := range row {
				row[x] = slipper(c)
			}
			out = append(out, rowPieces(string(row))...)
		} else {
			b := []byte(s.c[y0*s.w : (y1+1)*s.w])
			for i, c := range b {
				y := y0 + i/s.w
				if isJumper(c) && (y+2 >= s.h || can[y+1]&(3-side(c)) == 0) {
					b[i] = slipper(c)
				}
			}
			out = append(out, &slope{s.w, y1 - y0 + 1, string(b)})
		}
		y0 = y1 + 1
	}
	return out
}

// rowPieces cuts a row of slippers where a Right skier precedes a Left
// one, and trims each piece of the squares its skiers never reach: left
// of its first skier if that is Left's, right of its last if that is
// Right's. The skiers of a piece are Left's, then Right's.
func rowPieces(row string) []*slope {
	var out []*slope
	add := func(p string) {
		first, last := strings.IndexAny(p, "lr"), strings.LastIndexAny(p, "lr")
		if first < 0 {
			return
		}
		if p[first] == 'l' {
			p = p[first:]
			last -= first
		}
		if p[last] == 'r' {
			p = p[:last+1]
		}
		out = append(out, &slope{len(p), 1, p})
	}
	start, prev := 0, -1
	for i := range len(row) {
		if row[i] == '.' {
			continue
		}
		if row[i] == 'l' && prev >= 0 && row[prev] == 'r' {
			add(row[start : prev+1])
			start = i
		}
		prev = i
	}
	add(row[start:])
	return out
}

// oneSide returns the steps left to the skiers of a row of one side, Left's
// counted positive, and whether s is such a row.
func (s *slope) oneSide() (int64, bool) {
	if s.h != 1 || strings.ContainsAny(s.c, "LR") || strings.Contains(s.c, "l") && strings.Contains(s.c, "r") {
		return 0, false
	}
	var d int64
	for x := range s.w {
		switch s.c[x] {
		case 'l':
			d += int64(s.w - x)
		case 'r':
			d -= int64(x + 1)
		}
	}
	return d, true
}

// Components returns the parts of s when there are two or more, or the
// one part when it is a row of one side, which Value values.
func (s *slope) Components() []games.Position {
	ps := s.parts()
	if len(ps) == 1 {
		if _, ok := ps[0].oneSide(); !ok {
			return nil
		}
	}
	out := make([]games.Position, len(ps))
	for i, p := range ps {
		out[i] = p
		if _, ok := p.oneSide(); ok {
			out[i] = (*skiRow)(p)
		}
	}
	return out
}

// appendOwn appends the width, height and squares of s.
func (s *slope) appendOwn(b []byte) []byte {
	return append(append(b, byte(s.w), byte(s.h)), s.c...)
}

// AppendKey appends the parts' keys, sorted.
func (s *slope) AppendKey(b []byte) []byte {
	ps := s.parts()
	if len(ps) == 1 {
		return ps[0].appendOwn(b)
	}
	keys := make([]string, len(ps))
	for i, p := range ps {
		keys[i] = string(p.appendOwn(nil))
	}
	slices.Sort(keys)
	for _, k := range keys {
		b = append(b, k...)
	}
	return b
}

// Estimate returns the positions a search of the parts meets, part by
// part. A row's is a bound, counted as Toads and Frogs' (a skier that
// slides off waits past the edge, in order); a group of rows' is an
// estimate: its rows' bounds for the skiers they hold, and a factor 2 for
// each jumper.
func (s *slope) Estimate() float64 {
	n := 0.0
	for _, p := range s.parts() {
		n += p.estimate()
	}
	return n
}

// estimate returns the estimate of one part.
func (s *slope) estimate() float64 {
	n := 1.0
	for y := range s.h {
		row := s.c[y*s.w : (y+1)*s.w]
		n *= math.Ldexp(rowBound(row), strings.Count(row, "L")+strings.Count(row, "R"))
	}
	return n
}

// rowBound bounds the rows the skiers of row reach by sliding: they keep
// their order (orderBound), and each one that slides off waits past the
// edge.
func rowBound(row string) float64 {
	l, r := strings.Count(row, "l")+strings.Count(row, "L"), strings.Count(row, "r")+strings.Count(row, "R")
	row = strings.Repeat(".", r) + row + strings.Repeat(".", l)
	return orderBound(strings.NewReplacer("l", "t", "L", "t", "r", "f", "R", "f").Replace(row))
}

// A skiRow is a row with the skiers of one side only. It is a Valuer.
type skiRow slope

func (r *skiRow) String() string                            { return (*slope)(r).String() }
func (r *skiRow) Options(who games.Player) []games.Position { return (*slope)(r).Options(who) }
func (r *skiRow) AppendKey(b []byte) []byte                 { return (*slope)(r).appendOwn(b) }

// Estimate bounds the rows a search of r meets, as slope's.
func (r *skiRow) Estimate() float64 { return (*slope)(r).estimate() }

// Value returns the integer of the steps left to Left's skiers, less
// those left to Right's: one side alone moves, and best one square a
// move, a skier on the edge sliding off in one.
func (r *skiRow) Value(ctx context.Context, _ *budget.Options) (*partizan.Game, error) {
	d, _ := (*slope)(r).oneSide()
	return partizan.Number(partizan.Int(d)), ctx.Err()
}
