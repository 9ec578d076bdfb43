package misere

import (
	"context"
	"math/rand/v2"
	"testing"
)

// TestSumCost checks the estimate a sum is refused by against the steps
// the sum takes in a table that has summed nothing: they are equal.
func TestSumCost(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var pool []*node
	build := newTable(context.Background(), -1)
	for i := range 6 {
		pool = append(pool, build.nim(i))
	}
	for len(pool) < 60 {
		var opts []*node
		for k := rng.IntN(4); k > 0; k-- {
			opts = append(opts, pool[rng.IntN(len(pool))])
		}
		n, _ := build.fromOptions(opts)
		pool = append(pool, n)
	}
	large := 0
	for range 1000 {
		a, b := pool[rng.IntN(len(pool))], pool[rng.IntN(len(pool))]
		if a == zero || b == zero {
			continue
		}
		tb := newTable(context.Background(), -1)
		x, y := tb.intern(a), tb.intern(b)
		want, _ := sumCost(x, y)
		if _, err := tb.sum(x, y); err != nil {
			t.Fatal(err)
		}
		if tb.spent != want {
			t.Fatalf("%v + %v: %v steps, estimated %v", Game{a}, Game{b}, tb.spent, want)
		}
		if want > 100 {
			large++
		}
	}
	if large < 100 {
		t.Errorf("only %d sums of more than 100 steps", large)
	}
}
