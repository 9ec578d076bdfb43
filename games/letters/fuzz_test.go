package letters

import (
	"strconv"
	"strings"
	"testing"
)

// FuzzRead checks Read against strings.Fields.
func FuzzRead(f *testing.F) {
	for _, s := range []string{"2\nab\ncd\n", "1 a", "0", "3\na\n", "1\nA\n", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		masks, err := Read(strings.NewReader(in), "fuzz")
		for _, c := range []byte(in) {
			if c >= 0x80 || (c < ' ' && !strings.ContainsRune("\t\n\v\f\r", rune(c))) {
				return // strings.Fields splits differently outside ASCII
			}
		}
		f := strings.Fields(in)
		ok := len(f) > 0
		var n uint64
		if ok {
			var e error
			n, e = strconv.ParseUint(f[0], 10, 64)
			ok = e == nil && n == uint64(len(f)-1)
		}
		var want []uint32
		for _, w := range f[min(1, len(f)):] {
			var m uint32
			for _, c := range w {
				if c < 'a' || c > 'z' {
					ok = false
					continue
				}
				m |= 1 << (c - 'a')
			}
			want = append(want, m)
		}
		if ok != (err == nil) {
			// A hex count ("0x2") is also a count here.
			if strings.HasPrefix(f[0], "0x") || strings.HasPrefix(f[0], "0X") {
				return
			}
			t.Fatalf("Read(%q): %v; reference ok=%v", in, err, ok)
		}
		if ok {
			for i := range want {
				if masks[i] != want[i] {
					t.Fatalf("Read(%q): word %d", in, i+1)
				}
			}
		}
	})
}
