package heap

import (
	"context"
	"fmt"
	"testing"

	"github.com/nimbers/grundy/games"
)

// TestWythoffGrundyValues checks the Grundy values of Wythoff's game
// through the registry: the diagonal G(n, n) against OEIS A047708, and
// row 10 of Wythoff's game and of its generalization wythoff:1 (CGSuite's
// GenWythoff(x -> x + 2)) against CGSuite's GameHeapTest.
func TestWythoffGrundyValues(t *testing.T) {
	a047708 := []uint64{0, 2, 1, 6, 7, 8, 3, 5, 4, 16, 14, 15, 10, 9, 11, 20, 13, 21, 12, 25, 17, 18, 19, 30, 31, 38,
		35, 36, 22, 23, 43, 45, 48, 49, 24, 26, 27, 28, 29, 33, 60, 32, 61, 57, 66, 37, 63, 34, 64,
		67, 40, 39, 41, 42, 82, 44, 74, 79, 47, 46, 87, 86, 50, 95, 96, 52, 101, 51, 102, 53, 54}
	ctx := context.Background()
	value := func(rules string, x, y int) uint64 {
		r, _ := games.Lookup(rules)
		p, err := r.Parse(fmt.Sprintf("%d %d", x, y))
		if err != nil {
			t.Fatal(err)
		}
		v, err := games.NewEngine(r, nil).Grundy(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for n, want := range a047708 {
		if got := value("wythoff", n, n); got != want {
			t.Errorf("G(%d, %d) = %d, want %d", n, n, got, want)
		}
	}
	for _, c := range []struct {
		rules string
		row   []uint64
	}{
		{"wythoff", []uint64{10, 11, 9, 8, 13, 12, 0, 15, 16, 17, 14, 18, 7, 6, 2, 3, 1, 4, 5, 23, 28}},
		{"wythoff:1", []uint64{10, 11, 12, 13, 0, 14, 9, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 15, 28, 29, 30}},
	} {
		for n, want := range c.row {
			if got := value(c.rules, 10, n); got != want {
				t.Errorf("%s: G(10, %d) = %d, want %d", c.rules, n, got, want)
			}
		}
	}
}
