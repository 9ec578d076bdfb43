package heap

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/nimbers/grundy/budget"
)

// TestValuesRange writes values in frames of random lengths and reads
// ranges of them back, across frame boundaries and past the end,
// against the slice written; the census of the whole file against its
// summaries counted heap by heap.
func TestValuesRange(t *testing.T) {
	rng := rand.New(rand.NewPCG(52, 1))
	n := 5 * frameValues / 2
	v := randomValues(rng, n)
	path := filepath.Join(t.TempDir(), "v")
	if err := os.WriteFile(path, writeValuesFile(t, rng, GrundysGame(), v, true), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range [][2]int{{0, n}, {0, 1}, {n - 1, n}, {5, 70000}, {frameValues, frameValues + 3}, {1000, 1 << 40}, {n - 3, n + 5}} {
		r, err := OpenValuesRange(path, c[0], c[1], nil)
		if err != nil {
			t.Fatal(err)
		}
		var got []uint64
		if err := r.Each(func(part []uint64) { got = append(got, part...) }); err != nil {
			t.Fatal(err)
		}
		if want := v[c[0]:min(n, c[1])]; !slices.Equal(got, want) || r.Game() != "grundys-game" {
			t.Errorf("%v: %d values of %s, want %d", c, len(got), r.Game(), len(want))
		}
		r.Close()
	}

	r, err := OpenValuesRange(path, 0, 1<<62, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	cs, err := r.Census()
	if err != nil {
		t.Fatal(err)
	}
	info, ms := cs.info, cs.Milestones
	if want := SparseClasses(v); info.Mask != want.Mask || info.Twist != want.Twist {
		t.Errorf("classes %#x %v, want %#x %v", info.Mask, info.Twist, want.Mask, want.Twist)
	}
	var heaps []int
	for p := 1; p < n; p *= 2 {
		heaps = append(heaps, p)
	}
	heaps = append(heaps, n)
	if len(ms) != len(heaps) {
		t.Fatalf("%d milestones, want %d", len(ms), len(heaps))
	}
	for i, m := range ms {
		want := Milestone{Heaps: heaps[i], LastSparse: -1}
		for h, x := range v[:heaps[i]] {
			if x > want.Max || h == 0 {
				want.Max, want.MaxAt = x, h
			}
			if h > 0 && info.class(h, x) == 0 {
				want.Sparse++
				want.LastSparse = h
			}
		}
		if m != want {
			t.Errorf("milestone %+v, want %+v", m, want)
		}
	}
}

// TestValuesRangeRefusals wants each refusal before a value is read.
func TestValuesRangeRefusals(t *testing.T) {
	rng := rand.New(rand.NewPCG(52, 2))
	dir := t.TempDir()
	n := 3 * frameValues
	path := filepath.Join(dir, "v")
	os.WriteFile(path, writeValuesFile(t, rng, GrundysGame(), randomValues(rng, n), true), 0o644)
	bad := filepath.Join(dir, "bad")
	os.WriteFile(bad, []byte("not a values file at all"), 0o644)
	if _, err := OpenValuesRange(path, 0, n, &budget.Options{Limit: 1000}); !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("a range over the limit: %v", err)
	}
	if _, err := OpenValuesRange(path, n-5, n, &budget.Options{Limit: 2 * MaxFrameValues}); err != nil {
		t.Errorf("a short range from far on: %v", err)
	}
	if _, err := OpenValuesRange(bad, 0, 10, nil); !errors.Is(err, ErrValuesFile) {
		t.Errorf("no values file: %v", err)
	}
	if _, err := OpenValuesRange(filepath.Join(dir, "none"), 0, 10, nil); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("no file: %v", err)
	}
	r, err := OpenValuesRange(path, n, n+1, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if err := r.Each(func([]uint64) { t.Error("a value past the end") }); err == nil {
		t.Error("a range past the end gave no error")
	}
}

// TestCensusText checks a census's text against lines written by hand.
func TestCensusText(t *testing.T) {
	c := &Census{Name: "octal 0.6", Twist: true, Milestones: []Milestone{{Heaps: 1, LastSparse: -1}, {Heaps: 2, Max: 1, MaxAt: 1, Sparse: 1, LastSparse: 1}}, info: SparseInfo{Mask: 0x12, Twist: true}}
	var b strings.Builder
	c.WriteTo(&b)
	want := "octal 0.6: mask 0x12, twisted by heap parity\n" +
		"       heaps      max     first at     sparse  last sparse\n" +
		"           1        0            0          0           -1\n" +
		"           2        1            1          1            1\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
