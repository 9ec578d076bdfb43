//go:build amd64 && !purego

package nimber

//go:generate sh -c "cd ../internal/asm && go run ./nimber -out ../../nimber/kernels_amd64.s -stubs ../../nimber/kernels_amd64_stubs.go -pkg nimber"

import (
	"unsafe"

	"github.com/nimbers/grundy/internal/nimkern"
	"golang.org/x/sys/cpu"
)

// gfniTables is what the AVX-512 kernels read: the byte permutations and
// the 8×8 block matrices of both basis changes. The assembly knows the
// layout (see internal/asm/nimber).
type gfniTables struct {
	// perm[k] gathers byte k of eight elements into every qword:
	// output byte 8j+v is input byte 8v+k. perm[8] transposes the 8×8
	// bytes: output byte 8v+j is input byte 8j+v.
	perm     [9][64]byte
	toElem   [8][8]uint64 // [k][j]: block (j, k) of the Nimber→Elem matrix
	fromElem [8][8]uint64 // [k][j]: block (j, k) of the Elem→Nimber matrix
}

var gfni gfniTables

// hasAVX512Kernels reports whether this CPU runs the AVX-512 kernels.
var hasAVX512Kernels = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VL &&
	cpu.X86.HasAVX512VBMI && cpu.X86.HasAVX512GFNI && cpu.X86.HasAVX512VPCLMULQDQ && cpu.X86.HasPCLMULQDQ

// hasAVX2Kernels reports whether this CPU runs the AVX2 kernels with xmm
// PCLMULQDQ (tier "avx2-pclmul"), hasVPCLMUL whether it also has the VEX
// ymm form of VPCLMULQDQ (tier "avx2"), and hasGFNI whether it has GFNI,
// whose VEX form the tier "avx2-gfni" uses with AVX2 and VPCLMULQDQ.
// golang.org/x/sys/cpu reports VPCLMULQDQ and GFNI only with AVX-512, so
// the bits are read here.
var (
	hasAVX2Kernels = cpu.X86.HasAVX2 && cpu.X86.HasPCLMULQDQ
	hasVPCLMUL     = hasAVX2Kernels && cpuid7ECX()&(1<<10) != 0
	hasGFNI        = hasAVX2Kernels && cpuid7ECX()&(1<<8) != 0
)

// cpuid7ECX returns ECX of CPUID leaf 7, sub-leaf 0 (0 if the leaf is
// missing).
func cpuid7ECX() uint32 {
	if maxLeaf, _, _, _ := cpuid(0, 0); maxLeaf < 7 {
		return 0
	}
	_, _, ecx, _ := cpuid(7, 0)
	return ecx
}

// shufTables is what the AVX2 basis change reads (see internal/asm/nimber):
// the byte shuffles between eight bytes an element and two elements a word,
// the nibble mask, and the nibble tables of both basis changes.
type shufTables struct {
	// perm takes, in each 128-bit lane, two elements to their bytes
	// interleaved (byte 2k+e is byte k of element e); unperm undoes it.
	perm, unperm [32]byte
	mask         [32]byte // 0x0f in every byte
	// [k][h][j][v]: byte j of the image of v·2^(8k+4h), for the 16 nibble
	// values v of nibble h of input byte k.
	toElem, fromElem [8][2][8][16]byte
	// [k][j]: block (j, k) of each matrix as VGF2P8AFFINEQB reads it, in
	// the four qwords of a ymm operand (for the avx2-gfni tier).
	gfToElem, gfFromElem [8][8][4]uint64
}

var shuf shufTables

// ptr returns the address of the tables, for the assembly.
func (t *shufTables) ptr() *uint64 { return (*uint64)(unsafe.Pointer(t)) }

// fillNibbles sets the nibble tables of the matrix with the given columns.
func fillNibbles(tab *[8][2][8][16]byte, cols *[64]uint64) {
	for k := range 8 {
		for h := range 2 {
			for v := range 16 {
				var img uint64
				for l := range 4 {
					if v>>l&1 == 1 {
						img ^= cols[8*k+4*h+l]
					}
				}
				for j := range 8 {
					tab[k][h][j][v] = byte(img >> (8 * j))
				}
			}
		}
	}
}

// cpuFeatures names the instruction-set extensions the kernels look for,
// with whether this CPU has them.
func cpuFeatures() []nimkern.Feature {
	return []nimkern.Feature{
		{Name: "AVX2", Present: cpu.X86.HasAVX2},
		{Name: "PCLMULQDQ", Present: cpu.X86.HasPCLMULQDQ},
		{Name: "VPCLMULQDQ", Present: cpuid7ECX()&(1<<10) != 0},
		{Name: "GFNI", Present: cpuid7ECX()&(1<<8) != 0},
		{Name: "AVX512F", Present: cpu.X86.HasAVX512F},
		{Name: "AVX512BW", Present: cpu.X86.HasAVX512BW},
		{Name: "AVX512VL", Present: cpu.X86.HasAVX512VL},
		{Name: "AVX512VBMI", Present: cpu.X86.HasAVX512VBMI},
	}
}

func (t *gfniTables) ptr() *uint64 { return (*uint64)(unsafe.Pointer(t)) }

// buildKernels prepares the GFNI and nibble tables from the columns of
// both basis changes and chooses the kernels (see chooseKernels).
func buildKernels(fromCols, toCols *[64]uint64) {
	for k := range 8 {
		for j := range 8 {
			for v := range 8 {
				gfni.perm[k][8*j+v] = byte(8*v + k)
				gfni.perm[8][8*v+j] = byte(8*j + v)
			}
			gfni.toElem[k][j] = affineBlock(toCols, j, k)
			gfni.fromElem[k][j] = affineBlock(fromCols, j, k)
			for q := range 4 {
				shuf.gfToElem[k][j][q] = gfni.toElem[k][j]
				shuf.gfFromElem[k][j][q] = gfni.fromElem[k][j]
			}
		}
	}
	for l := range 2 {
		for e := range 2 {
			for k := range 8 {
				shuf.perm[16*l+2*k+e] = byte(8*e + k)
				shuf.unperm[16*l+8*e+k] = byte(2*k + e)
			}
		}
	}
	for i := range shuf.mask {
		shuf.mask[i] = 0x0f
	}
	fillNibbles(&shuf.toElem, toCols)
	fillNibbles(&shuf.fromElem, fromCols)
	chooseKernels()
	mulByCLMUL = cpuHasPCLMULQDQ()
}

// cpuHasPCLMULQDQ reports whether the CPU has PCLMULQDQ (and SSE4.1's
// PEXTRQ, which mulCLMUL uses too).
func cpuHasPCLMULQDQ() bool { return cpu.X86.HasPCLMULQDQ && cpu.X86.HasSSE41 }

// mulByCLMUL is set once the byte tables of both basis changes are built,
// on CPUs with PCLMULQDQ.
var mulByCLMUL bool

// mul returns the nim-product x ⊗ y. Operands below 2^32 take mul32;
// others, with PCLMULQDQ, go through the polynomial basis (mulCLMUL): 24
// look-ups in 32 KiB of byte tables instead of 28 in the 780 KiB of
// log/exp tables, which miss the cache on CPUs with small L2 caches.
func mul(x, y uint64) uint64 {
	if mulByCLMUL && (x|y)>>32 != 0 {
		return mulCLMUL(x, y, &toElemMap[0][0], &fromElemMap[0][0])
	}
	return mul64(x, y)
}

// affineBlock returns block (j, k) of the matrix with the given columns in
// the form VGF2P8AFFINEQB reads: bit i of the output byte is the parity of
// (byte 7−i of the qword) AND (the input byte). Here bit i of output byte j
// depends on bit l of input byte k through bit 8j+i of column 8k+l.
func affineBlock(cols *[64]uint64, j, k int) uint64 {
	var q uint64
	for i := range 8 {
		var row uint64
		for l := range 8 {
			row |= (cols[8*k+l] >> (8*j + i) & 1) << l
		}
		q |= row << (8 * (7 - i))
	}
	return q
}

// elemMul multiplies in the polynomial basis, with PCLMULQDQ when present.
func elemMul(a, b uint64) uint64 {
	if cpu.X86.HasPCLMULQDQ {
		return elemMulCLMUL(a, b)
	}
	return elemMulTables(a, b)
}

// availableKernels lists every implementation this machine can run.
// The fastest comes last.
func availableKernels() []*kernelSet {
	ks := []*kernelSet{&genericKernels}
	if hasAVX2Kernels {
		ks = append(ks, &avx2PclmulKernels)
	}
	if hasVPCLMUL {
		ks = append(ks, &avx2Kernels)
	}
	if hasVPCLMUL && hasGFNI {
		ks = append(ks, &avx2GFNIKernels)
	}
	if hasAVX512Kernels {
		ks = append(ks, &avx512Kernels)
	}
	return ks
}

// blocks returns the length handled by the assembly: whole groups of 8.
func blocks(n int) int { return n &^ 7 }

var avx512Kernels = kernelSet{
	name: "avx512",
	mulSlice: func(dst, a, b []Nimber) {
		m := blocks(len(a))
		if m > 0 {
			mulSliceAVX512(u64s(dst), u64s(a), u64s(b), m, gfni.ptr())
		}
		genericKernels.mulSlice(dst[m:], a[m:], b[m:])
	},
	mulConstSlice: func(dst []Nimber, c Nimber, a []Nimber) {
		m := blocks(len(a))
		if m > 0 {
			mulConstSliceAVX512(u64s(dst), u64s(a), m, uint64(ToElem(c)), gfni.ptr(), false)
		}
		genericKernels.mulConstSlice(dst[m:], c, a[m:])
	},
	mulAddConstSlice: func(dst []Nimber, c Nimber, a []Nimber) {
		m := blocks(len(a))
		if m > 0 {
			mulConstSliceAVX512(u64s(dst), u64s(a), m, uint64(ToElem(c)), gfni.ptr(), true)
		}
		genericKernels.mulAddConstSlice(dst[m:], c, a[m:])
	},
	dotProduct: func(a, b []Nimber) Nimber {
		m := blocks(len(a))
		var s Nimber
		if m > 0 {
			hi, lo := dotAVX512(u64s(a), u64s(b), m, gfni.ptr())
			s = Elem(reduce(hi, lo)).Nimber()
		}
		return s ^ genericKernels.dotProduct(a[m:], b[m:])
	},
	toElemSlice: func(dst []Elem, a []Nimber) {
		m := blocks(len(a))
		if m > 0 {
			convertAVX512(u64s(dst), u64s(a), m, gfni.ptr(), int(unsafe.Offsetof(gfni.toElem)))
		}
		genericKernels.toElemSlice(dst[m:], a[m:])
	},
	fromElemSlice: func(dst []Nimber, a []Elem) {
		m := blocks(len(a))
		if m > 0 {
			convertAVX512(u64s(dst), u64s(a), m, gfni.ptr(), int(unsafe.Offsetof(gfni.fromElem)))
		}
		genericKernels.fromElemSlice(dst[m:], a[m:])
	},
	elemMulSlice: func(dst, a, b []Elem) {
		m := blocks(len(a))
		if m > 0 {
			elemMulAVX512(u64s(dst), u64s(a), u64s(b), m, false)
		}
		for i := m; i < len(a); i++ {
			dst[i] = Elem(elemMul(uint64(a[i]), uint64(b[i])))
		}
	},
	elemMulAddSlice: func(dst, a, b []Elem) {
		m := blocks(len(a))
		if m > 0 {
			elemMulAVX512(u64s(dst), u64s(a), u64s(b), m, true)
		}
		for i := m; i < len(a); i++ {
			dst[i] ^= Elem(elemMul(uint64(a[i]), uint64(b[i])))
		}
	},
	butterfly: func(lo, hi []Elem, c Elem, inverse bool) {
		m := blocks(len(lo))
		if m > 0 {
			butterflyAVX512(u64s(lo), u64s(hi), m, uint64(c), inverse)
		}
		genericKernels.butterfly(lo[m:], hi[m:], c, inverse)
	},
	xorSlice: func(dst, a, b []uint64) {
		m := blocks(len(a))
		if m > 0 {
			xorAVX512(u64s(dst), u64s(a), u64s(b), m)
		}
		for i := m; i < len(a); i++ {
			dst[i] = a[i] ^ b[i]
		}
	},
	elemMulConstSlice: func(dst []Elem, c Elem, a []Elem) {
		m := blocks(len(a))
		if m > 0 {
			elemMulConstAVX512(u64s(dst), u64s(a), m, uint64(c), false)
		}
		for i := m; i < len(a); i++ {
			dst[i] = Elem(elemMul(uint64(c), uint64(a[i])))
		}
	},
	elemMulAddConstSlice: func(dst []Elem, c Elem, a []Elem) {
		m := blocks(len(a))
		if m > 0 {
			elemMulConstAVX512(u64s(dst), u64s(a), m, uint64(c), true)
		}
		for i := m; i < len(a); i++ {
			dst[i] ^= Elem(elemMul(uint64(c), uint64(a[i])))
		}
	},
	elemDotProduct: func(a, b []Elem) Elem {
		m := blocks(len(a))
		var hi, lo uint64
		if m > 0 {
			hi, lo = elemDotAVX512(u64s(a), u64s(b), m)
		}
		for i := m; i < len(a); i++ {
			h, l := clmul(uint64(a[i]), uint64(b[i]))
			hi, lo = hi^h, lo^l
		}
		return Elem(reduce(hi, lo))
	},
}
