package graph

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/sg"
)

// Leaf deletion (a 2019 Chinese contest problem): on a rooted tree, a move deletes one
// or more of the current leaves; the root can be deleted only once it is a
// leaf itself, that is alone, and whoever deletes it wins.
//
// The rule was found by tabulation, and the tests confirm it by
// exhaustive search on every tree of up to 9 nodes and random trees of up
// to 17: call a node with two or more children a fork. If the tree has no
// fork it is a path, and the first player wins exactly when it has an odd
// number of nodes. Otherwise every leaf lies below a fork, and the first
// player wins exactly when some leaf is an odd number of edges below its
// nearest fork.

// leafDeletionWins reports whether the player to move wins leaf deletion
// on t.
func leafDeletionWins(t *Tree) bool {
	return leafSummary(t) != losing
}

type summary int

const (
	winning summary = iota
	losing
)

// leafSummary applies the forks rule.
func leafSummary(t *Tree) summary {
	n := t.Len()
	fork := func(v int32) bool { return t.first[v+1]-t.first[v] >= 2 }
	// dist[v]: edges from v up to its nearest fork, for v below a fork.
	dist := make([]int32, n)
	anyFork := false
	for _, v := range t.order {
		if fork(v) {
			anyFork = true
		}
		if v == 0 {
			continue
		}
		p := t.parent[v]
		if fork(p) {
			dist[v] = 1
		} else {
			dist[v] = dist[p] + 1
		}
	}
	if !anyFork {
		if n%2 == 1 {
			return winning
		}
		return losing
	}
	for v := range n {
		if t.first[v+1] == t.first[v] && dist[v]%2 == 1 {
			return winning
		}
	}
	return losing
}

// The shape of a subtree after a move, as its parent sees it: gone (a
// deleted leaf), a chain down to a leaf with an even or odd number of
// nodes, or forked with every leaf an even distance below its nearest
// fork. Subtrees with an odd leaf below a fork are never wanted.
const (
	shapeGone = iota
	shapeEven
	shapeOdd
	shapeForked
	numShapes
)

// The state while a node's children are combined: how many survive and,
// for one, its shape; two or more (all even or forked) is stateMany. Each
// state also records whether a leaf was deleted (index +numStates).
const (
	stateNone  = 0 // no child survives
	stateOne   = 1 // +shape-1: one child of shape Even, Odd or Forked
	stateMany  = 4
	numStates  = 5
	stateTrue  = numStates // offset for "a leaf was deleted"
	allStates  = 2 * numStates
	shapeTrue  = numShapes // offset for "a leaf was deleted" in shapes
	allShapes  = 2 * numShapes
	unreached  = 0xff
	childShift = 4
)

// LeafDeletionMove returns a winning move of leaf deletion on t: the
// leaves to delete in increasing order (the root alone, [0], when the tree is a single node).
// It reports false when the player to move loses.
//
// The move is found by a dynamic programme over the tree that tracks, for
// every subtree, which shapes a move can leave it in (see shapeGone), and
// then picks one that leaves a losing position: a tree with forks whose
// leaves are all an even distance below their forks, or a path with an
// even number of nodes.
func LeafDeletionMove(t *Tree) ([]int, bool) {
	n := t.Len()
	if n == 1 {
		return []int{0}, true
	}
	// reach[v] has bit s set when v's subtree can take shape s (with the
	// deleted flag); step[e] for the child edge e (an index into kids)
	// remembers, for each combining state reached after that child, the
	// state before it and the child's shape, to rebuild the move.
	reach := make([]uint8, n)
	step := make([][allStates]uint8, len(t.kids))
	for i := n - 1; i >= 0; i-- {
		v := t.order[i]
		kids := t.children(int(v))
		if len(kids) == 0 {
			reach[v] = 1<<shapeOdd | 1<<(shapeGone+shapeTrue)
			continue
		}
		var cur [allStates]bool
		cur[stateNone] = true
		for j, k := range kids {
			e := int(t.first[v]) + j
			var next [allStates]bool
			for s := range allStates {
				step[e][s] = unreached
			}
			for s := range allStates {
				if !cur[s] {
					continue
				}
				for sh := range allShapes {
					if reach[k]>>sh&1 == 0 {
						continue
					}
					ns := combine(s, sh)
					if ns < 0 || next[ns] {
						continue
					}
					next[ns] = true
					step[e][ns] = uint8(s<<childShift | sh)
				}
			}
			cur = next
		}
		for s := range allStates {
			if cur[s] {
				reach[v] |= 1 << finish(s)
			}
		}
	}
	// The root must end forked, or as an even path, with a leaf deleted.
	var want int
	switch {
	case reach[0]>>(shapeForked+shapeTrue)&1 == 1:
		want = shapeForked + shapeTrue
	case reach[0]>>(shapeEven+shapeTrue)&1 == 1:
		want = shapeEven + shapeTrue
	default:
		return nil, false
	}
	// Rebuild top-down: the wanted shape of each node, then the end state
	// of its children that gives it, then each child's shape.
	shape := make([]int, n)
	shape[0] = want
	var deleted []int
	for _, v := range t.order {
		kids := t.children(int(v))
		if len(kids) == 0 {
			if shape[v]%numShapes == shapeGone {
				deleted = append(deleted, int(v))
			}
			continue
		}
		s := -1
		for c := range allStates {
			e := int(t.first[v]) + len(kids) - 1
			if step[e][c] != unreached && finish(c) == shape[v] {
				s = c
				break
			}
		}
		for j := len(kids) - 1; j >= 0; j-- {
			e := int(t.first[v]) + j
			st := step[e][s]
			shape[kids[j]] = int(st & (1<<childShift - 1))
			s = int(st >> childShift)
		}
	}
	slices.Sort(deleted)
	return deleted, true
}

// combine adds a child of shape sh (with its deleted flag) to the state s
// of its parent, returning -1 when the result would have an odd leaf below
// a fork.
func combine(s, sh int) int {
	del := s/numStates == 1 || sh/numShapes == 1
	base, shape := s%numStates, sh%numShapes
	var ns int
	switch {
	case shape == shapeGone:
		ns = base
	case base == stateNone:
		ns = stateOne + shape - 1
	case base == stateMany || base == stateOne+shapeEven-1 || base == stateOne+shapeForked-1:
		// A fork: every chain below it must be even.
		if shape == shapeOdd {
			return -1
		}
		ns = stateMany
	default: // one odd chain, now below a fork
		return -1
	}
	if del {
		ns += stateTrue
	}
	return ns
}

// finish turns the combined state of a node's children into the node's
// own shape: with no child left it is a leaf (an odd chain of one); with
// one it extends that child's chain; with more it is a fork.
func finish(s int) int {
	flag := 0
	if s >= numStates {
		flag, s = shapeTrue, s-numStates
	}
	switch s {
	case stateNone:
		return shapeOdd + flag
	case stateOne + shapeEven - 1:
		return shapeOdd + flag
	case stateOne + shapeOdd - 1:
		return shapeEven + flag
	}
	return shapeForked + flag // one forked child, or many
}

// maxSearchNodes bounds the trees LeafDeletionGrundy searches: positions
// are sets of nodes, kept as 64-bit masks.
const maxSearchNodes = 64

// maxSearchLeaves bounds the leaves of a searched position: a move is any
// nonempty set of them.
const maxSearchLeaves = 20

// maxSearchOptions bounds the moves a search generates in all.
const maxSearchOptions = 1 << 26

// leafSearcher is the exhaustive search of leaf deletion: positions are the
// sets of remaining nodes as 64-bit masks.
type leafSearcher struct {
	all     uint64 // the whole tree
	game    sg.GameFunc[uint64]
	solver  *sg.Solver[uint64]
	tooWide bool
	options int
}

func newLeafSearcher(t *Tree, opt *budget.Options) (*leafSearcher, error) {
	n := t.Len()
	if n > maxSearchNodes {
		return nil, &budget.TooLargeError{What: "the search of leaf deletion", Unit: "nodes", Estimate: float64(n), Limit: maxSearchNodes, Fixed: true}
	}
	ls := &leafSearcher{all: ^uint64(0) >> (64 - n)}
	ls.game = func(s uint64, buf []uint64) []uint64 {
		if s == 1 {
			return append(buf, 0) // the root alone: delete it
		}
		start := len(buf)
		leaves := s &^ 1
		for v := 1; v < n; v++ {
			if s>>v&1 == 1 {
				leaves &^= 1 << t.parent[v]
			}
		}
		if ls.tooWide || bits.OnesCount64(leaves) > maxSearchLeaves {
			ls.tooWide = true
			return buf
		}
		for sub := leaves; sub != 0; sub = (sub - 1) & leaves {
			buf = append(buf, s&^sub)
		}
		if ls.options += len(buf) - start; ls.options > maxSearchOptions {
			ls.tooWide = true
			return buf[:start]
		}
		return buf
	}
	ls.solver = sg.NewSolver[uint64](ls.game, opt)
	return ls, nil
}

// value returns the Grundy value of the position s.
func (ls *leafSearcher) value(ctx context.Context, s uint64) (uint64, error) {
	v, err := ls.solver.Value(ctx, s)
	if ls.tooWide {
		return 0, &budget.TooLargeError{What: fmt.Sprintf("the search of leaf deletion (a position of more than %d leaves)", maxSearchLeaves), Unit: "moves", Limit: maxSearchOptions, Fixed: true}
	}
	var tl *budget.TooLargeError
	if errors.As(err, &tl) {
		tl.What = "the search of leaf deletion"
	}
	return v, err
}
