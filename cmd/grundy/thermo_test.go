package main

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestThermoPictures draws {2|-1}'s thermograph through the command
// line: SVG to stdout with its two walls and mast, PNG to a file of the
// picture's size; both to stdout at once is refused.
func TestThermoPictures(t *testing.T) {
	out, errs, code := runCLI("", "cgt", "thermo", "{2|-1}", "--svg", "-")
	var doc struct {
		Lines []struct {
			Class string `xml:"class,attr"`
		} `xml:"polyline"`
	}
	if code != 0 || errs != "" || xml.Unmarshal([]byte(out), &doc) != nil {
		t.Fatalf("--svg -: exit %d, stderr %q, stdout %.200q", code, errs, out)
	}
	classes := ""
	for _, l := range doc.Lines {
		if strings.HasPrefix(l.Class, "wall") || l.Class == "mast" {
			classes += l.Class + ";"
		}
	}
	if classes != "wall left;wall right;mast;" {
		t.Errorf("--svg -: the walls and mast are %q", classes)
	}
	file := filepath.Join(t.TempDir(), "th.png")
	if _, errs, code := runCLI("", "cgt", "thermo", "{2|-1}", "--png", file); code != 0 {
		t.Fatalf("--png: exit %d: %s", code, errs)
	}
	b, _ := os.ReadFile(file)
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil || img.Bounds().Dx() != 520 || img.Bounds().Dy() != 340 {
		t.Errorf("--png: %v, %v", err, img)
	}
	if _, errs, code := runCLI("", "cgt", "thermo", "1", "--svg", "-", "--png", "-"); code != 2 || !strings.Contains(errs, "stdout") {
		t.Errorf("--svg - --png -: exit %d, %q", code, errs)
	}
}
