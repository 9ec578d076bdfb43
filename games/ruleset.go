package games

import (
	"slices"
	"strings"
)

// A Player is Left or Right.
type Player uint8

// The players. Left moves first in Left's options; in an impartial game
// both have the same options.
const (
	Left Player = iota
	Right
)

// Other returns the player who is not p.
func (p Player) Other() Player { return 1 - p }

// String returns "Left" or "Right".
func (p Player) String() string {
	if p == Left {
		return "Left"
	}
	return "Right"
}

// A Kind says what a ruleset's values are: partizan or impartial, short
// (play always ends) or loopy (positions may repeat).
type Kind uint8

// The kinds, as flags: the zero Kind is short and partizan.
const (
	Impartial Kind = 1 << iota // both players have the same options
	Loopy                      // a position may be reached from itself
	// Transfinite: a position may have infinitely many options, so its
	// value is a nimber *α of an ordinal α that its ruleset finds by a
	// rule of its own (TransfiniteValuer); with Impartial.
	Transfinite
)

// String returns "partizan", "impartial", "loopy partizan", "loopy
// impartial" or "transfinite impartial".
func (k Kind) String() string {
	s := "partizan"
	if k&Impartial != 0 {
		s = "impartial"
	}
	if k&Loopy != 0 {
		s = "loopy " + s
	}
	if k&Transfinite != 0 {
		s = "transfinite " + s
	}
	return s
}

// MarshalText returns String's text.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// A Ruleset is the rules of a game: its name and kind, and the notation
// of its positions.
type Ruleset interface {
	// Name returns the ruleset's name as the registry knows it, with its
	// parameter after a colon: "domineering", "octal:0.77".
	Name() string
	// Kind returns whether the game is impartial and whether it is loopy.
	Kind() Kind
	// Parse returns the position written s, or an error wrapping
	// ErrInput that names what is wrong and where.
	Parse(s string) (Position, error)
}

// A Position is a position of a ruleset. It is immutable.
type Position interface {
	// String writes the position in its ruleset's notation: Parse of it
	// gives the position back.
	String() string
	// Options returns the positions p's player can move to. The positions
	// of an impartial ruleset have the same options for both players. The
	// Engine never asks it of a transfinite ruleset's positions, which
	// may have infinitely many.
	Options(p Player) []Position
	// AppendKey appends to b a key of the position and returns the
	// extended slice. Two positions of one ruleset with the same key must
	// have the same value: the key may forget what the value does not
	// depend on (a symmetry of the board, the order of the heaps).
	AppendKey(b []byte) []byte
}

// A Splitter is a Position that may fall apart into components that play
// independently: the position is their disjunctive sum.
type Splitter interface {
	Position
	// Components returns the components of the position, or nil when it
	// is one. A component has no components of its own.
	Components() []Position
}

// An Estimator is a Position that knows about how large a search of it
// is before it starts.
type Estimator interface {
	Position
	// Estimate returns an upper bound, or an estimate where no bound is
	// known, on the distinct positions a search through Options meets
	// from the position, its components counted apart where it splits.
	// The Engine refuses at once a search whose estimate passes its
	// limit; it does not ask the estimate of a position whose special
	// engine (Valuer, GrundyValuer) values it.
	Estimate() float64
}

// A sum is the disjunctive sum of positions of one ruleset: a move is a
// move in one of them.
type sum []Position

// Sum returns the disjunctive sum of the positions ps: a move is a move in
// one of them, and its value is the sum of their values. A sum of one
// position is that position; the sum of none is 0.
func Sum(ps ...Position) Position {
	if len(ps) == 1 {
		return ps[0]
	}
	return sum(slices.Clone(ps))
}

// String writes the terms joined by " + ", or 0 for none.
func (s sum) String() string {
	if len(s) == 0 {
		return "0"
	}
	parts := make([]string, len(s))
	for i, p := range s {
		parts[i] = p.String()
	}
	return strings.Join(parts, " + ")
}

// Options returns the sums with one term replaced by one of its options.
func (s sum) Options(who Player) []Position {
	var out []Position
	for i, p := range s {
		for _, o := range p.Options(who) {
			t := slices.Clone(s)
			t[i] = o
			out = append(out, t)
		}
	}
	return out
}

// AppendKey appends the terms' keys, sorted, each after its length.
func (s sum) AppendKey(b []byte) []byte {
	keys := make([][]byte, len(s))
	for i, p := range s {
		keys[i] = p.AppendKey(nil)
	}
	slices.SortFunc(keys, func(x, y []byte) int { return strings.Compare(string(x), string(y)) })
	for _, k := range keys {
		b = appendLen(b, len(k))
		b = append(b, k...)
	}
	return b
}

// Components returns the components of the terms.
func (s sum) Components() []Position {
	var out []Position
	for _, p := range s {
		out = append(out, components(p)...)
	}
	return out
}

// Estimate returns the product of the terms' estimates.
func (s sum) Estimate() float64 {
	n := 1.0
	for _, p := range s {
		n *= estimate(p)
	}
	return n
}

// replaced is the sum of the components cs with cs[i] replaced by p: a
// move of a sum, whose terms are built only when asked, as a large sum's
// winning moves may be many.
type replaced struct {
	cs []Position
	i  int
	p  Position
}

// terms returns the sum's terms.
func (r replaced) terms() sum {
	t := slices.Clone(r.cs)
	t[r.i] = r.p
	return t
}

func (r replaced) String() string                { return r.terms().String() }
func (r replaced) Options(who Player) []Position { return r.terms().Options(who) }
func (r replaced) AppendKey(b []byte) []byte     { return r.terms().AppendKey(b) }
func (r replaced) Components() []Position        { return r.terms().Components() }
func (r replaced) Estimate() float64             { return r.terms().Estimate() }

// components returns p's components, or p alone.
func components(p Position) []Position {
	if cs, ok := split(p); ok {
		return cs
	}
	return []Position{p}
}

// split returns p's components and true when p is a sum of components
// (of none, for the empty sum), or false when p is one component.
func split(p Position) ([]Position, bool) {
	if s, ok := p.(sum); ok {
		return s.Components(), true
	}
	if sp, ok := p.(Splitter); ok {
		if cs := sp.Components(); len(cs) > 0 {
			return cs, true
		}
	}
	return nil, false
}

// estimate returns p's estimate, or 0 when it has none.
func estimate(p Position) float64 {
	if e, ok := p.(Estimator); ok {
		return e.Estimate()
	}
	return 0
}

// appendLen appends n as a varint.
func appendLen(b []byte, n int) []byte {
	for n >= 0x80 {
		b = append(b, byte(n)|0x80)
		n >>= 7
	}
	return append(b, byte(n))
}

// ImpartialVariant returns the impartial variant of r, as CGSuite's
// ImpartialVariant: a move of either player is open to both, so that
// Domineering becomes Cram. The variant of an impartial ruleset is the
// ruleset itself.
func ImpartialVariant(r Ruleset) Ruleset {
	if r.Kind()&Impartial != 0 {
		return r
	}
	return impartialRules{r}
}

type impartialRules struct{ r Ruleset }

func (v impartialRules) Name() string { return v.r.Name() + " (impartial)" }
func (v impartialRules) Kind() Kind   { return v.r.Kind() | Impartial }

func (v impartialRules) Parse(s string) (Position, error) {
	p, err := v.r.Parse(s)
	if err != nil {
		return nil, err
	}
	return ImpartialPosition(p), nil
}

// ImpartialPosition returns p in the impartial variant of its ruleset:
// each player may make the moves of either.
func ImpartialPosition(p Position) Position {
	if q, ok := p.(impartial); ok {
		return q
	}
	return impartial{p}
}

type impartial struct{ p Position }

func (q impartial) String() string            { return q.p.String() }
func (q impartial) AppendKey(b []byte) []byte { return q.p.AppendKey(b) }

// Options returns the options of both players, each once.
func (q impartial) Options(Player) []Position {
	opts := q.p.Options(Left)
	right := q.p.Options(Right)
	if len(right) == 0 {
		return wrapImpartial(opts)
	}
	seen := make(map[string]bool, len(opts)+len(right))
	var out []Position
	var key []byte
	for _, o := range append(slices.Clip(opts), right...) {
		key = o.AppendKey(key[:0])
		if !seen[string(key)] {
			seen[string(key)] = true
			out = append(out, impartial{o})
		}
	}
	return out
}

func wrapImpartial(ps []Position) []Position {
	out := make([]Position, len(ps))
	for i, p := range ps {
		out[i] = impartial{p}
	}
	return out
}

// Components returns the impartial variants of p's components.
func (q impartial) Components() []Position {
	sp, ok := q.p.(Splitter)
	if !ok {
		return nil
	}
	return wrapImpartial(sp.Components())
}

// Estimate returns the estimate of the partizan position.
func (q impartial) Estimate() float64 { return estimate(q.p) }
