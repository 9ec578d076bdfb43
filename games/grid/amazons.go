package grid

import (
	"math/bits"

	"github.com/nimbers/grundy/games"
)

// Amazons' moves on the bits of the board: a queen's lines are found a
// step at a time for all eight directions at once, and each move's board
// is written straight into the options' slab, with no list of moves in
// between (the search of x......|o...... makes 1.5 million options).

// A ray is a direction on the board: the shift of a step, and the
// squares a step may not land on (the first column after a step right,
// the last after a step left).
type ray struct {
	shift int // rows·cols + columns; negative shifts right
	off   uint64
}

// queenRays returns the eight directions of a queen on a board cols
// wide.
func queenRays(cols int) [8]ray {
	var out [8]ray
	k := 0
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			if dr == 0 && dc == 0 {
				continue
			}
			r := ray{shift: dr*cols + dc}
			switch dc {
			case 1:
				r.off = firstCol[cols]
			case -1:
				r.off = lastCol[cols]
			}
			out[k] = r
			k++
		}
	}
	return out
}

// move returns the squares of m a step along r, on a board whose
// squares are all below bit 64 (those past the board the caller masks
// off).
func (r ray) move(m uint64) uint64 {
	if r.shift >= 0 {
		return m << r.shift &^ r.off
	}
	return m >> -r.shift &^ r.off
}

// queenReach returns the squares a queen on the square from reaches
// over the squares free: along each line, up to the first square not
// free.
func queenReach(from, free uint64, rays *[8]ray) uint64 {
	var out uint64
	for _, r := range rays {
		for m := r.move(from) & free; m != 0; m = r.move(m) & free {
			out |= m
		}
	}
	return out
}

// amazonsOptions returns the boards who can move to in Amazons, each
// made a Position by wrap: an amazon of theirs moves as a queen over
// empty squares, then shoots an arrow from where it lands, as a queen
// again, onto an empty square (the one it left is empty now), which is
// filled.
func (b *cells) amazonsOptions(who games.Player, wrap func(*cells) games.Position) []games.Position {
	us := b.black
	if who == games.Right {
		us = b.white
	}
	rays := queenRays(int(b.cols))
	count := 0
	for m := us; m != 0; m &= m - 1 {
		from := m & -m
		free := b.empty | from
		for to := queenReach(from, b.empty, &rays); to != 0; to &= to - 1 {
			count += bits.OnesCount64(queenReach(to&-to, free, &rays))
		}
	}
	if count == 0 {
		return nil
	}
	slab := make([]cells, count)
	out := make([]games.Position, count)
	k := 0
	for m := us; m != 0; m &= m - 1 {
		from := m & -m
		free := b.empty | from
		for to := queenReach(from, b.empty, &rays); to != 0; to &= to - 1 {
			at := to & -to
			moved := us&^from | at
			for shots := queenReach(at, free, &rays); shots != 0; shots &= shots - 1 {
				o := &slab[k]
				*o = cells{rows: b.rows, cols: b.cols, g: b.g, black: b.black, white: b.white,
					empty: free &^ at &^ (shots & -shots)}
				if who == games.Left {
					o.black = moved
				} else {
					o.white = moved
				}
				out[k] = wrap(o)
				k++
			}
		}
	}
	return out
}
