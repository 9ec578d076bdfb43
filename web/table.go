package web

import (
	"bytes"
	"fmt"
	"image/png"
	"io"
	"net/http"
	"strconv"

	"github.com/nimbers/grundy/plot"
)

// TablePNG writes the 2^bits × 2^bits nim-product table as a PNG heat
// map (plot.ProductTable): pixel (x, y) is coloured by x ⊗ y, dark for
// small values and bright for large, relative to the least nim-field
// holding the table. bits is at most MaxTableBit.
func TablePNG(w io.Writer, bits int) error {
	if bits < 0 || bits > MaxTableBit {
		return fmt.Errorf("web: table of 2^%d: want 0 to %d bits", bits, MaxTableBit)
	}
	img, err := plot.ProductTable(1 << bits)
	if err != nil {
		return err
	}
	return png.Encode(w, img)
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
