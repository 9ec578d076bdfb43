package heap

import (
	"sync"
	"testing"

	"github.com/nimbers/grundy/budget"
)

func benchOctal(b *testing.B, code string) {
	g, err := ParseCode(code)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := g.Values(b.Context(), 1_000_000, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkKayles1e6(b *testing.B)       { benchOctal(b, "0.77") }
func BenchmarkDawsonKayles1e6(b *testing.B) { benchOctal(b, "0.07") }
func BenchmarkDawsonChess1e6(b *testing.B)  { benchOctal(b, "0.137") }
func BenchmarkSubtraction1e6(b *testing.B)  { benchOctal(b, "0.3333") }

// Octal games without a short period, by sparse space.
func BenchmarkOctal0_6to1e6(b *testing.B)     { benchOctal(b, "0.6") }
func BenchmarkOctal0_64to1e6(b *testing.B)    { benchOctal(b, "0.64") }
func BenchmarkOctal0_74to1e6(b *testing.B)    { benchOctal(b, "0.74") }
func BenchmarkGrundySparse2to16(b *testing.B) { benchGrundy(b, 1<<16) }

// BenchmarkTreblecross1e6 is a dense code (about one heap in seven
// sparse, values past 1024) without the work budget: seconds, not one.
func BenchmarkTreblecross1e6(b *testing.B) {
	g, _ := ParseCode("0.007")
	for b.Loop() {
		if _, err := g.Values(b.Context(), 1_000_000, &budget.Options{Limit: -1}); err != nil {
			b.Fatal(err)
		}
	}
}
func BenchmarkGrundySparse2to18(b *testing.B) { benchGrundy(b, 1<<18) }
func BenchmarkGrundySparse2to20(b *testing.B) { benchGrundy(b, 1<<20) }
func BenchmarkGrundySparse2to22(b *testing.B) { benchGrundy(b, 1<<22) }

func benchGrundy(b *testing.B, n int) {
	for b.Loop() {
		if _, _, err := GrundySparse(b.Context(), n, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOctal0_6Twice runs two computations of 0.6 to 10^5 at once in
// one process, as two requests to the playground do: four goroutines of
// the two-core engine on two processors.
func BenchmarkOctal0_6Twice(b *testing.B) {
	g, _ := ParseCode("0.6")
	for b.Loop() {
		var wg sync.WaitGroup
		for range 2 {
			wg.Go(func() {
				if _, err := g.Values(b.Context(), 100_000, nil); err != nil {
					b.Error(err)
				}
			})
		}
		wg.Wait()
	}
}
