package grid

import (
	"encoding/binary"
	"math"
	"math/bits"
	"unicode/utf8"

	"github.com/nimbers/grundy/games"
)

// A rule says which game a board is played by.
type rule uint8

const (
	domineering rule = iota // Left places vertical dominoes, Right horizontal ones
	cram                    // either player places a domino either way
	clobber                 // a stone captures an orthogonally adjacent enemy stone
	// The rules of variants.go: Clobber's variants, Konane, Amazons,
	// Fission and NoGo.
	antiClobber
	hotClobber
	kings
	knights
	rooks
	queens
	konane
	amazons
	fission
	nogo
)

// A cells is a board: a position on a rectangle of at most MaxCells
// squares, in CGSuite's notation: rows split by '|', 'x' a black (Left)
// stone, 'o' a white (Right) stone, '.' an empty square and '#' a square
// off the board. Bit r*cols+c of a mask is the square in row r, column c.
type cells struct {
	rows, cols uint8
	// part marks a component made by components: cropped, and of one
	// piece, so that it has no components of its own.
	part bool
	// g is the rule of the board's position (the types of variants.go
	// read it).
	g            rule
	black, white uint64
	empty        uint64
}

// maxBoardText bounds the text of a board: MaxCells squares, the bars
// between the rows, and room to spare.
const maxBoardText = 4 * MaxCells

// firstCol[w] has a bit in column 0 of every row of a board w wide,
// lastCol[w] in column w−1.
var firstCol, lastCol [MaxCells + 1]uint64

func init() {
	for w := 1; w <= MaxCells; w++ {
		for i := 0; i < MaxCells; i += w {
			firstCol[w] |= 1 << i
		}
		lastCol[w] = firstCol[w] << (w - 1)
	}
}

// fullMask has the low n bits set.
func fullMask(n int) uint64 {
	if n >= 64 {
		return math.MaxUint64
	}
	return 1<<n - 1
}

// legend names the squares a board of rule g may hold.
func (g rule) legend() string {
	switch g.stones() {
	case 2:
		return "use 'x' (a black stone), 'o' (a white one), '.' (empty) or '#'"
	case 1:
		return "use 'x' (a stone), '.' (empty) or '#'"
	}
	return "use '.' (empty) or '#' (filled)"
}

// parseBoard reads a board of rule g: rows of squares split by '|', all
// of one length, at most MaxCells squares in all.
func parseBoard(s string, g rule) (cells, error) {
	var b cells
	if len(s) > maxBoardText {
		return b, games.InputErrorf("a board of %d characters: a board has at most %d squares, its rows split by '|'", len(s), MaxCells)
	}
	if s == "" {
		return b, games.InputErrorf("an empty board: write its rows split by '|', as \"..|..\"")
	}
	rows, col, cols, n := 0, 0, -1, 0
	endRow := func(at int) error {
		switch {
		case col == 0:
			return games.InputErrorf("at offset %d: row %d is empty", at, rows+1)
		case cols >= 0 && col != cols:
			return games.InputErrorf("at offset %d: row %d has %d squares, row 1 has %d", at, rows+1, col, cols)
		}
		cols, col = col, 0
		rows++
		return nil
	}
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if ch == '|' {
			if err := endRow(i); err != nil {
				return b, err
			}
			continue
		}
		if n == MaxCells {
			return b, games.InputErrorf("at offset %d: more than %d squares", i, MaxCells)
		}
		bit := uint64(1) << n
		switch {
		case ch == '.':
			b.empty |= bit
		case ch == '#':
		case g.stones() > 0 && (ch == 'x' || ch == 'X'):
			b.black |= bit
		case g.stones() > 1 && (ch == 'o' || ch == 'O'):
			b.white |= bit
		default:
			r, _ := utf8.DecodeRuneInString(s[i:])
			return b, games.InputErrorf("at offset %d: %q is not a square: %s", i, r, g.legend())
		}
		n++
		col++
	}
	if err := endRow(len(s)); err != nil {
		return b, err
	}
	b.rows, b.cols, b.g = uint8(rows), uint8(cols), g
	return b, nil
}

// String writes b as parseBoard reads it.
func (b *cells) String() string {
	rows, cols := int(b.rows), int(b.cols)
	out := make([]byte, 0, rows*(cols+1))
	for r := range rows {
		if r > 0 {
			out = append(out, '|')
		}
		for c := range cols {
			bit := uint64(1) << (r*cols + c)
			switch {
			case b.black&bit != 0:
				out = append(out, 'x')
			case b.white&bit != 0:
				out = append(out, 'o')
			case b.empty&bit != 0:
				out = append(out, '.')
			default:
				out = append(out, '#')
			}
		}
	}
	return string(out)
}

// options returns the boards who can move to under rule g, each made a
// Position by wrap, in one allocation.
func (b *cells) options(g rule, who games.Player, wrap func(*cells) games.Position) []games.Position {
	cols := int(b.cols)
	n := int(b.rows) * cols
	var down, right uint64 // a move from i to i+cols, to i+1
	var up, left uint64    // clobber: from i to i−cols, to i−1
	switch g {
	case domineering, cram:
		e := b.empty
		if g == cram || who == games.Left {
			down = e & (e >> cols)
		}
		if g == cram || who == games.Right {
			right = e & (e >> 1) &^ lastCol[cols]
		}
	case clobber:
		us, them := b.black, b.white
		if who == games.Right {
			us, them = them, us
		}
		down = us & (them >> cols)
		up = us & (them << cols) & fullMask(n)
		right = us & (them >> 1) &^ lastCol[cols]
		left = us & (them << 1) &^ firstCol[cols]
	case amazons:
		return b.amazonsOptions(who, wrap)
	default:
		return b.pieceOptions(g, who, wrap)
	}
	count := bits.OnesCount64(down) + bits.OnesCount64(right) + bits.OnesCount64(up) + bits.OnesCount64(left)
	if count == 0 {
		return nil
	}
	slab := make([]cells, count)
	out := make([]games.Position, count)
	k := 0
	add := func(m uint64, shift int, back bool) {
		for ; m != 0; m &= m - 1 {
			from := m & -m
			to := from << shift
			if back {
				to = from >> shift
			}
			o := &slab[k]
			*o = cells{rows: b.rows, cols: b.cols, g: b.g, black: b.black, white: b.white, empty: b.empty}
			if g == clobber {
				if who == games.Left {
					o.black, o.white = o.black&^from|to, o.white&^to
				} else {
					o.white, o.black = o.white&^from|to, o.black&^to
				}
				o.empty |= from
			} else {
				o.empty &^= from | to
			}
			out[k] = wrap(o)
			k++
		}
	}
	add(down, cols, false)
	add(right, 1, false)
	add(up, cols, true)
	add(left, 1, true)
	return out
}

// live returns the squares whose connected pieces are the game's
// regions: the empty squares in Domineering and Cram, the stones in
// Clobber; variants.go's liveSquares for the others.
func (b *cells) live(g rule) uint64 {
	switch g {
	case domineering, cram:
		return b.empty
	case clobber:
		return b.black | b.white
	}
	return b.liveSquares(g)
}

// components returns b's regions, each cropped and made a Position by
// wrap: the pieces of live squares that touch along a side, dropping those
// where nobody can ever move (a lone empty square; stones of one colour).
// A board with no region gives the 1×1 board with no square, zero. It
// returns nil for a board that is already a component.
func (b *cells) components(g rule, wrap func(*cells) games.Position) []games.Position {
	if b.part {
		return nil
	}
	rows, cols := int(b.rows), int(b.cols)
	live := b.live(g)
	first, last := firstCol[cols], lastCol[cols]
	var buf [8]uint64
	found := buf[:0] // the components' squares
	for rest := live; rest != 0; {
		comp := rest & -rest
		for {
			var grow uint64
			if g == domineering || g == cram || g == clobber {
				grow = comp | comp<<cols | comp>>cols | (comp<<1)&^first | (comp>>1)&^last
			} else {
				grow = b.reach(g, comp)
			}
			grow &= live
			if grow == comp {
				break
			}
			comp = grow
		}
		rest &^= comp
		if !b.playable(g, comp) {
			continue
		}
		found = append(found, comp)
	}
	if len(found) == 0 {
		return []games.Position{wrap(&cells{rows: 1, cols: 1, part: true, g: b.g})}
	}
	slab := make([]cells, len(found))
	out := make([]games.Position, len(found))
	for i, comp := range found {
		slab[i] = cropBoard(b, comp, rows, cols, g)
		out[i] = wrap(&slab[i])
	}
	return out
}

// cropBoard returns the region comp of b within its bounding box, as a part:
// in Domineering and Cram the squares outside it filled, in Clobber
// empty; in the variants as variants.go's outside says.
func cropBoard(b *cells, comp uint64, rows, cols int, g rule) cells {
	r0 := bits.TrailingZeros64(comp) / cols
	r1 := (63 - bits.LeadingZeros64(comp)) / cols
	row := fullMask(cols)
	var fold uint64
	for r := r0; r <= r1; r++ {
		fold |= comp >> (r * cols) & row
	}
	c0 := bits.TrailingZeros64(fold)
	w := bits.Len64(fold) - c0
	h := r1 - r0 + 1
	wm := fullMask(w)
	out := cells{rows: uint8(h), cols: uint8(w), part: true, g: b.g}
	for r := range h {
		at := (r0+r)*cols + c0
		to := r * w
		out.black |= (b.black & comp >> at & wm) << to
		out.white |= (b.white & comp >> at & wm) << to
		out.empty |= (b.empty & comp >> at & wm) << to
	}
	switch g.outside() {
	case outsideEmpty:
		out.empty = fullMask(h*w) &^ (out.black | out.white)
	case outsideOpen:
		// Squares of other components become empty; '#' stays.
		for r := range h {
			at := (r0+r)*cols + c0
			out.empty |= ((b.empty | b.black | b.white) &^ comp >> at & wm) << (r * w)
		}
	}
	return out
}

// flipRows returns m with the order of its rows reversed.
func flipRows(m uint64, rows, cols int) uint64 {
	row := fullMask(cols)
	var out uint64
	for r := range rows {
		out |= (m >> (r * cols) & row) << ((rows - 1 - r) * cols)
	}
	return out
}

// turn returns m turned through 180 degrees on a board of n squares.
func turn(m uint64, n int) uint64 { return bits.Reverse64(m) >> (64 - n) }

// transpose returns m reflected in the main diagonal: a rows × cols
// board becomes cols × rows.
func transpose(m uint64, rows, cols int) uint64 {
	var out uint64
	if rows <= 8 && cols <= 8 {
		// Spread the rows a byte apart, transpose the 8×8 bit matrix,
		// and gather the new rows.
		row := fullMask(cols)
		var x uint64
		for r := range rows {
			x |= (m >> (r * cols) & row) << (8 * r)
		}
		x = transpose8(x)
		col := fullMask(rows)
		for c := range cols {
			out |= (x >> (8 * c) & col) << (c * rows)
		}
		return out
	}
	for ; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		r, c := i/cols, i%cols
		out |= 1 << (c*rows + r)
	}
	return out
}

// An image is a board's masks under one symmetry.
type image struct{ a, b uint64 }

func (x image) less(y image) bool { return x.a < y.a || x.a == y.a && x.b < y.b }

// least returns the least of the four images of (a, b) that keep the
// rows rows: as it is, rows reversed, columns reversed, turned.
func least(a, b uint64, rows, cols int) image {
	n := rows * cols
	fa, fb := flipRows(a, rows, cols), flipRows(b, rows, cols)
	best := image{a, b}
	for _, x := range [3]image{{fa, fb}, {turn(a, n), turn(b, n)}, {turn(fa, n), turn(fb, n)}} {
		if x.less(best) {
			best = x
		}
	}
	return best
}

// spread returns m, a mask of a board cols wide of at most 8 × 8, with
// row r moved to byte r: there each symmetry of the board is a few
// operations on the word. Spreading keeps the order of masks of one
// shape, the squares' order being the same. It moves rows 4–7 by
// 4(8−cols) places, then rows 2, 3, 6 and 7 by 2(8−cols), then the odd
// rows by 8−cols: spreadSteps.
func spread(m uint64, cols int) uint64 {
	s, d := &spreadSteps[cols&7], uint(8-cols)&7
	m = m&^s[0] | (m&s[0])<<(4*d)
	m = m&^s[1] | (m&s[1])<<(2*d)
	return m&^s[2] | (m&s[2])<<d
}

// gather undoes spread.
func gather(x uint64, cols int) uint64 {
	s, d := &spreadSteps[cols&7], uint(8-cols)&7
	m := s[2] << d
	x = x&^m | (x&m)>>d
	m = s[1] << (2 * d)
	x = x&^m | (x&m)>>(2*d)
	m = s[0] << (4 * d)
	return x&^m | (x&m)>>(4*d)
}

// spreadSteps[cols] are the squares spread moves at each of its steps,
// where they are before it (index 0 serves 8 columns, where nothing
// moves).
var spreadSteps = func() (out [8][3]uint64) {
	for c := 1; c < 8; c++ {
		var at [8]int // where row r starts
		for r := range at {
			at[r] = r * c
		}
		for k, bit := range [3]int{4, 2, 1} {
			for r := range at {
				if r&bit != 0 {
					out[c][k] |= fullMask(c) << at[r]
					at[r] += bit * (8 - c)
				}
			}
		}
	}
	return out
}()

// transpose8 reflects a spread mask in the main diagonal: a rows × cols
// board becomes cols × rows.
func transpose8(x uint64) uint64 {
	t := 0x0f0f0f0f00000000 & (x ^ x<<28)
	x ^= t ^ t>>28
	t = 0x3333000033330000 & (x ^ x<<14)
	x ^= t ^ t>>14
	t = 0x5500550055005500 & (x ^ x<<7)
	x ^= t ^ t>>7
	return x
}

// least4 is least on spread masks.
func least4(a, b uint64, rows, cols int) image {
	down := uint(8*(8-rows)) & 63 // brings reversed rows back to the top
	in := uint(8-cols) & 7        // brings reversed columns back to the left
	best := image{a, b}
	// Rows reversed; columns reversed (the bits of each byte); both.
	if x := (image{bits.ReverseBytes64(a) >> down, bits.ReverseBytes64(b) >> down}); x.less(best) {
		best = x
	}
	ra, rb := bits.Reverse64(a), bits.Reverse64(b)
	if x := (image{bits.ReverseBytes64(ra) >> in, bits.ReverseBytes64(rb) >> in}); x.less(best) {
		best = x
	}
	if x := (image{ra >> ((down + in) & 63), rb >> ((down + in) & 63)}); x.less(best) {
		best = x
	}
	return best
}

// leastSpread returns what appendKey keys a board of at most 8 × 8 by:
// the least image of (a, b) under the symmetries that keep the rows
// rows, and when transposes those that exchange rows and columns (only
// those when there are more rows than columns, all eight on a square),
// and that image's rows and columns.
func leastSpread(a, b uint64, rows, cols int, transposes bool) (image, int, int) {
	sa, sb := spread(a, cols), spread(b, cols)
	var best image
	switch {
	case !transposes || rows < cols:
		best = least4(sa, sb, rows, cols)
	case rows > cols:
		best = least4(transpose8(sa), transpose8(sb), cols, rows)
		rows, cols = cols, rows
	default:
		best = least4(sa, sb, rows, cols)
		if t := least4(transpose8(sa), transpose8(sb), rows, cols); t.less(best) {
			best = t
		}
	}
	return image{gather(best.a, cols), gather(best.b, cols)}, rows, cols
}

// appendKey appends b's key under rule g: its size and the masks its
// value depends on (keyMasks), the least image under the symmetries that
// keep the value: those of the rectangle that keep vertical vertical in
// Domineering and Fission, all eight in the others.
func (b *cells) appendKey(dst []byte, g rule) []byte {
	rows, cols := int(b.rows), int(b.cols)
	x, y, two := b.keyMasks(g)
	var best image
	switch {
	case rows <= 8 && cols <= 8:
		best, rows, cols = leastSpread(x, y, rows, cols, g.transposes())
	case !g.transposes() || rows < cols:
		best = least(x, y, rows, cols)
	case rows > cols:
		best = least(transpose(x, rows, cols), transpose(y, rows, cols), cols, rows)
		rows, cols = cols, rows
	default: // a square: all eight
		best = least(x, y, rows, cols)
		if t := least(transpose(x, rows, cols), transpose(y, rows, cols), cols, rows); t.less(best) {
			best = t
		}
	}
	dst = append(dst, byte(rows), byte(cols))
	nb := (rows*cols + 7) / 8
	var buf [8]byte
	binary.LittleEndian.PutUint64(buf[:], best.a)
	dst = append(dst, buf[:nb]...)
	if two {
		binary.LittleEndian.PutUint64(buf[:], best.b)
		dst = append(dst, buf[:nb]...)
	}
	return dst
}

// keyMasks returns the masks b's value under rule g depends on, and
// whether there are two: the empty squares in Domineering and Cram, the
// stones of each colour in Clobber, and variantMasks's for the others.
func (b *cells) keyMasks(g rule) (x, y uint64, two bool) {
	switch g {
	case domineering, cram:
		return b.empty, 0, false
	case clobber:
		return b.black, b.white, true
	}
	x, y = b.variantMasks(g)
	return x, y, true
}

// matchings returns how many ways there are to lay any number of
// dominoes, not overlapping, on the squares m of a rows × cols board: a
// bound on the positions of Domineering or Cram reachable from m.
func matchings(m uint64, rows, cols int) float64 {
	if cols > rows {
		m = transpose(m, rows, cols)
		rows, cols = cols, rows
	}
	// A column-by-column profile: bit j of a state is square i+j already
	// covered by a domino laid from an earlier square.
	var tables [2][1 << 8]float64
	cur, next := &tables[0], &tables[1]
	states := 1 << cols
	cur[0] = 1
	n := rows * cols
	for i := range n {
		c := i % cols
		for s := range states {
			v := cur[s]
			if v == 0 {
				continue
			}
			rest := s >> 1
			next[rest] += v
			if s&1 != 0 || m>>i&1 == 0 {
				continue
			}
			if i+cols < n && m>>(i+cols)&1 != 0 {
				next[rest|1<<(cols-1)] += v
			}
			if c+1 < cols && m>>(i+1)&1 != 0 && s&2 == 0 {
				next[rest|1] += v
			}
		}
		cur, next = next, cur
		clear(next[:states])
	}
	return cur[0]
}
