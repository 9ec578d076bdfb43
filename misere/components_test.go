package misere_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/misere"
	"github.com/nimbers/grundy/sg"
)

// take is a test component: a heap from which a move takes 1 to limit
// tokens, or any number for limit 0 (Nim). Its values are the closed forms
// n mod (limit+1) and n, which the recursion below does not use.
type take struct {
	n, limit int
}

func (h take) moves() []int {
	var out []int
	for k := 1; k <= h.n && (h.limit == 0 || k <= h.limit); k++ {
		out = append(out, h.n-k)
	}
	return out
}

func (h take) Value() uint64 {
	if h.limit == 0 {
		return uint64(h.n)
	}
	return uint64(h.n % (h.limit + 1))
}

func (h take) MovesTo(_ context.Context, t uint64) ([]sg.Move, error) {
	var out []sg.Move
	for _, r := range h.moves() {
		if (take{r, h.limit}).Value() == t {
			out = append(out, takeMove{h.n, r})
		}
	}
	return out, nil
}

func (h take) Key() string { return strconv.Itoa(h.limit) + ":" + strconv.Itoa(h.n) }

func (h take) Options() []sg.Option {
	var out []sg.Option
	for _, r := range h.moves() {
		o := sg.Option{Move: takeMove{h.n, r}}
		if r > 0 {
			o.Parts = []sg.Position{take{r, h.limit}}
		}
		out = append(out, o)
	}
	return out
}

func (h take) TerminalAtZero() bool { return h.limit == 0 }

type takeMove struct{ from, to int }

func (m takeMove) String() string { return fmt.Sprintf("%d -> %d", m.from, m.to) }

// bruteMisere decides a sum of take heaps under misère play by plain
// recursion: the player who cannot move wins.
func bruteMisere(hs []take, memo map[string]bool) bool {
	s := slices.Clone(hs)
	slices.SortFunc(s, func(a, b take) int { return a.n - b.n + 100*(a.limit-b.limit) })
	k := fmt.Sprint(s)
	if w, ok := memo[k]; ok {
		return w
	}
	win, any := false, false
	for i, h := range hs {
		for _, r := range h.moves() {
			any = true
			next := slices.Clone(hs)
			next[i].n = r
			if !bruteMisere(next, memo) {
				win = true
			}
		}
	}
	if !any {
		win = true
	}
	memo[k] = win
	return win
}

// TestSumWinningMoves checks the winner and every winning move of random
// misère sums against plain recursion, and that every move the recursion
// finds winning is listed. Sums of Nim heaps alone go by the Anti-SG rule;
// the others are searched.
func TestSumWinningMoves(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	memo := map[string]bool{}
	for range 300 {
		hs := make([]take, 1+r.IntN(4))
		for i := range hs {
			hs[i] = take{r.IntN(7), []int{0, 3}[r.IntN(2)]}
		}
		comps := make([]sg.Component, len(hs))
		for i, h := range hs {
			comps[i] = h
		}
		wins, moves, err := misere.SumWinningMoves(t.Context(), comps, nil)
		if err != nil {
			t.Fatal(err)
		}
		if want := bruteMisere(hs, memo); wins != want {
			t.Fatalf("%v: wins %v, recursion %v", hs, wins, want)
		}
		var listed []string
		for _, m := range moves {
			listed = append(listed, fmt.Sprint(m.Component, m.Move))
		}
		for i, h := range hs {
			for _, to := range h.moves() {
				next := slices.Clone(hs)
				next[i].n = to
				good := !bruteMisere(next, memo)
				if got := slices.Contains(listed, fmt.Sprint(i, takeMove{h.n, to})); got != good {
					t.Fatalf("%v: move %d -> %d in heap %d listed %v, winning %v", hs, h.n, to, i, got, good)
				}
			}
		}
	}
}

// TestSumLimitCountsOptions: the misère search counts the options of the
// components it meets, not only the sums it values. Two heaps of 10^5
// from which a move takes up to 5·10^4 tokens meet every smaller heap and
// its options, 5·10^9 in all, before a single sum is valued.
func TestSumLimitCountsOptions(t *testing.T) {
	comps := []sg.Component{take{100_000, 50_000}, take{99_999, 50_000}}
	if _, _, err := misere.SumWinningMoves(t.Context(), comps, &budget.Options{Limit: 1 << 12}); !errors.Is(err, budget.ErrTooLarge) {
		t.Fatalf("two heaps of 10^5 within 2^12 positions: %v", err)
	}
}

// TestSumNeedsPositions checks the error for a misère sum that needs a
// search when a component cannot be searched.
func TestSumNeedsPositions(t *testing.T) {
	type valueOnly struct{ sg.Component }
	_, _, err := misere.SumWinningMoves(t.Context(), []sg.Component{valueOnly{take{4, 3}}}, nil)
	if err != misere.ErrNoSearch {
		t.Fatalf("got %v, want ErrNoSearch", err)
	}
}
