package turning

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/nimber"
	"github.com/nimbers/grundy/sg"
)

// A Turn is a move of a coin-turning row: the coins turned, increasing,
// the last a head.
type Turn []int

// String writes the move as "turn 2-4" or "turn 0,3".
func (t Turn) String() string { return "turn " + FormatSet(t) }

// rowComponent returns a row of coins (heads[x] for coin x) under r as a component
// of sums: its value is the nim-sum of the rule's values over the heads,
// and its moves are Turns. The values are computed once, here.
func (r *Rule) rowComponent(ctx context.Context, heads []bool) (sg.Component, error) {
	if len(heads) == 0 {
		return nil, games.InputErrorf("an empty row")
	}
	g, err := r.Values(ctx, len(heads), nil)
	if err != nil {
		return nil, err
	}
	return row{r, g, heads}, nil
}

type row struct {
	r     *Rule
	g     []uint64
	heads []bool
}

func (c row) Value() uint64 { return rowValue(c.g, c.heads) }

func (c row) MovesTo(ctx context.Context, target uint64) ([]sg.Move, error) {
	var out []sg.Move
	for m, err := range c.r.movesTo(ctx, c.g, c.heads, target) {
		if err != nil {
			return nil, err
		}
		out = append(out, Turn(m))
	}
	return out, nil
}

// Component returns the position c of board b as a component of sums. It
// is an sg.Position: its options are every legal move (a product of
// moves of the factors whose head shows heads), which a misère search of
// a sum or a delaying move reads; its moves are BoardMoves. Listing the
// options costs their number, which grows fast with the board (about
// r²c²/4 on an r×c board of Turning Corners); Value and MovesTo do not
// list them. It stops with ctx's error soon after ctx is done.
func (b *Board) Component(ctx context.Context, c *Coins) (sg.Position, error) {
	vals, err := b.factorValues(ctx, c.Shape)
	if err != nil {
		return nil, err
	}
	return &boardPosition{b, c, vals, uint64(b.value(vals, c))}, nil
}

type boardPosition struct {
	b     *Board
	c     *Coins
	vals  [][]uint64
	value uint64
}

func (p *boardPosition) Value() uint64 { return p.value }

func (p *boardPosition) Key() string { return fmt.Sprint(p.c.Shape) + p.c.String() }

func (p *boardPosition) MovesTo(ctx context.Context, target uint64) ([]sg.Move, error) {
	ms, err := p.b.movesTo(ctx, p.c, target)
	out := make([]sg.Move, len(ms))
	for i, m := range ms {
		out[i] = m
	}
	return out, err
}

// Options lists every move, by head in board order. The value of an
// option is the position's value plus the move's: the nim-product of the
// factors' sums over the move's sets (Tartan's theorem), or a' ⊕ a for an
// Acrostic Twins move of a to a'.
func (p *boardPosition) Options() []sg.Option {
	var out []sg.Option
	add := func(m BoardMove, change uint64) {
		q, _ := p.c.apply(m) // the move lies on the board
		out = append(out, sg.Option{Move: m, Parts: []sg.Position{&boardPosition{p.b, q, p.vals, p.value ^ change}}})
	}
	for i, h := range p.c.Heads {
		if !h {
			continue
		}
		head := p.c.coord(i)
		if p.b.acrostic {
			a, b := head[0], head[1]
			for x := range a {
				add(BoardMove{{x, a}, {b}}, uint64(x^a))
			}
			for y := range b {
				add(BoardMove{{a}, {y, b}}, uint64(y^b))
			}
			continue
		}
		k := len(p.b.rules)
		sets := make(BoardMove, k)
		var rec func(d int, prod nimber.Nimber)
		rec = func(d int, prod nimber.Nimber) {
			if d == k {
				m := make(BoardMove, k)
				for j, s := range sets {
					m[j] = slices.Clone(s)
				}
				add(m, uint64(prod))
				return
			}
			g, x := p.vals[d], head[d]
			p.b.rules[d].Moves(x, func(others []int) {
				s := g[x]
				for _, y := range others {
					s ^= g[y]
				}
				sets[d] = append(slices.Clone(others), x)
				rec(d+1, prod.Mul(nimber.Nimber(s)))
			})
		}
		rec(0, 1)
	}
	return out
}

// A RowResult is the value of a row of coins and its winning moves; its
// JSON is that of grundy turning --position --json.
type RowResult struct {
	Value uint64 `json:"value,string"`
	Moves []Turn `json:"moves"` // [] when the mover loses
}

// WriteTo writes r as grundy turning --position prints it: the value,
// then each winning move's coins a line ("2-4" for 2, 3, 4). It returns
// the bytes written and the first error.
func (r *RowResult) WriteTo(w io.Writer) (int64, error) {
	b := append(strconv.AppendUint(nil, r.Value, 10), '\n')
	for _, m := range r.Moves {
		b = append(append(b, FormatSet(m)...), '\n')
	}
	n, err := w.Write(b)
	return int64(n), err
}

// DefaultOutput is the bytes of winning moves SolveRow writes out unless
// told otherwise: 16 MiB.
const DefaultOutput = 1 << 24

// SolveRow returns the value of a row of coins under r, written in H and
// T, coin 0 first, and its winning moves, as the ruleset turning:RULE
// reads and searches it under opt. A malformed row gives an error
// wrapping games.ErrInput. Moves that take more than maxOutput bytes
// written out, a line each (DefaultOutput when 0, no bound when
// negative), give a *budget.TooLargeError in "bytes of output".
func (r *Rule) SolveRow(ctx context.Context, row string, opt *budget.Options, maxOutput float64) (*RowResult, error) {
	rs := newRuleset(r)
	p, err := rs.Parse(row)
	if err != nil {
		return nil, err
	}
	eng := games.NewEngine(rs, opt)
	v, err := eng.Grundy(ctx, p)
	if err != nil {
		return nil, err
	}
	ms, err := eng.WinningMoves(ctx, p, games.Left, false)
	if err != nil {
		return nil, err
	}
	res := &RowResult{Value: v, Moves: make([]Turn, len(ms))}
	size, limit := 0.0, (&budget.Options{Limit: maxOutput}).Max(DefaultOutput)
	for i, m := range ms {
		res.Moves[i] = m.How.(Turn)
		if size += float64(len(FormatSet(res.Moves[i])) + 1); size > limit {
			return nil, &budget.TooLargeError{What: "printing the winning moves", Unit: "bytes of output", Limit: limit}
		}
	}
	return res, nil
}
