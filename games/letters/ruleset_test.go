package letters

import (
	"context"
	"errors"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/outcome"
)

// randomWords writes n random words over the first k letters.
func randomWords(rng *rand.Rand, n, k int) string {
	ws := make([]string, n)
	for i := range ws {
		var b []byte
		for range 1 + rng.IntN(4) {
			b = append(b, byte('a'+rng.IntN(k)))
		}
		ws[i] = string(b)
	}
	return strings.Join(ws, ",")
}

// picked writes the letters of mask m.
func picked(m uint32) string {
	if m == 0 {
		return "-"
	}
	return letters(m)
}

// TestRulesetAgainstSolve checks the engine, special and generic, on the
// letters left once the last 26 − k are picked against Solve on an
// alphabet of k letters, the words being over the first k.
func TestRulesetAgainstSolve(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(26, 1))
	for trial := range 60 {
		k := 5 + rng.IntN(7)
		words := randomWords(rng, 1+rng.IntN(6), k)
		r, err := games.Lookup("letters:" + words)
		if err != nil {
			t.Fatal(err)
		}
		var masks []uint32
		for _, w := range strings.Split(words, ",") {
			m, _ := Mask(w)
			masks = append(masks, m)
		}
		res, err := Solve(k, masks)
		if err != nil {
			t.Fatal(err)
		}
		want := outcome.P
		if res.FirstWins {
			want = outcome.N
		}
		p, err := r.Parse(picked(^uint32(0) << k & (1<<Alphabet - 1)))
		if err != nil {
			t.Fatal(err)
		}
		for _, generic := range []bool{false, true} {
			e := games.NewEngine(r, nil)
			e.Generic = generic
			o, err := e.Outcome(ctx, p)
			if err != nil || o != want {
				t.Fatalf("trial %d %s at %s (generic %v): outcome %v %v, Solve %v", trial, words, p, generic, o, err, want)
			}
			v, err := e.Grundy(ctx, p)
			if err != nil || (v == 0) != (want == outcome.P) {
				t.Fatalf("trial %d %s at %s (generic %v): Grundy %d %v, Solve %v", trial, words, p, generic, v, err, want)
			}
		}
	}
}

// TestRulesetAgainstGeneric checks the special engine's Grundy values
// against the generic engine's search on random words and positions with
// at most 12 letters left.
func TestRulesetAgainstGeneric(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(26, 2))
	for range 30 {
		words := randomWords(rng, 1+rng.IntN(30), Alphabet)
		r, err := newRules(words)
		if err != nil {
			t.Fatal(err)
		}
		special := games.NewEngine(r, nil)
		generic := games.NewEngine(r, nil)
		generic.Generic = true
		for range 10 {
			var set uint32
			for bits.OnesCount32(set) < 14+rng.IntN(8) {
				set |= 1 << rng.IntN(Alphabet)
			}
			// Shuffle the letters, to read them in any order.
			b := []byte(picked(set))
			rng.Shuffle(len(b), func(i, j int) { b[i], b[j] = b[j], b[i] })
			p, err := r.Parse(string(b))
			if err != nil {
				continue // the letters spell a word
			}
			want, err := generic.Grundy(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			if got, err := special.Grundy(ctx, p); err != nil || got != want {
				t.Fatalf("%s at %s: special %d %v, generic %d", words, p, got, err, want)
			}
		}
	}
}

// TestRulesetNoWords checks the game without words: every letter is
// picked, so the value of k letters left is k mod 2 (a game of k moves).
func TestRulesetNoWords(t *testing.T) {
	// A word of all 26 letters is never spelled before the last pick.
	r, err := newRules("abcdefghijklmnopqrstuvwxyz")
	if err != nil {
		t.Fatal(err)
	}
	e := games.NewEngine(r, &budget.Options{Limit: -1})
	for _, s := range []string{"abcdefghijklmnopqrstuvwxy", "bcdefghijklmnopqrstu", "-"} {
		if s == "-" && testing.Short() {
			continue // the whole game: 2^26 sets, 64 MiB
		}
		p, err := r.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		left := Alphabet - len(strings.Trim(s, "-"))
		v, err := e.Grundy(context.Background(), p)
		if want := uint64(left-1) % 2; err != nil || v != want {
			// The last letter spells the word: left − 1 picks.
			t.Errorf("%s: %d %v, want %d", s, v, err, want)
		}
	}
}

// TestRulesetErrors checks that malformed words and positions fail with
// ErrInput, naming the offset where there is one, and so do Solve and
// Mask.
func TestRulesetErrors(t *testing.T) {
	for _, c := range []struct{ s, want string }{
		{"letters", "WORDS"},
		{"letters:", "offset 0"},
		{"letters:ab,,c", "offset 3"},
		{"letters:ab,cD", "offset 4"},
		{"letters:" + strings.Repeat("a", maxWordBytes+1), "bytes"},
	} {
		_, err := games.Lookup(c.s)
		if !errors.Is(err, games.ErrInput) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%.30q: %v, want ErrInput naming %q", c.s, err, c.want)
		}
	}
	r, _ := newRules("cab,bed")
	for _, c := range []struct{ s, want string }{
		{"aa", "offset 1"},
		{"a1", "offset 1"},
		{"--", "offset 0"},
		{"abc", "spell"},
		{"-a", "offset 0"},
		{strings.Repeat("z", 27), "27 letters"},
	} {
		_, err := r.Parse(c.s)
		if !errors.Is(err, games.ErrInput) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want ErrInput naming %q", c.s, err, c.want)
		}
	}
	if _, err := Mask("aB"); !errors.Is(err, games.ErrInput) {
		t.Errorf("Mask: %v", err)
	}
	if _, err := Solve(4, nil); !errors.Is(err, games.ErrInput) {
		t.Errorf("Solve of 4 letters: %v", err)
	}
	if _, err := Solve(5, []uint32{1 << 7}); !errors.Is(err, games.ErrInput) {
		t.Errorf("Solve with a word past the alphabet: %v", err)
	}
}

// TestRulesetRegistry parses the example and values it, and checks the
// default budget's refusal of the whole game.
func TestRulesetRegistry(t *testing.T) {
	for _, e := range games.Entries() {
		if e.Name != "letters" {
			continue
		}
		r, err := games.Lookup(e.Example[0])
		if err != nil || r.Name() != e.Example[0] {
			t.Fatalf("%s: %v %v", e.Example[0], r, err)
		}
		p, err := r.Parse(e.Example[1])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := games.NewEngine(r, nil).Grundy(context.Background(), p); err != nil {
			t.Fatal(err)
		}
		start, _ := r.Parse("-")
		if _, err := games.NewEngine(r, nil).Grundy(context.Background(), start); !errors.Is(err, budget.ErrTooLarge) {
			t.Fatalf("the whole game on the default budget: %v", err)
		}
		return
	}
	t.Fatal("letters not registered")
}

// FuzzRulesetParse checks that Parse of the words and of a position
// never panics and that String reads back to the same position.
func FuzzRulesetParse(f *testing.F) {
	f.Add("cab,bed,fig", "xyzq")
	f.Add("a", "-")
	f.Add("ab,,", "bb")
	f.Fuzz(func(t *testing.T, words, pos string) {
		r, err := newRules(words)
		if err != nil {
			if !errors.Is(err, games.ErrInput) {
				t.Fatalf("%q: %v", words, err)
			}
			return
		}
		p, err := r.Parse(pos)
		if err != nil {
			if !errors.Is(err, games.ErrInput) {
				t.Fatalf("%q: %v", pos, err)
			}
			return
		}
		q, err := r.Parse(p.String())
		if err != nil || q != p {
			t.Fatalf("%q: %s reads back as %v %v", pos, p, q, err)
		}
	})
}

// benchLetters values a position with 16 letters left, by the pass over
// the sets or by the generic engine's search.
func benchLetters(b *testing.B, generic bool) {
	rng := rand.New(rand.NewPCG(26, 3))
	var ws []string
	for range 60 {
		w := []byte{byte('a' + rng.IntN(16)), byte('a' + rng.IntN(16)), byte('a' + rng.IntN(16))}
		ws = append(ws, string(w))
	}
	r, err := newRules(strings.Join(ws, ","))
	if err != nil {
		b.Fatal(err)
	}
	p, err := r.Parse("qrstuvwxyz")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		e := games.NewEngine(r, nil)
		e.Generic = generic
		if _, err := e.Grundy(b.Context(), p); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRulesetSpecial16(b *testing.B) { benchLetters(b, false) }
func BenchmarkRulesetGeneric16(b *testing.B) { benchLetters(b, true) }
