package grid

import (
	"context"
	"encoding/binary"
	"slices"
	"strconv"
	"strings"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/partizan"
)

// CutcakeRules is Cutcake as a ruleset: a position is one or more cakes
// "ROWSxCOLS", separated by blanks ("2x8", "3x4 1x5"); Left cuts a cake
// along a vertical score line, Right along a horizontal one.
var CutcakeRules cutcakeRules

type cutcakeRules struct{}

// Name returns "cutcake".
func (cutcakeRules) Name() string { return "cutcake" }

// Kind returns 0: Cutcake is short and partizan.
func (cutcakeRules) Kind() games.Kind { return 0 }

// maxCakes bounds the cakes of a position.
const maxCakes = 256

// Parse returns the cakes written s: "ROWSxCOLS" ('x' or '×'), sides 1
// to MaxCutcake, separated by blanks.
func (cutcakeRules) Parse(s string) (games.Position, error) {
	if len(s) > maxCakes*8 {
		return nil, games.InputErrorf("%d characters: at most %d cakes", len(s), maxCakes)
	}
	var cs []cake
	at := 0
	for _, f := range strings.Fields(s) {
		at = strings.Index(s[at:], f) + at
		h, w, ok := strings.Cut(strings.Replace(f, "×", "x", 1), "x")
		if !ok {
			h, w, ok = strings.Cut(f, "X")
		}
		rows, err1 := strconv.Atoi(h)
		cols, err2 := strconv.Atoi(w)
		if !ok || err1 != nil || err2 != nil || rows < 1 || cols < 1 || rows > MaxCutcake || cols > MaxCutcake {
			return nil, games.InputErrorf("at offset %d: %q is not a cake ROWSxCOLS, sides 1 to %d", at, f, MaxCutcake)
		}
		if len(cs) == maxCakes {
			return nil, games.InputErrorf("at offset %d: more than %d cakes", at, maxCakes)
		}
		cs = append(cs, cake{uint8(rows), uint8(cols)})
		at += len(f)
	}
	if len(cs) == 0 {
		return nil, games.InputErrorf("no cake: write one as ROWSxCOLS, as 2x8")
	}
	return &cakes{cs}, nil
}

// A cake is a rectangle of unit squares.
type cake struct{ rows, cols uint8 }

// cakes is a Cutcake position: a sum of cakes. It is a Splitter, an
// Estimator and a games.Valuer (the Cutcake table).
type cakes struct{ list []cake }

// String writes the cakes as "2x8 1x3".
func (cs *cakes) String() string {
	parts := make([]string, len(cs.list))
	for i, c := range cs.list {
		parts[i] = strconv.Itoa(int(c.rows)) + "x" + strconv.Itoa(int(c.cols))
	}
	return strings.Join(parts, " ")
}

// Options returns the cuts of one cake: Left's split its columns,
// Right's its rows.
func (cs *cakes) Options(who games.Player) []games.Position {
	var out []games.Position
	for i, c := range cs.list {
		side := c.cols
		if who == games.Right {
			side = c.rows
		}
		for a := uint8(1); 2*a <= side; a++ {
			x, y := c, c
			if who == games.Left {
				x.cols, y.cols = a, side-a
			} else {
				x.rows, y.rows = a, side-a
			}
			o := make([]cake, 0, len(cs.list)+1)
			o = append(append(append(o, cs.list[:i]...), x, y), cs.list[i+1:]...)
			out = append(out, &cakes{o})
		}
	}
	return out
}

// AppendKey appends the sides of the cakes larger than 1×1, sorted.
func (cs *cakes) AppendKey(b []byte) []byte {
	s := make([]cake, 0, len(cs.list))
	for _, c := range cs.list {
		if c.rows > 1 || c.cols > 1 {
			s = append(s, c)
		}
	}
	slices.SortFunc(s, func(x, y cake) int {
		if x.rows != y.rows {
			return int(x.rows) - int(y.rows)
		}
		return int(x.cols) - int(y.cols)
	})
	b = binary.AppendUvarint(b, uint64(len(s)))
	for _, c := range s {
		b = append(b, c.rows, c.cols)
	}
	return b
}

// Components returns the cakes one by one, or nil for one cake.
func (cs *cakes) Components() []games.Position {
	if len(cs.list) <= 1 {
		return nil
	}
	out := make([]games.Position, len(cs.list))
	for i, c := range cs.list {
		out[i] = &cakes{[]cake{c}}
	}
	return out
}

// Estimate returns the cakes a search of them values: rows × cols
// smaller cakes for each.
func (cs *cakes) Estimate() float64 {
	n := 0.0
	for _, c := range cs.list {
		n += float64(c.rows) * float64(c.cols)
	}
	return n
}

// DefaultCuts bounds the Cutcake table's work unless the options say
// otherwise: the largest cake, MaxCutcake on each side, takes 1.6·10^7
// cuts.
const DefaultCuts = 1 << 25

// Value returns the sum of the cakes' values by the Cutcake table. It
// fails with a *budget.TooLargeError when the table's work, rows × cols
// × (rows + cols) for each cake, passes opt's limit (DefaultCuts when
// opt sets none).
func (cs *cakes) Value(ctx context.Context, opt *budget.Options) (*partizan.Game, error) {
	work := 0.0
	for _, c := range cs.list {
		work += float64(c.rows) * float64(c.cols) * float64(int(c.rows)+int(c.cols))
	}
	if limit := opt.Max(DefaultCuts); work > limit {
		return nil, &budget.TooLargeError{What: "Cutcake " + cs.String(), Unit: "cuts", Estimate: work, Limit: limit}
	}
	sum := partizan.Zero
	for _, c := range cs.list {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		g, err := Cutcake(int(c.rows), int(c.cols))
		if err != nil {
			return nil, err
		}
		if sum, err = partizan.NewCalculator(unlimited).Sum(ctx, sum, g); err != nil {
			return nil, err
		}
	}
	return sum, nil
}
