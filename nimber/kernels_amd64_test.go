//go:build amd64 && !purego

package nimber

import (
	"testing"
	"unsafe"
)

// TestShufLayout checks the offsets that internal/asm/nimber hard-codes.
func TestShufLayout(t *testing.T) {
	if unsafe.Offsetof(shuf.perm) != 0 || unsafe.Offsetof(shuf.unperm) != 32 || unsafe.Offsetof(shuf.mask) != 64 {
		t.Fatalf("shufTables layout: unperm at %d, mask at %d", unsafe.Offsetof(shuf.unperm), unsafe.Offsetof(shuf.mask))
	}
}

func TestMulCLMUL(t *testing.T) {
	if !cpuHasPCLMULQDQ() {
		t.Skip("no PCLMULQDQ")
	}
	r := newRand(t)
	edge := []uint64{0, 1, 2, 1 << 32, 1<<63 | 1, 1 << 63, ^uint64(0), uint64(fieldRoot)}
	check := func(x, y uint64) {
		if got, want := mulCLMUL(x, y, &toElemMap[0][0], &fromElemMap[0][0]), refMul(x, y); got != want {
			t.Fatalf("mulCLMUL(%#x, %#x) = %#x, want %#x", x, y, got, want)
		}
	}
	for _, x := range edge {
		for _, y := range edge {
			check(x, y)
		}
	}
	for range randomTrials {
		check(r.Uint64(), r.Uint64())
		check(r.Uint64()>>r.IntN(64), r.Uint64()>>r.IntN(64))
	}
}
