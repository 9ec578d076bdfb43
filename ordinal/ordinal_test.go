package ordinal

import (
	"cmp"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// packed returns an ordinal of degree ≤ 3 with 16-bit coefficients and
// the same ordinal as a 64-bit word, 16 bits per coefficient: below ω^4
// with such coefficients, ordinal order is integer order and the nim-sum
// is xor.
func packed(r *rand.Rand) (Ordinal, uint64) {
	var c [4]uint64
	var w uint64
	for i := range c {
		if r.IntN(3) > 0 {
			c[i] = uint64(r.IntN(1 << 16))
			if r.IntN(2) == 0 {
				c[i] %= 4
			}
		}
		w |= c[i] << (16 * i)
	}
	return New(c[:]...), w
}

func TestCmpAndNimSumAgainstPacking(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		a, wa := packed(r)
		b, wb := packed(r)
		if got, want := a.Cmp(b), cmp.Compare(wa, wb); got != want {
			t.Fatalf("Cmp(%v, %v) = %d, want %d", a, b, got, want)
		}
		s := a.NimSum(b)
		var ws uint64
		for i := range 4 {
			ws |= s.Coeff(i) << (16 * i)
		}
		if ws != wa^wb || s.Degree() > 3 {
			t.Fatalf("%v ⊕ %v = %v", a, b, s)
		}
		if !a.NimSum(b).NimSum(a).Equal(b) || !a.NimSum(a).IsZero() {
			t.Fatalf("⊕ is not its own inverse for %v, %v", a, b)
		}
	}
}

func TestMexDefinition(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 5000 {
		floor := New(uint64(r.IntN(3)), uint64(r.IntN(2)), uint64(r.IntN(2)))
		var xs []Ordinal
		for range r.IntN(7) {
			// Near the floor, so that the mex must skip some of them.
			x := floor.Coeffs()
			if len(x) == 0 {
				x = []uint64{0}
			}
			x[0] += uint64(r.IntN(4))
			if r.IntN(4) == 0 {
				x = append(x, 0, 0, uint64(r.IntN(2)))
			}
			xs = append(xs, New(x...))
		}
		m := mex(floor, xs...)
		in := func(a Ordinal) bool {
			for _, x := range xs {
				if x.Equal(a) {
					return true
				}
			}
			return false
		}
		if m.Cmp(floor) < 0 || in(m) {
			t.Fatalf("mex(%v, %v) = %v: below the floor or taken", floor, xs, m)
		}
		// Everything from the floor up to m is taken: m - floor is finite
		// and each floor + i below it is in xs.
		d := m.Coeff(0) - floor.Coeff(0)
		for i := 1; i <= max(m.Degree(), floor.Degree()); i++ {
			if m.Coeff(i) != floor.Coeff(i) {
				t.Fatalf("mex(%v, %v) = %v is infinitely far above the floor", floor, xs, m)
			}
		}
		for i := range d {
			c := floor.Coeffs()
			if len(c) == 0 {
				c = []uint64{0}
			}
			c[0] += i
			if !in(New(c...)) {
				t.Fatalf("mex(%v, %v) = %v skips %v", floor, xs, m, New(c...))
			}
		}
	}
	if got := mex(Ordinal{}, New(0), New(1), New(3)); !got.Equal(New(2)) {
		t.Errorf("mex{0,1,3} = %v", got)
	}
	if got := mex(Term(1, 1), Term(1, 1), Term(1, 1).succ()); !got.Equal(New(2, 1)) {
		t.Errorf("mex(ω; ω, ω+1) = %v", got)
	}
}

func TestStringParse(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Ordinal
		out  string
	}{
		{"0", Ordinal{}, "0"},
		{"5", New(5), "5"},
		{"w", Term(1, 1), "ω"},
		{"ω^2·3 + ω + 5", New(5, 1, 3), "ω^2·3 + ω + 5"},
		{"3*w^2 + w*2", New(0, 2, 3), "ω^2·3 + ω·2"},
		{"w + w + 1", New(1, 2), "ω·2 + 1"},
		{"w^0*7", New(7), "7"},
		{"0*w^5", Ordinal{}, "0"},
	} {
		got, err := Parse(c.in)
		if err != nil || !got.Equal(c.want) || got.String() != c.out {
			t.Errorf("Parse(%q) = %v, %v; want %v", c.in, got, err, c.out)
		}
		back, err := Parse(got.String())
		if err != nil || !back.Equal(got) {
			t.Errorf("Parse(%q) = %v, %v", got.String(), back, err)
		}
	}
	for _, bad := range []string{"", "+", "w^", "w^-1", "ww", "w*w", "2*3", "x", "w^99999999", "18446744073709551616", "18446744073709551615+1"} {
		if _, err := Parse(bad); !errors.Is(err, ErrSyntax) {
			t.Errorf("Parse(%q): err = %v, want ErrSyntax", bad, err)
		}
	}
}

// FuzzParse checks that whatever parses prints back to the same ordinal.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"w^2*3+w+5", "ω", "0", "7·ω^3", "w^1048577"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := Parse(s)
		if err != nil {
			return
		}
		b, err := Parse(a.String())
		if err != nil || !a.Equal(b) {
			t.Fatalf("Parse(%q) = %v, which reads back as %v, %v", s, a, b, err)
		}
	})
}

func ExampleOrdinal_NimSum() {
	a, _ := Parse("ω^2·3 + ω + 5")
	b, _ := Parse("ω^2 + ω + 1")
	fmt.Println(a.NimSum(b))
	fmt.Println(a.Cmp(b))
	// Output:
	// ω^2·2 + 4
	// 1
}

// mex returns the least ordinal that is neither below floor nor among xs:
// the minimum excludant of the set {β : β < floor} ∪ xs. With floor 0 it
// is the mex of the finite set xs, always a natural number; a floor
// describes a position whose options take every value below it, as when a
// move may reset lower coordinates freely.
func mex(floor Ordinal, xs ...Ordinal) Ordinal {
	// Candidates are floor, floor+1, …; only those in xs are skipped, and
	// xs is finite, so sort the ones at or above floor and walk.
	var above []Ordinal
	for _, x := range xs {
		if x.Cmp(floor) >= 0 {
			above = append(above, x)
		}
	}
	slices.SortFunc(above, Ordinal.Cmp)
	m := floor
	for _, x := range above {
		switch x.Cmp(m) {
		case 0:
			m = m.succ()
		case 1:
			return m
		}
	}
	return m
}

// succ returns a + 1, the least ordinal above a.
func (a Ordinal) succ() Ordinal {
	v := slices.Clone(a.c)
	if len(v) == 0 {
		return New(1)
	}
	v[0]++
	if v[0] == 0 {
		panic("ordinal: coefficient overflow in succ")
	}
	return Ordinal{c: v}
}
