package graph

import (
	"encoding/binary"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/nimbers/grundy/games"
)

// maxGraphVertices bounds the vertices of a graph of Snort, Col and the
// Arc Kayles family: one bit each of a 64-bit word.
const maxGraphVertices = 64

// maxWeight bounds a vertex's weight in Weighted Arc Kayles.
const maxWeight = 255

// A vrule is a game played by deleting the vertices of a graph.
type vrule uint8

const (
	snort vrule = iota
	col
	arcKayles
	weightedArcKayles
	partizanArcKayles
)

// The tags of Snort and Col, as CGSuite's GenCol has them: a vertex next
// to one Left has coloured is tagged Left (in Snort only Left may colour
// it, in Col only Right), and likewise for Right.
const (
	untagged = 0
	tagLeft  = 1
	tagRight = 2
)

// The edge colours of Partizan Arc Kayles: Left plays Blue edges, Right
// Red ones, either Green ones.
const (
	edgeBlue  = 0
	edgeRed   = 1
	edgeGreen = 2
)

// vertexRules is one of CGSuite's games played on a graph by colouring or
// deleting vertices: Snort, Col, Arc Kayles, Weighted Arc Kayles and
// Partizan Arc Kayles (the variables below). A position is a graph in
// CGSuite's notation ("L-.-.-.-L"), of at most MaxGraphVertices vertices.
type vertexRules struct{ rule vrule }

// The rulesets, as CGSuite defines them (game.graph). Snort: a player
// colours a vertex not next to one his opponent coloured (CGSuite tags a
// vertex next to Left's colour L, next to Right's R). Col: a player
// colours a vertex not next to one he coloured himself. Arc Kayles: a
// move deletes the two ends of an edge (a loop deletes its one vertex).
// Weighted Arc Kayles: each vertex has a weight, and a move lowers the
// weights of the two ends of an edge whose ends both weigh more than 0.
// Partizan Arc Kayles: Left deletes the ends of a Blue edge ("l"), Right
// of a Red one ("r"), either of a Green one ("e").
//
// Where CGSuite's definitions settle what the rules leave open, they are
// followed: a tag names the colour a vertex is next to, not who may
// colour it (in Snort only Left may colour an L vertex, in Col only
// Right), and colouring a vertex tags its untagged neighbours and
// deletes the neighbours the colouring blocks for good; loops and
// repeated edges change nothing in Snort and Col and are dropped, while
// in Arc Kayles a loop is a move deleting its vertex alone; in Weighted
// Arc Kayles a loop lowers its vertex's weight by one, as CGSuite's
// update of the vertex's label does, and a vertex is written by its
// weight, which every vertex must have (CGSuite parses it as an
// integer). The options' graphs leave out the vertices of weight 0,
// which CGSuite keeps: they take part in no move.
var (
	snortRules             = vertexRules{snort}
	colRules               = vertexRules{col}
	arcKaylesRules         = vertexRules{arcKayles}
	weightedArcKaylesRules = vertexRules{weightedArcKayles}
	partizanArcKaylesRules = vertexRules{partizanArcKayles}
)

// The registry's names of the rules, and the notation of tags and edge
// colours.
var (
	graphRuleNames           = [...]string{"snort", "col", "arc-kayles", "weighted-arc-kayles", "partizan-arc-kayles"}
	tagNotation, edgeLetters = []string{"", "L", "R"}, []string{"l", "r", "e"}
)

// Name returns the registry's name: "snort", "col", "arc-kayles",
// "weighted-arc-kayles" or "partizan-arc-kayles".
func (r vertexRules) Name() string { return graphRuleNames[r.rule] }

// Kind returns games.Impartial for Arc Kayles and Weighted Arc Kayles, 0
// (short, partizan) for the others.
func (r vertexRules) Kind() games.Kind {
	if r.rule == arcKayles || r.rule == weightedArcKayles {
		return games.Impartial
	}
	return 0
}

// kinds returns the kinds of edges: three colours in Partizan Arc
// Kayles, one in the others.
func (r vertexRules) kinds() int {
	if r.rule == partizanArcKayles {
		return 3
	}
	return 1
}

// notation returns the labels of r's vertices and edges.
func (r vertexRules) notation() *notation {
	nt := &notation{
		vertex:      func(s string) (int, bool) { return 0, s == "" },
		edge:        func(s string) (int, bool) { return 0, s == "" },
		vertexName:  func(int) string { return "" },
		edgeName:    func(int) string { return "" },
		want:        "'-'",
		dots:        true,
		maxVertices: maxGraphVertices,
		maxEdges:    maxNotation,
	}
	switch r.rule {
	case snort, col:
		nt.vertex = func(s string) (int, bool) {
			i := slices.Index(tagNotation, s)
			return i, i >= 0
		}
		nt.vertexName = func(l int) string { return tagNotation[l] }
	case weightedArcKayles:
		nt.vertex = func(s string) (int, bool) {
			if s == "" || strings.Trim(s, "0123456789") != "" {
				return 0, false
			}
			if w, err := strconv.Atoi(s); err == nil && w <= maxWeight {
				return w, true
			}
			return -1, true // too heavy: the parser says so
		}
		nt.vertexName = strconv.Itoa
	case partizanArcKayles:
		nt.edge = func(s string) (int, bool) {
			i := slices.Index(edgeLetters, s)
			return i, i >= 0
		}
		nt.edgeName = func(l int) string { return edgeLetters[l] }
		nt.want = "l (Blue), r (Red) or e (Green)"
		nt.dots = false
	}
	return nt
}

// Parse returns the graph written s in CGSuite's notation: in Snort and
// Col vertices '.' (or nothing), L or R and edges '-' ("L-.-.-.-L"); in
// Arc Kayles edges '-' (":A----:A", a cycle); in Weighted Arc Kayles
// vertices their weights, 0 to MaxWeight, in braces past 9
// ("{12}-5-{14}"); in Partizan Arc Kayles edges l, r and e ("lrl(e;r)").
// Loops and edges repeated count in the Arc Kayles family only (a loop is
// a vertex a move deletes alone).
func (r vertexRules) Parse(s string) (games.Position, error) {
	cg, err := parseCG(s, r.notation())
	if err != nil {
		return nil, err
	}
	n := len(cg.labels)
	g := &vgraph{n: n, lab: make([]uint8, n), adj: make([]uint64, r.kinds()*n)}
	for v, l := range cg.labels {
		g.lab[v] = uint8(l)
	}
	for _, e := range cg.edges {
		if e.u == e.v && (r.rule == snort || r.rule == col) {
			continue
		}
		g.adj[e.label*n+e.u] |= 1 << e.v
		g.adj[e.label*n+e.v] |= 1 << e.u
	}
	return &vpos{r: r, g: g}, nil
}

// A vgraph is a graph of at most 64 vertices with a label on each: its
// edges of kind k at vertex v are the bits of adj[k*n+v].
type vgraph struct {
	n   int
	lab []uint8
	adj []uint64
}

// all returns the edges of every kind at v.
func (g *vgraph) all(v int) uint64 {
	var x uint64
	for i := v; i < len(g.adj); i += g.n {
		x |= g.adj[i]
	}
	return x
}

// without returns g with the vertices of del deleted, the others
// numbered in order, and the labels lab (g's when nil).
func (g *vgraph) without(del uint64, lab []uint8) *vgraph {
	if lab == nil {
		lab = g.lab
	}
	keep := lowMask(g.n) &^ del
	m := bits.OnesCount64(keep)
	h := &vgraph{n: m, lab: make([]uint8, 0, m), adj: make([]uint64, len(g.adj)/max(g.n, 1)*m)}
	for k := 0; k < len(g.adj)/max(g.n, 1); k++ {
		i := 0
		for x := keep; x != 0; x &= x - 1 {
			v := bits.TrailingZeros64(x)
			h.adj[k*m+i] = compressBits(g.adj[k*g.n+v], keep)
			i++
		}
	}
	for x := keep; x != 0; x &= x - 1 {
		h.lab = append(h.lab, lab[bits.TrailingZeros64(x)])
	}
	return h
}

// lowMask returns the n lowest bits.
func lowMask(n int) uint64 {
	if n >= 64 {
		return ^uint64(0)
	}
	return 1<<n - 1
}

// compressBits returns the bits of x in keep, moved down over the bits not
// in keep.
func compressBits(x, keep uint64) uint64 {
	var out uint64
	for y := x & keep; y != 0; y &= y - 1 {
		out |= 1 << bits.OnesCount64(keep&(y&-y-1))
	}
	return out
}

// A vpos is a position of a GraphRules game.
type vpos struct {
	r     vertexRules
	g     *vgraph
	key   atomic.Pointer[[]byte]  // AppendKey's, once found
	comps atomic.Pointer[[]*vpos] // split's, once found
}

// String writes the graph in CGSuite's notation.
func (p *vpos) String() string {
	g := p.g
	cg := &cgGraph{labels: make([]int, g.n)}
	for v, l := range g.lab {
		cg.labels[v] = int(l)
	}
	for k := range p.r.kinds() {
		for u := range g.n {
			for x := g.adj[k*g.n+u] &^ lowMask(u); x != 0; x &= x - 1 {
				cg.edges = append(cg.edges, cgEdge{u, bits.TrailingZeros64(x), k})
			}
		}
	}
	slices.SortStableFunc(cg.edges, func(a, b cgEdge) int {
		if a.u != b.u {
			return a.u - b.u
		}
		return a.v - b.v
	})
	return cg.format(p.r.notation())
}

// Options returns the graphs who's moves leave.
func (p *vpos) Options(who games.Player) []games.Position {
	g := p.g
	var out []games.Position
	add := func(h *vgraph) { out = append(out, &vpos{r: p.r, g: h}) }
	switch p.r.rule {
	case snort, col:
		mine, opp := uint8(tagLeft), uint8(tagRight)
		if who == games.Right {
			mine, opp = opp, mine
		}
		allowed := mine
		if p.r.rule == col {
			allowed = opp
		}
		var oppMask uint64
		for v, l := range g.lab {
			if l == opp {
				oppMask |= 1 << v
			}
		}
		for v, l := range g.lab {
			if l != untagged && l != allowed {
				continue
			}
			nb := g.adj[v] &^ (1 << v)
			lab := slices.Clone(g.lab)
			for x := nb; x != 0; x &= x - 1 {
				if u := bits.TrailingZeros64(x); lab[u] == untagged {
					lab[u] = mine
				}
			}
			add(g.without(1<<v|nb&oppMask, lab))
		}
	case arcKayles, partizanArcKayles:
		kinds := []int{0}
		if p.r.rule == partizanArcKayles {
			kinds = []int{edgeBlue, edgeGreen}
			if who == games.Right {
				kinds[0] = edgeRed
			}
		}
		for _, k := range kinds {
			for u := range g.n {
				for x := g.adj[k*g.n+u] &^ lowMask(u); x != 0; x &= x - 1 {
					add(g.without(1<<u|x&-x, nil))
				}
			}
		}
	case weightedArcKayles:
		for u := range g.n {
			for x := g.adj[u] &^ lowMask(u); x != 0; x &= x - 1 {
				v := bits.TrailingZeros64(x)
				if g.lab[u] == 0 || g.lab[v] == 0 {
					continue
				}
				lab := slices.Clone(g.lab)
				lab[u]--
				if v != u {
					lab[v]--
				}
				var dead uint64
				for w, l := range lab {
					if l == 0 {
						dead |= 1 << w
					}
				}
				add(g.without(dead, lab))
			}
		}
	}
	return out
}

// reduced returns the graph without the edges that change nothing: in
// Snort an edge between two vertices of one tag (only that player may
// colour either, and colouring one leaves the other as it was), in Col
// an edge between an L and an R vertex (Right colours the one, Left the
// other, and neither colouring blocks the other vertex).
func (p *vpos) reduced() *vgraph {
	g := p.g
	if p.r.rule != snort && p.r.rule != col {
		return g
	}
	var tagged [3]uint64
	for v, l := range g.lab {
		tagged[l] |= 1 << v
	}
	var h *vgraph
	for v, l := range g.lab {
		var drop uint64
		switch {
		case l == untagged:
		case p.r.rule == snort:
			drop = g.adj[v] & tagged[l]
		default:
			drop = g.adj[v] & tagged[3-l]
		}
		if drop != 0 {
			if h == nil {
				h = &vgraph{n: g.n, lab: g.lab, adj: slices.Clone(g.adj)}
			}
			h.adj[v] &^= drop
		}
	}
	if h == nil {
		return g
	}
	return h
}

// live returns the vertices of g that count: in the Arc Kayles family
// those on an edge that may still be played (a vertex of weight 0 is
// none), in Snort and Col all.
func (p *vpos) live(g *vgraph) uint64 {
	all := lowMask(g.n)
	switch p.r.rule {
	case snort, col:
		return all
	case weightedArcKayles:
		for v, l := range g.lab {
			if l == 0 {
				all &^= 1 << v
			}
		}
	}
	var out uint64
	for v := range g.n {
		if all>>v&1 == 1 && g.all(v)&all != 0 {
			out |= 1 << v
		}
	}
	return out
}

// parts returns the graph reduced, the connected components of its live
// vertices, each as its set of vertices, in the order of their lowest
// vertices, and whether the graph is one component as it is.
func (p *vpos) parts() (*vgraph, []uint64, bool) {
	g := p.reduced()
	live := p.live(g)
	var out []uint64
	for rest := live; rest != 0; {
		comp := rest & -rest
		for frontier := comp; frontier != 0; {
			var next uint64
			for x := frontier; x != 0; x &= x - 1 {
				next |= g.all(bits.TrailingZeros64(x))
			}
			next &= live &^ comp
			comp |= next
			frontier = next
		}
		out = append(out, comp)
		rest &^= comp
	}
	return g, out, len(out) == 1 && live == lowMask(g.n) && g == p.g
}

// split returns the components of the graph reduced (the graph itself
// when it is one component as it is, no components for no live vertex),
// found once.
func (p *vpos) split() []*vpos {
	if cs := p.comps.Load(); cs != nil {
		return *cs
	}
	g, parts, whole := p.parts()
	cs := []*vpos{p}
	if !whole {
		cs = make([]*vpos, len(parts))
		for i, c := range parts {
			cs[i] = &vpos{r: p.r, g: g.without(lowMask(g.n)&^c, nil)}
		}
	}
	p.comps.Store(&cs)
	return cs
}

// Components returns the connected components of the graph reduced
// (without the edges that change nothing, and in the Arc Kayles family
// the vertices no move can delete); nil when the graph is one component
// as it is.
func (p *vpos) Components() []games.Position {
	cs := p.split()
	if len(cs) == 1 && cs[0] == p || len(cs) == 0 && p.g.n == 0 {
		return nil
	}
	out := make([]games.Position, len(cs))
	for i, c := range cs {
		out[i] = c
	}
	return out
}

// AppendKey appends a key that forgets the numbering of the vertices:
// the canonical keys of the components (canonicalKey), sorted.
func (p *vpos) AppendKey(b []byte) []byte {
	if k := p.key.Load(); k != nil {
		return append(b, *k...)
	}
	cs := p.split()
	var k []byte
	if len(cs) == 1 && cs[0] == p {
		k = p.g.canonical()
	} else {
		keys := make([][]byte, len(cs))
		for i, c := range cs {
			keys[i] = c.AppendKey(nil)
		}
		slices.SortFunc(keys, func(x, y []byte) int { return slices.Compare(x, y) })
		k = []byte{'s'}
		for _, c := range keys {
			k = appendUvarint(k, len(c))
			k = append(k, c...)
		}
	}
	p.key.Store(&k)
	return append(b, k...)
}

// keyCache remembers the canonical keys of the graphs as numbered: a
// search meets one graph, numbered alike, along many lines of play. It
// is emptied when its graphs and keys pass maxCached bytes.
var keyCache struct {
	sync.Mutex
	m     map[string][]byte
	bytes int
}

// maxCached bounds the bytes of keyCache, about: 2^17 graphs of 16
// vertices.
const maxCached = 16 << 20

// canonical returns g's canonical key, from keyCache when it is there.
func (g *vgraph) canonical() []byte {
	raw := make([]byte, 0, 1+g.n+8*len(g.adj))
	raw = append(raw, byte(g.n))
	raw = append(raw, g.lab...)
	for _, x := range g.adj {
		raw = binary.LittleEndian.AppendUint64(raw, x)
	}
	keyCache.Lock()
	k, ok := keyCache.m[string(raw)]
	keyCache.Unlock()
	if ok {
		return k
	}
	k = g.appendCanonical(nil)
	keyCache.Lock()
	if keyCache.bytes >= maxCached || keyCache.m == nil {
		keyCache.m = make(map[string][]byte)
		keyCache.bytes = 0
	}
	keyCache.m[string(raw)] = k
	keyCache.bytes += len(raw) + len(k) + 64
	keyCache.Unlock()
	return k
}

// appendCanonical appends g's canonical key: its labels, and its edges
// coded by the set of their kinds.
func (g *vgraph) appendCanonical(b []byte) []byte {
	n := g.n
	vlab := make([]uint32, n)
	for v, l := range g.lab {
		vlab[v] = uint32(l)
	}
	return canonicalKeyMasks(b, n, vlab, len(g.adj)/max(n, 1), g.adj)
}

// Estimate returns the sum over the components of the positions a
// search meets in each. On a path or cycle of m vertices the components
// met are sub-paths, whose keys merge those of one length when the
// vertices inside carry nothing apart (no tags in Snort and Col, loops
// on all or none in Arc Kayles): then m+2 lengths, else m(m+1)/2+1
// sub-paths, in Snort and Col times the 9 tags of the two ends. Snort
// keeps the looser bound: its values are hot and their sums costly, and
// the outcome search, which values a component it estimates at most
// 1024 positions, does better playing through them (docs/performance.md
// gives the path of 22 with both bounds). Else 2^m
// induced subgraphs (a bound in Arc Kayles, an estimate in Snort and
// Col, whose tags make more); in Weighted Arc Kayles with a weight past
// 1 the product of the weights plus one.
func (p *vpos) Estimate() float64 {
	g, parts, _ := p.parts()
	total := 0.0
	for _, c := range parts {
		m := float64(bits.OnesCount64(c))
		pathy, plain := true, true
		loops := 0
		prod := 1.0
		for x := c; x != 0; x &= x - 1 {
			v := bits.TrailingZeros64(x)
			degree := bits.OnesCount64(g.all(v) &^ (1 << v))
			pathy = pathy && degree <= 2
			if degree == 2 && g.lab[v] != untagged && (p.r.rule == snort || p.r.rule == col) {
				plain = false
			}
			loops += int(g.all(v) >> v & 1)
			prod *= float64(g.lab[v]) + 1
		}
		if loops != 0 && loops != int(m) || p.r.rule != col && p.r.rule != arcKayles {
			plain = false
		}
		subs := m*(m+1)/2 + 1
		if plain {
			subs = m + 2
		}
		switch {
		case p.r.rule == weightedArcKayles && prod > math.Ldexp(1, int(m)):
			total += prod
		case pathy && (p.r.rule == snort || p.r.rule == col):
			total += 9 * subs
		case pathy:
			total += subs
		default:
			total += math.Ldexp(1, int(m))
		}
	}
	return clampFloat(total)
}

// appendUvarint appends n as a varint.
func appendUvarint(b []byte, n int) []byte {
	for n >= 0x80 {
		b = append(b, byte(n)|0x80)
		n >>= 7
	}
	return append(b, byte(n))
}
