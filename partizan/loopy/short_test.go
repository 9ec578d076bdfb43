package loopy

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/partizan"
)

// numberGraph builds the dyadic num/2^exp as a loopy game by its
// definition, 0 = { | }, n = {n − 1 | } (and { | n + 1} below 0),
// m/2^k = {(m − 1)/2^k | (m + 1)/2^k}, sharing nothing with package
// partizan: a vertex for each number met.
func numberGraph(num int64, exp int) Game {
	b := &builder{}
	seen := map[[2]int64]int{}
	var add func(num int64, exp int) int
	add = func(num int64, exp int) int {
		for exp > 0 && num%2 == 0 {
			num, exp = num/2, exp-1
		}
		k := [2]int64{num, int64(exp)}
		if v, ok := seen[k]; ok {
			return v
		}
		v := b.vertex()
		seen[k] = v
		switch {
		case exp > 0:
			l, r := add(num-1, exp), add(num+1, exp)
			b.l[v], b.r[v] = []int{l}, []int{r}
		case num > 0:
			l := add(num-1, 0)
			b.l[v] = []int{l}
		case num < 0:
			r := add(num+1, 0)
			b.r[v] = []int{r}
		}
		return v
	}
	start := add(num, exp)
	return Game{&graph{b.l, b.r}, start}.compact()
}

// TestShortAgainstSearch checks the closed forms of short games
// (shortText, shortPositions, playShort, package partizan's sums and
// comparisons) against the loopy search on the games' graphs, built by
// the definition of the numbers and added as graphs: every dyadic of
// denominator at most 8 and size at most 6, the sums of two of
// denominator at most 4 and size at most 3, and sums of three.
func TestShortAgainstSearch(t *testing.T) {
	type number struct {
		num int64
		exp int
	}
	var all, some []number
	for j := int64(-48); j <= 48; j++ {
		all = append(all, number{j, 3})
		if j%2 == 0 && j >= -24 && j <= 24 {
			some = append(some, number{j, 3})
		}
	}
	short := func(xs []number) *partizan.Game {
		s := partizan.Zero
		for _, x := range xs {
			d, err := partizan.NewDyadicBig(big.NewInt(x.num), x.exp)
			if err != nil {
				t.Fatal(err)
			}
			if s, err = partizan.NewCalculator(nil).Sum(context.Background(), s, partizan.Number(d)); err != nil {
				t.Fatal(err)
			}
		}
		return s
	}
	check := func(xs []number) {
		t.Helper()
		m := newMeter(context.Background(), &budget.Options{Limit: -1, Memory: -1})
		x := Game{}
		for _, n := range xs {
			var err error
			if x, err = add(x, numberGraph(n.num, n.exp)); err != nil {
				t.Fatal(err)
			}
		}
		name := fmt.Sprint(xs)
		s, err := simplifyGraph(m, x)
		if err != nil {
			t.Fatal(err)
		}
		g := short(xs)
		text, ok := shortText(g, 1<<10)
		if want, _ := s.Text(1 << 10); !ok || text != want {
			t.Fatalf("%s: shortText %q, the search's simplest form %q", name, text, want)
		}
		if n := shortPositions(g); !n.IsInt64() || n.Int64() != int64(s.len()) {
			t.Fatalf("%s: shortPositions %v, the simplest form has %d", name, n, s.len())
		}
		c, err := playShort(context.Background(), g, nil)
		if err != nil {
			t.Fatal(err)
		}
		if w, _ := Play(x); c != w {
			t.Fatalf("%s: playShort %v, Play of the sum %v", name, c, w)
		}
		// Sum adds the terms by package partizan and gives the
		// canonical form's graph.
		terms := make([]Game, len(xs))
		for i, n := range xs {
			terms[i] = numberGraph(n.num, n.exp)
		}
		sum, err := Sum(context.Background(), terms, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := canonical(sum.compact()); !sameForm(got, s) {
			t.Fatalf("%s: Sum gives %v, the search %v", name, got, s)
		}
		// Comparison with the first term, by the search and by
		// package partizan.
		y := numberGraph(xs[0].num, xs[0].exp)
		rel, err := Compare(context.Background(), x, y, nil)
		if err != nil {
			t.Fatal(err)
		}
		if o, err := partizan.NewCalculator(nil).Compare(context.Background(), g, short(xs[:1])); err != nil || shortRelations[o] != rel {
			t.Fatalf("%s: package partizan's comparison with %v is %v, the search's %v", name, xs[0], o, rel)
		}
	}
	for _, x := range all {
		check([]number{x})
	}
	for _, x := range some {
		for _, y := range some {
			check([]number{x, y})
		}
	}
	r := rand.New(rand.NewPCG(3, 5))
	for range 200 {
		check([]number{all[r.IntN(len(all))], all[r.IntN(len(all))], all[r.IntN(len(all))]})
	}
}

// shortRelations reads package partizan's outcome of g − h as the
// relation of g to h.
var shortRelations = map[partizan.Relation]partizan.Relation{
	partizan.Equal: partizan.Equal, partizan.Greater: partizan.Greater, partizan.Less: partizan.Less, partizan.Fuzzy: partizan.Fuzzy,
}

// TestSimplestSumAgainstSum checks simplestSum against the simplest form
// of the sum of the graphs, and the outcomes of both, on sums of two to
// four random stoppers and of the classic ones, half of them with a
// number added.
func TestSimplestSumAgainstSum(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	classic := []Game{On(), offGame(), over(), under(), upon(), upon().Neg()}
	ok, refused, loops, shifted := 0, 0, 0, 0
	for i := range 3000 {
		xs := make([]Game, 2+r.IntN(3))
		for j := range xs {
			if i%3 == 0 {
				xs[j] = classic[r.IntN(len(classic))]
			} else {
				xs[j] = randomStopper(r)
			}
		}
		number := i%2 == 1
		if number {
			// A number, added last by translation.
			xs = append(xs, numberGraph(int64(r.IntN(97)-47), r.IntN(4)))
		}
		sum, err := Sum(context.Background(), xs, nil)
		if err != nil {
			t.Fatal(err)
		}
		got, done, err := simplestSum(context.Background(), xs, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !done {
			refused++
			continue
		}
		ok++
		if !sum.isLoopfree() {
			loops++
			if number {
				shifted++
			}
		}
		if !sum.IsStopper() {
			t.Fatalf("%v: simplestSum gives %v, but the sum is not a stopper", xs, got)
		}
		want, err := Simplify(context.Background(), sum, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !sameForm(got, want) {
			t.Fatalf("%v: simplestSum gives %v, the sum's simplest form is %v", xs, got, want)
		}
		g, _ := Play(got)
		w, _ := Play(sum)
		if g != w {
			t.Fatalf("%v: %v plays %v, the sum %v", xs, got, g, w)
		}
	}
	t.Logf("%d sums by simplestSum (%d with cycles, %d of them translated by a number), %d left to the sum of the graphs", ok, loops, shifted, refused)
	if ok < 1000 || loops < 500 || shifted < 300 {
		t.Errorf("only %d of 3000 sums by simplestSum, %d with cycles, %d translated", ok, loops, shifted)
	}
}

// TestCompareByDifference checks that stoppers compare as their
// difference, found by simplestSum, compares with 0: the route the
// command takes.
func TestCompareByDifference(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	ctx := context.Background()
	found := 0
	for range 3000 {
		x, y := randomStopper(r), randomStopper(r)
		if r.IntN(2) == 0 {
			x, _ = add(x, numberGraph(int64(r.IntN(17)-8), r.IntN(3)))
		}
		d, ok, err := simplestSum(ctx, []Game{x, y.Neg()}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			continue
		}
		found++
		want, err := Compare(ctx, x, y, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := Compare(ctx, d, Game{}, nil); got != want {
			t.Fatalf("%v − %v = %v is %v 0, but %v %v %v", x, y, d, got, x, want, y)
		}
	}
	if found < 1000 {
		t.Errorf("only %d of 3000 differences by simplestSum", found)
	}
}
