package loopy

import (
	"context"
	"errors"
	"github.com/nimbers/grundy/outcome"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/partizan"
)

// naiveLost decides by plain fixed-point iteration, for the game x − y,
// whether Right can force Left to run out of moves from (a, b) with
// Right to move (right) or Left to move. It shares nothing with survive.
func naiveLost(x, y *graph, a0, b0 int, right bool) bool {
	na, nb := len(x.l), len(y.l)
	lost := map[[3]int]bool{}
	for changed := true; changed; {
		changed = false
		for a := range na {
			for b := range nb {
				// Left to move: lost when every Left move is lost.
				if !lost[[3]int{a, b, 0}] {
					all := true
					for _, a2 := range x.l[a] {
						all = all && lost[[3]int{a2, b, 1}]
					}
					for _, b2 := range y.r[b] {
						all = all && lost[[3]int{a, b2, 1}]
					}
					if all {
						lost[[3]int{a, b, 0}] = true
						changed = true
					}
				}
				// Right to move: lost for Left when some Right move is.
				if !lost[[3]int{a, b, 1}] {
					some := false
					for _, a2 := range x.r[a] {
						some = some || lost[[3]int{a2, b, 0}]
					}
					for _, b2 := range y.l[b] {
						some = some || lost[[3]int{a, b2, 0}]
					}
					if some {
						lost[[3]int{a, b, 1}] = true
						changed = true
					}
				}
			}
		}
	}
	m := 0
	if right {
		m = 1
	}
	return lost[[3]int{a0, b0, m}]
}

// naiveStopper looks for a cycle of alternating moves by walking from
// every state of every follower of x.
func naiveStopper(x Game) bool {
	g := x.graph()
	next := func(v, m int) []int {
		if m == 0 {
			return g.l[v]
		}
		return g.r[v]
	}
	reach := func(v, m int) map[[2]int]bool {
		seen := map[[2]int]bool{}
		stack := [][2]int{{v, m}}
		for len(stack) > 0 {
			s := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, w := range next(s[0], s[1]) {
				t := [2]int{w, 1 - s[1]}
				if !seen[t] {
					seen[t] = true
					stack = append(stack, t)
				}
			}
		}
		return seen
	}
	// The followers: every vertex some line of play reaches.
	all := map[[2]int]bool{}
	stack := []int{x.start}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if all[[2]int{v, 0}] {
			continue
		}
		all[[2]int{v, 0}] = true
		all[[2]int{v, 1}] = true
		stack = append(append(stack, g.l[v]...), g.r[v]...)
	}
	for s := range all {
		if reach(s[0], s[1])[s] {
			return false
		}
	}
	return true
}

func randomGame(r *rand.Rand, n int, p float64) Game {
	l := make([][]int, n)
	rr := make([][]int, n)
	for v := range n {
		for w := range n {
			if r.Float64() < p {
				l[v] = append(l[v], w)
			}
			if r.Float64() < p {
				rr[v] = append(rr[v], w)
			}
		}
	}
	g, err := New(l, rr, 0)
	if err != nil {
		panic(err)
	}
	return g
}

func randomStopper(r *rand.Rand) Game {
	for {
		g := randomGame(r, 1+r.IntN(6), 0.25)
		if g.IsStopper() {
			return g
		}
	}
}

func TestIsStopper(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	stoppers := 0
	for range 3000 {
		g := randomGame(r, 1+r.IntN(6), 0.2)
		if got, want := g.IsStopper(), naiveStopper(g); got != want {
			t.Fatalf("%v: IsStopper %v, want %v", g, got, want)
		}
		if g.IsStopper() {
			stoppers++
		}
	}
	if stoppers < 300 || stoppers > 2700 {
		t.Errorf("%d stoppers of 3000: the sample does not test both sides", stoppers)
	}
}

func TestLessEqAgainstFixedPoint(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var yes int
	for range 1500 {
		x, y := randomStopper(r), randomStopper(r)
		got, err := leq(context.Background(), x, y, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := !naiveLost(y.graph(), x.graph(), y.start, x.start, true)
		if got != want {
			t.Fatalf("%v <= %v: %v, fixed point says %v", x, y, got, want)
		}
		if got {
			yes++
		}
	}
	if yes < 150 || yes > 1350 {
		t.Errorf("%d of 1500 pairs comparable: the sample does not test both sides", yes)
	}
}

func TestPlayAgainstFixedPoint(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	draws := 0
	for range 1500 {
		x := randomGame(r, 1+r.IntN(7), 0.2)
		cls, err := Play(x)
		lf, rf := cls.LeftFirst(), cls.RightFirst()
		if err != nil {
			t.Fatal(err)
		}
		want := func(leftLost, rightLost bool) outcome.Result {
			if leftLost {
				return outcome.RightWins
			}
			if rightLost {
				return outcome.LeftWins
			}
			return outcome.Draw
		}
		z := zeroGraph
		n := x.Neg()
		wl := want(naiveLost(x.graph(), z, x.start, 0, false), naiveLost(n.graph(), z, n.start, 0, true))
		wr := want(naiveLost(x.graph(), z, x.start, 0, true), naiveLost(n.graph(), z, n.start, 0, false))
		if lf != wl || rf != wr {
			t.Fatalf("%v: play %v/%v, fixed point %v/%v", x, lf, rf, wl, wr)
		}
		if lf == outcome.Draw {
			draws++
		}
	}
	if draws == 0 {
		t.Error("no draws in the sample")
	}
}

// TestStopperIdentities checks values Winning Ways (ch. 11) and Siegel
// (Combinatorial Game Theory, ch. VI) give.
func TestStopperIdentities(t *testing.T) {
	parse := func(s string) Game {
		g, err := Parse(context.Background(), s, nil)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		return g
	}
	rel := func(a, b string) partizan.Relation {
		x, err := Compare(context.Background(), parse(a), parse(b), nil)
		if err != nil {
			t.Fatalf("%s vs %s: %v", a, b, err)
		}
		return x
	}
	cases := []struct {
		a, b string
		want partizan.Relation
	}{
		{"over", "0", partizan.Greater},
		{"over", "^", partizan.Greater},
		{"over", "^^^*", partizan.Greater},
		{"over", "1/64", partizan.Less},
		{"under", "0", partizan.Less},
		{"on", "100", partizan.Greater},
		{"off", "-100", partizan.Less},
		{"on", "over", partizan.Greater},
		{"over", "{0|pass}", partizan.Equal},
		{"a:{0|a}", "over", partizan.Equal},
		{"on+1", "on", partizan.Equal},
		{"over+1", "{1|1+over}", partizan.Equal},
		{"upon", "0", partizan.Greater},
		{"upon", "^", partizan.Greater},
		{"upon", "*", partizan.Fuzzy},
		{"{0|*}", "^", partizan.Equal},
	}
	for _, c := range cases {
		if got := rel(c.a, c.b); got != c.want {
			t.Errorf("%s %v %s, want %v", c.a, got, c.b, c.want)
		}
	}
	// on + off and dud are draws whoever starts, and dud swallows any
	// game added to it.
	r := rand.New(rand.NewPCG(7, 8))
	for _, s := range []string{"on+off", "dud"} {
		for range 50 {
			x, err := add(parse(s), randomGame(r, 1+r.IntN(5), 0.3))
			if err != nil {
				t.Fatal(err)
			}
			cls, err := Play(x)
			lf, rf := cls.LeftFirst(), cls.RightFirst()
			if err != nil {
				t.Fatal(err)
			}
			if lf != outcome.Draw || rf != outcome.Draw {
				t.Fatalf("%s + %v: %v, %v, want draws", s, x, lf, rf)
			}
		}
	}
	// dud = on & off is confused with every stopper but on and off:
	// on ≥ x fails nowhere, off ≤ x nowhere.
	for _, c := range []struct {
		x    string
		want partizan.Relation
	}{{"0", partizan.Fuzzy}, {"5", partizan.Fuzzy}, {"over", partizan.Fuzzy}, {"on", partizan.Less}, {"off", partizan.Greater}, {"dud", partizan.Equal}, {"on+off", partizan.Equal}} {
		y, _ := Parse(context.Background(), c.x, nil)
		if r, err := Compare(context.Background(), dud(), y, nil); err != nil || r != c.want {
			t.Errorf("dud %v %s (%v), want %v", r, c.x, err, c.want)
		}
	}
}

func TestSimplify(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for range 800 {
		x := randomStopper(r)
		s, err := Simplify(context.Background(), x, nil)
		if err != nil {
			t.Fatal(err)
		}
		if rel, _ := Compare(context.Background(), s, x, nil); rel != partizan.Equal {
			t.Fatalf("%v simplifies to %v, which is %v it", x, s, rel)
		}
		if s.len() > x.len() {
			t.Fatalf("%v simplifies to %v, larger", x, s)
		}
		// The form reads back as x.
		back, err := Parse(context.Background(), s.String(), nil)
		if err != nil {
			t.Fatalf("%v prints as %q, which does not read back: %v", x, s, err)
		}
		if rel, _ := Compare(context.Background(), back, x, nil); rel != partizan.Equal {
			t.Fatalf("%v prints as %q, which reads back as %v it", x, s, rel)
		}
		// Equal games have identical simplest forms: x + 0 built another
		// way, and the simplest form simplified again.
		zero, _ := FromShort(partizan.Zero)
		y, _ := add(x, zero)
		checkSameForm(t, x, s, y)
		checkSameForm(t, x, s, s)
	}
	// Pairs of random stoppers that happen to be equal.
	equal := 0
	for range 3000 {
		x, y := randomStopper(r), randomStopper(r)
		if rel, _ := Compare(context.Background(), x, y, nil); rel == partizan.Equal {
			equal++
			sx, _ := Simplify(context.Background(), x, nil)
			checkSameForm(t, x, sx, y)
		}
	}
	if equal < 20 {
		t.Errorf("only %d equal pairs", equal)
	}
}

func checkSameForm(t *testing.T, x, s, y Game) {
	t.Helper()
	sy, err := Simplify(context.Background(), y, nil)
	if err != nil {
		t.Fatal(err)
	}
	l1, r1 := s.Graph()
	l2, r2 := sy.Graph()
	if !slices.EqualFunc(l1, l2, slices.Equal) || !slices.EqualFunc(r1, r2, slices.Equal) {
		t.Fatalf("%v and %v are equal but simplify to %v and %v", x, y, s, sy)
	}
}

func TestShortGamesStayCanonical(t *testing.T) {
	for _, s := range []string{"0", "*", "^", "{2|-1}", "1/2", "^*", "{1|*}", "-3/4", "*5"} {
		g, err := partizan.NewCalculator(nil).Parse(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		short, err := FromShort(g)
		if err != nil {
			t.Fatal(err)
		}
		x, err := Simplify(context.Background(), short, nil)
		if err != nil {
			t.Fatal(err)
		}
		h, ok := x.Short()
		if !ok || !h.Equal(g) {
			t.Errorf("%s: simplest form %v", s, x)
		}
		if x.String() != g.String() {
			t.Errorf("%s prints %q, want %q", s, x.String(), g.String())
		}
	}
}

func TestNotation(t *testing.T) {
	cases := []struct{ in, want string }{
		{"on", "on"}, {"off", "off"}, {"over", "over"}, {"under", "under"},
		{"upon", "^[on]"}, {"{0|pass}", "over"}, {"{pass|}", "on"},
		{"-over", "under"}, {"on+3", "on"}, {"a:{0|{*|a}}", "*"}, {"over+*", "over"},
		{"upon+*", "^[on]*"}, {"a:{{a|1}|-1}", "{0|-1}"},
		// The sign of a leading number is the number's, as in package
		// partizan: −1 + ↑, not −(1 + ↑).
		{"-1^", "-1^"}, {"-1+^", "-1^"}, {"^1-{0|}", "-1^"}, {"-1^+over", "-1over"}, {"-(1^)", "-1v"},
		{"{pass|*}", "^[on]"}, {"{1|1+over}", "1over"},
		// x + over = {x | pass} and x + upon + *m as CGSuite names them.
		{"2+over", "2over"}, {"-1/2+under", "-1/2under"}, {"-1+over", "-1over"},
		{"3+upon", "3^[on]"}, {"4-upon+*", "4v[on]*"}, {"upon+*2", "^[on]*2"},
		{"-(3/4+upon)", "-3/4v[on]"}, {"2over+1", "3over"}, {"-1over", "-1over"},
		{"1-1over", "under"}, {"^[on]*", "^[on]*"}, {"5/2v[on]*3", "5/2v[on]*3"},
		// Bars nest as in short games.
		{"{pass||1|2}", "3/2under"}, {"{on||0|-1/2}", "{on||0|-1/2}"},
		{"{1/2|0||off}", "{1/2|0||off}"}, {"{6|2over}", "{6|2over}"},
		{"{4over|3*}", "{4over|3*}"},
		// CGSuite's strings (CanonicalStopperTestCase.scala and GameTest.scala
		// in github.com/aaron-siegel/cgsuite): labels with no colon, at
		// most four bars in a row, pass for the innermost game, ↑^on.
		{"{pass|3/2}", "3/2under"}, {"{-1/4+*|pass}", "-1/4v[on]"},
		{"{0||0|0,pass}", "^<on>"}, {"{0|{0||0|0,pass}||-{0||0|0,pass}}", "{0|^<on>||v<on>}"},
		{"a{0||||0|||a|*||*}", "a{0||||0|||a|*||*}"},
		{"{0|{0||||-1|||-1+*,a{0||0|a|||-1+*||||-1+*}||-2|b{-2,{-1,-1+*||-1+*|b|||-2}|-2}}}",
			"{0|{0||||-1|||-1*,a{0||0|a|||-1*||||-1*}||-2|b{-2,{-1,-1*||-1*|b|||-2}|-2}}}"},
		{"a{0|{0||||0,*2|||a|0||0}||0}", "a{0|{0||||0,*2|||a|0||0}||0}"},
		{"{0||0,pass|0,v[4]*}", "{0||0,pass|0,v[4]*}"}, // ^.Pow({5|pass})
		{"{^[5]|*,pass}", "{^[5]|*,pass}"},             // ^.PowTo({5|pass})
		{"{0||0|^<on>*}", "{0||0|^<on>*}"}, {"{0|^[on]}", "{0|^[on]}"},
		{"1^<on>*", "1^<on>*"}, {"-1/2v<on>*", "-1/2v<on>*"},
		{"{0|||0||0|off}", "{0|Tiny(on)}"}, {"{on|0||0}", "Miny(on)"}, {"{0||0|under}", "Tiny(over)"},
		{"+-{0|pass}", "+-over"}, {"+-{5|pass}", "+-(5over)"},
		// and read back as written.
		{"Tiny(on)", "Tiny(on)"}, {"2Miny(over)", "2Miny(over)"}, {"+-(5over)", "+-(5over)"},
		{"+-{1,over}", "+-1"},
	}
	// Pass names the game whose list holds it: {0||0|0,pass} is
	// {0|{0|0,pass}}, not a{0||0|0,a}.
	for _, c := range []struct {
		x, y string
		want partizan.Relation
	}{{"{0||0|0,pass}", "{0|{0|0,pass}}", partizan.Equal}, {"{0||0|0,pass}", "a{0||0|0,a}", partizan.Less}} {
		x, err := Parse(context.Background(), c.x, nil)
		if err != nil {
			t.Fatal(err)
		}
		y, err := Parse(context.Background(), c.y, nil)
		if err != nil {
			t.Fatal(err)
		}
		if rel, err := Compare(context.Background(), x, y, nil); err != nil || rel != c.want {
			t.Errorf("%s is %v %s (%v), want %v", c.x, rel, c.y, err, c.want)
		}
	}
	for _, c := range cases {
		g, err := Parse(context.Background(), c.in, nil)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		s, err := Simplify(context.Background(), g, nil)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if got := s.String(); got != c.want {
			t.Errorf("%q prints %q, want %q", c.in, got, c.want)
		}
		back, err := Parse(context.Background(), s.String(), nil)
		if err != nil {
			t.Errorf("%q does not read back: %v", s.String(), err)
			continue
		}
		if rel, err := Compare(context.Background(), back, g, nil); err != nil || rel != partizan.Equal {
			t.Errorf("%q reads back as %v of it (%v)", s.String(), rel, err)
		}
	}
	for _, bad := range []string{"", "{", "{0}", "{0|", "foo", "pass", "a:{a+1|}", "{1||2||3}", "{0|1|2}", "2over*", "a:{0|b}", "*x", "1/0", "(", "{0|0}}"} {
		if _, err := Parse(context.Background(), bad, nil); !errors.Is(err, errSyntax) {
			t.Errorf("%q: %v, want errSyntax", bad, err)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"over", "a:{0|{a|*}}", "{pass|*}+1", "-on", "^*+{1|pass}", "a:{{|a}|pass,{|a}}", "{pass|pass,0}+a:{0,pass|{|a||}}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := Parse(context.Background(), s, nil)
		if err != nil {
			var tl *budget.TooLargeError
			if !errors.Is(err, errSyntax) && !errors.As(err, &tl) {
				t.Fatalf("%q: an error of neither kind: %v", s, err)
			}
			return
		}
		if g.len() > 64 {
			return
		}
		if _, ok := g.Text(4096); !ok {
			return // a text longer than String writes, shortened
		}
		if !g.IsStopper() {
			// The text reads back as a game of the same value: the same
			// onside and offside.
			back, err := Parse(context.Background(), g.String(), nil)
			if err != nil {
				t.Fatalf("%q prints %q, which does not read back: %v", s, g, err)
			}
			on, err1 := sameOnside(newMeter(context.Background(), nil), g, back)
			off, err2 := sameOnside(newMeter(context.Background(), nil), g.Neg(), back.Neg())
			if err1 != nil || err2 != nil || !on || !off {
				t.Fatalf("%q prints %q, which reads back as another game (%v, %v)", s, g, err1, err2)
			}
			return
		}
		x, err := Simplify(context.Background(), g, nil)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if _, ok := x.Text(4096); !ok {
			return
		}
		back, err := Parse(context.Background(), x.String(), nil)
		if err != nil {
			t.Fatalf("%q prints %q, which does not read back: %v", s, x, err)
		}
		if rel, err := Compare(context.Background(), back, g, nil); err != nil || rel != partizan.Equal {
			t.Fatalf("%q prints %q, %v of it", s, x, rel)
		}
	})
}
