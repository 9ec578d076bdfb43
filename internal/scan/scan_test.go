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

func FuzzAll(f *testing.F) {
	for _, s := range []string{"1 2 3", "0x10\n\n7", "", "1 x", "18446744073709551616", "  \t5  "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		got, err := New("fuzz", strings.NewReader(in)).All("value", 1000)
		fields := strings.Fields(in)
		// strings.Fields also splits at Unicode spaces, which are not
		// separators here; compare only ASCII inputs.
		for _, c := range []byte(in) {
			if c >= 0x80 || (c < ' ' && !isSpace(c)) {
				return
			}
		}
		var want []uint64
		ok := len(fields) <= 1000
		for _, s := range fields {
			var v uint64
			var e error
			if len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && s[2] != '+' && s[2] != '-' && s[2] != '_' {
				v, e = strconv.ParseUint(s[2:], 16, 64)
			} else if s[0] != '+' && s[0] != '-' {
				v, e = strconv.ParseUint(s, 10, 64)
			} else {
				e = strconv.ErrSyntax
			}
			if e != nil {
				ok = false
			}
			want = append(want, v)
		}
		if ok != (err == nil) {
			t.Fatalf("All(%q): %v, reference ok=%v", in, err, ok)
		}
		if ok {
			for i := range want {
				if uint64(got[i]) != want[i] {
					t.Fatalf("All(%q)[%d] = %d, want %d", in, i, got[i], want[i])
				}
			}
			if len(got) != len(want) {
				t.Fatalf("All(%q): %d values, want %d", in, len(got), len(want))
			}
		}
	})
}
