package loopy

import (
	"context"
	"testing"
)

// sumOf parses and adds games, failing the benchmark on error.
func sumOf(b *testing.B, texts ...string) Game {
	var parts []Game
	for _, s := range texts {
		g, err := Parse(context.Background(), s, nil)
		if err != nil {
			b.Fatal(err)
		}
		parts = append(parts, g)
	}
	sum, err := Sum(context.Background(), parts, nil)
	if err != nil {
		b.Fatal(err)
	}
	if !sum.IsStopper() {
		b.Fatal("not a stopper")
	}
	return sum
}

// BenchmarkSimplifySum simplifies a sum of stoppers in which only Right
// can pass, so that the sum is a stopper too.
func BenchmarkSimplifySum(b *testing.B) {
	sum := sumOf(b, "over", "{1|pass}", "^*", "{2|0}", "{0|{0|pass}}")
	for b.Loop() {
		if _, err := Simplify(context.Background(), sum, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(sum.len()), "positions")
}

// BenchmarkLessEq compares two such sums.
func BenchmarkLessEq(b *testing.B) {
	x := sumOf(b, "over", "{1|pass}", "^*", "{2|0}", "{0|{0|pass}}")
	y := sumOf(b, "over", "over", "{1|pass}", "{0|{0|pass}}", "{5/2|3/2}", "^")
	for b.Loop() {
		if _, err := leq(context.Background(), x, y, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(x.len())*float64(y.len()), "pairs")
}
