package graph

import (
	"context"
	"errors"
	"github.com/nimbers/grundy/internal/gametest"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/outcome"
)

// TestRegistryEntries checks that every ruleset of the package is
// registered, that its example parses and writes itself back, and that
// its kind is the entry's.
func TestRegistryEntries(t *testing.T) {
	want := map[string]bool{"hackenbush": true, "hackenbush-string": true, "hackenbush-tree": true, "cointree": true, "leaf-deletion": true}
	for _, e := range games.Entries() {
		if !want[e.Name] {
			continue
		}
		delete(want, e.Name)
		r := gametest.Lookup(t, e.Example[0])
		if r.Kind() != e.Kind || r.Name() != e.Example[0] {
			t.Errorf("%s: ruleset %s of kind %v, entry kind %v", e.Name, r.Name(), r.Kind(), e.Kind)
		}
		p := gametest.Parse(t, r, e.Example[1])
		if p.String() != e.Example[1] {
			t.Errorf("%s: example %q written back as %q", e.Name, e.Example[1], p.String())
		}
		if e.Summary == "" || e.Notation == "" {
			t.Errorf("%s: no summary or notation", e.Name)
		}
	}
	for name := range want {
		t.Errorf("%s is not registered", name)
	}
}

// randomForest writes a random forest of n nodes labelled from letters,
// stalks alone when stalks is set.
func randomForest(r *rand.Rand, n int, letters string, stalks bool) string {
	f := &forest{}
	for v := range n {
		p := int32(-1)
		switch {
		case stalks && v > 0 && r.IntN(4) != 0:
			p = int32(v - 1)
		case !stalks && v > 0 && r.IntN(5) != 0:
			p = int32(r.IntN(v))
		}
		f.label = append(f.label, letters[r.IntN(len(letters))])
		f.parent = append(f.parent, p)
	}
	// The parents above are not in preorder: write the forest by its
	// children lists.
	kids := make([][]int32, n)
	var roots []int32
	for v, p := range f.parent {
		if p < 0 {
			roots = append(roots, int32(v))
		} else {
			kids[p] = append(kids[p], int32(v))
		}
	}
	var b strings.Builder
	var write func(v int32)
	write = func(v int32) {
		b.WriteByte(f.label[v])
		if len(kids[v]) == 0 {
			return
		}
		b.WriteByte('(')
		for i, k := range kids[v] {
			if i > 0 {
				b.WriteByte(' ')
			}
			write(k)
		}
		b.WriteByte(')')
	}
	for i, v := range roots {
		if i > 0 {
			b.WriteByte(' ')
		}
		write(v)
	}
	s := b.String()
	if stalks {
		s = strings.NewReplacer("(", "", ")", "").Replace(s)
	}
	return s
}

// randomEdges writes a random graph of up to maxM edges on up to maxN
// vertices.
func randomEdges(r *rand.Rand, maxN, maxM int) string {
	n, edges := randomGraph(r, maxN, maxM)
	_ = n
	parts := make([]string, len(edges))
	for i, e := range edges {
		parts[i] = strconv.Itoa(e[0]) + "-" + strconv.Itoa(e[1])
	}
	return strings.Join(parts, " ")
}

// checkAgainstGeneric values p with the special engines and by the
// generic search through its options: canonical forms, and Grundy values
// for an impartial ruleset.
func checkAgainstGeneric(t *testing.T, special, generic *games.Engine, p games.Position) {
	t.Helper()
	ctx := context.Background()
	g1, err1 := special.Canonical(ctx, p)
	g2, err2 := generic.Canonical(ctx, p)
	if err1 != nil || err2 != nil {
		t.Fatalf("%s %q: %v, %v", special.Ruleset().Name(), p, err1, err2)
	}
	if !g1.Equal(g2) {
		t.Fatalf("%s %q: special engine %v, search %v", special.Ruleset().Name(), p, g1, g2)
	}
	if special.Ruleset().Kind()&games.Impartial == 0 {
		return
	}
	v1, err1 := special.Grundy(ctx, p)
	v2, err2 := generic.Grundy(ctx, p)
	if err1 != nil || err2 != nil || v1 != v2 {
		t.Fatalf("%s %q: Grundy value %d (%v), search %d (%v)", special.Ruleset().Name(), p, v1, err1, v2, err2)
	}
}

// TestRulesetsAgainstGeneric checks the special engine of each ruleset
// against the generic search on random small positions.
func TestRulesetsAgainstGeneric(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 7))
	cases := []struct {
		name string
		gen  func() string
	}{
		{"hackenbush", func() string { return randomEdges(r, 6, 9) }},
		{"hackenbush-string", func() string { return randomForest(r, r.IntN(9), "BRBRG", true) }},
		{"hackenbush-tree", func() string { return randomForest(r, r.IntN(9), "BRBRG", false) }},
		{"cointree", func() string { return randomForest(r, 1+r.IntN(7), "HT", false) }},
		{"leaf-deletion", func() string { return randomForest(r, 1+r.IntN(9), "o", false) }},
	}
	for _, c := range cases {
		rules := gametest.Lookup(t, c.name)
		special := games.NewEngine(rules, nil)
		generic := games.NewEngine(rules, nil)
		generic.Generic = true
		for range 150 {
			s := c.gen()
			p := gametest.Parse(t, rules, s)
			if q := gametest.Parse(t, rules, p.String()); q.String() != p.String() || string(q.AppendKey(nil)) != string(p.AppendKey(nil)) {
				t.Fatalf("%s %q: written %q, read back %q", c.name, s, p, q)
			}
			checkAgainstGeneric(t, special, generic, p)
			// Each option as well, valued afresh.
			for _, o := range p.Options(games.Left) {
				checkAgainstGeneric(t, games.NewEngine(rules, nil), generic, o)
			}
		}
	}
}

// TestHackenbushRulesetAgainstPlay checks the engine's Grundy values of
// Green Hackenbush positions, split into pieces numbered anew, against
// the exhaustive search of the whole graph.
func TestHackenbushRulesetAgainstPlay(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 51))
	rules := gametest.Lookup(t, "hackenbush")
	e := games.NewEngine(rules, nil)
	for range 300 {
		n, edges := randomGraph(r, 9, 12)
		parts := make([]string, len(edges))
		for i, ed := range edges {
			// Vertices spread out, so that the pieces are numbered anew.
			parts[i] = strconv.Itoa(ed[0]*7) + "-" + strconv.Itoa(ed[1]*7)
		}
		p := gametest.Parse(t, rules, strings.Join(parts, " "))
		h := newHackenbushSearch(n, edges)
		v, err := e.Grundy(context.Background(), p)
		if want := h.value(h.start()); err != nil || v != want {
			t.Fatalf("%q: %d (%v), search %d", p, v, err, want)
		}
	}
}

// TestRulesetValues checks published values and those of the package's
// older tests and examples.
func TestRulesetValues(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct{ rules, pos, want string }{
		// Berlekamp, Conway and Guy, Winning Ways, ch. 2: strings.
		{"hackenbush-string", "BBR", "3/2"},
		{"hackenbush-string", "BRR", "1/4"},
		{"hackenbush-string", "BR", "1/2"},
		{"hackenbush-string", "G", "*"},
		{"hackenbush-string", "GG", "*2"},
		{"hackenbush-string", "BG", "1*"},
		{"hackenbush-string", "gb", "^*"},
		{"hackenbush-string", "BR BR R", "0"},
		{"hackenbush-string", "", "0"},
		// A Blue edge with Red and Green on top: 1:{ -1, * } ...
		{"hackenbush-tree", "B(R R)", "1/4"},
		{"hackenbush-tree", "G(G G)", "*"},
		// A triangle on the ground fuses to three loops: *1.
		{"hackenbush", "0-1 1-2 2-0", "*"},
		{"hackenbush", "0-1 1-2 1-3", "*"},
		{"hackenbush", "0-0 0-1 0-1", "*"},
		{"hackenbush", "1-2", "0"},
		// Heights 2, 1, 0, 0 with heads on 0, 2 and 3: 4 ⊕ 1 ⊕ 1.
		{"cointree", "HT(H) H", "*4"},
		{"leaf-deletion", "o", "*"},
		{"leaf-deletion", "oo", "0"},
	} {
		e := games.NewEngine(gametest.Lookup(t, c.rules), nil)
		g, err := e.Canonical(ctx, gametest.Parse(t, e.Ruleset(), c.pos))
		if err != nil || g.String() != c.want {
			t.Errorf("%s %q: %v (%v), want %s", c.rules, c.pos, g, err, c.want)
		}
	}
	// The example of LeafDeletionMove: a fork with a path of two and a
	// leaf is a first-player win; deleting both leaves leaves a path of
	// two nodes, a loss.
	e := games.NewEngine(gametest.Lookup(t, "leaf-deletion"), nil)
	p := gametest.Parse(t, e.Ruleset(), "o(oo o)")
	if v, err := e.Grundy(ctx, p); err != nil || v == 0 {
		t.Errorf("leaf-deletion o(oo o): %d, %v; want a first-player win", v, err)
	}
	if v, err := e.Grundy(ctx, gametest.Parse(t, e.Ruleset(), "oo")); err != nil || v != 0 {
		t.Errorf("leaf-deletion oo: %d, %v; want 0", v, err)
	}
}

// TestLeafDeletionRulesetRule checks the outcomes of leaf deletion
// positions, as the engine finds them, against the forks rule.
func TestLeafDeletionRulesetRule(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 51))
	rules := gametest.Lookup(t, "leaf-deletion")
	e := games.NewEngine(rules, nil)
	for range 100 {
		p := gametest.Parse(t, rules, randomForest(r, 1+r.IntN(12), "o", false))
		trees := p.(leafForest).f.split()
		if trees == nil {
			trees = []*forest{p.(leafForest).f}
		}
		for _, f := range trees {
			tr, err := f.single()
			if err != nil {
				t.Fatal(err)
			}
			o, err := e.Outcome(context.Background(), leafForest{f})
			if err != nil {
				t.Fatal(err)
			}
			if (o == outcome.N) != leafDeletionWins(tr) {
				t.Fatalf("%q: outcome %v, forks rule %v", f, o, leafDeletionWins(tr))
			}
		}
	}
}

// TestSpecialEnginesUsed checks that the engine asks the special
// engines: positions far past a search's reach are valued under a limit
// of a few positions.
func TestSpecialEnginesUsed(t *testing.T) {
	ctx := context.Background()
	var cycle []string
	for v := range 300 {
		cycle = append(cycle, strconv.Itoa(v)+"-"+strconv.Itoa((v+1)%300))
	}
	for _, c := range []struct{ rules, pos, want string }{
		{"hackenbush", strings.Join(cycle, " "), "0"},
		{"hackenbush-string", strings.Repeat("B", 40) + strings.Repeat("R", 20), "40894465/1048576"}, // 39 + 2^-20
		{"hackenbush-tree", "GGGGGGGGGG(GGG GG)", "*11"},
	} {
		e := games.NewEngine(gametest.Lookup(t, c.rules), &budget.Options{Limit: 1000})
		g, err := e.Canonical(ctx, gametest.Parse(t, e.Ruleset(), c.pos))
		if err != nil {
			t.Errorf("%s %q: %v", c.rules, clipText(c.pos), err)
			continue
		}
		if g.String() != c.want {
			t.Errorf("%s %q: %v, want %s", c.rules, clipText(c.pos), g, c.want)
		}
	}
	// 2^40 positions of coins, but the heights rule at once.
	e := games.NewEngine(gametest.Lookup(t, "cointree"), &budget.Options{Limit: -1})
	v, err := e.Grundy(ctx, gametest.Parse(t, e.Ruleset(), "H"+strings.Repeat("T", 40)))
	if err != nil || v != 1<<40 {
		t.Errorf("cointree H and 40 tails: %d, %v; want 2^40", v, err)
	}
}

// clipText shortens a position for a message.
func clipText(s string) string {
	if len(s) > 40 {
		return s[:37] + "..."
	}
	return s
}

// TestRulesetKeys checks that keys forget the order of trees, branches,
// edges and heaps.
func TestRulesetKeys(t *testing.T) {
	for _, c := range []struct{ rules, a, b string }{
		{"hackenbush-tree", "B(R G(B R)) G", "G B(G(R B) R)"},
		{"hackenbush-string", "BR G", "G BR"},
		{"cointree", "H(T H(T H))", "H(H(H T) T)"},
		{"leaf-deletion", "o(o oo)", "o(oo o)"},
		{"hackenbush", "0-1 1-2 2-0", "2-1 0-2 1-0"},
		{"hackenbush", "0-1", "0-1 2-3"},
	} {
		rules := gametest.Lookup(t, c.rules)
		ka := gametest.Parse(t, rules, c.a).AppendKey(nil)
		kb := gametest.Parse(t, rules, c.b).AppendKey(nil)
		if string(ka) != string(kb) {
			t.Errorf("%s: keys of %q and %q differ: %q, %q", c.rules, c.a, c.b, ka, kb)
		}
	}
}

// TestRulesetErrors checks that malformed positions and rules fail with
// ErrInput, naming the offset.
func TestRulesetErrors(t *testing.T) {
	for _, c := range []struct{ rules, pos, want string }{
		{"hackenbush", "0-1 1-x", "at offset 6"},
		{"hackenbush", "0-1 12", "at offset 6"},
		{"hackenbush", "0-1 1=2", "at offset 5"},
		{"hackenbush", "0-1x", "at offset 3"},
		{"hackenbush", "0-99999999", "more than"},
		{"hackenbush-string", "BRX", "at offset 2"},
		{"hackenbush-string", "B(R)", "at offset 1"},
		{"hackenbush-tree", "B(R", "at offset 3"},
		{"hackenbush-tree", "B)", "at offset 1"},
		{"hackenbush-tree", "(B)", "at offset 0"},
		{"hackenbush-tree", "B()", "at offset 2"},
		{"hackenbush-tree", "B(R)G", "at offset 4"},
		{"cointree", "HX", "at offset 1"},
		{"cointree", strings.Repeat("H", 65), "more than 64"},
		{"leaf-deletion", "o(x)", "at offset 2"},
	} {
		_, err := gametest.Lookup(t, c.rules).Parse(c.pos)
		if !errors.Is(err, games.ErrInput) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q: %v, want an input error with %q", c.rules, c.pos, err, c.want)
		}
	}
	if _, err := gametest.Lookup(t, "hackenbush").Parse(strings.Repeat("0-1 ", maxNotation)); !errors.Is(err, games.ErrInput) {
		t.Errorf("a long position: %v", err)
	}
}
