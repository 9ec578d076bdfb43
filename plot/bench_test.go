package plot

import (
	"testing"
)

func BenchmarkProductTable4096(b *testing.B) {
	for b.Loop() {
		if _, err := ProductTable(4096); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSequence1e6(b *testing.B) {
	v := make([]uint64, 1_000_000)
	for i := range v {
		v[i] = uint64(i * 7 % 97)
	}
	for b.Loop() {
		Sequence("bench", v, nil)
	}
}
