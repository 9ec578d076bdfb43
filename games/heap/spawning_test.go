package heap

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/nimbers/grundy/games"
)

// TestSpawningCGSuite checks the spawning codes of CGSuite's test suite
// (GameHeapTest.scala): the number of moves from a heap of 20 and
// G(0), …, G(20).
func TestSpawningCGSuite(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		code  string
		moves int
		vals  string
	}{
		{"1-3", 191, "0,1,2,4,7,8,11,13,14,16,19,21,22,25,26,28,31,32,35,37,38"},                               // Mock Turtles
		{"1-9", 169766, "0,1,2,4,8,16,32,64,128,256,511,512,1024,2048,4096,7711,8192,16384,26215,32768,43691"}, // Moidores
		{"3", 171, "0,0,0,1,2,4,7,8,11,13,14,16,19,21,22,25,26,28,31,32,35"},                                   // Triplets
		{"1+C", 20, "0,1,2,1,4,1,2,1,8,1,2,1,4,1,2,1,16,1,2,1,4"},                                              // Ruler
		{"1-3C(5)", 11, "0,1,2,4,7,8,1,2,4,7,8,1,2,4,7,8,1,2,4,7,8"},                                           // Mock Turtle Fives
		{"3C(5)", 6, "0,0,0,1,2,4,0,0,1,2,4,0,0,1,2,4,0,0,1,2,4"},                                              // Triplet Fives
		{"1-5C", 5, "0,1,2,1,4,1,2,1,4,1,2,1,4,1,2,1,4,1,2,1,4"},                                               // Ruler Fives
		{"3E", 9, "0,0,0,1,0,0,1,2,2,1,0,0,1,0,0,1,2,2,1,4,4"},                                                 // Turnips
		{"4FS", 9, "0,0,0,0,1,0,2,1,0,2,1,0,2,1,3,2,1,3,2,4,3"},                                                // Grunt
		{"1+S", 2046, "0,1,2,4,3,6,7,8,16,18,25,32,11,64,31,128,10,256,5,512,28"},                              // Sym
	} {
		rs, err := games.Lookup("spawning:" + c.code)
		if err != nil {
			t.Fatal(err)
		}
		r := rs.(*codeRuleset)
		var got []string
		for n := range 21 {
			v, err := r.value(ctx, n, nil)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, fmt.Sprint(v))
		}
		if s := strings.Join(got, ","); s != c.vals {
			t.Errorf("%s: %s, want %s", c.code, s, c.vals)
		}
		moves := 0
		for range r.moves(20) {
			moves++
		}
		if moves != c.moves {
			t.Errorf("%s: %d moves from 20, want %d", c.code, moves, c.moves)
		}
	}
}

// plainSpawns lists the moves of a heap of n by the definition: every set
// of coins left of n, kept when a clause allows its size, span and
// placement (checked on the whole set of coins turned, n included).
func plainSpawns(sp *spawning, n int) []string {
	var out []string
	seen := map[string]bool{}
	for mask := range 1 << (n - 1) {
		var coins []int
		for i := range n - 1 {
			if mask>>i&1 != 0 {
				coins = append(coins, i+1)
			}
		}
		all := append(slices.Clone(coins), n)
		for _, r := range sp.rules {
			k := len(all)
			ok := k >= r.least && k <= r.most && n-all[0] < r.window && (!r.first || all[0] == 1)
			switch r.place {
			case consecutive:
				ok = ok && n-all[0] == k-1
			case evenSpaced:
				for i := 2; i < k; i++ {
					ok = ok && all[i]-all[i-1] == all[1]-all[0]
				}
			case symmetric:
				for i := range k {
					ok = ok && all[i]+all[k-1-i] == all[0]+n
				}
			}
			if key := fmt.Sprint(coins); ok && !seen[key] {
				seen[key] = true
				out = append(out, key)
			}
		}
	}
	slices.Sort(out)
	return out
}

// TestSpawningAgainstDefinition checks the moves of random codes against
// plainSpawns. (A move listed by two clauses counts once there; Moves may
// list it twice, which changes no value.)
func TestSpawningAgainstDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(53, 4))
	for range 200 {
		var clauses []string
		for range 1 + rng.IntN(2) {
			lo := 1 + rng.IntN(4)
			c := fmt.Sprint(lo)
			switch rng.IntN(3) {
			case 1:
				c += fmt.Sprintf("-%d", lo+rng.IntN(4))
			case 2:
				c += "+"
			}
			for _, m := range []string{"C", fmt.Sprintf("C(%d)", 2+rng.IntN(6)), "E", "S", "F"} {
				if rng.IntN(4) == 0 {
					c += m
				}
			}
			clauses = append(clauses, c)
		}
		code := strings.Join(clauses, ",")
		sp, err := parseSpawning(code)
		if err != nil {
			t.Fatalf("%s: %v", code, err)
		}
		for n := 1; n <= 11; n++ {
			var got []string
			seen := map[string]bool{}
			for hs := range sp.Moves(n) {
				key := fmt.Sprint(hs)
				if !slices.IsSorted(hs) || seen[key] && len(sp.rules) == 1 {
					t.Fatalf("%s, heap %d: move %v out of order or twice", code, n, hs)
				}
				if !seen[key] {
					seen[key] = true
					got = append(got, key)
				}
			}
			slices.Sort(got)
			if want := plainSpawns(sp, n); !slices.Equal(got, want) {
				t.Fatalf("%s, heap %d: %v, want %v", code, n, got, want)
			}
		}
	}
}

func TestSpawningErrors(t *testing.T) {
	for _, code := range []string{"", "0", "x", "3-1", "1-", "1C(", "1C(0)", "1C(x)", "1Q", "-3", strings.Repeat("1,", 200)} {
		if _, err := parseSpawning(code); !errors.Is(err, games.ErrInput) {
			t.Errorf("%q: %v, want an input error", code, err)
		}
	}
}

func FuzzParseSpawning(f *testing.F) {
	for _, s := range []string{"1-3", "1+C", "4FS", "1-3C(5)", "3E", "1+S,2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sp, err := parseSpawning(s)
		if err != nil {
			if !errors.Is(err, games.ErrInput) {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		for n := range 9 {
			k := 0
			for hs := range sp.Moves(n) {
				if !slices.IsSorted(hs) || len(hs) > 0 && (hs[0] < 1 || hs[len(hs)-1] >= n) {
					t.Fatalf("%q: a move %v from %d", s, hs, n)
				}
				if k++; k > 1<<12 {
					break
				}
			}
		}
	})
}
