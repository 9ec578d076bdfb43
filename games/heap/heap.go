// Package heap is impartial games played on heaps of tokens: take-and-break
// games given by octal or hexadecimal codes (Kayles is 0.77, Dawson's
// Kayles 0.07, Dawson's Chess 0.137), subtraction games with finite and
// all-but subtraction sets, and Grundy's game. A position is a set of
// heaps; its Grundy value is the nim-sum of the values of its heaps, so a
// game is known through the sequence G(0), G(1), …
//
// Values computes a sequence in memory. Run computes long ones: in about
// 2 bytes a value, within a memory bound, saving as it goes to a
// Checkpoint (resumed after any stop, SIGKILL included) and to a values
// file (ValuesWriter, valuesReader: 16-bit values in checksummed zstd
// frames). ValuesRange.Census summarizes a sequence read from such a
// file at every power of two.
//
// Beside that engine, the package reads CGSuite's heap rulesets, which
// the games engine values by their moves: generalized take-and-break
// codes ("take-and-break:CODE": "4!.0" is Grundy's game, "{2+}=.0" Maundy
// cake's cuts; the codes the engine above reads go to it), spawning codes
// for coin-turning games played as heaps ("spawning:CODE": "1-3" is Mock
// Turtles), partizan heap games with a code for each player (partizan
// subtraction and Splittles), cakes cut by codes (Eatcake, Maundy cake,
// Turn-and-Eatcake, CGSuite's GenCutcake) and games on pairs of numbers
// (Partizan Euclid; Fibonacci Nim, Mem and Take-Away, a heap with the
// memory of the last move). Where CGSuite's code leaves a corner
// undefined (a condition on one heap), the conditions here bind two
// heaps or more.
//
// Loopy subtraction ("loopy-subtraction:TAKE/ADD/MAX") adds tokens as
// well as taking them, so positions repeat and heaps may be draws;
// LoopySubtraction gives its heaps as a game graph for package loopy.
package heap

import (
	"iter"
	"slices"
	"strconv"
	"strings"

	"github.com/nimbers/grundy/games"
)

// family is the family of a heap game.
type family int

// The families of heap games.
const (
	famTakeBreak   family = iota // a take-and-break code d0.d1d2…
	famSubtraction               // remove s tokens for s in a finite set
	famAllBut                    // remove any s ≥ 1 not in a finite set
	famGrundys                   // split a heap into two unequal heaps
)

// Game is a heap game.
type Game struct {
	kind family
	// digits[i] is the code digit for removing i tokens: bit 0 allows
	// leaving no heap, bit 1 one heap, bit 2 two heaps, bit 3 three heaps.
	digits []uint8
	set    []int // the subtraction set, sorted
	rules  []rule
	name   string
}

// Name returns the game as it was written, e.g. "0.77".
func (g *Game) Name() string { return g.name }

// maxCodeDigits bounds the length of a code after the point.
const maxCodeDigits = 64

// ParseCode reads a take-and-break code: digits d0.d1d2…dk, each 0–9 or a–f
// (hexadecimal), where d0 may be omitted (".77" is "0.77"). Digit di says,
// in binary, into how many heaps a heap may be left after removing i
// tokens: 1 none, 2 one, 4 two, 8 three. d0 may only allow splitting (4, 8
// or 12), since removing nothing and leaving one heap is no move. It also
// reads the codes of CGSuite's notation ("take-and-break:CODE") that are such
// a game, Grundy's game (4!.0) or an all-but subtraction game (0.[3] is
// Nim); any other is refused with an error wrapping games.ErrInput.
func ParseCode(code string) (*Game, error) {
	g, err := parseOctal(code)
	if err == nil || !strings.ContainsFunc(code, notHex) {
		return g, err
	}
	c, err2 := parseTakeAndBreak(code)
	if err2 != nil {
		return nil, err
	}
	if g, ok := c.fastGame(); ok {
		return g, nil
	}
	return nil, games.InputErrorf("code %q: the heap engine reads octal and hexadecimal codes, Grundy's game and all-but subtraction; the ruleset take-and-break:%s values this one by its moves", code, code)
}

// notHex reports whether r is neither a hexadecimal digit nor the point:
// a code with such a rune is in CGSuite's wider notation.
func notHex(r rune) bool {
	return r != '.' && !('0' <= r && r <= '9' || 'a' <= r && r <= 'f' || 'A' <= r && r <= 'F')
}

// parseOctal reads an octal or hexadecimal code, as ParseCode describes.
func parseOctal(code string) (*Game, error) {
	whole, frac, ok := strings.Cut(code, ".")
	if !ok || len(frac) == 0 {
		return nil, games.InputErrorf("code %q: want digits d0.d1d2… such as 0.77", code)
	}
	if len(frac) > maxCodeDigits {
		return nil, games.InputErrorf("code %q has more than %d digits after the point", code, maxCodeDigits)
	}
	if whole == "" {
		whole = "0"
	}
	if len(whole) != 1 {
		return nil, games.InputErrorf("code %q: one digit before the point", code)
	}
	digits := make([]uint8, 0, 1+len(frac))
	for i, c := range whole + frac {
		d, err := strconv.ParseUint(string(c), 16, 8)
		if err != nil {
			pos := i
			if i > 0 {
				pos++ // skip the point
			}
			return nil, games.InputErrorf("code %q: %q at position %d is not a digit 0–9 or a–f", code, c, pos+1)
		}
		digits = append(digits, uint8(d))
	}
	if digits[0]&3 != 0 {
		return nil, games.InputErrorf("code %q: d0 = %d, but removing no tokens may only split a heap (d0 in 0, 4, 8, 12)", code, digits[0])
	}
	for len(digits) > 1 && digits[len(digits)-1] == 0 {
		digits = digits[:len(digits)-1]
	}
	return &Game{kind: famTakeBreak, digits: digits, rules: codeRules(digits), name: code}, nil
}

// newSubtraction returns the subtraction game with the given set of
// positive sizes (allBut: every size not in the set may be removed; the
// set may then be empty, which is Nim).
func newSubtraction(set []int, allBut bool) (*Game, error) {
	s := slices.Clone(set)
	slices.Sort(s)
	s = slices.Compact(s)
	if len(s) > 0 && s[0] < 1 {
		return nil, games.InputErrorf("subtraction set %v: sizes must be positive", set)
	}
	if !allBut && len(s) == 0 {
		return nil, games.InputErrorf("empty subtraction set")
	}
	var b strings.Builder
	if allBut {
		b.WriteString("all-but:")
	}
	for i, v := range s {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(v))
	}
	if allBut {
		return &Game{kind: famAllBut, set: s, name: b.String()}, nil
	}
	return &Game{kind: famSubtraction, set: s, rules: subtractionRules(s), name: b.String()}, nil
}

// ParseSubtraction reads a subtraction set: sizes separated by commas,
// e.g. "1,3,4", or "all-but:1,3" (or "all-but:" for Nim) for an all-but
// set.
func ParseSubtraction(spec string) (*Game, error) {
	allBut := false
	if rest, ok := strings.CutPrefix(spec, "all-but:"); ok {
		allBut, spec = true, rest
	}
	var set []int
	if spec != "" {
		for _, f := range strings.Split(spec, ",") {
			v, err := strconv.Atoi(f)
			if err != nil || v < 1 || v > 1<<30 {
				return nil, games.InputErrorf("subtraction set: %q is not a positive size", f)
			}
			set = append(set, v)
		}
	}
	return newSubtraction(set, allBut)
}

// GrundysGame returns Grundy's game: a move splits a heap into two heaps of
// different sizes.
func GrundysGame() *Game { return &Game{kind: famGrundys, rules: grundysRules, name: "grundys-game"} }

// Nim returns Nim: remove any positive number of tokens.
func Nim() *Game { g, _ := newSubtraction(nil, true); g.name = "nim"; return g }

// String returns the game as ParseGame reads it: "octal 0.77",
// "subtraction 1,3,4", "subtraction all-but:1,3", "grundys-game" or
// "nim".
func (g *Game) String() string {
	switch {
	case g.kind == famTakeBreak:
		return "octal " + g.name
	case g.kind == famGrundys || g.name == "nim":
		return g.name
	}
	return "subtraction " + g.name
}

// ParseGame reads a heap game as String writes it: the family, octal or
// subtraction, and its code or set; or grundys-game, or nim. The family
// may be left out: a code has a point (0.77), a set has none (1,3,4).
func ParseGame(s string) (*Game, error) {
	family, rule, _ := strings.Cut(strings.TrimSpace(s), " ")
	rule = strings.TrimSpace(rule)
	switch {
	case rule == "" && strings.Contains(family, "."):
		return ParseCode(family)
	case rule == "" && family != "" && strings.Trim(family, "0123456789,") == "":
		return ParseSubtraction(family)
	case family == "octal" && rule != "":
		return ParseCode(rule)
	case family == "subtraction" && rule != "":
		return ParseSubtraction(rule)
	case family == "grundys-game" && rule == "":
		return GrundysGame(), nil
	case family == "nim" && rule == "":
		return Nim(), nil
	}
	return nil, games.InputErrorf("game %q: want a code such as 0.77, a subtraction set such as 1,3,4, grundys-game or nim", s)
}

// maxRemove returns the largest number of tokens a move removes, or −1 if
// it is unbounded (all-but games); for Grundy's game it is 0.
func (g *Game) maxRemove() int {
	if g.kind == famAllBut {
		return -1
	}
	m := 0
	for _, r := range g.rules {
		m = max(m, r.take)
	}
	return m
}

// Moves returns the moves from a heap of n tokens, each as the sizes of
// the heaps it leaves (none, one, two or three; zero sizes are never
// listed). Symmetric splits are listed once (a ≤ b ≤ c). The slice is
// reused from one move to the next: copy it to keep it.
func (g *Game) Moves(n int) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		var buf [3]int
		if g.kind == famAllBut {
			j := 0
			for s := 1; s <= n; s++ {
				for j < len(g.set) && g.set[j] < s {
					j++
				}
				if j < len(g.set) && g.set[j] == s {
					continue
				}
				left := buf[:0]
				if n > s {
					left = append(left, n-s)
				}
				if !yield(left) {
					return
				}
			}
			return
		}
		for _, rl := range g.rules {
			r := n - rl.take
			switch {
			case r < 0:
			case rl.leave == 0:
				if r == 0 && !yield(buf[:0]) {
					return
				}
			case rl.leave == 1:
				if r >= 1 {
					buf[0] = r
					if !yield(buf[:1]) {
						return
					}
				}
			case rl.leave == 2:
				for a := 1; a < r-a || a == r-a && !rl.unequal; a++ {
					buf[0], buf[1] = a, r-a
					if !yield(buf[:2]) {
						return
					}
				}
			default:
				for a := 1; 3*a <= r; a++ {
					for b := a; a+2*b <= r; b++ {
						buf[0], buf[1], buf[2] = a, b, r-a-b
						if !yield(buf[:3]) {
							return
						}
					}
				}
			}
		}
	}
}

func heapOrNone(r int) []int {
	if r == 0 {
		return nil
	}
	return []int{r}
}
