package main

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nimbers/grundy/partizan"
)

// mexOf returns the least number not in vs.
func mexOf(vs []int) int {
	for m := 0; ; m++ {
		if !slices.Contains(vs, m) {
			return m
		}
	}
}

// heapValues returns G(0), …, G(n−1) of a heap game from its rules:
// moves(h) lists the heaps each option of a heap of h leaves.
func heapValues(n int, moves func(h int) [][]int) []int {
	g := make([]int, n)
	for h := range n {
		var vs []int
		for _, m := range moves(h) {
			v := 0
			for _, x := range m {
				v ^= g[x]
			}
			vs = append(vs, v)
		}
		g[h] = mexOf(vs)
	}
	return g
}

// octalMoves returns the moves of an octal game from its code: digit k
// (from 1) says, in its bits 0, 1 and 2, whether k tokens may be taken
// leaving no heap, one heap or two.
func octalMoves(code string) func(int) [][]int {
	digits := strings.TrimPrefix(code, "0.")
	return func(h int) [][]int {
		var out [][]int
		for k := 1; k <= len(digits) && k <= h; k++ {
			d := int(digits[k-1] - '0')
			r := h - k
			if d&1 != 0 && r == 0 {
				out = append(out, nil)
			}
			if d&2 != 0 && r > 0 {
				out = append(out, []int{r})
			}
			for a := 1; d&4 != 0 && 2*a <= r; a++ {
				if r-a >= 1 {
					out = append(out, []int{a, r - a})
				}
			}
		}
		return out
	}
}

// TestHeapSumsByMex checks grundy game and grundy sum on sums of heaps
// against the Grundy values found by the mex rule from each game's rules.
func TestHeapSumsByMex(t *testing.T) {
	const n = 60
	sub := func(h int) [][]int {
		var out [][]int
		for _, k := range []int{1, 3, 4} {
			if k <= h {
				out = append(out, []int{h - k})
			}
		}
		return out
	}
	grundys := func(h int) [][]int {
		var out [][]int
		for a := 1; 2*a < h; a++ {
			out = append(out, []int{a, h - a})
		}
		return out
	}
	nim := func(h int) [][]int {
		var out [][]int
		for r := range h {
			out = append(out, []int{r})
		}
		return out
	}
	games := []struct {
		game, sum string
		g         []int
	}{
		{"octal:0.77", "octal 0.77", heapValues(n, octalMoves("0.77"))},
		{"octal:0.137", "octal 0.137", heapValues(n, octalMoves("0.137"))},
		{"subtraction:1,3,4", "subtraction 1,3,4", heapValues(n, sub)},
		{"grundys-game", "grundys-game", heapValues(n, grundys)},
		{"nim", "nim", heapValues(n, nim)},
	}
	rng := rand.New(rand.NewPCG(5, 1))
	for range 12 {
		var heaps []string
		hs := make([]int, 1+rng.IntN(3))
		for i := range hs {
			hs[i] = rng.IntN(n)
			heaps = append(heaps, strconv.Itoa(hs[i]))
		}
		for _, g := range games {
			v := 0
			for _, h := range hs {
				v ^= g.g[h]
			}
			if got := firstLine(t, append([]string{"game", g.game}, heaps...)...); got != nimText(strconv.Itoa(v)) {
				t.Errorf("game %s %v: %s, the mex rule gives *%d", g.game, heaps, got, v)
			}
			if got := firstLine(t, "sum", g.sum+" "+strings.Join(heaps, " ")); got != strconv.Itoa(v) {
				t.Errorf("sum %s %v: %s, the mex rule gives %d", g.sum, heaps, got, v)
			}
		}
	}
}

// TestRulerRows checks a row of Ruler against its published values
// (Winning Ways, ch. 14): coin x (from 0) is worth the largest power of
// two dividing x+1, and a row the nim-sum of its heads.
func TestRulerRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 2))
	for range 12 {
		coins := make([]byte, 1+rng.IntN(20))
		v := 0
		for i := range coins {
			coins[i] = "HT"[rng.IntN(2)]
			if coins[i] == 'H' {
				v ^= 1 << bits.TrailingZeros(uint(i+1))
			}
		}
		if got := firstLine(t, "game", "turning:ruler", string(coins)); got != nimText(strconv.Itoa(v)) {
			t.Errorf("game turning:ruler %s: %s, want *%d", coins, got, v)
		}
		if got := firstLine(t, "turning", "ruler", "--position", string(coins)); got != strconv.Itoa(v) {
			t.Errorf("turning ruler --position %s: %s, want %d", coins, got, v)
		}
	}
}

// isValue reports whether the position pos of a short partizan game has
// the value written v: whether pos − v is a second-player win, by a
// plain search of the sum from moves, the options of a position for Left
// (left set) or Right.
func isValue(t *testing.T, moves func(pos string, left bool) []string, pos, v string) bool {
	t.Helper()
	g, err := partizan.NewCalculator(nil).Parse(context.Background(), v)
	if err != nil {
		t.Fatalf("value %q: %v", v, err)
	}
	memo := map[string]bool{}
	var wins func(p string, h *partizan.Game, left bool) bool // the player to move wins p + h
	// The state (p, h) is p − h: Left's moves in −h are to −h^R, Right's
	// to −h^L.
	wins = func(p string, h *partizan.Game, left bool) bool {
		d := h.Digest()
		key := fmt.Sprint(left, p, d)
		if w, ok := memo[key]; ok {
			return w
		}
		w := false
		for _, q := range moves(p, left) {
			if !wins(q, h, !left) {
				w = true
				break
			}
		}
		opts := h.Right()
		if !left {
			opts = h.Left()
		}
		for i := 0; !w && i < len(opts); i++ {
			w = !wins(p, opts[i], !left)
		}
		memo[key] = w
		return w
	}
	return !wins(pos, g, true) && !wins(pos, g, false)
}

// stringMoves lists the moves of Blue-Red-Green Hackenbush on strings
// separated by blanks: Left cuts B or G, Right R or G, and what is
// above falls.
func stringMoves(pos string, left bool) []string {
	mine := byte('B')
	if !left {
		mine = 'R'
	}
	var out []string
	for i := 0; i < len(pos); i++ {
		if pos[i] == mine || pos[i] == 'G' {
			j := i
			for j < len(pos) && pos[j] != ' ' {
				j++
			}
			out = append(out, pos[:i]+pos[j:])
		}
	}
	return out
}

// cakeMoves lists the moves of Cutcake on cakes "RxC" separated by
// blanks: Left cuts a cake between two columns, Right between two rows.
func cakeMoves(pos string, left bool) []string {
	cakes := strings.Fields(pos)
	var out []string
	for i, c := range cakes {
		var r, k int
		fmt.Sscanf(c, "%dx%d", &r, &k)
		for a := 1; ; a++ {
			var x, y string
			if left {
				if a >= k {
					break
				}
				x, y = fmt.Sprintf("%dx%d", r, a), fmt.Sprintf("%dx%d", r, k-a)
			} else {
				if a >= r {
					break
				}
				x, y = fmt.Sprintf("%dx%d", a, k), fmt.Sprintf("%dx%d", r-a, k)
			}
			rest := append(slices.Clone(cakes[:i]), cakes[i+1:]...)
			rest = append(rest, x, y)
			slices.Sort(rest)
			out = append(out, strings.Join(rest, " "))
		}
	}
	return out
}

// stripMoves lists the moves of Toads and Frogs: a toad t (Left) steps
// right into an empty square or jumps one frog into one; a frog f
// (Right) likewise to the left.
func stripMoves(pos string, left bool) []string {
	me, them, dir := byte('t'), byte('f'), 1
	if !left {
		me, them, dir = 'f', 't', -1
	}
	var out []string
	b := []byte(pos)
	for i := range b {
		if b[i] != me {
			continue
		}
		to := i + dir
		if to >= 0 && to < len(b) && b[to] == them {
			to += dir
		}
		if to >= 0 && to < len(b) && b[to] == '.' {
			c := slices.Clone(b)
			c[i], c[to] = '.', me
			out = append(out, string(c))
		}
	}
	return out
}

// boardMoves lists the moves of Domineering on rows split by '|': Left
// places a vertical domino, Right a horizontal one, on empty squares.
func boardMoves(pos string, left bool) []string {
	rows := strings.Split(pos, "|")
	var out []string
	for r := range rows {
		for c := range len(rows[r]) {
			r2, c2 := r+1, c
			if !left {
				r2, c2 = r, c+1
			}
			if r2 >= len(rows) || c2 >= len(rows[r2]) || rows[r][c] != '.' || rows[r2][c2] != '.' {
				continue
			}
			b := slices.Clone(rows)
			b[r] = b[r][:c] + "#" + b[r][c+1:]
			b[r2] = b[r2][:c2] + "#" + b[r2][c2+1:]
			out = append(out, strings.Join(b, "|"))
		}
	}
	return out
}

// TestPartizanValuesBySearch checks grundy game and the verbs that value
// the same positions (cgt hackenbush, cgt cutcake, stopper toads-frogs,
// domineering) on random positions: each value v printed must make the
// position minus v a second-player win, found by a plain search from the
// game's rules.
func TestPartizanValuesBySearch(t *testing.T) {
	// The search itself, on published values (Winning Ways, ch. 1, 2).
	for _, c := range []struct {
		pos, v string
		want   bool
	}{{"BBR", "3/2", true}, {"BBR", "1", false}, {"BG", "1*", true}, {"GG G", "*3", true}, {"GG G", "*2", false}} {
		if got := isValue(t, stringMoves, c.pos, c.v); got != c.want {
			t.Fatalf("isValue(%s, %s) = %v", c.pos, c.v, got)
		}
	}
	rng := rand.New(rand.NewPCG(5, 3))
	check := func(moves func(string, bool) []string, pos string, args ...string) {
		t.Helper()
		if v := firstLine(t, args...); !isValue(t, moves, pos, v) {
			t.Errorf("grundy %q: %s, not the value of %s", args, v, pos)
		}
	}
	for range 12 {
		s := make([]byte, 1+rng.IntN(6))
		for i := range s {
			s[i] = "BRG"[rng.IntN(3)]
		}
		check(stringMoves, string(s), "game", "hackenbush-string", string(s))
		check(stringMoves, string(s), "cgt", "hackenbush", string(s))
		r, c := 1+rng.IntN(5), 1+rng.IntN(5)
		cake := fmt.Sprintf("%dx%d", r, c)
		check(cakeMoves, cake, "game", "cutcake", cake)
		check(cakeMoves, cake, "cgt", "cutcake", strconv.Itoa(r), strconv.Itoa(c))
		strip := make([]byte, 2+rng.IntN(6))
		for i := range strip {
			strip[i] = "tf.."[rng.IntN(4)]
		}
		check(stripMoves, string(strip), "game", "toads-frogs", string(strip))
		check(stripMoves, string(strip), "stopper", "toads-frogs", string(strip))
		rows := make([]string, 1+rng.IntN(4))
		for i := range rows {
			b := make([]byte, 4)
			for j := range b {
				b[j] = ".#"[min(rng.IntN(4), 1)]
			}
			rows[i] = string(b)
		}
		file := filepath.Join(t.TempDir(), "board")
		if err := os.WriteFile(file, []byte(strings.Join(rows, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		board := strings.Join(rows, "|")
		check(boardMoves, board, "game", "domineering", board)
		check(boardMoves, board, "domineering", file)
	}
}
