//go:build long

package misere_test

import (
	"bytes"
	"context"
	"flag"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games/heap"
	"github.com/nimbers/grundy/misere"
)

// TestQuotientLargeHeaps checks quotients past the heaps where they last
// grew against play: random sums that hold one of the late generators'
// heaps (Kayles's heaps 25 and 27, Dawson's Kayles's 25 to 33) and a few
// small heaps.
func TestQuotientLargeHeaps(t *testing.T) {
	cases := []struct {
		code      string
		n, lo     int
		order     int
		maxTokens int
	}{
		{"0.77", 40, 25, 40, 52},
		{"0.07", 33, 25, 638, 50},
	}
	for _, c := range cases {
		g, err := heap.ParseCode(c.code)
		if err != nil {
			t.Fatal(err)
		}
		q, err := misere.Compute(context.Background(), g, c.n, &budget.Options{Limit: -1})
		if err != nil {
			t.Fatalf("%s: %v", c.code, err)
		}
		if q.Order() != c.order {
			t.Errorf("%s to heap %d: order %d, want %d", c.code, c.n, q.Order(), c.order)
		}
		s := &searchP{g: g, memo: map[string]bool{}}
		r := rand.New(rand.NewPCG(3, uint64(c.n)))
		compared := 0
		for range 3000 {
			sum := []int{c.lo + r.IntN(c.n-c.lo+1)}
			total := sum[0]
			for k := r.IntN(4); k > 0; k-- {
				h := r.IntN(20)
				sum = append(sum, h)
				total += h
			}
			if total > c.maxTokens {
				continue
			}
			compared++
			if got, want := q.IsP(q.Element(sum...)), s.isP(sum); got != want {
				t.Errorf("%s: sum %v: quotient says P=%v, play says %v", c.code, sum, got, want)
			}
		}
		t.Logf("%s: %d sums compared, %d positions searched", c.code, compared, len(s.memo))
	}
}

// TestQuotientOrderByPlayLarge tells apart by play every two elements of
// Kayles's whole quotient: 40 elements, the same for every heap bound
// from 27 on.
func TestQuotientOrderByPlayLarge(t *testing.T) {
	checkOrderByPlay(t, "0.77", 40)
}

var update = flag.Bool("update", false, "rewrite stored.bin from the quotients TestStoredQuotients computes")

// TestStoredQuotients computes the stored quotients again and compares
// them with the stored data; with -update it rewrites the data.
func TestStoredQuotients(t *testing.T) {
	var qs []*misere.Quotient
	var gs []misere.HeapGame
	for _, c := range storedGames {
		g, _ := heap.ParseCode(c.code)
		q, err := misere.Compute(t.Context(), g, c.n, &budget.Options{Limit: -1})
		if err != nil {
			t.Fatal(err)
		}
		if q.Order() != c.order {
			t.Errorf("%s to heap %d: order %d, want %d", c.code, c.n, q.Order(), c.order)
		}
		qs, gs = append(qs, q), append(gs, g)
	}
	data := misere.StoredData(qs, gs)
	if *update {
		if err := os.WriteFile("stored.bin", data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(data, misere.StoredFile()) {
		t.Error("stored.bin differs from the quotients computed: go test -tags long -run StoredQuotients -update ./misere rewrites it")
	}
}
