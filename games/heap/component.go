package heap

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/nimbers/grundy/misere"
	"github.com/nimbers/grundy/sg"
)

// A heapPart is one heap of a heap game, as a component of sums: it is an
// sg.Component (its value and the moves to a value) and an sg.Position
// (its options, for misère searches). Heaps made by one call of Game.Heaps
// share the game's values.
type heapPart struct {
	game   *Game
	size   int
	values []uint64 // G(0), …, G(size) at least; nil for Nim, where G(n) = n
}

// Heaps returns the heaps of g of the given sizes, computing the values
// up to the largest once (see Values). Nim needs no values: G(n) = n, and
// its heaps are valued and moved in constant time at any size.
func (g *Game) Heaps(ctx context.Context, sizes ...int) ([]heapPart, error) {
	top := 0
	for _, n := range sizes {
		if n < 0 {
			return nil, fmt.Errorf("a heap of %d tokens", n)
		}
		top = max(top, n)
	}
	if g.isNim() {
		hs := make([]heapPart, len(sizes))
		for i, n := range sizes {
			hs[i] = heapPart{g, n, nil}
		}
		return hs, nil
	}
	v, err := g.Values(ctx, top+1, nil)
	if err != nil {
		return nil, err
	}
	hs := make([]heapPart, len(sizes))
	for i, n := range sizes {
		hs[i] = heapPart{g, n, v}
	}
	return hs, nil
}

// Game returns the game the heap belongs to.
func (h heapPart) Game() *Game { return h.game }

// Size returns the number of tokens.
func (h heapPart) Size() int { return h.size }

// Value returns the Grundy value of the heap.
func (h heapPart) Value() uint64 { return h.valueAt(h.size) }

// valueAt returns G(n) for n up to the heap's size.
func (h heapPart) valueAt(n int) uint64 {
	if h.values == nil {
		return uint64(n) // Nim
	}
	return h.values[n]
}

// A Split is a move of a heap game: the heap of Heap tokens becomes heaps
// of the sizes Parts (none when it is used up).
type Split struct {
	Heap  int
	Parts []int
}

// String writes the move as "5 -> 2 2", or "1 -> (nothing)".
func (s Split) String() string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(s.Heap))
	b.WriteString(" ->")
	for _, p := range s.Parts {
		b.WriteByte(' ')
		b.WriteString(strconv.Itoa(p))
	}
	if len(s.Parts) == 0 {
		b.WriteString(" (nothing)")
	}
	return b.String()
}

// MovesTo returns the splits of the heap that leave heaps whose values
// nim-sum to target. It stops with ctx's error soon after ctx is done.
func (h heapPart) MovesTo(ctx context.Context, target uint64) ([]sg.Move, error) {
	if h.values == nil {
		// Nim: the one move to a heap of target tokens, if it is smaller.
		if target >= uint64(h.size) {
			return nil, nil
		}
		return []sg.Move{Split{h.size, heapOrNone(int(target))}}, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var out []sg.Move
	seen := 0
	for parts := range h.game.Moves(h.size) {
		if seen++; seen%(1<<14) == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		var v uint64
		for _, p := range parts {
			v ^= h.values[p]
		}
		if v == target {
			out = append(out, Split{h.size, append([]int{}, parts...)})
		}
	}
	return out, nil
}

// Rules returns the game, as its family and name, and its moves, for
// misère quotients.
func (h heapPart) Rules() (any, misere.HeapGame) {
	return [2]string{strconv.Itoa(int(h.game.kind)), h.game.name}, h.game
}

// Key returns the game's name and the size.
func (h heapPart) Key() string { return h.game.name + ":" + strconv.Itoa(h.size) }

// Options returns every split with the heaps it leaves.
func (h heapPart) Options() []sg.Option {
	var out []sg.Option
	for parts := range h.game.Moves(h.size) {
		o := sg.Option{Move: Split{h.size, append([]int{}, parts...)}}
		for _, p := range parts {
			o.Parts = append(o.Parts, heapPart{h.game, p, h.values})
		}
		out = append(out, o)
	}
	return out
}

// TerminalAtZero reports whether every position of value 0 this heap can
// reach has no move, as in Nim: then a misère sum of such heaps is decided
// by the Anti-SG rule on the values. A game that splits heaps never
// qualifies (a split into two equal heaps has value 0 and moves left), so
// it holds for games whose moves leave at most one heap and whose heaps of
// value 0 up to this size are all dead.
func (h heapPart) TerminalAtZero() bool {
	if h.values == nil {
		return true // Nim: only the empty heap has value 0
	}
	if h.game.splits() {
		return false
	}
	for n := 1; n <= h.size; n++ {
		if h.values[n] != 0 {
			continue
		}
		for range h.game.Moves(n) {
			return false
		}
	}
	return true
}

// isNim reports whether g is Nim: any number of tokens may be removed.
func (g *Game) isNim() bool { return g.kind == famAllBut && len(g.set) == 0 }

// splits reports whether some move of g can leave two or more heaps.
func (g *Game) splits() bool { return g.maxLeave() >= 2 }
