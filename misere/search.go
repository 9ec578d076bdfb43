package misere

import (
	"context"
	"encoding/binary"
	"errors"
	"math"
	"slices"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/sg"
)

// misereSearch decides misère sums of Positions as one game. Each
// component met gets a number, by its key; a position of the sum is the
// multiset of the numbers of its components that have a move, sorted and
// written as varints. The normal-play solver runs on the game in which
// every terminal position gets one move to a new final position, whose
// winner under normal play wins the original under misère play.
type misereSearch struct {
	solver *sg.Solver[string]
	ids    map[string]int // the number of each component key met
	comps  []sg.Position  // by number
	opts   [][]option     // the options of each component, by number
	known  []bool         // whether opts holds its options yet
	// held counts the options in opts, which count against limit with
	// the solver's positions: a heap of n tokens has about n options and
	// its parts n²/2 more. Past the limit err is set and every sum looks
	// terminal, so the solver ends at once and grundy reports err.
	held  int
	limit float64
	err   error
}

// option is an option of a component with the numbers of the parts it
// leaves.
type option struct {
	move  sg.Move
	parts []int
}

// finalKey is the position added after every terminal one: no sorted list
// of varints is the single byte 0xff.
const finalKey = "\xff"

func newMisereSearch(opt *budget.Options) *misereSearch {
	m := &misereSearch{ids: map[string]int{}, limit: opt.Max(math.Inf(1))}
	m.solver = sg.NewSolver[string](sg.GameFunc[string](m.next), opt)
	return m
}

// id returns the number of component p.
func (m *misereSearch) id(p sg.Position) int {
	k := p.Key()
	if i, ok := m.ids[k]; ok {
		return i
	}
	i := len(m.comps)
	m.ids[k] = i
	m.comps = append(m.comps, p)
	m.opts = append(m.opts, nil)
	m.known = append(m.known, false)
	return i
}

// options returns the options of component i, found once.
func (m *misereSearch) options(i int) []option {
	if m.known[i] {
		return m.opts[i]
	}
	if m.err != nil {
		return nil
	}
	var out []option
	for _, o := range m.comps[i].Options() {
		x := option{move: o.Move}
		for _, q := range o.Parts {
			x.parts = append(x.parts, m.id(q))
		}
		out = append(out, x)
	}
	m.opts[i], m.known[i] = out, true
	if m.held += len(out); float64(m.held) > m.limit {
		m.err = &budget.TooLargeError{What: "the misère search of the sum", Unit: "positions", Limit: m.limit}
	}
	return out
}

// sumKey writes sorted component numbers as a sum's key.
func sumKey(ids []int) string {
	buf := make([]byte, 0, 2*len(ids))
	for _, i := range ids {
		buf = binary.AppendUvarint(buf, uint64(i))
	}
	return string(buf)
}

func decodeSum(k string) []int {
	var ids []int
	for b := []byte(k); len(b) > 0; {
		i, n := binary.Uvarint(b)
		ids, b = append(ids, int(i)), b[n:]
	}
	return ids
}

// start returns the key of the sum of ps.
func (m *misereSearch) start(ps []sg.Position) string {
	var ids []int
	for _, p := range ps {
		if i := m.id(p); len(m.options(i)) > 0 {
			ids = append(ids, i)
		}
	}
	slices.Sort(ids)
	return sumKey(ids)
}

func (m *misereSearch) next(k string, buf []string) []string {
	if k == finalKey || m.err != nil {
		return buf
	}
	ids := decodeSum(k)
	if len(ids) == 0 {
		return append(buf, finalKey)
	}
	next := make([]int, 0, len(ids)+2)
	for j, i := range ids {
		if j > 0 && ids[j-1] == i {
			continue // equal components have the same moves
		}
		for _, o := range m.options(i) {
			next = append(append(next[:0], ids[:j]...), ids[j+1:]...)
			for _, q := range o.parts {
				if len(m.options(q)) > 0 {
					next = append(next, q)
				}
			}
			slices.Sort(next)
			buf = append(buf, sumKey(next))
		}
	}
	return buf
}

// grundy returns the value of a sum in the game with the final move
// added, naming the search in a too-large error.
func (m *misereSearch) grundy(ctx context.Context, k string) (uint64, error) {
	v, err := m.solver.Value(ctx, k)
	if m.err != nil {
		return 0, m.err
	}
	var tl *budget.TooLargeError
	if errors.As(err, &tl) {
		tl.What = "the misère search of the sum"
	}
	return v, err
}

// misereMoves decides a misère sum by search and lists the moves after
// which the opponent loses.
func misereMoves(ctx context.Context, ps []sg.Position, opt *budget.Options) (bool, []sg.ComponentMove, error) {
	m := newMisereSearch(opt)
	v, err := m.grundy(ctx, m.start(ps))
	if err != nil || v == 0 {
		return v != 0, nil, err
	}
	var out []sg.ComponentMove
	for i, p := range ps {
		for _, o := range p.Options() {
			rest := append(append([]sg.Position{}, ps[:i]...), ps[i+1:]...)
			lw, err := m.grundy(ctx, m.start(append(rest, o.Parts...)))
			if err != nil {
				return true, nil, err
			}
			if lw == 0 {
				out = append(out, sg.ComponentMove{Component: i, Move: o.Move})
			}
		}
	}
	return true, out, nil
}
