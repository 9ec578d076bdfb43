package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nimbers/grundy/games/heap"
	"github.com/nimbers/grundy/nimber"
	"github.com/nimbers/grundy/plot"
)

func TestTablePNG(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.png")
	out, errs, code := runCLI("", "nim", "table", "20", "--png", path)
	if code != 0 || out != "" || errs != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil || img.Bounds().Dx() != 20 || img.Bounds().Dy() != 20 {
		t.Fatalf("%v %v", err, img.Bounds())
	}
	// Every pixel is the library's heat map's (plot's tests check its
	// colours against the products).
	want, err := plot.ProductTable(20)
	if err != nil {
		t.Fatal(err)
	}
	for y := range 20 {
		for x := range 20 {
			r, g, b, _ := img.At(x, y).RGBA()
			c := want.RGBAAt(x, y)
			if uint8(r>>8) != c.R || uint8(g>>8) != c.G || uint8(b>>8) != c.B {
				t.Fatalf("pixel (%d, %d) is not the colour of %v", x, y, nimber.Nimber(x).Mul(nimber.Nimber(y)))
			}
		}
	}
	// To stdout with -.
	out, _, code = runCLI("", "nim", "table", "4", "--png", "-")
	if code != 0 || !strings.HasPrefix(out, "\x89PNG") {
		t.Fatalf("exit %d, stdout %q", code, out[:min(len(out), 8)])
	}
}

func TestSequencePNG(t *testing.T) {
	out, errs, code := runCLI("", "octal", "0.77", "-n", "300", "--png", "-")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	img, err := png.Decode(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	// The same chart as the library draws for Kayles.
	g, _ := heap.ParseCode("0.77")
	v, _ := g.Values(t.Context(), 300, nil)
	p, _ := g.Period(v)
	want := plot.Sequence(g.Name(), v, &p)
	if img.Bounds() != want.Bounds() {
		t.Fatalf("bounds %v, want %v", img.Bounds(), want.Bounds())
	}
	for y := range want.Bounds().Dy() {
		for x := range want.Bounds().Dx() {
			r, g, b, _ := img.At(x, y).RGBA()
			c := want.RGBAAt(x, y)
			if uint8(r>>8) != c.R || uint8(g>>8) != c.G || uint8(b>>8) != c.B {
				t.Fatalf("pixel (%d, %d) differs", x, y)
			}
		}
	}
	path := filepath.Join(t.TempDir(), "s.png")
	if _, errs, code := runCLI("", "subtraction", "1,3,4", "-n", "50", "--png", path); code != 0 {
		t.Fatalf("subtraction: exit %d, %s", code, errs)
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() < 100 {
		t.Fatalf("%v %v", fi, err)
	}
}

func TestPNGErrors(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"nim", "table", "0", "--png", filepath.Join(dir, "a.png")},
		{"nim", "table", "4097", "--png", filepath.Join(dir, "a.png")},
		{"nim", "table", "4", "--png"},
		{"nim", "table", "4", "--png", ""},
		{"nim", "table", "4", "--png", filepath.Join(dir, "no", "such", "dir.png")},
		{"octal", "0.77", "-n", "10", "--png", filepath.Join(dir, "no", "x.png")},
		{"octal", "0.77", "-n", "10", "--png", "-", "--period"},
		{"octal", "0.x", "-n", "10", "--png", filepath.Join(dir, "a.png")},
	} {
		out, errs, code := runCLI("", args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "a.png")); err == nil {
		t.Error("a failed command left a picture")
	}
}
