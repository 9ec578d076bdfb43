package web

import (
	"bytes"
	"fmt"
	"image/png"
	"net/http"
	"strconv"

	"github.com/nimbers/grundy/plot"
)

// tablePNG answers GET /api/table.png?bits=k: the 2^k × 2^k nim-product
// table as a PNG heat map (plot.ProductTable), k at most maxTableBit.
func tablePNG(w http.ResponseWriter, r *http.Request) {
	bits, err := strconv.Atoi(r.URL.Query().Get("bits"))
	if err != nil || bits < 0 || bits > maxTableBit {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": fmt.Sprintf("bits: want an integer from 0 to %d", maxTableBit)})
		return
	}
	var buf bytes.Buffer
	img, err := plot.ProductTable(1 << bits)
	if err == nil {
		err = png.Encode(&buf, img)
	}
	if err != nil {
		writeJSON(w, http.StatusInternalServerError, map[string]string{"error": err.Error()})
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "max-age=86400")
	w.Write(buf.Bytes())
}
