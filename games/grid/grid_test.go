package grid

import (
	"errors"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/nimbers/grundy/games"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/partizan"
)

// plainDomineering values a board by playing it square by square, with
// no splitting into components and no symmetry: the reference.
func plainDomineering(b *Board) *partizan.Game {
	memo := map[uint64]*partizan.Game{}
	var value func(empty uint64) *partizan.Game
	value = func(empty uint64) *partizan.Game {
		if g, ok := memo[empty]; ok {
			return g
		}
		var l, r []*partizan.Game
		for i := range b.rows * b.cols {
			row, col := i/b.cols, i%b.cols
			if empty>>i&1 == 0 {
				continue
			}
			if row+1 < b.rows && empty>>(i+b.cols)&1 == 1 {
				l = append(l, value(empty&^(1<<i|1<<(i+b.cols))))
			}
			if col+1 < b.cols && empty>>(i+1)&1 == 1 {
				r = append(r, value(empty&^(1<<i|1<<(i+1))))
			}
		}
		g, err := partizan.New(l, r)
		if err != nil {
			panic(err)
		}
		memo[empty] = g
		return g
	}
	return value(b.empty)
}

func board(t *testing.T, s string) *Board {
	t.Helper()
	b, err := readBoard(strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestDomineeringKnown(t *testing.T) {
	d := &Domineering{}
	for _, c := range []struct{ board, want string }{
		{".\n", "0"},
		{"..\n", "-1"},           // a row of 2: Right's one move
		{".\n.\n", "1"},          // a column of 2: Left's
		{"....\n", "-2"},         // a row of 2n or 2n+1 squares is −n
		{".....\n", "-2"},        //
		{".\n.\n.\n.\n", "2"},    // and a column +n
		{"..\n..\n", "+-1"},      // the 2×2 square
		{"..\n.#\n", "*"},        // one move each, to 0
		{"..#..\n", "-2"},        // two separate rows of 2
		{"..#\n#..\n", "{0|-1}"}, // Left joins them, Right takes one
	} {
		g, err := d.Value(t.Context(), board(t, c.board))
		if err != nil || g.String() != c.want {
			t.Errorf("%q: %v, %v; want %s", c.board, g, err, c.want)
		}
	}
}

// TestDomineeringPublished checks the outcome classes of empty squares
// published by Breuker, Uiterwijk and van den Herik (Solving 8×8
// Domineering, 2000): 2×2, 3×3 and 4×4 are first-player wins, 5×5 a
// second-player win.
func TestDomineeringPublished(t *testing.T) {
	if testing.Short() {
		t.Skip("5×5 takes a second")
	}
	d := &Domineering{}
	for _, c := range []struct {
		rows, cols int
		want       partizan.Relation
	}{{2, 2, partizan.Fuzzy}, {3, 3, partizan.Fuzzy}, {4, 4, partizan.Fuzzy}, {5, 5, partizan.Equal}} {
		b, _ := Rect(c.rows, c.cols)
		g, err := d.Value(t.Context(), b)
		if err != nil || g.Outcome() != c.want.Outcome() {
			t.Errorf("%d×%d: %v (%v), %v; want %v", c.rows, c.cols, g, g.Outcome(), err, c.want.Outcome())
		}
	}
}

func TestDomineeringAgainstPlay(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 13))
	d := &Domineering{} // one solver: its memory is shared across boards
	for range 200 {
		rows, cols := 1+r.IntN(4), 1+r.IntN(5)
		if rows*cols > 16 {
			continue
		}
		b, _ := Rect(rows, cols)
		for i := range rows * cols {
			if r.IntN(4) == 0 {
				b.empty &^= 1 << i
			}
		}
		got, err := d.Value(t.Context(), b)
		if err != nil {
			t.Fatal(err)
		}
		if want := plainDomineering(b); !got.Equal(want) {
			t.Fatalf("board\n%s: %v, play gives %v", b, got, want)
		}
		// Transposing the board swaps the players.
		tb := &Board{cols, rows, 0}
		for x := b.empty; x != 0; x &= x - 1 {
			i := bits.TrailingZeros64(x)
			tb.empty |= 1 << ((i%cols)*rows + i/cols)
		}
		if tg, _ := d.Value(t.Context(), tb); !tg.Equal(got.Neg()) {
			t.Fatalf("board\n%s: %v, transposed %v", b, got, tg)
		}
	}
}

func TestDomineeringLimits(t *testing.T) {
	d := &Domineering{Options: &budget.Options{Limit: 10}}
	b, _ := Rect(5, 5)
	if _, err := d.Value(t.Context(), b); !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("5×5 within 10 positions: %v", err)
	}
	for _, s := range []string{"", "..\n.\n", ".a\n", ".x\n", "X.\n", strings.Repeat(".", 65) + "\n", strings.Repeat(".........\n", 8)} {
		if _, err := readBoard(strings.NewReader(s)); !errors.Is(err, games.ErrInput) {
			t.Errorf("readBoard(%q): %v", s, err)
		}
	}
	if b := board(t, "; a comment\n.#.\n\n..#  \n"); b.String() != ".#.\n..#\n" {
		t.Errorf("read back as %q", b.String())
	}
	if _, err := Rect(9, 8); !errors.Is(err, games.ErrInput) {
		t.Errorf("Rect(9, 8): %v", err)
	}
}

// FuzzReadBoard checks that readBoard never panics and that a board it
// accepts reads back the same.
func FuzzReadBoard(f *testing.F) {
	for _, s := range []string{"..\n..\n", "#.\n", "", "..\n.\n", ";x\n.#\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := readBoard(strings.NewReader(s))
		if err != nil {
			return
		}
		back, err := readBoard(strings.NewReader(b.String()))
		if err != nil || *back != *b {
			t.Fatalf("%q read as\n%s, which reads back as %v, %v", s, b, back, err)
		}
	})
}

// cutcakeRule is the value of an h × w cake from Winning Ways (chapter
// 2): with Left cutting the columns, ⌊w / 2^⌊log2 h⌋⌋ − 1 when that is
// positive, the negative of the transposed rule when Right is ahead, and
// 0 otherwise.
func cutcakeRule(h, w int) int64 {
	l := int64(w>>(bits.Len(uint(h))-1)) - 1
	r := int64(h>>(bits.Len(uint(w))-1)) - 1
	switch {
	case l > 0:
		return l
	case r > 0:
		return -r
	}
	return 0
}

func TestCutcake(t *testing.T) {
	for h := 1; h <= 24; h++ {
		for w := 1; w <= 24; w++ {
			g, err := Cutcake(h, w)
			if err != nil {
				t.Fatal(err)
			}
			if d, ok := g.AsNumber(); !ok || d.Cmp(partizan.Int(cutcakeRule(h, w))) != 0 {
				t.Fatalf("Cutcake(%d, %d) = %v, the rule says %d", h, w, g, cutcakeRule(h, w))
			}
		}
	}
	if _, err := Cutcake(0, 3); !errors.Is(err, games.ErrInput) {
		t.Errorf("Cutcake(0, 3): %v", err)
	}
}

// TestSolveDomineering checks SolveDomineering on boards valued by hand:
// on a vertical pair only Left (vertical) moves, so it is 1; on a
// horizontal pair -1; on a 2×2 square each player's move leaves the
// other none, so it is ±1 and the first player wins. It checks too that
// a bad board and a limit of one component are refused.
func TestSolveDomineering(t *testing.T) {
	for in, want := range map[string]string{".\n.\n": "1\nLeft\n", "..\n": "-1\nRight\n", "..\n..\n": "+-1\nfirst\n"} {
		r, err := SolveDomineering(t.Context(), strings.NewReader(in), nil)
		var got strings.Builder
		if err == nil {
			_, err = r.WriteTo(&got)
		}
		if err != nil || got.String() != want {
			t.Errorf("%q: %q, %v; want %q", in, got.String(), err, want)
		}
	}
	if _, err := SolveDomineering(t.Context(), strings.NewReader("..\n.\n"), nil); !errors.Is(err, games.ErrInput) {
		t.Errorf("a ragged board: %v, want an input error", err)
	}
	var tl *budget.TooLargeError
	if _, err := SolveDomineering(t.Context(), strings.NewReader("....\n....\n....\n"), &budget.Options{Limit: 1}); !errors.As(err, &tl) {
		t.Errorf("a 3×4 board within one component: %v, want a *budget.TooLargeError", err)
	}
}
