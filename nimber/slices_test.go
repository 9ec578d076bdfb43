package nimber

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nimbers/grundy/internal/nimkern"
)

// elemMulGeneric is the reference product in the polynomial basis: a
// software carry-less product and reduction, using no nimber tables.
func elemMulGeneric(a, b uint64) uint64 {
	hi, lo := clmul(a, b)
	return reduce(hi, lo)
}

func TestElemMulPaths(t *testing.T) {
	r := newRand(t)
	for range randomTrials {
		a, b := r.Uint64(), r.Uint64()
		want := elemMulGeneric(a, b)
		if elemMul(a, b) != want || elemMulTables(a, b) != want {
			t.Fatalf("%#x·%#x: elemMul %#x, elemMulTables %#x, carry-less %#x", a, b, elemMul(a, b), elemMulTables(a, b), want)
		}
	}
}

// TestShared checks the tiers as package nimkern sees them: the order, and
// each shared function on words against the scalar product.
func TestShared(t *testing.T) {
	ts := nimkern.Tiers()
	if len(ts) == 0 || ts[len(ts)-1] != kernels.share() {
		t.Fatal("the tier in use is not listed last")
	}
	r := newRand(t)
	a, b := kernelInputs(r, 45), kernelInputs(r, 45)
	wa, wb := nimkern.Words(a), nimkern.Words(b)
	for _, m := range ts {
		got := make([]uint64, len(a))
		m.MulSlice(got, wa, wb)
		acc := make([]uint64, len(a))
		m.MulAddConstSlice(acc, 1, got)
		ea, eb, ge := nimkern.Words(toElems(a)), nimkern.Words(toElems(b)), make([]uint64, len(a))
		m.ElemMulSlice(ge, ea, eb)
		eacc := make([]uint64, len(a))
		m.ElemMulAddConstSlice(eacc, 1, ge)
		var dot uint64
		for i := range a {
			p := a[i].Mul(b[i])
			if got[i] != uint64(p) || acc[i] != got[i] || ge[i] != uint64(ToElem(p)) || eacc[i] != ge[i] {
				t.Fatalf("%s: element %d wrong", m.Name, i)
			}
			dot ^= got[i]
		}
		if m.DotProduct(wa, wb) != dot {
			t.Fatalf("%s: DotProduct", m.Name)
		}
	}
}

func TestChooseKernels(t *testing.T) {
	defer func(k *kernelSet) { kernels = k; register() }(kernels)
	avail := availableKernels()
	for _, k := range avail {
		t.Setenv("GRUNDY_KERNELS", k.name)
		if chooseKernels(); kernels != k {
			t.Errorf("GRUNDY_KERNELS=%s chose %s", k.name, kernels.name)
		}
		if ts := nimkern.Tiers(); ts[len(ts)-1] != k.share() || len(ts) != len(avail) {
			t.Errorf("GRUNDY_KERNELS=%s: nimkern.Tiers does not end with it", k.name)
		}
	}
	t.Setenv("GRUNDY_KERNELS", "no-such-tier")
	if chooseKernels(); kernels != avail[len(avail)-1] {
		t.Errorf("an unknown tier chose %s, not the fastest", kernels.name)
	}
}

func TestFieldRoot(t *testing.T) {
	// p(θ) = 0 by Horner with the reference product.
	v := uint64(1) // leading x^64
	for i := 63; i >= 0; i-- {
		v = refMul(v, uint64(fieldRoot)) ^ uint64(fieldPoly)>>i&1
	}
	if v != 0 {
		t.Fatalf("p(fieldRoot) = %#x", v)
	}
	// θ lies outside GF(2^32), so its minimal polynomial has degree 64 and
	// is p: p is irreducible. θ is the least of its conjugates θ^(2^i).
	if fieldRoot < 1<<32 {
		t.Fatal("fieldRoot lies in GF(2^32)")
	}
	x := fieldRoot
	for i := 1; i < 64; i++ {
		x = Nimber(refMul(uint64(x), uint64(x)))
		if x <= fieldRoot {
			t.Fatalf("conjugate %d, %#x, is not larger than fieldRoot", i, x)
		}
	}
}

func TestBasisIsomorphism(t *testing.T) {
	r := newRand(t)
	for range randomTrials {
		a, b := randNimber(r), randNimber(r)
		ea, eb := ToElem(a), ToElem(b)
		if ea.Nimber() != a {
			t.Fatalf("round trip of %#x gives %#x", a, ea.Nimber())
		}
		// ⊗ maps to the polynomial product (computed without tables or
		// hardware), and ⊕ to xor.
		if got := Elem(elemMulGeneric(uint64(ea), uint64(eb))); got != ToElem(a.Mul(b)) {
			t.Fatalf("ToElem(%#x ⊗ %#x) = %#x, polynomial product %#x", a, b, ToElem(a.Mul(b)), got)
		}
		if ToElem(a^b) != ea^eb {
			t.Fatalf("ToElem is not additive at %#x, %#x", a, b)
		}
		if ea.Mul(eb) != Elem(elemMulGeneric(uint64(ea), uint64(eb))) {
			t.Fatalf("Elem.Mul(%#x, %#x) differs from the generic product", ea, eb)
		}
		if a != 0 && ea.Mul(ea.Inv()) != ToElem(1) {
			t.Fatalf("Elem.Inv(%#x) is not an inverse", ea)
		}
	}
	if ToElem(1) != 1 || ToElem(fieldRoot) != 2 {
		t.Errorf("ToElem(1) = %#x, ToElem(θ) = %#x; want 1 and x", ToElem(1), ToElem(fieldRoot))
	}
}

func TestClmul(t *testing.T) {
	r := newRand(t)
	for range randomTrials {
		a, b := r.Uint64(), r.Uint64()
		// Bit by bit schoolbook carry-less product.
		var hi, lo uint64
		for i := range 64 {
			if b>>i&1 == 1 {
				lo ^= a << i
				if i > 0 {
					hi ^= a >> (64 - i)
				}
			}
		}
		if h, l := clmul(a, b); h != hi || l != lo {
			t.Fatalf("clmul(%#x, %#x) = %#x:%#x, want %#x:%#x", a, b, h, l, hi, lo)
		}
	}
}

// kernelInputs returns random nimbers of length n with some zeros.
func kernelInputs(r *rand.Rand, n int) []Nimber {
	s := make([]Nimber, n)
	for i := range s {
		s[i] = randNimber(r)
		if r.IntN(10) == 0 {
			s[i] = 0
		}
	}
	return s
}

func toElems(a []Nimber) []Elem {
	e := make([]Elem, len(a))
	for i, x := range a {
		e[i] = ToElem(x)
	}
	return e
}

func TestKernels(t *testing.T) {
	for _, k := range availableKernels() {
		t.Run(k.name, func(t *testing.T) {
			r := newRand(t)
			for n := 0; n <= 100; n++ {
				for range 3 {
					testKernelsAt(t, k, r, n)
				}
			}
			testKernelsAt(t, k, r, 1000)
		})
	}
}

// TestKernelsEdge runs every tier on words with the top bits set, single
// bits and all ones, where the reduction's overflow and the nibble tables'
// last entries matter.
func TestKernelsEdge(t *testing.T) {
	var edge []Nimber
	for i := range 64 {
		edge = append(edge, 1<<i, ^Nimber(0)>>i, ^Nimber(0)<<i)
	}
	r := newRand(t)
	for _, k := range availableKernels() {
		for range 20 {
			a, b := slices.Clone(edge), slices.Clone(edge)
			r.Shuffle(len(b), func(i, j int) { b[i], b[j] = b[j], b[i] })
			got := make([]Nimber, len(a))
			k.mulSlice(got, a, b)
			eg := make([]Elem, len(a))
			k.elemMulSlice(eg, toElems(a), toElems(b))
			for i := range a {
				want := Nimber(mul64(uint64(a[i]), uint64(b[i])))
				if got[i] != want || eg[i] != ToElem(want) {
					t.Fatalf("%s: %#x ⊗ %#x: mulSlice %#x, elemMulSlice %#x, want %#x", k.name, a[i], b[i], got[i], eg[i].Nimber(), want)
				}
			}
		}
	}
}

func testKernelsAt(t *testing.T, k *kernelSet, r *rand.Rand, n int) {
	t.Helper()
	a, b := kernelInputs(r, n), kernelInputs(r, n)
	c := randNimber(r)
	// Expected values from the pure-Go log/exp product (scalar Mul may use
	// PCLMULQDQ).
	prod, cprod, dst0 := make([]Nimber, n), make([]Nimber, n), kernelInputs(r, n)
	addc := slices.Clone(dst0)
	var dot Nimber
	for i := range n {
		prod[i] = Nimber(mul64(uint64(a[i]), uint64(b[i])))
		cprod[i] = Nimber(mul64(uint64(c), uint64(a[i])))
		addc[i] ^= cprod[i]
		dot ^= prod[i]
	}
	fail := func(op string, got, want any) {
		t.Helper()
		t.Fatalf("%s: %s at length %d:\ngot  %#x\nwant %#x", k.name, op, n, got, want)
	}

	got := make([]Nimber, n)
	if k.mulSlice(got, a, b); !slices.Equal(got, prod) {
		fail("mulSlice", got, prod)
	}
	alias := slices.Clone(a) // dst == a
	if k.mulSlice(alias, alias, b); !slices.Equal(alias, prod) {
		fail("mulSlice aliased", alias, prod)
	}
	alias = slices.Clone(b) // dst == b
	if k.mulSlice(alias, a, alias); !slices.Equal(alias, prod) {
		fail("mulSlice aliased to b", alias, prod)
	}
	if k.mulConstSlice(got, c, a); !slices.Equal(got, cprod) {
		fail("mulConstSlice", got, cprod)
	}
	alias = slices.Clone(a)
	if k.mulConstSlice(alias, c, alias); !slices.Equal(alias, cprod) {
		fail("mulConstSlice aliased", alias, cprod)
	}
	acc := slices.Clone(dst0)
	if k.mulAddConstSlice(acc, c, a); !slices.Equal(acc, addc) {
		fail("mulAddConstSlice", acc, addc)
	}
	if d := k.dotProduct(a, b); d != dot {
		fail("dotProduct", d, dot)
	}

	ea, eb, ec := toElems(a), toElems(b), ToElem(c)
	ge := make([]Elem, n)
	if k.toElemSlice(ge, a); !slices.Equal(ge, ea) {
		fail("toElemSlice", ge, ea)
	}
	back := make([]Nimber, n)
	if k.fromElemSlice(back, ea); !slices.Equal(back, a) {
		fail("fromElemSlice", back, a)
	}
	if k.elemMulSlice(ge, ea, eb); !slices.Equal(ge, toElems(prod)) {
		fail("elemMulSlice", ge, toElems(prod))
	}
	ealias := slices.Clone(ea)
	if k.elemMulSlice(ealias, ealias, eb); !slices.Equal(ealias, toElems(prod)) {
		fail("elemMulSlice aliased", ealias, toElems(prod))
	}
	if k.elemMulConstSlice(ge, ec, ea); !slices.Equal(ge, toElems(cprod)) {
		fail("elemMulConstSlice", ge, toElems(cprod))
	}
	eacc := toElems(dst0)
	if k.elemMulAddConstSlice(eacc, ec, ea); !slices.Equal(eacc, toElems(addc)) {
		fail("elemMulAddConstSlice", eacc, toElems(addc))
	}
	emac := toElems(dst0)
	if k.elemMulAddSlice(emac, ea, eb); !slices.Equal(emac, toElems(addSlices(dst0, prod))) {
		fail("elemMulAddSlice", emac, toElems(addSlices(dst0, prod)))
	}
	sum := make([]uint64, n)
	if k.xorSlice(sum, words(a), words(b)); !slices.Equal(sum, words(addSlices(a, b))) {
		fail("xorSlice", sum, addSlices(a, b))
	}
	inplace := slices.Clone(a)
	if k.xorSlice(words(inplace), words(inplace), words(b)); !slices.Equal(inplace, addSlices(a, b)) {
		fail("xorSlice aliased", inplace, addSlices(a, b))
	}
	lo, hi := slices.Clone(ea), slices.Clone(eb)
	k.butterfly(lo, hi, ec, false)
	for i := range n {
		wl := ea[i] ^ Elem(elemMulGeneric(uint64(ec), uint64(eb[i])))
		if lo[i] != wl || hi[i] != wl^eb[i] {
			fail("butterfly", lo[i], wl)
		}
	}
	if k.butterfly(lo, hi, ec, true); !slices.Equal(lo, ea) || !slices.Equal(hi, eb) {
		fail("inverse butterfly", lo, ea)
	}
	if d := k.elemDotProduct(ea, eb); d != ToElem(dot) {
		fail("elemDotProduct", d, ToElem(dot))
	}
}

// words views a slice of nimbers or elements as its 64-bit words.
func words[T ~uint64](s []T) []uint64 { return nimkern.Words(s) }

// addSlices is the element-wise xor, by a plain loop.
func addSlices(a, b []Nimber) []Nimber {
	s := make([]Nimber, len(a))
	for i := range a {
		s[i] = a[i] ^ b[i]
	}
	return s
}

func TestSliceAPI(t *testing.T) {
	r := newRand(t)
	a, b := kernelInputs(r, 37), kernelInputs(r, 37)
	dst := make([]Nimber, 40) // longer dst is fine
	MulSlice(dst, a, b)
	for i := range a {
		if dst[i] != a[i].Mul(b[i]) {
			t.Fatalf("MulSlice[%d]", i)
		}
	}
	e := make([]Elem, len(a))
	nimkern.ToElemSlice(e, a)
	nimkern.FromElemSlice(dst, e)
	if !slices.Equal(dst[:len(a)], a) {
		t.Fatal("Elem round trip")
	}
	nimkern.AddSlice(dst, a, b)
	if !slices.Equal(dst[:len(a)], addSlices(a, b)) {
		t.Fatal("AddSlice")
	}
	eb := toElems(b)
	nimkern.AddSlice(e, e, eb)
	nimkern.ElemMulAddSlice(e, e, eb)
	for i := range a {
		want := ToElem(a[i] ^ b[i])
		want ^= want.Mul(eb[i])
		if e[i] != want {
			t.Fatal("AddSlice / ElemMulAddSlice")
		}
	}
	ec := ToElem(b[0])
	lo, hi := toElems(a), toElems(b)
	nimkern.ElemButterfly(lo, hi, ec, false)
	nimkern.ElemButterfly(lo, hi, ec, true)
	if !slices.Equal(lo, toElems(a)) || !slices.Equal(hi, eb) {
		t.Fatal("ElemButterfly and its inverse")
	}
	prod := make([]Elem, len(a))
	nimkern.ElemMulConstSlice(prod, ec, toElems(a))
	acc := make([]Elem, len(a))
	nimkern.ElemMulAddConstSlice(acc, ec, toElems(a))
	nimkern.ElemMulSlice(e, toElems(a), eb)
	for i := range a {
		if prod[i] != ToElem(b[0].Mul(a[i])) || acc[i] != prod[i] || e[i] != ToElem(a[i].Mul(b[i])) {
			t.Fatal("ElemMulConstSlice / ElemMulAddConstSlice / ElemMulSlice")
		}
	}
	if DotProduct(a, b) != genericKernels.dotProduct(a, b) {
		t.Fatal("DotProduct")
	}
	for _, f := range []func(){
		func() { MulSlice(dst, a, b[:3]) },
		func() { MulSlice(dst[:2], a, b) },
		func() { MulConstSlice(dst[:2], 3, a) },
		func() { DotProduct(a, b[1:]) },
		func() { nimkern.ElemMulSlice(e, e, e[1:]) },
		func() { nimkern.ToElemSlice(e[:2], a) },
	} {
		if !panics(f) {
			t.Error("mismatched lengths did not panic")
		}
	}
}

func panics(f func()) (did bool) {
	defer func() { did = recover() != nil }()
	f()
	return false
}
