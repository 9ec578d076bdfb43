package turning

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/nimbers/grundy/games"
)

// TestSolveCornersAgainstSearch checks Board.Solve on random 3 × 4
// boards of Turning Corners against the search: the value, and moves
// leading to exactly the options of value 0.
func TestSolveCornersAgainstSearch(t *testing.T) {
	const r, c = 3, 4
	g, opts := cornersSearch(r, c)
	maskOf := func(rows []string) int {
		m := 0
		for i, ch := range strings.Join(rows, "") {
			if ch == 'H' {
				m |= 1 << i
			}
		}
		return m
	}
	b, err := NamedBoard("turning-corners")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(52, 2))
	for range 300 {
		m := rng.IntN(len(g))
		var rows []string
		for i := range r {
			row := []byte(strings.Repeat("T", c))
			for j := range c {
				if m>>(i*c+j)&1 == 1 {
					row[j] = 'H'
				}
			}
			rows = append(rows, string(row))
		}
		coins, err := ParseCoins(strings.Join(rows, "\n"))
		if err != nil {
			t.Fatal(err)
		}
		res, err := b.Solve(context.Background(), coins)
		if err != nil {
			t.Fatal(err)
		}
		if uint64(res.Value) != g[m] || res.Moves == nil {
			t.Fatalf("%v: value %d moves %v, search %d", rows, res.Value, res.Moves, g[m])
		}
		var got, want []int
		for _, mv := range res.Moves {
			after, err := coins.Apply(mv)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, maskOf(after.Rows()))
		}
		for _, o := range opts[m] {
			if g[o] == 0 {
				want = append(want, o)
			}
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("%v: moves lead to %v, search %v", rows, got, want)
		}
	}
}

// TestNamedBoard checks the names, the JSON of a result, and that an
// unknown name is an input error.
func TestNamedBoard(t *testing.T) {
	for name, dims := range map[string]int{"turning-corners": 2, "rugs": 2, "acrostic-twins": 2, "light-switching": 3} {
		b, err := NamedBoard(name)
		if err != nil || b.Dims() != dims {
			t.Errorf("%s: %v, %v", name, b, err)
		}
	}
	if _, err := NamedBoard("corners"); !errors.Is(err, games.ErrInput) {
		t.Errorf("corners: %v, want an input error", err)
	}
	// One head at (1, 1) of Turning Corners: 1 ⊗ 1 = 1, won by turning
	// the four corners of the 2 × 2 square.
	coins, _ := ParseCoins("TT\nTH")
	res, err := TurningCorners().Solve(context.Background(), coins)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(res)
	if want := `{"value":"1","moves":[[[0,1],[0,1]]]}`; string(got) != want {
		t.Errorf("JSON %s, want %s", got, want)
	}
}
