package turning

import (
	"context"
	"errors"
	"iter"
	"math/bits"
	"slices"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
)

// parseRow reads a row of coins written with H (heads) and T (tails),
// coin 0 first. A malformed row gives an error wrapping games.ErrInput
// that names the coin (the offset in s) at fault.
func parseRow(s string) ([]bool, error) {
	row := make([]bool, len(s))
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case 'H':
			row[i] = true
		case 'T':
		default:
			return nil, games.InputErrorf("row %q: %q at coin %d is not H or T", clip(s), s[i], i)
		}
	}
	return row, nil
}

// clip shortens a position's text for an error message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:37] + "..."
	}
	return s
}

// rowValue returns the value of a row of coins, given the values g of
// its coins: the nim-sum of g over the heads.
func rowValue(g []uint64, heads []bool) uint64 {
	var v uint64
	for x, h := range heads {
		if h {
			v ^= g[x]
		}
	}
	return v
}

// maxMoveSearch bounds the steps of a winning-move search.
const maxMoveSearch = 1 << 24

// errStopped ends a search whose caller has stopped ranging over it.
var errStopped = errors.New("stopped")

// movesTo returns the moves of a row (heads[x] tells whether coin x
// shows heads) after which it has value target: each is the set of coins
// turned, in increasing order, its last coin a head. g must hold the
// rule's values for every coin of the row. The moves come one at a time,
// with a nil error; the search stops at the first error (ctx done, or the
// search for at-most and exactly rules past 2^24 steps), which comes last
// with a nil move. A move with head x turning the others changes
// the value by g[x] ⊕ (the others' values). It checks ctx at every head.
func (r *Rule) movesTo(ctx context.Context, g []uint64, heads []bool, target uint64) iter.Seq2[[]int, error] {
	return func(yield func([]int, error) bool) {
		v := rowValue(g, heads)
		steps := 0
		for x, h := range heads {
			if !h {
				continue
			}
			err := ctx.Err()
			if err == nil {
				err = r.movesWithSum(g, x, v^g[x]^target, &steps, func(others []int) bool {
					return yield(append(slices.Clone(others), x), nil)
				})
			}
			if errors.Is(err, errStopped) {
				return
			}
			if err != nil {
				yield(nil, err)
				return
			}
		}
	}
}

// movesWithSum calls emit for the moves with head x whose other coins
// have values summing to want, and returns errStopped as soon as emit
// returns false.
func (r *Rule) movesWithSum(g []uint64, x int, want uint64, steps *int, emit func([]int) bool) error {
	switch r.kind {
	case motley:
		return motleyWithSum(x, want, emit)
	case progressions:
		return progressionsWithSum(g, x, want, emit)
	case runs, ruler:
		return r.runsWithSum(g, x, want, emit)
	case atMost, exactly:
		lo := 0
		if r.kind == exactly {
			lo = r.t - 1
		}
		return sumSubsets(g, x, want, lo, r.t-1, steps, emit)
	}
	return r.listedWithSum(g, x, want, steps, emit)
}

// motleyWithSum is movesWithSum for motley, whose values are distinct
// powers of 2: the other coins are the bits of want, all of which must
// lie below x.
func motleyWithSum(x int, want uint64, emit func([]int) bool) error {
	if want>>x != 0 {
		return nil
	}
	var others []int
	for y := 0; y < x; y++ {
		if want>>y&1 != 0 {
			others = append(others, y)
		}
	}
	if !emit(others) {
		return errStopped
	}
	return nil
}

// progressionsWithSum is movesWithSum for arithmetic progressions: it
// accumulates the values along each difference, O(x log x) for head x.
func progressionsWithSum(g []uint64, x int, want uint64, emit func([]int) bool) error {
	if want == 0 && !emit(nil) {
		return errStopped
	}
	for d := 1; d <= x; d++ {
		var acc uint64
		for y := x - d; y >= 0; y -= d {
			acc ^= g[y]
			if acc == want {
				var others []int
				for z := y; z < x; z += d {
					others = append(others, z)
				}
				if !emit(others) {
					return errStopped
				}
			}
		}
	}
	return nil
}

// runsWithSum is movesWithSum for runs and ruler: the run y, …, x−1
// sums to P(x) ⊕ P(y), so it scans y downwards, over the allowed lengths
// only for runs.
func (r *Rule) runsWithSum(g []uint64, x int, want uint64, emit func([]int) bool) error {
	var ls []int
	if r.kind == runs {
		ls = r.lengths(x + 1)
	}
	var acc uint64
	j := 0
	for y := x; y >= 0; y-- {
		if y < x {
			acc ^= g[y]
		}
		l := x - y + 1
		if r.kind == runs {
			for j < len(ls) && ls[j] < l {
				j++
			}
			if j == len(ls) {
				break
			}
			if ls[j] != l {
				continue
			}
		}
		if acc == want {
			others := make([]int, 0, x-y)
			for z := y; z < x; z++ {
				others = append(others, z)
			}
			if !emit(others) {
				return errStopped
			}
		}
	}
	return nil
}

// listedWithSum is movesWithSum for the other rules: it lists every move
// with head x, counting each in *steps against maxMoveSearch.
func (r *Rule) listedWithSum(g []uint64, x int, want uint64, steps *int, emit func([]int) bool) error {
	var err error
	r.Moves(x, func(others []int) {
		if err != nil {
			return
		}
		if *steps++; *steps > maxMoveSearch {
			err = &budget.TooLargeError{What: "the search for winning moves", Unit: "moves", Limit: maxMoveSearch, Fixed: true}
			return
		}
		var s uint64
		for _, y := range others {
			s ^= g[y]
		}
		if s == want && !emit(others) {
			err = errStopped
		}
	})
	return err
}

// sumSubsets calls emit for each set of lo to hi coins below x whose
// values sum to want, in increasing order. The values of these rules never
// decrease, so a sum of values below coin y is below 2^bitlen(G(y)):
// coins are chosen from the right, and a branch stops when want has a bit
// no remaining coin can reach.
func sumSubsets(g []uint64, x int, want uint64, lo, hi int, steps *int, emit func([]int) bool) error {
	buf := make([]int, 0, hi)
	var err error
	var rec func(below int, want uint64)
	rec = func(below int, want uint64) {
		if err != nil {
			return
		}
		if *steps++; *steps > maxMoveSearch {
			err = &budget.TooLargeError{What: "the search for winning moves", Unit: "steps", Limit: maxMoveSearch, Fixed: true}
			return
		}
		if want == 0 && len(buf) >= lo {
			others := slices.Clone(buf)
			slices.Reverse(others)
			if !emit(others) {
				err = errStopped
				return
			}
		}
		if len(buf) == hi {
			return
		}
		for y := below - 1; y >= 0; y-- {
			if bits.Len64(want) > bits.Len64(g[y]) {
				return // nor will any coin further left
			}
			buf = append(buf, y)
			rec(y, want^g[y])
			buf = buf[:len(buf)-1]
			if err != nil {
				return
			}
		}
	}
	rec(x, want)
	return err
}
