package main

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"

	"github.com/nimbers/grundy/internal/cli"
	"github.com/nimbers/grundy/partizan"
	"github.com/nimbers/grundy/plot"
)

// thermoFlags are the pictures of cgt thermo.
var thermoFlags = []cli.Flag{
	{Name: "svg", Arg: "FILE", Kind: cli.File, Help: "draw the thermograph as CGSuite plots it, as SVG, to FILE (- for stdout)"},
	{Name: "png", Arg: "FILE", Kind: cli.File, Help: "draw it as PNG to FILE (- for stdout)"},
}

// drawThermograph writes the pictures of th that --svg and --png ask
// for, titled title, and reports whether they asked for any.
func drawThermograph(e *cli.Env, th *partizan.Thermograph, title string) (bool, error) {
	svg, png := e.Flags.Has("svg"), e.Flags.Has("png")
	if svg && png && e.Flags.Text("svg") == "-" && e.Flags.Text("png") == "-" {
		return true, fmt.Errorf("--svg - and --png - both want stdout")
	}
	if svg {
		if err := writePicture(e, "--svg", e.Flags.Text("svg"), plot.ThermographSVG(th, title)); err != nil {
			return true, err
		}
	}
	if png {
		return true, writePNG(e, e.Flags.Text("png"), plot.Thermograph(th, title))
	}
	return svg, nil
}

// writePNG encodes img as PNG to the file named by path, or to stdout for
// "-". The file is only created once the picture is ready, so a failure
// leaves no partial file behind.
func writePNG(e *cli.Env, path string, img image.Image) error {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return fmt.Errorf("encoding the picture: %v", err)
	}
	return writePicture(e, "--png", path, buf.Bytes())
}

// writePicture writes the bytes of a picture to the file named by path,
// or to stdout for "-"; flag names the flag that gave path.
func writePicture(e *cli.Env, flag, path string, b []byte) error {
	if path == "-" {
		e.Commit().Write(b)
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
