package turning

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/big"
	"math/bits"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/internal/scan"
	"github.com/nimbers/grundy/nimber"
)

// Board is a coin-turning game on a k-dimensional box of coins. Most
// boards are Tartan products of 1-D rules, one rule per dimension: a move
// turns the product S1 × … × Sk of moves Si of the factors, and its head,
// the coin whose coordinates are the heads of the Si, must show heads. By
// the Tartan theorem a coin's value is the nim-product of its
// coordinates' values under the factors. Acrostic Twins is not a product
// and is a Board of its own.
type Board struct {
	name     string
	rules    []*Rule // the factors, outermost dimension first
	acrostic bool
}

// Tartan returns the product of the given rules: the first rule governs
// the outermost coordinate (the row of a 2-D board, the layer of a 3-D
// one), the last the column.
func Tartan(rules ...*Rule) (*Board, error) {
	if len(rules) == 0 {
		return nil, games.InputErrorf("a Tartan product needs at least one rule")
	}
	var names []string
	for _, r := range rules {
		names = append(names, r.name)
	}
	return &Board{name: strings.Join(names, " × "), rules: slices.Clone(rules)}, nil
}

func mustTartan(name string, rules ...string) *Board {
	var rs []*Rule
	for _, n := range rules {
		r, err := Parse(n)
		if err != nil {
			panic(err)
		}
		rs = append(rs, r)
	}
	b, _ := Tartan(rs...)
	b.name = name
	return b
}

// TurningCorners returns Turning Corners (turn the four corners of a
// rectangle): Twins × Twins, whose coin (a, b) has value a ⊗ b.
func TurningCorners() *Board { return mustTartan("turning corners", "twins", "twins") }

// rugs returns Rugs (turn a whole rectangle): Ruler × Ruler.
func rugs() *Board { return mustTartan("rugs", "ruler", "ruler") }

// lightSwitching returns 3-D light switching (POJ 3533: turn the eight
// corners of a box): Twins × Twins × Twins, with coin (a, b, c) of value
// a ⊗ b ⊗ c.
func lightSwitching() *Board {
	return mustTartan("light switching", "twins", "twins", "twins")
}

// acrosticTwins returns Acrostic Twins: turn two coins in the same row or
// in the same column. Coin (a, b) has value a ⊕ b.
func acrosticTwins() *Board { return &Board{name: "acrostic twins", acrostic: true} }

// Name describes the board, e.g. "ruler × ruler".
func (b *Board) Name() string { return b.name }

// dims returns the number of dimensions.
func (b *Board) dims() int {
	if b.acrostic {
		return 2
	}
	return len(b.rules)
}

// Coins is a box of coins: Shape gives the extent of each dimension
// (outermost first) and Heads the coins in row-major order, true for
// heads.
type Coins struct {
	Shape []int
	Heads []bool
}

// ParseCoins reads a board: one row of H and T per line; a 3-D board is
// its layers separated by blank lines. Rows must have equal lengths and
// layers equal numbers of rows. A malformed board gives an error wrapping
// games.ErrInput.
func ParseCoins(text string) (*Coins, error) {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	var layers [][]string
	var cur []string
	for _, l := range lines {
		l = strings.TrimRight(l, " \t")
		if l == "" {
			if len(cur) > 0 {
				layers = append(layers, cur)
				cur = nil
			}
			continue
		}
		cur = append(cur, l)
	}
	if len(cur) > 0 {
		layers = append(layers, cur)
	}
	if len(layers) == 0 {
		return nil, games.InputErrorf("empty board")
	}
	rows, cols := len(layers[0]), len(layers[0][0])
	c := &Coins{}
	line := 0
	for li, layer := range layers {
		if len(layer) != rows {
			return nil, games.InputErrorf("layer %d has %d rows, layer 1 has %d", li+1, len(layer), rows)
		}
		for _, row := range layer {
			line++
			if len(row) != cols {
				return nil, games.InputErrorf("board row %d has %d coins, row 1 has %d", line, len(row), cols)
			}
			r, err := parseRow(row)
			if err != nil {
				i := firstBad(row)
				return nil, games.InputErrorf("board row %d, coin %d: %q is not H or T", line, i, row[i])
			}
			c.Heads = append(c.Heads, r...)
		}
	}
	if len(layers) == 1 {
		c.Shape = []int{rows, cols}
	} else {
		c.Shape = []int{len(layers), rows, cols}
	}
	return c, nil
}

// rows returns the rows of the board as H and T, the rows of every layer
// in turn for a 3-D board.
func (c *Coins) rows() []string {
	w := c.Shape[len(c.Shape)-1]
	out := make([]string, 0, len(c.Heads)/max(w, 1))
	for i := 0; i < len(c.Heads); i += w {
		b := make([]byte, w)
		for j, h := range c.Heads[i : i+w] {
			b[j] = 'T'
			if h {
				b[j] = 'H'
			}
		}
		out = append(out, string(b))
	}
	return out
}

// String writes the board as ParseCoins reads it: a row a line, layers
// separated by blank lines.
func (c *Coins) String() string {
	rows := c.rows()
	per := c.Shape[len(c.Shape)-2]
	var b strings.Builder
	for i, r := range rows {
		if i > 0 && i%per == 0 {
			b.WriteByte('\n')
		}
		b.WriteString(r)
		b.WriteByte('\n')
	}
	return b.String()
}

// apply returns the board after move m: every coin whose coordinates lie
// in m's sets, one set per dimension, is turned over. It fails for a move
// of the wrong dimension or outside the board.
func (c *Coins) apply(m BoardMove) (*Coins, error) {
	if len(m) != len(c.Shape) {
		return nil, games.InputErrorf("a move of %d dimensions on a board of %d", len(m), len(c.Shape))
	}
	for d, set := range m {
		for _, x := range set {
			if x < 0 || x >= c.Shape[d] {
				return nil, games.InputErrorf("coordinate %d outside the board's %d", x, c.Shape[d])
			}
		}
	}
	q := &Coins{Shape: slices.Clone(c.Shape), Heads: slices.Clone(c.Heads)}
	var turn func(d, at int)
	turn = func(d, at int) {
		if d == len(m) {
			q.Heads[at] = !q.Heads[at]
			return
		}
		for _, x := range m[d] {
			turn(d+1, at*c.Shape[d]+x)
		}
	}
	turn(0, 0)
	return q, nil
}

func firstBad(s string) int {
	return strings.IndexFunc(s, func(r rune) bool { return r != 'H' && r != 'T' })
}

// coord returns the coordinates of coin i.
func (c *Coins) coord(i int) []int {
	out := make([]int, len(c.Shape))
	for d := len(c.Shape) - 1; d >= 0; d-- {
		out[d] = i % c.Shape[d]
		i /= c.Shape[d]
	}
	return out
}

// factorValues returns each factor's values over the board's extent,
// within Values' default budget.
func (b *Board) factorValues(ctx context.Context, shape []int) ([][]uint64, error) {
	if len(shape) != b.dims() {
		return nil, games.InputErrorf("%s is %d-dimensional; the board has %d dimensions", b.name, b.dims(), len(shape))
	}
	if b.acrostic {
		return nil, nil
	}
	out := make([][]uint64, len(shape))
	for d, r := range b.rules {
		g, err := r.Values(ctx, shape[d], nil)
		if err != nil {
			return nil, err
		}
		out[d] = g
	}
	return out, nil
}

// coinValue returns the value of the coin at coord.
func (b *Board) coinValue(vals [][]uint64, coord []int) nimber.Nimber {
	if b.acrostic {
		return nimber.Nimber(coord[0] ^ coord[1])
	}
	v := nimber.Nimber(1)
	for d, x := range coord {
		v = v.Mul(nimber.Nimber(vals[d][x]))
	}
	return v
}

// coinValueAt returns the value of one head at coord on a board of the
// given shape. It stops with ctx's error soon after ctx is done.
func (b *Board) coinValueAt(ctx context.Context, shape, coord []int) (nimber.Nimber, error) {
	vals, err := b.factorValues(ctx, shape)
	if err != nil {
		return 0, err
	}
	for d, x := range coord {
		if x < 0 || x >= shape[d] {
			return 0, games.InputErrorf("coordinate %d out of range", x)
		}
	}
	return b.coinValue(vals, coord), nil
}

// Value returns the Grundy value of the position: the nim-sum of the
// values of its heads. The factors' values cost what Rule.Values costs
// at its default budget, past which Value returns a *budget.TooLargeError;
// it stops with ctx's error soon after ctx is done.
func (b *Board) Value(ctx context.Context, c *Coins) (nimber.Nimber, error) {
	vals, err := b.factorValues(ctx, c.Shape)
	if err != nil {
		return 0, err
	}
	return b.value(vals, c), nil
}

// value returns the nim-sum of the values of c's heads.
func (b *Board) value(vals [][]uint64, c *Coins) nimber.Nimber {
	var v nimber.Nimber
	for i, h := range c.Heads {
		if h {
			v ^= b.coinValue(vals, c.coord(i))
		}
	}
	return v
}

// BoardMove is a move on a board: the product of one set of coordinates
// per dimension (for Acrostic Twins, one of them is a single coordinate).
// Sets are in increasing order; their last elements give the head.
type BoardMove [][]int

// String writes the move as its sets joined by " x ", each a comma list
// with runs shortened, e.g. "0,3 x 2-5".
func (m BoardMove) String() string {
	parts := make([]string, len(m))
	for i, s := range m {
		parts[i] = FormatSet(s)
	}
	return strings.Join(parts, " x ")
}

// FormatSet writes an increasing set of coins as a comma list with runs
// of three or more written a-b.
func FormatSet(s []int) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		j := i
		for j+1 < len(s) && s[j+1] == s[j]+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		switch {
		case j-i >= 2:
			fmt.Fprintf(&b, "%d-%d", s[i], s[j])
		case j == i+1:
			fmt.Fprintf(&b, "%d,%d", s[i], s[j])
		default:
			fmt.Fprintf(&b, "%d", s[i])
		}
		i = j + 1
	}
	return b.String()
}

// movesTo returns the moves that leave the position with value target.
// It searches at most 2^24 partial moves, past which it returns a
// *budget.TooLargeError, and stops with ctx's error soon after ctx is
// done.
func (b *Board) movesTo(ctx context.Context, c *Coins, target uint64) ([]BoardMove, error) {
	vals, err := b.factorValues(ctx, c.Shape)
	if err != nil {
		return nil, err
	}
	total := b.value(vals, c) ^ nimber.Nimber(target) // the change a move must make
	if total == 0 {
		return nil, nil
	}
	var out []BoardMove
	steps := 0
	for i, h := range c.Heads {
		if !h {
			continue
		}
		head := c.coord(i)
		if b.acrostic {
			a, bb := head[0], head[1]
			if a2 := a ^ int(total); a2 < a {
				out = append(out, BoardMove{{a2, a}, {bb}})
			}
			if b2 := bb ^ int(total); b2 < bb {
				out = append(out, BoardMove{{a}, {b2, bb}})
			}
			continue
		}
		if err := b.productMoves(ctx, vals, head, total, &steps, &out); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// productMoves appends the product moves with the given head whose coins'
// values sum to want. The move's value is the nim-product of its
// factors' sums, so all but the last factor are enumerated and the last
// is solved for.
func (b *Board) productMoves(ctx context.Context, vals [][]uint64, head []int, want nimber.Nimber, steps *int, out *[]BoardMove) error {
	k := len(b.rules)
	prefix := make([][]int, 0, k)
	var rec func(d int, prod nimber.Nimber) error
	rec = func(d int, prod nimber.Nimber) error {
		g, x := vals[d], head[d]
		if d == k-1 {
			if prod == 0 {
				return nil
			}
			need := uint64(want.Mul(prod.Inv())) ^ g[x] // the last factor's other coins
			return b.rules[d].movesWithSum(g, x, need, steps, func(others []int) bool {
				m := make(BoardMove, k)
				copy(m, prefix)
				m[d] = append(slices.Clone(others), x)
				*out = append(*out, m)
				return true
			})
		}
		var err error
		b.rules[d].Moves(x, func(others []int) {
			if err != nil {
				return
			}
			if *steps++; *steps > maxMoveSearch {
				err = &budget.TooLargeError{What: "the search for winning moves", Unit: "moves", Limit: maxMoveSearch, Fixed: true}
				return
			}
			if *steps%(1<<12) == 0 {
				if err = ctx.Err(); err != nil {
					return
				}
			}
			s := g[x]
			for _, y := range others {
				s ^= g[y]
			}
			prefix = append(prefix, append(slices.Clone(others), x))
			err = rec(d+1, prod.Mul(nimber.Nimber(s)))
			prefix = prefix[:len(prefix)-1]
		})
		return err
	}
	return rec(0, 1)
}

// Winning is the number of winning first moves CountWinning finds. Its
// JSON is {"winning": "COUNT"}; its text is the count and a newline.
type Winning struct {
	// Count is the number in decimal: it may pass 2^64.
	Count string `json:"winning"`
}

// WriteTo writes the count and a newline.
func (c *Winning) WriteTo(w io.Writer) (int64, error) {
	n, err := io.WriteString(w, c.Count+"\n")
	return int64(n), err
}

// CountWinning returns the number of winning first moves on an all-heads
// box of side n in every dimension. It does not list the moves: the value
// of a move is the nim-product of its factors' sums, so it buckets the
// 1-D moves of each factor by the nim-sum of the coins they turn and
// combines the buckets (a move wins when its value is the board's).
//
// Each factor's values and moves are estimated before the work starts,
// against opt's limit in steps: DefaultLimit for the values, as for
// Values, and 2^28 moves listed for rules without a faster count unless
// opt sets a limit; past either it returns a *budget.TooLargeError at
// once. It stops with ctx's error soon after ctx is done.
func (b *Board) CountWinning(ctx context.Context, n int, opt *budget.Options) (*Winning, error) {
	if b.acrostic {
		return nil, games.InputErrorf("counting is for Tartan products; Acrostic Twins is not one")
	}
	if n < 1 {
		return nil, games.InputErrorf("board side %d: want at least 1", n)
	}
	for _, r := range b.rules {
		if c, lim := r.valuesCost(n), opt.Max(DefaultLimit); c > lim {
			return nil, &budget.TooLargeError{What: fmt.Sprintf("%d values of rule %s", n, r.name), Unit: "steps", Estimate: c, Limit: lim}
		}
		if err := r.countCheck(n, opt.Max(maxCountMoves)); err != nil {
			return nil, err
		}
	}
	counts, sums, err := b.factorCounts(ctx, n, opt)
	if err != nil {
		return nil, err
	}
	total := nimber.Nimber(1)
	for _, s := range sums {
		total = total.Mul(nimber.Nimber(s))
	}
	if total == 0 {
		return &Winning{"0"}, nil
	}
	return &Winning{combineCounts(counts, total).String()}, nil
}

// factorCounts returns, for each factor of b on n coins, the number of
// its 1-D moves by the nim-sum of the coins they turn, and the nim-sum
// of its values G(0) ⊕ … ⊕ G(n−1), the value of the all-heads row. The
// factors are independent: each is computed in its own goroutine.
func (b *Board) factorCounts(ctx context.Context, n int, opt *budget.Options) ([]map[uint64]uint64, []uint64, error) {
	k := len(b.rules)
	counts := make([]map[uint64]uint64, k)
	sums := make([]uint64, k)
	errs := make([]error, k)
	var wg sync.WaitGroup
	for d, r := range b.rules {
		wg.Go(func() {
			if r.kind == runs {
				// The nim-sum of the values is P(n), and the counts need
				// only P: skip the values themselves.
				ls := r.lengths(n)
				if len(ls) < 1<<16 {
					p, cnt, err := runPrefixCounts[uint16](ctx, ls, n)
					if errs[d] = err; err == nil {
						counts[d], sums[d] = countMap(cnt), uint64(p[n])
					}
				} else {
					p, cnt, err := runPrefixCounts[uint32](ctx, ls, n)
					if errs[d] = err; err == nil {
						counts[d], sums[d] = countMap(cnt), uint64(p[n])
					}
				}
				return
			}
			g, err := r.Values(ctx, n, opt)
			if err != nil {
				errs[d] = err
				return
			}
			counts[d], errs[d] = r.moveValueCounts(ctx, g, opt.Max(maxCountMoves))
			for _, v := range g {
				sums[d] ^= v
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, nil, err
		}
	}
	return counts, sums, nil
}

// combineCounts returns the number of moves of the product whose value,
// the nim-product of its factors' values, is total (not 0), from each
// factor's moves counted by value: it convolves the counts of all
// factors but the last under the nim-product, and then looks up in the
// last factor's counts the value each product needs.
func combineCounts(counts []map[uint64]uint64, total nimber.Nimber) *big.Int {
	k := len(counts)
	result := new(big.Int)
	if k == 1 {
		return result.SetUint64(counts[0][uint64(total)])
	}
	// dist is the number of moves of the first d factors by value.
	dist := map[nimber.Nimber]*big.Int{}
	for v, c := range counts[0] {
		if v != 0 {
			dist[nimber.Nimber(v)] = new(big.Int).SetUint64(c)
		}
	}
	for d := 1; d < k-1; d++ {
		next := map[nimber.Nimber]*big.Int{}
		t := new(big.Int)
		for v, c := range dist {
			for w, cw := range counts[d] {
				if w == 0 {
					continue
				}
				p := v.Mul(nimber.Nimber(w))
				if next[p] == nil {
					next[p] = new(big.Int)
				}
				next[p].Add(next[p], t.Mul(c, new(big.Int).SetUint64(cw)))
			}
		}
		dist = next
	}
	t := new(big.Int)
	for v, c := range dist {
		need := total.Mul(v.Inv())
		if cw := counts[k-1][uint64(need)]; cw != 0 {
			result.Add(result, t.Mul(c, new(big.Int).SetUint64(cw)))
		}
	}
	return result
}

// maxCountMoves bounds the moves moveValueCounts enumerates for rules
// without a faster method.
const maxCountMoves = 1 << 28

// moveValueCounts returns, for the coins 0 … len(g)−1 with values g, the
// number of moves (over every head) by the nim-sum of all the coins they
// turn, the head included. Rules without a faster count list their moves,
// at most limit of them (estimated first; maxCountMoves for callers
// without their own); it checks ctx at every head.
func (r *Rule) moveValueCounts(ctx context.Context, g []uint64, limit float64) (map[uint64]uint64, error) {
	n := len(g)
	if err := r.countCheck(n, limit); err != nil {
		return nil, err
	}
	out := map[uint64]uint64{}
	switch r.kind {
	case runs:
		return countMap(runMoveCounts(g, r.lengths(n))), nil
	case ruler:
		return rulerMoveCounts(n), nil
	}
	count := 0
	var err error
	for x := 0; x < n && err == nil; x++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		r.Moves(x, func(others []int) {
			if count++; float64(count) > limit {
				err = &budget.TooLargeError{What: "counting the moves of rule " + r.name + " (fast only for runs)", Unit: "moves", Limit: limit}
				return
			}
			s := g[x]
			for _, y := range others {
				s ^= g[y]
			}
			out[s]++
		})
	}
	return out, err
}

// countCheck returns a *budget.TooLargeError if moveValueCounts would list
// more than limit moves for n coins.
func (r *Rule) countCheck(n int, limit float64) error {
	switch r.kind {
	case runs:
		return nil
	case ruler:
		if n > maxRulerCount {
			return &budget.TooLargeError{What: "counting Ruler's moves", Unit: "coins", Estimate: float64(n), Limit: maxRulerCount, Fixed: true}
		}
		return nil
	}
	if m := r.moveCount(n); m > limit {
		return &budget.TooLargeError{What: "counting the moves of rule " + r.name + " to coin " + strconv.Itoa(n), Unit: "moves", Estimate: m, Limit: limit}
	}
	return nil
}

// moveCount returns the number of moves with heads below n, or 0 when
// it is not known without listing them (a custom rule). Past 10^18 it
// stops counting: that is beyond any limit.
func (r *Rule) moveCount(n int) float64 {
	switch r.kind {
	case progressions:
		return progressionMoves(n)
	case atMost, exactly, motley:
	default:
		return 0
	}
	var total float64
	for x := 0; x < n && total < 1e18; x++ {
		if r.kind == motley {
			total += math.Exp2(float64(x))
			continue
		}
		// C(x, j) for j < t (atMost) or j = t−1 (exactly).
		c := 1.0
		for j := 0; j < r.t && j <= x; j++ {
			if r.kind == atMost || j == r.t-1 {
				total += c
			}
			c = c * float64(x-j) / float64(j+1)
		}
	}
	return total
}

// maxRulerCount bounds n for rulerMoveCounts, whose answer has up to 2n
// values.
const maxRulerCount = 1 << 22

// rulerMoveCounts counts Ruler's moves on coins 0 … n−1 by value. With
// G(x) the largest power of 2 dividing x+1, the prefix nim-sum P(x) =
// G(0) ⊕ … ⊕ G(x−1) is the Gray code x ⊕ (x>>1), which is linear, so the
// run from coin i to coin j−1 has value P(i) ⊕ P(j) = gray(i ⊕ j). The
// moves of value gray(u) are the pairs i < j ≤ n with i ⊕ j = u, counted
// for each u by a walk down the bits of n: O(n log n) instead of the n³
// of listing the runs.
func rulerMoveCounts(n int) map[uint64]uint64 {
	out := map[uint64]uint64{}
	top := 1 << bits.Len(uint(n))
	for u := 1; u < top; u++ {
		if c := xorPairs(uint64(n), uint64(u)); c > 0 {
			out[uint64(u^(u>>1))] = c / 2
		}
	}
	return out
}

// xorPairs returns the number of i in 0 … n with i ⊕ u also in 0 … n.
func xorPairs(n, u uint64) uint64 {
	// ways[a][b] counts the choices of the bits above the current one for
	// which i (a = 1) or i ⊕ u (b = 1) still equals n's bits so far; 0
	// means already below n.
	var ways [2][2]uint64
	ways[1][1] = 1
	for b := bits.Len64(n|u) - 1; b >= 0; b-- {
		nb, ub := n>>b&1, u>>b&1
		var next [2][2]uint64
		for a := range 2 {
			for c := range 2 {
				w := ways[a][c]
				if w == 0 {
					continue
				}
				for ib := range uint64(2) {
					jb := ib ^ ub
					if a == 1 && ib > nb || c == 1 && jb > nb {
						continue // above n
					}
					na, nc := 0, 0
					if a == 1 && ib == nb {
						na = 1
					}
					if c == 1 && jb == nb {
						nc = 1
					}
					next[na][nc] += w
				}
			}
		}
		ways = next
	}
	return ways[0][0] + ways[0][1] + ways[1][0] + ways[1][1]
}

// runMoveCounts counts the run moves by value: the run of length l with
// head x has value P(x+1) ⊕ P(x+1−l). The work is one pass over P per
// length, so P is held in 16 bits when the values allow (they do for any
// list of fewer than 2^16 lengths), and four interleaved 32-bit
// histograms keep consecutive increments of one value from waiting on
// each other; they are flushed into the 64-bit counts before they can
// overflow.
func runMoveCounts(g []uint64, ls []int) []uint64 {
	var top uint64
	for _, v := range g {
		top |= v
	}
	if top < 1<<16 {
		return countRuns(prefix[uint16](g), ls)
	}
	return countRuns(prefix[uint32](g), ls)
}

func prefix[T uint16 | uint32](g []uint64) []T {
	p := make([]T, len(g)+1)
	for x, v := range g {
		p[x+1] = p[x] ^ T(v)
	}
	return p
}

// countMap returns the nonzero counts as a map from value to count.
func countMap(cnt []uint64) map[uint64]uint64 {
	out := map[uint64]uint64{}
	for v, c := range cnt {
		if c != 0 {
			out[uint64(v)] = c
		}
	}
	return out
}

// countRuns counts the runs by value from the prefix sums p.
func countRuns[T uint16 | uint32](p []T, ls []int) []uint64 {
	n := len(p) - 1
	var top T
	for _, v := range p {
		top |= v
	}
	width := 1 << bits.Len64(uint64(top))
	mask := T(width - 1)
	// Workers take lengths in chunks; each has its own histograms.
	workers := max(1, min(runtime.GOMAXPROCS(0), len(ls)/64))
	results := make([][]uint64, workers)
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			cnt := make([]uint64, width)
			h := make([]uint32, 4*width)
			h0, h1, h2, h3 := h[:width], h[width:2*width], h[2*width:3*width], h[3*width:]
			pending := 0
			flush := func() {
				for v := range cnt {
					cnt[v] += uint64(h0[v]) + uint64(h1[v]) + uint64(h2[v]) + uint64(h3[v])
				}
				clear(h)
				pending = 0
			}
			const chunk = 16
			for {
				j := int(next.Add(chunk)) - chunk
				if j >= len(ls) {
					break
				}
				for _, l := range ls[j:min(j+chunk, len(ls))] {
					if pending+n > 1<<31 {
						flush()
					}
					pending += n
					a, b := p[l:], p[:n+1-l]
					i := 0
					for ; i+4 <= len(a); i += 4 {
						x, y := a[i:i+4:i+4], b[i:i+4:i+4]
						h0[(x[0]^y[0])&mask]++
						h1[(x[1]^y[1])&mask]++
						h2[(x[2]^y[2])&mask]++
						h3[(x[3]^y[3])&mask]++
					}
					for ; i < len(a); i++ {
						h0[(a[i]^b[i])&mask]++
					}
				}
			}
			flush()
			results[w] = cnt
		})
	}
	wg.Wait()
	cnt := results[0]
	for _, r := range results[1:] {
		for v, c := range r {
			cnt[v] += c
		}
	}
	return cnt
}

// ParseBoard returns the board of a game by name (turning-corners, rugs,
// acrostic-twins, light-switching) or the Tartan product of rules joined
// by '*' or '×', the first for the rows, as "ruler*ruler". An unknown
// name or rule gives an error wrapping games.ErrInput.
func ParseBoard(s string) (*Board, error) {
	switch s {
	case "turning-corners":
		return TurningCorners(), nil
	case "rugs":
		return rugs(), nil
	case "acrostic-twins":
		return acrosticTwins(), nil
	case "light-switching":
		return lightSwitching(), nil
	}
	names := strings.Split(strings.ReplaceAll(s, "×", "*"), "*")
	if len(names) < 2 {
		return nil, games.InputErrorf("unknown game %q (turning-corners, rugs, acrostic-twins, light-switching, or rules joined by '*')", clip(s))
	}
	rs := make([]*Rule, len(names))
	for i, n := range names {
		var err error
		if rs[i], err = Parse(n); err != nil {
			return nil, err
		}
	}
	return Tartan(rs...)
}

// A BoardResult is the value of a board of coins and its winning moves;
// its JSON is that of grundy tartan --board --json.
type BoardResult struct {
	Value nimber.Nimber `json:"value,string"`
	Moves []BoardMove   `json:"moves"` // [] when the mover loses
}

// WriteTo writes r as grundy tartan --board prints it: the value, then
// each winning move a line, as BoardMove.String writes it. It returns the
// bytes written and the first error.
func (r *BoardResult) WriteTo(w io.Writer) (int64, error) {
	b := append(strconv.AppendUint(nil, uint64(r.Value), 10), '\n')
	for _, m := range r.Moves {
		b = append(append(b, m.String()...), '\n')
	}
	n, err := w.Write(b)
	return int64(n), err
}

// Solve returns the value of the coins c on b and every winning move.
// It stops with ctx's error soon after ctx is done.
func (b *Board) Solve(ctx context.Context, c *Coins) (*BoardResult, error) {
	v, err := b.Value(ctx, c)
	if err != nil {
		return nil, err
	}
	moves, err := b.movesTo(ctx, c, 0)
	if err != nil {
		return nil, err
	}
	if v == 0 || moves == nil {
		moves = []BoardMove{}
	}
	return &BoardResult{v, moves}, nil
}

// maxBoardBytes bounds the file SolveFile reads: 1 MiB.
const maxBoardBytes = 1 << 20

// SolveFile reads the coins in the file name as ParseCoins reads them and
// returns Solve's answer for them on b. A file of more than 1 MiB is
// refused; the errors of a malformed board (wrapping games.ErrInput) and
// of Solve begin with name.
func (b *Board) SolveFile(ctx context.Context, name string) (*BoardResult, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, scan.PathError(err)
	}
	defer f.Close()
	text, err := io.ReadAll(io.LimitReader(f, maxBoardBytes+1))
	if err != nil {
		return nil, scan.PathError(err)
	}
	if len(text) > maxBoardBytes {
		return nil, fmt.Errorf("%s: larger than %d bytes", name, maxBoardBytes)
	}
	c, err := ParseCoins(string(text))
	if err == nil {
		var res *BoardResult
		if res, err = b.Solve(ctx, c); err == nil {
			return res, nil
		}
	}
	return nil, fmt.Errorf("%s: %w", name, err)
}
