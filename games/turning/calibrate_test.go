package turning

import (
	"flag"
	"fmt"
	"testing"

	"github.com/nimbers/grundy/budget"
)

// The benchmarks of this file measure the figures behind the defaults of
// rule.go, which docs/performance.md reports. They take seconds and a
// gigabyte each, so they run only with -calibrate:
//
//	go test -run '^$' -bench Calibrate -benchtime 1x -calibrate ./games/turning

var calibrate = flag.Bool("calibrate", false, "run the calibration benchmarks")

// BenchmarkCalibrateListWords times Mogul to 330 coins and at-most:4 to
// 3000 with atMostListWords from 1 to 8, to choose it.
func BenchmarkCalibrateListWords(b *testing.B) {
	if !*calibrate {
		b.Skip("needs -calibrate")
	}
	defer func(w int) { atMostListWords = w }(atMostListWords)
	for _, c := range []struct {
		rule string
		n    int
	}{{"mogul", 330}, {"at-most:4", 3000}} {
		for _, w := range []int{1, 2, 4, 8} {
			b.Run(fmt.Sprintf("%s-%d/words=%d", c.rule, c.n, w), func(b *testing.B) {
				atMostListWords = w
				r := mustRule(c.rule)
				for b.Loop() {
					if _, err := r.Values(b.Context(), c.n, &budget.Options{Limit: -1, Memory: -1}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkCalibrateDefaultLimit times Values near DefaultLimit:
// arithmetic progressions to 28 000 coins and Mogul to 320, and Mogul to
// 330, near DefaultMemory.
func BenchmarkCalibrateDefaultLimit(b *testing.B) {
	if !*calibrate {
		b.Skip("needs -calibrate")
	}
	for _, c := range []struct {
		rule string
		n    int
	}{{"ap", 28000}, {"mogul", 320}, {"mogul", 330}} {
		r := mustRule(c.rule)
		b.Logf("%s to %d coins: %.3g steps of %.3g", c.rule, c.n, r.valuesCost(c.n), float64(DefaultLimit))
		b.Run(fmt.Sprintf("%s-%d", c.rule, c.n), func(b *testing.B) {
			for b.Loop() {
				if _, err := r.Values(b.Context(), c.n, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
