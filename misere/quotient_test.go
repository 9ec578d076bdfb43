package misere_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games/heap"
	"github.com/nimbers/grundy/misere"
)

// searchP decides a misère sum of heaps by playing it out: a sum is a
// P-position when it has a move and every option is not. It shares
// nothing with the quotient code but the game's moves.
type searchP struct {
	g    *heap.Game
	memo map[string]bool
}

func (s *searchP) isP(sum []int) bool {
	sum = slices.DeleteFunc(slices.Clone(sum), func(h int) bool { return h == 0 })
	slices.Sort(sum)
	key := make([]byte, 0, 2*len(sum))
	for _, h := range sum {
		key = append(key, byte(h), byte(h>>8))
	}
	k := string(key)
	if p, ok := s.memo[k]; ok {
		return p
	}
	moved := false
	p := true
	for i, h := range sum {
		if i > 0 && sum[i-1] == h {
			continue // the same options as the heap before
		}
		for parts := range s.g.Moves(h) {
			moved = true
			next := append(append(append([]int{}, sum[:i]...), sum[i+1:]...), parts...)
			if s.isP(next) {
				p = false
				break
			}
		}
		if !p {
			break
		}
	}
	p = p && moved
	s.memo[k] = p
	return p
}

// TestQuotientAgainstSearch checks the outcomes a quotient predicts for
// random sums against play, and the winning moves it implies.
func TestQuotientAgainstSearch(t *testing.T) {
	cases := []struct {
		code string
		n    int
	}{
		{"0.77", 24}, {"0.07", 18}, {"0.137", 18}, {"0.75", 24}, {"0.6", 14},
		{"4.7", 12}, {"0.54", 16}, {"0.123", 16}, {"0.51", 16}, {"0.33", 16},
	}
	for _, c := range cases {
		g, err := heap.ParseCode(c.code)
		if err != nil {
			t.Fatal(err)
		}
		q, err := misere.Compute(context.Background(), g, c.n, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.code, err)
		}
		s := &searchP{g: g, memo: map[string]bool{}}
		r := rand.New(rand.NewPCG(1, uint64(c.n)))
		bad, compared := 0, 0
		for range 1500 {
			sum := make([]int, 1+r.IntN(4))
			total := 0
			for i := range sum {
				sum[i] = r.IntN(c.n + 1)
				total += sum[i]
			}
			if total > c.n+6 {
				continue
			}
			compared++
			if got, want := q.IsP(q.Element(sum...)), s.isP(sum); got != want {
				if bad++; bad < 5 {
					t.Errorf("%s: sum %v: quotient says P=%v, play says %v", c.code, sum, got, want)
				}
			}
		}
		if compared < 500 {
			t.Errorf("%s: only %d sums compared", c.code, compared)
		}
	}
}

// TestTameQuotients checks the quotients of tame games, which Plambeck
// and Siegel give in closed form: heaps of values 0 and 1 only give T1 =
// <a | a² = 1> with P = {a}; values 0, 1 and 2 give T2 = <a, b | a² = 1,
// b³ = b> with P = {a, b²}.
func TestTameQuotients(t *testing.T) {
	for _, c := range []struct {
		game      string
		order     int
		relations string
		p         string
	}{
		{"0.3", 2, "a^2=1", "a"},
		{"1,2", 6, "a^2=1 b^3=b", "a b^2"},
		{"1,2,3", 6, "a^2=1 b^3=b", "a b^2"},
	} {
		var g *heap.Game
		var err error
		if strings.Contains(c.game, ".") {
			g, err = heap.ParseCode(c.game)
		} else {
			g, err = heap.ParseSubtraction(c.game)
		}
		if err != nil {
			t.Fatal(err)
		}
		q, err := misere.Compute(context.Background(), g, 30, nil)
		if err != nil {
			t.Fatal(err)
		}
		pr := q.Presentation()
		var rels, p []string
		for _, r := range pr.Relations {
			rels = append(rels, r[0]+"="+r[1])
		}
		for _, x := range q.P() {
			p = append(p, pr.Names[x])
		}
		if q.Order() != c.order || strings.Join(rels, " ") != c.relations || strings.Join(p, " ") != c.p {
			t.Errorf("%s: order %d, relations %v, P %v; want %d, %s, %s", c.game, q.Order(), rels, p, c.order, c.relations, c.p)
		}
	}
}

// TestPublishedQuotient checks a partial quotient of Dawson's Kayles
// against the order its authors published: Q_30(0.07), the quotient of
// the heaps up to 30, has 360 elements (Siegel, answering questions on
// MisereSolver on Plambeck's Misère Games blog, 28 August 2007).
// TestStoredQuotients checks Q_33(0.07), and the long tests check the
// quotients to heap 33 against play.
func TestPublishedQuotient(t *testing.T) {
	if testing.Short() {
		t.Skip("a second of quotient search")
	}
	g, _ := heap.ParseCode("0.07")
	q, err := misere.Compute(t.Context(), g, 30, nil)
	if err != nil {
		t.Fatal(err)
	}
	if q.Order() != 360 {
		t.Errorf("Q_30(0.07) has %d elements, want 360", q.Order())
	}
}

// TestQuotientLimits checks refusals and cancellation.
func TestQuotientLimits(t *testing.T) {
	g, _ := heap.ParseCode("0.07")
	_, err := misere.Compute(context.Background(), g, 60, &budget.Options{Limit: 1000})
	if !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("0.07 to 60 within 1000 steps: %v", err)
	}
	// Q_30(0.07) has 360 elements; 512 KiB holds tables of 161, and 32
	// MiB the products its repairs reduce and the sums they search.
	var tl *budget.TooLargeError
	_, err = misere.Compute(context.Background(), g, 30, &budget.Options{Memory: 1 << 19})
	if !errors.As(err, &tl) || tl.Unit != "bytes" || tl.Limit != 1<<19 || tl.Estimate <= tl.Limit {
		t.Errorf("0.07 to 30 within 512 KiB: %v", err)
	}
	// Estimated before the check that would pass them: 0.35's candidates
	// for heap 20 take about 2·10^9 steps.
	g35, _ := heap.ParseCode("0.35")
	_, err = misere.Compute(context.Background(), g35, 20, &budget.Options{Limit: 1e8})
	if !errors.As(err, &tl) || tl.Unit != "steps" || tl.Estimate <= tl.Limit {
		t.Errorf("0.35 to 20 within 10^8 steps: %v", err)
	}
	if _, err := misere.Compute(context.Background(), g, 30, &budget.Options{Memory: 1 << 25}); err != nil {
		t.Errorf("0.07 to 30 within 32 MiB: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := misere.Compute(ctx, g, 60, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	if _, err := misere.Compute(context.Background(), g, -1, nil); err == nil {
		t.Error("a negative bound passed")
	}
}

func ExampleCompute() {
	kayles, _ := heap.ParseCode("0.77")
	q, _ := misere.Compute(context.Background(), kayles, 12, nil)
	pr := q.Presentation()
	// Misère Kayles with heaps of 3, 4 and 5: the player to move loses
	// exactly when the product of their elements is in P.
	x := q.Element(3, 4, 5)
	fmt.Println(q.Order(), pr.Names[x], q.IsP(x))
	// Output: 24 bc false
}

// TestQuotientStructure checks what is proven of every misère quotient of
// an impartial game, over all octal codes 0.d1d2: its order is even
// (Plambeck and Siegel 2008), and when its P-portion has two elements
// the order is 2^n + 2 or 2^n + 4 (Siegel, "The structure and
// classification of misère quotients", 2007).
func TestQuotientStructure(t *testing.T) {
	seen := 0
	for d1 := range 8 {
		for d2 := range 8 {
			if d1 == 0 && d2 == 0 {
				continue
			}
			code := fmt.Sprintf("0.%d%d", d1, d2)
			g, err := heap.ParseCode(code)
			if err != nil {
				t.Fatal(err)
			}
			q, err := misere.Compute(context.Background(), g, 25, &budget.Options{Limit: 1 << 18})
			if err != nil {
				continue // a quotient too large for the search
			}
			seen++
			n := q.Order()
			if n%2 != 0 {
				t.Errorf("%s: order %d is odd", code, n)
			}
			if len(q.P()) == 2 {
				k := n - 2
				if k&(k-1) != 0 && (n-4)&(n-5) != 0 || n < 4 {
					t.Errorf("%s: |P| = 2 and order %d is neither 2^n+2 nor 2^n+4", code, n)
				}
			}
		}
	}
	if seen < 30 {
		t.Errorf("only %d codes gave a quotient", seen)
	}
}

// TestQuotientPeriod checks proven periods against quotients computed
// three times further: the order stays and the heaps' elements keep the
// period.
func TestQuotientPeriod(t *testing.T) {
	for _, tc := range []struct {
		code  string
		n0, p int
	}{{"0.75", 8, 2}, {"0.71", 3, 6}, {"0.72", 16, 4}, {"0.3", 1, 2}, {"1,2,3", 1, 4}} {
		g := readGame(t, tc.code)
		n := 2*tc.n0 + 2*tc.p + g.Reach()
		q, err := misere.Compute(context.Background(), g, n, nil)
		if err != nil {
			t.Fatal(err)
		}
		n0, p, ok := q.Period()
		if !ok || n0 != tc.n0 || p != tc.p {
			t.Errorf("%s to heap %d: period %d from %d (%v), want %d from %d", tc.code, n, p, n0, ok, tc.p, tc.n0)
		}
		if q2, err := misere.Compute(context.Background(), g, n-1, nil); err == nil {
			if _, _, ok := q2.Period(); ok || q2.Covers(n) || !q2.Covers(n-1) {
				t.Errorf("%s: a period proven with heaps up to %d only", tc.code, n-1)
			}
		}
		far, err := misere.Compute(context.Background(), g, 3*n, nil)
		if err != nil {
			t.Fatal(err)
		}
		if far.Order() != q.Order() {
			t.Errorf("%s: order %d to heap %d, %d to heap %d", tc.code, q.Order(), n, far.Order(), 3*n)
		}
		for h := n0 + p; h <= 3*n; h++ {
			if far.Heap(h) != far.Heap(h-p) {
				t.Errorf("%s: heaps %d and %d differ", tc.code, h, h-p)
			}
			// Past its heaps, q gives heap h the element of its period.
			for k := range n + 1 {
				if !q.Covers(h) || q.IsP(q.Element(h, k)) != far.IsP(far.Element(h, k)) {
					t.Fatalf("%s: heaps %d and %d: the quotient to %d and the one to %d disagree", tc.code, h, k, n, 3*n)
				}
			}
		}
	}
}

// TestQuotientOrderByPlay checks that no quotient is larger than it must
// be: for every two elements it finds a sum of heaps that tells them
// apart, and play confirms it. With the outcomes checked against play
// elsewhere, this makes the order exact: the number of classes of sums
// that play distinguishes.
func TestQuotientOrderByPlay(t *testing.T) {
	if testing.Short() {
		t.Skip("a second of play")
	}
	for _, c := range []struct {
		code string
		n    int
	}{{"0.77", 14}, {"0.07", 16}, {"0.137", 15}, {"0.75", 12}, {"0.6", 9}, {"4.7", 10}} {
		checkOrderByPlay(t, c.code, c.n)
	}
}

// checkOrderByPlay checks that play tells every two elements of the
// quotient of code's heaps up to n apart.
func checkOrderByPlay(t *testing.T, code string, n int) {
	t.Helper()
	g, err := heap.ParseCode(code)
	if err != nil {
		t.Fatal(err)
	}
	q, err := misere.Compute(context.Background(), g, n, nil)
	if err != nil {
		t.Fatalf("%s: %v", code, err)
	}
	// rep[x] is a sum of heaps with element x and the fewest tokens.
	rep := make([][]int, q.Order())
	tokens := make([]int, q.Order())
	rep[0] = []int{}
	for changed := true; changed; {
		changed = false
		for x, r := range rep {
			if r == nil {
				continue
			}
			for h := 1; h <= n; h++ {
				if y := q.Mul(x, q.Heap(h)); rep[y] == nil || tokens[x]+h < tokens[y] {
					rep[y], tokens[y], changed = append(slices.Clone(r), h), tokens[x]+h, true
				}
			}
		}
	}
	for x, r := range rep {
		if r == nil {
			t.Fatalf("%s: element %d is no sum of heaps", code, x)
		}
	}
	with := func(x, z int) []int { return append(slices.Clone(rep[x]), rep[z]...) }
	s := &searchP{g: g, memo: map[string]bool{}}
	for x := range q.Order() {
		for y := x + 1; y < q.Order(); y++ {
			z := -1
			for w := range rep {
				if q.IsP(q.Mul(x, w)) != q.IsP(q.Mul(y, w)) && (z < 0 || tokens[w] < tokens[z]) {
					z = w
				}
			}
			if z < 0 {
				t.Fatalf("%s: nothing tells elements %d and %d apart", code, x, y)
			}
			if s.isP(with(x, z)) == s.isP(with(y, z)) {
				t.Fatalf("%s: %v and %v, both with %v, have the same outcome in play", code, rep[x], rep[y], rep[z])
			}
		}
	}
	t.Logf("%s to heap %d: %d elements told apart, %d sums searched", code, n, q.Order(), len(s.memo))
}

// BenchmarkQuotient times the quotients docs/performance.md reports:
// Kayles's whole quotient (heaps to 200), and Dawson's Kayles to heap 25,
// where the repairs begin, and to heap 33, the last heap it reaches.
func BenchmarkQuotient(b *testing.B) {
	for _, c := range []struct {
		code string
		n    int
	}{{"0.77", 200}, {"0.07", 25}, {"0.07", 33}} {
		g, err := heap.ParseCode(c.code)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("%s-%d", c.code, c.n), func(b *testing.B) {
			for b.Loop() {
				if _, err := misere.Compute(b.Context(), g, c.n, &budget.Options{Limit: -1}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
