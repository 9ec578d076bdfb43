package graph

import (
	"fmt"
	"slices"
	"strings"

	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/internal/listtext"
)

// maxNotation bounds the bytes of a position written inline (the
// rulesets' notations), checked before any work.
const maxNotation = 1 << 16

// A forest is a list of rooted trees whose nodes carry a letter: the
// position of a tree ruleset written inline. The nodes are in preorder,
// so a node's subtree is the nodes v to v+size[v]-1, and parent[v] < v
// (-1 for a root).
type forest struct {
	label  []byte
	parent []int32
	size   []int32
}

// The tree notation: a tree is a stalk of letters, each node the child of
// the one before it, then optionally "(" the trees hanging from the
// stalk's last node, separated by blanks or commas ")". Trees of the
// forest are separated by blanks or commas: "BB(R G) G".

// parseForest reads a forest in the tree notation. letters maps a byte to
// its node label, or to 0 when it is not one; want says what a label is in
// errors ("B, R or G"). With stalks set, the trees may not branch.
func parseForest(s string, letters func(byte) byte, want string, stalks bool) (*forest, error) {
	if len(s) > maxNotation {
		return nil, games.InputErrorf("a position of %d bytes, more than %d", len(s), maxNotation)
	}
	f := &forest{}
	const (
		none   = -2 // at the start of a tree
		closed = -3 // just after ')'
	)
	cur := int32(none)
	var stack []int32 // the nodes the open '(' hang from
	var opens []int   // their offsets
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case listtext.IsSep(c):
			cur = none
		case c == '(':
			if stalks {
				return nil, games.InputErrorf("at offset %d: '(' in a string: a string does not branch (use hackenbush-tree)", i)
			}
			if cur < 0 {
				return nil, games.InputErrorf("at offset %d: '(' must follow a letter, the node its trees hang from", i)
			}
			stack, opens = append(stack, cur), append(opens, i)
			cur = none
		case c == ')':
			if len(stack) == 0 {
				return nil, games.InputErrorf("at offset %d: ')' closes no '('", i)
			}
			top := stack[len(stack)-1]
			if int(top) == len(f.label)-1 {
				return nil, games.InputErrorf("at offset %d: no tree between '(' and ')'", i)
			}
			stack, opens = stack[:len(stack)-1], opens[:len(opens)-1]
			cur = closed
		default:
			l := letters(c)
			if l == 0 {
				return nil, games.InputErrorf("at offset %d: %q is not %s", i, rune(c), want)
			}
			if cur == closed {
				return nil, games.InputErrorf("at offset %d: %q right after ')': separate trees with a blank", i, rune(c))
			}
			p := cur
			if p == none {
				p = -1
				if len(stack) > 0 {
					p = stack[len(stack)-1]
				}
			}
			f.label = append(f.label, l)
			f.parent = append(f.parent, p)
			cur = int32(len(f.label) - 1)
		}
	}
	if len(stack) > 0 {
		return nil, games.InputErrorf("at offset %d: the '(' at offset %d is not closed", len(s), opens[len(opens)-1])
	}
	f.sizes()
	return f, nil
}

// sizes sets the subtree sizes from the parents.
func (f *forest) sizes() {
	f.size = make([]int32, len(f.label))
	for v := len(f.label) - 1; v >= 0; v-- {
		f.size[v]++
		if p := f.parent[v]; p >= 0 {
			f.size[p] += f.size[v]
		}
	}
}

// Len returns the number of nodes.
func (f *forest) Len() int { return len(f.label) }

// children returns the children of every node, in order.
func (f *forest) children() [][]int32 {
	kids := make([][]int32, f.Len())
	for v, p := range f.parent {
		if p >= 0 {
			kids[p] = append(kids[p], int32(v))
		}
	}
	return kids
}

// roots returns the roots, in order.
func (f *forest) roots() []int32 {
	var out []int32
	for v := 0; v < f.Len(); v += int(f.size[v]) {
		out = append(out, int32(v))
	}
	return out
}

// String writes the forest in the tree notation.
func (f *forest) String() string {
	var b strings.Builder
	kids := f.children()
	for i, r := range f.roots() {
		if i > 0 {
			b.WriteByte(' ')
		}
		f.write(&b, kids, r)
	}
	return b.String()
}

// write writes the tree of v: its stalk, then its branches.
func (f *forest) write(b *strings.Builder, kids [][]int32, v int32) {
	b.WriteByte(f.label[v])
	for len(kids[v]) == 1 {
		v = kids[v][0]
		b.WriteByte(f.label[v])
	}
	if len(kids[v]) == 0 {
		return
	}
	b.WriteByte('(')
	for i, k := range kids[v] {
		if i > 0 {
			b.WriteByte(' ')
		}
		f.write(b, kids, k)
	}
	b.WriteByte(')')
}

// maxCanonical bounds the nodes of a forest whose key sorts its
// branches: the canonical strings cost the nodes times the depth.
const maxCanonical = 2048

// appendKey appends the forest's canonical notation, with the trees and
// the branches of every node sorted, so that the key forgets their
// order; past maxCanonical nodes, the notation as written.
func (f *forest) appendKey(b []byte) []byte {
	if f.Len() > maxCanonical {
		return append(b, f.String()...)
	}
	kids := f.children()
	canon := make([]string, f.Len())
	var parts []string
	for v := f.Len() - 1; v >= 0; v-- {
		switch len(kids[v]) {
		case 0:
			canon[v] = string(f.label[v])
		case 1:
			canon[v] = string(f.label[v]) + canon[kids[v][0]]
		default:
			parts = parts[:0]
			for _, k := range kids[v] {
				parts = append(parts, canon[k])
			}
			slices.Sort(parts)
			canon[v] = string(f.label[v]) + "(" + strings.Join(parts, " ") + ")"
		}
		for _, k := range kids[v] {
			canon[k] = "" // no longer needed
		}
	}
	parts = parts[:0]
	for _, r := range f.roots() {
		parts = append(parts, canon[r])
	}
	slices.Sort(parts)
	return append(b, strings.Join(parts, " ")...)
}

// without returns the forest less the subtree of v.
func (f *forest) without(v int) *forest {
	end := v + int(f.size[v])
	cut := int32(end - v)
	g := &forest{
		label:  slices.Concat(f.label[:v], f.label[end:]),
		parent: slices.Concat(f.parent[:v], f.parent[end:]),
	}
	for i := v; i < len(g.parent); i++ {
		if g.parent[i] >= int32(end) {
			g.parent[i] -= cut
		}
	}
	g.size = slices.Concat(f.size[:v], f.size[end:])
	for p := f.parent[v]; p >= 0; p = f.parent[p] {
		g.size[p] -= cut
	}
	return g
}

// tree returns the nodes v to v+size[v]-1 as a forest of one tree.
func (f *forest) tree(v int) *forest {
	end := v + int(f.size[v])
	g := &forest{label: f.label[v:end:end], parent: make([]int32, end-v), size: f.size[v:end:end]}
	for i := range g.parent {
		g.parent[i] = f.parent[v+i] - int32(v)
	}
	g.parent[0] = -1
	return g
}

// split returns the trees of the forest, or nil when it has at most one.
func (f *forest) split() []*forest {
	roots := f.roots()
	if len(roots) <= 1 {
		return nil
	}
	out := make([]*forest, len(roots))
	for i, r := range roots {
		out[i] = f.tree(int(r))
	}
	return out
}

// asTree returns the graph.Tree of the forest hung from a new root, node
// 0: node v of the forest is node v+1 of the tree. It is the ground of a
// Hackenbush forest, whose edge above node v+1 has f's label of v.
func (f *forest) asTree() (*Tree, error) {
	parents := make([]int, f.Len())
	for v, p := range f.parent {
		parents[v] = int(p) + 1
	}
	return newTree(parents)
}

// single returns the graph.Tree of a forest of one tree, its root node 0.
func (f *forest) single() (*Tree, error) {
	if len(f.parent) == 0 || f.size[0] != int32(f.Len()) {
		return nil, fmt.Errorf("graph: not one tree")
	}
	parents := make([]int, f.Len()-1)
	for v := 1; v < f.Len(); v++ {
		parents[v-1] = int(f.parent[v])
	}
	return newTree(parents)
}
