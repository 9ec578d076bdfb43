// Package nimkern hands the batch kernels of package nimber to grundy's
// packages built on it (nimpoly, nimmat, sps), and times them for "grundy
// nim bench" (Bench), without making them part of nimber's API.
//
// Package nimber fills it in when it is initialised, so a caller must
// import nimber too (every caller works with nimbers anyway). The kernels
// work on 64-bit words; the generic functions here take slices of nimber
// types (nimber.Nimber, nimber.Elem) and check lengths as package nimber
// does: they panic when dst is shorter than the input or the inputs differ
// in length.
package nimkern

import "unsafe"

// A Set is one implementation (tier) of the batch kernels, on words.
// The functions may assume the lengths were checked.
type Set struct {
	Name string

	MulSlice         func(dst, a, b []uint64)
	MulAddConstSlice func(dst []uint64, c uint64, a []uint64)
	DotProduct       func(a, b []uint64) uint64

	ToElemSlice          func(dst, a []uint64)
	FromElemSlice        func(dst, a []uint64)
	ElemMulSlice         func(dst, a, b []uint64)
	ElemMulAddSlice      func(dst, a, b []uint64)
	XorSlice             func(dst, a, b []uint64)
	Butterfly            func(lo, hi []uint64, c uint64, inverse bool)
	ElemMulConstSlice    func(dst []uint64, c uint64, a []uint64)
	ElemMulAddConstSlice func(dst []uint64, c uint64, a []uint64)
}

// A Feature is an instruction-set extension the assembly tiers look for,
// and whether this CPU has it.
type Feature struct {
	Name    string
	Present bool
}

// Hooks is what package nimber registers.
type Hooks struct {
	// Active is the tier in use.
	Active *Set
	// Tiers returns every tier this CPU runs, slowest first and the one in
	// use last.
	Tiers func() []*Set
	// Features returns the extensions the tiers look for; nil without
	// assembly.
	Features func() []Feature
	// MulLoop sets dst[i] = a[i]⊗b[i] by a loop of scalar products.
	MulLoop func(dst, a, b []uint64)
	// ParseBytes is nimber.Parse on a byte slice, without allocating when
	// b is valid.
	ParseBytes func(b []byte) (uint64, error)
}

var hooks Hooks

// Register is called by package nimber, at initialisation and whenever
// it changes the tier in use.
func Register(h Hooks) { hooks = h }

// Tiers returns every tier this CPU runs, slowest first and the one in
// use last.
func Tiers() []*Set { return hooks.Tiers() }

// Features returns the instruction-set extensions the assembly tiers look
// for, with whether this CPU has them; nil without assembly.
func Features() []Feature { return hooks.Features() }

// ParseBytes is nimber.Parse for a byte slice, without allocating when b
// is valid.
func ParseBytes(b []byte) (uint64, error) { return hooks.ParseBytes(b) }

// Words views a slice of nimbers or elements as its 64-bit words.
func Words[T ~uint64](s []T) []uint64 {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*uint64)(unsafe.Pointer(&s[0])), len(s))
}

func checkLen2(op string, dst, a int) {
	if dst < a {
		panic("nimkern: " + op + ": dst shorter than the input")
	}
}

func checkLen3(op string, dst, a, b int) {
	if a != b {
		panic("nimkern: " + op + ": inputs of different lengths")
	}
	checkLen2(op, dst, a)
}

// ToElemSlice sets dst[i] = nimber.ToElem(a[i]).
func ToElemSlice[E, N ~uint64](dst []E, a []N) {
	checkLen2("ToElemSlice", len(dst), len(a))
	hooks.Active.ToElemSlice(Words(dst[:len(a)]), Words(a))
}

// FromElemSlice sets dst[i] = a[i].Nimber().
func FromElemSlice[N, E ~uint64](dst []N, a []E) {
	checkLen2("FromElemSlice", len(dst), len(a))
	hooks.Active.FromElemSlice(Words(dst[:len(a)]), Words(a))
}

// AddSlice sets dst[i] = a[i] ⊕ b[i] (exclusive or, in either basis).
// dst may be a or b.
func AddSlice[T ~uint64](dst, a, b []T) {
	checkLen3("AddSlice", len(dst), len(a), len(b))
	hooks.Active.XorSlice(Words(dst[:len(a)]), Words(a), Words(b))
}

// ElemMulSlice sets dst[i] = a[i]·b[i] in the polynomial basis.
func ElemMulSlice[E ~uint64](dst, a, b []E) {
	checkLen3("ElemMulSlice", len(dst), len(a), len(b))
	hooks.Active.ElemMulSlice(Words(dst[:len(a)]), Words(a), Words(b))
}

// ElemMulAddSlice sets dst[i] ^= a[i]·b[i] in the polynomial basis.
func ElemMulAddSlice[E ~uint64](dst, a, b []E) {
	checkLen3("ElemMulAddSlice", len(dst), len(a), len(b))
	hooks.Active.ElemMulAddSlice(Words(dst[:len(a)]), Words(a), Words(b))
}

// ElemButterfly applies the butterfly of the additive FFT to the pairs
// (lo[i], hi[i]): lo[i] ^= c·hi[i], then hi[i] ^= lo[i]. With inverse it
// applies the inverse: hi[i] ^= lo[i], then lo[i] ^= c·hi[i].
func ElemButterfly[E ~uint64](lo, hi []E, c E, inverse bool) {
	checkLen3("ElemButterfly", len(lo), len(lo), len(hi))
	hooks.Active.Butterfly(Words(lo), Words(hi), uint64(c), inverse)
}

// ElemMulConstSlice sets dst[i] = c·a[i] in the polynomial basis.
func ElemMulConstSlice[E ~uint64](dst []E, c E, a []E) {
	checkLen2("ElemMulConstSlice", len(dst), len(a))
	hooks.Active.ElemMulConstSlice(Words(dst[:len(a)]), uint64(c), Words(a))
}

// ElemMulAddConstSlice sets dst[i] ^= c·a[i] in the polynomial basis: the
// row operation of Gaussian elimination.
func ElemMulAddConstSlice[E ~uint64](dst []E, c E, a []E) {
	checkLen2("ElemMulAddConstSlice", len(dst), len(a))
	hooks.Active.ElemMulAddConstSlice(Words(dst[:len(a)]), uint64(c), Words(a))
}
