package plot

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"math/big"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"

	"github.com/nimbers/grundy/partizan"
)

// The size in pixels of a thermograph's picture, and its margins.
const (
	thermoWidth  = 520
	thermoHeight = 340
	thermoLeft   = 56 // the temperatures' labels
	thermoRight  = 24
	thermoTop    = 40 // the title and the mast's label
	thermoBottom = 44 // the values' labels and the axis's name
)

// A stroke is one line or label of a picture, in pixels.
type stroke struct {
	class  string // "frame", "axis", "tick", "xtick", "ttick", "wall left", "wall right", "mast", "temp", "label", "title"
	pts    [][2]float64
	text   string
	anchor string // of a label: "start", "middle" or "end"
}

// Colours of the classes of marks: Left's wall blue and Right's red, as
// Blue and Red play Left and Right in Hackenbush.
var thermoInk = map[string]color.RGBA{
	"frame": {190, 190, 200, 255}, "axis": {150, 150, 160, 255}, "tick": ink, "temp": {120, 120, 130, 255},
	"wall left": {37, 99, 235, 255}, "wall right": {220, 38, 38, 255}, "mast": ink,
}

// thermoMarks lays out th under title as CGSuite plots a thermograph: the
// temperature t upward from −1, the values x across with the greater to
// the LEFT (Left's side), the walls from t = −1 up to where they meet,
// the mast up from there at the mean, the axes t = 0 and x = 0, and a
// dashed line at the temperature.
func thermoMarks(th *partizan.Thermograph, title string) []stroke {
	lw, rw := th.LeftWall, th.RightWall
	temp, mean := th.Temperature, th.Mean
	f := func(r *big.Rat) float64 { v, _ := r.Float64(); return v }
	xLo, xHi := math.Min(0, f(mean)), math.Max(0, f(mean))
	for _, b := range append(lw[:len(lw):len(lw)], rw...) {
		xLo, xHi = math.Min(xLo, f(b.X)), math.Max(xHi, f(b.X))
	}
	pad := math.Max(0.5, (xHi-xLo)/10)
	xLo, xHi = xLo-pad, xHi+pad
	tLo, tHi := -1.0, math.Max(f(temp), 0)
	tHi += math.Max(1, (tHi-tLo)/5)
	pw, ph := float64(thermoWidth-thermoLeft-thermoRight), float64(thermoHeight-thermoTop-thermoBottom)
	px := func(x float64) float64 { return thermoLeft + (xHi-x)/(xHi-xLo)*pw }
	py := func(t float64) float64 { return thermoTop + (tHi-t)/(tHi-tLo)*ph }
	pt := func(t, x float64) [2]float64 { return [2]float64{px(x), py(t)} }
	left, right, top, bottom := float64(thermoLeft), float64(thermoWidth-thermoRight), float64(thermoTop), float64(thermoHeight-thermoBottom)
	ms := []stroke{
		{class: "frame", pts: [][2]float64{{left, top}, {right, top}, {right, bottom}, {left, bottom}, {left, top}}},
		{class: "axis", pts: [][2]float64{{left, py(0)}, {right, py(0)}}},
		{class: "axis", pts: [][2]float64{{px(0), top}, {px(0), bottom}}},
	}
	for _, v := range ticks(xLo, xHi) {
		x := f(v)
		ms = append(ms, stroke{class: "tick", pts: [][2]float64{{px(x), bottom}, {px(x), bottom + 4}}},
			stroke{class: "xtick", pts: [][2]float64{{px(x), bottom + 16}}, text: v.RatString(), anchor: "middle"})
	}
	for _, v := range ticks(tLo, tHi) {
		t := f(v)
		ms = append(ms, stroke{class: "tick", pts: [][2]float64{{left - 4, py(t)}, {left, py(t)}}},
			stroke{class: "ttick", pts: [][2]float64{{left - 6, py(t) + 4}}, text: v.RatString(), anchor: "end"})
	}
	ms = append(ms,
		stroke{class: "label", pts: [][2]float64{{(left + right) / 2, bottom + 34}}, text: "value (greater to the left)", anchor: "middle"},
		stroke{class: "label", pts: [][2]float64{{left - 6, top - 6}}, text: "t", anchor: "end"},
		stroke{class: "temp", pts: [][2]float64{{left, py(f(temp))}, {px(f(mean)), py(f(temp))}}},
		stroke{class: "label", pts: [][2]float64{{left + 4, py(f(temp)) - 4}}, text: "temperature " + temp.RatString(), anchor: "start"})
	for _, w := range []struct {
		class string
		bs    []partizan.Breakpoint
	}{{"wall left", lw}, {"wall right", rw}} {
		m := stroke{class: w.class}
		for _, b := range w.bs {
			m.pts = append(m.pts, pt(f(b.T), f(b.X)))
		}
		if last := w.bs[len(w.bs)-1]; last.T.Cmp(temp) < 0 {
			m.pts = append(m.pts, pt(f(temp), f(last.X)))
		}
		ms = append(ms, m)
	}
	ms = append(ms, stroke{class: "mast", pts: [][2]float64{pt(math.Max(f(temp), tLo), f(mean)), pt(tHi, f(mean))}},
		stroke{class: "label", pts: [][2]float64{{px(f(mean)), top - 6}}, text: "mean " + mean.RatString(), anchor: "middle"},
		stroke{class: "title", pts: [][2]float64{{8, 16}}, text: title, anchor: "start"})
	return ms
}

// ticks returns the multiples in [lo, hi] of a power of 2 that gives 3 to
// 10 of them (at least 1/64 apart).
func ticks(lo, hi float64) []*big.Rat {
	step := big.NewRat(1, 1)
	for span := hi - lo; ; {
		s, _ := step.Float64()
		if span/s > 10 {
			step.Mul(step, big.NewRat(2, 1))
		} else if span/s < 3 && s > 1.0/64 {
			step.Quo(step, big.NewRat(2, 1))
		} else {
			break
		}
	}
	s, _ := step.Float64()
	var out []*big.Rat
	for k := math.Ceil(lo / s); k*s <= hi; k++ {
		out = append(out, new(big.Rat).Mul(step, new(big.Rat).SetFloat64(k)))
	}
	return out
}

// ThermographSVG returns the thermograph th drawn as an SVG picture of
// 520 × 340 pixels under the line title, laid out as CGSuite
// plots it: the temperature t upward from −1, the values across with the
// greater to the LEFT, Left's wall (blue) and Right's (red) up to where
// they meet, the mast at the mean above, the axes t = 0 and x = 0 with
// their ticks, and a dashed line at the temperature. The walls are
// polylines of class "wall left" and "wall right", the ticks' labels
// texts of class "xtick" and "ttick".
func ThermographSVG(th *partizan.Thermograph, title string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n",
		thermoWidth, thermoHeight, thermoWidth, thermoHeight)
	b.WriteString(`<rect width="100%" height="100%" fill="white"/>` + "\n")
	for _, m := range thermoMarks(th, title) {
		if m.text != "" || m.class == "title" {
			fmt.Fprintf(&b, `<text class="%s" x="%.2f" y="%.2f" text-anchor="%s" fill="#1d1b2f">`, m.class, m.pts[0][0], m.pts[0][1], m.anchor)
			xml.EscapeText(&b, []byte(m.text))
			b.WriteString("</text>\n")
			continue
		}
		c := thermoInk[m.class]
		width, dash := 1.0, ""
		switch m.class {
		case "wall left", "wall right", "mast":
			width = 2.5
		case "temp":
			dash = ` stroke-dasharray="5 4"`
		}
		fmt.Fprintf(&b, `<polyline class="%s" fill="none" stroke="#%02x%02x%02x" stroke-width="%g" stroke-linejoin="round"%s points="`, m.class, c.R, c.G, c.B, width, dash)
		for i, p := range m.pts {
			if i > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(&b, "%.2f,%.2f", p[0], p[1])
		}
		b.WriteString(`"/>` + "\n")
	}
	b.WriteString("</svg>\n")
	return b.Bytes()
}

// Thermograph returns the picture of ThermographSVG as an image, to be
// encoded with image/png.
func Thermograph(th *partizan.Thermograph, title string) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, thermoWidth, thermoHeight))
	draw.Draw(img, img.Bounds(), image.NewUniform(paper), image.Point{}, draw.Src)
	for _, m := range thermoMarks(th, title) {
		if m.text != "" || m.class == "title" {
			d := font.Drawer{Dst: img, Src: image.NewUniform(ink), Face: basicfont.Face7x13}
			w := float64(d.MeasureString(m.text).Round())
			x := m.pts[0][0]
			switch m.anchor {
			case "middle":
				x -= w / 2
			case "end":
				x -= w
			}
			d.Dot = fixed.P(int(math.Round(x)), int(math.Round(m.pts[0][1])))
			d.DrawString(m.text)
			continue
		}
		width, dash := 1.0, 0.0
		switch m.class {
		case "wall left", "wall right", "mast":
			width = 2.5
		case "temp":
			dash = 5
		}
		if len(m.pts) == 1 {
			line(img, m.pts[0], m.pts[0], width, 0, thermoInk[m.class])
		}
		for i := 1; i < len(m.pts); i++ {
			line(img, m.pts[i-1], m.pts[i], width, dash, thermoInk[m.class])
		}
	}
	return img
}

// line draws the segment from p to q, width pixels wide, in dashes of
// dash pixels (0: solid).
func line(img *image.RGBA, p, q [2]float64, width, dash float64, c color.RGBA) {
	dx, dy := q[0]-p[0], q[1]-p[1]
	n := int(math.Ceil(math.Max(math.Abs(dx), math.Abs(dy)) * 2))
	r := width / 2
	for i := 0; i <= n; i++ {
		u := 0.0
		if n > 0 {
			u = float64(i) / float64(n)
		}
		if dash > 0 && int(u*math.Hypot(dx, dy)/dash)%2 == 1 {
			continue
		}
		x, y := p[0]+u*dx, p[1]+u*dy
		for yy := int(math.Floor(y - r + 0.5)); yy < int(math.Floor(y+r+0.5)); yy++ {
			for xx := int(math.Floor(x - r + 0.5)); xx < int(math.Floor(x+r+0.5)); xx++ {
				if image.Pt(xx, yy).In(img.Rect) {
					img.SetRGBA(xx, yy, c)
				}
			}
		}
	}
}
