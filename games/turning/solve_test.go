package turning

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/nimbers/grundy/budget"
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
	b, err := ParseBoard("turning-corners")
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
			after, err := coins.apply(mv)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, maskOf(after.rows()))
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

// TestParseBoard checks the names, the JSON of a result, and that an
// unknown name is an input error.
func TestParseBoard(t *testing.T) {
	for name, dims := range map[string]int{"turning-corners": 2, "rugs": 2, "acrostic-twins": 2, "light-switching": 3} {
		b, err := ParseBoard(name)
		if err != nil || b.dims() != dims {
			t.Errorf("%s: %v, %v", name, b, err)
		}
	}
	for _, bad := range []string{"corners", "ruler*chess", ""} {
		if _, err := ParseBoard(bad); !errors.Is(err, games.ErrInput) {
			t.Errorf("%q: %v, want an input error", bad, err)
		}
	}
	// A product by the Tartan theorem: coin (a, b) of ruler × twins has
	// value ruler(a) ⊗ twins(b), coins from 0: ruler(3) = 4, the largest
	// power of 2 dividing 3 + 1, and twins(2) = 2; 4 ⊗ 2 = 8, as 4 is a
	// Fermat 2-power above 2.
	b, err := ParseBoard("ruler×twins")
	if err != nil || b.dims() != 2 {
		t.Fatal(b, err)
	}
	if v, err := b.coinValueAt(context.Background(), []int{4, 4}, []int{3, 2}); err != nil || v != 8 {
		t.Errorf("ruler×twins coin (3, 2): %v %v, want 8", v, err)
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

// TestSolveRowAgainstSearch checks SolveRow on random rows of up to 10
// coins against the mex over the rule's moves, by row mask, and its
// winning moves against the moves to a row of value 0.
func TestSolveRowAgainstSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(52, 3))
	for _, name := range []string{"mock-turtles", "ruler", "twins", "at-most:3"} {
		r, err := Parse(name)
		if err != nil {
			t.Fatal(err)
		}
		memo := map[uint32]uint64{}
		// turns lists each move from mask as the coins it turns, sorted.
		turns := func(mask uint32, n int) [][]int {
			var out [][]int
			for x := range n {
				if mask>>x&1 == 0 {
					continue
				}
				r.Moves(x, func(others []int) {
					set := append(slices.Clone(others), x)
					slices.Sort(set)
					out = append(out, set)
				})
			}
			return out
		}
		apply := func(mask uint32, set []int) uint32 {
			for _, c := range set {
				mask ^= 1 << c
			}
			return mask
		}
		var value func(mask uint32, n int) uint64
		value = func(mask uint32, n int) uint64 {
			if v, ok := memo[mask]; ok {
				return v
			}
			seen := map[uint64]bool{}
			for _, set := range turns(mask, n) {
				seen[value(apply(mask, set), n)] = true
			}
			v := uint64(0)
			for seen[v] {
				v++
			}
			memo[mask] = v
			return v
		}
		for range 100 {
			n := 1 + rng.IntN(10)
			mask := uint32(rng.IntN(1 << n))
			row := []byte(strings.Repeat("T", n))
			for x := range n {
				if mask>>x&1 == 1 {
					row[x] = 'H'
				}
			}
			res, err := r.SolveRow(context.Background(), string(row), nil, -1)
			if err != nil {
				t.Fatal(err)
			}
			if want := value(mask, n); res.Value != want {
				t.Fatalf("%s %s: value %d, search %d", name, row, res.Value, want)
			}
			var got, want []string
			for _, m := range res.Moves {
				got = append(got, FormatSet(m))
			}
			for _, set := range turns(mask, n) {
				if value(apply(mask, set), n) == 0 {
					want = append(want, FormatSet(set))
				}
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(slices.Compact(got), slices.Compact(want)) || res.Moves == nil {
				t.Fatalf("%s %s: moves %v, search %v", name, row, got, want)
			}
		}
	}
	r, _ := Parse("ruler")
	if _, err := r.SolveRow(context.Background(), "HXT", nil, 0); !errors.Is(err, games.ErrInput) {
		t.Errorf("HXT: %v, want an input error", err)
	}
}

// TestResultText checks the text of a row's and a board's results
// against lines written by hand.
func TestResultText(t *testing.T) {
	for _, c := range []struct {
		r    io.WriterTo
		want string
	}{
		{&RowResult{Value: 12, Moves: []Turn{{2, 3, 4}, {0, 3}}}, "12\n2-4\n0,3\n"},
		{&RowResult{Moves: []Turn{}}, "0\n"},
		{&BoardResult{Value: 5, Moves: []BoardMove{{{1}, {0, 2}}}}, "5\n1 x 0,2\n"},
	} {
		var b strings.Builder
		if _, err := c.r.WriteTo(&b); err != nil || b.String() != c.want {
			t.Errorf("%+v: %q, %v; want %q", c.r, b.String(), err, c.want)
		}
	}
}

// TestSolveFile checks SolveFile on a Turning Corners board whose one
// head at (1, 1) has value 1 ⊗ 1 = 1, won by turning the corners of the
// 2 × 2 square, and its errors: each names the file.
func TestSolveFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	res, err := TurningCorners().SolveFile(t.Context(), write("b", "TT\nTH\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := fmt.Sprint(res.Value, res.Moves), "1 [0,1 x 0,1]"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	bad := write("bad", "HH\nH\n")
	if _, err := TurningCorners().SolveFile(t.Context(), bad); !errors.Is(err, games.ErrInput) || !strings.HasPrefix(err.Error(), bad+": board row 2") {
		t.Errorf("ragged board: %v", err)
	}
	big := write("big", strings.Repeat("H", maxBoardBytes+1))
	if _, err := TurningCorners().SolveFile(t.Context(), big); err == nil || err.Error() != big+": larger than 1048576 bytes" {
		t.Errorf("large board: %v", err)
	}
	none := filepath.Join(dir, "none")
	if _, err := TurningCorners().SolveFile(t.Context(), none); err == nil || !strings.HasPrefix(err.Error(), none+": ") {
		t.Errorf("missing file: %v", err)
	}
}

// TestSolveRowOutput checks SolveRow's bound on the bytes of winning
// moves. Under ruler, G(0…4) = 1 2 1 4 1, so HTTHH has value
// 1 ⊕ 4 ⊕ 1 = 4, won by turning the run of coin 3 alone or the run 2-4
// (1 ⊕ 4 ⊕ 1): "3\n2-4\n", six bytes.
func TestSolveRowOutput(t *testing.T) {
	r, _ := Parse("ruler")
	res, err := r.SolveRow(t.Context(), "HTTHH", nil, 6)
	if err != nil || res.Value != 4 || fmt.Sprint(res.Moves) != "[turn 3 turn 2-4]" {
		t.Fatalf("limit 6: %v, %v", res, err)
	}
	var tl *budget.TooLargeError
	if _, err := r.SolveRow(t.Context(), "HTTHH", nil, 5); !errors.As(err, &tl) || tl.Unit != "bytes of output" || tl.Limit != 5 {
		t.Errorf("limit 5: %v, want 6 bytes refused", err)
	}
}

// TestNamedRuleString checks the lines NamedRule.String writes against
// ones written by hand.
func TestNamedRuleString(t *testing.T) {
	for _, c := range []struct {
		r    NamedRule
		want string
	}{
		{NamedRule{"turtles", "turning-turtles", "turn 1 or 2"}, "turtles (or turning-turtles): turn 1 or 2"},
		{NamedRule{"twins", "", "turn 2"}, "twins: turn 2"},
	} {
		if got := c.r.String(); got != c.want {
			t.Errorf("%v: %q, want %q", c.r, got, c.want)
		}
	}
}
