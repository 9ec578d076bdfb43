package letters

import (
	"context"
	"fmt"
	"math/bits"
	"strings"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/partizan"
)

func init() {
	games.Register(games.Entry{
		Name:     "letters",
		Param:    "WORDS",
		Kind:     games.Impartial,
		Summary:  "the 26-letter game: pick a letter a-z not yet picked; a pick after which one of the words can be spelled from the picked letters loses",
		Notation: `the letters picked so far, in any order: "qxz" ("-" for none)`,
		Example:  []string{"letters:cab,bed,fig", "xyzqjkvw"},
		New:      func(words string) (games.Ruleset, error) { return newRules(words) },
	})
}

// maxWordBytes bounds the bytes of a ruleset's list of words.
const maxWordBytes = 1 << 20

// rules is the 26-letter game on a list of words as a games.Ruleset. A
// pick that lets a word be spelled loses at once, so the game is played
// in normal play with those picks left out: a position is the set of
// letters picked, none of the words within it, and a player with no pick
// left that spells no word loses.
type rules struct {
	name  string
	words []uint32   // the words' letter masks, without repeats
	with  [][]uint32 // with[c]: the words with letter c
}

// newRules returns the game on words: words of letters a–z separated by
// commas ("cab,bed,fig"). It fails with an error wrapping games.ErrInput
// naming the offset of a malformed word.
func newRules(words string) (*rules, error) {
	if len(words) > maxWordBytes {
		return nil, games.InputErrorf("letters: %d bytes of words, more than %d", len(words), maxWordBytes)
	}
	r := &rules{name: "letters:" + words, with: make([][]uint32, Alphabet)}
	seen := map[uint32]bool{}
	off := 0
	for _, w := range strings.Split(words, ",") {
		if w == "" {
			return nil, games.InputErrorf("letters: at offset %d: an empty word (write words of letters a-z separated by commas, as cab,bed,fig)", off)
		}
		var m uint32
		for i := 0; i < len(w); i++ {
			c := w[i]
			if c < 'a' || c > 'z' {
				return nil, games.InputErrorf("letters: at offset %d: %q is not a letter a-z", off+i, rune(c))
			}
			m |= 1 << (c - 'a')
		}
		off += len(w) + 1
		if seen[m] {
			continue
		}
		seen[m] = true
		r.words = append(r.words, m)
		for c := range Alphabet {
			if m>>c&1 != 0 {
				r.with[c] = append(r.with[c], m)
			}
		}
	}
	return r, nil
}

// Name returns "letters:" and the words as given.
func (r *rules) Name() string { return r.name }

// Kind returns games.Impartial.
func (r *rules) Kind() games.Kind { return games.Impartial }

// Parse reads the letters picked, each once, in any order; "" or "-" is
// none. It fails with an error wrapping games.ErrInput for a letter
// picked twice or for picks that spell a word, which no play reaches.
func (r *rules) Parse(s string) (games.Position, error) {
	if s == "-" {
		s = ""
	}
	if len(s) > Alphabet {
		return nil, games.InputErrorf("%d letters picked: there are %d", len(s), Alphabet)
	}
	var set uint32
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c < 'a' || c > 'z':
			return nil, games.InputErrorf("at offset %d: %q is not a letter a-z", i, rune(c))
		case set>>(c-'a')&1 != 0:
			return nil, games.InputErrorf("at offset %d: %q is picked twice", i, rune(c))
		}
		set |= 1 << (c - 'a')
	}
	for _, w := range r.words {
		if w&set == w {
			return nil, games.InputErrorf("the letters %q spell the word of letters %q: the game was over", s, letters(w))
		}
	}
	return position{r, set}, nil
}

// letters returns the letters of a mask, in order.
func letters(m uint32) string {
	var b []byte
	for c := range Alphabet {
		if m>>c&1 != 0 {
			b = append(b, byte('a'+c))
		}
	}
	return string(b)
}

// A position is the set of letters picked, none of the words within it.
type position struct {
	r   *rules
	set uint32
}

// String returns the letters picked in order, or "-" for none.
func (p position) String() string {
	if p.set == 0 {
		return "-"
	}
	return letters(p.set)
}

// Options returns the sets with one more letter that spell no word.
func (p position) Options(games.Player) []games.Position {
	var out []games.Position
	for c := range Alphabet {
		t := p.set | 1<<c
		if t != p.set && !p.r.spells(t, c) {
			out = append(out, position{p.r, t})
		}
	}
	return out
}

// spells reports whether the set t, just grown by letter c, holds a word.
func (r *rules) spells(t uint32, c int) bool {
	for _, w := range r.with[c] {
		if w&t == w {
			return true
		}
	}
	return false
}

// AppendKey appends the set's four bytes.
func (p position) AppendKey(b []byte) []byte {
	return append(b, byte(p.set), byte(p.set>>8), byte(p.set>>16), byte(p.set>>24))
}

// Estimate returns 2^k for the k letters left: the sets play can reach.
func (p position) Estimate() float64 {
	return float64(uint64(1) << (Alphabet - bits.OnesCount32(p.set)))
}

// Grundy returns the Grundy value of the position by a pass over every
// set of the letters left, in 1 byte each: the sets that spell a word by a
// superset-sum transform, then the values from the largest set down.
// opt's Limit bounds the sets (2^k for k letters left), its Memory their
// bytes.
func (p position) Grundy(ctx context.Context, opt *budget.Options) (uint64, error) {
	free := ^p.set & (1<<Alphabet - 1)
	k := bits.OnesCount32(free)
	n := 1 << k
	what := fmt.Sprintf("%s %s", clip(p.r.name), p)
	if lim := opt.Max(games.DefaultLimit); float64(n) > lim {
		return 0, &budget.TooLargeError{What: what, Unit: "positions", Estimate: float64(n), Limit: lim}
	}
	if mem := opt.MaxMemory(games.DefaultMemory); float64(n) > mem {
		return 0, &budget.TooLargeError{What: what, Unit: "bytes", Estimate: float64(n), Limit: mem}
	}
	// g[t] for t a set of the letters left, renumbered 0 … k−1: the
	// Grundy value of p.set ∪ t, or dead when it spells a word.
	const dead = 0xff
	g := make([]uint8, n)
	for _, w := range p.r.words {
		g[compress(w&free, free)] = dead
	}
	for j := range k {
		bit := 1 << j
		for t := range n {
			if t&bit != 0 && g[t^bit] == dead {
				g[t] = dead
			}
		}
		if err := ctx.Err(); err != nil {
			return 0, err
		}
	}
	full := n - 1
	for t := full; t >= 0; t-- {
		if t&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return 0, err
			}
		}
		if g[t] == dead {
			continue
		}
		var seen uint32
		for rest := full &^ t; rest != 0; rest &= rest - 1 {
			if v := g[t|rest&-rest]; v != dead {
				seen |= 1 << v
			}
		}
		g[t] = uint8(bits.TrailingZeros32(^seen))
	}
	return uint64(g[0]), nil
}

// compress returns the bits of m at the set bits of free, packed low.
func compress(m, free uint32) int {
	out, j := 0, 0
	for f := free; f != 0; f &= f - 1 {
		if m&(f&-f) != 0 {
			out |= 1 << j
		}
		j++
	}
	return out
}

// clip shortens a long list of words for a message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:37] + "..."
	}
	return s
}

// Value returns the nimber *G of the position's Grundy value G (at most
// 26).
func (p position) Value(ctx context.Context, opt *budget.Options) (*partizan.Game, error) {
	v, err := p.Grundy(ctx, opt)
	if err != nil {
		return nil, err
	}
	return partizan.Nimber(int(v)), nil
}
