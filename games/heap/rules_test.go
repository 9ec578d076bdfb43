package heap

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// movesByDefinition lists the moves from a heap of n tokens straight from
// the definition of a code: for each digit d_k and each bit j of it, every
// way to write n − k as j positive parts (as a sorted multiset).
func movesByDefinition(digits []uint8, n int) map[string]bool {
	out := map[string]bool{}
	var parts func(rest, j, least int, acc []int)
	parts = func(rest, j, least int, acc []int) {
		if j == 0 {
			if rest == 0 {
				out[fmt.Sprint(acc)] = true
			}
			return
		}
		for a := least; a <= rest; a++ {
			parts(rest-a, j-1, a, append(acc, a))
		}
	}
	for k, d := range digits {
		for j := range 4 {
			if d&(1<<j) != 0 && k <= n {
				parts(n-k, j, 1, []int{})
			}
		}
	}
	return out
}

// movesOf lists the moves Moves reports, failing on a repeated one.
func movesOf(t *testing.T, g *Game, n int) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	for heaps := range g.Moves(n) {
		hs := slices.Clone(heaps)
		slices.Sort(hs)
		key := fmt.Sprint(hs)
		if out[key] {
			t.Fatalf("%s: heap %d: move to %v reported twice", g.Name(), n, hs)
		}
		out[key] = true
	}
	return out
}

func TestMovesByDefinition(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 1))
	for range 300 {
		k := 1 + r.IntN(5)
		digits := make([]uint8, k+1)
		digits[0] = uint8(r.IntN(4)) << 2
		for i := 1; i <= k; i++ {
			digits[i] = uint8(r.IntN(16))
		}
		digits[k] |= 1 + uint8(r.IntN(15))
		code := "0."
		if digits[0] != 0 {
			code = fmt.Sprintf("%x.", digits[0])
		}
		for _, d := range digits[1:] {
			code += fmt.Sprintf("%x", d)
		}
		g, err := ParseCode(code)
		if err != nil {
			t.Fatalf("%s: %v", code, err)
		}
		for n := range 14 {
			got, want := movesOf(t, g, n), movesByDefinition(digits, n)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("%s: heap %d: Moves gives %v, the definition %v", code, n, got, want)
			}
		}
	}
	// A subtraction set is the code with digit 3 at each of its sizes.
	sub, _ := ParseSubtraction("1,3,4")
	for n := range 14 {
		if got, want := movesOf(t, sub, n), movesByDefinition([]uint8{0, 3, 0, 3, 3}, n); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("1,3,4: heap %d: Moves gives %v, want %v", n, got, want)
		}
	}
	// Grundy's game: the splits of digit 4 at 0 with unequal parts.
	for n := range 14 {
		want := movesByDefinition([]uint8{4}, n)
		for key := range want {
			var a, b int
			if fmt.Sscanf(key, "[%d %d]", &a, &b); a == b {
				delete(want, key)
			}
		}
		if got := movesOf(t, GrundysGame(), n); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("Grundy's game: heap %d: Moves gives %v, want %v", n, got, want)
		}
	}
}
