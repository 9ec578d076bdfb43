package games

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
)

// An Entry is a ruleset as the registry lists it. Its JSON is that of
// "grundy rulesets --json" and the web API's /api/rulesets.
type Entry struct {
	// Name is the ruleset's name: lower case, words joined by '-'
	// ("toads-frogs").
	Name string `json:"name"`
	// Param names the parameter written after the name and a colon
	// ("CODE" for "octal:0.77"), or is empty for a ruleset without one.
	Param string `json:"param,omitempty"`
	// Optional reports whether the parameter may be left out.
	Optional bool `json:"optional,omitempty"`
	// Kind is the kind of the ruleset's games (for every parameter).
	Kind Kind `json:"kind"`
	// Summary is one line on the game's rules.
	Summary string `json:"summary"`
	// Notation says how a position is written.
	Notation string `json:"notation"`
	// Example is a ruleset with its parameter and a position, as
	// "grundy game" takes them: {"octal:0.77", "10"}.
	Example []string `json:"example"`
	// New returns the ruleset of the parameter (empty when there is
	// none), or an error wrapping ErrInput for a malformed one.
	New func(param string) (Ruleset, error) `json:"-"`
}

var registry struct {
	sync.RWMutex
	entries map[string]Entry
}

// Register adds e to the registry. Rulesets register themselves when
// their package is initialized; Register panics when the name is taken or
// e has no New.
func Register(e Entry) {
	registry.Lock()
	defer registry.Unlock()
	if registry.entries == nil {
		registry.entries = map[string]Entry{}
	}
	if _, dup := registry.entries[e.Name]; dup || e.New == nil || e.Name == "" {
		panic("games: Register of " + e.Name + ": name taken, empty, or no New")
	}
	registry.entries[e.Name] = e
}

// Entries returns every registered ruleset, ordered by name.
func Entries() []Entry {
	registry.RLock()
	defer registry.RUnlock()
	out := make([]Entry, 0, len(registry.entries))
	for _, e := range registry.entries {
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b Entry) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// A Catalog is a list of rulesets, such as Entries returns. Its JSON is
// that of "grundy rulesets --json" and the web API's /api/rulesets.
type Catalog struct {
	Rulesets []Entry `json:"rulesets"`
}

// WriteTo writes c as grundy rulesets prints it, a ruleset a line: its
// name with its parameter ("octal:CODE", or "NAME[:P]" when the
// parameter may be left out), its kind, its example and its summary, in
// columns. It returns the bytes written and the first error.
func (c *Catalog) WriteTo(w io.Writer) (int64, error) {
	var b bytes.Buffer
	for _, r := range c.Rulesets {
		name := r.Name
		switch {
		case r.Param != "" && r.Optional:
			name += "[:" + r.Param + "]"
		case r.Param != "":
			name += ":" + r.Param
		}
		fmt.Fprintf(&b, "%-24s %-18s %-32s %s\n", name, r.Kind, strings.Join(r.Example, " "), r.Summary)
	}
	return b.WriteTo(w)
}

// An UnknownError reports a ruleset name the registry does not hold.
// errors.Is(err, ErrInput) holds for it.
type UnknownError struct {
	Name  string   // the name asked for
	Known []string // the names registered
}

// Error returns "unknown ruleset NAME (known: A, B, …)".
func (e *UnknownError) Error() string {
	return fmt.Sprintf("unknown ruleset %q (known: %s)", e.Name, strings.Join(e.Known, ", "))
}

// Is reports whether target is ErrInput.
func (e *UnknownError) Is(target error) bool { return target == ErrInput }

// Lookup returns the ruleset named s: a registered name, then for a
// ruleset with a parameter a colon and the parameter ("octal:0.77",
// "subtraction:1,3,4"). It fails with an *UnknownError for a name the
// registry does not hold, and with an error wrapping ErrInput for a
// missing, unwanted or malformed parameter.
func Lookup(s string) (Ruleset, error) {
	name, param, hasParam := strings.Cut(s, ":")
	registry.RLock()
	e, ok := registry.entries[name]
	registry.RUnlock()
	if !ok {
		var known []string
		for _, e := range Entries() {
			known = append(known, e.Name)
		}
		return nil, &UnknownError{Name: name, Known: known}
	}
	switch {
	case e.Param == "" && hasParam:
		return nil, InputErrorf("ruleset %s takes no parameter, got %q", name, param)
	case e.Param != "" && !hasParam && !e.Optional:
		return nil, InputErrorf("ruleset %s needs its %s after a colon, as %s", name, e.Param, e.Example[0])
	}
	return e.New(param)
}
