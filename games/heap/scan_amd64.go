//go:build amd64 && !purego

package heap

//go:generate sh -c "cd ../../internal/asm && go run ./heap -out ../../games/heap/scan_amd64.s -stubs ../../games/heap/scan_amd64_stubs.go -pkg heap"

import (
	"slices"

	"golang.org/x/sys/cpu"
)

// hasAVX512Scan reports whether this CPU runs the AVX-512 kernels of
// scan_amd64.s.
var hasAVX512Scan = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512DQ &&
	cpu.X86.HasAVX512VBMI && cpu.X86.HasAVX512VBMI2 && cpu.X86.HasAVX2 && cpu.X86.HasBMI1 && cpu.X86.HasBMI2

// hasAVX2Scan reports whether this CPU runs the AVX2 kernels: AVX2, and
// BMI1 for the hits (TZCNT, BLSR).
var hasAVX2Scan = cpu.X86.HasAVX2 && cpu.X86.HasBMI1

// kernelTiers lists the tiers of kernels this CPU runs.
func kernelTiers() map[string]kernelSet {
	s := map[string]kernelSet{tierGo: goKernels}
	if hasAVX2Scan {
		s[tierAVX2] = kernelSet{
			loops: sparseLoops{scan: scanBytesAVX2, wscan: scanWordsWith(scanWordsAVX2), xscan: scanWideAVX2Go},
			dense: scanDenseAVX2,
			pack:  packRowsWith(packRowsAVX2),
		}
	}
	if hasAVX512Scan {
		s[tierAVX512] = kernelSet{
			loops: sparseLoops{scan: scanBytesAVX512, wscan: scanWordsWith(scanWordsAVX512), xscan: scanWideAVX512Go},
			dense: scanDense,
			pack:  packRowsWith(packRowsAVX512),
		}
	}
	return s
}

// packRowsWith is packRowsGo on a packRows kernel.
func packRowsWith(kernel func(tabs *byte, out *uint64, words int, merge bool)) func([]uint8, []uint64, int, bool) {
	return func(tabs []uint8, out []uint64, words int, merge bool) {
		_ = tabs[(fastRows-1)*tableStride+64*words-1]
		_ = out[(fastRows-1)*fastWords+words-1]
		kernel(&tabs[0], &out[0], words, merge)
	}
}

// scanBytesAVX512 is the byte scanner on scanAVX512.
func scanBytesAVX512(a, b []uint8, bitmap *[setBytes]uint8, remaining int) (int, int) {
	return scanWith(scanAVX512, a, b, (*[64]uint8)(bitmap[:64]), bitmap[:], remaining)
}

// scanBytesAVX2 is the byte scanner on scanAVX2.
func scanBytesAVX2(a, b []uint8, bitmap *[setBytes]uint8, remaining int) (int, int) {
	return scanWith(scanAVX2, a, b, (*[64]uint8)(bitmap[:64]), bitmap[:], remaining)
}

// scanWordsWith is the 16-bit scanner on a kernel for values below 512.
func scanWordsWith(kernel func(a, b *uint16, n int, set *[64]byte, remaining int) (int, int)) splitScanner[uint16] {
	return func(a, b []uint16, bitmap *[setBytes]uint8, remaining int) (int, int) {
		return scanWith(kernel, a, b, (*[64]uint8)(bitmap[:64]), bitmap[:], remaining)
	}
}

// scanWideAVX512Go is the 16-bit scanner on scanWideAVX512, for values
// below fastMax.
func scanWideAVX512Go(a, b []uint16, bitmap *[setBytes]uint8, remaining int) (int, int) {
	return scanWith(scanWideAVX512, a, b, bitmap, bitmap[:], remaining)
}

// scanWideAVX2Go is the 16-bit scanner on scanWideAVX2, for values below
// fastMax.
func scanWideAVX2Go(a, b []uint16, bitmap *[setBytes]uint8, remaining int) (int, int) {
	return scanWith(scanWideAVX2, a, b, bitmap, bitmap[:], remaining)
}

// scanDenseAVX2 is the dense scanner on scanWordsAVX2 for values below
// 512, on scanWideAVX2 below fastMax, and on scanGatherAVX2 past it.
func scanDenseAVX2(a, b []uint16, set *denseSet, limit, remaining int) (int, int) {
	switch {
	case limit <= 512:
		return scanWith(scanWordsAVX2, a, b, (*[64]uint8)(set[:64]), set[:], remaining)
	case limit <= fastMax:
		return scanWith(scanWideAVX2, a, b, (*[fastMax / 8]uint8)(set[:fastMax/8]), set[:], remaining)
	}
	return scanWith(scanGatherAVX2, a, b, (*[denseBytes]uint8)(set), set[:], remaining)
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
