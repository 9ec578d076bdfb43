package letters

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// bruteWins is the game by its definition, on sets of k letters.
func bruteWins(k int, words []uint32, s uint32, memo map[uint32]bool) bool {
	if v, ok := memo[s]; ok {
		return v
	}
	win := false
	for c := range k {
		t := s | 1<<c
		if t == s {
			continue
		}
		dead := false
		for _, w := range words {
			if w&t == w {
				dead = true
			}
		}
		if !dead && !bruteWins(k, words, t, memo) {
			win = true
		}
	}
	memo[s] = win
	return win
}

func TestAgainstSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 26))
	for trial := range 400 {
		k := 5 + r.IntN(6)
		words := make([]uint32, r.IntN(6))
		for i := range words {
			for range 1 + r.IntN(3) {
				words[i] |= 1 << r.IntN(k)
			}
		}
		if trial%50 == 0 {
			words = nil // no words: the last letter decides
		}
		res, err := Solve(k, words)
		if err != nil {
			t.Fatal(err)
		}
		memo := map[uint32]bool{}
		if want := bruteWins(k, words, 0, memo); res.FirstWins != want {
			t.Fatalf("k=%d words=%v: first wins %v, search %v", k, words, res.FirstWins, want)
		}
		var want []int
		for c := range k {
			dead := false
			for _, w := range words {
				if w&(1<<c) == w {
					dead = true
				}
			}
			if !dead && !bruteWins(k, words, 1<<c, memo) {
				want = append(want, c)
			}
		}
		if !slices.Equal(res.Winning, want) {
			t.Fatalf("k=%d words=%v: winning letters %v, search %v", k, words, res.Winning, want)
		}
	}
}

func TestFullAlphabet(t *testing.T) {
	// No words over 26 letters: 26 picks, and the player to move after them
	// cannot pick and loses, so the second player (who picks last) wins.
	res, err := Solve(Alphabet, nil)
	if err != nil || res.FirstWins {
		t.Errorf("no words: %+v, %v", res, err)
	}
	// The word "a" alone: picking a loses at once, the other 25 letters are
	// a game of 25 picks, which the first player ends.
	m, _ := Mask("a")
	res, _ = Solve(Alphabet, []uint32{m})
	if !res.FirstWins || len(res.Winning) != 25 {
		t.Errorf(`word "a": %+v`, res)
	}
	if _, err := Mask("aB"); err == nil {
		t.Error("capital letter accepted")
	}
	if _, err := Solve(4, nil); err == nil {
		t.Error("alphabet of 4 accepted")
	}
}

func BenchmarkSolve26(b *testing.B) {
	r := rand.New(rand.NewPCG(2, 2))
	words := make([]uint32, 1000)
	for i := range words {
		for range 4 {
			words[i] |= 1 << r.IntN(26)
		}
	}
	for b.Loop() {
		_, _ = Solve(Alphabet, words)
	}
}

// TestResultJSON checks the field names and letters of grundy letters
// --json.
func TestResultJSON(t *testing.T) {
	for _, c := range []struct {
		r    Result
		want string
	}{
		{Result{FirstWins: true, Winning: []int{0, 2, 25}}, `{"winner":"first","winning":["a","c","z"]}`},
		{Result{}, `{"winner":"second","winning":[]}`},
	} {
		got, err := json.Marshal(c.r)
		if err != nil || string(got) != c.want {
			t.Errorf("%+v: %s %v, want %s", c.r, got, err, c.want)
		}
	}
}

// TestRead checks masks of words read by hand (bit i for letter i) and
// that a short, malformed or overlong input is refused.
func TestRead(t *testing.T) {
	got, err := Read(strings.NewReader("3\nab c\nzz\n"), "in")
	if want := []uint32{3, 4, 1 << 25}; err != nil || !slices.Equal(got, want) {
		t.Errorf("got %v %v, want %v", got, err, want)
	}
	for _, bad := range []string{"", "2\nab\n", "1\naB\n", "1\nab\ncd\n", "x\n"} {
		if _, err := Read(strings.NewReader(bad), "in"); err == nil {
			t.Errorf("%q: accepted", bad)
		}
	}
}

// TestResultText checks the text of results written by hand.
func TestResultText(t *testing.T) {
	for r, want := range map[*Result]string{
		{FirstWins: true, Winning: []int{0, 2, 25}}: "first a c z\n",
		{}: "second\n",
	} {
		var b strings.Builder
		if _, err := r.WriteTo(&b); err != nil || b.String() != want {
			t.Errorf("%+v: %q, want %q", *r, b.String(), want)
		}
	}
}
