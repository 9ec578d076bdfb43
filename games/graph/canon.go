package graph

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"slices"
)

// maxLeaves bounds the labellings canonicalKey compares. A graph with
// more symmetry than that (a complete graph, a large empty one) keys by
// the least labelling found so far: a key of the graph still, only not
// the same for every labelling of it.
const maxLeaves = 128

// canonicalKey appends to b a key of the graph of n vertices with vertex
// labels vlab and edges code[u*n+v] (0 for none; a symmetric matrix,
// loops on the diagonal): the least encoding over the labellings an
// individualisation-refinement search meets. The key encodes the graph
// itself under some numbering of its vertices, so two graphs with one
// key are isomorphic; isomorphic graphs small or asymmetric enough for
// the search to finish have one key.
func canonicalKey(b []byte, n int, vlab []uint32, code []uint32) []byte {
	b = binary.AppendUvarint(b, uint64(n))
	if n == 0 {
		return b
	}
	var top uint32
	for _, c := range code {
		top |= c
	}
	width := bits.Len32(top)
	b = append(b, byte(width))
	c := &canon{n: n, vlab: vlab, code: code, width: width}
	col := make([]int32, n)
	levels := slices.Clone(vlab)
	slices.Sort(levels)
	levels = slices.Compact(levels)
	for v := range n {
		i, _ := slices.BinarySearch(levels, vlab[v])
		col[v] = int32(i)
	}
	c.search(col)
	return append(b, c.best...)
}

type canon struct {
	n      int
	vlab   []uint32
	code   []uint32
	width  int
	leaves int
	best   []byte
	cur    []byte
	sig    [][]uint64
	idx    []int
}

// refine refines the colouring col, in place, until each vertex's colour
// tells how many neighbours of each colour it has along each kind of
// edge; colours are numbered 0, 1, … in an order that does not depend
// on the vertices' numbers. It returns the number of colours.
func (c *canon) refine(col []int32) int {
	n := c.n
	if c.sig == nil {
		c.sig = make([][]uint64, n)
		c.idx = make([]int, n)
	}
	k := -1
	for {
		for v := range n {
			s := c.sig[v][:0]
			row := c.code[v*n : v*n+n]
			for u, e := range row {
				if e != 0 {
					s = append(s, uint64(e)<<32|uint64(col[u]))
				}
			}
			slices.Sort(s)
			c.sig[v] = s
			c.idx[v] = v
		}
		cmpv := func(x, y int) int {
			if col[x] != col[y] {
				return int(col[x]) - int(col[y])
			}
			return slices.Compare(c.sig[x], c.sig[y])
		}
		slices.SortFunc(c.idx, cmpv)
		next := make([]int32, n)
		colours := 0
		for i, v := range c.idx {
			if i > 0 && cmpv(c.idx[i-1], v) != 0 {
				colours++
			}
			next[v] = int32(colours)
		}
		colours++
		copy(col, next)
		if colours == k || colours == n {
			return colours
		}
		k = colours
	}
}

// search refines col and, while colours are shared, tries each vertex
// of the first shared colour apart from the rest, keeping the least
// encoding of the labellings it ends in.
func (c *canon) search(col []int32) {
	if c.leaves >= maxLeaves {
		return
	}
	k := c.refine(col)
	n := c.n
	if k == n {
		c.leaves++
		c.encode(col)
		return
	}
	size := make([]int, k)
	for _, x := range col {
		size[x]++
	}
	target := int32(slices.IndexFunc(size, func(s int) bool { return s > 1 }))
	for v := range n {
		if col[v] != target {
			continue
		}
		next := make([]int32, n)
		for x := range n {
			next[x] = 2*col[x] + 1
		}
		next[v] = 2 * target
		c.search(next)
		if c.leaves >= maxLeaves {
			return
		}
	}
}

// encode writes the graph numbered by the colours of the discrete
// colouring col, and keeps it when it is the least yet.
func (c *canon) encode(col []int32) {
	n := c.n
	order := make([]int, n)
	for v, x := range col {
		order[x] = v
	}
	buf := c.cur[:0]
	for _, v := range order {
		buf = binary.AppendUvarint(buf, uint64(c.vlab[v]))
	}
	var acc uint64
	nacc := 0
	for i, u := range order {
		row := c.code[u*n : u*n+n]
		for _, v := range order[i:] {
			acc = acc<<c.width | uint64(row[v])
			nacc += c.width
			for nacc >= 8 {
				nacc -= 8
				buf = append(buf, byte(acc>>nacc))
			}
		}
	}
	if nacc > 0 {
		buf = append(buf, byte(acc<<(8-nacc)))
	}
	c.cur = buf
	if c.best == nil || bytes.Compare(buf, c.best) < 0 {
		c.best = append(c.best[:0], buf...)
	}
}
