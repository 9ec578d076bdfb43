package graph

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/bits"
	"strconv"
	"strings"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/sg"
)

// The games of this package as components of sums (sg.Component): a
// Hackenbush graph, a coin tree and a leaf-deletion tree, with their moves
// as Cut, CoinMove and Deletion.

// A Cut is a move of Green Hackenbush: the edge of that index is cut.
type Cut int

// String writes the move as "cut 3".
func (c Cut) String() string { return "cut " + strconv.Itoa(int(c)) }

// String writes the move as "turn 4 7 9": the head, then the descendants.
func (m CoinMove) String() string {
	return "turn " + joinInts(append([]int{m.Node}, m.Flip...))
}

// MarshalJSON writes the move as {"head": 4, "turn": [7, 9]}, with [] for
// a head turned alone.
func (m CoinMove) MarshalJSON() ([]byte, error) {
	flip := m.Flip
	if flip == nil {
		flip = []int{}
	}
	return json.Marshal(struct {
		Head int   `json:"head"`
		Turn []int `json:"turn"`
	}{m.Node, flip})
}

// A Deletion is a move of leaf deletion: the leaves deleted, increasing.
type Deletion []int

// String writes the move as "delete 2 3".
func (d Deletion) String() string { return "delete " + joinInts(d) }

func joinInts(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, " ")
}

// Component returns the graph as a component of sums: its value and its
// cuts to a value. It is an sg.Position, whose options are the cuts of the
// edges standing (what a misère search of a sum or a delaying move reads);
// its key is the list of edges, so two drawings of the same graph are
// different positions to a search. It stops with ctx's error soon after
// ctx is cancelled.
func (g *Graph) Component(ctx context.Context) (sg.Position, error) {
	s := g.standing()
	v, err := s.Value(ctx)
	if err != nil {
		return nil, err
	}
	return graphComponent{s, v}, nil
}

type graphComponent struct {
	g     *Graph // the edges standing
	value uint64
}

func (c graphComponent) Value() uint64 { return c.value }

func (c graphComponent) Key() string { return fmt.Sprint(c.g.n, c.g.edges) }

func (c graphComponent) Options() []sg.Option {
	out := make([]sg.Option, c.g.numEdges())
	for i := range out {
		out[i].Move = Cut(i)
		if h := c.g.cut(i); h.numEdges() > 0 {
			// Options are read by searches of small sums, which have
			// their own bounds.
			p, _ := h.Component(context.Background())
			out[i].Parts = []sg.Position{p}
		}
	}
	return out
}

func (c graphComponent) MovesTo(ctx context.Context, target uint64) ([]sg.Move, error) {
	_, cuts, err := c.g.movesTo(ctx, target)
	if err != nil {
		return nil, err
	}
	out := make([]sg.Move, len(cuts))
	for i, e := range cuts {
		out[i] = Cut(e)
	}
	return out, nil
}

// component returns the coin tree as a component of sums, whose values
// are below 2^64; it fails for a larger value.
func (c *CoinTree) component() (sg.Component, error) {
	v := c.Value()
	if v.BitLen() > 64 {
		return nil, fmt.Errorf("the value has %d bits; sums take values below 2^64", v.BitLen())
	}
	return coinComponent{c, v.Uint64()}, nil
}

type coinComponent struct {
	c     *CoinTree
	value uint64
}

func (c coinComponent) Value() uint64 { return c.value }

func (c coinComponent) MovesTo(ctx context.Context, target uint64) ([]sg.Move, error) {
	ms := c.c.movesTo(new(big.Int).SetUint64(target))
	out := make([]sg.Move, len(ms))
	for i, m := range ms {
		out[i] = m
	}
	return out, nil
}

// LeafDeletion returns leaf deletion on t as a component of sums. Its
// value is found by exhaustive search over the sets of remaining nodes,
// for trees of at most MaxSearchNodes nodes whose positions have at most
// 20 leaves; the winner alone needs no search (LeafDeletionWins). opt's
// Limit bounds the positions stored (no bound by default): past it, or
// past the nodes or leaves, LeafDeletion returns a
// *budget.TooLargeError. It stops with ctx's error soon after ctx is
// cancelled.
func LeafDeletion(ctx context.Context, t *Tree, opt *budget.Options) (sg.Component, error) {
	ls, err := newLeafSearcher(t, opt)
	if err != nil {
		return nil, err
	}
	v, err := ls.value(ctx, ls.all)
	if err != nil {
		return nil, err
	}
	return leafComponent{ls, v}, nil
}

// leafComponent is leaf deletion on a tree whose value is known; the
// values of its options are known too, found by the same search.
type leafComponent struct {
	ls    *leafSearcher
	value uint64
}

func (c leafComponent) Value() uint64 { return c.value }

// MovesTo returns the moves to positions of value target: the leaves
// deleted, in increasing order (the root alone, [0], for a single node).
// The search of the whole tree valued every option, so this is no new
// search.
func (c leafComponent) MovesTo(ctx context.Context, target uint64) ([]sg.Move, error) {
	ls := c.ls
	var out []sg.Move
	for _, q := range ls.game.Options(ls.all, nil) {
		v, err := ls.value(ctx, q)
		if err != nil {
			return nil, err
		}
		if v != target {
			continue
		}
		var del Deletion
		for gone := ls.all &^ q; gone != 0; gone &= gone - 1 {
			del = append(del, bits.TrailingZeros64(gone))
		}
		out = append(out, del)
	}
	return out, nil
}
