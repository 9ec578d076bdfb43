//go:build amd64 && !purego

package heap

//go:generate sh -c "cd ../../internal/asm && go run ./heap -out ../../games/heap/scan_amd64.s -stubs ../../games/heap/scan_amd64_stubs.go -pkg heap"

import (
	"slices"

	"golang.org/x/sys/cpu"
)

// hasAVX512Scan reports whether this CPU runs the kernels of scan_amd64.s.
var hasAVX512Scan = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512DQ &&
	cpu.X86.HasAVX512VBMI && cpu.X86.HasAVX512VBMI2 && cpu.X86.HasAVX2 && cpu.X86.HasBMI1 && cpu.X86.HasBMI2

// The fastest byte kernels this CPU runs.
var (
	bestByteScanner  = pick(scanBytesAVX512, scanGeneric[uint8])
	bestWordScanner  = pick(scanWords, scanGeneric[uint16])
	bestWideScanner  = pick(scanWide, scanGeneric[uint16])
	bestDenseScanner = pick(scanDense, scanDenseGo)
	packRows         = pick(packRowsAsm, packRowsGo)
)

// packRowsAsm is packRowsGo on packRowsAVX512.
func packRowsAsm(tabs []uint8, out []uint64, words int, merge bool) {
	_ = tabs[(fastRows-1)*tableStride+64*words-1]
	_ = out[(fastRows-1)*fastWords+words-1]
	packRowsAVX512(&tabs[0], &out[0], words, merge)
}

func pick[F any](asm, generic F) F {
	if hasAVX512Scan {
		return asm
	}
	return generic
}

// byteKernels lists every set of kernels this machine can run.
func byteKernels() map[string]sparseLoops {
	s := map[string]sparseLoops{"go": {scan: scanGeneric[uint8], wscan: scanGeneric[uint16], xscan: scanGeneric[uint16]}}
	if hasAVX512Scan {
		s["avx512"] = sparseLoops{scan: scanBytesAVX512, wscan: scanWords, xscan: scanWide}
	}
	return s
}

// scanBytesAVX512 is the byte scanner on scanAVX512.
func scanBytesAVX512(a, b []uint8, bitmap *[setBytes]uint8, remaining int) (int, int) {
	return scanWith(scanAVX512, a, b, (*[64]uint8)(bitmap[:64]), bitmap[:], remaining)
}

// scanWords is the 16-bit scanner on scanWordsAVX512, for values below
// 512.
func scanWords(a, b []uint16, bitmap *[setBytes]uint8, remaining int) (int, int) {
	return scanWith(scanWordsAVX512, a, b, (*[64]uint8)(bitmap[:64]), bitmap[:], remaining)
}

// scanWide is the 16-bit scanner on scanWideAVX512, for values below
// fastMax.
func scanWide(a, b []uint16, bitmap *[setBytes]uint8, remaining int) (int, int) {
	return scanWith(scanWideAVX512, a, b, bitmap, bitmap[:], remaining)
}

// scanDense is the dense scanner on the kernel for limit: the wide one
// up to fastMax, then scan4096AVX512 and scan8192AVX512, then
// scanPartAVX512 on each part of denseFastMax values with values in the
// set.
func scanDense(a, b []uint16, set *denseSet, limit, remaining int) (int, int) {
	switch {
	case limit <= fastMax:
		return scanWith(scanWideAVX512, a, b, (*[fastMax / 8]uint8)(set[:fastMax/8]), set[:], remaining)
	case limit <= 4096:
		return scanWith(scan4096AVX512, a, b, (*[512]uint8)(set[:512]), set[:], remaining)
	case limit <= denseFastMax:
		return scanWith(scan8192AVX512, a, b, (*[denseFastMax / 8]uint8)(set[:denseFastMax/8]), set[:], remaining)
	}
	const partBytes = denseFastMax / 8
	parts := func(a, b *uint16, n int, set *denseSet, remaining int) (int, int) {
		i := n &^ 63
		for part := 0; part < limit/denseFastMax && remaining > 0; part++ {
			bytes := set[part*partBytes : (part+1)*partBytes]
			if slices.ContainsFunc(bytes, func(b uint8) bool { return b != 0 }) {
				i, remaining = scanPartAVX512(a, b, n, (*[denseBytes]uint8)(set), part, remaining)
			}
		}
		return i, remaining
	}
	return scanWith(parts, a, b, set, set[:], remaining)
}

// scanWith runs a scanner kernel, whose set is the first bytes of bitmap,
// over the whole blocks of 64 splits and takes the last splits (less than
// a block) here.
func scanWith[T uint8 | uint16, S any](kernel func(a, b *T, n int, set S, remaining int) (int, int), a, b []T, set S, bitmap []uint8, remaining int) (int, int) {
	b = b[:len(a)]
	i := 0
	if len(a) >= 64 {
		i, remaining = kernel(&a[0], &b[0], len(a), set, remaining)
	}
	for ; remaining > 0 && i < len(a); i++ {
		if x := a[i] ^ b[i]; bitmap[x>>3]>>(x&7)&1 != 0 {
			bitmap[x>>3] &^= 1 << (x & 7)
			remaining--
		}
	}
	return i, remaining
}
