package cli

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/nimbers/grundy/internal/scan"
)

// A Flag is one flag of a command, declared once: the parser checks its
// value, and the usage line, the help and the shell completion are
// written from the declaration.
type Flag struct {
	Name   string   // "budget" is written --budget; a one-letter name -n
	Arg    string   // the value's placeholder, "N"; "" for a switch
	Help   string   // one line of help; the default is added to it
	Kind   FlagKind // how the value is read
	Lo, Hi int      // the range of an int flag
	Def    float64  // the default of an int flag or a limit; 0: none
	Unit   string   // what a count counts, "steps"
	Need   bool     // the flag must be given
}

// A FlagKind says how a flag's value is read.
type FlagKind int

// The kinds of flags.
const (
	Switch   FlagKind = iota // no value
	Text                     // any text
	File                     // a file name; - for standard streams where said
	Int                      // an integer from Lo to Hi, decimal or 0x-hex
	Count                    // a limit: a count from 1 to 1e18, or none
	Bytes                    // a limit: bytes such as 8G, or none
	Duration                 // a duration of at least a second
	List                     // text, and the flag may be repeated
)

// BudgetFlag returns --budget N, a count of unit, def by default.
func BudgetFlag(unit string, def float64, help string) Flag {
	return Flag{Name: "budget", Arg: "N", Kind: Count, Unit: unit, Def: def, Help: help}
}

// MemoryFlag returns --max-memory B, def bytes by default.
func MemoryFlag(def float64, help string) Flag {
	return Flag{Name: "max-memory", Arg: "B", Kind: Bytes, Def: def, Help: help}
}

// OutputFlag returns --max-output N, a count of unit, def by default.
func OutputFlag(unit string, def float64, help string) Flag {
	return Flag{Name: "max-output", Arg: "N", Kind: Count, Unit: unit, Def: def, Help: help}
}

// Spelled returns the flag as written on the command line.
func (f Flag) Spelled() string {
	if len(f.Name) == 1 {
		return "-" + f.Name
	}
	return "--" + f.Name
}

// line returns the help line of the flag, with its default.
func (f Flag) line() string {
	h := f.Help
	switch {
	case f.Kind == Count && f.Def > 0:
		h += fmt.Sprintf(" (default %s, or none)", countText(f.Def))
	case f.Kind == Bytes && f.Def > 0:
		h += fmt.Sprintf(" (default %s, or none)", bytesText(f.Def))
	case f.Kind == Int && !f.Need && f.Def != 0:
		h += fmt.Sprintf(" (default %d)", int(f.Def))
	}
	return h
}

// countText writes a count as a power of two, 2^22, or as 2e9.
func countText(x float64) string {
	if e := math.Log2(x); x >= 1<<10 && e == math.Trunc(e) {
		return fmt.Sprintf("2^%d", int(e))
	}
	k := 0
	for x >= 1e6 && math.Mod(x, 10) == 0 || k > 0 && x >= 10 && math.Mod(x, 10) == 0 {
		x, k = x/10, k+1
	}
	if k == 0 {
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return fmt.Sprintf("%se%d", strconv.FormatFloat(x, 'f', -1, 64), k)
}

// bytesText writes a count of bytes with a binary suffix: 256M, 1.25G.
func bytesText(b float64) string {
	for i := 4; i > 0; i-- {
		if s := math.Exp2(float64(10 * i)); b >= s {
			return strconv.FormatFloat(b/s, 'g', 4, 64) + string("KMGT"[i-1])
		}
	}
	return strconv.FormatFloat(b, 'g', 4, 64)
}

// Values are the flags given to a command, checked against their
// declarations.
type Values struct {
	decl map[string]Flag
	raw  map[string][]string // the values given; a switch has ""
	num  map[string]float64  // the values of int flags and limits
}

// ParseFlags separates the flags declared in decls from the operands of
// args. A flag is --name, --name=value or --name value; a one-letter flag
// is also -n value or -n5. Any other word, such as -^, -1/2 or -{1|0},
// is an operand, as is every word after "--".
func ParseFlags(args []string, decls []Flag) ([]string, *Values, error) {
	fv := &Values{decl: map[string]Flag{}, raw: map[string][]string{}, num: map[string]float64{}}
	for _, d := range decls {
		fv.decl[d.Name] = d
	}
	var pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			pos = append(pos, args[i+1:]...)
			break
		}
		name, value, hasValue, ok := fv.split(a)
		if !ok {
			pos = append(pos, a)
			continue
		}
		d, known := fv.decl[name]
		switch {
		case !known:
			n, _, _ := strings.Cut(a, "=")
			return nil, nil, fmt.Errorf("unknown flag %q (%ssee --help)", n, DidYouMean(n, fv.names()))
		case d.Kind == Switch && hasValue:
			return nil, nil, fmt.Errorf("flag %s takes no value", d.Spelled())
		case d.Kind == Switch:
		case !hasValue && i+1 == len(args):
			return nil, nil, fmt.Errorf("flag %s needs a value", a)
		case !hasValue:
			i++
			value = args[i]
		}
		if err := fv.set(d, value); err != nil {
			return nil, nil, err
		}
	}
	for _, d := range decls {
		if _, ok := fv.raw[d.Name]; d.Need && !ok {
			return nil, nil, fmt.Errorf("missing flag %s", d.Spelled())
		}
	}
	return pos, fv, nil
}

// split reads a as a flag: its name and value, if any. It reports false
// for an operand; a word that is a long name written with one dash is
// taken as that flag, and refused by the caller.
func (fv *Values) split(a string) (name, value string, hasValue, ok bool) {
	if long, isLong := strings.CutPrefix(a, "--"); isLong && long != "" && isLetter(long[0]) {
		name, value, hasValue = strings.Cut(long, "=")
		if len(name) == 1 {
			name = "-" + name // refused: a one-letter flag has one dash
		}
		return name, value, hasValue, true
	}
	if len(a) < 2 || a[0] != '-' || !isLetter(a[1]) {
		return "", "", false, false
	}
	if d, ok := fv.decl[a[1:2]]; ok && len(d.Name) == 1 {
		rest := strings.TrimPrefix(a[2:], "=")
		return d.Name, rest, len(a) > 2, true
	}
	if n, _, _ := strings.Cut(a[1:], "="); len(n) > 1 {
		if _, ok := fv.decl[n]; ok {
			return "-" + n, "", false, true // refused: one style
		}
	}
	return "", "", false, false
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// names returns the spelled names of the declared flags.
func (fv *Values) names() []string {
	var ns []string
	for _, d := range fv.decl {
		ns = append(ns, d.Spelled())
	}
	return ns
}

// set checks and records the value of flag d.
func (fv *Values) set(d Flag, s string) error {
	bad := func(want string) error {
		return fmt.Errorf("%s %q: want %s", d.Spelled(), s, want)
	}
	switch d.Kind {
	case Int:
		v, err := scan.Int(s)
		if err != nil || v < d.Lo || v > d.Hi {
			return bad(fmt.Sprintf("an integer from %d to %d", d.Lo, d.Hi))
		}
		fv.num[d.Name] = float64(v)
	case Count, Bytes:
		v, ok := -1.0, s == "none"
		if !ok && d.Kind == Count {
			b, err := strconv.ParseFloat(s, 64)
			v, ok = b, err == nil && b >= 1 && b <= 1e18
		} else if !ok {
			v, ok = parseBytes(s)
		}
		if !ok && d.Kind == Count {
			return bad(fmt.Sprintf("a number of %s from 1 to 1e18 (default %s), or none", d.Unit, countText(d.Def)))
		} else if !ok {
			return bad("bytes such as 8G or 512M (each verb's default is in its help), or none")
		}
		fv.num[d.Name] = v
	case Duration:
		if t, err := time.ParseDuration(s); err != nil || t < time.Second {
			return bad("a duration of at least 1s, such as 30s or 5m")
		}
	}
	if d.Kind == List {
		fv.raw[d.Name] = append(fv.raw[d.Name], s)
	} else {
		fv.raw[d.Name] = []string{s}
	}
	return nil
}

// parseBytes reads bytes with an optional binary suffix K, M, G or T
// (4G is 4·2^30), from 1 to 2^50.
func parseBytes(s string) (float64, bool) {
	scale := 1.0
	if i := strings.IndexAny(s, "KMGT"); i >= 0 && i == len(s)-1 {
		s, scale = s[:i], math.Exp2(float64(10*(1+strings.IndexByte("KMGT", s[i]))))
	}
	b, err := strconv.ParseFloat(s, 64)
	return b * scale, err == nil && b*scale >= 1 && b*scale <= 1<<50
}

// Has reports whether the flag was given.
func (fv *Values) Has(name string) bool { _, ok := fv.raw[name]; return ok }

// Text returns the value of a flag, "" when absent.
func (fv *Values) Text(name string) string {
	if v := fv.raw[name]; len(v) > 0 {
		return v[len(v)-1]
	}
	return ""
}

// List returns every value of a repeated flag.
func (fv *Values) List(name string) []string { return fv.raw[name] }

// Int returns the value of an int flag, its default when absent.
func (fv *Values) Int(name string) int {
	if v, ok := fv.num[name]; ok {
		return int(v)
	}
	return int(fv.decl[name].Def)
}

// Limit returns a limit for budget.Options: 0 when absent (the
// computation's default), −1 for none.
func (fv *Values) Limit(name string) float64 { return fv.num[name] }

// Duration returns the value of a duration flag, 0 when absent.
func (fv *Values) Duration(name string) time.Duration {
	t, _ := time.ParseDuration(fv.Text(name))
	return t
}

// Within checks that a given int flag lies in [lo, hi], a range known
// only once other flags are read.
func (fv *Values) Within(name string, lo, hi int) error {
	if v := fv.Int(name); fv.Has(name) && (v < lo || v > hi) {
		return fmt.Errorf("%s %q: want an integer from %d to %d", fv.decl[name].Spelled(), fv.Text(name), lo, hi)
	}
	return nil
}
