package graph

import (
	"context"
	"math"
	"math/bits"
	"slices"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/partizan"
)

// maxTreeNodes bounds the nodes of one tree of a coin tree or leaf
// deletion position written inline: a position's options are sets of its
// nodes, and its values fit 64 bits.
const maxTreeNodes = 64

// checkTrees fails when a tree of f has more than maxTreeNodes nodes.
func checkTrees(f *forest) error {
	for i, r := range f.roots() {
		if f.size[r] > maxTreeNodes {
			return games.InputErrorf("tree %d has %d nodes, more than %d", i+1, f.size[r], maxTreeNodes)
		}
	}
	return nil
}

// coinTreeRules is the coin tree game (CoinTree) as a games.Ruleset: a
// position is a forest of coin trees in the tree notation, each node H or
// T ("HT(H T) T").
type coinTreeRules struct{}

// Name returns "cointree".
func (coinTreeRules) Name() string { return "cointree" }

// Kind returns games.Impartial.
func (coinTreeRules) Kind() games.Kind { return games.Impartial }

// Parse returns the coin trees written s: trees separated by blanks or
// commas, each a stalk of coins H or T from the root down, then
// optionally "(" the subtrees of the stalk's last node ")". A tree has
// at most 64 nodes.
func (coinTreeRules) Parse(s string) (games.Position, error) {
	f, err := parseForest(s, func(c byte) byte {
		switch c {
		case 'H', 'h':
			return 'H'
		case 'T', 't':
			return 'T'
		}
		return 0
	}, "a coin: H or T", false)
	if err != nil {
		return nil, err
	}
	if err := checkTrees(f); err != nil {
		return nil, err
	}
	return coinForest{f}, nil
}

// A coinForest is a sum of coin trees as a games.Position. Its special
// engine is the heights rule (CoinTree.Value): a head is worth 2^h, h the
// height of its subtree.
type coinForest struct{ f *forest }

// String writes the trees in the tree notation.
func (p coinForest) String() string { return p.f.String() }

// Options returns the positions after turning a head to tails with any
// set of its descendants: 2^d options for a head of d descendants.
func (p coinForest) Options(games.Player) []games.Position {
	var out []games.Position
	for v, c := range p.f.label {
		if c != 'H' {
			continue
		}
		d := int(p.f.size[v]) - 1
		for m := uint64(0); m < 1<<d; m++ {
			label := slices.Clone(p.f.label)
			label[v] = 'T'
			for r := m; r != 0; r &= r - 1 {
				u := v + 1 + bits.TrailingZeros64(r)
				label[u] ^= 'H' ^ 'T'
			}
			out = append(out, coinForest{&forest{label: label, parent: p.f.parent, size: p.f.size}})
		}
	}
	return out
}

// AppendKey appends the forest with its trees and branches sorted.
func (p coinForest) AppendKey(b []byte) []byte { return p.f.appendKey(b) }

// Components returns the trees, or nil for at most one.
func (p coinForest) Components() []games.Position {
	ts := p.f.split()
	if ts == nil {
		return nil
	}
	out := make([]games.Position, len(ts))
	for i, t := range ts {
		out[i] = coinForest{t}
	}
	return out
}

// Estimate returns 2^k for the k nodes that are heads or below one: the
// positions a search may reach, and a bound on the options of one.
func (p coinForest) Estimate() float64 {
	live := 0
	for v := 0; v < p.f.Len(); {
		if p.f.label[v] == 'H' {
			live += int(p.f.size[v])
			v += int(p.f.size[v])
		} else {
			v++
		}
	}
	return clampFloat(math.Ldexp(1, live))
}

// Grundy returns the value by the heights rule, the nim-sum over the
// trees; it fails with a *budget.TooLargeError when a tree is 64 edges
// high.
func (p coinForest) Grundy(context.Context, *budget.Options) (uint64, error) {
	var v uint64
	for _, r := range p.f.roots() {
		g := p.f.tree(int(r))
		t, err := g.single()
		if err != nil {
			return 0, err
		}
		heads := make([]bool, g.Len())
		for u, c := range g.label {
			heads[u] = c == 'H'
		}
		c, err := newCoinTree(t, heads)
		if err != nil {
			return 0, err
		}
		x := c.Value()
		if x.BitLen() > 64 {
			return 0, &budget.TooLargeError{What: "the value of a coin tree", Unit: "bits", Estimate: float64(x.BitLen()), Limit: 64, Fixed: true}
		}
		v ^= x.Uint64()
	}
	return v, nil
}

// Value returns the nimber of the value; it fails with a
// *budget.TooLargeError past partizan.MaxNimber.
func (p coinForest) Value(ctx context.Context, opt *budget.Options) (*partizan.Game, error) {
	v, err := p.Grundy(ctx, opt)
	if err != nil {
		return nil, err
	}
	return nimber(v, "the coin trees")
}

// leafDeletionRules is leaf deletion (LeafDeletionWins) as a
// games.Ruleset: a position is a forest in the tree notation, each node
// written o ("oo(o oo)").
type leafDeletionRules struct{}

// Name returns "leaf-deletion".
func (leafDeletionRules) Name() string { return "leaf-deletion" }

// Kind returns games.Impartial.
func (leafDeletionRules) Kind() games.Kind { return games.Impartial }

// Parse returns the trees written s: trees separated by blanks or
// commas, each a stalk of nodes o from the root down, then optionally "("
// the subtrees of the stalk's last node ")". A tree has at most 64 nodes;
// the empty string is the position after the last root is deleted.
func (leafDeletionRules) Parse(s string) (games.Position, error) {
	f, err := parseForest(s, func(c byte) byte {
		if c == 'o' || c == 'O' {
			return 'o'
		}
		return 0
	}, "a node: o", false)
	if err != nil {
		return nil, err
	}
	if err := checkTrees(f); err != nil {
		return nil, err
	}
	return leafForest{f}, nil
}

// A leafForest is a sum of leaf deletion trees as a games.Position. Its
// special engine is the search of LeafDeletion over sets of nodes.
type leafForest struct{ f *forest }

// String writes the trees in the tree notation.
func (p leafForest) String() string { return p.f.String() }

// Options returns the positions after deleting a nonempty set of the
// leaves of one tree, or a root standing alone.
func (p leafForest) Options(games.Player) []games.Position {
	kids := p.f.children()
	var out []games.Position
	for _, r := range p.f.roots() {
		if p.f.size[r] == 1 {
			out = append(out, leafForest{p.f.without(int(r))})
			continue
		}
		var leaves []int
		for v := int(r) + 1; v < int(r+p.f.size[r]); v++ {
			if len(kids[v]) == 0 {
				leaves = append(leaves, v)
			}
		}
		for m := uint64(1); m < 1<<len(leaves); m++ {
			g := p.f
			// Delete from the last, so that earlier indices stay.
			for i := len(leaves) - 1; i >= 0; i-- {
				if m>>i&1 == 1 {
					g = g.without(leaves[i])
				}
			}
			out = append(out, leafForest{g})
		}
	}
	return out
}

// AppendKey appends the forest with its trees and branches sorted.
func (p leafForest) AppendKey(b []byte) []byte { return p.f.appendKey(b) }

// Components returns the trees, or nil for at most one.
func (p leafForest) Components() []games.Position {
	ts := p.f.split()
	if ts == nil {
		return nil
	}
	out := make([]games.Position, len(ts))
	for i, t := range ts {
		out[i] = leafForest{t}
	}
	return out
}

// Estimate returns the positions reachable: the product over the trees
// of their subtrees holding the root, plus one for the tree gone.
func (p leafForest) Estimate() float64 { return p.f.prunings() }

// prunings returns the forests left by taking subtrees away: the product
// over the trees of their subtrees holding the root, plus one for the
// tree gone.
func (f *forest) prunings() float64 {
	kids := f.children()
	count := make([]float64, f.Len())
	for v := f.Len() - 1; v >= 0; v-- {
		count[v] = 1
		for _, k := range kids[v] {
			count[v] *= count[k] + 1
		}
	}
	n := 1.0
	for _, r := range f.roots() {
		n *= count[r] + 1
	}
	return clampFloat(n)
}

// Grundy returns the value, the nim-sum over the trees of the values
// LeafDeletion finds within opt.
func (p leafForest) Grundy(ctx context.Context, opt *budget.Options) (uint64, error) {
	var v uint64
	for _, r := range p.f.roots() {
		t, err := p.f.tree(int(r)).single()
		if err != nil {
			return 0, err
		}
		c, err := LeafDeletion(ctx, t, opt)
		if err != nil {
			return 0, err
		}
		v ^= c.Value()
	}
	return v, nil
}

// Value returns the nimber of the value; it fails with a
// *budget.TooLargeError past partizan.MaxNimber.
func (p leafForest) Value(ctx context.Context, opt *budget.Options) (*partizan.Game, error) {
	v, err := p.Grundy(ctx, opt)
	if err != nil {
		return nil, err
	}
	return nimber(v, "the leaf deletion trees")
}
