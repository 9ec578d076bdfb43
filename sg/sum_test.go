package sg

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
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

func (h take) MovesTo(_ context.Context, t uint64) ([]Move, error) {
	var out []Move
	for _, r := range h.moves() {
		if (take{r, h.limit}).Value() == t {
			out = append(out, takeMove{h.n, r})
		}
	}
	return out, nil
}

func (h take) Key() string { return strconv.Itoa(h.limit) + ":" + strconv.Itoa(h.n) }

func (h take) Options() []Option {
	var out []Option
	for _, r := range h.moves() {
		o := Option{Move: takeMove{h.n, r}}
		if r > 0 {
			o.Parts = []Position{take{r, h.limit}}
		}
		out = append(out, o)
	}
	return out
}

func (h take) TerminalAtZero() bool { return h.limit == 0 }

type takeMove struct{ from, to int }

func (m takeMove) String() string { return fmt.Sprintf("%d -> %d", m.from, m.to) }

// bruteSum decides a sum of take heaps under normal play by plain
// recursion: the player who cannot move loses.
func bruteSum(hs []take, memo map[string]bool) bool {
	s := slices.Clone(hs)
	slices.SortFunc(s, func(a, b take) int { return a.n - b.n + 100*(a.limit-b.limit) })
	k := fmt.Sprint(s)
	if w, ok := memo[k]; ok {
		return w
	}
	win := false
	for i, h := range hs {
		for _, r := range h.moves() {
			next := slices.Clone(hs)
			next[i].n = r
			if !bruteSum(next, memo) {
				win = true
			}
		}
	}
	memo[k] = win
	return win
}

// TestSumWinningMoves checks the winner and every winning move of random
// sums under normal play against plain recursion, and that every move the
// recursion finds winning is listed.
func TestSumWinningMoves(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	memo := map[string]bool{}
	for range 300 {
		hs := make([]take, 1+r.IntN(4))
		for i := range hs {
			hs[i] = take{r.IntN(7), []int{0, 3}[r.IntN(2)]}
		}
		comps := make([]Component, len(hs))
		for i, h := range hs {
			comps[i] = h
		}
		wins, moves, err := SumWinningMoves(t.Context(), comps)
		if err != nil {
			t.Fatal(err)
		}
		if want := bruteSum(hs, memo); wins != want {
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
				good := !bruteSum(next, memo)
				if got := slices.Contains(listed, fmt.Sprint(i, takeMove{h.n, to})); got != good {
					t.Fatalf("%v: move %d -> %d in heap %d listed %v, winning %v", hs, h.n, to, i, got, good)
				}
			}
		}
	}
}

// TestAntiSGMoves checks the Anti-SG rule's moves on components that are
// not Positions: each must leave a loss by the rule.
func TestAntiSGMoves(t *testing.T) {
	type valueOnly struct{ Component }
	r := rand.New(rand.NewPCG(5, 6))
	for range 300 {
		var comps []Component
		vals := make([]uint64, 1+r.IntN(4))
		for i := range vals {
			vals[i] = uint64(r.IntN(5))
			comps = append(comps, valueOnly{take{int(vals[i]), 0}})
		}
		wins, moves, err := AntiSGMoves(t.Context(), comps)
		if err != nil || wins != antiSGWins(vals) {
			t.Fatalf("%v: wins %v (%v), rule %v", vals, wins, err, antiSGWins(vals))
		}
		for _, m := range moves {
			next := slices.Clone(vals)
			next[m.Component] = uint64(m.Move.(takeMove).to)
			if antiSGWins(next) {
				t.Fatalf("%v: move %v leaves a win by the rule", vals, m)
			}
		}
		if wins && len(moves) == 0 && slices.ContainsFunc(vals, func(v uint64) bool { return v > 0 }) {
			t.Fatalf("%v: a win by the rule with no move", vals)
		}
	}
}

// TestDelayingMove checks the delaying move of random sums against the
// options listed by hand: a legal move of a component of greatest value v
// to value v − 1, or, when every value is 0, to an option of greatest
// value of a Position; and none when nothing can move. Of equal
// components, the first is taken.
func TestDelayingMove(t *testing.T) {
	type valueOnly struct{ Component }
	r := rand.New(rand.NewPCG(31, 3))
	for range 500 {
		var hs []take
		var comps, hidden []Component
		for range 1 + r.IntN(4) {
			h := take{r.IntN(12), r.IntN(4)}
			hs = append(hs, h)
			comps = append(comps, h)
			hidden = append(hidden, valueOnly{h})
		}
		var top, topOption uint64
		for _, h := range hs {
			top = max(top, h.Value())
		}
		moves := false
		first := slices.IndexFunc(hs, func(h take) bool { return h.Value() == top })
		for i, h := range hs {
			if i == first || top == 0 {
				for _, n := range h.moves() {
					topOption = max(topOption, take{n, h.limit}.Value())
					moves = true
				}
			}
		}
		for _, cs := range [][]Component{comps, hidden} {
			m, ok, err := delayingMove(t.Context(), cs)
			_, isPos := cs[0].(Position)
			if err != nil || ok != (moves && (top > 0 || isPos)) {
				t.Fatalf("%v (positions %v): found %v, %v", hs, isPos, ok, err)
			}
			if !ok {
				continue
			}
			h, tm := hs[m.Component], m.Move.(takeMove)
			if tm.from != h.n || !slices.Contains(h.moves(), tm.to) {
				t.Fatalf("%v: %v is not a move of %v", hs, tm, h)
			}
			want := topOption
			if top > 0 {
				want = top - 1
			}
			if h.Value() != top || (take{tm.to, h.limit}).Value() != want {
				t.Fatalf("%v (positions %v): %v in %v, want a component of value %d to value %d", hs, isPos, tm, h, top, want)
			}
		}
	}
}
