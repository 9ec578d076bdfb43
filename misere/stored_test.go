package misere_test

import (
	"math/rand/v2"
	"testing"

	"github.com/nimbers/grundy/games/heap"
	"github.com/nimbers/grundy/misere"
)

// storedGames are the quotients misere stores: Dawson's Kayles to heap
// 33, whose order 638 Plambeck and Siegel published ("Misère quotients
// for impartial games", 2008, the furthest they took 0.07, leaving its
// presentation out), and Dawson's Chess to heap 32, its heaps one token
// shorter.
var storedGames = []struct {
	code     string
	n, order int
}{{"0.07", 33, 638}, {"0.137", 32, 638}}

// TestRecall checks the stored quotients without computing them: the
// check every candidate passes proves that each predicts every sum of
// its heaps; random sums agree with play; and Recall finds them for the
// games whose heaps move alike, only those, and only up to their bounds.
func TestRecall(t *testing.T) {
	for _, c := range storedGames {
		g, _ := heap.ParseCode(c.code)
		q, ok := misere.Recall(g, c.n)
		if !ok || q.Order() != c.order || q.MaxHeap() != c.n {
			t.Fatalf("%s to heap %d: not recalled", c.code, c.n)
		}
		if ok, err := misere.Proves(q, g); !ok || err != nil {
			t.Errorf("%s: the stored quotient fails its check (%v)", c.code, err)
		}
		s := &searchP{g: g, memo: map[string]bool{}}
		r := rand.New(rand.NewPCG(7, uint64(c.n)))
		compared := 0
		for range 1000 {
			sum := []int{1 + r.IntN(c.n)}
			total := sum[0]
			for k := r.IntN(4); k > 0; k-- {
				h := r.IntN(c.n + 1)
				sum = append(sum, h)
				total += h
			}
			if total > 40 {
				continue
			}
			compared++
			if got, want := q.IsP(q.Element(sum...)), s.isP(sum); got != want {
				t.Fatalf("%s: sum %v: stored quotient says P=%v, play says %v", c.code, sum, got, want)
			}
		}
		if compared < 200 {
			t.Errorf("%s: only %d sums compared", c.code, compared)
		}
	}
	same, _ := heap.ParseCode("0.070") // written otherwise, moving alike
	if _, ok := misere.Recall(same, 20); !ok {
		t.Error("0.070 to heap 20: not recalled")
	}
	for _, c := range []struct {
		code string
		n    int
	}{{"0.07", 34}, {"0.07", -1}, {"0.77", 10}, {"0.071", 10}} {
		g, _ := heap.ParseCode(c.code)
		if _, ok := misere.Recall(g, c.n); ok {
			t.Errorf("%s to heap %d: recalled", c.code, c.n)
		}
	}
}
