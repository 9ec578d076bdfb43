package heap

import (
	"strconv"
	"strings"

	"github.com/nimbers/grundy/games"
)

func init() {
	for _, e := range []struct {
		name, param, summary, example string
		side                          func(string) (*tbCode, error)
	}{
		{"partizan-take-and-break", "LEFT|RIGHT",
			"Left moves in one heap by one take-and-break code, Right by another",
			"partizan-take-and-break:0.07|0.77", parseTakeAndBreak},
		{"partizan-subtraction", "LEFT|RIGHT",
			"Left takes from one heap a number in her set, Right one in his (all-but:SET for every number not in it)",
			"partizan-subtraction:1,3|2,3", func(s string) (*tbCode, error) { return setCode(s, 0b11) }},
		{"partizan-splittles", "LEFT|RIGHT",
			"as partizan-subtraction, and the rest of the heap may be left split in two",
			"partizan-splittles:1,2|2,3", func(s string) (*tbCode, error) { return setCode(s, 0b111) }},
	} {
		games.Register(games.Entry{
			Name:     e.name,
			Param:    e.param,
			Summary:  e.summary,
			Notation: heapsNotation,
			Example:  []string{e.example, "6"},
			New: func(param string) (games.Ruleset, error) {
				l, r, ok := strings.Cut(param, "|")
				if !ok {
					return nil, games.InputErrorf("%s: want Left's and Right's rules separated by '|', as %s", e.name, e.example)
				}
				var codes [2]*tbCode
				for i, s := range []string{l, r} {
					c, err := e.side(s)
					if err != nil {
						return nil, err
					}
					codes[i] = c
				}
				return &partizanRules{name: e.name + ":" + param, codes: codes}, nil
			},
		})
	}
}

// maxSetSize bounds a number in a subtraction set of a partizan game.
const maxSetSize = 1 << 10

// setCode returns the take-and-break code of a subtraction set (mask 3:
// take s and leave what is left) or a Splittles set (mask 7: the rest may
// also be split in two), as CGSuite builds them: "1,3" is 0.303 and
// "all-but:1,3" 0.030[3].
func setCode(s string, mask uint64) (*tbCode, error) {
	spec, allBut := strings.CutPrefix(s, "all-but:")
	in := map[int]bool{}
	top := 0
	if spec != "" {
		for _, f := range strings.Split(spec, ",") {
			v, err := strconv.Atoi(f)
			if err != nil || v < 1 || v > maxSetSize {
				return nil, games.InputErrorf("subtraction set %q: %q is not a size from 1 to %d", s, f, maxSetSize)
			}
			in[v] = true
			top = max(top, v)
		}
	}
	if len(in) == 0 && !allBut {
		return nil, games.InputErrorf("subtraction set %q is empty", s)
	}
	c := &tbCode{digits: []tbDigit{{}}}
	var b strings.Builder
	b.WriteString("0.")
	for v := 1; v <= top; v++ {
		d, ch := tbDigit{}, byte('0')
		if in[v] != allBut {
			d, ch = maskDigit(mask, anySizes), "0123456789abcdef"[mask]
		}
		c.digits = append(c.digits, d)
		b.WriteByte(ch)
	}
	if allBut {
		c.digits = append(c.digits, maskDigit(mask, anySizes))
		c.period = 1
		b.WriteString("[" + string("0123456789abcdef"[mask]) + "]")
	}
	c.text = b.String()
	return c, nil
}

// partizanRules is a partizan heap game, as CGSuite's
// PartizanHeapRuleset: Left moves in one heap by one take-and-break code,
// Right by another. A position is a list of heaps, their sum.
type partizanRules struct {
	name  string
	codes [2]*tbCode // Left's, Right's
}

// Name returns the ruleset's name with its parameter.
func (r *partizanRules) Name() string { return r.name }

// Kind returns 0: the games are partizan and short.
func (r *partizanRules) Kind() games.Kind { return 0 }

// maxPartizanHeap bounds a heap of a partizan heap game: its canonical
// form is found by search through every smaller heap.
const maxPartizanHeap = 1 << 16

// Parse reads heap sizes separated by spaces or '+' ("10 7 3").
func (r *partizanRules) Parse(s string) (games.Position, error) {
	sizes, err := parseSizes(s, maxPartizanHeap, r.name)
	if err != nil {
		return nil, err
	}
	return &partizanHeaps{r, heapPosition{sizes: sizes}}, nil
}

// partizanHeaps is a position of a PartizanRules: its heaps are written
// and keyed as a Position's, and moved in by the player's code.
type partizanHeaps struct {
	r *partizanRules
	h heapPosition
}

func (p *partizanHeaps) String() string            { return p.h.String() }
func (p *partizanHeaps) AppendKey(b []byte) []byte { return p.h.AppendKey(b) }

func (p *partizanHeaps) Options(who games.Player) []games.Position {
	var out []games.Position
	for sizes := range afterMoves(p.h.sizes, p.r.codes[who].Moves) {
		out = append(out, &partizanHeaps{p.r, heapPosition{sizes: sizes}})
	}
	return out
}

// Components returns the nonempty heaps, or nil for one heap.
func (p *partizanHeaps) Components() []games.Position {
	cs := p.h.Components()
	for i, c := range cs {
		cs[i] = &partizanHeaps{p.r, *c.(*heapPosition)}
	}
	return cs
}

// Estimate returns, multiplied over the heaps, the heaps the engine
// values one by one and both players' moves from them.
func (p *partizanHeaps) Estimate() float64 {
	e := 1.0
	for _, n := range p.h.sizes {
		e *= float64(n) + 1 + p.r.codes[0].work(1, n+1, maxReach) + p.r.codes[1].work(1, n+1, maxReach)
	}
	return e
}
