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
	"github.com/nimbers/grundy/misere"
)

// TestFollowers checks the followers of a few games: each once, 0 first,
// every game after its options.
func TestFollowers(t *testing.T) {
	for _, c := range []struct {
		game string
		want string
	}{
		{"0", "*[0]"},
		{"*3", "*[0] *[1] *[2] *[3]"},
		{"*2#", "*[0] *[1] *[2] *[2#]"},
		{"*2+*2", "*[0] *[1] *[2] *[3] *[2[2]]"},
	} {
		g, err := parse(c.game)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		seen := map[string]bool{}
		for _, f := range g.Followers() {
			for _, o := range f.Options() {
				if !seen[o.String()] {
					t.Errorf("%s: follower %s comes before its option %s", c.game, f, o)
				}
			}
			seen[f.String()] = true
			got = append(got, f.String())
		}
		if s := strings.Join(got, " "); s != c.want {
			t.Errorf("followers of %s: %s, want %s", c.game, s, c.want)
		}
	}
}

// TestClosureTame checks the quotients of nim heaps' closures against
// Plambeck and Siegel's tame quotients: the sums of 0 and * give T1 =
// <a | a² = 1> with P = {a}, and with *2 as well T2 = <a, b | a² = 1,
// b³ = b> with P = {a, b²}.
func TestClosureTame(t *testing.T) {
	for _, c := range []struct {
		game, gens, rels, p string
		order               int
	}{
		{"*", "a=*[1]", "a^2=1", "a", 2},
		{"*2", "a=*[1] b=*[2]", "a^2=1 b^3=b", "a b^2", 6},
	} {
		g, _ := parse(c.game)
		q, fs, err := misere.ClosureQuotient(context.Background(), g, nil)
		if err != nil {
			t.Fatal(err)
		}
		pr := q.Presentation()
		var gens, rels, p []string
		for _, gn := range pr.Generators {
			gens = append(gens, gn.Name+"="+fs[gn.Heap].String())
		}
		for _, r := range pr.Relations {
			rels = append(rels, r[0]+"="+r[1])
		}
		for _, x := range q.P() {
			p = append(p, pr.Names[x])
		}
		got := fmt.Sprint(q.Order(), strings.Join(gens, " "), strings.Join(rels, " "), strings.Join(p, " "))
		if want := fmt.Sprint(c.order, c.gens, c.rels, c.p); got != want {
			t.Errorf("closure of %s: %s, want %s", c.game, got, want)
		}
	}
}

// TestClosureAgainstPlay checks the quotients of random games' closures
// against play: for random sums of followers, the quotient's outcome is
// the one a search of every line of play finds.
func TestClosureAgainstPlay(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	pool := randomTrees(rng, 150)
	memo := map[*tree]misere.Game{}
	trees := map[string]*tree{}
	played := map[string]bool{}
	games, compared := 0, 0
	for _, tr := range pool {
		g := canon(tr, memo)
		q, fs, err := misere.ClosureQuotient(context.Background(), g, &budget.Options{Limit: 1 << 26, Memory: 1 << 24})
		if errors.Is(err, budget.ErrTooLarge) {
			continue // a large quotient, or an infinite one
		}
		if err != nil {
			t.Fatalf("closure of %s: %v", g, err)
		}
		if len(fs) < 4 {
			continue
		}
		games++
		for range 40 {
			var sum []*tree
			var idx []int
			for k := 1 + rng.IntN(4); k > 0; k-- {
				i := rng.IntN(len(fs))
				idx = append(idx, i)
				sum = append(sum, treeOf(fs[i], trees))
			}
			compared++
			if got, want := q.IsP(q.Element(idx...)), playP(sum, played); got != want {
				t.Fatalf("closure of %s: followers %v: quotient says P=%v, play says %v", g, idx, got, want)
			}
		}
	}
	t.Logf("%d games, %d sums", games, compared)
	if games < 30 || compared < 1000 {
		t.Errorf("only %d games and %d sums compared", games, compared)
	}
}

func ExampleClosureQuotient() {
	// A restless game: its genus is 2^1420.
	g, _ := parse("*[2#1]")
	q, followers, _ := misere.ClosureQuotient(context.Background(), g, nil)
	pr := q.Presentation()
	for _, gn := range pr.Generators {
		fmt.Printf("%s = %s\n", gn.Name, followers[gn.Heap])
	}
	fmt.Println(pr.Relations)
	var p []string
	for _, x := range q.P() {
		p = append(p, pr.Names[x])
	}
	fmt.Println("order", q.Order(), "P", p)
	// Output:
	// a = *[1]
	// b = *[2]
	// c = *[2#1]
	// [[a^2 1] [c^2 1] [b^2c b^3] [b^4 b^2]]
	// order 12 P [a b^2 ac]
}

// TestNimClosure checks the closed form of nim heaps' closures against
// the search it replaces for them: the same order, P-portion and
// expansions, and the same names of every follower's element and of
// every product of two followers.
func TestNimClosure(t *testing.T) {
	for n := range 40 {
		fast, _, err := misere.ClosureQuotient(context.Background(), misere.Nim(n), nil)
		if err != nil {
			t.Fatal(err)
		}
		slow, _, err := misere.ClosureBySearch(context.Background(), misere.Nim(n), nil)
		if err != nil {
			t.Fatal(err)
		}
		if fast.Order() != slow.Order() || !slices.Equal(fast.Expansions(), slow.Expansions()) {
			t.Fatalf("*%d: order %d, expansions %v; the search finds %d, %v", n, fast.Order(), fast.Expansions(), slow.Order(), slow.Expansions())
		}
		fn, sn := fast.Presentation().Names, slow.Presentation().Names
		name := func(names []string, q *misere.Quotient, i, j int) string {
			x := q.Mul(q.Heap(i), q.Heap(j))
			return fmt.Sprint(names[x], q.IsP(x))
		}
		for i := range n + 1 {
			for j := range n + 1 {
				if a, b := name(fn, fast, i, j), name(sn, slow, i, j); a != b {
					t.Fatalf("*%d: *%d+*%d is %s, the search says %s", n, i, j, a, b)
				}
			}
		}
	}
}
