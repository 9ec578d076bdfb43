package turning

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/nimber"
	"github.com/nimbers/grundy/partizan"
)

func init() {
	games.Register(games.Entry{
		Name:     "turning",
		Param:    "RULE",
		Kind:     games.Impartial,
		Summary:  "coins in a row; a move turns a set of coins the rule allows, its rightmost from heads to tails",
		Notation: "the row as H (heads) and T (tails), coin 0 first: HTTHH",
		Example:  []string{"turning:ruler", "HTTHH"},
		New: func(param string) (games.Ruleset, error) {
			r, err := Parse(param)
			if err != nil {
				return nil, err
			}
			return newRuleset(r), nil
		},
	})
	games.Register(games.Entry{
		Name:     "tartan",
		Param:    "RULE*RULE",
		Kind:     games.Impartial,
		Summary:  "coins on a board; a move turns the product of a move of each rule (rows, columns), its bottom-right coin from heads to tails",
		Notation: "the rows as H and T, top first, split by '|': HTH|THT",
		Example:  []string{"tartan:twins*twins", "HTH|THH|HHT"},
		New:      newTartanRuleset,
	})
}

// maxCoins bounds the coins of a position of the rulesets "turning" and
// "tartan": their Parse refuses a longer row or a larger board.
const maxCoins = 1 << 20

// newRuleset returns the ruleset "turning:RULE" of rows of coins under r
// (the registry's "turning"). Its positions are rows of H and T, coin 0
// first, valued by r.Values (Grundy and Value: the nim-sum of the heads'
// values) and searched through r.Moves (Options).
func newRuleset(r *Rule) games.Ruleset {
	return &rowRules{rule: r}
}

// newTartanRuleset returns the ruleset "tartan:PARAM" (the registry's
// "tartan"): PARAM is two rules joined by '*' (or '×'), the first for the
// rows and the second for the columns, as "ruler*ruler", or one of the
// boards turning-corners (twins*twins), rugs (ruler*ruler) and
// acrostic-twins. Its positions are boards written as rows of H and T
// split by '|', valued by the Tartan theorem and searched through the
// factors' moves. A malformed PARAM gives an error wrapping
// games.ErrInput.
func newTartanRuleset(param string) (games.Ruleset, error) {
	b, err := ParseBoard(param)
	switch {
	case err == nil && b.dims() == 2:
	case len(strings.Split(strings.ReplaceAll(param, "×", "*"), "*")) == 2:
		return nil, err // a rule it does not know
	default:
		return nil, games.InputErrorf("tartan %q: want two rules joined by '*', as ruler*ruler, or turning-corners, rugs or acrostic-twins", clip(param))
	}
	t := &tartanRules{name: "tartan:" + param, board: b}
	// Swapping rows and columns keeps the value when both factors are
	// the same rule (and for Acrostic Twins).
	t.symmetric = b.acrostic || b.rules[0].name == b.rules[1].name
	return t, nil
}

// valueCache holds the longest prefix G(0), …, G(n−1) of a rule's values
// computed so far.
type valueCache struct {
	mu sync.Mutex
	g  []uint64
}

// get returns at least n values of r. The step and memory limits are
// turning's defaults (DefaultLimit, DefaultMemory) unless opt sets more:
// the engine's limit counts positions, a unit far larger than the steps
// of Values, and the values of a long row are cheap where its search is
// hopeless.
func (c *valueCache) get(ctx context.Context, r *Rule, n int, opt *budget.Options) ([]uint64, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.g) >= n {
		return c.g, nil
	}
	o := &budget.Options{
		Limit:  max(opt.Max(DefaultLimit), DefaultLimit),
		Memory: max(opt.MaxMemory(DefaultMemory), DefaultMemory),
	}
	if opt != nil {
		o.Progress = opt.Progress
	}
	g, err := r.Values(ctx, n, o)
	if err != nil {
		return nil, err
	}
	c.g = g
	return g, nil
}

// nimberGame returns *v as a canonical form, or a *budget.TooLargeError
// past partizan.MaxNimber.
func nimberGame(v uint64) (*partizan.Game, error) {
	if v > partizan.MaxNimber {
		return nil, &budget.TooLargeError{What: fmt.Sprintf("the canonical form of *%d", v), Unit: "options a side", Estimate: float64(v), Limit: partizan.MaxNimber, Fixed: true}
	}
	return partizan.Nimber(int(v)), nil
}

// pow2 returns 2^k, held below the largest float64.
func pow2(k int) float64 { return min(math.Ldexp(1, k), math.MaxFloat64) }

// toggle returns the increasing set heads ⊕ set (both increasing): the
// heads after the coins of set are turned over.
func toggle(heads, set []int) []int {
	out := make([]int, 0, len(heads)+len(set))
	i, j := 0, 0
	for i < len(heads) || j < len(set) {
		switch {
		case j == len(set) || i < len(heads) && heads[i] < set[j]:
			out = append(out, heads[i])
			i++
		case i == len(heads) || set[j] < heads[i]:
			out = append(out, set[j])
			j++
		default: // turned from heads to tails
			i++
			j++
		}
	}
	return out
}

// appendUvarint appends x as a varint.
func appendUvarint(b []byte, x int) []byte {
	for x >= 0x80 {
		b = append(b, byte(x)|0x80)
		x >>= 7
	}
	return append(b, byte(x))
}

// rowRules is the ruleset "turning:RULE".
type rowRules struct {
	rule  *Rule
	cache valueCache
}

func (r *rowRules) Name() string     { return "turning:" + r.rule.name }
func (r *rowRules) Kind() games.Kind { return games.Impartial }

// Parse reads a row of H and T, coin 0 first, of 1 to MaxCoins coins.
func (r *rowRules) Parse(s string) (games.Position, error) {
	switch {
	case s == "":
		return nil, games.InputErrorf("an empty row: write its coins as H and T, coin 0 first, as HTTH")
	case len(s) > maxCoins:
		return nil, games.InputErrorf("a row of %d coins: at most %d", len(s), maxCoins)
	}
	row, err := parseRow(s)
	if err != nil {
		return nil, err
	}
	var heads []int
	for x, h := range row {
		if h {
			heads = append(heads, x)
		}
	}
	return &rowPosition{rowPart{r, len(s), heads}}, nil
}

// rowPart is a row of n coins with heads at the increasing coins heads:
// as a component it is searched and valued but has no estimate, so that
// the engine asks its special engine whatever its size.
type rowPart struct {
	rules *rowRules
	n     int
	heads []int
}

// rowPosition is a row as a position, with an estimate of its search.
type rowPosition struct{ rowPart }

// String writes the row as H and T.
func (p *rowPart) String() string {
	b := []byte(strings.Repeat("T", p.n))
	for _, x := range p.heads {
		b[x] = 'H'
	}
	return string(b)
}

// Options turns over the coins of each move of the rule whose head shows
// heads.
func (p *rowPart) Options(games.Player) []games.Position {
	var out []games.Position
	var set []int
	for _, x := range p.heads {
		p.rules.rule.Moves(x, func(others []int) {
			set = append(set[:0], others...)
			set = append(set, x)
			if !slices.IsSorted(set) {
				slices.Sort(set)
			}
			out = append(out, &rowPosition{rowPart{p.rules, p.n, toggle(p.heads, set)}})
		})
	}
	return out
}

// AppendKey appends the heads: coins to the right of the last head never
// change, so the row's length is left out.
func (p *rowPart) AppendKey(b []byte) []byte {
	for _, x := range p.heads {
		b = appendUvarint(b, x)
	}
	return b
}

// Grundy returns the nim-sum of the rule's values over the heads.
func (p *rowPart) Grundy(ctx context.Context, opt *budget.Options) (uint64, error) {
	if len(p.heads) == 0 {
		return 0, nil
	}
	g, err := p.rules.cache.get(ctx, p.rules.rule, p.heads[len(p.heads)-1]+1, opt)
	if err != nil {
		return 0, err
	}
	var v uint64
	for _, x := range p.heads {
		v ^= g[x]
	}
	return v, nil
}

// Value returns the nimber of Grundy, which must be at most *255.
func (p *rowPart) Value(ctx context.Context, opt *budget.Options) (*partizan.Game, error) {
	v, err := p.Grundy(ctx, opt)
	if err != nil {
		return nil, err
	}
	return nimberGame(v)
}

// Estimate returns 2^(k+1) for the last head k: every coin to its left
// may turn.
func (p *rowPosition) Estimate() float64 {
	if len(p.heads) == 0 {
		return 1
	}
	return pow2(p.heads[len(p.heads)-1] + 1)
}

// tartanRules is the ruleset "tartan:PARAM".
type tartanRules struct {
	name      string
	board     *Board
	symmetric bool
	cache     [2]valueCache
}

func (t *tartanRules) Name() string     { return t.name }
func (t *tartanRules) Kind() games.Kind { return games.Impartial }

// Parse reads a board: rows of H and T of equal length, split by '|', of
// at most MaxCoins coins.
func (t *tartanRules) Parse(s string) (games.Position, error) {
	if len(s) > 2*maxCoins {
		return nil, games.InputErrorf("a board of %d characters: at most %d coins", len(s), maxCoins)
	}
	p := &tartanPosition{tartanPart{rules: t}}
	rows := strings.Split(s, "|")
	p.rows, p.cols = len(rows), len(rows[0])
	if p.cols == 0 {
		return nil, games.InputErrorf("board %q: row 1 is empty: write rows of H and T split by '|', as HT|TH", clip(s))
	}
	if p.rows*p.cols > maxCoins {
		return nil, games.InputErrorf("a board of %d×%d coins: at most %d", p.rows, p.cols, maxCoins)
	}
	off := 0
	for a, row := range rows {
		if len(row) != p.cols {
			return nil, games.InputErrorf("board %q at offset %d: row %d has %d coins, row 1 has %d", clip(s), off, a+1, len(row), p.cols)
		}
		for b := 0; b < len(row); b++ {
			switch row[b] {
			case 'H':
				p.heads = append(p.heads, a*p.cols+b)
			case 'T':
			default:
				return nil, games.InputErrorf("board %q at offset %d (row %d, coin %d): %q is not H or T", clip(s), off+b, a+1, b, row[b])
			}
		}
		off += len(row) + 1
	}
	return p, nil
}

// tartanPart is a rows × cols board with heads at the increasing indices
// heads (row-major); as a component it has no estimate.
type tartanPart struct {
	rules      *tartanRules
	rows, cols int
	heads      []int
}

// tartanPosition is a 2-D board as a position, with an estimate of its
// search.
type tartanPosition struct{ tartanPart }

// String writes the rows split by '|'.
func (p *tartanPart) String() string {
	b := make([]byte, 0, p.rows*(p.cols+1))
	for a := range p.rows {
		if a > 0 {
			b = append(b, '|')
		}
		b = append(b, strings.Repeat("T", p.cols)...)
	}
	for _, i := range p.heads {
		b[i/p.cols*(p.cols+1)+i%p.cols] = 'H'
	}
	return string(b)
}

// Options turns over, for each head, the product of a move of each
// factor with that head (for Acrostic Twins, a pair of coins in its row
// or its column).
func (p *tartanPart) Options(games.Player) []games.Position {
	var out []games.Position
	add := func(set []int) {
		out = append(out, &tartanPosition{tartanPart{p.rules, p.rows, p.cols, toggle(p.heads, set)}})
	}
	for _, i := range p.heads {
		a, b := i/p.cols, i%p.cols
		if p.rules.board.acrostic {
			for x := range a {
				add([]int{x*p.cols + b, i})
			}
			for y := range b {
				add([]int{a*p.cols + y, i})
			}
			continue
		}
		var rowSets [][]int
		p.rules.board.rules[0].Moves(a, func(others []int) {
			s := append(slices.Clone(others), a)
			slices.Sort(s)
			rowSets = append(rowSets, s)
		})
		var set []int
		p.rules.board.rules[1].Moves(b, func(others []int) {
			cs := append(slices.Clone(others), b)
			slices.Sort(cs)
			for _, rs := range rowSets {
				set = set[:0]
				for _, x := range rs {
					for _, y := range cs {
						set = append(set, x*p.cols+y)
					}
				}
				add(set)
			}
		})
	}
	return out
}

// coords returns the heads' coordinates, increasing, transposed when
// swap is set.
func (p *tartanPart) coords(swap bool) [][2]int {
	out := make([][2]int, len(p.heads))
	for k, i := range p.heads {
		out[k] = [2]int{i / p.cols, i % p.cols}
		if swap {
			out[k][0], out[k][1] = out[k][1], out[k][0]
		}
	}
	if swap {
		slices.SortFunc(out, func(x, y [2]int) int {
			if x[0] != y[0] {
				return x[0] - y[0]
			}
			return x[1] - y[1]
		})
	}
	return out
}

// AppendKey appends the heads' coordinates (the board's extent beyond
// them never matters), the smaller of the board's and its transpose's
// when the ruleset is symmetric.
func (p *tartanPart) AppendKey(b []byte) []byte {
	enc := func(cs [][2]int) []byte {
		var k []byte
		for _, c := range cs {
			k = appendUvarint(appendUvarint(k, c[0]), c[1])
		}
		return k
	}
	k := enc(p.coords(false))
	if p.rules.symmetric {
		if t := enc(p.coords(true)); string(t) < string(k) {
			k = t
		}
	}
	return append(b, k...)
}

// Grundy returns the nim-sum of the heads' values: by the Tartan theorem
// the nim-product of the factors' values at the head's row and column
// (for Acrostic Twins, their nim-sum).
func (p *tartanPart) Grundy(ctx context.Context, opt *budget.Options) (uint64, error) {
	if len(p.heads) == 0 {
		return 0, nil
	}
	t := p.rules
	var vals [2][]uint64
	if !t.board.acrostic {
		ext := p.extent()
		for d := range ext {
			g, err := t.cache[d].get(ctx, t.board.rules[d], ext[d], opt)
			if err != nil {
				return 0, err
			}
			vals[d] = g
		}
	}
	var v nimber.Nimber
	for _, i := range p.heads {
		a, b := i/p.cols, i%p.cols
		if t.board.acrostic {
			v ^= nimber.Nimber(a ^ b)
			continue
		}
		v ^= nimber.Nimber(vals[0][a]).Mul(nimber.Nimber(vals[1][b]))
	}
	return uint64(v), nil
}

// Value returns the nimber of Grundy, which must be at most *255.
func (p *tartanPart) Value(ctx context.Context, opt *budget.Options) (*partizan.Game, error) {
	v, err := p.Grundy(ctx, opt)
	if err != nil {
		return nil, err
	}
	return nimberGame(v)
}

// extent returns the rows and the columns up to the last head in each
// dimension.
func (p *tartanPart) extent() [2]int {
	var ext [2]int
	for _, i := range p.heads {
		ext[0] = max(ext[0], i/p.cols+1)
		ext[1] = max(ext[1], i%p.cols+1)
	}
	return ext
}

// Estimate returns 2^c for the c coins that lie above and to the left of
// a head: only they may turn.
func (p *tartanPosition) Estimate() float64 {
	// For each row from the bottom, the rightmost column of a head in it
	// or below it.
	reach := -1
	cells := 0
	k := len(p.heads) - 1
	for a := p.rows - 1; a >= 0; a-- {
		for ; k >= 0 && p.heads[k]/p.cols == a; k-- {
			reach = max(reach, p.heads[k]%p.cols)
		}
		cells += reach + 1
	}
	return pow2(cells)
}

// MovesTo returns the moves after which the row has value target, each
// with How the Turn of the coins it turns; past opt's limit (DefaultLimit)
// of coins turned by the moves it lists, it fails with a
// *budget.TooLargeError.
func (p *rowPart) MovesTo(ctx context.Context, target uint64, opt *budget.Options) ([]games.Move, error) {
	if len(p.heads) == 0 {
		return nil, nil
	}
	n := p.heads[len(p.heads)-1] + 1
	g, err := p.rules.cache.get(ctx, p.rules.rule, n, opt)
	if err != nil {
		return nil, err
	}
	heads := make([]bool, n)
	for _, x := range p.heads {
		heads[x] = true
	}
	limit, coins := opt.Max(games.DefaultLimit), 0
	var out []games.Move
	for m, err := range p.rules.rule.movesTo(ctx, g[:n], heads, target) {
		if err != nil {
			return nil, err
		}
		if coins += len(m); float64(coins) > limit {
			return nil, &budget.TooLargeError{What: "listing the moves of " + clip(p.String()), Unit: "coins turned", Limit: limit}
		}
		out = append(out, games.Move{To: &turnedRow{from: p, set: m}, How: Turn(m)})
	}
	return out, nil
}

// turnedRow is the row from with the coins of set turned, built when
// first asked: a long row's winning moves are many, and each row as long.
type turnedRow struct {
	from *rowPart
	set  []int
	once sync.Once
	row  *rowPosition
}

func (t *turnedRow) get() *rowPosition {
	t.once.Do(func() { t.row = &rowPosition{rowPart{t.from.rules, t.from.n, toggle(t.from.heads, t.set)}} })
	return t.row
}

func (t *turnedRow) String() string                            { return t.get().String() }
func (t *turnedRow) Options(who games.Player) []games.Position { return t.get().Options(who) }
func (t *turnedRow) AppendKey(b []byte) []byte                 { return t.get().AppendKey(b) }
func (t *turnedRow) Estimate() float64                         { return t.get().Estimate() }

func (t *turnedRow) Grundy(ctx context.Context, opt *budget.Options) (uint64, error) {
	return t.get().Grundy(ctx, opt)
}

func (t *turnedRow) Value(ctx context.Context, opt *budget.Options) (*partizan.Game, error) {
	return t.get().Value(ctx, opt)
}

func (t *turnedRow) MovesTo(ctx context.Context, target uint64, opt *budget.Options) ([]games.Move, error) {
	return t.get().MovesTo(ctx, target, opt)
}

// MovesTo returns the moves after which the board has value target, each
// with How its BoardMove, found by the Tartan theorem (Board's search).
func (p *tartanPart) MovesTo(ctx context.Context, target uint64, _ *budget.Options) ([]games.Move, error) {
	c := &Coins{Shape: []int{p.rows, p.cols}, Heads: make([]bool, p.rows*p.cols)}
	for _, i := range p.heads {
		c.Heads[i] = true
	}
	ms, err := p.rules.board.movesTo(ctx, c, target)
	if err != nil {
		return nil, err
	}
	out := make([]games.Move, len(ms))
	for k, m := range ms {
		var set []int
		for _, a := range m[0] {
			for _, b := range m[1] {
				set = append(set, a*p.cols+b)
			}
		}
		slices.Sort(set)
		out[k] = games.Move{To: &tartanPosition{tartanPart{p.rules, p.rows, p.cols, toggle(p.heads, set)}}, How: m}
	}
	return out, nil
}
