package games

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/nimbers/grundy/internal/scan"
)

// maxEachInput bounds the bytes of the positions Each reads.
const maxEachInput = 64 << 20

// Each answers the positions r holds, one a line (blank lines and lines
// beginning with # skipped): every line is read and parsed first, so
// that a malformed one fails the call, naming the line, before any is
// answered; then answer is called with each line's Line, in order. Each
// stops at answer's first error and returns it, and with ctx's error
// when ctx is cancelled. name names r in errors.
func (s *Session) Each(ctx context.Context, r io.Reader, name string, answer func(*Line) error) error {
	lines, err := scan.ReadLines(r, name, maxEachInput, "positions")
	if err != nil {
		return err
	}
	for _, l := range lines {
		if _, err := s.rules.Parse(l.Text); err != nil {
			return fmt.Errorf("%s line %d: %w", name, l.N, err)
		}
	}
	for _, l := range lines {
		line := l.Text
		a, err := s.Ask(ctx, line)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err := answer(&Line{line, a, err}); err != nil {
			return err
		}
	}
	return nil
}

// A Line is Each's answer to a line: the position as the line has it,
// and its Answer or, for a position past the session's limits, the
// error.
type Line struct {
	Position string
	Answer   *Answer
	Err      error
}

// MarshalJSON returns l as grundy game --each --json prints it: the
// Answer's JSON, or {"position": …, "error": …}.
func (l *Line) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	var err error
	if l.Err != nil {
		err = enc.Encode(struct {
			Position string `json:"position"`
			Error    string `json:"error"`
		}{l.Position, l.Err.Error()})
	} else {
		err = enc.Encode(l.Answer)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), err
}

// WriteTo writes l as grundy game --each prints it, a line:
// "POSITION<tab>VALUE<tab>WINNER", or "POSITION<tab>error: ERROR". It
// returns the bytes written and the first error.
func (l *Line) WriteTo(w io.Writer) (int64, error) {
	var n int
	var err error
	if l.Err != nil {
		n, err = fmt.Fprintf(w, "%s\terror: %v\n", l.Position, l.Err)
	} else {
		n, err = fmt.Fprintf(w, "%s\t%s\t%s\n", l.Position, l.Answer.Value, l.Answer.Winner)
	}
	return int64(n), err
}

// Tables keeps the session's tables past the run: it first reads the
// tables saved in the file resume (none when resume is empty), then, when
// save is not empty, saves them to save every every (2 minutes when 0)
// of a search and once more when the function it returns is called. That
// function returns the run's error it is given, or else the last save's.
// A save writes a temporary file renamed over save, so that a stop
// midway leaves the last one whole.
func (s *Session) Tables(resume, save string, every time.Duration) (func(error) error, error) {
	if resume != "" {
		in, err := os.Open(resume)
		if err != nil {
			return nil, err
		}
		err = s.e.LoadTables(in)
		in.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", resume, err)
		}
	}
	if save == "" {
		return func(err error) error { return err }, nil
	}
	write := func() error {
		if err := writeAtomic(save, s.e.SaveTables); err != nil {
			return fmt.Errorf("saving the tables: %w", err)
		}
		return nil
	}
	s.e.Checkpoint, s.e.CheckpointEvery = write, every
	if every == 0 {
		s.e.CheckpointEvery = 2 * time.Minute
	}
	return func(err error) error {
		if serr := write(); err == nil {
			err = serr
		}
		return err
	}, nil
}

// writeAtomic writes a file through write, to a temporary file renamed
// over it once complete.
func writeAtomic(name string, write func(io.Writer) error) error {
	tmp := name + ".tmp"
	out, err := os.Create(tmp)
	if err != nil {
		return scan.PathError(err)
	}
	if err := write(out); err != nil {
		out.Close()
		return err
	}
	if err := out.Close(); err != nil {
		return scan.PathError(err)
	}
	return os.Rename(tmp, name)
}
