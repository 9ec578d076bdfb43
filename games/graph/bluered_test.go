package graph

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/nimbers/grundy/partizan"
)

// hackenbushBySearch values Blue-Red-Green Hackenbush on a tree by
// playing it: a position is the set of edges still joined to the ground
// (edge i joins node i+1 to its parent), and each cut drops what hangs
// from it.
func hackenbushBySearch(parents []int, colors []Color) *partizan.Game {
	n := len(parents)
	memo := map[uint32]*partizan.Game{}
	var value func(alive uint32) *partizan.Game
	value = func(alive uint32) *partizan.Game {
		if g, ok := memo[alive]; ok {
			return g
		}
		var l, r []*partizan.Game
		for e := range n {
			if alive&(1<<e) == 0 {
				continue
			}
			// Cut e: keep the edges whose path to the root avoids it.
			next := uint32(0)
			for f := range n {
				if alive&(1<<f) == 0 {
					continue
				}
				v, ok := f+1, true
				for v != 0 {
					if v-1 == e {
						ok = false
						break
					}
					v = parents[v-1]
				}
				if ok {
					next |= 1 << f
				}
			}
			g := value(next)
			if colors[e] != Red {
				l = append(l, g)
			}
			if colors[e] != Blue {
				r = append(r, g)
			}
		}
		g, err := partizan.New(l, r)
		if err != nil {
			panic(err)
		}
		memo[alive] = g
		return g
	}
	return value(1<<n - 1)
}

func TestPartizanHackenbushAgainstPlay(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 11))
	palette := []Color{Blue, Red, Green}
	for range 300 {
		n := 1 + r.IntN(10)
		parents := make([]int, n)
		colors := make([]Color, n)
		for i := range parents {
			parents[i] = r.IntN(i + 1)
			colors[i] = palette[r.IntN(3)]
			if r.IntN(3) == 0 {
				colors[i] = palette[r.IntN(2)] // more Blue-Red trees
			}
		}
		tr, err := newTree(parents)
		if err != nil {
			t.Fatal(err)
		}
		got, err := tr.partizanHackenbush(context.Background(), colors, nil)
		if err != nil {
			t.Fatal(err)
		}
		if want := hackenbushBySearch(parents, colors); !got.Equal(want) {
			t.Fatalf("parents %v colours %s: %v, play gives %v", parents, string(colors), got, want)
		}
	}
}

func TestHackenbushStringBerlekamp(t *testing.T) {
	for n := 1; n <= 12; n++ {
		for m := range 1 << n {
			b := make([]byte, n)
			for i := range b {
				b[i] = "BR"[m>>i&1]
			}
			s := string(b)
			g, err := hackenbushString(context.Background(), s, nil) // Berlekamp's rule
			if err != nil {
				t.Fatal(err)
			}
			colors, _ := parseColors(s)
			parents := make([]int, n)
			for i := range parents {
				parents[i] = i
			}
			path, _ := newTree(parents)
			want, err := path.partizanHackenbush(context.Background(), colors, nil) // ordinal sums
			if err != nil || !g.Equal(want) {
				t.Fatalf("%s: Berlekamp's rule %v, ordinal sums %v (%v)", s, g, want, err)
			}
		}
	}
	for in, want := range map[string]string{"": "0", "BBR": "3/2", "BRR": "1/4", "G": "*", "GG": "*2", "BG": "1*", "gb": "^*"} {
		g, err := hackenbushString(context.Background(), in, nil)
		if err != nil || g.String() != want {
			t.Errorf("HackenbushString(%q) = %v, %v; want %s", in, g, err, want)
		}
	}
	if _, err := hackenbushString(context.Background(), "BXR", nil); err == nil {
		t.Error("a colour X was accepted")
	}
}
