package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/nimbers/grundy/budget"
	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// Env is what a command works with: its input and a buffer for its output,
// which reaches standard output only when the command succeeds. A command
// whose output is too large to hold calls Commit once it has checked all
// of its input, and writes straight to standard output from then on.
type Env struct {
	Ctx    context.Context // cancelled by Ctrl-C
	Stdin  io.Reader
	Stderr io.Writer
	Stdout io.Writer     // standard output itself, for a terminal session
	Out    *bufio.Writer // the command's output
	JSON   bool          // --json: print one JSON document
	Flags  *Values       // the command's flags, checked

	held *bytes.Buffer            // the output held; nil once committed
	bar  *progressbar.ProgressBar // a progress bar being drawn on stderr
}

// Commit sends the output held so far to standard output and makes Out
// write there directly, and returns Out. After Commit, a command must not
// fail for its input: any error is taken for an output error.
func (e *Env) Commit() *bufio.Writer {
	if e.held != nil {
		e.Out.Flush()
		held := e.held
		e.held, e.Out = nil, bufio.NewWriterSize(e.Stdout, 1<<16)
		e.Out.Write(held.Bytes())
	}
	return e.Out
}

// Emit prints a result: as the JSON document of v under --json, else by
// text, which writes the plain form to e.Out.
func (e *Env) Emit(v any, text func()) error {
	if !e.JSON {
		text()
		return nil
	}
	enc := json.NewEncoder(e.Out)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// EmitTo prints a library result: its JSON under --json, else its text
// as its WriteTo writes it.
func (e *Env) EmitTo(v io.WriterTo) error {
	return e.Emit(v, func() { v.WriteTo(e.Out) })
}

// Limits returns the options of --budget and --max-memory, with a
// progress bar counting what (none for "").
func (e *Env) Limits(what string) *budget.Options {
	opt := &budget.Options{Limit: e.Flags.Limit("budget"), Memory: e.Flags.Limit("max-memory")}
	if what != "" {
		opt.Progress = e.Progress(what)
	}
	return opt
}

// Progress returns a progress reporter drawing a bar on stderr when it is
// a terminal, else nil.
func (e *Env) Progress(what string) func(done, total int) {
	f, ok := e.Stderr.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return e.progressTo(f, what, 100*time.Millisecond)
}

// progressTo returns a reporter drawing a progress bar on w, redrawn at
// most once per throttle, and cleared when done reaches total; a total of
// 0 (not known) draws a spinner with the count. A bar left unfinished is
// cleared before the command's result or error is written.
func (e *Env) progressTo(w io.Writer, what string, throttle time.Duration) func(done, total int) {
	var bar *progressbar.ProgressBar
	return func(done, total int) {
		if total <= 0 {
			total = -1
		}
		if bar == nil {
			bar = progressbar.NewOptions64(int64(total),
				progressbar.OptionSetWriter(w),
				progressbar.OptionSetDescription(what),
				progressbar.OptionSetWidth(30),
				progressbar.OptionShowCount(),
				progressbar.OptionShowIts(),
				progressbar.OptionSetPredictTime(true),
				progressbar.OptionThrottle(throttle),
				progressbar.OptionClearOnFinish())
			e.bar = bar
		}
		if int64(total) != bar.GetMax64() {
			bar.ChangeMax64(int64(total))
		}
		bar.Set64(int64(done))
		if total > 0 && done >= total {
			bar.Finish()
			e.bar = nil
		}
	}
}

// ErrNoJSON reports --json on a verb whose output is a picture or a
// server.
var ErrNoJSON = errors.New("--json does not apply here: the output is not a list of results")

// WantOperands reports a wrong number of operands: got, where the verb
// wants what want says.
func WantOperands(want string, got int) error {
	return fmt.Errorf("want %s, got %d operand%s", want, got, Plural(got))
}

// Plural returns "s" unless n is 1.
func Plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// TooLarge adds to a *budget.TooLargeError the flag that raises the
// limit, unless the limit is fixed; other errors pass unchanged.
func TooLarge(err error, flag string) error {
	var tl *budget.TooLargeError
	if errors.As(err, &tl) && !tl.Fixed {
		return fmt.Errorf("%w: raise it with %s", err, flag)
	}
	return err
}

// LimitError names the flag that raises the limit err ran into:
// --max-memory for bytes, --budget for the rest.
func LimitError(err error) error {
	var tl *budget.TooLargeError
	if errors.As(err, &tl) && tl.Unit == "bytes" {
		return TooLarge(err, "--max-memory")
	}
	return TooLarge(err, "--budget")
}

// To returns a copy of e whose output goes to w, as if committed there:
// a command run with it writes its answer into w, for its caller to
// place.
func (e *Env) To(w io.Writer) *Env {
	sub := *e
	sub.Stdout, sub.Out, sub.held = w, bufio.NewWriter(w), nil
	return &sub
}
