// Command grundy computes with nimbers and impartial games.
//
// Usage:
//
//	grundy <area> <verb> [operands] [flags]
//
// Run "grundy --help" for the areas and "grundy <area> --help" for their
// verbs. Results go to standard output, one per line. A bad operand or
// input file makes grundy exit with status 2 after one line on standard
// error naming the problem, with nothing on standard output.
package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/nimbers/grundy/script"
	"github.com/schollz/progressbar/v3"
)

// version is the release of the command, printed by "grundy version".
const version = "0.1.0"

// Exit statuses.
const (
	exitOK    = 0
	exitIO    = 1   // the output could not be written
	exitInput = 2   // bad operands, flags or input
	exitIntr  = 130 // interrupted (Ctrl-C), as a shell reports SIGINT
)

func main() {
	script.ServeChild()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	saving := new(atomic.Int32)
	ctx = context.WithValue(ctx, saveHoldKey{}, saving)
	done := make(chan int, 1)
	go func() { done <- run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr) }()
	select {
	case code := <-done:
		stop()
		os.Exit(code)
	case <-ctx.Done():
	}
	// Every long computation checks ctx; a short one still running (a
	// linear pass over a large input) is not waited for past the grace,
	// but a run that saves its work is, until it has saved it.
	grace, saved := time.After(interruptGrace), time.After(saveGrace)
	for tick := time.Tick(10 * time.Millisecond); ; {
		select {
		case code := <-done:
			os.Exit(code)
		case <-saved:
			fmt.Fprintln(os.Stderr, "grundy: interrupted before its work was saved")
			os.Exit(exitIntr)
		case <-grace:
			grace = nil
		case <-tick:
			if grace == nil && saving.Load() == 0 {
				fmt.Fprintln(os.Stderr, "grundy: interrupted")
				os.Exit(exitIntr)
			}
		}
	}
}

// interruptGrace is how long Ctrl-C waits for a command to stop by itself;
// saveGrace how long it waits for a run that saves its work (a checkpoint,
// a values file) to stop and save: the engines stop within a fraction of
// a second, and the last save writes what an interval found.
const (
	interruptGrace = 100 * time.Millisecond
	saveGrace      = 60 * time.Second
)

// saveHoldKey keys in a context the count of the runs under way that save
// their work when they stop: Ctrl-C waits for them.
type saveHoldKey struct{}

// holdSaves marks a run that saves its work when stopped, until the
// returned function is called.
func holdSaves(ctx context.Context) func() {
	n, _ := ctx.Value(saveHoldKey{}).(*atomic.Int32)
	if n == nil {
		return func() {}
	}
	n.Add(1)
	return func() { n.Add(-1) }
}

// env is what a command works with: its input and a buffer for its output,
// which reaches standard output only when the command succeeds. A command
// whose output is too large to hold calls commit once it has checked all
// of its input, and writes straight to standard output from then on.
type env struct {
	ctx    context.Context // cancelled by Ctrl-C
	stdin  io.Reader
	stderr io.Writer
	out    *bufio.Writer
	stdout io.Writer
	held   *bytes.Buffer            // the output held; nil once committed
	json   bool                     // --json: print one JSON document
	bar    *progressbar.ProgressBar // a progress bar being drawn on stderr
	flags  *flagValues              // the command's flags, checked
}

// commit sends the output held so far to standard output and makes out
// write there directly. After commit, a command must not fail for its
// input: any error is taken for an output error.
func (e *env) commit() *bufio.Writer {
	if e.held != nil {
		e.out.Flush()
		held := e.held
		e.held, e.out = nil, bufio.NewWriterSize(e.stdout, 1<<16)
		e.out.Write(held.Bytes())
	}
	return e.out
}

// area is a group of verbs, such as "nim", or a single command (run set,
// no verbs), such as "octal".
type area struct {
	name      string
	summary   string // one short line
	usage     string // the operands of a single command; flags are added
	verbs     []verb
	run       func(e *env, args []string) error
	example   string
	more      []string          // further help lines
	flags     []flag            // the flags of the command, or of every verb
	verbFlags map[string][]flag // the flags of one verb besides those
}

// verb is one command of an area. Its run function is given the operands;
// the flags, checked, are in e.flags.
type verb struct {
	name    string
	args    string // operand synopsis, e.g. "A B"
	summary string
	example string
	run     func(e *env, args []string) error
}

// flagsOf returns the flags verb v of area a takes (a single command: v
// is "").
func (a area) flagsOf(v string) []flag {
	return append(a.flags[:len(a.flags):len(a.flags)], a.verbFlags[v]...)
}

// areas lists every area of the command line, in help order.
func areas() []area {
	as := []area{nimArea(), polyArea(), spsArea()}
	as = append(as, gameCommands()...)
	as = append(as, rulesetCommands()...)
	as = append(as, turningCommands()...)
	as = append(as, graphCommands()...)
	as = append(as, scriptCommands()...)
	return append(as, cgtArea(), misereArea(), stopperArea(), domineeringCommand(), loopyCommand(), serveCommand(), completionCommand())
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var buf bytes.Buffer
	e := &env{ctx: ctx, stdin: stdin, stderr: stderr, out: bufio.NewWriter(&buf), stdout: stdout, held: &buf}
	args, e.json = takeJSON(args)
	if len(args) == 0 {
		writeUsage(stderr)
		return exitInput
	}
	err := dispatch(e, args)
	if e.bar != nil {
		e.bar.Clear()
	}
	if err != nil && ctx.Err() != nil {
		fmt.Fprintln(stderr, "grundy: interrupted")
		return exitIntr
	}
	if err != nil {
		fmt.Fprintf(stderr, "grundy: %s\n", oneLine(err.Error()))
		if e.held == nil {
			return exitIO
		}
		return exitInput
	}
	if err := e.commit().Flush(); err != nil {
		fmt.Fprintf(stderr, "grundy: writing output: %v\n", err)
		return exitIO
	}
	return exitOK
}

// oneLine keeps an error message to a single line, and replaces by '?'
// any other control character that untrusted text may have brought
// (messages quote such text: this is a last guard for the terminal).
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\r' || r == '\n' {
			return ' '
		}
		if unicode.IsControl(r) {
			return '?'
		}
		return r
	}, s)
}

// isHelp reports whether s asks for help: a flag anywhere, or the word
// "help" where an area or a verb would stand (an operand that happens to
// be "help" is an operand).
func isHelp(s string) bool { return s == "-h" || s == "-help" || s == "--help" }

func isHelpWord(s string) bool { return isHelp(s) || s == "help" }

// hasHelp reports whether a flag before any "--" in args asks for help.
func hasHelp(args []string) bool {
	if i := slices.Index(args, "--"); i >= 0 {
		args = args[:i]
	}
	return slices.ContainsFunc(args, isHelp)
}

// dispatch finds the area and verb args name, checks their flags and
// runs them, or writes the help asked for.
func dispatch(e *env, args []string) error {
	if len(args) > 1 && args[0] == "help" {
		// "grundy help AREA [VERB]" is "grundy AREA [VERB] --help".
		return dispatch(e, append(args[1:len(args):len(args)], "--help"))
	}
	switch {
	case isHelpWord(args[0]):
		return e.help(func() { writeHelp(e.out) })
	case args[0] == "version" || args[0] == "--version":
		return writeVersion(e)
	}
	as, names := areas(), []string{"help", "version"}
	for _, a := range as {
		names = append(names, a.name)
	}
	i := slices.IndexFunc(as, func(a area) bool { return a.name == args[0] })
	if i < 0 {
		return fmt.Errorf("unknown command %q (%srun \"grundy --help\" for the list)", args[0], didYouMean(args[0], names))
	}
	a, v, rest := as[i], verb{run: as[i].run}, args[1:]
	if a.run == nil {
		if len(rest) == 0 || isHelpWord(rest[0]) {
			return e.help(func() { writeAreaHelp(e.out, a) })
		}
		var verbs []string
		for _, w := range a.verbs {
			if verbs = append(verbs, w.name); w.name == rest[0] {
				v = w
			}
		}
		if v.run == nil {
			return fmt.Errorf("%s: unknown verb %q (%srun \"grundy %s --help\" for the list)", a.name, rest[0], didYouMean(rest[0], verbs), a.name)
		}
		rest = rest[1:]
	}
	if hasHelp(rest) || a.run != nil && len(rest) == 1 && rest[0] == "help" {
		return e.help(func() { writeCommandHelp(e.out, a, v) })
	}
	pos, fv, err := parseFlags(rest, a.flagsOf(v.name))
	if err == nil {
		e.flags = fv
		err = v.run(e, pos)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", strings.TrimSpace(a.name+" "+v.name), err)
	}
	return nil
}

// didYouMean returns `did you mean "NAME"? ` for the name nearest to s
// by edit distance, when one is near enough to be a slip of the keys,
// and "" otherwise.
func didYouMean(s string, names []string) string {
	best, bestD := "", 0
	for _, n := range names {
		if d := editDistance(strings.ToLower(s), n); best == "" || d < bestD {
			best, bestD = n, d
		}
	}
	// One slip in a short name, about one in three letters in a longer.
	if best == "" || bestD > max(1, utf8.RuneCountInString(best)/3) {
		return ""
	}
	return fmt.Sprintf("did you mean %q? ", best)
}

// editDistance returns the Levenshtein distance between a and b: the
// fewest insertions, deletions and substitutions of runes from a to b.
func editDistance(a, b string) int {
	x, y := []rune(a), []rune(b)
	prev := make([]int, len(y)+1)
	cur := make([]int, len(y)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(x); i++ {
		cur[0] = i
		for j := 1; j <= len(y); j++ {
			sub := prev[j-1]
			if x[i-1] != y[j-1] {
				sub++
			}
			cur[j] = min(sub, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(y)]
}

// writeVersion prints the release, the Go release that built the command
// and, when the build recorded it, the commit it was built from.
func writeVersion(e *env) error {
	v := struct {
		Version  string `json:"version"`
		Go       string `json:"go"`
		Commit   string `json:"commit"`
		Modified bool   `json:"modified"`
	}{Version: version, Go: runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH}
	when := ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				v.Commit = s.Value
			case "vcs.time":
				when = s.Value
			case "vcs.modified":
				v.Modified = s.Value == "true"
			}
		}
	}
	return e.emit(v, func() {
		line := "commit unknown (the build recorded none)"
		if v.Commit != "" {
			line = strings.TrimSpace("commit " + v.Commit + " " + when)
		}
		if v.Modified {
			line += " (with uncommitted changes)"
		}
		fmt.Fprintf(e.out, "grundy %s\n%s\n%s\n", v.Version, v.Go, line)
	})
}

// help writes help text, which has no JSON form: with --json it is an
// error, so that --json output is always JSON.
func (e *env) help(write func()) error {
	if e.json {
		return errors.New("help is text only: run it without --json")
	}
	write()
	return nil
}

// helpWidth is the widest line of help text.
const helpWidth = 100

// wrap writes text as lines of at most helpWidth columns, the first after
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
		if len(lines[len(lines)-1]) > 0 && width+1+n > helpWidth {
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

// writeUsage writes the synopsis that grundy without operands prints on
// standard error.
func writeUsage(w io.Writer) {
	fmt.Fprintln(w, "usage: grundy <area> [<verb>] [operands] [flags] [--json]")
	fmt.Fprintln(w, `Run "grundy --help" for the areas, "grundy <area> --help" for their verbs.`)
}

func writeHelp(w io.Writer) {
	fmt.Fprintln(w, "grundy: nimbers, impartial games and partizan games")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "usage: grundy <area> [<verb>] [operands] [flags] [--json]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "areas:")
	for _, a := range areas() {
		wrap(w, fmt.Sprintf("  %-13s ", a.name), 16, a.summary)
	}
	fmt.Fprintf(w, "  %-13s %s\n", "version", "print the version, the Go release and the commit built from")
	fmt.Fprintln(w)
	fmt.Fprintln(w, `Run "grundy <area> --help" for its verbs and an example of each.`)
	fmt.Fprintln(w, "Numbers are decimal or 0x-hex. --json prints one JSON document (docs/cli.md).")
	fmt.Fprintln(w, "Bad input exits with status 2 and one line on stderr.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "example: grundy nim mul 8 8")
}

func writeAreaHelp(w io.Writer, a area) {
	wrap(w, "", 0, fmt.Sprintf("grundy %s: %s", a.name, a.summary))
	for _, m := range a.more {
		wrap(w, "  ", 4, m)
	}
	writeFlags(w, a.flags)
	fmt.Fprintln(w, "\nverbs:")
	for _, v := range a.verbs {
		wrap(w, "  ", 6, strings.TrimSpace(v.name+" "+v.args+" "+flagsUsage(a.verbFlags[v.name])))
		wrap(w, "      ", 6, v.summary)
		wrap(w, "      e.g. ", 6, v.example)
	}
}

// writeCommandHelp writes the help of verb v of area a, or of a single
// command a (v is then empty).
func writeCommandHelp(w io.Writer, a area, v verb) {
	fs := a.flagsOf(v.name)
	args, summary, example, more := v.args, v.summary, v.example, []string(nil)
	if a.run != nil {
		args, summary, example, more = a.usage, a.summary, a.example, a.more
	}
	wrap(w, "usage: ", 7, fmt.Sprintf("grundy %s %s %s %s", a.name, v.name, args, flagsUsage(fs)))
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
func writeFlags(w io.Writer, fs []flag) {
	col := 0
	for _, f := range fs {
		if f.help != "" {
			col = max(col, len(f.spelled())+len(f.arg)+1)
		}
	}
	if col == 0 {
		return
	}
	fmt.Fprintln(w, "\nflags:")
	col = min(col, 20)
	for _, f := range fs {
		if f.help != "" {
			wrap(w, fmt.Sprintf("  %-*s  ", col, strings.TrimSpace(f.spelled()+" "+f.arg)), col+4, f.line())
		}
	}
}

// errOperands reports a wrong number of operands.
func errOperands(want string, got int) error {
	return fmt.Errorf("want %s, got %d operand%s", want, got, plural(got))
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
