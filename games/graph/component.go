package graph

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

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
// cuts to a value.
func (g *Graph) Component() sg.Component { return graphComponent{g} }

type graphComponent struct{ g *Graph }

func (c graphComponent) Value() uint64 { return c.g.Value() }

func (c graphComponent) MovesTo(target uint64) ([]sg.Move, error) {
	cuts := c.g.MovesTo(target)
	out := make([]sg.Move, len(cuts))
	for i, e := range cuts {
		out[i] = Cut(e)
	}
	return out, nil
}

// Component returns the coin tree as a component of sums, whose values
// are below 2^64; it fails for a larger value.
func (c *CoinTree) Component() (sg.Component, error) {
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

func (c coinComponent) MovesTo(target uint64) ([]sg.Move, error) {
	ms := c.c.MovesTo(new(big.Int).SetUint64(target))
	out := make([]sg.Move, len(ms))
	for i, m := range ms {
		out[i] = m
	}
	return out, nil
}

// LeafDeletion returns leaf deletion on t as a component of sums, its
// value found by a search of at most maxPositions positions (see
// LeafDeletionGrundy), which fails with a *budget.TooLargeError past them.
func LeafDeletion(t *Tree, maxPositions int) (sg.Component, error) {
	v, err := LeafDeletionGrundy(t, maxPositions)
	if err != nil {
		return nil, err
	}
	return leafComponent{t, v, maxPositions}, nil
}

type leafComponent struct {
	t            *Tree
	value        uint64
	maxPositions int
}

func (c leafComponent) Value() uint64 { return c.value }

func (c leafComponent) MovesTo(target uint64) ([]sg.Move, error) {
	ds, err := LeafDeletionMovesTo(c.t, target, c.maxPositions)
	out := make([]sg.Move, len(ds))
	for i, d := range ds {
		out[i] = Deletion(d)
	}
	return out, err
}
