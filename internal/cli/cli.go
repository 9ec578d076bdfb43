// Package cli runs a command line of areas and verbs declared as tables:
// it parses the flags each verb declares, writes the help and the shell
// completion from the same declarations, holds a command's output until
// the command succeeds, and turns errors into one line and an exit
// status. It knows nothing of games.
package cli

import (
	"bufio"
	"bytes"
	"context"
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
)

// Exit statuses.
const (
	ExitOK    = 0
	ExitIO    = 1   // the output could not be written
	ExitInput = 2   // bad operands, flags or input
	ExitIntr  = 130 // interrupted (Ctrl-C), as a shell reports SIGINT
)

// A Program is a command line: its areas and the lines its help adds.
type Program struct {
	Name    string           // the command, "grundy"
	Title   string           // the first line of the help
	Version string           // printed by "NAME version"
	Areas   func() []Command // the areas, in help order
	Notes   []string         // lines after the areas list
	Example string           // a command line to try first
	// Help holds the help of the areas and verbs whose literals leave it
	// out, as records read by ReadHelp.
	Help string
}

// A Command is a group of verbs, such as "nim", or a single command (Run
// set, no verbs), such as "octal".
type Command struct {
	Name      string
	Summary   string // one short line
	Usage     string // the operands of a single command; flags are added
	Verbs     []Verb
	Run       func(e *Env, args []string) error
	Example   string
	More      []string          // further help lines
	Flags     []Flag            // the flags of the command, or of every verb
	VerbFlags map[string][]Flag // the flags of one verb besides those
	// Choices lists the words a first operand may be, with a few words on
	// each, for the shell completion; nil for none.
	Choices func() [][2]string
}

// A Verb is one command of an area. Its Run function is given the
// operands; the flags, checked, are in e.Flags.
type Verb struct {
	Name    string
	Args    string // operand synopsis, e.g. "A B"
	Summary string
	Example string
	Run     func(e *Env, args []string) error
}

// FlagsOf returns the flags verb v of c takes (a single command: v is "").
func (c Command) FlagsOf(v string) []Flag {
	return append(c.Flags[:len(c.Flags):len(c.Flags)], c.VerbFlags[v]...)
}

// Commands returns p's areas and the completion command, with their
// help from p.Help.
func (p *Program) Commands() []Command {
	cs := append(p.Areas(), p.completionCommand())
	h, err := ReadHelp(p.Help)
	if err != nil {
		panic(err) // the help is compiled in, and a test reads it
	}
	for i := range cs {
		h.fill(&cs[i])
	}
	return cs
}

// Main runs p on the arguments of the process and exits with its status.
// Ctrl-C cancels the command's context; a command still running past a
// short grace is not waited for, unless it saves its work (HoldSaves).
func Main(p *Program) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	saving := new(atomic.Int32)
	ctx = context.WithValue(ctx, saveHoldKey{}, saving)
	done := make(chan int, 1)
	go func() { done <- p.Run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr) }()
	select {
	case code := <-done:
		stop()
		os.Exit(code)
	case <-ctx.Done():
	}
	grace, saved := time.After(interruptGrace), time.After(saveGrace)
	for tick := time.Tick(10 * time.Millisecond); ; {
		select {
		case code := <-done:
			os.Exit(code)
		case <-saved:
			fmt.Fprintf(os.Stderr, "%s: interrupted before its work was saved\n", p.Name)
			os.Exit(ExitIntr)
		case <-grace:
			grace = nil
		case <-tick:
			if grace == nil && saving.Load() == 0 {
				fmt.Fprintf(os.Stderr, "%s: interrupted\n", p.Name)
				os.Exit(ExitIntr)
			}
		}
	}
}

// interruptGrace is how long Ctrl-C waits for a command to stop by itself;
// saveGrace how long it waits for a run that saves its work (a checkpoint,
// a values file) to stop and save.
const (
	interruptGrace = 100 * time.Millisecond
	saveGrace      = 60 * time.Second
)

// saveHoldKey keys in a context the count of the runs under way that save
// their work when they stop: Ctrl-C waits for them.
type saveHoldKey struct{}

// HoldSaves marks a run that saves its work when stopped, until the
// returned function is called: Main waits for it after Ctrl-C.
func HoldSaves(ctx context.Context) func() {
	n, _ := ctx.Value(saveHoldKey{}).(*atomic.Int32)
	if n == nil {
		return func() {}
	}
	n.Add(1)
	return func() { n.Add(-1) }
}

// Run runs the command line args and returns its exit status: ExitOK,
// ExitInput after one line on stderr for bad input (nothing written to
// stdout), ExitIO when the output could not be written, ExitIntr when ctx
// was cancelled.
func (p *Program) Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var buf bytes.Buffer
	e := &Env{Ctx: ctx, Stdin: stdin, Stderr: stderr, Out: bufio.NewWriter(&buf), Stdout: stdout, held: &buf}
	args, e.JSON = takeJSON(args)
	if len(args) == 0 {
		p.writeUsage(stderr)
		return ExitInput
	}
	err := p.dispatch(e, args)
	if e.bar != nil {
		e.bar.Clear()
	}
	if err != nil && ctx.Err() != nil {
		fmt.Fprintf(stderr, "%s: interrupted\n", p.Name)
		return ExitIntr
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: %s\n", p.Name, OneLine(err.Error()))
		if e.held == nil {
			return ExitIO
		}
		return ExitInput
	}
	if err := e.Commit().Flush(); err != nil {
		fmt.Fprintf(stderr, "%s: writing output: %v\n", p.Name, err)
		return ExitIO
	}
	return ExitOK
}

// takeJSON removes every "--json" (or "-json") from args and reports
// whether there was one.
func takeJSON(args []string) ([]string, bool) {
	out := args[:0:0]
	found := false
	for _, a := range args {
		if a == "--json" || a == "-json" {
			found = true
			continue
		}
		out = append(out, a)
	}
	return out, found
}

// OneLine keeps an error message to a single line, and replaces by '?'
// any other control character that untrusted text may have brought
// (messages quote such text: this is a last guard for the terminal).
func OneLine(s string) string {
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
func (p *Program) dispatch(e *Env, args []string) error {
	if len(args) > 1 && args[0] == "help" {
		// "NAME help AREA [VERB]" is "NAME AREA [VERB] --help".
		return p.dispatch(e, append(args[1:len(args):len(args)], "--help"))
	}
	switch {
	case isHelpWord(args[0]):
		return e.help(func() { p.writeHelp(e.Out) })
	case args[0] == "version" || args[0] == "--version":
		return p.writeVersion(e)
	}
	as, names := p.Commands(), []string{"help", "version"}
	for _, a := range as {
		names = append(names, a.Name)
	}
	i := slices.IndexFunc(as, func(a Command) bool { return a.Name == args[0] })
	if i < 0 {
		return fmt.Errorf("unknown command %q (%srun \"%s --help\" for the list)", args[0], DidYouMean(args[0], names), p.Name)
	}
	a, v, rest := as[i], Verb{Run: as[i].Run}, args[1:]
	if a.Run == nil {
		if len(rest) == 0 || isHelpWord(rest[0]) {
			return e.help(func() { p.writeAreaHelp(e.Out, a) })
		}
		var verbs []string
		for _, w := range a.Verbs {
			if verbs = append(verbs, w.Name); w.Name == rest[0] {
				v = w
			}
		}
		if v.Run == nil {
			return fmt.Errorf("%s: unknown verb %q (%srun \"%s %s --help\" for the list)", a.Name, rest[0], DidYouMean(rest[0], verbs), p.Name, a.Name)
		}
		rest = rest[1:]
	}
	if hasHelp(rest) || a.Run != nil && len(rest) == 1 && rest[0] == "help" {
		return e.help(func() { p.writeCommandHelp(e.Out, a, v) })
	}
	pos, fv, err := ParseFlags(rest, a.FlagsOf(v.Name))
	if err == nil {
		e.Flags = fv
		err = v.Run(e, pos)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", strings.TrimSpace(a.Name+" "+v.Name), err)
	}
	return nil
}

// DidYouMean returns `did you mean "NAME"? ` for the name nearest to s
// by edit distance, when one is near enough to be a slip of the keys,
// and "" otherwise.
func DidYouMean(s string, names []string) string {
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
func (p *Program) writeVersion(e *Env) error {
	v := struct {
		Version  string `json:"version"`
		Go       string `json:"go"`
		Commit   string `json:"commit"`
		Modified bool   `json:"modified"`
	}{Version: p.Version, Go: runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH}
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
	return e.Emit(v, func() {
		line := "commit unknown (the build recorded none)"
		if v.Commit != "" {
			line = strings.TrimSpace("commit " + v.Commit + " " + when)
		}
		if v.Modified {
			line += " (with uncommitted changes)"
		}
		fmt.Fprintf(e.Out, "%s %s\n%s\n%s\n", p.Name, v.Version, v.Go, line)
	})
}
