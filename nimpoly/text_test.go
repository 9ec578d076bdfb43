package nimpoly

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nimbers/grundy/nimber"
)

// TestReadWrite reads polynomials written by hand and checks WriteTo's
// text against fmt's decimal digits.
func TestReadWrite(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Poly
	}{
		{"", nil},
		{"1 2\n0x10\t0\n", Poly{1, 2, 16, 0}},
		{"18446744073709551615", Poly{1<<64 - 1}},
	} {
		p, err := Read(strings.NewReader(c.in), "test")
		if err != nil || fmt.Sprint(p) != fmt.Sprint(c.want) {
			t.Errorf("Read(%q) = %v, %v; want %v", c.in, p, err, c.want)
		}
		var b strings.Builder
		n, err := p.WriteTo(&b)
		want := strings.Trim(fmt.Sprint(c.want), "[]")
		if len(c.want) == 0 {
			want = "0"
		}
		if err != nil || b.String() != want+"\n" || n != int64(b.Len()) {
			t.Errorf("WriteTo(%v) = %q, %d, %v; want %q", p, b.String(), n, err, want+"\n")
		}
	}
	for _, c := range [][2]string{
		{"1 2 x 4\n", `test: line 1: coefficient 3: "x" is not a decimal or 0x-hex integer`},
		{"1\n18446744073709551616\n", "test: line 2: coefficient 2: "},
		{strings.Repeat("1 ", 1<<24+1), "test: line 1: more than 16777216 values"},
	} {
		if _, err := Read(strings.NewReader(c[0]), "test"); err == nil || !strings.HasPrefix(err.Error(), c[1]) {
			t.Errorf("Read(%.20q): %v; want %s…", c[0], err, c[1])
		}
	}
}

// FuzzRead compares Read with a reading by strings.FieldsFunc and
// strconv, and reads back what WriteTo writes.
func FuzzRead(f *testing.F) {
	f.Add("1 2 0x10\n0\n")
	f.Add("0x 1")
	f.Add("\v18446744073709551615\f")
	f.Fuzz(func(t *testing.T, in string) {
		var want Poly
		ok := true
		for _, s := range strings.FieldsFunc(in, func(c rune) bool { return strings.ContainsRune(" \t\n\v\f\r", c) }) {
			base := 10
			if len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
				s, base = s[2:], 16
			}
			v, err := strconv.ParseUint(s, base, 64)
			ok = ok && err == nil && len(s) <= 4096
			want = append(want, nimber.Nimber(v))
		}
		p, err := Read(strings.NewReader(in), "fuzz")
		if (err == nil) != ok || ok && !slices.Equal(p, want) {
			t.Fatalf("Read(%q) = %v, %v; want %v (valid: %v)", in, p, err, want, ok)
		}
		var b strings.Builder
		p.WriteTo(&b)
		if back, err := Read(strings.NewReader(b.String()), "back"); err != nil || len(p) > 0 && !slices.Equal(back, p) {
			t.Fatalf("%v reads back as %v, %v", p, back, err)
		}
	})
}
