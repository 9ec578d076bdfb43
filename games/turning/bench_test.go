package turning

import (
	"fmt"
	"github.com/nimbers/grundy/internal/tier"
	"testing"
)

func BenchmarkMogulValues(b *testing.B) {
	r := mustRule("mogul")
	for b.Loop() {
		if _, err := r.Values(b.Context(), 150, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMoebiusValues(b *testing.B) {
	r := mustRule("moebius")
	for b.Loop() {
		if _, err := r.Values(b.Context(), 400, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPE459 counts the winning first moves on the all-heads 10^6 ×
// 10^6 board of Project Euler 459 (square widths, triangular heights).
func BenchmarkPE459(b *testing.B) {
	t, _ := Tartan(mustRule("runs:squares"), mustRule("runs:triangular"))
	for b.Loop() {
		w, err := t.CountWinning(b.Context(), 1000000, nil)
		if err != nil || w.Count != "3996390106631" {
			b.Fatal(w, err)
		}
	}
}

// BenchmarkProgressions3000 is the contest problem on arithmetic progressions: the values of 3000
// coins under arithmetic progressions and the winning moves of a position
// with every third coin heads.
func BenchmarkProgressions3000(b *testing.B) {
	r := mustRule("ap")
	heads := make([]bool, 3000)
	for i := range heads {
		heads[i] = i%3 == 0
	}
	for b.Loop() {
		g, err := r.Values(b.Context(), 3000, nil)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := collect(r.movesTo(b.Context(), g, heads, 0)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMogulValues330 takes Mogul to its last coin below 2^31.
func BenchmarkMogulValues330(b *testing.B) {
	r := mustRule("mogul")
	for b.Loop() {
		if _, err := r.Values(b.Context(), 330, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkXorTranslate times the translation of every tier this CPU
// runs on bitmaps of 2^10 and 2^16 words (8 KB and 512 KB), from word 0,
// with c moving bits across bytes, lanes and words.
func BenchmarkXorTranslate(b *testing.B) {
	tiers := translateTiers()
	for _, words := range []int{1 << 10, 1 << 16} {
		src, dst := make([]uint64, words), make([]uint64, words)
		for i := range src {
			src[i] = uint64(i) * 0x9e3779b97f4a7c15
		}
		c := uint64(64*words/2 + 0x1ab)
		for _, name := range tier.Order {
			f, ok := tiers[name]
			if !ok {
				continue
			}
			b.Run(fmt.Sprintf("%s/words=%d", name, words), func(b *testing.B) {
				b.SetBytes(int64(8 * words))
				for b.Loop() {
					f(dst, src, c, 0)
				}
			})
		}
	}
}

// BenchmarkMogulTiers is BenchmarkMogulValues on each tier of the
// translation this CPU runs.
func BenchmarkMogulTiers(b *testing.B) {
	tiers := translateTiers()
	r := mustRule("mogul")
	for _, name := range tier.Order {
		f, ok := tiers[name]
		if !ok {
			continue
		}
		b.Run(name, func(b *testing.B) {
			defer func(old translator) { xorTranslateOr = old }(xorTranslateOr)
			xorTranslateOr = f
			for b.Loop() {
				if _, err := r.Values(b.Context(), 150, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
