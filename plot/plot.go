// Package plot draws the pictures of the field: the nim-product table as
// a heat map, a Grundy sequence as a bar chart with its period marked,
// and a thermograph as CGSuite plots it (also as SVG). The images are
// plain image.RGBA values, to be encoded with image/png by the caller
// (the grundy command and the playground both do).
package plot

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"

	"github.com/nimbers/grundy/games/heap"
	"github.com/nimbers/grundy/nimber"
)

// maxTableSide bounds the side of ProductTable (16 million pixels).
const maxTableSide = 4096

// fieldSize returns the order of the least nim-field GF(2^(2^m)) holding
// 0..n-1, the range in which the products of those numbers lie (2 for
// n ≤ 2, then 4, 16, 256, 65536, 2^32; 0 stands for 2^64).
func fieldSize(n int) uint64 {
	f := uint64(2)
	for f < uint64(n) {
		if f == 1<<32 {
			return 0
		}
		f *= f
	}
	return f
}

// ProductTable returns the n × n nim-product table as a heat map: pixel
// (x, y) is coloured from deep blue (0) through purple, red and orange
// to yellow (F-1) by v = x ⊗ y, where F is
// the order of the least nim-field GF(2^(2^m)) holding 0..n-1 (2, 4, 16,
// 256, 65536, …), so the colours span that field and its subfields show
// as squares. n is 1 to 4096.
func ProductTable(n int) (*image.RGBA, error) {
	if n < 1 || n > maxTableSide {
		return nil, fmt.Errorf("table side %d: want 1 to %d", n, maxTableSide)
	}
	top := float64(fieldSize(n) - 1)
	img := image.NewRGBA(image.Rect(0, 0, n, n))
	row := make([]nimber.Nimber, n)
	xs := make([]nimber.Nimber, n)
	for x := range xs {
		xs[x] = nimber.Nimber(x)
	}
	for y := range n {
		nimber.MulConstSlice(row, nimber.Nimber(y), xs)
		pix := img.Pix[y*img.Stride:]
		for x, v := range row {
			c := ramp(float64(v) / top)
			copy(pix[4*x:], []uint8{c.R, c.G, c.B, 255})
		}
	}
	return img, nil
}

// rampStops are the colours ramp passes through, evenly spaced: deep
// blue, purple, red, orange, yellow (a perceptual "plasma" ramp).
var rampStops = [...][3]float64{{13, 8, 135}, {84, 2, 163}, {139, 10, 165}, {185, 50, 137}, {219, 92, 104}, {244, 136, 73}, {254, 188, 43}, {240, 249, 33}}

// ramp maps t in [0, 1] to a colour from deep blue (0) to yellow (1),
// interpolating linearly between evenly spaced stops. t outside [0, 1]
// is clamped.
func ramp(t float64) color.RGBA {
	t = min(max(t, 0), 1)
	f := t * float64(len(rampStops)-1)
	i := min(int(f), len(rampStops)-2)
	u := f - float64(i)
	var c [3]uint8
	for k := range 3 {
		c[k] = uint8(rampStops[i][k]*(1-u) + rampStops[i+1][k]*u + 0.5)
	}
	return color.RGBA{c[0], c[1], c[2], 255}
}

// The sequence chart's geometry and colours.
const (
	chartWidth  = 1000 // pixels of plotting area across
	chartHeight = 240  // pixels of plotting area up
	chartTop    = 22   // the title band
	chartLeft   = 8
	chartBottom = 8
)

var (
	ink       = color.RGBA{29, 27, 47, 255}
	paper     = color.RGBA{255, 255, 255, 255}
	periodBox = color.RGBA{228, 220, 250, 255}
	mark      = color.RGBA{91, 43, 214, 255}
)

// Sequence draws the values of the game called name as a bar chart, 1016
// × 270 pixels, under a title line: the name, the number of terms and the
// period p, if any. Each value gets a column of equal width when there are
// at most 1000 of them;
// longer sequences are binned, each pixel column showing the largest
// value of its bin. The heights are scaled so the largest value fills
// the chart. With a period p, the first period after the preperiod is
// shaded and the start of the periodic part is marked by a line.
func Sequence(name string, values []uint64, p *heap.Period) *image.RGBA {
	title := sequenceTitle(name, len(values), p)
	img := image.NewRGBA(image.Rect(0, 0, chartLeft*2+chartWidth, chartTop+chartHeight+chartBottom))
	draw.Draw(img, img.Bounds(), image.NewUniform(paper), image.Point{}, draw.Src)
	n := len(values)
	if n == 0 {
		label(img, title)
		return img
	}
	// Column c covers values [c*n/cols, (c+1)*n/cols) and pixels
	// [left(c), left(c+1)).
	cols := min(n, chartWidth)
	left := func(c int) int { return chartLeft + c*chartWidth/cols }
	x0 := func(i int) int { return left(i * cols / n) } // value i's column
	if p != nil && p.Period > 0 && p.Preperiod < n {
		l, r := x0(p.Preperiod), left(cols)
		if p.Preperiod+p.Period < n {
			r = x0(p.Preperiod + p.Period)
		}
		fill(img, image.Rect(l, chartTop, max(r, l+1), chartTop+chartHeight), periodBox)
	}
	top := uint64(1)
	for _, v := range values {
		top = max(top, v)
	}
	for c := range cols {
		lo, hi := c*n/cols, (c+1)*n/cols
		m := values[lo]
		for _, v := range values[lo:hi] {
			m = max(m, v)
		}
		h := int((float64(m)/float64(top))*float64(chartHeight) + 0.5)
		if m > 0 {
			h = max(h, 1)
		}
		x, w := left(c), left(c+1)-left(c)
		if w >= 3 {
			w-- // a gap between wide bars
		}
		fill(img, image.Rect(x, chartTop+chartHeight-h, x+w, chartTop+chartHeight), ink)
	}
	if p != nil && p.Period > 0 && p.Preperiod < n {
		l := x0(p.Preperiod)
		fill(img, image.Rect(l, chartTop, l+1, chartTop+chartHeight), mark)
	}
	label(img, title)
	return img
}

func fill(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	draw.Draw(img, r, image.NewUniform(c), image.Point{}, draw.Src)
}

// label writes s in the title band.
func label(img *image.RGBA, s string) {
	d := font.Drawer{Dst: img, Src: image.NewUniform(ink), Face: basicfont.Face7x13, Dot: fixed.P(chartLeft, 15)}
	d.DrawString(s)
}

// sequenceTitle is Sequence's title line: the game's name, the number of
// terms and the period found, if any.
func sequenceTitle(name string, n int, p *heap.Period) string {
	s := fmt.Sprintf("%s, %d terms", name, n)
	if p == nil {
		return s + ", no period found"
	}
	s += fmt.Sprintf(": period %d from %d", p.Period, p.Preperiod)
	if p.Saltus != 0 {
		s += fmt.Sprintf(", saltus %d", p.Saltus)
	}
	if p.Proven {
		return s + " (proven)"
	}
	return s + " (observed)"
}
