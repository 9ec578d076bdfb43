package sg

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/internal/testsize"
)

func TestMex(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for range 2000 {
		vals := make([]uint64, r.IntN(10))
		for i := range vals {
			vals[i] = r.Uint64N(8)
		}
		// The definition: count up until a value is missing.
		want := uint64(0)
		for {
			found := false
			for _, v := range vals {
				if v == want {
					found = true
				}
			}
			if !found {
				break
			}
			want++
		}
		if got := Mex(vals); got != want {
			t.Fatalf("Mex(%v) = %d, want %d", vals, got, want)
		}
	}
	if Mex(nil) != 0 || Mex([]uint64{1 << 40}) != 0 {
		t.Error("Mex of empty or large values")
	}
}

// subtraction is the game where a move removes a number of tokens from set.
func subtraction(set ...int) GameFunc[int] {
	return func(n int, buf []int) []int {
		for _, s := range set {
			if s <= n {
				buf = append(buf, n-s)
			}
		}
		return buf
	}
}

func TestGrundyKnownGames(t *testing.T) {
	nim := GameFunc[int](func(n int, buf []int) []int {
		for m := range n {
			buf = append(buf, m)
		}
		return buf
	})
	s := NewSolver[int](nim, nil)
	for n := range 50 {
		if v, err := s.Value(t.Context(), n); err != nil || v != uint64(n) {
			t.Fatalf("Nim heap %d has value %d, %v", n, v, err)
		}
	}
	// Subtraction {1, 2}: n mod 3. Subtraction {1, 3, 4}: period 7,
	// 0 1 0 1 2 3 2.
	s12 := NewSolver[int](subtraction(1, 2), nil)
	s134 := NewSolver[int](subtraction(1, 3, 4), nil)
	pattern := []uint64{0, 1, 0, 1, 2, 3, 2}
	for n := range 200 {
		if v, _ := s12.Value(t.Context(), n); v != uint64(n%3) {
			t.Fatalf("subtraction {1,2} at %d: %d", n, v)
		}
		if v, _ := s134.Value(t.Context(), n); v != pattern[n%7] {
			t.Fatalf("subtraction {1,3,4} at %d: %d", n, v)
		}
	}
	for q, want := range map[int]uint64{4: 2, 2: 0, 1: 1} { // the options of 5
		if v, _ := s134.Value(t.Context(), q); v != want {
			t.Errorf("subtraction {1,3,4} at %d: %d, want %d", q, v, want)
		}
	}
}

func TestLoopyAndLimits(t *testing.T) {
	loop := GameFunc[int](func(n int, buf []int) []int { return append(buf, (n+1)%3) })
	if _, err := NewSolver[int](loop, nil).Value(t.Context(), 0); !errors.Is(err, ErrLoopy) {
		t.Errorf("loop: %v", err)
	}
	s := NewSolver[int](subtraction(1), &budget.Options{Limit: 10})
	if _, err := s.Value(t.Context(), 100); !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("limit: %v", err)
	}
	// Options waiting on the stack count too: a Nim heap of 10^6 has 10^6
	// options and each of them nearly as many.
	nim := GameFunc[int](func(n int, buf []int) []int {
		for k := range n {
			buf = append(buf, k)
		}
		return buf
	})
	for _, n := range []int{1_000_000, 5000} {
		if _, err := NewSolver[int](nim, &budget.Options{Limit: 4096}).Value(t.Context(), n); !errors.Is(err, budget.ErrTooLarge) {
			t.Errorf("Nim heap %d within 4096: %v", n, err)
		}
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := NewSolver[int](subtraction(1), nil).Value(ctx, 100000); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

func TestDeepChain(t *testing.T) {
	// 10^7 positions in one chain, which a recursive search would not
	// survive; progress is reported.
	n := 1_000_000
	switch {
	case testsize.Long:
		n = 10_000_000
	case testing.Short():
		n = 100_000
	}
	calls := 0
	s := NewSolver[int](subtraction(1), &budget.Options{Progress: func(int, int) { calls++ }})
	v, err := s.Value(t.Context(), n)
	if err != nil || v != uint64(n%2) || s.done != n+1 {
		t.Fatalf("chain of %d: value %d, %v, %d known", n, v, err, s.done)
	}
	if calls != (n+1)/progressEvery {
		t.Errorf("progress called %d times", calls)
	}
}

// misereNim decides misère Nim by search: a player who cannot move wins.
func misereNim(heaps [3]int, memo map[[3]int]bool) bool {
	if v, ok := memo[heaps]; ok {
		return v
	}
	win := heaps == [3]int{}
	for i := range heaps {
		for m := range heaps[i] {
			h := heaps
			h[i] = m
			if !misereNim(h, memo) {
				win = true
			}
		}
	}
	memo[heaps] = win
	return win
}

func TestAntiSG(t *testing.T) {
	memo := map[[3]int]bool{}
	for a := range 8 {
		for b := range 8 {
			for c := range 8 {
				h := [3]int{a, b, c}
				want := misereNim(h, memo)
				if got := antiSGWins([]uint64{uint64(a), uint64(b), uint64(c)}); got != want {
					t.Fatalf("misère Nim %v: Anti-SG says %v, search %v", h, got, want)
				}
			}
		}
	}
}

func TestSumsAndOutcomes(t *testing.T) {
	if nimSum([]uint64{1, 2, 3}) != 0 || nimSum([]uint64{4, 1}) != 5 {
		t.Error("nimSum")
	}
}
