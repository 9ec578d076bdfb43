package heap

import (
	"encoding/binary"
	"math/bits"
)

// The split scanners in Go: the reference for the assembly kernels and the
// fallback on other machines.

// scanSplits clears need[a[i] ^ b[i]] for i = 0, 1, … until remaining
// values are found or the splits run out; it returns the splits read and
// the values still missing.
func scanSplits[T uint8 | uint16](a, b []T, need *[fastMax]uint8, remaining int) (int, int) {
	b = b[:len(a)]
	const m = fastMax - 1
	i := 0
	// Four splits at a time while none is wanted.
	for ; i+4 <= len(a); i += 4 {
		x0, x1 := int(a[i]^b[i])&m, int(a[i+1]^b[i+1])&m
		x2, x3 := int(a[i+2]^b[i+2])&m, int(a[i+3]^b[i+3])&m
		if need[x0]|need[x1]|need[x2]|need[x3] == 0 {
			continue
		}
		for _, x := range [4]int{x0, x1, x2, x3} {
			if need[x] != 0 {
				need[x] = 0
				remaining--
			}
		}
		if remaining == 0 {
			return i + 4, 0
		}
	}
	for ; remaining > 0 && i < len(a); i++ {
		if x := int(a[i]^b[i]) & m; need[x] != 0 {
			need[x] = 0
			remaining--
		}
	}
	return i, remaining
}

// splitScanner is scanSplits with the set of values wanted as a bitmap
// (bit x & 7 of byte x >> 3 for x); it clears the bits of the values it
// finds. Each scanner has a bound on the values it can take (256 for
// bytes, 512 or fastMax for 16 bits), and reads only the bits below it.
type splitScanner[T uint8 | uint16] func(a, b []T, bitmap *[setBytes]uint8, remaining int) (int, int)

// setBytes is the size of the bitmaps of splitScanner.
const setBytes = fastMax / 8

// scanGeneric is the split scanner in Go, for any bound. It spreads the
// bits of the set to bytes and gathers them back only for the values in
// the set (bytes take values below 256 only), so that a short scan does
// not cost a pass over every value.
func scanGeneric[T uint8 | uint16](a, b []T, bitmap *[setBytes]uint8, remaining int) (int, int) {
	words := setBytes / 8
	if _, ok := any(a).([]uint8); ok {
		words = 256 / 64
	}
	var need [fastMax]uint8
	for w := range words {
		for z := binary.LittleEndian.Uint64(bitmap[8*w:]); z != 0; z &= z - 1 {
			need[w*64+bits.TrailingZeros64(z)] = 1
		}
	}
	i, rem := scanSplits(a, b, &need, remaining)
	if rem == remaining {
		return i, rem // nothing met: the set is as it was
	}
	for w := range words {
		z := binary.LittleEndian.Uint64(bitmap[8*w:])
		for y := z; y != 0; y &= y - 1 {
			if x := bits.TrailingZeros64(y); need[w*64+x] == 0 {
				z &^= 1 << x
			}
		}
		binary.LittleEndian.PutUint64(bitmap[8*w:], z)
	}
	return i, rem
}
