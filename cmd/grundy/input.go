package main

import (
	"encoding/binary"
	"fmt"
	"io"
	"math/bits"
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

// tokens reads whitespace-separated tokens from a stream through a fixed
// buffer, keeping track of line numbers for messages. A token may be at
// most maxToken bytes long.
type tokens struct {
	name  string // "stdin" or a file name, for messages
	r     io.Reader
	buf   []byte
	pos   int // next unread byte in buf
	end   int // end of the valid bytes in buf
	eof   bool
	err   error // a read error other than io.EOF
	line  int
	total int64 // bytes read so far
}

const (
	tokenBuffer = 1 << 20
	maxToken    = 1 << 12
)

func newTokens(name string, r io.Reader) *tokens {
	return newTokensSize(name, r, tokenBuffer)
}

// newTokensSize is newTokens with a buffer of the given size (more than
// maxToken for tokens of every allowed length to fit).
func newTokensSize(name string, r io.Reader, size int) *tokens {
	return &tokens{name: name, r: r, buf: make([]byte, size), line: 1}
}

// fill moves the unread bytes to the front and reads more; it reports
// whether any byte was added.
func (t *tokens) fill() bool {
	if t.eof {
		return false
	}
	n := copy(t.buf, t.buf[t.pos:t.end])
	t.pos, t.end = 0, n
	for t.end < len(t.buf) {
		m, err := t.r.Read(t.buf[t.end:])
		t.end += m
		t.total += int64(m)
		if err != nil {
			t.eof = true
			if err != io.EOF {
				t.err = err
			}
			break
		}
		if m > 0 {
			break
		}
	}
	if t.total > maxInputBytes {
		t.eof, t.err = true, fmt.Errorf("input larger than %d bytes", maxInputBytes)
	}
	return t.end > n
}

// skipSpace advances past white space, counting lines.
func (t *tokens) skipSpace() {
	for {
		for t.pos < t.end && isSpace(t.buf[t.pos]) {
			if t.buf[t.pos] == '\n' {
				t.line++
			}
			t.pos++
		}
		if t.pos < t.end || !t.fill() {
			return
		}
	}
}

// next returns the next token, or nil at the end of the input (or on a
// read error, kept in t.err). The token is valid until the next call.
func (t *tokens) next() []byte {
	t.skipSpace()
	i := t.pos
	for {
		for i < t.end && !isSpace(t.buf[i]) {
			i++
		}
		if i < t.end || t.eof || i-t.pos > maxToken {
			break
		}
		off := i - t.pos
		t.fill()
		i = t.pos + off
	}
	tok := t.buf[t.pos:i]
	t.pos = i
	if len(tok) == 0 {
		return nil
	}
	return tok
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\v' || c == '\f'
}

// errorf formats an error located at the current line.
func (t *tokens) errorf(format string, args ...any) error {
	return fmt.Errorf("%s: line %d: %s", t.name, t.line, fmt.Sprintf(format, args...))
}

// eofError explains the end of the input: a read error, or that it ends
// before what was expected.
func (t *tokens) eofError(what string) error {
	if t.err != nil {
		return fmt.Errorf("%s: %v", t.name, t.err)
	}
	return t.errorf("input ends early: expected %s", what)
}

// nimber reads the next token as a nimber; what names the expected value
// for messages.
func (t *tokens) nimber(what string) (nimber.Nimber, error) {
	tok := t.next()
	if tok == nil {
		return 0, t.eofError(what)
	}
	if len(tok) > maxToken {
		return 0, t.errorf("%s: a token of more than %d bytes", what, maxToken)
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

// fastNimber reads the next token as a nimber without allocating. It
// reports false on any problem, after which the caller should stop: the
// message comes from explain.
func (t *tokens) fastNimber() (nimber.Nimber, []byte, bool) {
	tok := t.next()
	if len(tok) == 0 || len(tok) > maxToken {
		return 0, tok, false
	}
	if len(tok) <= 20 {
		if v, ok := parseDecimal(tok); ok {
			return nimber.Nimber(v), tok, true
		}
	}
	a, err := nimber.ParseBytes(tok) // hex, or an error
	return a, tok, err == nil
}

// parseDecimal parses 1 to 20 decimal digits into a uint64, eight digits at
// a time, reporting false for anything else or an overflow.
func parseDecimal(tok []byte) (uint64, bool) {
	var v uint64
	n := len(tok)
	head := n % 8
	for _, c := range tok[:head] {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + uint64(c-'0')
	}
	for i := head; i < n; i += 8 {
		d, ok := eightDigits(binary.LittleEndian.Uint64(tok[i:]))
		if !ok {
			return 0, false
		}
		if n == 20 && i == 12 {
			// The last step of a 20-digit number may overflow.
			hi, lo := bits.Mul64(v, 1e8)
			lo, carry := bits.Add64(lo, d, 0)
			if hi != 0 || carry != 0 {
				return 0, false
			}
			return lo, true
		}
		v = v*1e8 + d
	}
	return v, true
}

// eightDigits converts eight ASCII digits, the first (most significant)
// in the low byte, combining neighbours in pairs, then pairs of pairs.
func eightDigits(x uint64) (uint64, bool) {
	// Every byte must be 0x30..0x39: high nibble 3, and adding 6 keeps it 3.
	const nibbles, threes, sixes = 0xf0f0f0f0f0f0f0f0, 0x3030303030303030, 0x0606060606060606
	if x&nibbles != threes || (x+sixes)&nibbles != threes {
		return 0, false
	}
	x -= threes
	x = (x*10 + x>>8) & 0x00ff00ff00ff00ff
	x = (x*100 + x>>16) & 0x0000ffff0000ffff
	x = (x*10000 + x>>32) & 0xffffffff
	return x, true
}

// explain returns the error for a token that fastNimber refused.
func (t *tokens) explain(tok []byte, what string) error {
	if len(tok) == 0 {
		return t.eofError(what)
	}
	if len(tok) > maxToken {
		return t.errorf("%s: a token of more than %d bytes", what, maxToken)
	}
	if _, err := nimber.ParseBytes(tok); err != nil {
		return t.errorf("%s: %s", what, describe(err))
	}
	return t.errorf("%s: %q could not be read", what, tok)
}

// writeLines writes each nimber in decimal on its own line.
func writeLines(w io.Writer, xs []nimber.Nimber) {
	buf := make([]byte, 0, 1<<16)
	for _, x := range xs {
		buf = strconv.AppendUint(buf, uint64(x), 10)
		buf = append(buf, '\n')
		if len(buf) > 1<<16-24 {
			w.Write(buf)
			buf = buf[:0]
		}
	}
	w.Write(buf)
}

// finish reports an error if any token is left, or the input failed.
func (t *tokens) finish(after string) error {
	tok := t.next()
	if t.err != nil {
		return fmt.Errorf("%s: %v", t.name, t.err)
	}
	if tok != nil {
		s := string(tok)
		if len(s) > 20 {
			s = s[:20] + "…"
		}
		return t.errorf("unexpected %s after %s", strconv.Quote(s), after)
	}
	return nil
}
