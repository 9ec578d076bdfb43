package graph

import (
	"encoding/binary"
	"math/big"
	"math/bits"

	"github.com/nimbers/grundy/games"
)

// A CoinTree is a rooted tree with a coin on every node. A move turns a
// head to tails and turns over any set of that node's descendants (each
// head to tails or tail to heads); who cannot move loses.
//
// The game is a coin-turning game, so its value is the nim-sum of the
// values of its heads, and a head at node p is worth 2^h(p), h(p) the
// height of p's subtree: the options of a lone head at p are
// the nim-sums of sets of descendant values, which (descendants of every
// height below h(p) lying on p's deepest path) are exactly the numbers
// below 2^h(p).
type CoinTree struct {
	t     *Tree
	heads []bool
	deep  []int32 // a child of greatest height, or -1 for a leaf
}

// newCoinTree returns the coin tree t with heads[v] telling whether the
// coin on v shows heads. It fails, wrapping games.ErrInput, unless there is one
// coin per node.
func newCoinTree(t *Tree, heads []bool) (*CoinTree, error) {
	if len(heads) != t.Len() {
		return nil, games.InputErrorf("%d coins for %d nodes", len(heads), t.Len())
	}
	c := &CoinTree{t: t, heads: append([]bool(nil), heads...), deep: make([]int32, t.Len())}
	for v := range c.deep {
		c.deep[v] = -1
		for _, k := range t.children(v) {
			if t.height[k]+1 == t.height[v] {
				c.deep[v] = k
				break
			}
		}
	}
	return c, nil
}

// words returns the value as little-endian 64-bit words.
func (c *CoinTree) words() []uint64 {
	w := make([]uint64, c.t.height[0]/64+1)
	for v, h := range c.heads {
		if h {
			k := c.t.height[v]
			w[k/64] ^= 1 << (k % 64)
		}
	}
	return w
}

// Value returns the value of the position, ⊕ 2^h(p) over the heads p; it
// has as many bits as the tree is high.
func (c *CoinTree) Value() *big.Int {
	w := c.words()
	v := new(big.Int)
	for i := len(w) - 1; i >= 0; i-- {
		v.Lsh(v, 64)
		v.Or(v, new(big.Int).SetUint64(w[i]))
	}
	return v
}

// A CoinMove turns the head at Node and the coins at Flip, descendants of
// Node, listed from the top down.
type CoinMove struct {
	Node int
	Flip []int
}

// WinningMoves returns a winning move for each head from which one
// exists: a move at head p wins exactly when 2^h(p) is the highest bit of
// the value, and then turns, along p's deepest path, the descendant of
// height b for every other bit b of the value. (Other sets of descendants
// with the same nim-sum win as well; one per head is listed.) None when
// the value is 0.
func (c *CoinTree) WinningMoves() []CoinMove { return c.movesTo(new(big.Int)) }

// movesTo returns, for each head from which the value target can be
// reached in one move, one such move; in a sum, a component of value v is
// moved to v ⊕ (the sum's value). The move at head p changes the value by
// 2^h(p) ⊕ (any number below 2^h(p)), so it reaches target exactly when
// the highest bit of value ⊕ target is bit h(p).
func (c *CoinTree) movesTo(target *big.Int) []CoinMove {
	w := c.words()
	if target.Sign() < 0 {
		return nil
	}
	if target.BitLen() > 64*len(w) {
		return nil // more bits than any reachable value
	}
	be := target.FillBytes(make([]byte, 8*len(w))) // big-endian
	for i := range w {
		w[i] ^= binary.BigEndian.Uint64(be[len(be)-8*(i+1):])
	}
	top := -1
	for i := len(w) - 1; i >= 0 && top < 0; i-- {
		if w[i] != 0 {
			top = 64*i + 63 - bits.LeadingZeros64(w[i])
		}
	}
	if top < 0 {
		return nil
	}
	var out []CoinMove
	for p, h := range c.heads {
		if !h || int(c.t.height[p]) != top {
			continue
		}
		m := CoinMove{Node: p}
		for v := c.deep[p]; v >= 0; v = c.deep[v] {
			k := c.t.height[v]
			if w[k/64]>>(k%64)&1 == 1 {
				m.Flip = append(m.Flip, int(v))
			}
		}
		out = append(out, m)
	}
	return out
}
