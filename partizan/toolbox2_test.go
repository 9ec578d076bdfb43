package partizan

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// randomAllSmall returns a random all-small game: every subposition but
// 0 has options for both players.
func randomAllSmall(r *rand.Rand, depth int) *Game {
	if depth == 0 || r.IntN(4) == 0 {
		return Zero
	}
	var l, rr []*Game
	for range 1 + r.IntN(2) {
		l = append(l, randomAllSmall(r, depth-1))
	}
	for range 1 + r.IntN(2) {
		rr = append(rr, randomAllSmall(r, depth-1))
	}
	return mk(l, rr)
}

// TestAtomicWeightKnown checks atomic weights that Winning Ways (ch. 8)
// and Siegel (Combinatorial Game Theory, II.7) state, and that games
// which are not infinitesimally close to a multiple of ↑ have none.
func TestAtomicWeightKnown(t *testing.T) {
	k := NewCalculator(nil)
	for in, want := range map[string]string{
		"0": "0", "*": "0", "*5": "0", "^": "1", "v": "-1", "^*": "1", "^^*": "2", "^7*3": "7",
		"{^^|v}": "1/2", "{^^|vv}": "*", "^<2>": "0", "^ + {^^|v}": "3/2",
	} {
		w, err := k.AtomicWeight(t.Context(), mustParse(t, in))
		if err != nil || w.String() != want {
			t.Errorf("atomic weight of %s: %v, %v; want %s", in, w, err, want)
		}
	}
	for _, in := range []string{"{1|-1}", "{2|0}", "{1/2|0}", "-2+^", "1*"} {
		if w, err := k.AtomicWeight(t.Context(), mustParse(t, in)); !errors.Is(err, ErrNotAtomic) {
			t.Errorf("atomic weight of %s: %v, %v; want ErrNotAtomic", in, w, err)
		}
	}
}

// TestAtomicWeightCalculus checks the laws of atomic weight on random
// all-small games: weights add over sums and negate with the game, the
// weight of n.↑ is n, and the two-ahead rule (weight ≥ 2 means Left wins
// whoever starts) decides outcomes independently of the calculus.
func TestAtomicWeightCalculus(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 11))
	k := NewCalculator(nil)
	two, minusTwo := number(Dyadic{num: 2}), number(Dyadic{num: -2})
	weight := func(g *Game) *Game {
		w, err := k.AtomicWeight(t.Context(), g)
		if err != nil {
			t.Fatalf("%v is all-small: %v", g, err)
		}
		return w
	}
	ahead := 0
	for range 300 {
		g, h := randomAllSmall(r, 1+r.IntN(3)), randomAllSmall(r, 1+r.IntN(3))
		if !g.isAllSmall() || !g.isInfinitesimal() {
			t.Fatalf("%v: not reported all-small and infinitesimal", g)
		}
		wg, wh := weight(g), weight(h)
		if s := weight(add2(g, h)); !s.Equal(add2(wg, wh)) {
			t.Fatalf("AW(%v + %v) = %v, but AW(G) + AW(H) = %v + %v", g, h, s, wg, wh)
		}
		if n := weight(g.Neg()); !n.Equal(wg.Neg()) {
			t.Fatalf("AW(−%v) = %v, want %v", g, n, wg.Neg())
		}
		if lessEq(two, wg) {
			ahead++
			if o := outcomeBySearch([]*raw{rawOf(g)}); o != Greater {
				t.Fatalf("%v weighs %v ≥ 2 but its outcome by play is %v", g, wg, o)
			}
		}
		if lessEq(wg, minusTwo) && outcomeBySearch([]*raw{rawOf(g)}) != Less {
			t.Fatalf("%v weighs %v ≤ −2 but Right does not win it", g, wg)
		}
	}
	if ahead == 0 {
		t.Fatal("no random game weighed 2 or more: the two-ahead rule went untested")
	}
	for n := int64(-4); n <= 4; n++ {
		p, err := k.NortonMultiply(t.Context(), number(Dyadic{num: n}), upGame)
		if err != nil {
			t.Fatal(err)
		}
		if w := weight(p); !w.Equal(number(Dyadic{num: n})) {
			t.Errorf("AW(%d.↑) = %v", n, w)
		}
	}
}

// TestNortonMultiply checks Norton products by their laws (Siegel,
// Combinatorial Game Theory, II.5): g.1 = g, since 1's only incentive is
// −1; n.u is n copies of u; for u > 0 the product is additive in g and
// keeps the order of g.
func TestNortonMultiply(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 12))
	k := NewCalculator(nil)
	mul := func(g, u *Game) *Game {
		p, err := k.NortonMultiply(t.Context(), g, u)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	one := number(Dyadic{num: 1})
	units := []*Game{upGame, one, mustParse(t, "1*"), mustParse(t, "{2|1}"), mustParse(t, "^*2"), mustParse(t, "{1|^}")}
	for _, u := range units {
		if compare(u, Zero) != Greater {
			t.Fatalf("unit %v is not positive", u)
		}
	}
	if g := mul(number(Dyadic{num: 3}), upGame); !g.Equal(mustParse(t, "^3")) {
		t.Errorf("3.↑ = %v", g)
	}
	if g := mul(number(Dyadic{num: -2}), mustParse(t, "{2|1}")); !g.Equal(mustParse(t, "-{2|1} - {2|1}")) {
		t.Errorf("-2.{2|1} = %v", g)
	}
	for range 200 {
		g, h := canonical(randomRaw(r, 1+r.IntN(2))), canonical(randomRaw(r, 1+r.IntN(2)))
		if p := mul(g, one); !p.Equal(g) {
			t.Fatalf("%v.1 = %v", g, p)
		}
		u := units[r.IntN(len(units))]
		gu, hu := mul(g, u), mul(h, u)
		if s := mul(add2(g, h), u); !s.Equal(add2(gu, hu)) {
			t.Fatalf("(%v + %v).%v = %v, but the sum of the products is %v", g, h, u, s, add2(gu, hu))
		}
		if compare(g, h) != compare(gu, hu) {
			t.Fatalf("%v against %v is %v, but their products by %v compare %v", g, h, compare(g, h), u, compare(gu, hu))
		}
	}
}

// TestReducedCanonicalForm checks reduced canonical forms against their
// defining properties (Grossman and Siegel): g − rcf(g) is
// infinitesimal, games that differ by an infinitesimal share one, and
// rcf(rcf(g)) = rcf(g).
func TestReducedCanonicalForm(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 13))
	k := NewCalculator(nil)
	rcf := func(g *Game) *Game {
		v, err := k.ReducedCanonicalForm(t.Context(), g)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for in, want := range map[string]string{
		"^": "0", "3/2v*": "3/2", "{0|{0|-2}}": "0", "{2|^}": "{2|0}", "{1|-1}+^": "+-1", "{3|1*}": "{3|1}",
	} {
		if g := rcf(mustParse(t, in)); g.String() != want {
			t.Errorf("rcf(%s) = %v, want %s", in, g, want)
		}
	}
	smalls := []*Game{upGame, starGame, mustParse(t, "{0|{0|-2}}"), mustParse(t, "^<2>*"), mustParse(t, "v*3")}
	for range 300 {
		g := canonical(randomRaw(r, 1+r.IntN(3)))
		v := rcf(g)
		if d := add2(g, v.Neg()); !d.isInfinitesimal() {
			t.Fatalf("%v − rcf %v = %v is not infinitesimal", g, v, d)
		}
		if w := rcf(add2(g, smalls[r.IntN(len(smalls))])); !w.Equal(v) {
			t.Fatalf("rcf(%v) = %v but adding an infinitesimal gives %v", g, v, w)
		}
		if w := rcf(v); !w.Equal(v) {
			t.Fatalf("rcf(%v) = %v, but rcf of that is %v", g, v, w)
		}
	}
}

// TestInfinitesimal checks isInfinitesimal against its definition,
// −x < g < x for a positive number x below every nonzero stop g can
// have (a game born on day n has stops with denominators up to 2^n),
// and isAllSmall against games built all-small and games that are not.
func TestInfinitesimal(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 14))
	for range 500 {
		g := canonical(randomRaw(r, 1+r.IntN(3)))
		x := number(newDyadic(1, int(g.Birthday().Int64())+2))
		want := compare(g, x) == Less && compare(g, x.Neg()) == Greater
		if g.isInfinitesimal() != want {
			t.Fatalf("%v: IsInfinitesimal %v, but within ±%v: %v", g, g.isInfinitesimal(), x, want)
		}
		if g.isAllSmall() && !want {
			t.Fatalf("%v is all-small but not infinitesimal", g)
		}
	}
	for in, want := range map[string]bool{
		"0": true, "*": true, "^": true, "^<3>": true, "{^^|v}": true, "1": false, "1/2": false, "^+1": false,
		"{0|{0|-2}}": false, "+-1": false,
	} {
		if got := mustParse(t, in).isAllSmall(); got != want {
			t.Errorf("%s: IsAllSmall %v, want %v", in, got, want)
		}
	}
}

// TestOverheat checks overheating: ∫_1^t g is ∫^t g for games whose
// numbers are all integers, an integer n overheats to n copies of s,
// and ∫_1^{1*} of {1|0} is {2*|−1*} by the definition.
func TestOverheat(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 15))
	k := NewCalculator(nil)
	one := number(Dyadic{num: 1})
	over := func(g, s, tt *Game) *Game {
		v, err := k.Overheat(t.Context(), g, s, tt)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	if g := over(mustParse(t, "{1|0}"), one, mustParse(t, "1*")); !g.Equal(mustParse(t, "{2*|-1*}")) {
		t.Errorf("∫_1^1* {1|0} = %v", g)
	}
	if g := over(number(Dyadic{num: 3}), upGame, one); !g.Equal(mustParse(t, "^3")) {
		t.Errorf("∫_↑^1 3 = %v", g)
	}
	integral := func(g *Game) bool {
		for _, s := range []*Game{g} {
			if d, ok := s.AsNumber(); ok && !d.IsInt() {
				return false
			}
		}
		return true
	}
	tested := 0
	for range 200 {
		x := randomRaw(r, 1+r.IntN(3))
		g := canonical(x)
		if !allIntegers(g) || !integral(g) {
			continue
		}
		tested++
		tt := []*Game{one, number(Dyadic{num: 2}), starGame, upGame}[r.IntN(4)]
		h, err := k.Heat(t.Context(), g, tt)
		if err != nil {
			t.Fatal(err)
		}
		if o := over(g, one, tt); !o.Equal(h) {
			t.Fatalf("∫_1^%v %v = %v, but ∫^%v is %v", tt, g, o, tt, h)
		}
	}
	if tested < 50 {
		t.Fatalf("only %d random games had integer numbers", tested)
	}
}

// allIntegers reports whether every number among g's subpositions is an
// integer.
func allIntegers(g *Game) bool {
	if g.isNum {
		return g.num.IsInt()
	}
	for _, o := range append(g.Left(), g.Right()...) {
		if !allIntegers(o) {
			return false
		}
	}
	return true
}

// compoundWins reports whether the player to move wins g ∧ h (or g ∨ h
// when selective), playing the compound out move by move.
func compoundWins(g, h *raw, left, selective bool) bool {
	opts := func(x *raw) []*raw {
		if left {
			return x.l
		}
		return x.r
	}
	for _, a := range opts(g) {
		for _, b := range opts(h) {
			if !compoundWins(a, b, !left, selective) {
				return true
			}
		}
		if selective && !compoundWins(a, h, !left, selective) {
			return true
		}
	}
	if selective {
		for _, b := range opts(h) {
			if !compoundWins(g, b, !left, selective) {
				return true
			}
		}
	}
	return false
}

// TestCompounds checks conjunctive and selective compounds of random
// games against play: the compound's outcome is that of the game played
// out by its rules on the components' canonical forms.
func TestCompounds(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 16))
	k := NewCalculator(nil)
	for range 300 {
		g, h := canonical(randomRaw(r, 1+r.IntN(3))), canonical(randomRaw(r, 1+r.IntN(3)))
		for _, selective := range []bool{false, true} {
			op := k.Conjunctive
			if selective {
				op = k.Selective
			}
			c, err := op(t.Context(), g, h)
			if err != nil {
				t.Fatal(err)
			}
			gr, hr := rawOf(g), rawOf(h)
			l, rt := compoundWins(gr, hr, true, selective), compoundWins(gr, hr, false, selective)
			want := map[[2]bool]Relation{{true, true}: Fuzzy, {true, false}: Greater, {false, true}: Less, {false, false}: Equal}[[2]bool{l, rt}]
			if o := compare(c, Zero); o != want {
				t.Fatalf("%v and %v (selective %v): %v has outcome %v, play says %v", g, h, selective, c, o, want)
			}
		}
	}
	// Between nimbers, the conjunctive compound ends at the first 0 and
	// the selective one is a second-player win only between two zeros.
	for a := range 4 {
		for b := range 4 {
			c, _ := k.Conjunctive(t.Context(), Nimber(a), Nimber(b))
			s, _ := k.Selective(t.Context(), Nimber(a), Nimber(b))
			if (compare(c, Zero) == Equal) != (a == 0 || b == 0) || (compare(s, Zero) == Equal) != (a == 0 && b == 0) {
				t.Errorf("*%d and *%d: conjunctive %v, selective %v", a, b, c, s)
			}
		}
	}
}

// TestFreeze checks that a game cooled by its temperature is
// infinitesimally close to its mean (Siegel, Combinatorial Game Theory,
// II.5), and that numbers are left as they are.
func TestFreeze(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 17))
	k := NewCalculator(nil)
	for range 300 {
		g := canonical(randomRaw(r, 1+r.IntN(3)))
		f, err := k.Freeze(t.Context(), g)
		if err != nil {
			t.Fatal(err)
		}
		if g.isNum {
			if !f.Equal(g) {
				t.Fatalf("the number %v froze to %v", g, f)
			}
			continue
		}
		m, err := ratDyadic(thermographOf(g).Mean)
		if err != nil {
			t.Fatal(err)
		}
		if d := add2(f, number(m).Neg()); !d.isInfinitesimal() {
			t.Fatalf("%v froze to %v, which is not infinitesimally close to its mean %v", g, f, m)
		}
	}
}
