package heap

// A rule is one kind of move: remove take tokens from a heap and leave the
// rest as leave nonempty heaps (0 to 3); unequal asks that two heaps left
// have different sizes. Every game but the all-but subtraction games,
// whose moves are defined by exclusion, is a list of rules, and every
// engine reads that list: Moves, the direct computation, the sparse-space
// engine, the work estimate and the periodicity theorems.
type rule struct {
	take, leave int
	unequal     bool
}

// codeRules returns the rules of a take-and-break code: digit d_k allows
// leaving j heaps after removing k tokens when bit j of d_k is set.
func codeRules(digits []uint8) []rule {
	var rs []rule
	for k, d := range digits {
		for j := range 4 {
			if d&(1<<j) != 0 {
				rs = append(rs, rule{take: k, leave: j})
			}
		}
	}
	return rs
}

// subtractionRules returns the rules of a finite subtraction set: remove s
// tokens and leave what is left, if anything.
func subtractionRules(set []int) []rule {
	rs := make([]rule, 0, 2*len(set))
	for _, s := range set {
		rs = append(rs, rule{take: s, leave: 0}, rule{take: s, leave: 1})
	}
	return rs
}

// grundysRules are the rules of Grundy's game: split a heap into two
// heaps of different sizes.
var grundysRules = []rule{{take: 0, leave: 2, unequal: true}}

// maxLeave returns the most heaps a move of g leaves.
func (g *Game) maxLeave() int {
	if g.kind == famAllBut {
		return 1
	}
	m := 0
	for _, r := range g.rules {
		m = max(m, r.leave)
	}
	return m
}
