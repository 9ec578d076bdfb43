package plot

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"testing"

	"github.com/nimbers/grundy/games/heap"
)

// mexProducts is the nim-product table of 0..n-1 from Conway's definition
// a ⊗ b = mex{a' ⊗ b ⊕ a ⊗ b' ⊕ a' ⊗ b' : a' < a, b' < b}.
func mexProducts(n int) [][]uint64 {
	t := make([][]uint64, n)
	for a := range n {
		t[a] = make([]uint64, n)
		for b := range n {
			seen := map[uint64]bool{}
			for x := range a {
				for y := range b {
					seen[t[x][b]^t[a][y]^t[x][y]] = true
				}
			}
			m := uint64(0)
			for seen[m] {
				m++
			}
			t[a][b] = m
		}
	}
	return t
}

func TestFieldSize(t *testing.T) {
	for _, c := range []struct {
		n    int
		want uint64
	}{{1, 2}, {2, 2}, {3, 4}, {4, 4}, {5, 16}, {16, 16}, {17, 256}, {256, 256}, {257, 65536}, {1 << 16, 1 << 16}, {1<<16 + 1, 1 << 32}} {
		if got := fieldSize(c.n); got != c.want {
			t.Errorf("fieldSize(%d) = %d, want %d", c.n, got, c.want)
		}
	}
}

func TestRamp(t *testing.T) {
	first, last := rampStops[0], rampStops[len(rampStops)-1]
	if c := ramp(0); c != (color.RGBA{uint8(first[0]), uint8(first[1]), uint8(first[2]), 255}) {
		t.Errorf("ramp(0) = %v", c)
	}
	if c := ramp(1); c != (color.RGBA{uint8(last[0]), uint8(last[1]), uint8(last[2]), 255}) {
		t.Errorf("ramp(1) = %v", c)
	}
	if ramp(-3) != ramp(0) || ramp(7) != ramp(1) {
		t.Error("ramp does not clamp")
	}
}

// TestProductTable decodes the 16 × 16 and 4 × 4 pictures back into
// products, through the colours of the field's values, and compares them
// with the mex definition.
func TestProductTable(t *testing.T) {
	ref := mexProducts(16)
	for _, n := range []int{4, 5, 16} {
		img, err := ProductTable(n)
		if err != nil {
			t.Fatal(err)
		}
		f := int(fieldSize(n))
		value := map[color.RGBA]int{}
		for v := range f {
			c := ramp(float64(v) / float64(f-1))
			if w, dup := value[c]; dup {
				t.Fatalf("n=%d: values %d and %d share a colour", n, w, v)
			}
			value[c] = v
		}
		for y := range n {
			for x := range n {
				got, ok := value[img.RGBAAt(x, y)]
				if !ok || uint64(got) != ref[x][y] {
					t.Fatalf("n=%d: pixel (%d, %d) reads %d (%v), want %d", n, x, y, got, ok, ref[x][y])
				}
			}
		}
	}
	for _, n := range []int{0, -1, maxTableSide + 1} {
		if _, err := ProductTable(n); err == nil {
			t.Errorf("ProductTable(%d) succeeded", n)
		}
	}
}

// barHeight is the height of the ink bar standing at pixel column x.
func barHeight(img *image.RGBA, x int) int {
	h := 0
	for y := chartTop + chartHeight - 1; y >= chartTop && img.RGBAAt(x, y) == ink; y-- {
		h++
	}
	return h
}

func TestSequenceBars(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{1, 7, 100, 999, 1000, 1001, 4321} {
		v := make([]uint64, n)
		for i := range v {
			v[i] = r.Uint64N(50)
		}
		v[r.IntN(n)] = 60 // the top
		img := Sequence("t", v, nil)
		cols := min(n, chartWidth)
		for c := range cols {
			m := uint64(0)
			for _, x := range v[c*n/cols : (c+1)*n/cols] {
				m = max(m, x)
			}
			want := int(float64(m)/60*chartHeight + 0.5)
			if m > 0 {
				want = max(want, 1)
			}
			if got := barHeight(img, chartLeft+c*chartWidth/cols); got != want {
				t.Fatalf("n=%d column %d: bar of %d pixels, want %d (value %d)", n, c, got, want, m)
			}
		}
	}
}

func TestSequencePeriod(t *testing.T) {
	g, err := heap.ParseCode("0.77")
	if err != nil {
		t.Fatal(err)
	}
	v, err := g.Values(t.Context(), 200, nil)
	if err != nil {
		t.Fatal(err)
	}
	p, ok := g.Period(v)
	if !ok || p.Period != 12 || p.Preperiod != 71 {
		t.Fatalf("Kayles period %+v %v", p, ok)
	}
	img := Sequence(g.Name(), v, &p)
	// 5 pixels a value, the last the gap between bars.
	at := func(i int) color.RGBA { return img.RGBAAt(chartLeft+i*5+4, chartTop) }
	if c := at(70); c != paper {
		t.Errorf("value 70, before the period: %v", c)
	}
	for i := 71; i < 83; i++ {
		if c := at(i); c != periodBox {
			t.Errorf("value %d, in the first period: %v", i, c)
		}
	}
	if c := at(83); c != paper {
		t.Errorf("value 83, after the first period: %v", c)
	}
	if c := img.RGBAAt(chartLeft+71*5, chartTop+1); c != mark {
		t.Errorf("no mark at the preperiod: %v", c)
	}
	inked := 0
	for y := range chartTop {
		for x := range img.Bounds().Dx() {
			if img.RGBAAt(x, y) == ink {
				inked++
			}
		}
	}
	if inked < 100 {
		t.Errorf("title band has %d inked pixels", inked)
	}
	if got := sequenceTitle(g.Name(), 200, &p); got != "0.77, 200 terms: period 12 from 71 (proven)" {
		t.Errorf("title %q", got)
	}
	if got := sequenceTitle("x", 5, nil); got != "x, 5 terms, no period found" {
		t.Errorf("title %q", got)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(&buf); err != nil {
		t.Fatal(err)
	}
	if img := Sequence("empty", nil, nil); img.Bounds().Dx() != chartLeft*2+chartWidth {
		t.Error("empty chart has the wrong size")
	}
}
