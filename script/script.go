// Package script runs scripts in Starlark, a small deterministic dialect
// of Python, with a grundy module that gives games in CGSuite's notation
// and their toolbox, nimbers, misère forms, stoppers, every registered
// ruleset, and rulesets the script defines itself, valued by the same
// engine as the built-in ones (games.Engine).
//
// A script reaches no files, network or environment. It runs within a
// budget of steps shared by the interpreter and the engines, within a
// bound on memory, and stops when its context is cancelled. Its errors
// name the script's file, line and column. A sandbox runs scripts in a
// child process (in programs that call ServeChild), so that the bounds
// hold even inside one call of a built-in function such as str.
//
// docs/script.md is the reference of the module.
package script

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime/metrics"
	"strings"
	"time"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/partizan"
	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// DefaultSteps is the budget of a script unless its Options say
// otherwise: Starlark's steps and the engines' positions together, a few
// seconds of work.
const DefaultSteps = 1 << 26

// DefaultMemory is the bytes a script may hold unless its Options say
// otherwise.
const DefaultMemory = 1 << 30

// checkEvery is the Starlark steps between two checks of the memory and
// the context.
const checkEvery = 1 << 14

// maxDepth bounds the depth of the calls of a script, so that a
// recursion without end stops at once, with little memory: Python's own
// bound is 1000.
const maxDepth = 10000

// calcBytes is about what a step of the calculator keeps in memory, as
// the engine counts it.
const calcBytes = 64

// Options bound a script and say where its output goes.
type Options struct {
	// Steps bounds the work of the script: the steps of the Starlark
	// interpreter, the positions the engines expand and the steps of the
	// arithmetic of games, together. 0 means DefaultSteps, a negative
	// value no bound.
	Steps float64
	// Memory bounds the bytes the script's values and the engines'
	// tables hold: 0 means DefaultMemory, a negative value no bound.
	Memory float64
	// Time bounds the wall time of a script run by a sandbox in a child
	// process: 0 means a minute for each DefaultSteps of the budget
	// (none without a bound of steps), a negative value no bound.
	Time time.Duration
	// Print receives each line the script prints; nil drops them.
	Print func(line string)
}

// A scriptError is the error of a script: its message and where in the
// script it arose.
type scriptError struct {
	// Pos is the innermost place in the script's own text (not in a
	// built-in function) where the error arose; it is not valid
	// (IsValid) when no such place is known.
	Pos syntax.Position
	// Msg is the message, without the place.
	Msg string
	err error
}

// Error returns "FILE:LINE:COL: message", or the message alone when the
// place is not known.
func (e *scriptError) Error() string {
	if !e.Pos.IsValid() {
		return e.Msg
	}
	return e.Pos.String() + ": " + e.Msg
}

// Unwrap returns the error the script met: a *budget.TooLargeError past
// the budget, the context's error when it was cancelled, an error
// wrapping games.ErrInput for bad input.
func (e *scriptError) Unwrap() error { return e.err }

// A session runs Starlark code with the grundy module: a whole script
// (exec) or the lines of an interactive session one at a time (eval),
// whose globals last from one to the next. A session is not safe for
// concurrent use.
type session struct {
	opt     Options
	limit   float64 // the budget of steps
	memory  float64
	thread  *starlark.Thread
	globals starlark.StringDict
	module  starlark.StringDict
	calc    *partizan.Calculator
	calcAt  int // the calculator's steps already counted
	ctx     context.Context
	base    uint64 // heap bytes when the current run began
	engines map[string]*engine
	stopped error           // why the thread was cancelled
	delay   int             // the steps the cancellation may still wait for a place
	pos     syntax.Position // the place of the step before, while it waits
	depth   int             // the depth of the calls then
}

// newSession returns a session within opt (nil for the defaults).
func newSession(opt *Options) *session {
	s := &session{globals: starlark.StringDict{}, engines: map[string]*engine{}}
	if opt != nil {
		s.opt = *opt
	}
	s.limit = (&budget.Options{Limit: s.opt.Steps}).Max(DefaultSteps)
	s.memory = (&budget.Options{Memory: s.opt.Memory}).MaxMemory(DefaultMemory)
	s.thread = &starlark.Thread{Name: "grundy", Print: func(_ *starlark.Thread, msg string) {
		if s.opt.Print != nil {
			s.opt.Print(msg)
		}
	}}
	s.thread.SetLocal(sessionKey, s)
	s.thread.OnMaxSteps = s.check
	s.thread.Load = func(_ *starlark.Thread, module string) (starlark.StringDict, error) {
		if module == "grundy" {
			return s.module, nil
		}
		return nil, fmt.Errorf("no module %q: a script may load only \"grundy\"", module)
	}
	s.module = module()
	return s
}

const sessionKey = "grundy.session"

// session returns the session running thread.
func sessionOf(thread *starlark.Thread) *session { return thread.Local(sessionKey).(*session) }

// fileOptions are the dialect of the scripts: Python's while loops,
// recursion, sets and assignments at the top level.
var fileOptions = &syntax.FileOptions{Set: true, While: true, TopLevelControl: true, GlobalReassign: true, Recursion: true}

// exec runs the script src, named filename in its errors, and returns
// its globals. It fails with an *scriptError.
func (s *session) exec(ctx context.Context, filename string, src []byte) (starlark.StringDict, error) {
	defer s.begin(ctx)()
	g, err := starlark.ExecFileOptions(fileOptions, s.thread, filename, src, s.predeclared())
	if err != nil {
		return g, s.fail(err)
	}
	for k, v := range g {
		s.globals[k] = v
	}
	return g, nil
}

// eval runs one chunk of an interactive session, such as a line or a
// compound statement, in the globals of the chunks before it. When the
// chunk is one expression it returns its value (None for a statement).
// It fails with an *scriptError.
func (s *session) eval(ctx context.Context, filename string, src []byte) (starlark.Value, error) {
	defer s.begin(ctx)()
	opts := *fileOptions
	opts.LoadBindsGlobally = true
	f, err := opts.Parse(filename, src, 0)
	if err != nil {
		return nil, s.fail(err)
	}
	if len(f.Stmts) == 1 {
		if e, ok := f.Stmts[0].(*syntax.ExprStmt); ok {
			v, err := starlark.EvalExprOptions(&opts, s.thread, e.X, s.env())
			if err != nil {
				return nil, s.fail(err)
			}
			return v, nil
		}
	}
	env := s.env()
	if err := starlark.ExecREPLChunk(f, s.thread, env); err != nil {
		return nil, s.fail(err)
	}
	for k, v := range env {
		if _, pre := s.module[k]; !pre || s.module[k] != v {
			s.globals[k] = v
		}
	}
	return starlark.None, nil
}

// steps returns the steps the last run spent of its budget.
func (s *session) steps() uint64 { return s.thread.Steps }

// env returns the globals with the module's names under them.
func (s *session) env() starlark.StringDict {
	env := starlark.StringDict{}
	for k, v := range s.module {
		env[k] = v
	}
	for k, v := range s.globals {
		env[k] = v
	}
	return env
}

// predeclared returns the module's names and the module itself.
func (s *session) predeclared() starlark.StringDict {
	pre := starlark.StringDict{}
	for k, v := range s.module {
		pre[k] = v
	}
	return pre
}

// begin starts a run under ctx, with the whole budget: the thread stops
// when ctx is cancelled. It returns the function that ends the run.
func (s *session) begin(ctx context.Context) func() {
	s.ctx = ctx
	s.thread.Steps = 0
	s.calcAt = 0
	s.calc = partizan.NewCalculator(&budget.Options{Limit: min(s.limit, s.memory/calcBytes),
		Progress: func(done, _ int) { s.spend(float64(done - s.calcAt)); s.calcAt = done }})
	s.thread.Uncancel()
	s.stopped = nil
	s.base = heapBytes(liveBytes)
	s.next()
	stop := context.AfterFunc(ctx, func() { s.thread.Cancel("interrupted") })
	return func() {
		stop()
		s.ctx = nil
	}
}

// next sets the thread's next check.
func (s *session) next() {
	at := float64(s.thread.Steps) + checkEvery
	s.thread.SetMaxExecutionSteps(uint64(min(at, s.limit, math.MaxUint64/2)))
}

// check runs every checkEvery steps and at the end of the budget.
func (s *session) check(t *starlark.Thread) {
	if err := s.over(); err != nil {
		// A step without a place of its own (a loop's jumps) has the
		// place of the step before it in the code, often a statement
		// before the loop: stop within a few steps, at the first whose
		// place comes after the place of the step before.
		pos, depth := t.CallFrame(0).Pos, t.CallStackDepth()
		if s.stopped == nil {
			s.stopped, s.delay = err, 8
		} else if s.delay--; s.delay > 0 && depth == s.depth && !after(pos, s.pos) {
			s.pos = pos
			t.SetMaxExecutionSteps(t.Steps + 1)
			return
		}
		if s.delay == 8 {
			s.pos, s.depth = pos, depth
			t.SetMaxExecutionSteps(t.Steps + 1)
			return
		}
		t.Cancel(err.Error())
		return
	}
	s.stopped = nil
	s.next()
}

// after reports whether p comes after q in the script.
func after(p, q syntax.Position) bool {
	return p.Line > q.Line || p.Line == q.Line && p.Col > q.Col
}

// over returns an error when the session has spent its steps or memory.
func (s *session) over() error {
	if float64(s.thread.Steps) >= s.limit {
		return &budget.TooLargeError{What: "the script", Unit: "steps", Limit: s.limit}
	}
	if s.thread.CallStackDepth() > maxDepth {
		return &budget.TooLargeError{What: "the script", Unit: "nested calls", Limit: maxDepth, Fixed: true}
	}
	// The heap's objects include garbage: past the bound, the live heap
	// of the last collection decides (the collector runs at the latest
	// when the heap has doubled).
	if used := float64(heapBytes(objectBytes)) - float64(s.base); used > s.memory {
		if live := float64(heapBytes(liveBytes)) - float64(s.base); live > s.memory {
			return &budget.TooLargeError{What: "the script", Unit: "bytes", Limit: s.memory}
		}
	}
	return nil
}

// spend counts n steps of work done outside the interpreter.
func (s *session) spend(n float64) {
	if n > 0 {
		s.thread.Steps += uint64(n)
	}
}

// left returns the steps left of the budget, or an error when none is.
func (s *session) left() (float64, error) {
	if err := s.over(); err != nil {
		return 0, err
	}
	if err := s.context().Err(); err != nil {
		return 0, err
	}
	return s.limit - float64(s.thread.Steps), nil
}

// The heap's objects, live or not, and the live heap at the last
// collection.
const (
	objectBytes = "/memory/classes/heap/objects:bytes"
	liveBytes   = "/gc/heap/live:bytes"
)

// heapBytes returns the bytes of the metric.
func heapBytes(name string) uint64 {
	m := []metrics.Sample{{Name: name}}
	metrics.Read(m)
	if m[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return m[0].Value.Uint64()
}

// fail turns an error of Starlark into an *scriptError with the script's place.
func (s *session) fail(err error) error {
	var ee *starlark.EvalError
	var se syntax.Error
	var re resolve.ErrorList
	switch {
	case errors.As(err, &ee):
		out := &scriptError{Msg: ee.Msg, err: errors.Unwrap(ee)}
		stack := ee.CallStack
		for i := len(stack) - 1; i >= 0; i-- {
			if stack[i].Pos.Filename() != "<builtin>" {
				out.Pos = stack[i].Pos
				break
			}
		}
		if last := len(stack) - 1; last >= 0 && stack[last].Pos.Filename() == "<builtin>" && stack[last].Name != "" &&
			!strings.HasPrefix(out.Msg, stack[last].Name+" ") {
			out.Msg = stack[last].Name + ": " + out.Msg
		}
		// A cancellation names its reason: the budget, or Ctrl-C.
		if reason, ok := strings.CutPrefix(ee.Msg, "Starlark computation cancelled: "); ok {
			out.Msg = reason
			out.err = nil
			if s.ctx != nil {
				out.err = s.ctx.Err()
			}
			if out.err == nil {
				out.err = s.stopped
			}
			if out.err == nil {
				out.err = &budget.TooLargeError{What: "the script", Unit: "steps", Limit: s.limit}
			}
		}
		if inner := errors.Unwrap(ee); inner != nil {
			var deeper *scriptError
			if errors.As(inner, &deeper) {
				return deeper
			}
		}
		return out
	case errors.As(err, &se):
		return &scriptError{Pos: se.Pos, Msg: se.Msg, err: inputError{err}}
	case errors.As(err, &re) && len(re) > 0:
		return &scriptError{Pos: re[0].Pos, Msg: re[0].Msg, err: inputError{err}}
	}
	return &scriptError{Msg: err.Error(), err: err}
}
