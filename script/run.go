package script

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// maxOutput bounds the bytes of printed lines, and apart those of the
// globals, that a Result keeps.
const maxOutput = 1 << 20

// maxSource bounds the bytes of a script RunReader reads, and of a line
// LineReader reads.
const maxSource = 1 << 22

// A Result is what a script run by Run did, with the JSON field names of
// the playground's /api/script.
type Result struct {
	// Output is the lines the script printed, at most maxOutput bytes.
	Output []string `json:"output"`
	// Globals are the globals with a JSON value (globalsJSON), in the
	// order of their names, at most maxOutput bytes; nil after an error.
	// Each has a Key and a Value; their JSON is one object.
	Globals object `json:"globals,omitzero"`
	// Truncated says that lines or globals were left out past maxOutput.
	Truncated bool `json:"truncated,omitempty"`
	// Error is the message of the script's error, without its place.
	Error string `json:"error,omitempty"`
	// Line and Col are where in the script the error arose, from 1; 0
	// when the place is not known.
	Line int32 `json:"line,omitempty"`
	Col  int32 `json:"col,omitempty"`
	// Steps is the steps the script spent of its budget.
	Steps uint64 `json:"steps"`
}

// Run runs the script src in a new sandbox within opt and returns what
// it printed and its globals: the lines go to opt.Print as they are
// printed when it is set, else into the Result's Output. The error is the
// script's *scriptError, also written in the Result: it matches budget.ErrTooLarge past
// the budget, and wraps ctx's error when ctx was cancelled.
func Run(ctx context.Context, opt *Options, filename string, src []byte) (*Result, error) {
	o := Options{}
	if opt != nil {
		o = *opt
	}
	r := &Result{Output: []string{}}
	size := 0
	if o.Print == nil {
		o.Print = func(line string) {
			if size += len(line) + 1; size > maxOutput {
				r.Truncated = true
				return
			}
			r.Output = append(r.Output, line)
		}
	}
	b := newSandbox(&o)
	defer b.Close()
	g, err := b.Exec(ctx, filename, src)
	r.Steps = b.Steps()
	if err != nil {
		r.Error = err.Error()
		var e *scriptError
		if errors.As(err, &e) {
			r.Error = e.Msg
			if e.Pos.IsValid() {
				r.Line, r.Col = e.Pos.Line, e.Pos.Col
			}
		}
		return r, err
	}
	size, r.Globals = 0, object{}
	for _, m := range g {
		j, err := json.Marshal(m.Value)
		if err != nil || size+len(m.Key)+len(j) > maxOutput {
			r.Truncated = true
			continue
		}
		size += len(m.Key) + len(j)
		r.Globals = append(r.Globals, keyValue{m.Key, json.RawMessage(j)})
	}
	return r, nil
}

// RunReader reads a script of at most 4 MiB from r and runs it as Run
// does, under the file name name. A script read in part is not run: the
// error of reading it, or of one too long, begins with name.
func RunReader(ctx context.Context, opt *Options, name string, r io.Reader) (*Result, error) {
	src, err := io.ReadAll(io.LimitReader(r, maxSource+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if len(src) > maxSource {
		return nil, fmt.Errorf("%s: longer than %d bytes", name, maxSource)
	}
	return Run(ctx, opt, name, src)
}
