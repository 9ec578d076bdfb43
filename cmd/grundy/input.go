package main

import (
	"fmt"
	"io"
	"strconv"

	"grundy/nimber"
)

// maxInputBytes bounds what grundy reads from one input stream or file.
const maxInputBytes = 1 << 30

// operand parses the i-th operand (1-based) as a nimber below 2^64.
func operand(s string, i int) (nimber.Nimber, error) {
	a, err := nimber.Parse(s)
	if err != nil {
		return 0, fmt.Errorf("operand %d: %s", i, describe(err))
	}
	return a, nil
}

// operands parses every operand as a nimber.
func operands(args []string) ([]nimber.Nimber, error) {
	xs := make([]nimber.Nimber, len(args))
	for i, s := range args {
		a, err := operand(s, i+1)
		if err != nil {
			return nil, err
		}
		xs[i] = a
	}
	return xs, nil
}

// describe turns a parse error into a phrase without the package prefix.
func describe(err error) string {
	if pe, ok := errorsAs[*nimber.ParseError](err); ok {
		return pe.Quoted() + " " + pe.Reason
	}
	return err.Error()
}

// readAll reads a whole input stream, refusing one larger than
// maxInputBytes.
func readAll(r io.Reader, name string) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxInputBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if len(data) > maxInputBytes {
		return nil, fmt.Errorf("%s: input larger than %d bytes", name, maxInputBytes)
	}
	return data, nil
}

// tokens reads whitespace-separated tokens from an input held in memory,
// keeping track of line numbers for messages.
type tokens struct {
	name string // "stdin" or a file name, for messages
	data []byte
	pos  int
	line int
}

func newTokens(name string, data []byte) *tokens {
	return &tokens{name: name, data: data, line: 1}
}

// next returns the next token, or nil at the end of the input.
func (t *tokens) next() []byte {
	d, i := t.data, t.pos
	for i < len(d) && isSpace(d[i]) {
		if d[i] == '\n' {
			t.line++
		}
		i++
	}
	start := i
	for i < len(d) && !isSpace(d[i]) {
		i++
	}
	t.pos = i
	if start == i {
		return nil
	}
	return d[start:i]
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\v' || c == '\f'
}

// errorf formats an error located at the current line.
func (t *tokens) errorf(format string, args ...any) error {
	return fmt.Errorf("%s: line %d: %s", t.name, t.line, fmt.Sprintf(format, args...))
}

// nimber reads the next token as a nimber; what names the expected value
// for the message at the end of the input.
func (t *tokens) nimber(what string) (nimber.Nimber, error) {
	tok := t.next()
	if tok == nil {
		return 0, t.errorf("input ends early: expected %s", what)
	}
	a, err := nimber.ParseBytes(tok)
	if err != nil {
		return 0, t.errorf("%s: %s", what, describe(err))
	}
	return a, nil
}

// count reads the next token as a non-negative count no larger than max.
func (t *tokens) count(what string, max uint64) (int, error) {
	a, err := t.nimber(what)
	if err != nil {
		return 0, err
	}
	if uint64(a) > max {
		return 0, t.errorf("%s %d is larger than %d", what, uint64(a), max)
	}
	return int(a), nil
}

// end reports an error if any token is left.
func (t *tokens) end(after string) error {
	if tok := t.next(); tok != nil {
		s := string(tok)
		if len(s) > 20 {
			s = s[:20] + "…"
		}
		return t.errorf("unexpected %s after %s", strconv.Quote(s), after)
	}
	return nil
}
