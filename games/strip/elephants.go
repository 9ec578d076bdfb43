package strip

import (
	"context"
	"slices"
	"strings"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/partizan"

	"github.com/nimbers/grundy/games"
)

func init() {
	games.Register(games.Entry{
		Name:     "elephants-and-rhinos",
		Kind:     0,
		Summary:  "Toads and Frogs without jumps: Left's elephants ('t') step one square right into an empty one, Right's rhinos ('f') one square left",
		Notation: "a strip of 't' (elephant, Left's), 'f' (rhino, Right's) and '.' (empty), as CGSuite writes Toads and Frogs: \"tt.t..f.ff\"; at most 4096 squares",
		Example:  []string{"elephants-and-rhinos", "tttt..fff"},
		New: func(string) (games.Ruleset, error) {
			return elephantsAndRhinosRules, nil
		},
	})
}

// maxSquares bounds the strip of an Elephants and Rhinos position.
const maxSquares = 4096

// elephantsAndRhinosRules is the ruleset of Elephants and Rhinos,
// CGSuite's ElephantsAndRhinos (GenToadsAndFrogs(0)), as a short game:
// Toads and Frogs in which no creature jumps, so that play always ends.
// A rhino left of an elephant never meets it, so the strip splits there
// into components; the squares no creature of a component can reach are
// left out of it.
var elephantsAndRhinosRules games.Ruleset = elephants{}

type elephants struct{}

// Name returns "elephants-and-rhinos".
func (elephants) Name() string { return "elephants-and-rhinos" }

// Kind returns 0: short and partizan.
func (elephants) Kind() games.Kind { return 0 }

// Parse reads a strip of 't', 'f' and '.' of 1 to maxSquares squares.
func (elephants) Parse(s string) (games.Position, error) {
	if len(s) == 0 {
		return nil, games.InputErrorf("elephants-and-rhinos: an empty strip")
	}
	if len(s) > maxSquares {
		return nil, games.InputErrorf("elephants-and-rhinos: a strip of %d squares, more than %d", len(s), maxSquares)
	}
	for i := range len(s) {
		if c := s[i]; c != '.' && c != 't' && c != 'f' {
			return nil, games.InputErrorf("elephants-and-rhinos: offset %d: %q is not '.', 't' or 'f'", i, runeAt(s, i))
		}
	}
	return herd(s), nil
}

// herd is an Elephants and Rhinos strip. It is a Splitter and an
// Estimator.
type herd string

// String returns the strip.
func (h herd) String() string { return string(h) }

// Options returns the strips after an elephant (Left) steps right or a
// rhino (Right) steps left.
func (h herd) Options(who games.Player) []games.Position {
	us, step := byte('t'), 1
	if who == games.Right {
		us, step = 'f', -1
	}
	var out []games.Position
	for i := range len(h) {
		if to := i + step; h[i] == us && to >= 0 && to < len(h) && h[to] == '.' {
			b := []byte(h)
			b[i], b[to] = '.', us
			out = append(out, herd(b))
		}
	}
	return out
}

// pieces returns the components of h: the strip cut between each rhino
// and an elephant right of it with no creature between, each piece
// without the squares its creatures never reach (left of its first
// elephant, right of its last rhino). A piece's creatures are elephants
// then rhinos.
func (h herd) pieces() []herd {
	var out []herd
	start := 0
	add := func(p string) {
		first, last := strings.IndexAny(p, "tf"), strings.LastIndexAny(p, "tf")
		if first < 0 {
			return
		}
		if p[first] == 't' {
			p = p[first:]
			last -= first
		}
		if p[last] == 'f' {
			p = p[:last+1]
		}
		out = append(out, herd(p))
	}
	prev := -1 // the last creature seen
	for i := range len(h) {
		if h[i] == '.' {
			continue
		}
		if h[i] == 't' && prev >= 0 && h[prev] == 'f' {
			add(string(h[start : prev+1]))
			start = i
		}
		prev = i
	}
	add(string(h[start:]))
	return out
}

// Components returns the pieces, when there are two or more or the one
// piece has one kind of creature, which Value values.
func (h herd) Components() []games.Position {
	ps := h.pieces()
	if len(ps) == 1 {
		if _, ok := ps[0].moves(); !ok {
			return nil
		}
	}
	out := make([]games.Position, len(ps))
	for i, p := range ps {
		out[i] = p
		if _, ok := p.moves(); ok {
			out[i] = lone(p)
		}
	}
	return out
}

// AppendKey appends the pieces, sorted, each after '|'.
func (h herd) AppendKey(b []byte) []byte {
	ps := h.pieces()
	if len(ps) == 1 {
		return append(b, ps[0]...)
	}
	keys := make([]string, len(ps))
	for i, p := range ps {
		keys[i] = string(p)
	}
	slices.Sort(keys)
	for _, k := range keys {
		b = append(append(b, '|'), k...)
	}
	return b
}

// Estimate bounds the strips reachable, piece by piece (orderBound).
func (h herd) Estimate() float64 {
	n := 0.0
	for _, p := range h.pieces() {
		n += orderBound(string(p))
	}
	return n
}

// orderBound bounds the strips reachable from s when no creature passes
// another and each elephant ('t') moves right only, each rhino ('f') left
// only: it counts the placements that keep the creatures' order and
// directions, square by square. ways[k] is how many place the first k
// creatures on the squares so far.
func orderBound(s string) float64 {
	var start []int
	for i := range len(s) {
		if s[i] != '.' {
			start = append(start, i)
		}
	}
	ways := make([]float64, len(start)+1)
	ways[0] = 1
	for i := range len(s) {
		for k := min(len(start), i+1); k > 0; k-- {
			if at := start[k-1]; s[at] == 't' && i >= at || s[at] == 'f' && i <= at {
				ways[k] += ways[k-1]
			}
		}
	}
	return ways[len(start)]
}

// moves returns the single steps the creatures of a piece of one kind
// can still take, with Left's counted positive, and whether h is such a
// piece. Elephants alone end packed at the right end of the strip,
// rhinos alone at the left end.
func (h herd) moves() (int64, bool) {
	t, f := strings.Count(string(h), "t"), strings.Count(string(h), "f")
	if t > 0 && f > 0 {
		return 0, false
	}
	var d int64
	k := 0
	for i := range len(h) {
		switch h[i] {
		case 't':
			d += int64(len(h) - t + k - i)
			k++
		case 'f':
			d -= int64(i - k)
			k++
		}
	}
	return d, true
}

// A lone is a piece of one kind of creature. It is a Valuer.
type lone herd

func (l lone) String() string                            { return string(l) }
func (l lone) Options(who games.Player) []games.Position { return herd(l).Options(who) }
func (l lone) AppendKey(b []byte) []byte                 { return append(b, l...) }

// Estimate bounds the strips a search of the piece meets, as herd's.
func (l lone) Estimate() float64 { return herd(l).Estimate() }

// Value returns the integer of the steps left to Left, less those left to
// Right: Left alone moves in a piece of elephants, Right alone in one of
// rhinos, one square a move.
func (l lone) Value(ctx context.Context, _ *budget.Options) (*partizan.Game, error) {
	d, _ := herd(l).moves()
	return partizan.Number(partizan.Int(d)), ctx.Err()
}
