package games_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	_ "github.com/nimbers/grundy/games/graph"
	_ "github.com/nimbers/grundy/games/heap"
	_ "github.com/nimbers/grundy/games/turning"
	"github.com/nimbers/grundy/outcome"
	"github.com/nimbers/grundy/sg"
)

// TestParseTerm checks the terms of each registered reader against
// published or hand-worked values.
func TestParseTerm(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// A Green Hackenbush stalk of 3 edges on the ground is *3.
	stalk := write("stalk.txt", "4 3\n0 1\n1 2\n2 3\n")
	// Vertex 1 moves to 0 or 2, 0 only back to 1, 2 nowhere: 2 is 0, so
	// 1 wins and 0, whose only move is to 1, is 0; 1 is then mex{0, 0} = 1.
	graphFile := write("g.txt", "3 3\n0 1\n1 0\n1 2\n")
	for _, c := range []struct {
		term string
		want []uint64
	}{
		// Kayles, Guy–Smith: 0 1 2 3 1 4 3 2 1 4 2 6 …
		{"octal 0.77 1 5 10 11", []uint64{1, 4, 2, 6}},
		{"nim 0 7 0x10", []uint64{0, 7, 16}},
		// Subtraction {1,3,4}: period 7, 0 1 0 1 2 3 2.
		{"subtraction 1,3,4 5 6 13", []uint64{3, 2, 2}},
		// Grundy's game: 0 0 0 1 0 2 1 0 2 1 0 2 1 3 …
		{"grundys-game 3 5 13", []uint64{1, 2, 3}},
		// The ruler game: coin n (from 1) is the largest power of 2
		// dividing n; heads on 1 and 4, and on 12.
		{"turning ruler HTTH", []uint64{5}},
		{"turning ruler TTTTTTTTTTTH", []uint64{4}},
		{"hackenbush " + stalk, []uint64{3}},
		// Take 1 or 2 with no additions is n mod 3.
		{"loopy subtraction 1,2 - 10 7", []uint64{1}},
		{"loopy " + graphFile + " 1", []uint64{1}},
		{"loopy " + graphFile + " 0", []uint64{0}},
	} {
		term, err := games.ParseTerm(t.Context(), c.term)
		if err != nil {
			t.Errorf("%q: %v", c.term, err)
			continue
		}
		if term.Text != c.term || len(term.Units) != len(c.want) {
			t.Errorf("%q: text %q, %d units, want %d", c.term, term.Text, len(term.Units), len(c.want))
			continue
		}
		for i, u := range term.Units {
			if u.Value() != c.want[i] {
				t.Errorf("%q: unit %d has value %d, want %d", c.term, i, u.Value(), c.want[i])
			}
		}
	}
	for _, c := range []struct{ term, want string }{
		{"", "empty component"},
		{"chess 5", `"chess 5": unknown game "chess" (cointree, grundys-game, hackenbush, leafdel, loopy, nim, octal, subtraction, turning)`},
		{"nim", `"nim": no heaps`},
		{"nim 100001", `heap "100001" is not a size from 0 to 100000`},
		{"octal", "octal needs its rule"},
		{"turning ruler", "turning takes a rule and a row of coins"},
		{"hackenbush " + filepath.Join(dir, "none"), "none: no such file"},
		{"loopy " + graphFile, "gives no start vertex"},
		{"loopy subtraction 0 - 10 3", `loopy subtraction: "0" is not a positive size (in "0")`},
		{"loopy subtraction 1 - 10 11", "want a bound N and a heap from 0 to N"},
		{strings.Repeat("x", 50), `"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…": unknown game`},
	} {
		_, err := games.ParseTerm(t.Context(), c.term)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one containing %q", c.term, err, c.want)
		}
	}
	// Loopy subtraction's analysis is refused before it starts past the
	// default budget of moves examined.
	if _, err := games.ParseTerm(t.Context(), "loopy subtraction 1,2,3,4,5,6 1,2,3,4,5,6 4000000 1"); !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("a large loopy subtraction: %v, want a budget error", err)
	}
}

// TestSumTerms decides sums worked by hand: Bouton's rule under normal
// play, and misère Nim, where two heaps of 1 are a first-player win.
func TestSumTerms(t *testing.T) {
	// Kayles heap 3 is 3, and 1 ⊕ 2 ⊕ 3 = 0: a second-player win.
	s, err := games.SumTerms(t.Context(), []string{"nim 1 2", "octal 0.77 3"}, sg.Normal, nil)
	if err != nil || s.Value == nil || *s.Value != 0 || s.Outcome != outcome.P || len(s.Moves) != 0 {
		t.Errorf("nim 1 2 + Kayles 3: %+v, %v", s, err)
	}
	// 3 ⊕ 1 = 2: the one winning move takes heap 3 to 1, in term 1.
	s, err = games.SumTerms(t.Context(), []string{"nim 1", "nim 3"}, sg.Normal, nil)
	if err != nil || *s.Value != 2 || s.Outcome != outcome.N || len(s.Moves) != 1 || s.Moves[0].Component != 1 || s.Moves[0].Move.String() != "3 -> 1" {
		t.Errorf("nim 1 + nim 3: %+v, %v", s, err)
	}
	s, err = games.SumTerms(t.Context(), []string{"nim 1 1"}, sg.Misere, nil)
	if err != nil || s.Value != nil || s.Outcome != outcome.N {
		t.Errorf("misère nim 1 1: %+v, %v", s, err)
	}
	// A misère sum of two games searched as one: refused past the limit
	// given, decided within the default.
	terms := []string{"octal 0.6 20", "subtraction 1,2,5 10"}
	if _, err := games.SumTerms(t.Context(), terms, sg.Misere, &budget.Options{Limit: 10}); !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("a misère search within 10 positions: %v, want a budget error", err)
	}
	if s, err := games.SumTerms(t.Context(), terms, sg.Misere, nil); err != nil || s.Outcome != outcome.N || len(s.Moves) == 0 {
		t.Errorf("a misère search by default: %+v, %v", s, err)
	}
}

// TestTermSumText checks the JSON and the text of a sum worked by hand:
// 1 ⊕ 3 = 2, won by taking heap 3 of term 2 to 1.
func TestTermSumText(t *testing.T) {
	terms := []string{"nim 1", "nim 3"}
	s, err := games.SumTerms(t.Context(), terms, sg.Normal, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, err := json.Marshal(s)
	if want := `{"value":"2","winner":"first","moves":[{"component":2,"game":"nim 3","heap":3,"to":[1]}]}`; err != nil || string(got) != want {
		t.Errorf("JSON %s, %v; want %s", got, err, want)
	}
	var b strings.Builder
	if _, err := s.WriteTo(&b); err != nil || b.String() != "2\n2: nim 3: 3 -> 1\n" {
		t.Errorf("text %q, %v", b.String(), err)
	}
	// A term past its reader's bound: the sum's options do not raise it.
	_, err = games.SumTerms(t.Context(), []string{"loopy subtraction 1,2,3,4,5,6 1,2,3,4,5,6 4000000 1"}, sg.Normal, nil)
	var tl *budget.TooLargeError
	if !errors.As(err, &tl) || !tl.Fixed || !strings.HasPrefix(err.Error(), `"loopy subtraction`) {
		t.Errorf("a term past its bound: %v", err)
	}
}
