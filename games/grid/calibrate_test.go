package grid

import (
	"flag"
	"testing"
)

// The benchmarks of this file measure the figures behind the defaults,
// which docs/performance.md reports. They take seconds, so they run only
// with -calibrate:
//
//	go test -run '^$' -bench Calibrate -benchtime 1x -calibrate ./games/grid

var calibrate = flag.Bool("calibrate", false, "run the calibration benchmarks")

// BenchmarkCalibrateCutcake values the largest cake, MaxCutcake on each
// side, whose table takes 1.6·10^7 cuts of DefaultCuts.
func BenchmarkCalibrateCutcake(b *testing.B) {
	if !*calibrate {
		b.Skip("needs -calibrate")
	}
	for b.Loop() {
		if _, err := Cutcake(MaxCutcake, MaxCutcake); err != nil {
			b.Fatal(err)
		}
	}
}
