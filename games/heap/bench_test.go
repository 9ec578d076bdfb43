package heap

import (
	"fmt"
	"github.com/nimbers/grundy/internal/tier"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
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
		if _, _, err := grundySparse(b.Context(), n, nil, defaultLoops); err != nil {
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

// benchEngine values heaps of code through the games engine, by the heap
// engine behind the ruleset, from a fresh ruleset each time;
// benchDirect values them by Game.Heaps, as "grundy sum" did. The two
// should be within noise of each other.
func benchEngine(b *testing.B, code string, sizes ...int) {
	pos := sizesText(sizes)
	for b.Loop() {
		g, err := ParseCode(code)
		if err != nil {
			b.Fatal(err)
		}
		r := newHeapRules(g)
		p, err := r.Parse(pos)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := games.NewEngine(r, nil).Grundy(b.Context(), p); err != nil {
			b.Fatal(err)
		}
	}
}

func benchDirect(b *testing.B, code string, sizes ...int) {
	for b.Loop() {
		g, err := ParseCode(code)
		if err != nil {
			b.Fatal(err)
		}
		hs, err := g.Heaps(b.Context(), sizes...)
		if err != nil {
			b.Fatal(err)
		}
		var v uint64
		for _, h := range hs {
			v ^= h.Value()
		}
		_ = v
	}
}

func sizesText(sizes []int) string {
	s := make([]string, len(sizes))
	for i, n := range sizes {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, " ")
}

func BenchmarkEngineKayles(b *testing.B) { benchEngine(b, "0.77", 100000, 70000, 30000) }
func BenchmarkDirectKayles(b *testing.B) { benchDirect(b, "0.77", 100000, 70000, 30000) }
func BenchmarkEngine0_6(b *testing.B)    { benchEngine(b, "0.6", 8000, 5000, 7) }
func BenchmarkDirect0_6(b *testing.B)    { benchDirect(b, "0.6", 8000, 5000, 7) }

// BenchmarkDenseTiers runs denseCalc on one core with the dense scanner
// of each tier this CPU runs, on the code of TestDenseLarge (take 1 to 34
// tokens and split the rest in two) to 16000 heaps: values pass 2048 at
// heap 2350, 8192 at 9126 and reach 12862, so the scanners past 2048 do
// most of the work.
func BenchmarkDenseTiers(b *testing.B) {
	g, _ := ParseCode("0." + strings.Repeat("7", 34))
	rules, _ := g.sparseRules()
	tiers := kernelTiers()
	for _, name := range tier.Order {
		k, ok := tiers[name]
		if !ok {
			continue
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				d := newDenseCalc(rules, 16000, k.dense, false)
				if _, ok := d.run(0, 16000, nil); !ok {
					b.Fatal("stopped early")
				}
			}
		})
	}
}

// BenchmarkDenseScanners times the dense scanner of each tier this CPU
// runs on 2^16 splits below limit/2 against a set of eight values at
// limit/2 or past it, which no split meets: the lookups alone, as in the
// long end of a heap's scan (ns/op ÷ 65536 is the time a split), for
// values below 2048 (the wide kernels) and past it.
func BenchmarkDenseScanners(b *testing.B) {
	const n = 1 << 16
	tiers := kernelTiers()
	for _, limit := range []int{fastMax, 4096, denseFastMax, denseMax} {
		x, y := make([]uint16, n), make([]uint16, n)
		for i := range n {
			x[i], y[i] = uint16(i*7919%(limit/2)), uint16(i*104729%(limit/2))
		}
		var set denseSet
		for v := limit / 2; v < limit; v += limit / 16 {
			set[v>>3] |= 1 << (v & 7)
		}
		for _, name := range tier.Order {
			k, ok := tiers[name]
			if !ok {
				continue
			}
			b.Run(fmt.Sprintf("limit=%d/%s", limit, name), func(b *testing.B) {
				for b.Loop() {
					s := set
					if _, left := k.dense(x, y, &s, limit, 8); left != 8 {
						b.Fatal(left)
					}
				}
			})
		}
	}
}
