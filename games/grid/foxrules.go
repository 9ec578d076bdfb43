package grid

import (
	"strconv"
	"strings"

	"github.com/nimbers/grundy/games"
)

// Rules returns r as a loopy ruleset whose positions are written as
// ParseFoxAndGeese reads them. Engine.Graph of a position gives the
// graph Game builds: each position the fox has escaped from is one
// position, off, where only Right moves, to itself.
func (r FoxAndGeese) Rules() games.Ruleset { return foxRules{r} }

type foxRules struct{ r FoxAndGeese }

// Name returns "fox-geese", with ":ceylonese" for the fox of range 2
// and ":WIDTH,RANGE" for another board.
func (f foxRules) Name() string {
	switch f.r {
	case ClassicFoxAndGeese:
		return "fox-geese"
	case CeyloneseFoxAndGeese:
		return "fox-geese:ceylonese"
	}
	return "fox-geese:" + strconv.Itoa(f.r.Width) + "," + strconv.Itoa(f.r.Range)
}

// Kind returns games.Loopy.
func (foxRules) Kind() games.Kind { return games.Loopy }

// maxFoxText bounds the text of a position.
const maxFoxText = 1024

// Parse reads a position as ParseFoxAndGeese does, and checks it as Game
// does.
func (f foxRules) Parse(s string) (games.Position, error) {
	if len(s) > maxFoxText {
		return nil, games.InputErrorf("%d characters: a position is at most %d", len(s), maxFoxText)
	}
	geese, fox, err := ParseFoxAndGeese(s)
	if err != nil {
		return nil, err
	}
	p, err := f.r.start(geese, fox)
	if err != nil {
		return nil, err
	}
	return &foxPos{f.r, p}, nil
}

// newFoxRules reads the parameter: empty or "classic", "ceylonese", or
// "WIDTH,RANGE".
func newFoxRules(param string) (games.Ruleset, error) {
	switch param {
	case "", "classic":
		return ClassicFoxAndGeese.Rules(), nil
	case "ceylonese":
		return CeyloneseFoxAndGeese.Rules(), nil
	}
	w, rg, ok := strings.Cut(param, ",")
	width, err1 := strconv.Atoi(w)
	reach, err2 := strconv.Atoi(rg)
	if !ok || err1 != nil || err2 != nil || width < 2 || width > 64 || reach < 1 || reach > 64 {
		return nil, games.InputErrorf("fox-geese takes classic, ceylonese or WIDTH,RANGE (width 2 to 64, range 1 to 64), got %q", param)
	}
	return FoxAndGeese{Width: width, Range: reach}.Rules(), nil
}

// A foxPos is a position of Fox and Geese. It is an Estimator.
type foxPos struct {
	r FoxAndGeese
	p foxPosition
}

// String writes the position as ParseFoxAndGeese reads it.
func (q *foxPos) String() string {
	var b strings.Builder
	b.WriteByte('{')
	for i, g := range q.p.geese {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("(" + strconv.Itoa(g.Row) + "," + strconv.Itoa(g.Col) + ")")
	}
	b.WriteString("}, (" + strconv.Itoa(q.p.fox.Row) + "," + strconv.Itoa(q.p.fox.Col) + ")")
	return b.String()
}

// Options returns the geese's moves (Left) or the fox's (Right); once the
// fox has escaped, the position is off: Right's only move is to stay.
func (q *foxPos) Options(who games.Player) []games.Position {
	if q.r.escaped(q.p) {
		if who == games.Right {
			return []games.Position{q}
		}
		return nil
	}
	moves := q.r.moves(q.p, who == games.Left)
	out := make([]games.Position, len(moves))
	for i, m := range moves {
		out[i] = &foxPos{q.r, m}
	}
	return out
}

// AppendKey appends the squares of the geese and the fox, or a 0 byte
// for every position the fox has escaped from: they are all off.
func (q *foxPos) AppendKey(b []byte) []byte {
	if q.r.escaped(q.p) {
		return append(b, 0)
	}
	return append(b, q.p.key()...)
}

// Estimate bounds the positions reachable, as Game does before it
// builds them.
func (q *foxPos) Estimate() float64 { return q.r.bound(q.p.geese) }
