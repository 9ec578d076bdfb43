package nimber

import (
	"errors"
	"slices"
	"testing"
)

const randomTrials = 20000

func TestMulMatchesMex(t *testing.T) {
	_, prod := mexTables(64)
	for a := range 64 {
		for b := range 64 {
			if got := Nimber(a).Mul(Nimber(b)); got != Nimber(prod[a][b]) {
				t.Fatalf("%d ⊗ %d = %d, mex definition gives %d", a, b, got, prod[a][b])
			}
		}
	}
}

func TestMulMatchesReference(t *testing.T) {
	r := newRand(t)
	for range 5 * randomTrials {
		a, b := randNimber(r), randNimber(r)
		if got, want := a.Mul(b), Nimber(refMul(uint64(a), uint64(b))); got != want {
			t.Fatalf("%#x ⊗ %#x = %#x, reference gives %#x", a, b, got, want)
		}
	}
	// Every pair of powers of two, which makes all-but-one digit zero.
	for i := range 64 {
		for j := range 64 {
			a, b := Nimber(1)<<i, Nimber(1)<<j
			if got, want := a.Mul(b), Nimber(refMul(uint64(a), uint64(b))); got != want {
				t.Fatalf("2^%d ⊗ 2^%d = %#x, reference gives %#x", i, j, got, want)
			}
		}
	}
}

func TestMul16Exhaustive(t *testing.T) {
	// Every product by a fixed set of multipliers in GF(2^16), against the
	// reference: covers every log16 entry, including 0.
	for _, b := range []uint64{0, 1, 2, 3, 0x8000, 0xffff, gen16, 258, 12345} {
		for a := range uint64(1 << 16) {
			if got, want := uint64(Nimber(a).Mul(Nimber(b))), refMul(a, b); got != want {
				t.Fatalf("%#x ⊗ %#x = %#x, reference gives %#x", a, b, got, want)
			}
		}
	}
}

// cornersTable is the 16×16 nim-multiplication table (Winning Ways,
// ch. 14, Turning Corners), rows a, columns b, typed in by hand: an
// independent check of the fast product.
var cornersTable = [16][16]int{
	{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
	{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
	{0, 2, 3, 1, 8, 10, 11, 9, 12, 14, 15, 13, 4, 6, 7, 5},
	{0, 3, 1, 2, 12, 15, 13, 14, 4, 7, 5, 6, 8, 11, 9, 10},
	{0, 4, 8, 12, 6, 2, 14, 10, 11, 15, 3, 7, 13, 9, 5, 1},
	{0, 5, 10, 15, 2, 7, 8, 13, 3, 6, 9, 12, 1, 4, 11, 14},
	{0, 6, 11, 13, 14, 8, 5, 3, 7, 1, 12, 10, 9, 15, 2, 4},
	{0, 7, 9, 14, 10, 13, 3, 4, 15, 8, 6, 1, 5, 2, 12, 11},
	{0, 8, 12, 4, 11, 3, 7, 15, 13, 5, 1, 9, 6, 14, 10, 2},
	{0, 9, 14, 7, 15, 6, 1, 8, 5, 12, 11, 2, 10, 3, 4, 13},
	{0, 10, 15, 5, 3, 9, 12, 6, 1, 11, 14, 4, 2, 8, 13, 7},
	{0, 11, 13, 6, 7, 12, 10, 1, 9, 2, 4, 15, 14, 5, 3, 8},
	{0, 12, 4, 8, 13, 1, 9, 5, 6, 10, 2, 14, 11, 7, 15, 3},
	{0, 13, 6, 11, 9, 4, 15, 2, 14, 3, 8, 5, 7, 10, 1, 12},
	{0, 14, 7, 9, 5, 11, 2, 12, 10, 4, 13, 3, 15, 1, 8, 6},
	{0, 15, 5, 10, 1, 14, 4, 11, 2, 13, 7, 8, 3, 12, 6, 9},
}

func TestCornersTable(t *testing.T) {
	for a := range 16 {
		for b := range 16 {
			if got := Nimber(a).Mul(Nimber(b)); got != Nimber(cornersTable[a][b]) {
				t.Errorf("%d ⊗ %d = %d, the printed table gives %d", a, b, got, cornersTable[a][b])
			}
		}
	}
}

func TestFermatRules(t *testing.T) {
	r := newRand(t)
	for k := range 6 {
		f := Nimber(1) << (1 << k)
		if k < 6 {
			// F ⊗ F = 3/2·F.
			if got, want := f.Mul(f), f|f>>1; got != want {
				t.Errorf("2^%d ⊗ 2^%d = %#x, want 3/2·F = %#x", 1<<k, 1<<k, got, want)
			}
		}
		for range 1000 {
			y := Nimber(r.Uint64() & (uint64(f) - 1))
			if got, want := f.Mul(y), f*y; got != want {
				t.Fatalf("F ⊗ %d = %#x, want F·y = %#x (F = 2^%d)", y, got, want, 1<<k)
			}
		}
	}
	// Distinct Fermat 2-powers multiply as integers.
	for i := range 6 {
		for j := range 6 {
			if i != j {
				a, b := Nimber(1)<<(1<<i), Nimber(1)<<(1<<j)
				if got := a.Mul(b); got != a*b {
					t.Errorf("2^%d ⊗ 2^%d = %#x, want %#x", 1<<i, 1<<j, got, a*b)
				}
			}
		}
	}
}

func TestFieldAxioms(t *testing.T) {
	r := newRand(t)
	for range randomTrials {
		a, b, c := randNimber(r), randNimber(r), randNimber(r)
		if a.Mul(b) != b.Mul(a) {
			t.Fatalf("commutativity fails for %#x, %#x", a, b)
		}
		if a.Mul(b).Mul(c) != a.Mul(b.Mul(c)) {
			t.Fatalf("associativity fails for %#x, %#x, %#x", a, b, c)
		}
		if a.Mul(b.Add(c)) != a.Mul(b).Add(a.Mul(c)) {
			t.Fatalf("distributivity fails for %#x, %#x, %#x", a, b, c)
		}
		if a.Mul(1) != a || a.Mul(0) != 0 || a.Add(0) != a || a.Add(a) != 0 {
			t.Fatalf("identities fail for %#x", a)
		}
		if a != 0 && a.Mul(a.Inv()) != 1 {
			t.Fatalf("%#x ⊗ Inv = %#x, want 1", a, a.Mul(a.Inv()))
		}
	}
	if Nimber(0).Inv() != 0 {
		t.Error("Inv(0) should be 0")
	}
}

func TestInvSmallFields(t *testing.T) {
	// Every non-zero element of GF(2^16), and inverses staying in subfields.
	for a := Nimber(1); a < 1<<16; a++ {
		inv := a.Inv()
		if refMul(uint64(a), uint64(inv)) != 1 {
			t.Fatalf("Inv(%d) = %d is not an inverse", a, inv)
		}
		if inv.fieldBits() > a.fieldBits() {
			t.Fatalf("Inv(%d) = %d leaves the subfield", a, inv)
		}
	}
}

func TestDiv(t *testing.T) {
	r := newRand(t)
	for range randomTrials {
		a, b := randNimber(r), randNimber(r)
		q, err := a.Div(b)
		if b == 0 {
			if !errors.Is(err, ErrDivisionByZero) {
				t.Fatalf("%#x / 0: error %v, want ErrDivisionByZero", a, err)
			}
			continue
		}
		if err != nil || q.Mul(b) != a {
			t.Fatalf("%#x / %#x = %#x (%v), but q ⊗ b = %#x", a, b, q, err, q.Mul(b))
		}
	}
	if _, err := Nimber(5).Div(0); !errors.Is(err, ErrDivisionByZero) {
		t.Errorf("5 / 0: error %v", err)
	}
}

func TestSquareSqrt(t *testing.T) {
	r := newRand(t)
	for range randomTrials {
		a, b := randNimber(r), randNimber(r)
		sq := Nimber(refMul(uint64(a), uint64(a)))
		if a.Square() != sq {
			t.Fatalf("Square(%#x) = %#x, reference gives %#x", a, a.Square(), sq)
		}
		if s := a.Sqrt(); refMul(uint64(s), uint64(s)) != uint64(a) {
			t.Fatalf("Sqrt(%#x) = %#x does not square to it", a, s)
		}
		// Frobenius: squaring is additive and multiplicative.
		if a.Add(b).Square() != a.Square().Add(b.Square()) || a.Mul(b).Square() != a.Square().Mul(b.Square()) {
			t.Fatalf("Frobenius fails for %#x, %#x", a, b)
		}
		// Sixty-four squarings are the identity on GF(2^64).
		x := a
		for range 64 {
			x = x.Square()
		}
		if x != a {
			t.Fatalf("a^(2^64) = %#x, want a = %#x", x, a)
		}
	}
}

func TestPow(t *testing.T) {
	r := newRand(t)
	for range 500 {
		a, e := randNimber(r), r.Uint64N(130)
		if got, want := a.Pow(e), Nimber(refPow(uint64(a), e)); got != want {
			t.Fatalf("%#x ^ %d = %#x, repeated product gives %#x", a, e, got, want)
		}
		if a != 0 && a.Pow(groupOrder) != 1 {
			t.Fatalf("%#x ^ (2^64-1) = %#x, want 1", a, a.Pow(groupOrder))
		}
		if a != 0 && a.Pow(groupOrder-1) != a.Inv() {
			t.Fatalf("%#x ^ (2^64-2) differs from Inv", a)
		}
	}
	if Nimber(0).Pow(0) != 1 || Nimber(0).Pow(5) != 0 {
		t.Error("powers of 0")
	}
}

func TestFieldBits(t *testing.T) {
	cases := map[Nimber]uint{0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 15: 4, 16: 8, 255: 8, 256: 16,
		65535: 16, 65536: 32, 1<<32 - 1: 32, 1 << 32: 64, 1<<64 - 1: 64}
	for a, want := range cases {
		if got := a.fieldBits(); got != want {
			t.Errorf("FieldBits(%#x) = %d, want %d", a, got, want)
		}
	}
}

// bruteOrder counts powers by repeated reference multiplication.
func bruteOrder(a uint64) uint64 {
	x, k := a, uint64(1)
	for x != 1 {
		x, k = refMul(x, a), k+1
	}
	return k
}

func TestOrder(t *testing.T) {
	for a := uint64(1); a < 256; a++ {
		if got, want := Nimber(a).Order(), bruteOrder(a); got != want {
			t.Fatalf("Order(%d) = %d, brute force gives %d", a, got, want)
		}
	}
	r := newRand(t)
	for range 200 {
		a := Nimber(r.Uint64() | 1)
		ord := a.Order()
		if a.Pow(ord) != 1 {
			t.Fatalf("%#x ^ Order = %#x", a, a.Pow(ord))
		}
		for _, p := range groupPrimes {
			if ord%p == 0 && a.Pow(ord/p) == 1 {
				t.Fatalf("Order(%#x) = %d is not minimal: divisible by %d", a, ord, p)
			}
		}
		if a.IsPrimitive() != (ord == groupOrder) {
			t.Fatalf("IsPrimitive(%#x) disagrees with Order %d", a, ord)
		}
	}
	if Nimber(0).Order() != 0 || Nimber(0).IsPrimitive() {
		t.Error("0 has no order")
	}
}

func TestGroupPrimes(t *testing.T) {
	prod := uint64(1)
	for _, p := range groupPrimes {
		for d := uint64(2); d*d <= p; d++ {
			if p%d == 0 {
				t.Fatalf("%d is not prime", p)
			}
		}
		prod *= p
	}
	if prod != groupOrder {
		t.Fatalf("product of primes %d ≠ 2^64-1", prod)
	}
}

func TestPrimitiveRoots(t *testing.T) {
	// gen16 and 258 generate GF(2^16)*, and 258 is the least that does, by
	// counting powers.
	if bruteOrder(gen16) != order16 || refPow(gen16, 3) != 0x8000 {
		t.Fatal("gen16 is not primitive with cube 0x8000")
	}
	if bruteOrder(258) != order16 {
		t.Fatal("258 is not primitive in GF(2^16)")
	}
	for g := uint64(2); g < 258; g++ {
		if bruteOrder(g) == order16 {
			t.Fatalf("%d < 258 is primitive in GF(2^16)", g)
		}
	}
	if !PrimitiveRoot.IsPrimitive() {
		t.Fatal("PrimitiveRoot is not primitive")
	}
	for g := Nimber(1 << 32); g < PrimitiveRoot; g++ {
		if g.IsPrimitive() {
			t.Fatalf("%#x < PrimitiveRoot is primitive", g)
		}
	}
}

func TestLog(t *testing.T) {
	r := newRand(t)
	for range 100 {
		base, x := randNimber(r), r.Uint64()
		if base == 0 {
			continue
		}
		target := base.Pow(x)
		got, err := target.Log(base)
		if err != nil {
			t.Fatalf("Log_%#x(%#x): %v", base, target, err)
		}
		if base.Pow(got) != target || got >= base.Order() || got != x%base.Order() {
			t.Fatalf("Log_%#x(%#x) = %d; want %d mod %d", base, target, got, x, base.Order())
		}
	}
	// Against brute force in GF(2^8): all bases and targets.
	for b := uint64(1); b < 256; b++ {
		powers := map[uint64]uint64{}
		for x, e := uint64(1), uint64(0); ; e++ {
			if _, ok := powers[x]; ok {
				break
			}
			powers[x] = e
			x = refMul(x, b)
		}
		for a := uint64(0); a < 256; a++ {
			got, err := Nimber(a).Log(Nimber(b))
			want, ok := powers[a]
			if ok != (err == nil) || (ok && got != want) {
				t.Fatalf("Log_%d(%d) = %d, %v; brute force: %d, %v", b, a, got, err, want, ok)
			}
			if err != nil && !errors.Is(err, ErrNoLog) {
				t.Fatalf("Log_%d(%d): unexpected error %v", b, a, err)
			}
		}
	}
	// A target outside the subgroup of the base.
	if _, err := PrimitiveRoot.Log(2); !errors.Is(err, ErrNoLog) {
		t.Errorf("Log_2(PrimitiveRoot) should fail, got %v", err)
	}
	if _, err := Nimber(5).Log(0); !errors.Is(err, ErrNoLog) {
		t.Errorf("Log_0(5) should fail, got %v", err)
	}
}

func TestTrace(t *testing.T) {
	r := newRand(t)
	ones := 0
	for i := range randomTrials {
		a, b := randNimber(r), randNimber(r)
		if i < 1000 {
			// Reference: the defining sum with reference squarings.
			s, x := uint64(0), uint64(a)
			for range 64 {
				s ^= x
				x = refMul(x, x)
			}
			if a.Trace() != Nimber(s) {
				t.Fatalf("Trace(%#x) = %d, definition gives %#x", a, a.Trace(), s)
			}
		}
		if a.Add(b).Trace() != a.Trace()^b.Trace() {
			t.Fatalf("Trace is not additive at %#x, %#x", a, b)
		}
		ones += int(a.Trace())
	}
	if ones < randomTrials/3 || ones > 2*randomTrials/3 {
		t.Errorf("trace 1 for %d of %d random values", ones, randomTrials)
	}
	if traceMask != 1<<63 {
		t.Errorf("trace mask %#x: the trace is not the top bit", traceMask)
	}
	// The trace from every subfield GF(2^k) holding a, by the defining sum,
	// is bit k−1 of a (as Trace's comment says).
	for range 2000 {
		a := randNimber(r)
		for bits := a.fieldBits(); bits <= 64; bits *= 2 {
			s, x := Nimber(0), a
			for range bits {
				s ^= x
				x = Nimber(refMul(uint64(x), uint64(x)))
			}
			if tr := a >> (bits - 1) & 1; tr != s {
				t.Fatalf("trace of %#x from GF(2^%d): bit %d is %d; definition gives %#x", a, bits, bits-1, tr, s)
			}
		}
	}
}

// bruteRoots lists the x < limit with x² ⊕ b x ⊕ c = 0 by the reference.
func bruteRoots(b, c, limit uint64) []Nimber {
	var roots []Nimber
	for x := range limit {
		if refMul(x, x)^refMul(b, x)^c == 0 {
			roots = append(roots, Nimber(x))
		}
	}
	return roots
}

func TestSolveQuadratic(t *testing.T) {
	// Coefficients in GF(16): every root lies in GF(256), so a search of
	// x < 256 finds them all.
	for b := range uint64(16) {
		for c := range uint64(16) {
			got, want := SolveQuadratic(Nimber(b), Nimber(c)), bruteRoots(b, c, 256)
			if !slices.Equal(got, want) {
				t.Fatalf("x²+%dx+%d: roots %v, brute force %v", b, c, got, want)
			}
		}
	}
	r := newRand(t)
	for range 30 {
		b, c := r.Uint64N(256), r.Uint64N(256)
		if got, want := SolveQuadratic(Nimber(b), Nimber(c)), bruteRoots(b, c, 1<<16); !slices.Equal(got, want) {
			t.Fatalf("x²+%dx+%d: roots %v, brute force %v", b, c, got, want)
		}
	}
	solvable := 0
	for range randomTrials {
		b, c := randNimber(r), randNimber(r)
		roots := SolveQuadratic(b, c)
		for _, x := range roots {
			if x.Square()^b.Mul(x)^c != 0 {
				t.Fatalf("x²+%#xx+%#x: %#x is no root", b, c, x)
			}
		}
		switch {
		case b == 0 && len(roots) != 1:
			t.Fatalf("x²+%#x: want one root, got %v", c, roots)
		case b != 0 && len(roots) == 1:
			t.Fatalf("x²+%#xx+%#x: a single root with b ≠ 0", b, c)
		}
		if len(roots) == 2 {
			solvable++
		}
	}
	// A quadratic with b ≠ 0 factors for about half of all c.
	if solvable < randomTrials/3 || solvable > 2*randomTrials/3 {
		t.Errorf("%d of %d random quadratics solvable", solvable, randomTrials)
	}
}

func TestParse(t *testing.T) {
	good := map[string]Nimber{
		"0": 0, "7": 7, "18446744073709551615": 1<<64 - 1, "0x0": 0, "0xff": 255, "0XFF": 255,
		"0xFFFFFFFFFFFFFFFF": 1<<64 - 1, "0x0000000000000000001": 1, "007": 7,
	}
	for s, want := range good {
		got, err := Parse(s)
		if err != nil || got != want {
			t.Errorf("Parse(%q) = %d, %v; want %d", s, got, err, want)
		}
		if got, err := parseBytes([]byte(s)); err != nil || got != want {
			t.Errorf("parseBytes(%q) = %d, %v; want %d", s, got, err, want)
		}
	}
	bad := map[string]string{
		"":                     "empty",
		"-1":                   "negative",
		"18446744073709551616": "too large",
		"0x10000000000000000":  "too large",
		"abc":                  "not a decimal",
		"0x":                   "not a decimal",
		"+5":                   "not a decimal",
		"1_000":                "not a decimal",
		" 5":                   "not a decimal",
		"5 ":                   "not a decimal",
		"0b101":                "not a decimal",
		"1e3":                  "not a decimal",
	}
	for s, want := range bad {
		_, err := Parse(s)
		if err == nil || !contains(err.Error(), want) {
			t.Errorf("Parse(%q): error %v, want one saying %q", s, err, want)
		}
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}
