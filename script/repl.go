package script

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"errors"
	"io"
	"os"
)

// An Entry is one entry of a session run by Repl, with the JSON field
// names of grundy repl --json: its text, the lines it printed, and the
// text of its value (an expression's; nil for a statement) or of its
// error.
type Entry struct {
	Input  string   `json:"input"`
	Output []string `json:"output"`
	Value  *string  `json:"value"`
	Error  *string  `json:"error"`
}

// Repl runs an interactive session in one sandbox within opt: it reads
// each entry through readLine a line at a time (more is true past an
// entry's first line; a compound statement ends at a blank line),
// evaluates it, and calls report with the Entry and its error. The lines
// an entry prints go to opt.Print as they are printed when it is set,
// else into the Entry's Output. A signal on interrupt stops the entry
// being evaluated and the session goes on; readLine's error matching
// context.Canceled drops the entry read so far. Repl returns nil at
// readLine's io.EOF, ctx's error once ctx is cancelled, and any other
// error of readLine or of report.
func Repl(ctx context.Context, opt *Options, readLine func(more bool) (string, error), interrupt <-chan os.Signal, report func(*Entry, error) error) error {
	o := Options{}
	if opt != nil {
		o = *opt
	}
	var en *Entry
	if o.Print == nil {
		o.Print = func(line string) { en.Output = append(en.Output, line) }
	}
	b := newSandbox(&o)
	defer b.Close()
	for {
		chunk, err := readChunk(readLine)
		eof := err == io.EOF
		switch {
		case errors.Is(err, context.Canceled):
			continue
		case err != nil && !eof:
			return err
		}
		if len(bytes.TrimSpace(chunk)) > 0 {
			en = &Entry{Input: string(chunk), Output: []string{}}
			v, ok, err := evalEntry(ctx, b, chunk, interrupt)
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if err != nil {
				msg := err.Error()
				en.Error = &msg
			} else if ok {
				en.Value = &v
			}
			if err := report(en, err); err != nil {
				return err
			}
		}
		if eof {
			return nil
		}
	}
}

// LineReader returns a readLine for Repl that reads the lines of r
// plainly, each of at most 4 MiB, and returns io.EOF at its end.
func LineReader(r io.Reader) func(more bool) (string, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, maxSource)
	return func(bool) (string, error) {
		if !sc.Scan() {
			return "", cmp.Or(sc.Err(), io.EOF)
		}
		return sc.Text(), nil
	}
}

// evalEntry evaluates an entry of a session in b, stopped by a signal on
// interrupt as by the cancellation of ctx.
func evalEntry(ctx context.Context, b *sandbox, chunk []byte, interrupt <-chan os.Signal) (string, bool, error) {
	run, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-interrupt:
			cancel()
		case <-done:
		}
	}()
	return b.Eval(run, "<stdin>", chunk)
}

// readChunk reads through readLine the lines of one entry: a line, or
// the lines of a compound statement up to the blank line that ends it.
// It returns their text for Eval (a syntax error is Eval's to report)
// and readLine's error, io.EOF at the end.
func readChunk(readLine func(more bool) (string, error)) ([]byte, error) {
	var chunk []byte
	var readErr error
	more := false
	fileOptions.ParseCompoundStmt("<stdin>", func() ([]byte, error) {
		line, err := readLine(more)
		more = true
		if err != nil {
			if readErr == nil {
				readErr = err
			}
			return nil, err
		}
		chunk = append(chunk, line...)
		chunk = append(chunk, '\n')
		return []byte(line + "\n"), nil
	})
	return chunk, readErr
}
