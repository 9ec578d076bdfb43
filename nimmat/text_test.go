package nimmat

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/nimbers/grundy/nimber"
)

func TestReadGood(t *testing.T) {
	cases := []struct {
		in   string
		rows [][]nimber.Nimber
	}{
		{"2\n1 2\n3 4\n", [][]nimber.Nimber{{1, 2}, {3, 4}}},
		{"2 3\n1 2 3\n0x4 0x5 0X6\n", [][]nimber.Nimber{{1, 2, 3}, {4, 5, 6}}},
		{"  1 \r\n\n 18446744073709551615  \n", [][]nimber.Nimber{{1<<64 - 1}}},
		{"2\n1 2\n3 4", [][]nimber.Nimber{{1, 2}, {3, 4}}},
		{"0\n", nil},
	}
	for _, c := range cases {
		m, err := Read(strings.NewReader(c.in), "test")
		if err != nil {
			t.Fatalf("%q: %v", c.in, err)
		}
		want, _ := fromRows(c.rows)
		if !m.equal(want) {
			t.Fatalf("%q: read %v", c.in, m.data)
		}
	}
}

func TestReadBad(t *testing.T) {
	cases := map[string]string{
		"":                          "ends early",
		"x\n":                       "not a decimal",
		"2\n1 2\n3\n":               "row 2 has 1 entries, want 2",
		"2\n1 2 3\n4 5\n":           "row 1 has more than 2 entries",
		"2\n1 2\n":                  "ends early: expected row 2, entry 1",
		"2\n1 2\n3 4\n5\n":          `unexpected "5" after the 2 rows`,
		"2 3 4\n":                   "only",
		"1\n18446744073709551616\n": "too large",
		"1\n-1\n":                   "negative",
		"70000\n":                   "larger than 65536",
		"65536 65536\n":             "larger than",
		"2\n1\n2 3\n4\n":            "row 1 has 1 entries",
	}
	for in, want := range cases {
		_, err := Read(strings.NewReader(in), "m.txt")
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: error %v, want one line mentioning %q", in, err, want)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "m.txt: ") {
			t.Errorf("%q: error %q does not name the input", in, err)
		}
	}
}

func TestWriteRoundTrip(t *testing.T) {
	r := newRand(11)
	for _, shape := range [][2]int{{3, 3}, {2, 5}, {1, 1}, {4, 1}} {
		m := randMatrix(r, shape[0], shape[1], false)
		var buf bytes.Buffer
		if err := Write(&buf, m); err != nil {
			t.Fatal(err)
		}
		back, err := Read(&buf, "round trip")
		if err != nil || !back.equal(m) {
			t.Fatalf("round trip of %v: %v", shape, err)
		}
	}
}

func FuzzRead(f *testing.F) {
	for _, s := range []string{"2\n1 2\n3 4\n", "2 3\n1 2 3\n4 5 6\n", "1\n0x10\n", "2\n1\n2 3\n", "3 1\n1\n2\n3\n", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		m, err := Read(strings.NewReader(in), "fuzz")
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		// What was read is the tokens of the input, one row per line.
		var buf bytes.Buffer
		Write(&buf, m)
		back, err := Read(&buf, "again")
		if err != nil || !back.equal(m) {
			t.Fatalf("round trip failed: %v", err)
		}
		fields := strings.Fields(in)
		if len(fields) < m.rows*m.cols+1 {
			t.Fatalf("read %d entries from %d tokens", m.rows*m.cols, len(fields))
		}
		if m.rows > 0 && m.cols > 0 {
			last, _ := nimber.Parse(fields[len(fields)-1])
			if m.At(m.rows-1, m.cols-1) != last {
				t.Fatalf("last entry %d, last token %q", m.At(m.rows-1, m.cols-1), fields[len(fields)-1])
			}
		}
	})
}

// TestMarshalJSON checks rows of decimal strings, entries past 2^53
// written exactly.
func TestMarshalJSON(t *testing.T) {
	m, err := fromRows([][]nimber.Nimber{{1, 2}, {0, 1<<64 - 1}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		m    *Matrix
		want string
	}{
		{m, `{"m":[["1","2"],["0","18446744073709551615"]]}`},
		{New(0, 0), `{"m":[]}`},
		{New(1, 0), `{"m":[[]]}`},
	} {
		got, err := json.Marshal(map[string]*Matrix{"m": c.m})
		if err != nil || string(got) != c.want {
			t.Errorf("%s %v, want %s", got, err, c.want)
		}
	}
}
