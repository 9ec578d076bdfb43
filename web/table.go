package web

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"strconv"

	"grundy/nimber"
)

// TablePNG writes the 2^bits × 2^bits nim-product table as a PNG heat
// map: pixel (x, y) is coloured by x ⊗ y, dark for small values and
// bright for large (relative to the least nim-field holding the table),
// through a perceptual ramp. bits is at most
// MaxTableBit.
func TablePNG(w io.Writer, bits int) error {
	if bits < 0 || bits > MaxTableBit {
		return fmt.Errorf("web: table of 2^%d: want 0 to %d bits", bits, MaxTableBit)
	}
	n := 1 << bits
	// Products of numbers below 2^bits lie in the least field GF(2^(2^m))
	// holding them: scale the colours to it.
	field := 2
	for field < n {
		field *= field
	}
	img := image.NewRGBA(image.Rect(0, 0, n, n))
	for y := range n {
		for x := range n {
			v := nimber.Nimber(x).Mul(nimber.Nimber(y))
			img.Set(x, y, ramp(float64(v)/float64(field-1)))
		}
	}
	return png.Encode(w, img)
}

// ramp maps t in [0, 1] to a colour from deep blue through teal to
// yellow.
func ramp(t float64) color.RGBA {
	stops := [...][3]float64{{13, 8, 135}, {84, 2, 163}, {139, 10, 165}, {185, 50, 137}, {219, 92, 104}, {244, 136, 73}, {254, 188, 43}, {240, 249, 33}}
	f := t * float64(len(stops)-1)
	i := min(int(f), len(stops)-2)
	u := f - float64(i)
	var c [3]uint8
	for k := range 3 {
		c[k] = uint8(stops[i][k]*(1-u) + stops[i+1][k]*u)
	}
	return color.RGBA{c[0], c[1], c[2], 255}
}

func tablePNG(w http.ResponseWriter, r *http.Request) {
	bits, err := strconv.Atoi(r.URL.Query().Get("bits"))
	if err != nil || bits < 0 || bits > MaxTableBit {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": fmt.Sprintf("bits: want an integer from 0 to %d", MaxTableBit)})
		return
	}
	var buf bytes.Buffer
	if err := TablePNG(&buf, bits); err != nil {
		writeJSON(w, http.StatusInternalServerError, map[string]string{"error": err.Error()})
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "max-age=86400")
	w.Write(buf.Bytes())
}
