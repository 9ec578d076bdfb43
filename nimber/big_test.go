package nimber

import (
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
)

// randBig returns a random nimber below 2^bits (bits ≥ 64 a power of two),
// sometimes with whole zero halves.
func randBig(r *rand.Rand, bits int) Big {
	w := make([]uint64, bits/64)
	for i := range w {
		if r.IntN(6) != 0 {
			w[i] = r.Uint64()
		}
	}
	return NewBig(w...)
}

func TestBigMatchesNimber(t *testing.T) {
	r := newRand(t)
	for range 2000 {
		a, b := randNimber(r), randNimber(r)
		x, y := NewBig(uint64(a)), NewBig(uint64(b))
		check := func(op string, got Big, want Nimber) {
			t.Helper()
			if n, ok := got.small(); !ok || n != want {
				t.Fatalf("%s(%#x, %#x): Big gives %v, Nimber gives %#x", op, a, b, got, want)
			}
		}
		check("Add", x.Add(y), a.Add(b))
		check("Mul", x.Mul(y), a.Mul(b))
		check("Square", x.square(), a.Square())
		check("Sqrt", x.Sqrt(), a.Sqrt())
		check("Inv", x.Inv(), a.Inv())
	}
}

func TestBigMulMatchesReference(t *testing.T) {
	r := newRand(t)
	for _, k := range []uint{7, 8, 9} {
		for range 20 {
			x, y := randBig(r, 1<<k), randBig(r, 1<<k)
			want := refBigMul(x.Int(), y.Int(), k)
			if got := x.Mul(y).Int(); got.Cmp(want) != 0 {
				t.Fatalf("%d-bit product %v ⊗ %v = %v, reference gives %v", 1<<k, x, y, got, want)
			}
		}
	}
}

func TestBigFermatRules(t *testing.T) {
	r := newRand(t)
	for k := uint(0); k <= 10; k++ {
		f := new(big.Int).Lsh(big.NewInt(1), 1<<k) // F = 2^(2^k)
		F := bigFromInt(f)
		// F ⊗ F = 3/2·F = F ⊕ F/2.
		want := new(big.Int).Or(f, new(big.Int).Rsh(f, 1))
		if got := F.Mul(F).Int(); got.Cmp(want) != 0 {
			t.Errorf("F ⊗ F for F = 2^%d: got %v", 1<<k, got)
		}
		// F ⊗ y = F·y for y < F.
		bitsY := max(64, 1<<k)
		for range 5 {
			y := randBig(r, bitsY).Int()
			y.Mod(y, f)
			got := F.Mul(bigFromInt(y)).Int()
			if got.Cmp(new(big.Int).Mul(f, y)) != 0 {
				t.Fatalf("F ⊗ y ≠ F·y for F = 2^%d, y = %v", 1<<k, y)
			}
		}
	}
}

func TestBigFieldAxioms(t *testing.T) {
	r := newRand(t)
	for _, size := range []int{128, 256, 512, 4096} {
		trials := 30
		if size == 4096 {
			trials = 3
		}
		for range trials {
			a, b, c := randBig(r, size), randBig(r, size), randBig(r, size)
			if !a.Mul(b).Equal(b.Mul(a)) {
				t.Fatalf("%d bits: commutativity fails", size)
			}
			if !a.Mul(b).Mul(c).Equal(a.Mul(b.Mul(c))) {
				t.Fatalf("%d bits: associativity fails", size)
			}
			if !a.Mul(b.Add(c)).Equal(a.Mul(b).Add(a.Mul(c))) {
				t.Fatalf("%d bits: distributivity fails", size)
			}
			if !a.square().Equal(a.Mul(a)) {
				t.Fatalf("%d bits: Square ≠ Mul(a, a)", size)
			}
			if !a.Sqrt().square().Equal(a) {
				t.Fatalf("%d bits: Sqrt(a)² ≠ a", size)
			}
			if !a.isZero() && !a.Mul(a.Inv()).Equal(NewBig(1)) {
				t.Fatalf("%d bits: a ⊗ Inv(a) ≠ 1 for %v", size, a)
			}
		}
	}
}

func TestBigFrobenius(t *testing.T) {
	// In GF(2^128), 128 squarings are the identity but 64 are not (for an
	// element outside GF(2^64)).
	r := newRand(t)
	for range 5 {
		a := randBig(r, 128).Add(NewBig(0, 1)) // make sure it is ≥ 2^64
		x := a
		for i := 1; i <= 128; i++ {
			x = x.square()
			if i == 64 && x.Equal(a) && a.fieldBits() == 128 {
				t.Fatalf("a^(2^64) = a for %v outside GF(2^64)", a)
			}
		}
		if !x.Equal(a) {
			t.Fatalf("a^(2^128) ≠ a for %v", a)
		}
	}
	// Fermat's little theorem through Pow: a^(2^128 - 1) = 1.
	a := NewBig(12345, 678)
	e := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1))
	if !a.Pow(e).Equal(NewBig(1)) {
		t.Fatal("a^(2^128-1) ≠ 1")
	}
}

func TestBigInverseAndZero(t *testing.T) {
	var zero Big
	q := NewBig(7, 9).Mul(NewBig(3, 4).Inv())
	if !q.Mul(NewBig(3, 4)).Equal(NewBig(7, 9)) {
		t.Errorf("7,9 ⊗ (3,4)⁻¹ = %v", q)
	}
	if !zero.Inv().isZero() || !zero.Sqrt().isZero() || !zero.square().isZero() || !zero.Mul(NewBig(3)).isZero() {
		t.Error("operations on 0")
	}
	if zero.String() != "0" || len(zero.words()) != 0 {
		t.Error("zero printing")
	}
}

func TestBigFieldBitsAndWords(t *testing.T) {
	cases := []struct {
		words []uint64
		bits  uint
	}{
		{nil, 1}, {[]uint64{1}, 1}, {[]uint64{300}, 16}, {[]uint64{0, 1}, 128},
		{[]uint64{0, 0, 1}, 256}, {[]uint64{1, 0, 0, 0, 0}, 1}, {[]uint64{0, 0, 0, 0, 1}, 512},
	}
	for _, c := range cases {
		x := NewBig(c.words...)
		if x.fieldBits() != c.bits {
			t.Errorf("FieldBits(%v) = %d, want %d", c.words, x.fieldBits(), c.bits)
		}
	}
	if w := NewBig(1, 2, 0, 0).words(); len(w) != 2 || w[1] != 2 {
		t.Errorf("Words = %v", w)
	}
	if _, ok := NewBig(0, 1).small(); ok {
		t.Error("2^64 reported as a Nimber")
	}
}

func TestParseBig(t *testing.T) {
	x, err := ParseBig("0x100000000000000000000000000000001")
	if err != nil || x.String() != "340282366920938463463374607431768211457" || x.fieldBits() != 256 {
		t.Errorf("ParseBig: %v %v", x, err)
	}
	y, err := ParseBig("340282366920938463463374607431768211457")
	if err != nil || !y.Equal(x) {
		t.Errorf("decimal ParseBig: %v %v", y, err)
	}
	for _, s := range []string{"", "-1", "0x", "1.5", "+2", "0b1", "1_0"} {
		if _, err := ParseBig(s); err == nil {
			t.Errorf("ParseBig(%q) accepted", s)
		}
	}
	long := make([]byte, maxBigDigits+1)
	for i := range long {
		long[i] = '1'
	}
	if _, err := ParseBig(string(long)); err == nil {
		t.Error("overlong operand accepted")
	}
}

// words returns the little-endian 64-bit words of x, without trailing zero
// words (none for 0).
func (x Big) words() []uint64 {
	n := len(x.w)
	for n > 0 && x.w[n-1] == 0 {
		n--
	}
	return slices.Clone(x.w[:n])
}

// small returns x as a Nimber and true, or 0 and false when x ≥ 2^64.
func (x Big) small() (Nimber, bool) {
	switch len(x.w) {
	case 0:
		return 0, true
	case 1:
		return Nimber(x.w[0]), true
	}
	return 0, false
}
