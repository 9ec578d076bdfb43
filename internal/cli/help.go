package cli

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// help writes help text, which has no JSON form: with --json it is an
// error, so that --json output is always JSON.
func (e *Env) help(write func()) error {
	if e.JSON {
		return errors.New("help is text only: run it without --json")
	}
	write()
	return nil
}

// HelpWidth is the widest line of help text.
const HelpWidth = 100

// wrap writes text as lines of at most HelpWidth columns, the first after
// lead and the others after indent spaces, breaking at spaces. It keeps a
// flag with the operand after it ("--size N"), and leaves no word alone
// on the last line when the line before can spare one.
func wrap(w io.Writer, lead string, indent int, text string) {
	var units []string
	for _, word := range strings.Fields(text) {
		if n := len(units); n > 0 && isFlag(units[n-1]) && isOperandName(word) {
			units[n-1] += " " + word
			continue
		}
		units = append(units, word)
	}
	lines := [][]string{nil}
	width := utf8.RuneCountInString(lead) - 1 // no space before the first unit
	for _, u := range units {
		n := utf8.RuneCountInString(u)
		if len(lines[len(lines)-1]) > 0 && width+1+n > HelpWidth {
			lines, width = append(lines, nil), indent
		}
		lines[len(lines)-1] = append(lines[len(lines)-1], u)
		width += 1 + n
	}
	if k := len(lines); k > 1 && len(lines[k-1]) == 1 && len(lines[k-2]) > 2 {
		prev := lines[k-2]
		lines[k-1] = append([]string{prev[len(prev)-1]}, lines[k-1]...)
		lines[k-2] = prev[:len(prev)-1]
	}
	for i, l := range lines {
		if i > 0 {
			lead = strings.Repeat(" ", indent)
		}
		fmt.Fprintln(w, lead+strings.Join(l, " "))
	}
}

// isFlag reports whether the help word s is a flag, "--size" or "[--size".
func isFlag(s string) bool {
	s = strings.TrimLeft(s, "[(")
	return strings.HasPrefix(s, "-") && len(s) > 1 && !strings.ContainsAny(s, " ])|")
}

// isOperandName reports whether the help word s names an operand, such
// as N, FILE] or E|none], in capitals.
func isOperandName(s string) bool {
	s, _, _ = strings.Cut(strings.TrimRight(s, "]),;:"), "|")
	if s == "" {
		return false
	}
	for _, r := range s {
		if !unicode.IsUpper(r) && r != '_' && r != '/' && !unicode.IsDigit(r) {
			return false
		}
	}
	return unicode.IsUpper([]rune(s)[0])
}

// writeUsage writes the synopsis that the command without operands
// prints on standard error.
func (p *Program) writeUsage(w io.Writer) {
	fmt.Fprintf(w, "usage: %s <area> [<verb>] [operands] [flags] [--json]\n", p.Name)
	fmt.Fprintf(w, "Run \"%s --help\" for the areas, \"%[1]s <area> --help\" for their verbs.\n", p.Name)
}

func (p *Program) writeHelp(w io.Writer) {
	fmt.Fprintf(w, "%s\n\nusage: %s <area> [<verb>] [operands] [flags] [--json]\n\nareas:\n", p.Title, p.Name)
	for _, a := range p.Commands() {
		wrap(w, fmt.Sprintf("  %-13s ", a.Name), 16, a.Summary)
	}
	fmt.Fprintf(w, "  %-13s %s\n\n", "version", versionSummary)
	fmt.Fprintf(w, "Run \"%s <area> --help\" for its verbs and an example of each.\n", p.Name)
	for _, n := range p.Notes {
		fmt.Fprintln(w, n)
	}
	fmt.Fprintf(w, "\nexample: %s\n", p.Example)
}

const versionSummary = "print the version, the Go release and the commit built from"

func (p *Program) writeAreaHelp(w io.Writer, a Command) {
	wrap(w, "", 0, fmt.Sprintf("%s %s: %s", p.Name, a.Name, a.Summary))
	for _, m := range a.More {
		wrap(w, "  ", 4, m)
	}
	writeFlags(w, a.Flags)
	fmt.Fprintln(w, "\nverbs:")
	for _, v := range a.Verbs {
		wrap(w, "  ", 6, strings.TrimSpace(v.Name+" "+v.Args+" "+flagsUsage(a.VerbFlags[v.Name])))
		wrap(w, "      ", 6, v.Summary)
		wrap(w, "      e.g. ", 6, v.Example)
	}
}

// writeCommandHelp writes the help of verb v of area a, or of a single
// command a (v is then empty).
func (p *Program) writeCommandHelp(w io.Writer, a Command, v Verb) {
	fs := a.FlagsOf(v.Name)
	args, summary, example, more := v.Args, v.Summary, v.Example, []string(nil)
	if a.Run != nil {
		args, summary, example, more = a.Usage, a.Summary, a.Example, a.More
	}
	wrap(w, "usage: ", 7, fmt.Sprintf("%s %s %s %s %s", p.Name, a.Name, v.Name, args, flagsUsage(fs)))
	fmt.Fprintln(w)
	wrap(w, "", 0, summary)
	for _, m := range more {
		wrap(w, "  ", 4, m)
	}
	writeFlags(w, fs)
	fmt.Fprintln(w)
	wrap(w, "example: ", 9, example)
}

// writeFlags writes a help line for each flag that has one.
func writeFlags(w io.Writer, fs []Flag) {
	col := 0
	for _, f := range fs {
		if f.Help != "" {
			col = max(col, len(f.Spelled())+len(f.Arg)+1)
		}
	}
	if col == 0 {
		return
	}
	fmt.Fprintln(w, "\nflags:")
	col = min(col, 20)
	for _, f := range fs {
		if f.Help != "" {
			wrap(w, fmt.Sprintf("  %-*s  ", col, strings.TrimSpace(f.Spelled()+" "+f.Arg)), col+4, f.line())
		}
	}
}

// flagsUsage returns the synopsis of flags, "[--budget N] -n N": a flag
// that must be given is not in brackets.
func flagsUsage(fs []Flag) string {
	var parts []string
	for _, f := range fs {
		s := strings.TrimSpace(f.Spelled() + " " + f.Arg)
		if !f.Need {
			s = "[" + s + "]"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

// A Help is the help text of areas and verbs, kept apart from their
// declarations: records keyed by "AREA" or "AREA VERB".
type Help map[string]map[string][]string

// ReadHelp reads help records. A record is a line "== AREA" or
// "== AREA VERB", then lines "KEY TEXT" with KEY one of args, usage,
// summary, example or more (more may repeat); records are apart by blank
// lines, and lines starting with # are comments.
func ReadHelp(text string) (Help, error) {
	h := Help{}
	var rec map[string][]string
	for i, line := range strings.Split(text, "\n") {
		switch key, value, _ := strings.Cut(line, " "); {
		case line == "" || strings.HasPrefix(line, "#"):
		case key == "==" && value != "":
			if h[value] != nil {
				return nil, fmt.Errorf("help line %d: %q again", i+1, value)
			}
			rec = map[string][]string{}
			h[value] = rec
		case rec == nil:
			return nil, fmt.Errorf("help line %d: text before the first record", i+1)
		case key == "more" || strings.Contains(" args usage summary example ", " "+key+" ") && rec[key] == nil:
			rec[key] = append(rec[key], value)
		default:
			return nil, fmt.Errorf("help line %d: unknown or repeated key %q", i+1, key)
		}
	}
	return h, nil
}

// fill sets the help fields of c and its verbs that their declarations
// leave empty.
func (h Help) fill(c *Command) {
	set := func(f *string, rec map[string][]string, key string) {
		if *f == "" && len(rec[key]) > 0 {
			*f = rec[key][0]
		}
	}
	rec := h[c.Name]
	set(&c.Summary, rec, "summary")
	set(&c.Usage, rec, "usage")
	set(&c.Example, rec, "example")
	c.More = append(c.More, rec["more"]...)
	c.Verbs = slices.Clone(c.Verbs)
	for i := range c.Verbs {
		v := &c.Verbs[i]
		rec := h[c.Name+" "+v.Name]
		set(&v.Args, rec, "args")
		set(&v.Summary, rec, "summary")
		set(&v.Example, rec, "example")
	}
}

// CheckHelp reports a help record that names no area or verb of p, and
// an area or verb left without a summary or an example.
func (p *Program) CheckHelp() error {
	h, err := ReadHelp(p.Help)
	if err != nil {
		return err
	}
	for _, c := range p.Commands() {
		delete(h, c.Name)
		if c.Summary == "" || c.Run != nil && c.Example == "" {
			return fmt.Errorf("help: %s has no summary or no example", c.Name)
		}
		for _, v := range c.Verbs {
			delete(h, c.Name+" "+v.Name)
			if v.Summary == "" || v.Example == "" {
				return fmt.Errorf("help: %s %s has no summary or no example", c.Name, v.Name)
			}
		}
	}
	for k := range h {
		return fmt.Errorf("help: %q names no area or verb", k)
	}
	return nil
}
