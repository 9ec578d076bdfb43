package graph

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/internal/listtext"
	"github.com/nimbers/grundy/partizan"
)

// hackenbushRules is Green Hackenbush on graphs as a games.Ruleset: a
// position is a Graph written as its edges "u-v", vertex 0 the ground.
type hackenbushRules struct{}

// Name returns "hackenbush".
func (hackenbushRules) Name() string { return "hackenbush" }

// Kind returns games.Impartial.
func (hackenbushRules) Kind() games.Kind { return games.Impartial }

// Parse returns the graph whose edges s lists as "u-v" separated by
// blanks or commas ("0-1 1-2 2-0"); a loop is "v-v". The vertices are
// numbered from 0, the ground, up to 65536. The empty string is the empty
// graph.
func (hackenbushRules) Parse(s string) (games.Position, error) {
	if len(s) > maxNotation {
		return nil, games.InputErrorf("a position of %d bytes, more than %d", len(s), maxNotation)
	}
	var edges [][2]int
	n := 1
	for i := listtext.SkipSeps(s, 0); i < len(s); i = listtext.SkipSeps(s, i) {
		var e [2]int
		var err error
		if e[0], i, err = listtext.Number(s, i, maxNotation, "a vertex"); err != nil {
			return nil, err
		}
		if i == len(s) || s[i] != '-' {
			if i == len(s) {
				return nil, games.InputErrorf("at offset %d: the edge from %d has no '-' and other end (write edges u-v)", i, e[0])
			}
			return nil, games.InputErrorf("at offset %d: %q where the '-' of an edge u-v should be", i, rune(s[i]))
		}
		if e[1], i, err = listtext.Number(s, i+1, maxNotation, "a vertex"); err != nil {
			return nil, err
		}
		if i < len(s) && !listtext.IsSep(s[i]) {
			return nil, games.InputErrorf("at offset %d: %q after the edge %d-%d: separate edges with blanks", i, rune(s[i]), e[0], e[1])
		}
		n = max(n, e[0]+1, e[1]+1)
		edges = append(edges, e)
	}
	g, err := NewGraph(n, edges)
	if err != nil {
		return nil, err
	}
	return hackenbushPosition{G: g}, nil
}

// Position returns g as a position of the ruleset "hackenbush"
// (games.Lookup("hackenbush")), for the Engine: its Grundy value, its
// winning moves (each Move.How a Cut).
func (g *Graph) Position() games.Position { return hackenbushPosition{G: g} }

// A hackenbushPosition is a Green Hackenbush graph as a games.Position.
// Its special engine is the fusion principle (Graph.Value).
type hackenbushPosition struct {
	G *Graph // the graph, vertex 0 the ground

	edge []int32 // the number of each edge of G in the graph it came from; nil: their own
}

// String writes the edges "u-v" separated by blanks.
func (p hackenbushPosition) String() string {
	var b strings.Builder
	for i, e := range p.G.edges {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%d-%d", e[0], e[1])
	}
	return b.String()
}

// Options returns the graphs left by cutting each edge joined to the
// ground, with the edges that fall removed.
func (p hackenbushPosition) Options(games.Player) []games.Position {
	s := p.G.standing()
	out := make([]games.Position, s.numEdges())
	for i := range out {
		out[i] = hackenbushPosition{G: s.cut(i)}
	}
	return out
}

// AppendKey appends the edges joined to the ground, each with its lower
// vertex first, sorted: the key forgets the order of the edges and those
// that have fallen. (The pieces Components returns keep their edges in
// the order of the graph they came from, unsorted.)
func (p hackenbushPosition) AppendKey(b []byte) []byte {
	p.G.keyed.Do(func() {
		up := p.G.grounded()
		es := make([]uint64, 0, len(p.G.edges))
		for i, e := range p.G.edges {
			if up[i] {
				es = append(es, uint64(min(e[0], e[1]))<<32|uint64(max(e[0], e[1])))
			}
		}
		if p.edge == nil {
			// A piece keeps the order of the graph it came from, as do
			// the positions reached from it.
			slices.Sort(es)
		}
		var k []byte
		for _, e := range es {
			k = binary.AppendUvarint(k, e>>32)
			k = binary.AppendUvarint(k, e&(1<<32-1))
		}
		p.G.key = k
	})
	return append(b, p.G.key...)
}

// Components returns the pieces standing on the ground (Graph.Pieces),
// or nil when there is at most one. Each piece has its vertices numbered
// anew, the ground 0 and the others from 1 in the order they appear, so
// that valuing the pieces costs their edges rather than the vertices of
// the whole graph each.
func (p hackenbushPosition) Components() []games.Position {
	p.G.comps.Do(func() {
		ps, index := p.G.pieces()
		if len(ps) <= 1 {
			return
		}
		p.G.comp = make([]games.Position, len(ps))
		for i, q := range ps {
			num := make([]int32, len(index[i]))
			for j, e := range index[i] {
				num[j] = p.number(int(e))
			}
			p.G.comp[i] = hackenbushPosition{compact(q), num}
		}
	})
	return slices.Clone(p.G.comp)
}

// number returns the number of G's edge i in the graph p came from.
func (p hackenbushPosition) number(i int) int32 {
	if p.edge == nil {
		return int32(i)
	}
	return p.edge[i]
}

// MovesTo returns the cuts after which the graph has value target (by
// the colon principle), each with How a Cut naming the edge in the graph
// the position came from.
func (p hackenbushPosition) MovesTo(ctx context.Context, target uint64, _ *budget.Options) ([]games.Move, error) {
	_, cuts, err := p.G.movesTo(ctx, target)
	if err != nil {
		return nil, err
	}
	out := make([]games.Move, len(cuts))
	for i, e := range cuts {
		out[i] = games.Move{To: &cutPosition{g: p.G, e: e}, How: Cut(p.number(e))}
	}
	return out, nil
}

// cutPosition is the graph g with edge e cut, built when first asked: a
// large graph's winning moves are many, and each cut reads the graph.
type cutPosition struct {
	g    *Graph
	e    int
	once sync.Once
	p    hackenbushPosition
}

func (c *cutPosition) get() hackenbushPosition {
	c.once.Do(func() { c.p = hackenbushPosition{G: c.g.cut(c.e)} })
	return c.p
}

func (c *cutPosition) String() string                            { return c.get().String() }
func (c *cutPosition) Options(who games.Player) []games.Position { return c.get().Options(who) }
func (c *cutPosition) AppendKey(b []byte) []byte                 { return c.get().AppendKey(b) }
func (c *cutPosition) Components() []games.Position              { return c.get().Components() }
func (c *cutPosition) Estimate() float64                         { return c.get().Estimate() }

func (c *cutPosition) Grundy(ctx context.Context, opt *budget.Options) (uint64, error) {
	return c.get().Grundy(ctx, opt)
}

func (c *cutPosition) Value(ctx context.Context, opt *budget.Options) (*partizan.Game, error) {
	return c.get().Value(ctx, opt)
}

func (c *cutPosition) MovesTo(ctx context.Context, target uint64, opt *budget.Options) ([]games.Move, error) {
	return c.get().MovesTo(ctx, target, opt)
}

// compact returns g with its vertices numbered anew: the ground 0, the
// others from 1 in the order the edges name them.
func compact(g *Graph) *Graph {
	index := map[int32]int32{0: 0}
	h := &Graph{edges: make([][2]int32, len(g.edges))}
	for i, e := range g.edges {
		for j, v := range e {
			w, ok := index[v]
			if !ok {
				w = int32(len(index))
				index[v] = w
			}
			h.edges[i][j] = w
		}
	}
	h.n = len(index)
	return h
}

// Estimate returns 2^edges, a bound on the positions a search through
// the options meets (the fusion principle values the graph in linear
// time, and the engine asks it instead).
func (p hackenbushPosition) Estimate() float64 { return clampFloat(math.Ldexp(1, p.G.numEdges())) }

// Grundy returns the value by the fusion principle.
func (p hackenbushPosition) Grundy(ctx context.Context, _ *budget.Options) (uint64, error) {
	return p.G.Value(ctx)
}

// Value returns the nimber of the value by the fusion principle; it fails
// with a *budget.TooLargeError past partizan.MaxNimber.
func (p hackenbushPosition) Value(ctx context.Context, opt *budget.Options) (*partizan.Game, error) {
	v, err := p.Grundy(ctx, opt)
	if err != nil {
		return nil, err
	}
	return nimber(v, "the Green Hackenbush graph")
}

// nimber returns *v, or a *budget.TooLargeError when v passes
// partizan.MaxNimber.
func nimber(v uint64, what string) (*partizan.Game, error) {
	if v > partizan.MaxNimber {
		return nil, &budget.TooLargeError{What: fmt.Sprintf("the canonical form of %s, *%d,", what, v), Unit: "as a nimber", Estimate: float64(v), Limit: partizan.MaxNimber, Fixed: true}
	}
	return partizan.Nimber(int(v)), nil
}

// colourLetter maps B (or L), R and G, in either case, to Blue, Red and
// Green.
func colourLetter(c byte) byte {
	switch c {
	case 'B', 'b', 'L', 'l':
		return byte(Blue)
	case 'R', 'r':
		return byte(Red)
	case 'G', 'g':
		return byte(Green)
	}
	return 0
}

// hackenbushStringRules is Blue-Red-Green Hackenbush on strings as a
// games.Ruleset: a position is a sum of strings, as CGSuite writes them
// ("BBR RG").
type hackenbushStringRules struct{}

// Name returns "hackenbush-string".
func (hackenbushStringRules) Name() string { return "hackenbush-string" }

// Kind returns 0: short and partizan.
func (hackenbushStringRules) Kind() games.Kind { return 0 }

// Parse returns the strings s lists, separated by blanks or commas, each
// a word of B (or L), R and G from the ground up, in either case.
func (hackenbushStringRules) Parse(s string) (games.Position, error) {
	f, err := parseForest(s, colourLetter, "an edge colour: B, R or G", true)
	if err != nil {
		return nil, err
	}
	return hackenbushForest{f}, nil
}

// hackenbushTreeRules is Blue-Red-Green Hackenbush on trees as a
// games.Ruleset: a position is a forest on the ground in the tree
// notation ("BB(R G) G": a stalk of two Blue edges with a Red and a
// Green one on top, and a Green edge beside it).
type hackenbushTreeRules struct{}

// Name returns "hackenbush-tree".
func (hackenbushTreeRules) Name() string { return "hackenbush-tree" }

// Kind returns 0: short and partizan.
func (hackenbushTreeRules) Kind() games.Kind { return 0 }

// Parse returns the forest written s: trees separated by blanks or
// commas, each a stalk of edges B (or L), R or G from the ground up, then
// optionally "(" the trees on the stalk's last edge ")".
func (hackenbushTreeRules) Parse(s string) (games.Position, error) {
	f, err := parseForest(s, colourLetter, "an edge colour: B, R or G", false)
	if err != nil {
		return nil, err
	}
	return hackenbushForest{f}, nil
}

// A hackenbushForest is a Blue-Red-Green Hackenbush position on trees
// standing on the ground: each node of the forest is the edge from it to
// its parent (to the ground for a root), coloured by its label. Its
// special engine is Berlekamp's rule for a Blue-Red string, ordinal sums
// (Tree.PartizanHackenbush) for the rest.
type hackenbushForest struct{ f *forest }

// String writes the forest in the tree notation: a sum of strings as
// "BBR RG".
func (p hackenbushForest) String() string { return p.f.String() }

// Options returns the forests left when who cuts one of the edges of
// his colour or Green, with what is above it.
func (p hackenbushForest) Options(who games.Player) []games.Position {
	mine := Blue
	if who == games.Right {
		mine = Red
	}
	var out []games.Position
	for v, c := range p.f.label {
		if Color(c) == mine || Color(c) == Green {
			out = append(out, hackenbushForest{p.f.without(v)})
		}
	}
	return out
}

// AppendKey appends the forest with its trees and branches sorted.
func (p hackenbushForest) AppendKey(b []byte) []byte { return p.f.appendKey(b) }

// Components returns the trees, or nil for at most one.
func (p hackenbushForest) Components() []games.Position {
	ts := p.f.split()
	if ts == nil {
		return nil
	}
	out := make([]games.Position, len(ts))
	for i, t := range ts {
		out[i] = hackenbushForest{t}
	}
	return out
}

// Estimate returns the positions a search through the options meets:
// the forests left by cutting subtrees away (the special engine is
// linear in the edges for a Blue-Red string).
func (p hackenbushForest) Estimate() float64 { return p.f.prunings() }

// Value returns the canonical form: by Berlekamp's rule for one string
// of Blue and Red, else by ordinal sums within opt.
func (p hackenbushForest) Value(ctx context.Context, opt *budget.Options) (*partizan.Game, error) {
	f := p.f
	stalk := true
	for v := 1; v < f.Len() && stalk; v++ {
		stalk = f.parent[v] == int32(v-1)
	}
	colors := make([]Color, f.Len())
	for v, c := range f.label {
		colors[v] = Color(c)
	}
	if stalk && !slices.Contains(colors, Green) {
		d, err := berlekamp(colors)
		if err != nil {
			return nil, err
		}
		return partizan.Number(d), nil
	}
	t, err := f.asTree()
	if err != nil {
		return nil, err
	}
	return t.partizanHackenbush(ctx, colors, opt)
}
