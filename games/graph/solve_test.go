package graph

import (
	"context"
	"encoding/json"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestSolveAgainstSearch checks the results of Hackenbush and leaf
// deletion against exhaustive searches: the value, the winner and every
// winning cut, or a winning deletion.
func TestSolveAgainstSearch(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(52, 1))
	for range 200 {
		n, edges := randomGraph(r, 6, 9)
		g, err := NewGraph(n, edges)
		if err != nil {
			t.Fatal(err)
		}
		res, err := g.Solve(ctx)
		if err != nil {
			t.Fatal(err)
		}
		h := newHackenbushSearch(n, edges)
		v := h.value(h.start())
		cuts := h.movesTo(0)
		if cuts == nil {
			cuts = []int{}
		}
		if res.Value != v || res.Winner != map[bool]string{true: "first", false: "second"}[v != 0] || !slices.Equal(res.Cuts, cuts) {
			t.Fatalf("edges %v: %+v, search value %d cuts %v", edges, res, v, cuts)
		}
	}
	for range 200 {
		tr, _ := newTree(randomParents(r, 1+r.IntN(10)))
		res, err := tr.SolveLeafDeletion(ctx)
		if err != nil {
			t.Fatal(err)
		}
		ls := newLeafSearch(tr)
		all := ^uint64(0) >> (64 - tr.Len())
		v := ls.value(all)
		if res.Value == nil || *res.Value != v || (res.Winner == "first") != (v != 0) || (res.Delete != nil) != (v != 0) {
			t.Fatalf("parents %v: %+v, search value %d", tr.parent, res, v)
		}
		next := all
		for _, d := range res.Delete {
			next &^= 1 << d
		}
		if res.Delete != nil && ls.value(next) != 0 {
			t.Fatalf("parents %v: deleting %v does not win", tr.parent, res.Delete)
		}
	}
}

// TestSolveJSON checks the field names the command line documents, and
// values as decimal strings, on a triangle standing on the ground (value
// 1, won by cutting the edge away from the ground) and a DAG.
func TestSolveJSON(t *testing.T) {
	g, _ := NewGraph(3, [][2]int{{0, 1}, {1, 2}, {2, 0}})
	res, err := g.Solve(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(res)
	if want := `{"value":"1","winner":"first","cuts":[1]}`; string(b) != want {
		t.Errorf("hackenbush: %s, want %s", b, want)
	}
	tr, _ := newTree([]int{0})
	c, _ := newCoinTree(tr, []bool{false, false})
	b, _ = json.Marshal(c.Solve())
	if want := `{"value":"0","winner":"second","moves":[]}`; string(b) != want {
		t.Errorf("cointree: %s, want %s", b, want)
	}
	// One vertex holding 5: the mover takes it to 0.
	d, _ := newDAG([]uint64{5}, nil)
	b, _ = json.Marshal(d.Solve())
	if want := `{"value":"5","winner":"first","after":["0"]}`; string(b) != want {
		t.Errorf("dag: %s, want %s", b, want)
	}
	ld, _ := tr.SolveLeafDeletion(context.Background())
	b, _ = json.Marshal(ld)
	if want := `{"value":"` + strconv.FormatUint(*ld.Value, 10) + `","winner":"second","delete":null}`; string(b) != want {
		t.Errorf("leafdel: %s, want %s", b, want)
	}
}

// TestResultText checks the text of each result against lines written
// by hand.
func TestResultText(t *testing.T) {
	seven := uint64(7)
	for _, c := range []struct {
		r    io.WriterTo
		want string
	}{
		{&HackenbushResult{Value: 5, Winner: "first", Cuts: []int{0, 7}}, "5\nfirst\n0\n7\n"},
		{&HackenbushResult{Winner: "second", Cuts: []int{}}, "0\nsecond\n"},
		{&CoinTreeResult{Value: "6", Winner: "first", Moves: []CoinMove{{Node: 2}, {Node: 1, Flip: []int{3, 4}}}}, "6\nfirst\n2\n1 3 4\n"},
		{&LeafDeletionResult{Value: &seven, Winner: "first", Delete: []int{2, 3}}, "7\nfirst\n2 3\n"},
		{&LeafDeletionResult{Winner: "second"}, "?\nsecond\n"},
		{&DAGResult{Value: "ω+1", Winner: "first", After: []string{"3", "10"}, ShowValue: true}, "ω+1\nWIN\n3 10\n"},
		{&DAGResult{Value: "ω+1", Winner: "first", After: []string{"3"}}, "WIN\n3\n"},
		{&DAGResult{Value: "0", Winner: "second"}, "LOSE\n"},
	} {
		var b strings.Builder
		if _, err := c.r.WriteTo(&b); err != nil || b.String() != c.want {
			t.Errorf("%+v: %q, %v; want %q", c.r, b.String(), err, c.want)
		}
	}
}
