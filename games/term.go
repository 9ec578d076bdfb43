package games

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/loopy"
	"github.com/nimbers/grundy/outcome"
	"github.com/nimbers/grundy/sg"
)

// A Term is one term of a sum of impartial games as written on a command
// line, such as "octal 0.77 10 4" or "hackenbush g.txt", with the
// components it stands for: one a heap, or one game.
type Term struct {
	Text  string         // the term as written
	Units []sg.Component // its components, in order
	move  func(sg.Move) any
}

// A termReader reads the words of a term, its game's name first, into
// components of a sum, and move gives the JSON fields of their moves.
type termReader struct {
	read func(ctx context.Context, words []string) ([]sg.Component, error)
	move func(sg.Move) any
}

var terms struct {
	sync.RWMutex
	read map[string]termReader
}

// RegisterTerm makes SumTerms read the terms whose first word is name
// with read, which returns the components a term's words stand for;
// move returns a value whose JSON object holds the fields of a move of
// those components, as TermSum's JSON writes it. It panics if name is
// taken.
func RegisterTerm(name string, read func(ctx context.Context, words []string) ([]sg.Component, error), move func(sg.Move) any) {
	terms.Lock()
	defer terms.Unlock()
	if terms.read == nil {
		terms.read = map[string]termReader{}
	}
	if _, dup := terms.read[name]; dup {
		panic("games: RegisterTerm of " + name + ": name taken")
	}
	terms.read[name] = termReader{read, move}
}

// parseTerm reads a term of a sum with the reader registered for its
// first word. Its errors begin with the term, quoted.
func parseTerm(ctx context.Context, s string) (Term, error) {
	f := strings.Fields(s)
	if len(f) == 0 {
		return Term{}, fmt.Errorf("empty component")
	}
	terms.RLock()
	read, ok := terms.read[f[0]]
	names := make([]string, 0, len(terms.read))
	for n := range terms.read {
		names = append(names, n)
	}
	terms.RUnlock()
	if !ok {
		slices.Sort(names)
		return Term{}, fmt.Errorf("%q: unknown game %q (%s)", clipTerm(s), f[0], strings.Join(names, ", "))
	}
	units, err := read.read(ctx, f)
	if err != nil {
		return Term{}, fmt.Errorf("%q: %w", clipTerm(s), err)
	}
	return Term{Text: s, Units: units, move: read.move}, nil
}

// clipTerm shortens a long term for a message, keeping characters whole.
func clipTerm(s string) string {
	if len(s) <= 40 {
		return s
	}
	end := 40
	for end > 0 && !utf8.RuneStart(s[end]) {
		end--
	}
	return s[:end] + "…"
}

// A TermSum is a sum of terms decided: its value, who wins, and the
// moves to make, each in the term that holds it. Its JSON is that of
// grundy sum --json: {"value", "winner", "moves": [{"component",
// "game", and the move's fields}]}, value a decimal string left out
// when Value is nil, component numbered from 1.
type TermSum struct {
	Terms []Term
	// Value is the sum's Grundy value under normal play, nil under
	// another play or with a loopy component of infinite value.
	Value   *uint64
	Outcome outcome.Class // P, N or D
	// Moves are the winning moves, or from a draw those that keep it;
	// Component numbers the term (from 0), not the unit.
	Moves []sg.ComponentMove
}

// SumSearchLimit is the positions a misère or loopy search of SumTerms
// stores unless its Options say otherwise: 2^18, about a second.
const SumSearchLimit = 1 << 18

// SumTerms reads the terms of a sum as the command line writes them
// ("octal 0.77 10 4", "turning ruler HTTH", "hackenbush FILE"), each with
// the reader registered for its first word (RegisterTerm), and decides
// the sum under play with loopy.SumOutcome, its searches bounded by opt's
// Limit (SumSearchLimit by default). The errors of a term begin with it,
// quoted; a term past its reader's own bounds fails with a
// *budget.TooLargeError that opt does not raise (Fixed).
func SumTerms(ctx context.Context, texts []string, play sg.Play, opt *budget.Options) (*TermSum, error) {
	terms := make([]Term, len(texts))
	for i, text := range texts {
		var err error
		if terms[i], err = parseTerm(ctx, text); err != nil {
			if tl := (*budget.TooLargeError)(nil); errors.As(err, &tl) {
				tl.Fixed = true
			}
			return nil, err
		}
	}
	s := &TermSum{Terms: terms}
	o := budget.Options{Limit: opt.Max(SumSearchLimit)}
	if opt != nil {
		o.Progress = opt.Progress
	}
	if math.IsInf(o.Limit, 1) {
		o.Limit = -1
	}
	var units []sg.Component
	var owner []int // the term of each unit
	infinite := false
	for i, t := range terms {
		for _, u := range t.Units {
			units = append(units, u)
			owner = append(owner, i)
			if l, ok := u.(loopy.Component); ok && l.Loopy().Infinite() {
				infinite = true
			}
		}
	}
	res, moves, err := loopy.SumOutcome(ctx, units, play, &o)
	if err != nil {
		return nil, err
	}
	s.Outcome = res
	for _, m := range moves {
		s.Moves = append(s.Moves, sg.ComponentMove{Component: owner[m.Component], Move: m.Move})
	}
	if play == sg.Normal && !infinite {
		v := sg.SumValue(units)
		s.Value = &v
	}
	return s, nil
}

// MarshalJSON writes s as its type's comment says.
func (s *TermSum) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	str := func(x string) {
		enc.Encode(x)
		b.Truncate(b.Len() - 1) // Encode's newline
	}
	b.WriteByte('{')
	if s.Value != nil {
		fmt.Fprintf(&b, `"value":"%d",`, *s.Value)
	}
	b.WriteString(`"winner":`)
	str(s.Outcome.Words())
	b.WriteString(`,"moves":[`)
	for i, m := range s.Moves {
		if i > 0 {
			b.WriteByte(',')
		}
		t := s.Terms[m.Component]
		fmt.Fprintf(&b, `{"component":%d,"game":`, m.Component+1)
		str(t.Text)
		if t.move != nil {
			var f bytes.Buffer
			fe := json.NewEncoder(&f)
			fe.SetEscapeHTML(false)
			if err := fe.Encode(t.move(m.Move)); err != nil {
				return nil, err
			}
			if fields := bytes.TrimSpace(f.Bytes()); len(fields) > 2 {
				b.WriteByte(',')
				b.Write(fields[1 : len(fields)-1])
			}
		}
		b.WriteByte('}')
	}
	b.WriteString("]}")
	return b.Bytes(), nil
}

// WriteTo writes s as grundy sum prints it: the value, or under another
// play who wins, then each move a line as "COMPONENT: TERM: MOVE",
// components numbered from 1. It returns the bytes written and the first
// error.
func (s *TermSum) WriteTo(w io.Writer) (int64, error) {
	var b bytes.Buffer
	if s.Value != nil {
		fmt.Fprintln(&b, *s.Value)
	} else {
		fmt.Fprintln(&b, s.Outcome.Words())
	}
	for _, m := range s.Moves {
		fmt.Fprintf(&b, "%d: %s: %s\n", m.Component+1, s.Terms[m.Component].Text, m.Move)
	}
	return b.WriteTo(w)
}
