package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/nimbers/grundy/budget"
)

// A flag is one flag of a command, declared once: the parser checks its
// value, and the usage line, the help and the shell completion are
// written from the declaration.
type flag struct {
	name   string   // "budget" is written --budget; a one-letter name -n
	arg    string   // the value's placeholder, "N"; "" for a switch
	help   string   // one line of help; the default is added to it
	kind   flagKind // how the value is read
	lo, hi int      // the range of an int flag
	def    float64  // the default of an int flag or a limit; 0: none
	unit   string   // what a count counts, "steps"
	need   bool     // the flag must be given
}

// A flagKind says how a flag's value is read.
type flagKind int

const (
	switchFlag   flagKind = iota // no value
	textFlag                     // any text
	fileFlag                     // a file name; - for standard streams where said
	intFlag                      // an integer from lo to hi
	countFlag                    // a limit: a count from 1 to 1e18, or none
	bytesFlag                    // a limit: bytes such as 8G, or none
	durationFlag                 // a duration of at least a second
	listFlag                     // text, and the flag may be repeated
)

// The flags many verbs share.
func budgetOf(unit string, def float64, help string) flag {
	return flag{name: "budget", arg: "N", kind: countFlag, unit: unit, def: def, help: help}
}

func memoryOf(def float64, help string) flag {
	return flag{name: "max-memory", arg: "B", kind: bytesFlag, def: def, help: help}
}

func outputOf(unit string, def float64, help string) flag {
	return flag{name: "max-output", arg: "N", kind: countFlag, unit: unit, def: def, help: help}
}

// spelled returns the flag as written on the command line.
func (f flag) spelled() string {
	if len(f.name) == 1 {
		return "-" + f.name
	}
	return "--" + f.name
}

// line returns the help line of the flag, with its default.
func (f flag) line() string {
	h := f.help
	switch {
	case f.kind == countFlag && f.def > 0:
		h += fmt.Sprintf(" (default %s, or none)", countText(f.def))
	case f.kind == bytesFlag && f.def > 0:
		h += fmt.Sprintf(" (default %s, or none)", bytesText(f.def))
	case f.kind == intFlag && !f.need && f.def != 0:
		h += fmt.Sprintf(" (default %d)", int(f.def))
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

// flagValues are the flags given to a command, checked against their
// declarations.
type flagValues struct {
	decl map[string]flag
	raw  map[string][]string // the values given; a switch has ""
	num  map[string]float64  // the values of int flags and limits
}

// parseFlags separates the flags declared in decls from the operands of
// args. A flag is --name, --name=value or --name value; a one-letter flag
// is also -n value or -n5. Any other word, such as -^, -1/2 or -{1|0},
// is an operand, as is every word after "--".
func parseFlags(args []string, decls []flag) ([]string, *flagValues, error) {
	fv := &flagValues{decl: map[string]flag{}, raw: map[string][]string{}, num: map[string]float64{}}
	for _, d := range decls {
		fv.decl[d.name] = d
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
			return nil, nil, fmt.Errorf("unknown flag %q (%ssee --help)", n, didYouMean(n, fv.names()))
		case d.kind == switchFlag && hasValue:
			return nil, nil, fmt.Errorf("flag %s takes no value", d.spelled())
		case d.kind == switchFlag:
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
		if _, ok := fv.raw[d.name]; d.need && !ok {
			return nil, nil, fmt.Errorf("missing flag %s", d.spelled())
		}
	}
	return pos, fv, nil
}

// split reads a as a flag: its name and value, if any. It reports false
// for an operand; a word that is a long name written with one dash is
// taken as that flag, and refused by the caller.
func (fv *flagValues) split(a string) (name, value string, hasValue, ok bool) {
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
	if d, ok := fv.decl[a[1:2]]; ok && len(d.name) == 1 {
		rest := strings.TrimPrefix(a[2:], "=")
		return d.name, rest, len(a) > 2, true
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
func (fv *flagValues) names() []string {
	var ns []string
	for _, d := range fv.decl {
		ns = append(ns, d.spelled())
	}
	return ns
}

// set checks and records the value of flag d.
func (fv *flagValues) set(d flag, s string) error {
	bad := func(want string) error {
		return fmt.Errorf("%s %q: want %s", d.spelled(), s, want)
	}
	switch d.kind {
	case intFlag:
		v, err := parseInt(s)
		if err != nil || v < d.lo || v > d.hi {
			return bad(fmt.Sprintf("an integer from %d to %d", d.lo, d.hi))
		}
		fv.num[d.name] = float64(v)
	case countFlag, bytesFlag:
		v, ok := -1.0, s == "none"
		if !ok && d.kind == countFlag {
			b, err := strconv.ParseFloat(s, 64)
			v, ok = b, err == nil && b >= 1 && b <= 1e18
		} else if !ok {
			v, ok = parseBytes(s)
		}
		if !ok && d.kind == countFlag {
			return bad(fmt.Sprintf("a number of %s from 1 to 1e18 (default %s), or none", d.unit, countText(d.def)))
		} else if !ok {
			return bad("bytes such as 8G or 512M (each verb's default is in its help), or none")
		}
		fv.num[d.name] = v
	case durationFlag:
		if t, err := time.ParseDuration(s); err != nil || t < time.Second {
			return bad("a duration of at least 1s, such as 30s or 5m")
		}
	}
	if d.kind == listFlag {
		fv.raw[d.name] = append(fv.raw[d.name], s)
	} else {
		fv.raw[d.name] = []string{s}
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

// has reports whether the flag was given.
func (fv *flagValues) has(name string) bool { _, ok := fv.raw[name]; return ok }

// text returns the value of a flag, "" when absent.
func (fv *flagValues) text(name string) string {
	if v := fv.raw[name]; len(v) > 0 {
		return v[len(v)-1]
	}
	return ""
}

// list returns every value of a repeated flag.
func (fv *flagValues) list(name string) []string { return fv.raw[name] }

// int returns the value of an int flag, its default when absent.
func (fv *flagValues) int(name string) int {
	if v, ok := fv.num[name]; ok {
		return int(v)
	}
	return int(fv.decl[name].def)
}

// limit returns a limit for budget.Options: 0 when absent (the
// computation's default), −1 for none.
func (fv *flagValues) limit(name string) float64 { return fv.num[name] }

// duration returns the value of a duration flag, 0 when absent.
func (fv *flagValues) duration(name string) time.Duration {
	t, _ := time.ParseDuration(fv.text(name))
	return t
}

// within checks that a given int flag lies in [lo, hi], a range known
// only once other flags are read.
func (fv *flagValues) within(name string, lo, hi int) error {
	if v := fv.int(name); fv.has(name) && (v < lo || v > hi) {
		return fmt.Errorf("%s %q: want an integer from %d to %d", fv.decl[name].spelled(), fv.text(name), lo, hi)
	}
	return nil
}

// limits returns the options of --budget and --max-memory, with a
// progress bar counting what (none for "").
func limits(e *env, what string) *budget.Options {
	opt := &budget.Options{Limit: e.flags.limit("budget"), Memory: e.flags.limit("max-memory")}
	if what != "" {
		opt.Progress = e.progress(what)
	}
	return opt
}

// flagsUsage returns the synopsis of flags, "[--budget N] -n N": a flag
// that must be given is not in brackets.
func flagsUsage(fs []flag) string {
	var parts []string
	for _, f := range fs {
		s := strings.TrimSpace(f.spelled() + " " + f.arg)
		if !f.need {
			s = "[" + s + "]"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}
