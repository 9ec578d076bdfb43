// Package scan reads whitespace-separated numbers from text streams (the
// matrix, polynomial and game files of grundy) through a fixed buffer,
// with line numbers for messages.
package scan

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"strconv"
	"strings"

	"github.com/nimbers/grundy/internal/nimkern"
	"github.com/nimbers/grundy/nimber"
)

// MaxInputBytes bounds what is read from one stream.
const MaxInputBytes = 1 << 30

// Line returns the current line number (1-based).
func (t *Tokens) Line() int { return t.line }

// Tokens reads whitespace-separated tokens from a stream through a fixed
// buffer, keeping track of line numbers for messages. A token may be at
// most maxToken bytes long.
type Tokens struct {
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

func New(name string, r io.Reader) *Tokens {
	return NewSize(name, r, tokenBuffer)
}

// NewSize is New with a buffer of the given size (more than
// maxToken for tokens of every allowed length to fit).
func NewSize(name string, r io.Reader, size int) *Tokens {
	return &Tokens{name: name, r: r, buf: make([]byte, size), line: 1}
}

// fill moves the unread bytes to the front and reads more; it reports
// whether any byte was added.
func (t *Tokens) fill() bool {
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
	if t.total > MaxInputBytes {
		t.eof, t.err = true, fmt.Errorf("input larger than %d bytes", MaxInputBytes)
	}
	return t.end > n
}

// skipSpace advances past white space, counting lines.
func (t *Tokens) skipSpace() {
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

// Next returns the next token, or nil at the end of the input (or on a
// read error, kept in t.err). The token is valid until the next call.
func (t *Tokens) Next() []byte {
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

// Errorf formats an error located at the current line.
func (t *Tokens) Errorf(format string, args ...any) error {
	return fmt.Errorf("%s: line %d: %s", t.name, t.line, fmt.Sprintf(format, args...))
}

// eofError explains the end of the input: a read error, or that it ends
// before what was expected.
func (t *Tokens) eofError(what string) error {
	if t.err != nil {
		return fmt.Errorf("%s: %v", t.name, t.err)
	}
	return t.Errorf("input ends early: expected %s", what)
}

// Nimber reads the next token as a nimber; what names the expected value
// for messages.
func (t *Tokens) Nimber(what string) (nimber.Nimber, error) {
	tok := t.Next()
	if tok == nil {
		return 0, t.eofError(what)
	}
	if len(tok) > maxToken {
		return 0, t.Errorf("%s: a token of more than %d bytes", what, maxToken)
	}
	a, err := nimkern.ParseBytes(tok)
	if err != nil {
		return 0, t.Errorf("%s: %s", what, err)
	}
	return nimber.Nimber(a), nil
}

// Count reads the next token as a non-negative count no larger than max.
func (t *Tokens) Count(what string, max uint64) (int, error) {
	a, err := t.Nimber(what)
	if err != nil {
		return 0, err
	}
	if uint64(a) > max {
		return 0, t.Errorf("%s %d is larger than %d", what, uint64(a), max)
	}
	return int(a), nil
}

// FastNimber reads the next token as a nimber without allocating. It
// reports false on any problem, after which the caller should stop: the
// message comes from explain.
func (t *Tokens) FastNimber() (nimber.Nimber, []byte, bool) {
	tok := t.Next()
	if len(tok) == 0 || len(tok) > maxToken {
		return 0, tok, false
	}
	if len(tok) <= 20 {
		if v, ok := parseDecimal(tok); ok {
			return nimber.Nimber(v), tok, true
		}
	}
	a, err := nimkern.ParseBytes(tok) // hex, or an error
	return nimber.Nimber(a), tok, err == nil
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

// Explain returns the error for a token that FastNimber refused.
func (t *Tokens) Explain(tok []byte, what string) error {
	if len(tok) == 0 {
		return t.eofError(what)
	}
	if len(tok) > maxToken {
		return t.Errorf("%s: a token of more than %d bytes", what, maxToken)
	}
	if _, err := nimkern.ParseBytes(tok); err != nil {
		return t.Errorf("%s: %s", what, err)
	}
	return t.Errorf("%s: %q could not be read", what, tok)
}

// Finish reports an error if any token is left, or the input failed.
func (t *Tokens) Finish(after string) error {
	tok := t.Next()
	if t.err != nil {
		return fmt.Errorf("%s: %v", t.name, t.err)
	}
	if tok != nil {
		s := string(tok)
		if len(s) > 20 {
			s = s[:20] + "…"
		}
		return t.Errorf("unexpected %s after %s", strconv.Quote(s), after)
	}
	return nil
}

// AtLineEnd skips blanks other than newlines and reports whether the line
// ends there (at a newline or the end of the input).
func (t *Tokens) AtLineEnd() bool {
	for {
		for t.pos < t.end && isSpace(t.buf[t.pos]) && t.buf[t.pos] != '\n' {
			t.pos++
		}
		if t.pos < t.end {
			return t.buf[t.pos] == '\n'
		}
		if !t.fill() {
			return true
		}
	}
}

// ErrTooMany is matched by errors.Is for the error of All when the input
// holds more values than its maximum.
var ErrTooMany = errors.New("more values than allowed")

// tooMany is All's error past its maximum: its text, matching ErrTooMany.
type tooMany struct{ error }

func (tooMany) Is(target error) bool { return target == ErrTooMany }

// All reads every remaining token as a nimber, at most max of them; what
// names one value for messages (e.g. "coefficient").
func (t *Tokens) All(what string, max int) ([]nimber.Nimber, error) {
	var out []nimber.Nimber
	for {
		v, tok, ok := t.FastNimber()
		if !ok {
			if len(tok) == 0 && t.err == nil {
				return out, nil
			}
			return nil, t.Explain(tok, fmt.Sprintf("%s %d", what, len(out)+1))
		}
		if len(out) == max {
			return nil, tooMany{t.Errorf("more than %d values", max)}
		}
		out = append(out, v)
	}
}

// Int reads a decimal integer, or a hexadecimal one after "0x".
func Int(s string) (int, error) {
	if h, ok := strings.CutPrefix(s, "0x"); ok && h != "" && !strings.HasPrefix(h, "-") && !strings.HasPrefix(h, "+") {
		v, err := strconv.ParseInt(h, 16, 0)
		return int(v), err
	}
	return strconv.Atoi(s)
}
