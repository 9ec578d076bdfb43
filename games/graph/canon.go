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
	var top uint32
	for _, c := range code {
		top |= c
	}
	c := &canon{n: n, vlab: vlab, code: code, width: bits.Len32(top)}
	if n <= 64 {
		c.bitmasks()
	}
	return c.key(b)
}

// canonicalKeyMasks is canonicalKey for a graph of at most 64 vertices
// with kinds kinds of edges, masks[k*n+v] the neighbours of v along an
// edge of kind k: the code of a pair of vertices is the set of the kinds
// of the edges that join them.
func canonicalKeyMasks(b []byte, n int, vlab []uint32, kinds int, masks []uint64) []byte {
	c := &canon{n: n, vlab: vlab, width: kinds, kinds: kinds, masks: masks}
	return c.key(b)
}

// key appends the key.
func (c *canon) key(b []byte) []byte {
	n := c.n
	b = binary.AppendUvarint(b, uint64(n))
	if n == 0 {
		return b
	}
	b = append(b, byte(c.width))
	col := make([]int32, n)
	levels := slices.Clone(c.vlab)
	slices.Sort(levels)
	levels = slices.Compact(levels)
	for v := range n {
		i, _ := slices.BinarySearch(levels, c.vlab[v])
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
	kinds  int      // with masks: the distinct codes of edges
	masks  []uint64 // for n ≤ 64: masks[k*n+v], v's neighbours by an edge of the k-th code
	counts []byte
	next   []int32
	cells  []uint64
	order  []int
}

// bitmasks sets masks: the neighbours of each vertex along each kind of
// edge, for refineMasks.
func (c *canon) bitmasks() {
	n := c.n
	var codes []uint32
	for _, e := range c.code {
		if e != 0 && !slices.Contains(codes, e) {
			codes = append(codes, e)
		}
	}
	slices.Sort(codes)
	c.kinds = len(codes)
	c.masks = make([]uint64, len(codes)*n)
	for u := range n {
		for v, e := range c.code[u*n : u*n+n] {
			if e != 0 {
				k, _ := slices.BinarySearch(codes, e)
				c.masks[k*n+u] |= 1 << v
			}
		}
	}
}

// refineMasks is refine on graphs of at most 64 vertices: a vertex's
// signature is how many neighbours it has in each colour along each
// kind of edge, counted on bit masks.
func (c *canon) refineMasks(col []int32) int {
	n := c.n
	if c.idx == nil {
		c.idx = make([]int, n)
	}
	for v := range n {
		c.idx[v] = v
	}
	slices.SortFunc(c.idx, func(x, y int) int { return int(col[x]) - int(col[y]) })
	if cap(c.next) < n {
		c.next = make([]int32, n)
	}
	next := c.next[:n]
	k := 0
	for i, v := range c.idx {
		if i > 0 && col[c.idx[i-1]] != col[v] {
			k++
		}
		next[v] = int32(k)
	}
	k++
	copy(col, next)
	for k < n {
		if cap(c.cells) < k {
			c.cells = make([]uint64, n)
		}
		cells := c.cells[:k]
		clear(cells)
		for v, x := range col {
			cells[x] |= 1 << v
		}
		w := c.kinds * k
		if cap(c.counts) < n*w {
			c.counts = make([]byte, n*w)
		}
		counts := c.counts[:n*w]
		clear(counts)
		for v := range n {
			for kind := range c.kinds {
				a := c.masks[kind*n+v]
				if a == 0 {
					continue
				}
				row := counts[v*w+kind*k : v*w+kind*k+k]
				for x, cell := range cells {
					row[x] = byte(bits.OnesCount64(a & cell))
				}
			}
		}
		cmpv := func(x, y int) int {
			if col[x] != col[y] {
				return int(col[x]) - int(col[y])
			}
			return bytes.Compare(counts[x*w:x*w+w], counts[y*w:y*w+w])
		}
		slices.SortFunc(c.idx, cmpv)
		m := 0
		for i, v := range c.idx {
			if i > 0 && cmpv(c.idx[i-1], v) != 0 {
				m++
			}
			next[v] = int32(m)
		}
		m++
		copy(col, next)
		if m == k {
			break
		}
		k = m
	}
	return k
}

// refine refines the colouring col, in place, until each vertex's colour
// tells how many neighbours of each colour it has along each kind of
// edge; colours are numbered 0, 1, … in an order that does not depend
// on the vertices' numbers. It returns the number of colours.
func (c *canon) refine(col []int32) int {
	if c.masks != nil {
		return c.refineMasks(col)
	}
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
	// The first colour of two vertices or more.
	size := make([]int, k)
	for _, x := range col {
		size[x]++
	}
	target := int32(slices.IndexFunc(size, func(s int) bool { return s > 1 }))
	next := make([]int32, n)
	for v := range n {
		if col[v] != target {
			continue
		}
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
	if cap(c.order) < n {
		c.order = make([]int, n)
	}
	order := c.order[:n]
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
		var row []uint32
		if c.code != nil {
			row = c.code[u*n : u*n+n]
		}
		for _, v := range order[i:] {
			var e uint64
			if row != nil {
				e = uint64(row[v])
			} else {
				for k := range c.kinds {
					e |= (c.masks[k*n+u] >> v & 1) << k
				}
			}
			acc = acc<<c.width | e
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
