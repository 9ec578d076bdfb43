package nimber

import "strconv"

// maxQuoted bounds how much of a bad operand an error message repeats.
const maxQuoted = 40

// quote returns s quoted for an error message, shortened if it is long.
func quote(s string) string {
	if len(s) > maxQuoted {
		return strconv.Quote(s[:maxQuoted]) + "…"
	}
	return strconv.Quote(s)
}

// Parse reads a nimber written as a decimal integer or as a 0x-prefixed
// hexadecimal integer, in [0, 2^64). Signs, spaces, underscores and empty
// strings are errors; the error names the operand and the problem.
func Parse(s string) (Nimber, error) {
	v, err := parseUint(s)
	return Nimber(v), err
}

// parseBytes is Parse for a byte slice, without allocating when b is
// valid. Package nimkern passes it on to internal/scan.
func parseBytes(b []byte) (Nimber, error) {
	v, ok := scanUint(b)
	if !ok {
		return 0, badNumber(string(b))
	}
	return Nimber(v), nil
}

func parseUint(s string) (uint64, error) {
	if v, ok := scanUint([]byte(s)); ok {
		return v, nil
	}
	return 0, badNumber(s)
}

// scanUint parses decimal or 0x-hex digits into a uint64, reporting false on
// any malformed input or overflow.
func scanUint(b []byte) (uint64, bool) {
	if len(b) > 2 && b[0] == '0' && (b[1] == 'x' || b[1] == 'X') {
		b = b[2:]
		if len(b) > 16 {
			// Leading zeros are fine; more than 16 significant digits are not.
			for len(b) > 16 && b[0] == '0' {
				b = b[1:]
			}
			if len(b) > 16 {
				return 0, false
			}
		}
		var v uint64
		for _, c := range b {
			d, ok := hexDigit(c)
			if !ok {
				return 0, false
			}
			v = v<<4 | uint64(d)
		}
		return v, true
	}
	if len(b) == 0 {
		return 0, false
	}
	var v uint64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		d := uint64(c - '0')
		if v > (1<<64-1-d)/10 {
			return 0, false
		}
		v = v*10 + d
	}
	return v, true
}

func hexDigit(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// A parseError reports an operand that is not a valid nimber.
type parseError struct {
	input  string // the operand as given
	reason string // what is wrong with it, as a phrase following the operand
}

// Error returns the quoted operand (shortened if long) and the reason.
func (e *parseError) Error() string { return quote(e.input) + " " + e.reason }

// badNumber explains why s is not a nimber below 2^64.
func badNumber(s string) error {
	switch {
	case s == "":
		return &parseError{s, "is empty: want a decimal or 0x-hex integer"}
	case s[0] == '-' && len(s) > 1 && isNumber(s[1:]):
		return &parseError{s, "is negative: nimbers are integers in [0, 2^64)"}
	case isNumber(s):
		return &parseError{s, "is too large: nimbers here are below 2^64"}
	}
	return &parseError{s, "is not a decimal or 0x-hex integer"}
}

// isNumber reports whether s is a well-formed decimal or 0x-hex integer of
// any size.
func isNumber(s string) bool {
	if len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		for i := 2; i < len(s); i++ {
			if _, ok := hexDigit(s[i]); !ok {
				return false
			}
		}
		return true
	}
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
