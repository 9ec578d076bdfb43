package scan

import (
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
)

func FuzzParseDecimal(f *testing.F) {
	for _, s := range []string{"0", "12345678", "18446744073709551615", "18446744073709551616",
		"99999999999999999999", "1234567/", "12:45678", "00000000000000000001", "7"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) == 0 || len(s) > 20 {
			return
		}
		got, ok := parseDecimal([]byte(s))
		want, err := strconv.ParseUint(s, 10, 64)
		if s[0] == '+' || s[0] == '-' || strings.Contains(s, "_") {
			err = strconv.ErrSyntax // strconv's extras that decimals here lack
		}
		if ok != (err == nil) || (ok && got != want) {
			t.Fatalf("parseDecimal(%q) = %d, %v; strconv gives %d, %v", s, got, ok, want, err)
		}
	})
}

func TestTokensAcrossRefills(t *testing.T) {
	// Tokens of every length straddle the ends of a small buffer, read one
	// byte at a time.
	var in strings.Builder
	var want []string
	for i := range 300 {
		tok := strings.Repeat(strconv.Itoa(i%10), 1+i%25)
		want = append(want, tok)
		in.WriteString(tok)
		in.WriteString([]string{" ", "\n", "\t\r\n", "  "}[i%4])
	}
	for _, size := range []int{64, 100, 1 << 12} {
		tk := NewSize("test", iotest.OneByteReader(strings.NewReader(in.String())), size)
		for i, w := range want {
			if got := string(tk.Next()); got != w {
				t.Fatalf("buffer %d: token %d = %q, want %q", size, i, got, w)
			}
		}
		if tk.Next() != nil {
			t.Fatalf("buffer %d: tokens after the end", size)
		}
		if tk.line != 1+strings.Count(in.String(), "\n") {
			t.Fatalf("buffer %d: line %d", size, tk.line)
		}
	}
}
