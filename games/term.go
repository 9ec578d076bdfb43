package games

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/nimbers/grundy/sg"
)

// A Term is one term of a sum of impartial games as written on a command
// line, such as "octal 0.77 10 4" or "hackenbush g.txt", with the
// components it stands for: one a heap, or one game.
type Term struct {
	Text  string         // the term as written
	Units []sg.Component // its components, in order
}

// A TermReader reads the words of a term, its game's name first, into
// components of a sum.
type TermReader func(ctx context.Context, words []string) ([]sg.Component, error)

var terms struct {
	sync.RWMutex
	read map[string]TermReader
}

// RegisterTerm makes ParseTerm read the terms whose first word is name
// with read. It panics if name is taken.
func RegisterTerm(name string, read TermReader) {
	terms.Lock()
	defer terms.Unlock()
	if terms.read == nil {
		terms.read = map[string]TermReader{}
	}
	if _, dup := terms.read[name]; dup {
		panic("games: RegisterTerm of " + name + ": name taken")
	}
	terms.read[name] = read
}

// ParseTerm reads a term of a sum with the reader registered for its
// first word. Its errors begin with the term, quoted.
func ParseTerm(ctx context.Context, s string) (Term, error) {
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
	units, err := read(ctx, f)
	if err != nil {
		return Term{}, fmt.Errorf("%q: %w", clipTerm(s), err)
	}
	return Term{Text: s, Units: units}, nil
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
