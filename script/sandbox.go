package script

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"go.starlark.net/syntax"
)

// Some of Starlark's built-in functions do unbounded work in one step:
// str or repr of a tuple that holds one tuple twice, 40 levels deep,
// writes 2^41 values; "x" * 2**29 takes half a gigabyte at once. A
// session's own checks, between steps, never see them. A sandbox runs
// its session in a child process of the program's executable instead,
// where a watchdog bounds the heap while a function runs, the operating
// system bounds the process's data (setrlimit), and the parent kills the
// child when it overstays its time or ignores a cancellation.

// childEnv marks a process started by a sandbox.
const childEnv = "GRUNDY_SCRIPT_CHILD"

// isolated is set by ServeChild in a program that may run its scripts in
// child processes.
var isolated atomic.Bool

// ServeChild lets Run and Repl run scripts in child processes of the
// program's own executable, bounded by the operating system; in such a
// child it serves its parent and exits the process. A program calls it
// first in main, and a test binary in TestMain; without it, scripts run
// in the calling process, where only their steps are bounded.
func ServeChild() {
	if os.Getenv(childEnv) == "" {
		isolated.Store(true)
		return
	}
	// The answers go to the parent on stdout, and nothing else may:
	// anything else written there goes to stderr.
	out := os.Stdout
	os.Stdout = os.Stderr
	os.Exit(serveChild(os.Stdin, out))
}

// secondsPerBudget is the wall time a sandboxed script may take for each
// DefaultSteps of its budget: the interpreter does DefaultSteps in a few
// seconds.
const secondsPerBudget = 60

// cancelGrace is how long a child may take to stop once cancelled before
// it is killed.
const cancelGrace = 250 * time.Millisecond

// A request goes from a sandbox to its child, one JSON value a line.
type request struct {
	Op     string  `json:"op"` // "start", "exec", "eval" or "cancel"
	File   string  `json:"file,omitempty"`
	Src    []byte  `json:"src,omitempty"`
	Steps  float64 `json:"steps,omitempty"`
	Memory float64 `json:"memory,omitempty"`
}

// An event goes from the child to its sandbox: a line printed, or the end
// of a run.
type event struct {
	Print *string `json:"print,omitempty"`
	Done  *reply  `json:"done,omitempty"`
}

// A reply ends a run: the globals of a script, the text of an
// expression's value, or the error.
type reply struct {
	Globals []member   `json:"globals,omitempty"`
	Value   *string    `json:"value,omitempty"`
	Steps   uint64     `json:"steps"`
	Err     *wireError `json:"err,omitempty"`
	Exit    bool       `json:"exit,omitempty"` // the child exits after it
}

type member struct {
	Key   string          `json:"k"`
	Value json.RawMessage `json:"v"`
}

// wireError is an *scriptError as the child sends it.
type wireError struct {
	Msg   string  `json:"msg"`
	File  string  `json:"file,omitempty"`
	Line  int32   `json:"line,omitempty"`
	Col   int32   `json:"col,omitempty"`
	Kind  string  `json:"kind,omitempty"` // "budget", "cancelled", "input"
	Unit  string  `json:"unit,omitempty"`
	Fixed bool    `json:"fixed,omitempty"`
	Limit float64 `json:"limit,omitempty"`
}

// toWire writes err, an error of a session, for the parent.
func toWire(err error) *wireError {
	w := &wireError{Msg: err.Error()}
	var e *scriptError
	if errors.As(err, &e) {
		w.Msg = e.Msg
		if e.Pos.IsValid() {
			w.File, w.Line, w.Col = e.Pos.Filename(), e.Pos.Line, e.Pos.Col
		}
	}
	var tl *budget.TooLargeError
	switch {
	case errors.As(err, &tl):
		w.Kind, w.Unit, w.Limit, w.Fixed = "budget", tl.Unit, tl.Limit, tl.Fixed
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		w.Kind = "cancelled"
	case errors.Is(err, games.ErrInput):
		w.Kind = "input"
	}
	return w
}

// A sandbox runs scripts as a session does, in a child process when the
// program called ServeChild: a script's steps, memory and time are then
// bounded even inside one call of a built-in function. The globals of
// its runs last from one to the next, as a session's, until the child
// dies past a bound. A sandbox is not safe for concurrent use.
type sandbox struct {
	opt   Options
	local *session // without a child
	child *child
	steps uint64
	runs  int // runs of the child under way
}

// child is a running child process.
type child struct {
	cmd    *exec.Cmd
	mu     sync.Mutex // guards in
	in     io.WriteCloser
	out    *json.Decoder
	stderr *tailBuffer
}

// newSandbox returns a sandbox within opt (nil for the defaults); opt's
// Print receives the lines its scripts print.
func newSandbox(opt *Options) *sandbox {
	b := &sandbox{}
	if opt != nil {
		b.opt = *opt
	}
	if !isolated.Load() {
		b.local = newSession(&b.opt)
	}
	return b
}

// Exec runs the script src, named filename in its errors, and returns
// its globals with a JSON value (globalsJSON). It fails with an *scriptError,
// which matches budget.ErrTooLarge past a bound and wraps ctx's error when ctx
// was cancelled.
func (b *sandbox) Exec(ctx context.Context, filename string, src []byte) (object, error) {
	if b.local != nil {
		g, err := b.local.exec(ctx, filename, src)
		b.steps = b.local.steps()
		if err != nil {
			return nil, err
		}
		return globalsJSON(g), nil
	}
	r, err := b.call(ctx, request{Op: "exec", File: filename, Src: src})
	if err != nil {
		return nil, err
	}
	out := object{}
	for _, m := range r.Globals {
		out = append(out, keyValue{m.Key, m.Value})
	}
	return out, nil
}

// eval runs one chunk of an interactive session, as session.Eval, and
// returns the text of its value, with ok false for None.
func (b *sandbox) Eval(ctx context.Context, filename string, src []byte) (text string, ok bool, err error) {
	if b.local != nil {
		v, err := b.local.eval(ctx, filename, src)
		b.steps = b.local.steps()
		if err != nil || v == nil || v.Type() == "NoneType" {
			return "", false, err
		}
		return v.String(), true, nil
	}
	r, err := b.call(ctx, request{Op: "eval", File: filename, Src: src})
	if err != nil || r.Value == nil {
		return "", false, err
	}
	return *r.Value, true, nil
}

// steps returns the steps the last run spent of its budget.
func (b *sandbox) Steps() uint64 { return b.steps }

// Close ends the child process, if any.
func (b *sandbox) Close() error {
	if b.child != nil {
		b.child.in.Close()
		b.child.cmd.Process.Kill()
		b.child.cmd.Wait()
		b.child = nil
	}
	return nil
}

// limits returns the steps, bytes and wall time of a run.
func (b *sandbox) limits() (steps, memory float64, wall time.Duration) {
	steps = (&budget.Options{Limit: b.opt.Steps}).Max(DefaultSteps)
	memory = (&budget.Options{Memory: b.opt.Memory}).MaxMemory(DefaultMemory)
	switch {
	case b.opt.Time != 0:
		wall = max(0, b.opt.Time)
	case steps < 1e15:
		wall = time.Duration(max(1, steps/DefaultSteps) * secondsPerBudget * float64(time.Second))
	}
	return steps, memory, wall
}

// start starts the child process.
func (b *sandbox) start() error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), childEnv+"=1")
	cmd.SysProcAttr = childAttr()
	c := &child{cmd: cmd, stderr: &tailBuffer{}}
	cmd.Stderr = c.stderr
	if c.in, err = cmd.StdinPipe(); err != nil {
		return err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	c.out = json.NewDecoder(bufio.NewReader(out))
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("script: starting its process: %w", err)
	}
	b.child, b.runs = c, 0
	// The options as given: a bound lifted is +Inf, which JSON lacks.
	return c.send(request{Op: "start", Steps: b.opt.Steps, Memory: b.opt.Memory})
}

// send writes a request to the child.
func (c *child) send(r request) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	b, _ := json.Marshal(r)
	_, err := c.in.Write(append(b, '\n'))
	return err
}

// call runs a request in the child, passes on its printed lines, and
// returns its reply, or its error as an *scriptError.
func (b *sandbox) call(ctx context.Context, r request) (*reply, error) {
	if b.child == nil {
		if err := b.start(); err != nil {
			return nil, err
		}
	}
	c := b.child
	_, memory, wall := b.limits()
	run, stop := ctx, context.CancelFunc(func() {})
	if wall > 0 {
		run, stop = context.WithTimeout(ctx, wall)
	}
	defer stop()
	done := make(chan struct{})
	defer close(done)
	killed := make(chan struct{})
	go func() {
		select {
		case <-done:
			return
		case <-run.Done():
		}
		c.send(request{Op: "cancel"})
		select {
		case <-done:
		case <-time.After(cancelGrace):
			close(killed)
			c.cmd.Process.Kill()
		}
	}()
	b.steps = 0
	if err := c.send(r); err != nil {
		return nil, b.died(ctx, killed, memory, wall)
	}
	for {
		var ev event
		if err := c.out.Decode(&ev); err != nil {
			return nil, b.died(ctx, killed, memory, wall)
		}
		if ev.Print != nil {
			if b.opt.Print != nil {
				b.opt.Print(*ev.Print)
			}
			continue
		}
		if ev.Done == nil {
			continue
		}
		b.steps = ev.Done.Steps
		b.runs++
		if ev.Done.Err == nil {
			return ev.Done, nil
		}
		err := b.fromWire(ctx, ev.Done.Err, wall)
		if ev.Done.Exit {
			b.died(ctx, nil, memory, wall)
			err.Msg = b.lost() + err.Msg
		}
		return nil, err
	}
}

// lost returns the note before an error that ended a child which had
// already run some code.
func (b *sandbox) lost() string {
	if b.runs > 1 {
		return "the session starts anew, its names lost: "
	}
	return ""
}

// fromWire returns the *scriptError the child sent.
func (b *sandbox) fromWire(ctx context.Context, w *wireError, wall time.Duration) *scriptError {
	e := &scriptError{Msg: w.Msg}
	if w.File != "" {
		file := w.File
		e.Pos = syntax.MakePosition(&file, w.Line, w.Col)
	}
	switch w.Kind {
	case "budget":
		e.err = &budget.TooLargeError{What: "the script", Unit: w.Unit, Limit: w.Limit, Fixed: w.Fixed}
	case "cancelled":
		if e.err = ctx.Err(); e.err == nil {
			tl := &budget.TooLargeError{What: "the script", Unit: "seconds", Limit: wall.Seconds()}
			e.Msg, e.err = tl.Error(), tl
		}
	case "input":
		e.err = inputError{errors.New(w.Msg)}
	default:
		e.err = errors.New(w.Msg)
	}
	return e
}

// died waits for the child that stopped answering and returns why it
// died as an *scriptError.
func (b *sandbox) died(ctx context.Context, killed <-chan struct{}, memory float64, wall time.Duration) error {
	c := b.child
	c.in.Close()
	c.cmd.Process.Kill()
	c.cmd.Wait()
	b.child = nil
	if killed == nil {
		return nil
	}
	stderr := c.stderr.String()
	var tl *budget.TooLargeError
	e := &scriptError{}
	switch {
	case ctx.Err() != nil:
		e.Msg, e.err = "interrupted", ctx.Err()
	case isClosed(killed):
		tl = &budget.TooLargeError{What: "the script", Unit: "seconds", Limit: wall.Seconds()}
	case outOfMemory(stderr):
		tl = &budget.TooLargeError{What: "the script", Unit: "bytes", Limit: memory}
	case strings.Contains(stderr, "stack exceeds"):
		e.Msg, e.err = "the script recursed too deeply", inputError{errors.New("too deep")}
	default:
		line, _, _ := strings.Cut(strings.TrimSpace(stderr), "\n")
		e.Msg = "the script's process ended: " + c.cmd.ProcessState.String()
		if line != "" {
			e.Msg += ": " + line
		}
		e.err = errors.New(e.Msg)
	}
	if tl != nil {
		e.Msg, e.err = tl.Error(), tl
	}
	b.runs++
	e.Msg = b.lost() + e.Msg
	return e
}

// outOfMemory reports whether a child's stderr says that it died of an
// allocation refused past its bound on data: by the runtime for the heap,
// or by the system for a thread's stack.
func outOfMemory(stderr string) bool {
	for _, s := range []string{"out of memory", "cannot allocate memory", "pthread_create failed"} {
		if strings.Contains(stderr, s) {
			return true
		}
	}
	return false
}

// isClosed reports whether c is closed.
func isClosed(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

// tailBuffer keeps the first 64 KiB written to it.
type tailBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if room := 1<<16 - t.b.Len(); room > 0 {
		t.b.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.b.String()
}
