package partizan

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// raw is a game tree as played, without any simplification.
type raw struct{ l, r []*raw }

func randomRaw(r *rand.Rand, depth int) *raw {
	g := &raw{}
	if depth == 0 {
		return g
	}
	for range r.IntN(3) {
		g.l = append(g.l, randomRaw(r, depth-1))
	}
	for range r.IntN(3) {
		g.r = append(g.r, randomRaw(r, depth-1))
	}
	return g
}

func canonical(g *raw) *Game {
	var l, r []*Game
	for _, x := range g.l {
		l = append(l, canonical(x))
	}
	for _, x := range g.r {
		r = append(r, canonical(x))
	}
	return mk(l, r)
}

// wins reports whether the player to move (left or not) wins the sum of
// the components, by playing it out: a move is a move in one component.
func wins(comps []*raw, left bool) bool {
	for i, c := range comps {
		opts := c.r
		if left {
			opts = c.l
		}
		for _, o := range opts {
			next := append([]*raw(nil), comps...)
			next[i] = o
			if !wins(next, !left) {
				return true
			}
		}
	}
	return false
}

func outcomeBySearch(comps []*raw) Relation {
	l, r := wins(comps, true), wins(comps, false)
	switch {
	case l && r:
		return Fuzzy
	case l:
		return Greater
	case r:
		return Less
	}
	return Equal
}

func TestSumsAgainstPlay(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for range 400 {
		a, b := randomRaw(r, 1+r.IntN(3)), randomRaw(r, 1+r.IntN(2))
		ca, cb := canonical(a), canonical(b)
		if got, want := compare(ca, Zero), outcomeBySearch([]*raw{a}); got != want {
			t.Fatalf("%v: outcome %v, play %v", ca, got, want)
		}
		s := add2(ca, cb)
		if got, want := compare(s, Zero), outcomeBySearch([]*raw{a, b}); got != want {
			t.Fatalf("%v + %v = %v: outcome %v, play %v", ca, cb, s, got, want)
		}
		// a − b = 0 exactly when a = b; and a − a = 0 always.
		if !add2(ca, ca.Neg()).Equal(Zero) {
			t.Fatalf("%v − itself = %v", ca, add2(ca, ca.Neg()))
		}
		neg := &raw{}
		var negate func(*raw) *raw
		negate = func(x *raw) *raw {
			y := &raw{}
			for _, o := range x.r {
				y.l = append(y.l, negate(o))
			}
			for _, o := range x.l {
				y.r = append(y.r, negate(o))
			}
			return y
		}
		neg = negate(b)
		diff := outcomeBySearch([]*raw{a, neg})
		if got := compare(ca, cb); got != diff {
			t.Fatalf("Compare(%v, %v) = %v, play of the difference %v", ca, cb, got, diff)
		}
		// b ≤ a exactly when Left wins a − b moving second.
		if got, want := lessEq(cb, ca), diff == Equal || diff == Greater; got != want {
			t.Fatalf("lessEq(%v, %v) = %v, play of the difference %v", cb, ca, got, diff)
		}
		// Canonical forms are fixed points.
		if again := mk(ca.Left(), ca.Right()); again.key != ca.key {
			t.Fatalf("New of the canonical form %v gives %v", ca, again)
		}
	}
}

func TestBasicIdentities(t *testing.T) {
	// starGame is built on its own (the table of nimbers is lazy) and must
	// be the table's *1, key and all.
	if starGame.key != Nimber(1).key || starGame.String() != "*" {
		t.Errorf("starGame %v and *1 %v differ", starGame, Nimber(1))
	}
	if !add2(starGame, starGame).Equal(Zero) {
		t.Error("* + * ≠ 0")
	}
	if !add2(upGame, down).Equal(Zero) {
		t.Error("↑ + ↓ ≠ 0")
	}
	if !mk([]*Game{upGame}, []*Game{down}).Equal(starGame) {
		t.Errorf("{↑|↓} = %v, not *", mk([]*Game{upGame}, []*Game{down}))
	}
	if compare(add2(add2(upGame, upGame), starGame), Zero) != Greater {
		t.Error("↑ + ↑ + * is not > 0")
	}
	if compare(add2(upGame, starGame), Zero) != Fuzzy {
		t.Error("↑ + * is not ‖ 0")
	}
	for _, s := range []string{"1", "1/2", "1/64", "3/1024"} {
		x, _ := ParseDyadic(s)
		if compare(down, number(x.Neg())) != Greater {
			t.Errorf("↓ is not > −%s", s)
		}
	}
	if compare(upGame, Zero) != Greater || compare(down, Zero) != Less || compare(starGame, Zero) != Fuzzy {
		t.Error("outcomes of ↑, ↓, *")
	}
	// Numbers add as numbers; {0|} = 1, {0|1} = 1/2, 1/2 + 1/2 = 1.
	half, _ := ParseDyadic("1/2")
	one := Int(1)
	if !mk([]*Game{Zero}, nil).Equal(number(one)) || !mk([]*Game{Zero}, []*Game{number(one)}).Equal(number(half)) {
		t.Error("{0|} or {0|1}")
	}
	if !add2(number(half), number(half)).Equal(number(one)) {
		t.Error("1/2 + 1/2 ≠ 1")
	}
	// {x|y} for numbers x < y is the simplest number between them.
	r := rand.New(rand.NewPCG(2, 2))
	for range 300 {
		x := newDyadic(int64(r.IntN(41)-20), r.IntN(4))
		y := newDyadic(int64(r.IntN(41)-20), r.IntN(4))
		if x.Cmp(y) >= 0 {
			continue
		}
		want, _ := simplest(x, y)
		if g := mk([]*Game{number(x)}, []*Game{number(y)}); !g.Equal(number(want)) {
			t.Fatalf("{%v|%v} = %v, simplest %v", x, y, g, want)
		}
	}
}

func TestString(t *testing.T) {
	three4, _ := ParseDyadic("3/4")
	one := Int(1)
	cases := []struct {
		g    *Game
		want string
	}{
		{Zero, "0"},
		{number(three4), "3/4"},
		{starGame, "*"},
		{Nimber(3), "*3"},
		{add2(number(one), starGame), "1*"},
		{upGame, "^"},
		{down, "v"},
		{add2(upGame, starGame), "^*"},
		{add2(upGame, upGame), "^^"},
		{add2(add2(upGame, upGame), add2(upGame, starGame)), "^3*"},
		{mk([]*Game{number(one)}, []*Game{number(one.Neg())}), "+-1"},
		{mk([]*Game{Zero}, []*Game{mk([]*Game{Zero}, []*Game{number(one.Neg())})}), "Tiny(1)"},
	}
	for _, c := range cases {
		if got := c.g.String(); got != c.want {
			t.Errorf("String() = %q, want %q", got, c.want)
		}
	}
}

// add2 is Add for sums known to stay in range.
func add2(g, h *Game) *Game {
	s, err := addGames(g, h)
	if err != nil {
		panic(err)
	}
	return s
}

// mk is New for games known to stay in range.
func mk(l, r []*Game) *Game {
	g, err := New(l, r)
	if err != nil {
		panic(err)
	}
	return g
}

// rawOf writes a game out as its full tree, numbers included, so that
// play searches through numbers move by move.
func rawOf(g *Game) *raw {
	x := &raw{}
	for _, o := range g.Left() {
		x.l = append(x.l, rawOf(o))
	}
	for _, o := range g.Right() {
		x.r = append(x.r, rawOf(o))
	}
	return x
}

// TestNumbersAgainstPlay mixes numbers (held as values, compared and added
// by the avoidance and translation theorems) into games, and checks
// outcomes of sums against play through the numbers' trees.
func TestNumbersAgainstPlay(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	var mixed func(depth int) *raw
	mixed = func(depth int) *raw {
		if depth == 0 || r.IntN(4) == 0 {
			d := newDyadic(int64(r.IntN(9)-4), r.IntN(3))
			return rawOf(Number(d))
		}
		g := &raw{}
		for range r.IntN(3) {
			g.l = append(g.l, mixed(depth-1))
		}
		for range r.IntN(3) {
			g.r = append(g.r, mixed(depth-1))
		}
		return g
	}
	for range 300 {
		a, b := mixed(1+r.IntN(2)), mixed(1+r.IntN(2))
		ca, cb := canonical(a), canonical(b)
		if got, want := compare(add2(ca, cb), Zero), outcomeBySearch([]*raw{a, b}); got != want {
			t.Fatalf("%v + %v: outcome %v, play %v", ca, cb, got, want)
		}
		// The canonical form's tree, numbers written out, is the same game.
		if got := canonical(rawOf(ca)); !got.Equal(ca) {
			t.Fatalf("%v written out reads back as %v", ca, got)
		}
	}
}

// TestNumberStarsAgainstPlay checks the shortcuts for games d + *m (a
// number plus a nimber): sums (d + *m) + (e + *n) = (d + e) + *(m ⊕ n),
// comparisons by d, e and m = n, and the name "d*m", against play of the
// written-out trees.
func TestNumberStarsAgainstPlay(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 9))
	numberStar := func() (*Game, Dyadic, int) {
		d := newDyadic(int64(r.IntN(7)-3), r.IntN(2))
		m := r.IntN(4)
		return add2(Number(d), Nimber(m)), d, m
	}
	for range 150 {
		x, d, m := numberStar()
		y, e, n := numberStar()
		if gd, gm, ok := x.numberStar(); !ok || gd.Cmp(d) != 0 || gm != m {
			t.Fatalf("%v + *%d = %v: noted as %v + *%d (%v)", d, m, x, gd, gm, ok)
		}
		// x = d + *m by play: x − d − *m is a second-player win.
		if got := outcomeBySearch([]*raw{rawOf(x), rawOf(Number(d).Neg()), rawOf(Nimber(m))}); got != Equal {
			t.Fatalf("%v − %v − *%d: outcome %v by play, want 0", x, d, m, got)
		}
		if m > 0 && d.Sign() != 0 {
			want := d.String() + "*"
			if m > 1 {
				want += strconv.Itoa(m)
			}
			if x.String() != want {
				t.Fatalf("%v + *%d is written %q, want %q", d, m, x, want)
			}
		}
		if back := mk(x.Left(), x.Right()); !back.Equal(x) {
			t.Fatalf("%v rebuilt from its options is %v", x, back)
		}
		s := add2(x, y)
		if sd, sm, ok := s.numberStar(); !ok || sd.Cmp(mustAddDyadic(d, e)) != 0 || sm != m^n {
			t.Fatalf("(%v) + (%v) = %v, noted as %v + *%d (%v)", x, y, s, sd, sm, ok)
		}
		if got := outcomeBySearch([]*raw{rawOf(s), rawOf(x.Neg()), rawOf(y.Neg())}); got != Equal {
			t.Fatalf("(%v) + (%v) = %v: the difference's outcome is %v by play", x, y, s, got)
		}
		diff := outcomeBySearch([]*raw{rawOf(y), rawOf(x.Neg())})
		if got, want := lessEq(x, y), diff == Equal || diff == Greater; got != want {
			t.Fatalf("lessEq(%v, %v) = %v, play of the difference %v", x, y, got, diff)
		}
		// Against other games, the comparison goes the general way.
		g := canonical(randomRaw(r, 1+r.IntN(2)))
		diff = outcomeBySearch([]*raw{rawOf(g), rawOf(x.Neg())})
		if got, want := lessEq(x, g), diff == Equal || diff == Greater; got != want {
			t.Fatalf("lessEq(%v, %v) = %v, play of the difference %v", x, g, got, diff)
		}
		diff = outcomeBySearch([]*raw{rawOf(x), rawOf(g.Neg())})
		if got, want := lessEq(g, x), diff == Equal || diff == Greater; got != want {
			t.Fatalf("lessEq(%v, %v) = %v, play of the difference %v", g, x, got, diff)
		}
	}
	// Options d and d + *j for j short of 1 … m−1 are not d + *m (such a
	// game is not canonical: {0, *2 | 0, *2} = *).
	one := newDyadic(1, 0)
	for _, opts := range [][]*Game{{Zero, Nimber(2)}, {Number(one), add2(Number(one), Nimber(2))}, {Nimber(1), Nimber(2)}} {
		if _, m, ok := starPattern(sortOptions(opts), sortOptions(opts)); ok {
			t.Errorf("{%v | the same} is noted as a number plus *%d", opts, m)
		}
	}
	// A long sum of them, as Parse reads "99*99*99", takes no time.
	g, err := parseGame("99*99*99+1/2*7")
	if err != nil || g.String() != "199/2*7" {
		t.Fatalf(`parseGame("99*99*99+1/2*7") = %v, %v; want 199/2*7`, g, err)
	}
}

func mustAddDyadic(d, e Dyadic) Dyadic {
	return d.Add(e)
}

// TestRelationOutcome checks the outcome classes by their definition: a
// game greater than 0 is won by Left whoever starts (L), less than 0 by
// Right (R), equal to 0 by the second player (P), fuzzy by the first (N).
func TestRelationOutcome(t *testing.T) {
	for r, want := range map[Relation]string{Greater: "Left", Less: "Right", Equal: "second", Fuzzy: "first"} {
		if got := r.Outcome().Words(); got != want {
			t.Errorf("%v: %s wins, want %s", r, got, want)
		}
	}
}

// compare returns the relation of g to h, with no limit.
func compare(g, h *Game) Relation { return newComparer().compare(g, h) }
