package loopy_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/loopy"
	"github.com/nimbers/grundy/outcome"
	"github.com/nimbers/grundy/sg"
)

// adj is a Digraph given by its lists of moves.
type adj [][]int32

func (a adj) Len() int          { return len(a) }
func (a adj) Out(v int) []int32 { return a[v] }
func randomDigraph(rng *rand.Rand, n int, p float64) adj {
	a := make(adj, n)
	for v := range n {
		for u := range n {
			if rng.Float64() < p {
				a[v] = append(a[v], int32(u))
			}
		}
	}
	return a
}

// fixedPoint finds outcomes and remoteness by iterating the horizon: a
// position is lost within t moves when every option is won within t−1,
// and won within t when some option is lost within t−1; what is never
// decided is a draw.
func fixedPoint(a adj) []loopy.Value {
	n := len(a)
	res := make([]loopy.Value, n)
	for v := range res {
		res[v] = loopy.Value{Outcome: outcome.D, Remoteness: -1}
	}
	for t := 0; t <= 2*n+2; t++ {
		next := slices.Clone(res)
		for v := range n {
			if res[v].Outcome != outcome.D {
				continue
			}
			lost, won := true, false
			for _, u := range a[v] {
				r := res[u]
				lost = lost && r.Outcome == outcome.N && r.Remoteness <= t-1
				won = won || r.Outcome == outcome.P && r.Remoteness <= t-1
			}
			switch {
			case won:
				next[v] = loopy.Value{Outcome: outcome.N, Remoteness: t}
			case lost:
				next[v] = loopy.Value{Outcome: outcome.P, Remoteness: t}
			}
		}
		res = next
	}
	return res
}

func TestAnalyzeAgainstFixedPoint(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		n := 1 + rng.IntN(12)
		a := randomDigraph(rng, n, rng.Float64()*0.4)
		got, err := loopy.Analyze(t.Context(), a, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := fixedPoint(a)
		for v := range n {
			if got[v].Outcome != want[v].Outcome || got[v].Remoteness != want[v].Remoteness {
				t.Fatalf("%v: position %d: %v, the fixed point says %v", a, v, got[v], want[v])
			}
		}
		checkValues(t, a, got)
	}
}

// checkValues checks the defining properties of the generalized
// Sprague–Grundy function (Fraenkel and Yesha): a finite value is the mex
// of the options' finite values; an option of larger or infinite value
// has an option of the same value; an infinite position has an infinite
// option with no option of the mex of its finite options; and the values
// agree with the outcomes.
func checkValues(t *testing.T, a adj, res []loopy.Value) {
	t.Helper()
	val := func(v int32) int { return res[v].Value }
	for v := range a {
		var finite []int
		for _, u := range a[v] {
			if val(u) >= 0 {
				finite = append(finite, val(u))
			}
		}
		m := 0
		for slices.Contains(finite, m) {
			m++
		}
		g := res[v].Value
		if g >= 0 {
			if g != m {
				t.Fatalf("%v: position %d has value %d, mex of its options %d", a, v, g, m)
			}
			for _, u := range a[v] {
				if val(u) < 0 || val(u) > g {
					if !slices.ContainsFunc(a[u], func(w int32) bool { return val(w) == g }) {
						t.Fatalf("%v: position %d of value %d has option %d (value %d) with no option of value %d", a, v, g, u, val(u), g)
					}
				}
			}
		} else if !slices.ContainsFunc(a[v], func(u int32) bool {
			return val(u) < 0 && !slices.ContainsFunc(a[u], func(w int32) bool { return val(w) == m })
		}) {
			t.Fatalf("%v: position %d is ∞ with no infinite option lacking value %d", a, v, m)
		}
		if o := loopy.Sum(res[v : v+1]).Outcome; o != res[v].Outcome {
			t.Fatalf("%v: position %d has value %d %v and outcome %v", a, v, g, res[v].Infinity, res[v].Outcome)
		}
	}
}

// TestLoopyAcyclic checks that on a graph without cycles every value is
// the plain Grundy value.
func TestAnalyzeAcyclic(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 500 {
		n := 1 + rng.IntN(30)
		a := make(adj, n)
		for v := range n {
			for u := range v {
				if rng.IntN(3) == 0 {
					a[v] = append(a[v], int32(u))
				}
			}
		}
		res, err := loopy.Analyze(t.Context(), a, nil)
		if err != nil {
			t.Fatal(err)
		}
		g := make([]int, n)
		for v := range n {
			var vals []uint64
			for _, u := range a[v] {
				vals = append(vals, uint64(g[u]))
			}
			g[v] = int(sg.Mex(vals))
			if res[v].Value != g[v] {
				t.Fatalf("%v: position %d: value %d, Grundy value %d", a, v, res[v].Value, g[v])
			}
		}
	}
}

// TestSumLoopy checks Smith's rule for sums against retrograde analysis
// of the sum's own graph.
func TestSum(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 400 {
		parts := make([]adj, 2+rng.IntN(2))
		size := 1
		for i := range parts {
			parts[i] = randomDigraph(rng, 1+rng.IntN(5), 0.3)
			size *= len(parts[i])
		}
		// The sum's positions are tuples, numbered in mixed radix.
		sum := make(adj, size)
		decode := func(x int) []int {
			c := make([]int, len(parts))
			for i := range parts {
				c[i] = x % len(parts[i])
				x /= len(parts[i])
			}
			return c
		}
		encode := func(c []int) int32 {
			x := 0
			for i := len(parts) - 1; i >= 0; i-- {
				x = x*len(parts[i]) + c[i]
			}
			return int32(x)
		}
		for x := range size {
			c := decode(x)
			for i, p := range parts {
				for _, u := range p[c[i]] {
					d := slices.Clone(c)
					d[i] = int(u)
					sum[x] = append(sum[x], encode(d))
				}
			}
		}
		whole, err := loopy.Analyze(t.Context(), sum, nil)
		if err != nil {
			t.Fatal(err)
		}
		each := make([][]loopy.Value, len(parts))
		for i, p := range parts {
			if each[i], err = loopy.Analyze(t.Context(), p, nil); err != nil {
				t.Fatal(err)
			}
		}
		for x := range size {
			var vs []loopy.Value
			for i, c := range decode(x) {
				vs = append(vs, each[i][c])
			}
			s := loopy.Sum(vs)
			v, k := s.Value, s.Infinity
			if o := s.Outcome; o != whole[x].Outcome {
				t.Fatalf("sum %v of %v: Smith's rule gives %d %v (%v), the sum's graph %v", decode(x), vs, v, k, o, whole[x])
			}
			if v != whole[x].Value || v < 0 && !slices.Equal(k, whole[x].Infinity) {
				t.Fatalf("sum %v of %v: Smith's rule gives %d %v, the sum's graph %d %v", decode(x), vs, v, k, whole[x].Value, whole[x].Infinity)
			}
		}
	}
}

func TestAnalyzeLimits(t *testing.T) {
	a := randomDigraph(rand.New(rand.NewPCG(7, 8)), 200, 0.1)
	if _, err := loopy.Analyze(t.Context(), a, &budget.Options{Limit: 100}); !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("past the limit: %v", err)
	}
	if _, err := loopy.Analyze(t.Context(), adj{{3}}, nil); err == nil {
		t.Errorf("a move to a missing position: no error")
	}
}

// csr is a Digraph in compressed rows.
type csr struct {
	first []int32
	out   []int32
}

func (c csr) Len() int          { return len(c.first) - 1 }
func (c csr) Out(v int) []int32 { return c.out[c.first[v]:c.first[v+1]] }

// BenchmarkAnalyzeLoopy analyses a random game graph of 10^6 positions and
// about 3·10^6 moves, 0 to 6 from each position.
func BenchmarkAnalyze(b *testing.B) {
	const n = 1_000_000
	rng := rand.New(rand.NewPCG(9, 10))
	c := csr{first: make([]int32, n+1)}
	for v := range n {
		c.first[v+1] = c.first[v] + int32(rng.IntN(7))
	}
	c.out = make([]int32, c.first[n])
	for i := range c.out {
		c.out[i] = int32(rng.IntN(n))
	}
	for b.Loop() {
		if _, err := loopy.Analyze(b.Context(), c, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// loopyPart is a position of an adj game as a Component.
type loopyPart struct {
	a   adj
	res []loopy.Value
	at  int
}

type slide int

func (s slide) String() string { return "slide" }

func (p loopyPart) Loopy() loopy.Value { return p.res[p.at] }
func (p loopyPart) Value() uint64 {
	if v := p.res[p.at].Value; v >= 0 {
		return uint64(v)
	}
	return ^uint64(0)
}
func (p loopyPart) MovesTo(_ context.Context, target uint64) ([]sg.Move, error) {
	var out []sg.Move
	for _, u := range p.a[p.at] {
		if v := p.res[u].Value; v >= 0 && uint64(v) == target {
			out = append(out, slide(u))
		}
	}
	return out, nil
}
func (p loopyPart) LoopyOptions() []loopy.Option {
	var out []loopy.Option
	for _, u := range p.a[p.at] {
		out = append(out, loopy.Option{Move: slide(u), To: p.res[u]})
	}
	return out
}

// productGraph returns the graph of the sums of a position of a and one
// of b: vertex x·len(b) + y stands for x + y.
func productGraph(a, b adj) adj {
	prod := make(adj, len(a)*len(b))
	for x := range a {
		for y := range b {
			for _, u := range a[x] {
				prod[x*len(b)+y] = append(prod[x*len(b)+y], u*int32(len(b))+int32(y))
			}
			for _, u := range b[y] {
				prod[x*len(b)+y] = append(prod[x*len(b)+y], int32(x*len(b))+u)
			}
		}
	}
	return prod
}

// TestSumOutcome checks SumOutcome on sums of two loopy positions against
// retrograde analysis of the product graph, moves included.
func TestSumOutcome(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for range 300 {
		a, b := randomDigraph(rng, 1+rng.IntN(5), 0.3), randomDigraph(rng, 1+rng.IntN(5), 0.3)
		ra, _ := loopy.Analyze(t.Context(), a, nil)
		rb, _ := loopy.Analyze(t.Context(), b, nil)
		prod := productGraph(a, b)
		whole, _ := loopy.Analyze(t.Context(), prod, nil)
		for x := range a {
			for y := range b {
				comps := []sg.Component{loopyPart{a, ra, x}, loopyPart{b, rb, y}}
				o, moves, err := loopy.SumOutcome(t.Context(), comps, sg.Normal, nil)
				if err != nil {
					t.Fatal(err)
				}
				w := whole[x*len(b)+y]
				if o != w.Outcome {
					t.Fatalf("(%d, %d) of %v + %v: %v, the product graph says %v", x, y, a, b, o, w.Outcome)
				}
				// The moves are those the product graph approves: to a
				// P-position from an N-position; to a draw from a draw,
				// in a loopy part (here every part is loopy).
				var want []outcome.Class
				for _, u := range prod[x*len(b)+y] {
					if to := whole[u].Outcome; o == outcome.N && to == outcome.P || o == outcome.D && to == outcome.D {
						want = append(want, to)
					}
				}
				if len(moves) != len(want) {
					t.Fatalf("(%d, %d) of %v + %v (%v): %d moves, the product graph has %d", x, y, a, b, o, len(moves), len(want))
				}
			}
		}
	}
}

// dagPart is a position of an acyclic digraph (edges go to smaller
// vertices) as a finite Position, with its Grundy values.
type dagPart struct {
	a    adj
	vals []uint64
	at   int
}

func newDAG(rng *rand.Rand, n int, p float64) (adj, []uint64) {
	a := make(adj, n)
	vals := make([]uint64, n)
	for v := range n {
		seen := map[uint64]bool{}
		for u := range v {
			if rng.Float64() < p {
				a[v] = append(a[v], int32(u))
				seen[vals[u]] = true
			}
		}
		for seen[vals[v]] {
			vals[v]++
		}
	}
	return a, vals
}

func (p dagPart) Value() uint64 { return p.vals[p.at] }
func (p dagPart) MovesTo(_ context.Context, target uint64) ([]sg.Move, error) {
	var out []sg.Move
	for _, u := range p.a[p.at] {
		if p.vals[u] == target {
			out = append(out, slide(u))
		}
	}
	return out, nil
}
func (p dagPart) Key() string { return fmt.Sprint(p.at) }
func (p dagPart) Options() []sg.Option {
	var out []sg.Option
	for _, u := range p.a[p.at] {
		out = append(out, sg.Option{Move: slide(u), Parts: []sg.Position{dagPart{p.a, p.vals, int(u)}}})
	}
	return out
}

// TestSumOutcomeFinite checks SumOutcome on sums of a loopy position and
// a finite one against retrograde analysis of the product graph: from a
// draw, the moves that keep it include those in the finite part.
func TestSumOutcomeFinite(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	finiteDraws := 0
	for range 300 {
		a := randomDigraph(rng, 1+rng.IntN(5), 0.3)
		b, vals := newDAG(rng, 1+rng.IntN(6), 0.5)
		ra, _ := loopy.Analyze(t.Context(), a, nil)
		prod := productGraph(a, b)
		whole, _ := loopy.Analyze(t.Context(), prod, nil)
		for x := range a {
			for y := range b {
				comps := []sg.Component{loopyPart{a, ra, x}, dagPart{b, vals, y}}
				o, moves, err := loopy.SumOutcome(t.Context(), comps, sg.Normal, nil)
				if err != nil {
					t.Fatal(err)
				}
				w := whole[x*len(b)+y]
				if o != w.Outcome {
					t.Fatalf("(%d, %d) of %v + %v: %v, the product graph says %v", x, y, a, b, o, w.Outcome)
				}
				if !ra[x].Infinite() {
					continue // SumWinningMoves, checked elsewhere
				}
				// The product graph's moves, by part and target.
				var want, got []string
				for _, u := range a[x] {
					if to := whole[u*int32(len(b))+int32(y)].Outcome; o == outcome.N && to == outcome.P || o == outcome.D && to == outcome.D {
						want = append(want, fmt.Sprintf("0:%d", u))
					}
				}
				for _, u := range b[y] {
					if to := whole[int32(x*len(b))+u].Outcome; o == outcome.N && to == outcome.P || o == outcome.D && to == outcome.D {
						want = append(want, fmt.Sprintf("1:%d", u))
						finiteDraws++
					}
				}
				for _, m := range moves {
					got = append(got, fmt.Sprintf("%d:%d", m.Component, m.Move.(slide)))
				}
				slices.Sort(want)
				slices.Sort(got)
				if !slices.Equal(got, want) {
					t.Fatalf("(%d, %d) of %v + %v (%v): moves %v, the product graph %v", x, y, a, b, o, got, want)
				}
			}
		}
	}
	if finiteDraws < 50 {
		t.Errorf("only %d drawing moves in finite parts", finiteDraws)
	}
}

// TestSolve checks Solve on a loopy subtraction game: take 1
// or 2 tokens, or add 1 while fewer than 4 are left (so positions
// repeat), against Analyze on the same graph written out by hand.
func TestSolve(t *testing.T) {
	game := sg.GameFunc[int](func(n int, buf []int) []int {
		for _, k := range []int{1, 2} {
			if n >= k {
				buf = append(buf, n-k)
			}
		}
		if n < 4 {
			buf = append(buf, n+1)
		}
		return buf
	})
	g, err := loopy.Solve(t.Context(), game, 6, nil)
	if err != nil {
		t.Fatal(err)
	}
	hand := make(adj, 7)
	for n := range 7 {
		for _, m := range game(n, nil) {
			hand[n] = append(hand[n], int32(m))
		}
	}
	want, _ := loopy.Analyze(t.Context(), hand, nil)
	if g.Len() != 7 {
		t.Fatalf("%d positions found from 6, want 7", g.Len())
	}
	for n := range 7 {
		got, ok := g.Of(n)
		if !ok || got.Outcome != want[n].Outcome || got.Remoteness != want[n].Remoteness || got.Value != want[n].Value {
			t.Errorf("position %d: %v, want %v", n, got, want[n])
		}
	}
	if _, err := loopy.Solve(t.Context(), sg.GameFunc[int](func(n int, buf []int) []int { return append(buf, n+1) }), 0, &budget.Options{Limit: 100}); !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("an endless game: %v", err)
	}
}

// TestBestMoves checks the moves BestMoves picks by their definition:
// from a win, exactly the options that are losses; from a draw, the
// drawn ones; from a loss, those whose remoteness is one less.
func TestBestMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for range 500 {
		a := randomDigraph(rng, 1+rng.IntN(10), 0.3)
		res, _ := loopy.Analyze(t.Context(), a, nil)
		for v := range a {
			moves := loopy.BestMoves(a, res, v)
			for _, u := range a[v] {
				want := false
				switch res[v].Outcome {
				case outcome.N:
					want = res[u].Outcome == outcome.P
				case outcome.D:
					want = res[u].Outcome == outcome.D
				case outcome.P:
					want = res[u].Remoteness == res[v].Remoteness-1
				}
				if slices.Contains(moves, u) != want {
					t.Fatalf("%v: from %d (%v), the move to %d (%v): chosen %v", a, v, res[v], u, res[u], !want)
				}
			}
		}
	}
}
