package heap

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// chunks records the writes it is given.
type chunks struct {
	b     strings.Builder
	sizes []int
}

func (c *chunks) Write(p []byte) (int, error) {
	c.sizes = append(c.sizes, len(p))
	return c.b.Write(p)
}

// textOf returns v as decimal numbers joined by sep.
func textOf(v []uint64, sep string) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.FormatUint(x, 10)
	}
	return strings.Join(s, sep)
}

// TestWriteValues checks the text and the JSON of WriteValues against
// the values joined by strings.Join and decoded by encoding/json, for
// sequences short and longer than the 64 KiB it holds.
func TestWriteValues(t *testing.T) {
	rng := rand.New(rand.NewPCG(52, 3))
	for _, n := range []int{0, 1, 7, 100000} {
		v := randomValues(rng, n)
		var c chunks
		if err := WriteValues(&c, "octal 0.77", v, false); err != nil {
			t.Fatal(err)
		}
		if want := textOf(v, " ") + "\n"; c.b.String() != want {
			t.Errorf("%d values: text %.80q, want %.80q", n, c.b.String(), want)
		}
		if slices.Max(c.sizes) > 1<<16 {
			t.Errorf("%d values: a write of %d bytes", n, slices.Max(c.sizes))
		}
		c = chunks{}
		if err := WriteValues(&c, `a "<name>"`, v, true); err != nil {
			t.Fatal(err)
		}
		var got struct {
			Name   string   `json:"name"`
			Values []uint64 `json:"values"`
		}
		if err := json.Unmarshal([]byte(c.b.String()), &got); err != nil || got.Name != `a "<name>"` || !slices.Equal(got.Values, v) {
			t.Errorf("%d values: JSON %.80q: %v", n, c.b.String(), err)
		}
		if want := `,"values":[` + textOf(v, ",") + "]}\n"; !strings.HasSuffix(c.b.String(), want) {
			t.Errorf("%d values: JSON %.80q does not end in %.80q", n, c.b.String(), want)
		}
	}
	bad := errors.New("full")
	if err := WriteValues(failWriter{bad}, "nim", []uint64{1, 2}, false); err != bad {
		t.Errorf("a failing writer: %v", err)
	}
}

// failWriter fails every write with err.
type failWriter struct{ err error }

func (f failWriter) Write([]byte) (int, error) { return 0, f.err }

// TestValuesRangeText checks the text and the JSON of a range of a
// values file against the values written, and that a damaged file
// writes nothing.
func TestValuesRangeText(t *testing.T) {
	rng := rand.New(rand.NewPCG(52, 4))
	n := 3 * frameValues / 2
	v := randomValues(rng, n)
	dir := t.TempDir()
	path := filepath.Join(dir, "v")
	data := writeValuesFile(t, rng, GrundysGame(), v, true)
	os.WriteFile(path, data, 0o644)
	for _, c := range [][2]int{{0, n}, {3, 9}, {frameValues - 2, frameValues + 2}} {
		r, err := OpenValuesRange(path, c[0], c[1], nil)
		if err != nil {
			t.Fatal(err)
		}
		var text, js strings.Builder
		if err := r.WriteText(&text, false); err != nil {
			t.Fatal(err)
		}
		if err := r.WriteText(&js, true); err != nil {
			t.Fatal(err)
		}
		r.Close()
		want := v[c[0]:c[1]]
		if text.String() != textOf(want, " ")+"\n" {
			t.Errorf("%v: text %.80q", c, text.String())
		}
		var got struct {
			Name   string   `json:"name"`
			From   *int     `json:"from"`
			Values []uint64 `json:"values"`
		}
		if err := json.Unmarshal([]byte(js.String()), &got); err != nil || got.Name != "grundys-game" || got.From == nil || *got.From != c[0] || !slices.Equal(got.Values, want) {
			t.Errorf("%v: JSON %.80q: %v", c, js.String(), err)
		}
	}
	// A frame damaged past the first is found by the checking pass.
	bad := filepath.Join(dir, "bad")
	damaged := slices.Clone(data)
	damaged[len(damaged)-40] ^= 0xff
	os.WriteFile(bad, damaged, 0o644)
	r, err := OpenValuesRange(bad, 0, n, nil)
	if err != nil {
		t.Skipf("the damage is found on opening: %v", err)
	}
	defer r.Close()
	var c chunks
	if err := r.WriteText(&c, false); err == nil || c.b.Len() > 0 {
		t.Errorf("a damaged file: error %v, %d bytes written", err, c.b.Len())
	}
}
