package graph

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/nimbers/grundy/games"
)

// CGSuite's notation for graphs, as its Graph.Parse reads them, for the
// rulesets on graphs (Snort, Col, the Arc Kayles family and Hackenbush on
// graphs). A graph is chains separated by ';'. A chain is a vertex, then
// edges each followed by the vertex it leads to: an unlabelled edge is
// '-' and a labelled one its letter ("l", "r", "e" in Hackenbush); a
// vertex is its label ("L", "R" in Snort and Col, a weight in Weighted
// Arc Kayles), or '.' or nothing for an unlabelled one. After a vertex,
// "(" branches separated by ';' ")" starts each branch at that vertex,
// and ends the chain. A vertex followed by ':' and a name (one character,
// or several in braces) is the same vertex as every other of that name,
// with the same label: ":A----:A" is a cycle of four. Labels of several
// characters are written in braces ("{12}"); blanks are ignored.

// maxNesting bounds the parentheses nested in a graph's notation.
const maxNesting = 200

// A notation is what a ruleset's graphs label their vertices and edges
// with.
type notation struct {
	// vertex returns the label of a vertex token, false for a token that
	// is no vertex label; "" is the unlabelled vertex, false where the
	// ruleset needs a label on every vertex. A negative label is a
	// weight past MaxWeight.
	vertex func(tok string) (int, bool)
	// edge returns the label of an edge token ("" for '-'), false for
	// one that is no edge.
	edge func(tok string) (int, bool)
	// vertexName and edgeName write a label back ("" unlabelled).
	vertexName func(int) string
	edgeName   func(int) string
	// want says what the edges are, for errors: "'-'" or "l, r or e".
	want string
	// dots writes unlabelled vertices as '.'.
	dots bool
	// maxVertices and maxEdges bound the graph.
	maxVertices, maxEdges int
}

// A cgEdge is an edge u-v with its label.
type cgEdge struct{ u, v, label int }

// A cgGraph is a graph as the notation writes it: its vertices' labels
// and its edges, the vertices numbered from 0 in the order they first
// appear.
type cgGraph struct {
	labels []int
	edges  []cgEdge
}

// A cgToken is one symbol of the notation and its offset.
type cgToken struct {
	s   string
	at  int
	brc bool // written in braces
}

// cgTokenize splits s into tokens: one character each, or the text
// between braces.
func cgTokenize(s string) ([]cgToken, error) {
	var out []cgToken
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '{':
			j := strings.IndexByte(s[i+1:], '}')
			if j < 0 {
				return nil, games.InputErrorf("at offset %d: '{' with no '}'", i)
			}
			if j == 0 {
				return nil, games.InputErrorf("at offset %d: empty braces", i)
			}
			out = append(out, cgToken{s[i+1 : i+1+j], i, true})
			i += j + 2
		case c >= 0x80:
			return nil, games.InputErrorf("at offset %d: a byte that is not ASCII", i)
		default:
			out = append(out, cgToken{s[i : i+1], i, false})
			i++
		}
	}
	return out, nil
}

// cgParser reads one graph.
type cgParser struct {
	nt    *notation
	toks  []cgToken
	pos   int
	end   int // the offset of the end of the text
	g     cgGraph
	names map[string]int
	depth int
}

// parseCG reads s in the notation nt.
func parseCG(s string, nt *notation) (*cgGraph, error) {
	if len(s) > maxNotation {
		return nil, games.InputErrorf("a position of %d bytes, more than %d", len(s), maxNotation)
	}
	toks, err := cgTokenize(s)
	if err != nil {
		return nil, err
	}
	p := &cgParser{nt: nt, toks: toks, end: len(s), names: map[string]int{}}
	if len(toks) == 0 {
		return &p.g, nil
	}
	for {
		if err := p.chain(-1); err != nil {
			return nil, err
		}
		t, ok := p.peek()
		if !ok {
			break
		}
		if t.s != ";" || t.brc {
			return nil, p.errorf(t, "unexpected %q: chains are separated by ';'", t.s)
		}
		p.pos++
		if p.pos == len(p.toks) {
			break
		}
	}
	return &p.g, nil
}

func (p *cgParser) peek() (cgToken, bool) {
	if p.pos < len(p.toks) {
		return p.toks[p.pos], true
	}
	return cgToken{at: p.end}, false
}

func (p *cgParser) errorf(t cgToken, format string, args ...any) error {
	return games.InputErrorf("at offset %d: %s", t.at, fmt.Sprintf(format, args...))
}

// chain reads edges and vertices from the vertex prec (none when
// negative) to the end of the chain: ';', ')' or the end of the text.
func (p *cgParser) chain(prec int) error {
	for {
		if prec < 0 {
			v, err := p.vertex()
			if err != nil {
				return err
			}
			prec = v
			continue
		}
		t, ok := p.peek()
		if !ok || !t.brc && (t.s == ";" || t.s == ")") {
			return nil
		}
		if !t.brc && t.s == "(" {
			p.depth++
			if p.depth > maxNesting {
				return p.errorf(t, "parentheses nested more than %d deep", maxNesting)
			}
			p.pos++
			for {
				if err := p.chain(prec); err != nil {
					return err
				}
				t, ok := p.peek()
				if ok && !t.brc && t.s == ";" {
					p.pos++
					continue
				}
				if ok && !t.brc && t.s == ")" {
					p.pos++
					p.depth--
					return nil
				}
				return p.errorf(t, "the '(' has no ')'")
			}
		}
		var label int
		switch {
		case !t.brc && t.s == "-":
			label, ok = p.nt.edge("")
		case !t.brc && (t.s == ">" || t.s == "<"):
			return p.errorf(t, "directed edges (%q) are not allowed", t.s)
		default:
			label, ok = p.nt.edge(t.s)
		}
		if !ok {
			return p.errorf(t, "%q is not an edge: edges are %s", t.s, p.nt.want)
		}
		p.pos++
		if len(p.g.edges) == p.nt.maxEdges {
			return p.errorf(t, "more than %d edges", p.nt.maxEdges)
		}
		v, err := p.vertex()
		if err != nil {
			return err
		}
		p.g.edges = append(p.g.edges, cgEdge{prec, v, label})
		prec = v
	}
}

// vertex reads a vertex: a label, '.' or nothing, then ':' and a name.
func (p *cgParser) vertex() (int, error) {
	t, ok := p.peek()
	at := t
	label, labelled := 0, false
	if ok && !(t.s == ":" && !t.brc) {
		if !t.brc && t.s == "." {
			p.pos++
		} else if l, isLabel := p.nt.vertex(t.s); isLabel && t.s != "" {
			if l < 0 {
				return 0, p.errorf(t, "the weight %s is more than %d", t.s, maxWeight)
			}
			label, labelled = l, true
			p.pos++
		}
	}
	if !labelled {
		l, ok := p.nt.vertex("")
		if !ok {
			return 0, p.errorf(at, "a vertex without a label: write its weight")
		}
		label = l
	}
	if t, ok := p.peek(); ok && !t.brc && t.s == ":" {
		p.pos++
		name, ok := p.peek()
		if !ok || name.s == "" {
			return 0, p.errorf(name, "':' with no name after it")
		}
		p.pos++
		if v, seen := p.names[name.s]; seen {
			if p.g.labels[v] != label {
				return 0, p.errorf(at, "the vertex named %q has two labels", name.s)
			}
			return v, nil
		}
		p.names[name.s] = len(p.g.labels)
	}
	if len(p.g.labels) == p.nt.maxVertices {
		return 0, p.errorf(at, "more than %d vertices", p.nt.maxVertices)
	}
	p.g.labels = append(p.g.labels, label)
	return len(p.g.labels) - 1, nil
}

// format writes the graph in the notation nt: each component from its
// lowest vertex, along a depth-first tree whose branches are in
// parentheses, with the vertices on other edges named.
func (g *cgGraph) format(nt *notation) string {
	w := &cgWriter{g: g, nt: nt, l: g.layout()}
	for j, r := range w.l.roots {
		if j > 0 {
			w.b.WriteByte(';')
		}
		mark := w.b.Len()
		w.write(r)
		if w.b.Len() == mark {
			w.b.WriteByte('.')
		}
	}
	return w.b.String()
}

// other returns the end of edge i that is not v (v for a loop).
func (g *cgGraph) other(i, v int) int {
	if g.edges[i].u == v {
		return g.edges[i].v
	}
	return g.edges[i].u
}

// cgLayout is the way format writes a graph: a depth-first forest, the
// other edges, and the names of the vertices those reach.
type cgLayout struct {
	order    []int    // each vertex's preorder number + 1
	roots    []int    // the first vertex of each component
	children [][]int  // the tree edges down from each vertex
	extra    [][]int  // the other edges, at their end found later
	named    []bool   // whether a vertex is the earlier end of an other edge
	names    []string // the names of the named vertices
}

// layout returns g's depth-first forest, each component from its lowest
// vertex and each vertex's children in the order of its edges; the edges
// outside it, written at the vertex found later; and the names of the
// vertices at their other ends, A, B, … in preorder.
func (g *cgGraph) layout() *cgLayout {
	n := len(g.labels)
	inc := make([][]int, n) // edge indices at each vertex
	for i, e := range g.edges {
		inc[e.u] = append(inc[e.u], i)
		if e.v != e.u {
			inc[e.v] = append(inc[e.v], i)
		}
	}
	l := &cgLayout{order: make([]int, n), children: make([][]int, n), extra: make([][]int, n), named: make([]bool, n), names: make([]string, n)}
	tree := make([]bool, len(g.edges))
	count := 0
	var visit func(v int)
	visit = func(v int) {
		count++
		l.order[v] = count
		for _, i := range inc[v] {
			w := g.other(i, v)
			if l.order[w] == 0 {
				tree[i] = true
				l.children[v] = append(l.children[v], i)
				visit(w)
			}
		}
	}
	for v := range n {
		if l.order[v] == 0 {
			l.roots = append(l.roots, v)
			visit(v)
		}
	}
	for i, e := range g.edges {
		if tree[i] {
			continue
		}
		at, to := e.u, e.v
		if l.order[to] > l.order[at] {
			at, to = to, at
		}
		l.extra[at] = append(l.extra[at], i)
		l.named[to] = true
	}
	k := 0
	for _, v := range order2vertices(l.order) {
		if l.named[v] {
			l.names[v] = vertexNameText(k)
			k++
		}
	}
	return l
}

// A cgWriter writes a graph along its layout.
type cgWriter struct {
	b  strings.Builder
	g  *cgGraph
	nt *notation
	l  *cgLayout
}

// label writes vertex v's label: '.' for an unlabelled vertex in a
// notation with dots, braces around a label longer than a letter.
func (w *cgWriter) label(v int) {
	s := w.nt.vertexName(w.g.labels[v])
	switch {
	case s == "" && w.nt.dots:
		w.b.WriteByte('.')
	case len(s) > 1:
		w.b.WriteString("{" + s + "}")
	default:
		w.b.WriteString(s)
	}
}

// edge writes edge i's label, '-' for an unlabelled edge.
func (w *cgWriter) edge(i int) {
	s := w.nt.edgeName(w.g.edges[i].label)
	if s == "" {
		s = "-"
	}
	w.b.WriteString(s)
}

// write writes the subtree from v: its label and name, then its other
// edges and its children, in parentheses when there are two or more.
func (w *cgWriter) write(v int) {
	l := w.l
	w.label(v)
	if l.named[v] {
		w.b.WriteString(":" + l.names[v])
	}
	items := len(l.children[v]) + len(l.extra[v])
	if items > 1 {
		w.b.WriteByte('(')
	}
	j := 0
	for _, i := range l.extra[v] {
		if j > 0 {
			w.b.WriteByte(';')
		}
		j++
		w.edge(i)
		u := w.g.other(i, v)
		w.label(u)
		w.b.WriteString(":" + l.names[u])
	}
	for _, i := range l.children[v] {
		if j > 0 {
			w.b.WriteByte(';')
		}
		j++
		w.edge(i)
		w.write(w.g.other(i, v))
	}
	if items > 1 {
		w.b.WriteByte(')')
	}
}

// order2vertices returns the vertices in the order of their preorder
// numbers.
func order2vertices(order []int) []int {
	vs := make([]int, len(order))
	for v, o := range order {
		vs[o-1] = v
	}
	return vs
}

// vertexNameText returns the k-th name of a vertex: A to Z, then {27},
// {28}, ….
func vertexNameText(k int) string {
	if k < 26 {
		return string(rune('A' + k))
	}
	return "{" + strconv.Itoa(k+1) + "}"
}
