package graph

import (
	"context"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/internal/gametest"
	"github.com/nimbers/grundy/outcome"
	"github.com/nimbers/grundy/partizan"
	"github.com/nimbers/grundy/sg"
)

// The rulesets of CGSuite's graph notation, for the tests.
var cgRulesets = []games.Ruleset{snortRules, colRules, arcKaylesRules, weightedArcKaylesRules,
	partizanArcKaylesRules, hackenbushGraphRules{}, hackenbushGraphRules{Childish: true}}

// notationOf returns the notation of a ruleset of cgRulesets.
func notationOf(r games.Ruleset) *notation {
	if g, ok := r.(vertexRules); ok {
		return g.notation()
	}
	return hackenbushNotation
}

// randomCGGraph returns a random graph for r of up to maxN vertices and
// about as many edges: labels as r has them, loops and repeated edges
// where they count, every vertex joined to vertex 0 in Hackenbush.
func randomCGGraph(rng *rand.Rand, r games.Ruleset, maxN int) *cgGraph {
	n := 1 + rng.IntN(maxN)
	g := &cgGraph{labels: make([]int, n)}
	hack := false
	kinds := 1
	switch r := r.(type) {
	case vertexRules:
		for v := range g.labels {
			switch r.rule {
			case snort, col:
				if rng.IntN(3) == 0 {
					g.labels[v] = 1 + rng.IntN(2)
				}
			case weightedArcKayles:
				g.labels[v] = rng.IntN(4)
			}
		}
		if r.rule == partizanArcKayles {
			kinds = 3
		}
	default:
		hack, kinds = true, 3
	}
	if hack {
		for v := 1; v < n; v++ {
			g.edges = append(g.edges, cgEdge{rng.IntN(v), v, rng.IntN(kinds)})
		}
	}
	extra := n + 2
	if hack {
		extra = n/2 + 2
	}
	for range rng.IntN(extra) {
		u, v := rng.IntN(n), rng.IntN(n)
		if u == v && rng.IntN(3) != 0 {
			continue
		}
		g.edges = append(g.edges, cgEdge{u, v, rng.IntN(kinds)})
	}
	return g
}

// A ptree is a position of a plain search with its options, unreduced:
// Left's and Right's (the same in an impartial game).
type ptree struct {
	opts   [2][]*ptree
	val    *partizan.Game
	mis    [2]int8 // 1 + whether the player moving first wins misère
	grundy int     // 1 + the Grundy value of the impartial variant
}

// value returns the canonical form.
func (t *ptree) value() *partizan.Game {
	if t.val == nil {
		var sides [2][]*partizan.Game
		for i, os := range t.opts {
			for _, o := range os {
				sides[i] = append(sides[i], o.value())
			}
		}
		g, err := partizan.New(sides[0], sides[1])
		if err != nil {
			panic(err)
		}
		t.val = g
	}
	return t.val
}

// misereWins reports whether who (0 Left, 1 Right) wins moving first
// in misère play: a player without a move wins.
func (t *ptree) misereWins(who int) bool {
	if t.mis[who] == 0 {
		win := len(t.opts[who]) == 0
		for _, o := range t.opts[who] {
			if !o.misereWins(1 - who) {
				win = true
			}
		}
		t.mis[who] = 1
		if win {
			t.mis[who] = 2
		}
	}
	return t.mis[who] == 2
}

// mexBoth returns the Grundy value when either player may make the
// moves of both.
func (t *ptree) mexBoth() uint64 {
	if t.grundy == 0 {
		var vs []uint64
		for _, os := range t.opts {
			for _, o := range os {
				vs = append(vs, o.mexBoth())
			}
		}
		t.grundy = 1 + int(sg.Mex(vs))
	}
	return uint64(t.grundy - 1)
}

// plainSnortCol values a Snort or Col graph by the rules as Winning Ways
// states them: vertices are coloured, never deleted, and a tag is a
// neighbour of that colour outside the graph.
func plainSnortCol(g *cgGraph, isCol bool) *ptree {
	n := len(g.labels)
	adj := make([][]bool, n)
	for v := range adj {
		adj[v] = make([]bool, n)
	}
	for _, e := range g.edges {
		adj[e.u][e.v], adj[e.v][e.u] = true, true
	}
	memo := map[string]*ptree{}
	var value func(colour []byte) *ptree
	value = func(colour []byte) *ptree {
		if g, ok := memo[string(colour)]; ok {
			return g
		}
		var sides [2][]*ptree
		for who := byte(1); who <= 2; who++ {
			forbidden := 3 - who // Snort: no neighbour of the opponent's colour
			if isCol {
				forbidden = who
			}
			for v := range n {
				if colour[v] != 0 || g.labels[v] == int(forbidden) {
					continue
				}
				ok := true
				for u := range n {
					if u != v && adj[v][u] && colour[u] == forbidden {
						ok = false
					}
				}
				if ok {
					next := slices.Clone(colour)
					next[v] = who
					sides[who-1] = append(sides[who-1], value(next))
				}
			}
		}
		h := &ptree{opts: sides}
		memo[string(colour)] = h
		return h
	}
	return value(make([]byte, n))
}

// plainArcKayles returns the Grundy value of an Arc Kayles graph
// (weighted: of a Weighted Arc Kayles graph) by the mex of its options:
// a vertex is there while its weight (1 unweighted) is above 0.
func plainArcKayles(g *cgGraph, weighted bool) *ptree {
	w := make([]byte, len(g.labels))
	for v := range w {
		w[v] = 1
		if weighted {
			w[v] = byte(g.labels[v])
		}
	}
	memo := map[string]*ptree{}
	var value func(w []byte) *ptree
	value = func(w []byte) *ptree {
		if v, ok := memo[string(w)]; ok {
			return v
		}
		var opts []*ptree
		for _, e := range g.edges {
			if w[e.u] == 0 || w[e.v] == 0 {
				continue
			}
			next := slices.Clone(w)
			if weighted {
				next[e.u]--
				if e.v != e.u {
					next[e.v]--
				}
			} else {
				next[e.u], next[e.v] = 0, 0
			}
			opts = append(opts, value(next))
		}
		v := &ptree{opts: [2][]*ptree{opts, opts}}
		memo[string(w)] = v
		return v
	}
	return value(w)
}

// plainPartizanArcKayles values a Partizan Arc Kayles graph by its
// options: vertices are there or gone.
func plainPartizanArcKayles(g *cgGraph) *ptree {
	memo := map[uint64]*ptree{}
	var value func(gone uint64) *ptree
	value = func(gone uint64) *ptree {
		if h, ok := memo[gone]; ok {
			return h
		}
		var sides [2][]*ptree
		for _, e := range g.edges {
			if gone>>e.u&1 == 1 || gone>>e.v&1 == 1 {
				continue
			}
			o := value(gone | 1<<e.u | 1<<e.v)
			if e.label != edgeRed {
				sides[0] = append(sides[0], o)
			}
			if e.label != edgeBlue {
				sides[1] = append(sides[1], o)
			}
		}
		h := &ptree{opts: sides}
		memo[gone] = h
		return h
	}
	return value(0)
}

// plainHackenbush values a Hackenbush graph by its options: edges are
// there or gone, and a cut drops the edges no longer joined to vertex 0;
// in Childish Hackenbush a Blue or Red edge whose cut drops others cannot
// be cut.
func plainHackenbush(g *cgGraph, childish bool) *ptree {
	grounded := func(s uint64) uint64 {
		reached := uint64(1)
		var kept uint64
		for changed := true; changed; {
			changed = false
			for i, e := range g.edges {
				if s>>i&1 == 1 && kept>>i&1 == 0 && (reached>>e.u&1 == 1 || reached>>e.v&1 == 1) {
					kept |= 1 << i
					reached |= 1<<e.u | 1<<e.v
					changed = true
				}
			}
		}
		return kept
	}
	memo := map[uint64]*ptree{}
	var value func(s uint64) *ptree
	value = func(s uint64) *ptree {
		if h, ok := memo[s]; ok {
			return h
		}
		var sides [2][]*ptree
		for i, e := range g.edges {
			if s>>i&1 == 0 {
				continue
			}
			t := grounded(s &^ (1 << i))
			if childish && e.label != edgeGreen && t != s&^(1<<i) {
				continue
			}
			o := value(t)
			if e.label != edgeRed {
				sides[0] = append(sides[0], o)
			}
			if e.label != edgeBlue {
				sides[1] = append(sides[1], o)
			}
		}
		h := &ptree{opts: sides}
		memo[s] = h
		return h
	}
	return value(grounded(1<<len(g.edges) - 1))
}

// plainValue returns the value of g under r by the plain searches.
func plainValue(r games.Ruleset, g *cgGraph) *partizan.Game {
	t := plainTree(r, g)
	if r.Kind()&games.Impartial != 0 {
		return partizan.Nimber(int(t.mexBoth()))
	}
	return t.value()
}

// plainTree returns the game tree of g under r by the plain searches.
func plainTree(r games.Ruleset, g *cgGraph) *ptree {
	switch r := r.(type) {
	case vertexRules:
		switch r.rule {
		case snort, col:
			return plainSnortCol(g, r.rule == col)
		case arcKayles, weightedArcKayles:
			return plainArcKayles(g, r.rule == weightedArcKayles)
		default:
			return plainPartizanArcKayles(g)
		}
	case hackenbushGraphRules:
		return plainHackenbush(g, r.Childish)
	}
	panic("no plain search")
}

// engineValue returns the canonical form the engine finds.
func engineValue(t *testing.T, e *games.Engine, p games.Position) *partizan.Game {
	t.Helper()
	ctx := context.Background()
	if e.Ruleset().Kind()&games.Impartial != 0 {
		v, err := e.Grundy(ctx, p)
		if err != nil {
			t.Fatalf("%s %s: %v", e.Ruleset().Name(), p, err)
		}
		return partizan.Nimber(int(v))
	}
	g, err := e.Canonical(ctx, p)
	if err != nil {
		t.Fatalf("%s %s: %v", e.Ruleset().Name(), p, err)
	}
	return g
}

// TestGraphGamesPlain checks every ruleset against its plain search on
// random graphs, with the engine's search and its special engines, and
// that positions with one key have one value.
func TestGraphGamesPlain(t *testing.T) { checkPlain(t, 1, 250, 7, 6) }

// checkPlain checks count random graphs of each ruleset, of up to maxN
// vertices (maxHack in Hackenbush), against the plain search.
func checkPlain(t *testing.T, stream uint64, count, maxN, maxHack int) {
	rng := rand.New(rand.NewPCG(53, stream))
	for _, r := range cgRulesets {
		special := games.NewEngine(r, nil)
		generic := games.NewEngine(r, nil)
		generic.Generic = true
		keys := map[string]*partizan.Game{}
		n := maxN
		if _, hack := r.(hackenbushGraphRules); hack {
			n = maxHack
		}
		for range count {
			g := randomCGGraph(rng, r, n)
			text := g.format(notationOf(r))
			p := gametest.Parse(t, r, text)
			want := plainValue(r, g)
			for _, e := range []*games.Engine{special, generic} {
				if got := engineValue(t, e, p); !got.Equal(want) {
					t.Fatalf("%s %q: %v (generic %v), want %v", r.Name(), text, got, e.Generic, want)
				}
			}
			k := string(p.AppendKey(nil))
			if v, ok := keys[k]; ok && !v.Equal(want) {
				t.Fatalf("%s %q: key shared with a position of value %v, its value %v", r.Name(), text, v, want)
			}
			keys[k] = want
		}
		t.Logf("%s: %d keys", r.Name(), len(keys))
	}
}

// TestGraphGamesCGSuite checks the values CGSuite's tests publish
// (lib/core/src/test/scala/org/cgsuite/lang/GameGraphTest.scala), and
// cgt-tools' Snort values.
func TestGraphGamesCGSuite(t *testing.T) {
	for _, c := range []struct{ rules, pos, want string }{
		{"col", "R-.-R-.-L-.-R-.-R-.", "7/8"},
		{"snort", "L-.-.-.-L", "{4|0,+-1}"},
		{"snort", ".-.-.(-.;-.)", "+-{3|2}"},
		{"hackenbush-graph", "lrlrrllr", "77/128"},
		{"hackenbush-graph", "l(l;rl)", "3/2"},
		{"hackenbush-graph", "eeeeeee", "*7"},
		{"hackenbush-graph", "lrlerrr", "3/4v[3]*"},
		{"hackenbush-graph", "e(ee(e;e);e(eee;ee);e(ee;e))", "*5"},
		// Winning Ways' Green girl (chapter 7, figure 3).
		{"hackenbush-graph", "e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e)))", "*2"},
		{"childish-hackenbush", "l(l;rl)", "2"},
		{"childish-hackenbush", ":{ground}llllllrrrr:{ground}", "{4|-2}"},
		{"childish-hackenbush", "r(l:T;r(l:T;r(l:T;r(l:T;rl:T))))", "15/16"},
		{"childish-hackenbush", "(e:B;e:Bllllllrrr:B)", "{0|^[4]*||vv}"},
		// cgt-tools' tests (t4ccer/cgt-tools, cgt/short/partizan/games/
		// snort.rs): the caterpillar C(3, 2, 3), a path of three whose
		// middle vertex has 2 leaves and the others 3 each, and 10 and 11
		// vertices alone.
		{"snort", ".(-.;-.;-.(-.;-.;-.);-.(-.;-.;-.))", "{5, {{8|6*}|0}|-5, {0|{-6*|-8}}}"},
		{"snort", ".;.;.;.;.;.;.;.;.;.", "0"},
		{"snort", ".;.;.;.;.;.;.;.;.;.;.", "*"},
		{"partizan-arc-kayles", "llr", "1/2"},
		{"partizan-arc-kayles", "lrlr(ll;ree(rl;l))", "{3*|2*||3/2,3/2*|1/2*}"},
	} {
		r := gametest.Lookup(t, c.rules)
		want, err := partizan.NewCalculator(nil).Parse(context.Background(), c.want)
		if err != nil {
			t.Fatal(err)
		}
		for _, generic := range []bool{false, true} {
			e := games.NewEngine(r, nil)
			e.Generic = generic
			if got := engineValue(t, e, gametest.Parse(t, r, c.pos)); !got.Equal(want) {
				t.Errorf("%s %q: %v, want %v", c.rules, c.pos, got, want)
			}
		}
	}
	// The lollipop's atomic weight.
	r := gametest.Lookup(t, "childish-hackenbush")
	g := engineValue(t, games.NewEngine(r, nil), gametest.Parse(t, r, "(e:B;e:B;e:Blllllllllrr:B)"))
	aw, err := partizan.NewCalculator(nil).AtomicWeight(context.Background(), g)
	if want, _ := partizan.NewCalculator(nil).Parse(context.Background(), "3/2"); err != nil || !aw.Equal(want) {
		t.Errorf("atomic weight %v %v, want 3/2", aw, err)
	}
	// The refusals.
	for _, s := range []string{"lrlr;lr", ""} {
		if _, err := (hackenbushGraphRules{}).Parse(s); err == nil {
			t.Errorf("hackenbush-graph %q: read", s)
		}
	}
}

// pathText returns a path of n vertices, each with a loop when looped.
func pathText(n int, looped bool) string {
	g := &cgGraph{labels: make([]int, n)}
	for v := range n {
		if v > 0 {
			g.edges = append(g.edges, cgEdge{v - 1, v, 0})
		}
		if looped {
			g.edges = append(g.edges, cgEdge{v, v, 0})
		}
	}
	return g.format(arcKaylesRules.notation())
}

// TestArcKaylesCGSuite checks CGSuite's Arc Kayles tables
// (GameGraphTest.scala): paths are Dawson's Kayles heaps (OEIS A002187),
// looped paths Kayles heaps (OEIS A002186).
func TestArcKaylesCGSuite(t *testing.T) {
	paths := "0,1,1,2,0,3,1,1,0,3,3,2,2,4,0,5,2,2,3,3,0,1,1,3,0,2,1,1,0,4,5,2,7,4,0,1,1,2,0,3,1,1,0,3,3,2,2,4,4,5"
	looped := "1,2,3,1,4,3,2,1,4,2,6,4,1,2,7,1,4,3,2,1,4,6,7,4,1,2,8,5,4,7,2,1,8,6,7,4,1,2,3,1,4,7,2,1,8,2,7,4,1,2"
	e := games.NewEngine(arcKaylesRules, nil)
	for i, want := range [][]string{strings.Split(paths, ","), strings.Split(looped, ",")} {
		for n := 1; n <= 50; n++ {
			p := gametest.Parse(t, arcKaylesRules, pathText(n, i == 1))
			v, err := e.Grundy(context.Background(), p)
			if err != nil || want[n-1] != strconv.FormatUint(v, 10) {
				t.Fatalf("looped %v, %d vertices: %d %v, want %s", i == 1, n, v, err, want[n-1])
			}
		}
	}
	// Weighted Arc Kayles with every weight 1 is Arc Kayles.
	for n := 1; n <= 30; n++ {
		s := strings.ReplaceAll(pathText(n, false), ".", "1")
		v, err := games.NewEngine(weightedArcKaylesRules, nil).Grundy(context.Background(), gametest.Parse(t, weightedArcKaylesRules, s))
		if err != nil || strconv.FormatUint(v, 10) != strings.Split(paths, ",")[n-1] {
			t.Fatalf("weighted %q: %d %v", s, v, err)
		}
	}
}

// relabel returns g with its vertices renumbered at random (vertex 0
// kept in Hackenbush, the ground) and its edges shuffled.
func relabel(rng *rand.Rand, g *cgGraph, keepFirst bool) *cgGraph {
	n := len(g.labels)
	perm := rng.Perm(n)
	if keepFirst {
		i := slices.Index(perm, 0)
		perm[0], perm[i] = perm[i], perm[0]
	}
	h := &cgGraph{labels: make([]int, n)}
	for v, l := range g.labels {
		h.labels[perm[v]] = l
	}
	for _, e := range g.edges {
		u, v := perm[e.u], perm[e.v]
		if rng.IntN(2) == 0 {
			u, v = v, u
		}
		h.edges = append(h.edges, cgEdge{u, v, e.label})
	}
	rng.Shuffle(len(h.edges), func(i, j int) { h.edges[i], h.edges[j] = h.edges[j], h.edges[i] })
	return h
}

// unionGraphs returns the graphs side by side, or in Hackenbush on one ground.
func unionGraphs(gs []*cgGraph, hack bool) *cgGraph {
	out := &cgGraph{}
	if hack {
		out.labels = []int{0}
	}
	for _, g := range gs {
		base := len(out.labels)
		at := func(v int) int {
			if hack {
				if v == 0 {
					return 0
				}
				return base + v - 1
			}
			return base + v
		}
		if hack {
			out.labels = append(out.labels, g.labels[1:]...)
		} else {
			out.labels = append(out.labels, g.labels...)
		}
		for _, e := range g.edges {
			out.edges = append(out.edges, cgEdge{at(e.u), at(e.v), e.label})
		}
	}
	return out
}

// TestGraphGamesSplitAndRelabel checks that a sum of graphs (on one
// ground in Hackenbush) is worth the sum of their values, and that
// renumbering the vertices keeps the key, for graphs this small, and the
// value.
func TestGraphGamesSplitAndRelabel(t *testing.T) {
	rng := rand.New(rand.NewPCG(53, 2))
	for _, r := range cgRulesets {
		_, hack := r.(hackenbushGraphRules)
		e := games.NewEngine(r, nil)
		for range 60 {
			parts := make([]*cgGraph, 1+rng.IntN(3))
			var vals []*partizan.Game
			for i := range parts {
				parts[i] = randomCGGraph(rng, r, 5)
				vals = append(vals, engineValue(t, e, gametest.Parse(t, r, parts[i].format(notationOf(r)))))
			}
			whole := unionGraphs(parts, hack)
			text := whole.format(notationOf(r))
			p := gametest.Parse(t, r, text)
			want, err := partizan.NewCalculator(nil).Sum(context.Background(), vals...)
			if err != nil {
				t.Fatal(err)
			}
			if got := engineValue(t, e, p); !got.Equal(want) {
				t.Fatalf("%s %q: %v, the sum of its parts %v", r.Name(), text, got, want)
			}
			other := relabel(rng, whole, hack)
			q := gametest.Parse(t, r, other.format(notationOf(r)))
			if string(q.AppendKey(nil)) != string(p.AppendKey(nil)) {
				t.Fatalf("%s %q and %q: keys differ", r.Name(), p, q)
			}
			if got := engineValue(t, games.NewEngine(r, nil), q); !got.Equal(want) {
				t.Fatalf("%s %q: %v, relabelled %v", r.Name(), q, got, want)
			}
		}
	}
}

// TestGraphGamesMisereAndImpartial checks the engine's misère outcomes
// against a misère search of the plain game tree, and the impartial variant's
// Grundy values against a mex over both players' options.
func TestGraphGamesMisereAndImpartial(t *testing.T) {
	rng := rand.New(rand.NewPCG(53, 3))
	ctx := context.Background()
	for _, r := range cgRulesets {
		e := games.NewEngine(r, nil)
		iv := games.NewEngine(games.ImpartialVariant(r), nil)
		for range 40 {
			g := randomCGGraph(rng, r, 6)
			p := gametest.Parse(t, r, g.format(notationOf(r)))
			tree := plainTree(r, g)
			lw, rw := tree.misereWins(0), tree.misereWins(1)
			want := outcome.Of(map[bool]outcome.Result{true: outcome.LeftWins, false: outcome.RightWins}[lw],
				map[bool]outcome.Result{true: outcome.RightWins, false: outcome.LeftWins}[rw])
			got, err := e.MisereOutcome(ctx, p)
			if err != nil || got != want {
				t.Fatalf("%s %q: misère %v %v, want %v", r.Name(), p, got, err, want)
			}
			v, err := iv.Grundy(ctx, games.ImpartialPosition(p))
			if err != nil || v != tree.mexBoth() {
				t.Fatalf("%s %q: impartial variant %d %v, want %d", r.Name(), p, v, err, tree.mexBoth())
			}
		}
	}
}
