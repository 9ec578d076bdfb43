// Package graph is games played on trees and graphs. Impartial: coin
// flipping on a rooted tree (CoinTree), Green Hackenbush on rooted trees
// and on multigraphs (Graph; the colon and fusion principles), leaf
// deletion (Tree), the DAG game of Codeforces 1149E whose values are
// ordinal nimbers below ω^ω (DAG), and a token sliding on a game graph
// with cycles (Digraph, analysed by package loopy). Partizan:
// Blue-Red-Green Hackenbush on strings and trees (Color), and CGSuite's
// graph games. Solve and the Results value a game read from a file;
// Explain says why a Hackenbush move wins.
//
// Each game has an exhaustive search in the tests as its reference.
//
// The package registers its games with package games (see ruleset.go),
// which is the way in: games.Lookup("hackenbush") and the Engine. They
// are hackenbush, hackenbush-string, hackenbush-tree, cointree,
// leaf-deletion and dag, and CGSuite's graph games snort, col,
// arc-kayles, weighted-arc-kayles, partizan-arc-kayles, hackenbush-graph
// and childish-hackenbush, each with a notation for a position written
// inline. The readers (ReadGraph, ReadTree, ReadDAG, ReadDigraph, …) take
// the contest file formats. Sums read the terms hackenbush, cointree,
// leafdel and loopy (a game graph, or loopy subtraction of package heap).
package graph

import (
	"github.com/nimbers/grundy/games"
)

// A Tree is a rooted tree on the nodes 0..n-1 with root 0.
type Tree struct {
	parent []int32 // parent[0] = -1
	first  []int32 // children of v: kids[first[v]:first[v+1]]
	kids   []int32
	order  []int32 // breadth-first from the root: parents before children
	height []int32 // the longest downward path from v, in edges
}

// newTree returns the tree whose node i+1 has parent parents[i]; node 0 is
// the root, so the tree has len(parents)+1 nodes. It fails, wrapping
// games.ErrInput, for a parent out of range or a cycle.
func newTree(parents []int) (*Tree, error) {
	n := len(parents) + 1
	if n > 1<<31-1 {
		return nil, games.InputErrorf("%d nodes is too many", n)
	}
	t := &Tree{parent: make([]int32, n), first: make([]int32, n+1), kids: make([]int32, n-1)}
	t.parent[0] = -1
	for i, p := range parents {
		v := i + 1
		if p < 0 || p >= n {
			return nil, games.InputErrorf("the parent %d of node %d is not a node (0 to %d)", p, v, n-1)
		}
		if p == v {
			return nil, games.InputErrorf("node %d is its own parent", v)
		}
		t.parent[v] = int32(p)
		t.first[p+1]++
	}
	for v := range n {
		t.first[v+1] += t.first[v]
	}
	fill := make([]int32, n)
	copy(fill, t.first[:n])
	for v := 1; v < n; v++ {
		p := t.parent[v]
		t.kids[fill[p]] = int32(v)
		fill[p]++
	}
	// Every node reached from the root means no cycle: n-1 parent links
	// reaching all n nodes form a tree.
	t.order = make([]int32, 1, n)
	for i := 0; i < len(t.order); i++ {
		t.order = append(t.order, t.children(int(t.order[i]))...)
	}
	if len(t.order) < n {
		seen := make([]bool, n)
		for _, v := range t.order {
			seen[v] = true
		}
		for v := range n {
			if !seen[v] {
				return nil, games.InputErrorf("node %d is on a cycle of parents, not below the root", v)
			}
		}
	}
	t.height = make([]int32, n)
	for i := n - 1; i > 0; i-- {
		v := t.order[i]
		p := t.parent[v]
		t.height[p] = max(t.height[p], t.height[v]+1)
	}
	return t, nil
}

// Len returns the number of nodes.
func (t *Tree) Len() int { return len(t.parent) }

// parentOf returns the parent of v, or -1 for the root.
func (t *Tree) parentOf(v int) int { return int(t.parent[v]) }

// children returns the children of v; the slice must not be modified.
func (t *Tree) children(v int) []int32 { return t.kids[t.first[v]:t.first[v+1]] }

// heightOf returns the number of edges on the longest path from v down to a
// leaf of its subtree (0 for a leaf).
func (t *Tree) heightOf(v int) int { return int(t.height[v]) }

// hackenbushValue returns the value of the tree as a Green Hackenbush
// position rooted at the ground: by the colon principle a node is worth
// the nim-sum over its children c of (value of c) + 1, the +1 for the
// edge to c, which turns a stalk on top of c into a longer one.
func (t *Tree) hackenbushValue() uint64 {
	val := make([]uint64, t.Len())
	for i := t.Len() - 1; i > 0; i-- {
		v := t.order[i]
		val[t.parent[v]] ^= val[v] + 1
	}
	return val[0]
}
