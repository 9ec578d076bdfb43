// Package letters is the 26-letter game, a contest problem: players alternately pick
// one of the letters of an alphabet that has not been picked yet; the
// player after whose pick some given word can be spelled with the picked
// letters loses. (A player who cannot pick, because every letter is
// taken, loses too.)
//
// A word matters only through its set of letters, a bit mask. A set S of
// picked letters is dead when it contains the letters of some word; the
// player to move at S wins when some letter c leads to a live S ∪ {c} that
// is a loss for the next player. Over 26 letters that is 2^26 sets: the
// dead sets come from a superset-sum (SOS) transform and the wins from one
// pass over the sets, both on 32-bit words that each hold the sets sharing
// their 21 high letters, so that the 5 low letters are handled by shifts
// within a word.
//
// As a games.Ruleset (games.Lookup("letters:WORDS")) a position is the
// set of letters picked so far, and a pick that spells a word is left out
// of the options: the game is then played in normal play.
package letters

import (
	"encoding/json"
	"fmt"
	"io"
	"math/bits"

	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/internal/scan"
)

// Alphabet is the number of letters of the game.
const Alphabet = 26

// Result is the outcome of a letter game.
type Result struct {
	FirstWins bool
	// Winning lists the letters (0 = 'a') that the first player can pick
	// to win; empty when the first player loses.
	Winning []int
}

// MarshalJSON writes r as grundy letters --json does: {"winner": "first"
// or "second", "winning": the winning letters as strings, ["a", "c"]}.
func (r Result) MarshalJSON() ([]byte, error) {
	w := struct {
		Winner  string   `json:"winner"`
		Winning []string `json:"winning"`
	}{"second", []string{}}
	if r.FirstWins {
		w.Winner = "first"
	}
	for _, c := range r.Winning {
		w.Winning = append(w.Winning, string(rune('a'+c)))
	}
	return json.Marshal(w)
}

// WriteTo writes r as grundy letters prints it: "first" and the winning
// letters, or "second", on one line. It returns the bytes written and
// the first error.
func (r Result) WriteTo(w io.Writer) (int64, error) {
	b := []byte("second")
	if r.FirstWins {
		b = []byte("first")
	}
	for _, c := range r.Winning {
		b = append(b, ' ', byte('a'+c))
	}
	n, err := w.Write(append(b, '\n'))
	return int64(n), err
}

// low is the number of letters packed inside one 32-bit word.
const low = 5

// Solve decides the letter game on an alphabet of k letters (5 ≤ k ≤ 26)
// for the words given as letter masks (bit i is letter i). It fails with
// an error wrapping games.ErrInput for an alphabet out of range or a word
// beyond it.
func Solve(k int, words []uint32) (Result, error) {
	if k < low || k > Alphabet {
		return Result{}, games.InputErrorf("alphabet of %d letters: want 5 to 26", k)
	}
	high := k - low
	nw := 1 << high
	// dead[w] bit b: the set w<<5 | b contains some word.
	dead := make([]uint32, nw)
	for _, m := range words {
		if m>>k != 0 {
			return Result{}, games.InputErrorf("a word uses a letter beyond the %d of the alphabet", k)
		}
		dead[m>>low] |= 1 << (m & 31)
	}
	// Superset closure: a set is dead when one of its subsets is a word.
	lowNot := [low]uint32{0x55555555, 0x33333333, 0x0f0f0f0f, 0x00ff00ff, 0x0000ffff}
	for w := range dead {
		x := dead[w]
		for j := range low {
			x |= (x & lowNot[j]) << (1 << j)
		}
		dead[w] = x
	}
	for j := range high {
		bit := 1 << j
		for w := range nw {
			if w&bit != 0 {
				dead[w] |= dead[w^bit]
			}
		}
	}
	// lose[w] bit b: the set is live and the player to move there loses.
	// Sets are done from the largest down; within a word, by the number of
	// low letters, from 5 down to 0.
	var levels [low + 1]uint32
	for b := range 32 {
		levels[bits.OnesCount(uint(b))] |= 1 << b
	}
	lose := make([]uint32, nw)
	for w := nw - 1; w >= 0; w-- {
		// Wins by a high letter: some superset w | bit is a live loss.
		var win uint32
		for j := range high {
			if bit := 1 << j; w&bit == 0 {
				win |= lose[w|bit]
			}
		}
		var l uint32
		for lev := low; lev >= 0; lev-- {
			// Wins by a low letter j: the set with j added, in this word at
			// a higher level, is a live loss.
			for j := range low {
				win |= (l >> (1 << j)) & lowNot[j]
			}
			l |= ^dead[w] & ^win & levels[lev]
		}
		lose[w] = l
	}
	var r Result
	for c := range k {
		s := uint32(1) << c // the set {c}
		if lose[s>>low]>>(s&31)&1 != 0 {
			r.Winning = append(r.Winning, c)
		}
	}
	r.FirstWins = len(r.Winning) > 0
	return r, nil
}

// Mask returns the letter mask of a word of lower-case letters, or an
// error wrapping games.ErrInput that names a character outside a–z.
func Mask(word string) (uint32, error) {
	var m uint32
	for i, c := range word {
		if c < 'a' || c > 'z' {
			return 0, games.InputErrorf("%q has %q at position %d, not a letter a–z", word, c, i+1)
		}
		m |= 1 << (c - 'a')
	}
	return m, nil
}

// maxWords bounds the count of words Read takes (the contest's total
// word length is 10^6).
const maxWords = 1 << 24

// Read reads the game's input: a count n, then n words of letters a–z,
// separated by blanks or newlines, and returns their letter masks. name
// labels error messages (a file name, or "stdin"). A malformed or short
// input, a count above 2^24 and anything after the last word are errors
// that give the line.
func Read(r io.Reader, name string) ([]uint32, error) {
	in := scan.New(name, r)
	n, err := in.Count("the number of words", maxWords)
	if err != nil {
		return nil, err
	}
	masks := make([]uint32, 0, min(n, 1<<16))
	for i := range n {
		tok := in.Next()
		if tok == nil {
			return nil, in.Errorf("input ends early: expected word %d of %d", i+1, n)
		}
		m, err := Mask(string(tok))
		if err != nil {
			return nil, in.Errorf("word %d: %s", i+1, err)
		}
		masks = append(masks, m)
	}
	if err := in.Finish(fmt.Sprintf("the %d words", n)); err != nil {
		return nil, err
	}
	return masks, nil
}
