package main

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"

	"github.com/nimbers/grundy/partizan"
	"github.com/nimbers/grundy/plot"
)

// thermoFlags are the pictures of cgt thermo.
var thermoFlags = []flag{
	{name: "svg", arg: "FILE", kind: fileFlag, help: "draw the thermograph as CGSuite plots it, as SVG, to FILE (- for stdout)"},
	{name: "png", arg: "FILE", kind: fileFlag, help: "draw it as PNG to FILE (- for stdout)"},
}

// drawThermograph writes the pictures of th that --svg and --png ask
// for, titled title, and reports whether they asked for any.
func drawThermograph(e *env, th *partizan.Thermograph, title string) (bool, error) {
	svg, png := e.flags.has("svg"), e.flags.has("png")
	if svg && png && e.flags.text("svg") == "-" && e.flags.text("png") == "-" {
		return true, fmt.Errorf("--svg - and --png - both want stdout")
	}
	if svg {
		if err := writePicture(e, "--svg", e.flags.text("svg"), plot.ThermographSVG(th, title)); err != nil {
			return true, err
		}
	}
	if png {
		return true, writePNG(e, e.flags.text("png"), plot.Thermograph(th, title))
	}
	return svg, nil
}

// writePNG encodes img as PNG to the file named by path, or to stdout for
// "-". The file is only created once the picture is ready, so a failure
// leaves no partial file behind.
func writePNG(e *env, path string, img image.Image) error {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return fmt.Errorf("encoding the picture: %v", err)
	}
	return writePicture(e, "--png", path, buf.Bytes())
}

// writePicture writes the bytes of a picture to the file named by path,
// or to stdout for "-"; flag names the flag that gave path.
func writePicture(e *env, flag, path string, b []byte) error {
	if path == "-" {
		e.commit().Write(b)
		return nil
	}
	if path == "" {
		return fmt.Errorf("%s needs a file name (or - for stdout)", flag)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return fmt.Errorf("writing the picture: %v", err)
	}
	return nil
}
