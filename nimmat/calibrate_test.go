package nimmat

import (
	"flag"
	"testing"
)

// The benchmarks of this file measure the figures behind DefaultLimit,
// which docs/performance.md reports. They take seconds, so they run only
// with -calibrate:
//
//	go test -run '^$' -bench Calibrate -benchtime 1x -calibrate ./nimmat

var calibrate = flag.Bool("calibrate", false, "run the calibration benchmarks")

// BenchmarkCalibrateDefaultLimit times a determinant of order 2300,
// about DefaultLimit multiply-adds.
func BenchmarkCalibrateDefaultLimit(b *testing.B) {
	if !*calibrate {
		b.Skip("needs -calibrate")
	}
	b.Logf("order 2300: %.3g multiply-adds of %.3g", eliminationCost(2300, 2300, 2300, false), float64(DefaultLimit))
	benchDet(b, 2300)
}
