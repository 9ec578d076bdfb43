package nimpoly

import (
	"flag"
	"testing"

	"github.com/nimbers/grundy/budget"
)

// The benchmarks of this file measure the figures behind DefaultLimit,
// which docs/performance.md reports. They take seconds, so they run only
// with -calibrate:
//
//	go test -run '^$' -bench Calibrate -benchtime 1x -calibrate ./nimpoly

var calibrate = flag.Bool("calibrate", false, "run the calibration benchmarks")

// BenchmarkCalibrateGCD times the GCD of two random polynomials of
// degree 10^5, whose estimate is about 2·10^10 multiply-adds.
func BenchmarkCalibrateGCD(b *testing.B) {
	if !*calibrate {
		b.Skip("needs -calibrate")
	}
	r := newRand(5)
	p, q := randPoly(r, 100001), randPoly(r, 100001)
	for b.Loop() {
		if _, err := GCD(b.Context(), p, q, &budget.Options{Limit: -1}); err != nil {
			b.Fatal(err)
		}
	}
}
