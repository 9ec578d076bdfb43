package plot

import (
	"bytes"
	"context"
	"encoding/xml"
	"image/png"
	"math"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/nimbers/grundy/partizan"
)

// svgMark is a polyline or text of the SVG.
type svgMark struct {
	XMLName xml.Name
	Class   string `xml:"class,attr"`
	Points  string `xml:"points,attr"`
	X       string `xml:"x,attr"`
	Text    string `xml:",chardata"`
}

// readSVG parses the picture and returns its marks by class.
func readSVG(t *testing.T, b []byte) map[string][]svgMark {
	var doc struct {
		Marks []svgMark `xml:",any"`
	}
	if err := xml.Unmarshal(b, &doc); err != nil {
		t.Fatalf("%v:\n%s", err, b)
	}
	out := map[string][]svgMark{}
	for _, m := range doc.Marks {
		out[m.Class] = append(out[m.Class], m)
	}
	return out
}

// points reads a polyline's points.
func points(t *testing.T, s string) [][2]float64 {
	var out [][2]float64
	for _, p := range strings.Fields(s) {
		a, b, _ := strings.Cut(p, ",")
		x, err1 := strconv.ParseFloat(a, 64)
		y, err2 := strconv.ParseFloat(b, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("point %q", p)
		}
		out = append(out, [2]float64{x, y})
	}
	return out
}

// ratio reads a tick's label, such as "-3/2".
func ratio(t *testing.T, s string) float64 {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		t.Fatalf("label %q", s)
	}
	v, _ := r.Float64()
	return v
}

// TestThermographSVG reads the walls off the pictures of thermographs as
// a reader would, through the labels of the axes' ticks, and compares
// them with the thermographs worked out by hand from the definition
// (Siegel, Combinatorial Game Theory, II.5): the Left wall of {a|b} is
// a - t and the Right wall b + t up to where they meet, for numbers a, b;
// {4|{2|0}}'s Right wall is 2 until {2|0} freezes at t = 1, then 1 + t;
// CGSuite draws 1/2 = {0|1} alike, its walls from 1 and 0 at t = -1 to
// 1/2 at t = -1/2; an integer is the bare mast.
func TestThermographSVG(t *testing.T) {
	for _, c := range []struct {
		game        string
		left, right [][2]float64 // (t, x)
		mean        float64
	}{
		{"{2|-1}", [][2]float64{{-1, 3}, {1.5, 0.5}}, [][2]float64{{-1, -2}, {1.5, 0.5}}, 0.5},
		{"{4|{2|0}}", [][2]float64{{-1, 5}, {1.5, 2.5}}, [][2]float64{{-1, 2}, {1, 2}, {1.5, 2.5}}, 2.5},
		{"1/2", [][2]float64{{-1, 1}, {-0.5, 0.5}}, [][2]float64{{-1, 0}, {-0.5, 0.5}}, 0.5},
		{"-3", [][2]float64{{-1, -3}}, [][2]float64{{-1, -3}}, -3},
	} {
		g, err := partizan.NewCalculator(nil).Parse(context.Background(), c.game)
		if err != nil {
			t.Fatal(err)
		}
		marks := readSVG(t, ThermographSVG(thermograph(t, g), c.game))
		// The maps from values to pixels, from the first and last tick.
		fit := func(class string, axis int) func(float64) float64 {
			ts := marks[class]
			if len(ts) < 3 {
				t.Fatalf("%s: %d ticks of class %s", c.game, len(ts), class)
			}
			v0, v1 := ratio(t, ts[0].Text), ratio(t, ts[len(ts)-1].Text)
			var p0, p1 float64
			if axis == 0 {
				p0, _ = strconv.ParseFloat(ts[0].X, 64)
				p1, _ = strconv.ParseFloat(ts[len(ts)-1].X, 64)
			} else {
				// A t tick's label stands 4 pixels below its tick.
				p0, p1 = tickY(t, marks, ts[0]), tickY(t, marks, ts[len(ts)-1])
			}
			if axis == 0 && !(p0 > p1 == (v0 < v1)) {
				t.Errorf("%s: value %v at x=%v, %v at x=%v: the greater must be to the left", c.game, v0, p0, v1, p1)
			}
			return func(p float64) float64 { return v0 + (p-p0)/(p1-p0)*(v1-v0) }
		}
		xOf, tOf := fit("xtick", 0), fit("ttick", 1)
		for _, w := range []struct {
			class string
			want  [][2]float64
		}{{"wall left", c.left}, {"wall right", c.right}} {
			if len(marks[w.class]) != 1 {
				t.Fatalf("%s: %d marks of class %s", c.game, len(marks[w.class]), w.class)
			}
			got := points(t, marks[w.class][0].Points)
			ok := len(got) == len(w.want)
			for i := 0; ok && i < len(got); i++ {
				ok = math.Abs(tOf(got[i][1])-w.want[i][0]) < 0.02 && math.Abs(xOf(got[i][0])-w.want[i][1]) < 0.02
			}
			if !ok {
				var read [][2]float64
				for _, p := range got {
					read = append(read, [2]float64{tOf(p[1]), xOf(p[0])})
				}
				t.Errorf("%s: %s reads %v (t, x); want %v", c.game, w.class, read, w.want)
			}
		}
		mast := points(t, marks["mast"][0].Points)
		if x := xOf(mast[0][0]); math.Abs(x-c.mean) > 0.02 || mast[0][0] != mast[1][0] || mast[1][1] >= mast[0][1] {
			t.Errorf("%s: mast %v at %v; want upward at %v", c.game, mast, x, c.mean)
		}
	}
}

// tickY returns the height of the tick that a t label stands by.
func tickY(t *testing.T, marks map[string][]svgMark, label svgMark) float64 {
	for i, m := range marks["ttick"] {
		if m == label {
			// The ticks of t follow those of x among the marks of
			// class "tick".
			ticks := marks["tick"][len(marks["xtick"]):]
			return points(t, ticks[i].Points)[0][1]
		}
	}
	t.Fatal("no tick")
	return 0
}

// TestThermographPNG decodes the picture and finds Left's wall blue and
// Right's red halfway along them.
func TestThermographPNG(t *testing.T) {
	g, _ := partizan.NewCalculator(nil).Parse(context.Background(), "{2|-1}")
	th := thermograph(t, g)
	var b bytes.Buffer
	if err := png.Encode(&b, Thermograph(th, "{2|-1}")); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&b)
	if err != nil {
		t.Fatal(err)
	}
	if s := img.Bounds().Size(); s.X != thermoWidth || s.Y != thermoHeight {
		t.Fatalf("size %v", s)
	}
	marks := readSVG(t, ThermographSVG(th, "{2|-1}"))
	for class, want := range map[string][3]uint32{"wall left": {37, 99, 235}, "wall right": {220, 38, 38}} {
		p := points(t, marks[class][0].Points)
		x, y := (p[0][0]+p[1][0])/2, (p[0][1]+p[1][1])/2
		r, g, b, _ := img.At(int(x), int(y)).RGBA()
		if [3]uint32{r >> 8, g >> 8, b >> 8} != want {
			t.Errorf("%s at (%.0f, %.0f): colour %v; want %v", class, x, y, [3]uint32{r >> 8, g >> 8, b >> 8}, want)
		}
	}
}

// thermograph returns the thermograph of g.
func thermograph(t *testing.T, g *partizan.Game) *partizan.Thermograph {
	th, err := partizan.NewCalculator(nil).Thermograph(t.Context(), partizan.RationalOf(g))
	if err != nil {
		t.Fatal(err)
	}
	return th
}
