// Package listtext reads the lists that positions of games are written
// as: decimal numbers separated by spaces, commas, tabs or line breaks.
// The games/ packages share it so that their messages read alike.
package listtext

import "github.com/nimbers/grundy/games"

// Number reads the decimal number at s[i:], at most limit; it returns
// the number and the offset after it, or a *games.InputError naming
// what was wanted, at offset i.
func Number(s string, i, limit int, what string) (int, int, error) {
	j := i
	n := 0
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		n = 10*n + int(s[j]-'0')
		if n > limit {
			return 0, 0, games.InputErrorf("at offset %d: %s %s is more than %d", i, what, s[i:j+1], limit)
		}
		j++
	}
	if j == i {
		if i == len(s) {
			return 0, 0, games.InputErrorf("at offset %d: the text ends where %s should be", i, what)
		}
		return 0, 0, games.InputErrorf("at offset %d: %q is not %s", i, rune(s[i]), what)
	}
	return n, j, nil
}

// IsSep reports whether c separates items: a space, comma, tab or line
// break.
func IsSep(c byte) bool { return c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '\r' }

// SkipSeps returns the offset of the first byte at or after i that does
// not separate items.
func SkipSeps(s string, i int) int {
	for i < len(s) && IsSep(s[i]) {
		i++
	}
	return i
}
