package partizan

import (
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

// birthday is the day on which Conway's construction first makes x: the
// height of its canonical game tree.
func birthday(x Dyadic) int64 {
	var height func(g *Game) int64
	height = func(g *Game) int64 {
		h := int64(0)
		for _, o := range append(append([]*Game(nil), g.Left()...), g.Right()...) {
			h = max(h, height(o)+1)
		}
		return h
	}
	return height(number(x))
}

func TestBirthday(t *testing.T) {
	for n := int64(-300); n <= 300; n++ {
		for k := range 4 {
			x := newDyadic(n, k)
			if numberBirthday(x).Int64() != birthday(x) {
				t.Fatalf("numberBirthday(%v) = %d, tree height %d", x, numberBirthday(x), birthday(x))
			}
		}
	}
}

func TestSimplestIsEarliestBorn(t *testing.T) {
	// Every dyadic with denominator up to 2^6 and |x| ≤ 6.
	var all []Dyadic
	for n := int64(-6 * 64); n <= 6*64; n++ {
		d := newDyadic(n, 6)
		all = append(all, d)
	}
	// Candidates, with the midpoints' denominator 2^7, and their birthdays.
	var cands []Dyadic
	var days []int64
	for n := int64(-6 * 128); n <= 6*128; n++ {
		x := newDyadic(n, 7)
		cands = append(cands, x)
		days = append(days, birthday(x))
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		lo, hi := all[r.IntN(len(all))], all[r.IntN(len(all))]
		if lo.Cmp(hi) >= 0 {
			if _, err := simplest(lo, hi); err == nil {
				t.Fatalf("simplest(%v, %v) accepted an empty interval", lo, hi)
			}
			continue
		}
		got, err := simplest(lo, hi)
		if err != nil {
			t.Fatal(err)
		}
		// The reference: the earliest born strictly inside (with the
		// midpoint's denominator, 2^7, allowed).
		var best Dyadic
		bestDay := int64(-1)
		for i, x := range cands {
			if lo.Cmp(x) < 0 && x.Cmp(hi) < 0 && (bestDay < 0 || days[i] < bestDay) {
				best, bestDay = x, days[i]
			}
		}
		if got.Cmp(best) != 0 || simplestBig(lo, hi).Cmp(best) != 0 {
			t.Fatalf("simplest(%v, %v) = %v, earliest born %v", lo, hi, got, best)
		}
	}
}

// randomDyadic returns a random value, small or big: numerators up to
// 2^bits, denominators up to 2^exps.
func randomDyadic(r *rand.Rand, bits, exps int) Dyadic {
	n := new(big.Int)
	for range bits/64 + 1 {
		n.Lsh(n, 64).Or(n, new(big.Int).SetUint64(r.Uint64()))
	}
	n.Rsh(n, uint(n.BitLen()-r.IntN(bits)-1))
	if r.IntN(2) == 0 {
		n.Neg(n)
	}
	d, _ := NewDyadicBig(n, r.IntN(exps+1))
	return d
}

// TestDyadicArithmetic checks sums, products, comparisons, floors and
// printing against math/big's rationals, for values held in machine
// words and values past them alike.
func TestDyadicArithmetic(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 20000 {
		bits, exps := 11, 8
		if i%2 == 1 {
			bits, exps = 100, 80
		}
		a, b := randomDyadic(r, bits, exps), randomDyadic(r, bits, exps)
		ra, rb := a.rat(), b.rat()
		if s := a.Add(b); s.rat().Cmp(new(big.Rat).Add(ra, rb)) != 0 {
			t.Fatalf("%v + %v = %v", a, b, s)
		}
		if s := a.Sub(b); s.rat().Cmp(new(big.Rat).Sub(ra, rb)) != 0 {
			t.Fatalf("%v − %v = %v", a, b, s)
		}
		if p := a.Mul(b); p.rat().Cmp(new(big.Rat).Mul(ra, rb)) != 0 {
			t.Fatalf("%v · %v = %v", a, b, p)
		}
		if a.Cmp(b) != ra.Cmp(rb) {
			t.Fatalf("Cmp(%v, %v) = %d", a, b, a.Cmp(b))
		}
		fl, ce := a.floor().rat(), a.ceil().rat()
		one := big.NewRat(1, 1)
		if !a.floor().IsInt() || !a.ceil().IsInt() || fl.Cmp(ra) > 0 || new(big.Rat).Add(fl, one).Cmp(ra) <= 0 ||
			ce.Cmp(ra) < 0 || new(big.Rat).Sub(ce, one).Cmp(ra) >= 0 {
			t.Fatalf("floor/ceil of %v: %v %v", a, a.floor(), a.ceil())
		}
		back, err := ParseDyadic(a.String())
		if err != nil || back.Cmp(a) != 0 || back.rat().RatString() != ra.RatString() {
			t.Fatalf("ParseDyadic(%q) = %v, %v", a.String(), back, err)
		}
		// Values are held small exactly when they fit, so keys are unique.
		if fits := a.exp <= smallExp && ra.Num().IsInt64() && ra.Num().CmpAbs(big.NewInt(smallNum)) <= 0; fits != (a.big == nil) {
			t.Fatalf("%v held in a big.Int: %v, fits a word: %v", a, a.big != nil, fits)
		}
	}
	x := Int(smallNum)
	if s := x.Add(x); s.String() != "4294967296" {
		t.Errorf("2^31 + 2^31 = %v", s)
	}
}

// TestSimplestBig checks the simplest number between big values against
// the simplicity rule: it lies inside, it is the integer of least
// absolute value when one lies inside, and otherwise no fraction with a
// smaller denominator does.
func TestSimplestBig(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 5000 {
		lo, hi := randomDyadic(r, 90, 70), randomDyadic(r, 90, 70)
		if r.IntN(2) == 0 { // a narrow interval
			hi = lo.Add(randomDyadic(r, 3, 90))
		}
		if c := lo.Cmp(hi); c == 0 {
			continue
		} else if c > 0 {
			lo, hi = hi, lo
		}
		x, err := simplest(lo, hi)
		if err != nil || lo.Cmp(x) >= 0 || x.Cmp(hi) >= 0 {
			t.Fatalf("simplest(%v, %v) = %v, %v: not inside", lo, hi, x, err)
		}
		inside := func(k int) bool { // a multiple of 1/2^k lies strictly inside
			l := new(big.Rat).Mul(lo.rat(), new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(k))))
			h := new(big.Rat).Mul(hi.rat(), new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(k))))
			f := new(big.Int).Div(l.Num(), l.Denom()) // floor, as Div rounds down for a positive divisor
			f.Add(f, big.NewInt(1))
			return new(big.Rat).SetInt(f).Cmp(h) < 0
		}
		if x.IsInt() {
			toward := x.Sub(Int(int64(x.Sign())))
			if x.Sign() != 0 && lo.Cmp(toward) < 0 && toward.Cmp(hi) < 0 {
				t.Fatalf("simplest(%v, %v) = %v, but %v is inside and simpler", lo, hi, x, toward)
			}
		} else if inside(x.exp - 1) {
			t.Fatalf("simplest(%v, %v) = %v, but a fraction over 2^%d lies inside", lo, hi, x, x.exp-1)
		}
	}
}

func TestParseDyadicErrors(t *testing.T) {
	for _, s := range []string{"", "1/3", "3/0", "x", "1/", "/2", "1/-2", "1/+2", "1/2/2", "1.5", "--1", "+", "1/0x10", "1/ 2"} {
		if _, err := ParseDyadic(s); !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrRange) {
			t.Errorf("ParseDyadic(%q): %v", s, err)
		}
	}
	for s, want := range map[string]string{"6/8": "3/4", "-2/4": "-1/2", "+3": "3", "0/16": "0", "-0": "0",
		"99999999999999999999999": "99999999999999999999999", "1/2147483648": "1/2147483648",
		"3/1267650600228229401496703205376": "3/1267650600228229401496703205376", "6/1267650600228229401496703205376": "3/633825300114114700748351602688"} {
		if d, err := ParseDyadic(s); err != nil || d.String() != want {
			t.Errorf("ParseDyadic(%q) = %v, %v; want %s", s, d, err, want)
		}
	}
}

// FuzzParseDyadic checks that whatever parses prints back to itself.
func FuzzParseDyadic(f *testing.F) {
	for _, s := range []string{"3/4", "-5/8", "7", "1/3", "1/1073741824"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDyadic(s)
		if err != nil {
			return
		}
		back, err := ParseDyadic(d.String())
		if err != nil || back.Cmp(d) != 0 || back.String() != d.String() {
			t.Fatalf("ParseDyadic(%q) = %v, which reads back as %v, %v", s, d, back, err)
		}
	})
}

// The simplest number theorem: {x | y} for numbers x < y is the simplest
// number strictly between them.
func ExampleNew_simplestNumber() {
	for _, c := range [][2]string{{"1/4", "7/8"}, {"-3", "5/2"}} {
		lo, _ := ParseDyadic(c[0])
		hi, _ := ParseDyadic(c[1])
		g, _ := New([]*Game{Number(lo)}, []*Game{Number(hi)})
		fmt.Println(g)
	}
	// Output:
	// 1/2
	// 0
}
