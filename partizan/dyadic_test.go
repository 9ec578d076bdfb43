package partizan

import (
	"errors"
	"fmt"
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
			x, _ := NewDyadic(n, k)
			if Birthday(x) != birthday(x) {
				t.Fatalf("Birthday(%v) = %d, tree height %d", x, Birthday(x), birthday(x))
			}
		}
	}
}

func TestSimplestIsEarliestBorn(t *testing.T) {
	// Every dyadic with denominator up to 2^6 and |x| ≤ 6.
	var all []Dyadic
	for n := int64(-6 * 64); n <= 6*64; n++ {
		d, _ := NewDyadic(n, 6)
		all = append(all, d)
	}
	// Candidates, with the midpoints' denominator 2^7, and their birthdays.
	var cands []Dyadic
	var days []int64
	for n := int64(-6 * 128); n <= 6*128; n++ {
		x, _ := NewDyadic(n, 7)
		cands = append(cands, x)
		days = append(days, birthday(x))
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		lo, hi := all[r.IntN(len(all))], all[r.IntN(len(all))]
		if lo.Cmp(hi) >= 0 {
			if _, err := Simplest(lo, hi); err == nil {
				t.Fatalf("Simplest(%v, %v) accepted an empty interval", lo, hi)
			}
			continue
		}
		got, err := Simplest(lo, hi)
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
		if got != best {
			t.Fatalf("Simplest(%v, %v) = %v, earliest born %v", lo, hi, got, best)
		}
	}
}

func TestDyadicArithmetic(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		a, _ := NewDyadic(int64(r.IntN(2001)-1000), r.IntN(8))
		b, _ := NewDyadic(int64(r.IntN(2001)-1000), r.IntN(8))
		s, err := a.Add(b)
		if err != nil {
			t.Fatal(err)
		}
		if s.Float64() != a.Float64()+b.Float64() {
			t.Fatalf("%v + %v = %v", a, b, s)
		}
		want := 0
		if a.Float64() < b.Float64() {
			want = -1
		} else if a.Float64() > b.Float64() {
			want = 1
		}
		if a.Cmp(b) != want {
			t.Fatalf("Cmp(%v, %v) = %d", a, b, a.Cmp(b))
		}
		if f := a.Float64(); float64(a.Floor()) > f || float64(a.Floor())+1 <= f || float64(a.Ceil()) < f || float64(a.Ceil())-1 >= f {
			t.Fatalf("floor/ceil of %v: %d %d", a, a.Floor(), a.Ceil())
		}
		back, err := ParseDyadic(a.String())
		if err != nil || back != a {
			t.Fatalf("ParseDyadic(%q) = %v, %v", a.String(), back, err)
		}
	}
	big, _ := Int(MaxNum)
	if _, err := big.Add(big); !errors.Is(err, ErrRange) {
		t.Errorf("2^31 + 2^31: %v", err)
	}
}

func TestParseDyadicErrors(t *testing.T) {
	for _, s := range []string{"", "1/3", "3/0", "x", "1/", "/2", "1/-2", "1/+2", "1/2/2", "99999999999", "1/2147483648", "1.5"} {
		if _, err := ParseDyadic(s); !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrRange) {
			t.Errorf("ParseDyadic(%q): %v", s, err)
		}
	}
	for s, want := range map[string]string{"6/8": "3/4", "-2/4": "-1/2", "+3": "3", "0/16": "0", "-0": "0"} {
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
		if err != nil || back != d {
			t.Fatalf("ParseDyadic(%q) = %v, which reads back as %v, %v", s, d, back, err)
		}
	})
}

func ExampleSimplest() {
	lo, _ := ParseDyadic("1/4")
	hi, _ := ParseDyadic("7/8")
	s, _ := Simplest(lo, hi) // {1/4 | 7/8} = 1/2
	fmt.Println(s)
	lo, _ = ParseDyadic("-3")
	hi, _ = ParseDyadic("5/2")
	s, _ = Simplest(lo, hi) // an integer of least absolute value
	fmt.Println(s)
	// Output:
	// 1/2
	// 0
}
