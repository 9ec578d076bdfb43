package heap

import (
	"math"
	"testing"
)

// TestWork checks the closed form of Work against the sum of the
// evaluations of each heap, one by one.
func TestWork(t *testing.T) {
	for _, s := range []string{"octal 0.77", "octal 0.6", "octal 4.07", "octal 0.123", "subtraction 1,3,4", "subtraction all-but:1,3", "grundys-game", "nim"} {
		g := mustGame(t, s)
		for _, n := range []int{0, 1, 2, 10, 1000} {
			sum := 0.0
			for m := range n {
				sum += g.work(m)
			}
			if got := g.workBound(n); math.Abs(got-sum) > 1e-9*max(1, sum) {
				t.Errorf("%s: Work(%d) = %g, the sum of its heaps %g", s, n, got, sum)
			}
		}
	}
}
